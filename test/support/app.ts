// Builds the real app over a test database for black-box tests through Fastify's inject, and makes
// the calls partners make to it.
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config';
import { type Clock, ManualClock } from '../../src/core/clock';
import type { Core } from '../../src/core/core';
import type { Database, DatabaseOptions, Db } from '../../src/core/db/client';
import { RequestContext } from '../../src/core/request-context';
import { SYSTEM_TENANT_ID } from '../../src/core/tenant/tenant-directory';
import type { PartnerRoutes } from '../../src/openapi/partner-routes';
import { buildApp } from '../../src/server';
import { checkAnswersAgainstContract } from './contract';
import { createTestDatabase, SEED, type TestDatabase } from './database';
import { TEST_REDIS_PREFIX, TEST_REDIS_URL } from './environment';

export interface TestApp {
  app: FastifyInstance;
  core: Core;
  close(): Promise<void>;
}

export interface TestAppOptions {
  database: Database;
  clock?: Clock;
  /** Defaults to this pass's Redis (none on the SQLite pass). */
  redisUrl?: string;
  openApiRoutes?: readonly PartnerRoutes[];
  env?: Record<string, string>;
  logger?: FastifyServerOptions['logger'];
}

export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const redisUrl = options.redisUrl ?? TEST_REDIS_URL;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // No webhook worker unless a test asks for one: its polling would add statements to every test.
    WEBHOOK_POLL_INTERVAL_MS: '0',
    DATABASE_URL: options.database.target.url,
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: TEST_REDIS_PREFIX } : {}),
    ...options.env,
  });
  const { app, core } = await buildApp({
    config,
    database: options.database,
    clock: options.clock ?? new ManualClock(),
    openApiRoutes: options.openApiRoutes,
    logger: options.logger,
  });
  const contract = checkAnswersAgainstContract(app);
  await app.ready();
  await contract.start();
  return { app, core, close: () => app.close() };
}

/** When a test file's clock starts unless it says otherwise: 2026-11-21 10:00 UTC. */
export const TEST_START = Date.UTC(2026, 10, 21, 10, 0, 0);

/** A warehouse staff member's context, in the system tenant unless told. */
export function staffContext(clock: Clock, tenantId: number = SYSTEM_TENANT_ID): RequestContext {
  return new RequestContext('test-staff', tenantId, { kind: 'admin', userId: 1 }, '127.0.0.1', clock);
}

export interface TestDatabaseHandle {
  readonly database: Database;
  readonly db: Db;
}

/**
 * The scratch database of a test file (migrated and seeded): created before its tests, dropped after
 * them. `prepare` writes what must exist before anything else starts on it.
 */
export function useTestDatabase(label: string, options: { prepare?: (database: Database) => Promise<void>; databaseOptions?: DatabaseOptions } = {}): TestDatabaseHandle {
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase(label, options.databaseOptions);
    await options.prepare?.(testDb.database);
  });
  afterAll(async () => {
    await testDb?.drop();
  });
  const database = () => {
    if (!testDb) throw new Error(`the test database ${label} is used before its beforeAll ran`);
    return testDb.database;
  };
  return {
    get database() {
      return database();
    },
    get db() {
      return database().db;
    },
  };
}

export interface UseTestAppOptions extends Omit<TestAppOptions, 'database' | 'clock' | 'env'> {
  /** Starts at TEST_START unless given. */
  clock?: ManualClock;
  /** Settings of the app; a function when they are known only once earlier hooks ran. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Runs on the new database before the app starts. */
  prepare?: (database: Database) => Promise<void>;
  /** How the database is opened (e.g. a statement observer). */
  databaseOptions?: DatabaseOptions;
}

export interface TestAppHandle extends TestDatabaseHandle {
  readonly app: FastifyInstance;
  readonly core: Core;
  readonly clock: ManualClock;
  /** A staff context (system tenant unless told) at this app's clock. */
  staff(tenantId?: number): RequestContext;
}

/**
 * The app of a test file over its own scratch database: started before its tests (after the hooks
 * the file registered earlier), closed and dropped after them. `app`, `core` and the database are
 * there from the file's next hook on; `clock` and `staff` at once.
 */
export function useTestApp(label: string, options: UseTestAppOptions = {}): TestAppHandle {
  const { clock = new ManualClock(TEST_START), env, prepare, databaseOptions, ...appOptions } = options;
  const testDb = useTestDatabase(label, { prepare, databaseOptions });
  let test: TestApp | undefined;
  beforeAll(async () => {
    test = await createTestApp({ ...appOptions, database: testDb.database, clock, env: typeof env === 'function' ? env() : env });
  });
  // Registered after the database's: vitest runs after-hooks in reverse, so the app closes first.
  afterAll(async () => {
    await test?.close();
  });
  const started = () => {
    if (!test) throw new Error(`the test app ${label} is used before its beforeAll ran`);
    return test;
  };
  return {
    get app() {
      return started().app;
    },
    get core() {
      return started().core;
    },
    get database() {
      return testDb.database;
    },
    get db() {
      return testDb.db;
    },
    clock,
    staff: (tenantId) => staffContext(clock, tenantId),
  };
}

export function basicAuth(clientId: string = SEED.partnerClientId, secret: string = SEED.partnerClientSecret): string {
  return `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
}

/** Asks for a token as a partner would; `scope` as the query parameter (space-separated). */
export function requestToken(
  app: FastifyInstance,
  options: { scope?: string; authorization?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const query = new URLSearchParams({ grant_type: 'client_credentials', ...(options.scope !== undefined ? { scope: options.scope } : {}) });
  return app.inject({
    method: 'POST',
    url: `/open-api/system/oauth2/token?${query}`,
    remoteAddress: options.remoteAddress,
    headers: { authorization: options.authorization ?? basicAuth(), ...options.headers },
  });
}

/** A fresh access token of a partner client (every scope it was granted unless `scope` narrows it), asked from `remoteAddress`. */
export async function tokenOf(app: FastifyInstance, partner: { clientId: string; secret: string }, scope?: string, remoteAddress?: string): Promise<string> {
  const body = envelope<{ access_token: string }>(await requestToken(app, { scope, authorization: basicAuth(partner.clientId, partner.secret), remoteAddress }));
  if (body.code !== 0) throw new Error(`token request failed: ${body.msg}`);
  return body.data.access_token;
}

/** A fresh access token of the seeded partner (every scope unless `scope` narrows it). */
export function partnerToken(app: FastifyInstance, scope?: string): Promise<string> {
  return tokenOf(app, { clientId: SEED.partnerClientId, secret: SEED.partnerClientSecret }, scope);
}

export function envelope<T = unknown>(response: LightMyRequestResponse): { code: number; data: T; msg: string; error_detail: string } {
  return response.json();
}

/** A POST of a JSON body with a bearer token. */
export function postJson(app: FastifyInstance, token: string, url: string, body: unknown) {
  return app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: body as object });
}

/** Query parameters; an array repeats the name (open-api.md conventions). */
export type QueryParams = Record<string, string | number | readonly string[] | undefined>;

/** A GET with query parameters and a bearer token. */
export function getQuery(app: FastifyInstance, token: string, url: string, query: QueryParams) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const entry of Array.isArray(value) ? value : [value]) search.append(name, String(entry));
  }
  return app.inject({ method: 'GET', url: `${url}?${search}`, headers: { authorization: `Bearer ${token}` } });
}
