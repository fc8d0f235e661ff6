// A Redis that keeps its connections and stops answering (a private redis-server of this test, paused
// with SIGSTOP): after the first command times out, the circuit breaker of the Redis client makes every
// Redis-backed feature take its outage behaviour at once (partner limits per process, sign-in 503,
// /readyz naming Redis) instead of waiting a command time-out per request; once Redis answers again a
// background probe closes the circuit, peers resynchronise, and everything works as before.
// README: "When PostgreSQL or Redis is down".
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/core/clock';
import { createAdmin, errorCode, login } from './support/admin';
import { basicAuth, createTestApp, envelope, getQuery, type TestApp, tokenOf, useTestDatabase } from './support/app';
import { createBoundMember, type MemberFixture } from './support/commerce-fixtures';
import { createPartner, type TestPartner } from './support/partner-clients';
import { PRIVATE_REDIS_AVAILABLE, PrivateRedis } from './support/private-redis';
import { statusWithin } from './support/until';

const test = useTestDatabase('redis_stall');
/** The Redis command time-out (src/core/cache/redis.ts): what one request waits on a stalled Redis at most. */
const COMMAND_TIMEOUT_MS = 1_000;
/** p99 of partner calls once the circuit is open: well under one command time-out. */
const P99_BOUND_MS = 250;
/** One call (a sign-in hashes a password) on a busy machine: still clearly short of a command time-out. */
const ONE_CALL_BOUND_MS = 750;
const CALLS = 100;
/** Slack for a busy machine on top of a time-out that is expected to run out. */
const SLACK_MS = 1_000;

let redis: PrivateRedis;
/** Two instances that would resynchronise only when told (their cache age bound is an hour). */
let first: TestApp;
let second: TestApp;
let partner: TestPartner;
let member: MemberFixture;
let token: string;
let revokedDuringStall: string;

const startApp = () => createTestApp({ database: test.database, clock: systemClock, redisUrl: redis.url, env: { CACHE_MAX_AGE_SECONDS: '3600' } });

async function timed(call: () => Promise<LightMyRequestResponse>): Promise<{ response: LightMyRequestResponse; ms: number }> {
  const started = performance.now();
  const response = await call();
  return { response, ms: performance.now() - started };
}

const balance = (app: FastifyInstance, bearer: string) => getQuery(app, bearer, '/open-api/pay/wallet/balance', { externalUserId: member.externalUserId });

describe.skipIf(!PRIVATE_REDIS_AVAILABLE)('a stalled Redis', () => {
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    first = await startApp();
    second = await startApp();
    // A rate limit, so that every partner call asks Redis.
    partner = await createPartner(first.core, { rateLimitQps: 10_000 });
    member = await createBoundMember(test.db, { partnerClientId: partner.clientId, balance: 5_000 });
    token = await tokenOf(first.app, partner);
    revokedDuringStall = await tokenOf(first.app, partner);
  });

  afterAll(async () => {
    redis?.resume();
    await Promise.all([first, second].map((app) => app?.close()));
    await redis?.stop();
  });

  it('answers with Redis up, each instance caching the tokens', async () => {
    for (const app of [first, second]) {
      expect((await balance(app.app, token)).statusCode).toBe(200);
      expect((await balance(app.app, revokedDuringStall)).statusCode).toBe(200);
    }
  });

  it('costs one command time-out, then partner calls go on at once (p99 well under the time-out)', async () => {
    redis.pause();
    const firstFailure = await timed(() => balance(first.app, token));
    expect(firstFailure.response.statusCode).toBe(200);
    expect(firstFailure.ms).toBeLessThan(COMMAND_TIMEOUT_MS + SLACK_MS);

    const durations: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const { response, ms } = await timed(() => balance(first.app, token));
      expect(envelope(response)).toMatchObject({ code: 0, data: { balance: 5_000 } });
      durations.push(ms);
    }
    durations.sort((a, b) => a - b);
    const p99 = durations[Math.ceil(CALLS * 0.99) - 1] as number;
    console.log(`stalled Redis, circuit open: ${CALLS} wallet balance calls, p50 ${durations[CALLS / 2]?.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, first failure ${firstFailure.ms.toFixed(0)} ms`);
    expect(p99).toBeLessThan(P99_BOUND_MS);
  });

  it('says on /readyz at once that Redis is down', async () => {
    const { response, ms } = await timed(() => first.app.inject('/readyz'));
    expect(ms).toBeLessThan(ONE_CALL_BOUND_MS);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(envelope(response)).toMatchObject({ code: 503, msg: 'Service unavailable: redis unreachable', data: null });
  });

  it('refuses console sign-in at once with 503 (its limit fails closed)', async () => {
    const admin = await createAdmin(first.core, { permissions: [] });
    const started = performance.now();
    const answer = await login(first.app, admin);
    expect(performance.now() - started).toBeLessThan(ONE_CALL_BOUND_MS);
    expect(errorCode(answer)).toBe(503);
    expect(answer.errors?.[0]?.message).toBe('Service unavailable: redis unreachable');
  });

  it('revokes a token at once here; the other instance, told nothing, still accepts it', async () => {
    const { response, ms } = await timed(() =>
      first.app.inject({
        method: 'POST',
        url: `/open-api/system/oauth2/token/revoke?token=${encodeURIComponent(revokedDuringStall)}`,
        headers: { authorization: basicAuth(partner.clientId, partner.secret) },
      }),
    );
    expect(ms).toBeLessThan(ONE_CALL_BOUND_MS);
    expect(envelope(response)).toMatchObject({ code: 0, data: true });
    expect((await balance(first.app, revokedDuringStall)).statusCode).toBe(401);
    const other = await timed(() => balance(second.app, revokedDuringStall));
    expect(other.response.statusCode).toBe(200);
    expect(other.ms).toBeLessThan(COMMAND_TIMEOUT_MS + SLACK_MS);
  });

  it('closes the circuit by itself once Redis answers: ready, peers resynchronised, sign-in and limits shared again', async () => {
    redis.resume();
    expect(await statusWithin(5_000, 200, () => first.app.inject('/readyz'))).toBe(200);
    expect(await statusWithin(5_000, 200, () => second.app.inject('/readyz'))).toBe(200);
    // The revocation's message was never published: the first instance asked its peers to resynchronise.
    expect(await statusWithin(5_000, 401, () => balance(second.app, revokedDuringStall))).toBe(401);
    const admin = await createAdmin(first.core, { permissions: [] });
    expect((await login(second.app, admin)).data?.login.accessToken).toEqual(expect.any(String));

    // One shared limit again: a one-per-second partner gets one call through across both instances.
    const limited = await createPartner(first.core, { rateLimitQps: 1 });
    await createBoundMember(test.db, { partnerClientId: limited.clientId, externalUserId: member.externalUserId });
    const limitedToken = await tokenOf(first.app, limited);
    const statuses = [(await balance(first.app, limitedToken)).statusCode, (await balance(second.app, limitedToken)).statusCode];
    expect(statuses.sort()).toEqual([200, 429]);
  });
});
