import { inject } from 'vitest';
import { migrationsDir } from '../../prisma/schema';
import { seedDatabase } from '../../prisma/seed';
import { type Database, type DatabaseOptions, openDatabase } from '../../src/core/db/client';
import type { DatabaseTarget } from '../../src/core/db/database-url';
import { deployMigrations } from '../../src/core/db/migrations';
import { createScratchDatabase, type ScratchDatabase } from '../../src/core/db/scratch-database';
import { TEST_DATABASE, TEST_POSTGRES_URL } from './environment';

/** Fixed seed credentials, as a scripted set-up would pass them through SEED_* variables. */
export const SEED = {
  adminPassword: 'admin-password-0123',
  partnerClientId: 'test-partner',
  partnerClientSecret: 'test-partner-secret-0123456789',
  // Tests state exactly what exists; the demo data has tests of its own.
  demoData: false,
} as const;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated and seeded database (support/database-template.ts), closed, to copy. */
    testDatabaseTemplate: DatabaseTarget | null;
  }
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and drops the database. */
  drop(): Promise<void>;
}

/** A database name made of a test's label. */
const scratchName = (label: string) => label.replace(/\W/g, '_').toLowerCase();

/** A new scratch database of this run's provider, migrated and seeded (as `npm start` leaves a new one). */
export async function createMigratedAndSeeded(label: string): Promise<ScratchDatabase> {
  const scratch = await createScratchDatabase(TEST_DATABASE, scratchName(label), TEST_POSTGRES_URL);
  await deployMigrations(scratch.target, { dir: migrationsDir(scratch.target.provider) });
  const database = await openDatabase(scratch.target);
  try {
    await seedDatabase(database, SEED);
  } finally {
    await database.close();
  }
  return scratch;
}

/** The template of this run when the global setup made one for this provider (vitest.config.ts), else null. */
function runTemplate(): DatabaseTarget | null {
  let template: DatabaseTarget | null | undefined;
  try {
    template = inject('testDatabaseTemplate');
  } catch {
    template = undefined; // not under a vitest runner that provides it
  }
  return template && template.provider === TEST_DATABASE ? template : null;
}

/**
 * A new database of this run's provider, migrated and seeded; each test file makes its own. It is a
 * copy of the run's template (migrated and seeded once by the global setup) when there is one: the
 * same migrations and seed, without replaying them through the schema engine for every file.
 */
export async function createTestDatabase(label: string, options: DatabaseOptions = {}): Promise<TestDatabase> {
  const template = runTemplate();
  const scratch = template ? await createScratchDatabase(TEST_DATABASE, scratchName(label), TEST_POSTGRES_URL, template) : await createMigratedAndSeeded(label);
  const database = await openDatabase(scratch.target, options);
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
