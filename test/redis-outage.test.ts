// Redis stopped and started again under running instances (a private redis-server of this test):
// requests answer at once (partner traffic goes on, sign-in answers 503 with Retry-After), /readyz
// names Redis, a token revoked meanwhile stops working everywhere (at once where it was revoked,
// within CACHE_MAX_AGE_SECONDS elsewhere, and at the latest when Redis is back), and everything
// recovers with no restart. README: "When PostgreSQL or Redis is down".
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/core/clock';
import { createAdmin, errorCode, login } from './support/admin';
import { basicAuth, createTestApp, envelope, type TestApp, tokenOf, useTestDatabase } from './support/app';
import { createPartner, type TestPartner } from './support/partner-clients';
import { PRIVATE_REDIS_AVAILABLE, PrivateRedis } from './support/private-redis';
import { statusWithin } from './support/until';
import { PROBE_URL, probeRoutes } from './support/probe-routes';

const test = useTestDatabase('redis_outage');
/** Every answer during the outage comes within this (commands fail fast instead of queueing). */
const QUICK_MS = 2_000;

let redis: PrivateRedis;
/** Two instances that resynchronise only when Redis comes back (their age bound is an hour). */
let first: TestApp;
let second: TestApp;
/** An instance whose cache entries live at most one second (CACHE_MAX_AGE_SECONDS=1). */
let shortLived: TestApp;

const startApp = (cacheMaxAgeSeconds: number) =>
  createTestApp({
    database: test.database,
    clock: systemClock,
    redisUrl: redis.url,
    openApiRoutes: [probeRoutes],
    env: { CACHE_MAX_AGE_SECONDS: String(cacheMaxAgeSeconds) },
  });

async function timed(call: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const started = Date.now();
  const response = await call();
  expect(Date.now() - started).toBeLessThan(QUICK_MS);
  return response;
}

const probe = (app: FastifyInstance, token: string) => timed(() => app.inject({ url: PROBE_URL, headers: { authorization: `Bearer ${token}` } }));
const readyz = (app: FastifyInstance) => timed(() => app.inject('/readyz'));
const revoke = (app: FastifyInstance, partner: TestPartner, token: string) =>
  timed(() =>
    app.inject({ method: 'POST', url: `/open-api/system/oauth2/token/revoke?token=${encodeURIComponent(token)}`, headers: { authorization: basicAuth(partner.clientId, partner.secret) } }),
  );

describe.skipIf(!PRIVATE_REDIS_AVAILABLE)('Redis stopped and started again', () => {
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    first = await startApp(3600);
    second = await startApp(3600);
    shortLived = await startApp(1);
  });

  afterAll(async () => {
    await Promise.all([first, second, shortLived].map((app) => app?.close()));
    await redis?.stop();
  });

  let partner: TestPartner;
  let revokedDuringOutage: string;
  let limitedToken: string;

  it('is ready with Redis up', async () => {
    const response = await readyz(first.app);
    expect(response.statusCode).toBe(200);
    expect(envelope(response).data).toEqual({ status: 'ready', database: test.database.target.provider, redis: 'up' });
    partner = await createPartner(first.core);
    revokedDuringOutage = await tokenOf(first.app, partner);
    limitedToken = await tokenOf(first.app, await createPartner(first.core, { rateLimitQps: 1 }));
    // Each instance caches the token before the outage.
    for (const app of [first, second, shortLived]) expect((await probe(app.app, revokedDuringOutage)).statusCode).toBe(200);
  });

  it('says on /readyz that Redis is down, with a Retry-After', async () => {
    await redis.stop();
    const response = await readyz(first.app);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(envelope(response)).toMatchObject({ code: 503, msg: 'Service unavailable: redis unreachable', data: null });
  });

  it('keeps serving partners, each instance counting their rate limit alone', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await probe(second.app, limitedToken)).statusCode);
    expect(statuses).toEqual([200, 429, 429]);
    expect((await probe(first.app, limitedToken)).statusCode).toBe(200);
  });

  it('refuses console sign-in with 503 and Retry-After rather than count guesses nowhere', async () => {
    const admin = await createAdmin(first.core, { permissions: [] });
    const started = Date.now();
    const answer = await login(first.app, admin);
    expect(Date.now() - started).toBeLessThan(QUICK_MS);
    expect(errorCode(answer)).toBe(503);
    expect(answer.errors?.[0]?.message).toBe('Service unavailable: redis unreachable');
  });

  it('revokes a token during the outage: at once here, within the cache age bound elsewhere', async () => {
    const answer = await revoke(first.app, partner, revokedDuringOutage);
    expect(answer.statusCode).toBe(200);
    expect(envelope(answer)).toMatchObject({ code: 0, data: true });
    expect((await probe(first.app, revokedDuringOutage)).statusCode).toBe(401);
    expect(await statusWithin(2_500, 401, () => probe(shortLived.app, revokedDuringOutage))).toBe(401);
    // The message was lost and the hour-long bound has not passed: the reconnect must fix this.
    expect((await probe(second.app, revokedDuringOutage)).statusCode).toBe(200);
  });

  it('recovers with no restart: ready again, the lost revocation applied, messages flowing', async () => {
    await redis.restart();
    // Each instance reconnects on its own back-off: both are ready before either is relied on.
    for (const app of [first, second]) expect(await statusWithin(10_000, 200, () => readyz(app.app))).toBe(200);
    expect(await statusWithin(5_000, 401, () => probe(second.app, revokedDuringOutage))).toBe(401);

    const admin = await createAdmin(first.core, { permissions: [] });
    expect((await login(second.app, admin)).data?.login.accessToken).toEqual(expect.any(String));

    const afterwards = await tokenOf(second.app, partner);
    expect((await probe(second.app, afterwards)).statusCode).toBe(200);
    await revoke(first.app, partner, afterwards);
    expect(await statusWithin(5_000, 401, () => probe(second.app, afterwards))).toBe(401);
  });
});
