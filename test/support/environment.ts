// Which database and Redis this test run uses. `npm test` runs the suite twice: on SQLite without
// Redis, then on PostgreSQL with Redis (scripts/test.ts sets these variables).
import { randomBytes } from 'node:crypto';
import type { DatabaseProvider } from '../../src/core/db/database-url';
import { DEFAULT_POSTGRES_SERVER_URL } from '../../src/core/db/scratch-database';

export const TEST_DATABASE: DatabaseProvider = process.env.TEST_DATABASE === 'postgresql' ? 'postgresql' : 'sqlite';
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL || DEFAULT_POSTGRES_SERVER_URL;
/** The Redis of this pass: app instances share rate limits and invalidations through it when set. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
/** A Redis for tests that need one whatever the pass (shared limits across instances). */
export const REDIS_FOR_TESTS = process.env.TEST_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** REDIS_PREFIX of this test file's apps: they share limits and invalidations with each other, never with another run on the same Redis. */
export const TEST_REDIS_PREFIX = `openbuy-test-${randomBytes(6).toString('hex')}:`;
