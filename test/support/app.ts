// Builds the real app over a test database for black-box tests through Fastify's inject.
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../src/config';
import { type Clock, ManualClock } from '../../src/core/clock';
import type { Core } from '../../src/core/core';
import type { Database } from '../../src/core/db/client';
import type { PartnerRoutes } from '../../src/openapi/partner-routes';
import { buildApp } from '../../src/server';
import { SEED } from './database';
import { TEST_REDIS_URL } from './environment';

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
    DATABASE_URL: options.database.target.url,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...options.env,
  });
  const { app, core } = await buildApp({
    config,
    database: options.database,
    clock: options.clock ?? new ManualClock(),
    openApiRoutes: options.openApiRoutes,
    logger: options.logger,
  });
  await app.ready();
  return { app, core, close: () => app.close() };
}

export function basicAuth(clientId: string = SEED.partnerClientId, secret: string = SEED.partnerClientSecret): string {
  return `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
}

/** Asks for a token as a partner would; `scope` as the query parameter (space-separated). */
export function requestToken(app: FastifyInstance, options: { scope?: string; authorization?: string; headers?: Record<string, string> } = {}) {
  const query = new URLSearchParams({ grant_type: 'client_credentials', ...(options.scope !== undefined ? { scope: options.scope } : {}) });
  return app.inject({
    method: 'POST',
    url: `/open-api/system/oauth2/token?${query}`,
    headers: { authorization: options.authorization ?? basicAuth(), ...options.headers },
  });
}

/** A fresh access token of the seeded partner (every scope unless `scope` narrows it). */
export async function partnerToken(app: FastifyInstance, scope?: string): Promise<string> {
  const response = await requestToken(app, { scope });
  const body = response.json() as { code: number; data: { access_token: string }; msg: string };
  if (body.code !== 0) throw new Error(`token request failed: ${body.msg}`);
  return body.data.access_token;
}

export function envelope<T = unknown>(response: LightMyRequestResponse): { code: number; data: T; msg: string; error_detail: string } {
  return response.json();
}
