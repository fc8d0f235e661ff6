// The app as a whole: health, readiness, error envelopes, request ids, the API documents, and the
// GraphQL and tRPC faces reached the way their users reach them.
import { mkdir, rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/core/db/client';
import { sqliteFilePath } from '../src/core/db/database-url';
import { createScratchDatabase, type ScratchDatabase } from '../src/core/db/scratch-database';
import { deployMigrations } from '../src/core/db/migrations';
import { migrationsDir } from '../prisma/schema';
import type { PartnerRoutes } from '../src/openapi/partner-routes';
import { createClient } from '../src/trpc/client';
import { TRPC_MAX_BATCH_SIZE } from '../src/trpc/limits';
import { seededAdminToken } from './support/admin';
import { createTestApp, envelope, partnerToken, tokenOf, useTestApp } from './support/app';
import { TEST_DATABASE, TEST_POSTGRES_URL } from './support/environment';
import { createPartner } from './support/partner-clients';
import { PROBE_URL, probeRoutes } from './support/probe-routes';

const failingRoutes: PartnerRoutes = async (app) => {
  app.get('/explode', { config: { scope: 'goods:search:read' } }, async () => {
    throw new Error('SELECT secret FROM internals');
  });
};

/**
 * Takes a scratch database away for good, since Prisma reconnects lazily after a close: drops the
 * PostgreSQL database, or puts a folder where the SQLite file was (the scratch drop removes it).
 */
async function takeAway(scratch: ScratchDatabase): Promise<void> {
  if (scratch.target.provider === 'postgresql') return scratch.drop();
  const path = sqliteFilePath(scratch.target.url);
  for (const suffix of ['', '-wal', '-shm']) await rm(`${path}${suffix}`, { force: true });
  await mkdir(path);
}

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

const test = useTestApp('app', { openApiRoutes: [probeRoutes, failingRoutes], logger: { level: 'error', stream: logStream } });

describe('health and errors', () => {
  it('answers /healthz and /readyz', async () => {
    expect(envelope(await test.app.inject('/healthz'))).toMatchObject({ code: 0, data: { status: 'ok' } });
    expect(envelope(await test.app.inject('/readyz'))).toMatchObject({ code: 0, data: { status: 'ready', database: TEST_DATABASE } });
  });

  it('answers /readyz 503 when the database is gone', async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE, 'readyz', TEST_POSTGRES_URL);
    await deployMigrations(scratch.target, { dir: migrationsDir(scratch.target.provider) });
    const database = await openDatabase(scratch.target);
    const lonely = await createTestApp({ database });
    try {
      await database.close();
      await takeAway(scratch);
      const response = await lonely.app.inject('/readyz');
      expect(response.statusCode).toBe(503);
      expect(envelope(response)).toMatchObject({ code: 503, msg: 'Service unavailable: database unreachable' });
    } finally {
      await lonely.close();
      await scratch.drop();
    }
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const response = await test.app.inject('/open-api/no/such/route?x=1');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(envelope(response)).toEqual({ code: 404, data: null, msg: 'No route GET /open-api/no/such/route', error_detail: '' });
  });

  it('answers an unexpected fault 500 without internals, and logs it with the request id', async () => {
    const token = await partnerToken(test.app);
    const response = await test.app.inject({ url: '/open-api/explode', headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-explode-1' } });
    expect(response.statusCode).toBe(500);
    expect(envelope(response)).toEqual({ code: 500, data: null, msg: 'Internal server error (request req-explode-1)', error_detail: '' });
    expect(response.body).not.toContain('SELECT');
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg: string; err?: { message: string } });
    expect(logged).toContainEqual(expect.objectContaining({ reqId: 'req-explode-1', msg: 'unexpected error', err: expect.objectContaining({ message: 'SELECT secret FROM internals' }) }));
  });

  it('answers an unsupported content type 415, quoting it', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/open-api/system/oauth2/token?grant_type=client_credentials', headers: { 'content-type': 'text/xml' }, payload: '<x/>' });
    expect(response.statusCode).toBe(415);
    expect(envelope(response)).toMatchObject({ code: 415, msg: 'Unsupported content type text/xml' });
  });

  it('echoes a sane X-Request-Id and makes one otherwise', async () => {
    expect((await test.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } })).headers['x-request-id']).toBe('abc-123');
    const generated = (await test.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } })).headers['x-request-id'];
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI document and docs', () => {
  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const document = (await test.app.inject('/open-api/openapi.json')).json() as {
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown[]; parameters?: { name: string }[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    const token = document.paths['/open-api/system/oauth2/token']?.post;
    expect(token?.parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['grant_type', 'scope']));
    expect(document.paths['/open-api/system/oauth2/token/revoke']?.post).toBeDefined();
    expect(document.paths[PROBE_URL]?.get?.security).toEqual([{ bearerAuth: ['goods:search:read'] }]);
    expect(Object.keys(document.components.securitySchemes)).toEqual(expect.arrayContaining(['basicAuth', 'bearerAuth']));
    expect(Object.keys(document.paths).every((path) => path.startsWith('/open-api/'))).toBe(true);
  });

  it('serves the docs UI publicly', async () => {
    const response = await test.app.inject('/open-api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('trust proxy', () => {
  it('ignores X-Forwarded-For by default', async () => {
    const partner = await createPartner(test.core, { ipWhitelist: '203.0.113.7' });
    const token = await tokenOf(test.app, partner, undefined, '203.0.113.7');
    const spoofed = await test.app.inject({ url: PROBE_URL, remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' } });
    expect(spoofed.statusCode).toBe(403);
  });

  it('reads the client address from X-Forwarded-For when the proxy is trusted', async () => {
    const proxied = await createTestApp({ database: test.database, openApiRoutes: [probeRoutes], env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const partner = await createPartner(proxied.core, { ipWhitelist: '203.0.113.7' });
      const token = await tokenOf(proxied.app, partner, undefined, '203.0.113.7');
      const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' };
      expect((await proxied.app.inject({ url: PROBE_URL, remoteAddress: '127.0.0.1', headers })).statusCode).toBe(200);
      expect((await proxied.app.inject({ url: PROBE_URL, remoteAddress: '192.0.2.1', headers })).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('GraphQL', () => {
  it('answers a query', async () => {
    const headers = { authorization: `Bearer ${await seededAdminToken(test.core)}` };
    const response = await test.app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: '{ errorCodes { name code httpStatus } }' } });
    expect(response.statusCode).toBe(200);
    const codes = (response.json() as { data: { errorCodes: { name: string; code: number }[] } }).data.errorCodes;
    expect(codes).toContainEqual({ name: 'OAUTH2_SCOPE_NOT_ALLOWED', code: 1_002_020_004, httpStatus: 400 });
  });

  it('refuses a simple cross-site request (CSRF prevention)', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/graphql?query=%7BerrorCodes%7Bcode%7D%7D' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('CSRF');
  });

  it('reports an invalid query as the service bad-input error', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ noSuchField }' } });
    expect((response.json() as { errors: { extensions: { code: number; name: string } }[] }).errors[0]?.extensions).toMatchObject({ code: 400, name: 'BAD_REQUEST' });
  });
});

describe('tRPC through the typed client', () => {
  let url: string;

  beforeAll(async () => {
    url = await test.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it('calls a procedure', async () => {
    const health = await createClient(url).system.health.query();
    expect(health).toMatchObject({ status: 'ok', database: TEST_DATABASE });
  });

  it('batches calls made together into one request, and the server refuses a batch over its cap', async () => {
    const client = createClient(url);
    const requests = vi.spyOn(globalThis, 'fetch');
    try {
      const results = await Promise.all(Array.from({ length: 3 }, () => client.system.health.query()));
      expect(results.map((result) => result.status)).toEqual(['ok', 'ok', 'ok']);
      expect(requests).toHaveBeenCalledTimes(1);
      expect(String(requests.mock.calls[0]![0])).toContain('/trpc/system.health,system.health,system.health?batch=1');
    } finally {
      requests.mockRestore();
    }
    const procedures = Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'system.health').join(',');
    const input = encodeURIComponent(JSON.stringify({}));
    const response = await fetch(`${url}/trpc/${procedures}?batch=1&input=${input}`);
    expect(response.status).toBe(400);
  });
});
