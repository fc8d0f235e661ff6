// The guard in front of every /open-api business operation: token, tenant, IP whitelist, rate
// limit and scope, checked from memory.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/core/clock';
import { UserType } from '../src/core/request-context';
import { basicAuth, createTestApp, envelope, partnerToken, requestToken, type TestApp, tokenOf, useTestApp } from './support/app';
import { SEED } from './support/database';
import { REDIS_FOR_TESTS } from './support/environment';
import { createPartner, updatePartner } from './support/partner-clients';
import { PROBE_SCOPE, PROBE_URL, probeRoutes } from './support/probe-routes';
import { eventually } from './support/propagation';

const test = useTestApp('partner_guard', { openApiRoutes: [probeRoutes] });
const { clock } = test;

function probe(app: TestApp['app'], token: string | undefined, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return app.inject({
    method: 'GET',
    url: PROBE_URL,
    remoteAddress: options.remoteAddress,
    headers: { ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
  });
}

describe('bearer token', () => {
  it('lets a live token with the scope through, with the partner as the caller', async () => {
    const response = await probe(test.app, await partnerToken(test.app));
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({ code: 0, data: { clientId: SEED.partnerClientId, tenantId: 1 } });
  });

  it.each([
    ['no Authorization header', undefined, 'Bearer realm="open-api"'],
    ['a garbage token', 'garbage', 'Bearer realm="open-api", error="invalid_token"'],
    ['a well-formed unknown token', 'A'.repeat(43), 'Bearer realm="open-api", error="invalid_token"'],
  ])('answers 401 with a Bearer challenge for %s', async (_case, token, challenge) => {
    const response = await probe(test.app, token);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe(challenge);
    expect(envelope(response)).toMatchObject({ code: 401, data: null });
  });

  it('refuses a Basic header on a business operation', async () => {
    const response = await test.app.inject({ method: 'GET', url: PROBE_URL, headers: { authorization: basicAuth() } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a revoked token at once', async () => {
    const token = await partnerToken(test.app);
    expect((await probe(test.app, token)).statusCode).toBe(200);
    await test.app.inject({ method: 'POST', url: `/open-api/system/oauth2/token/revoke?token=${token}`, headers: { authorization: basicAuth() } });
    expect((await probe(test.app, token)).statusCode).toBe(401);
  });

  it('refuses a token once it expires (injected clock)', async () => {
    const partner = await createPartner(test.core, { accessTokenValiditySeconds: 60 });
    const token = await tokenOf(test.app, partner);
    clock.advance(59_999);
    expect((await probe(test.app, token)).statusCode).toBe(200);
    clock.advance(1);
    expect((await probe(test.app, token)).statusCode).toBe(401);
  });

  it('refuses a token issued to an administrator (another user type)', async () => {
    const admin = await test.core.tokens.issue({ userId: 1, userType: UserType.ADMIN, tenantId: 1, clientId: 'console', scopes: [PROBE_SCOPE], validitySeconds: 600 });
    expect((await probe(test.app, admin.accessToken)).statusCode).toBe(401);
  });

  it('stops the live tokens of a client the moment it is disabled, and they work again when it is enabled', async () => {
    const partner = await createPartner(test.core);
    const token = await tokenOf(test.app, partner);
    await updatePartner(test.core, partner, { status: 1 });
    expect((await probe(test.app, token)).statusCode).toBe(401);
    await updatePartner(test.core, partner, { status: 0 });
    expect((await probe(test.app, token)).statusCode).toBe(200);
  });

  it('answers 403 for a token without the operation scope', async () => {
    const token = await partnerToken(test.app, 'pay:wallet:read');
    const response = await probe(test.app, token);
    expect(response.statusCode).toBe(403);
    expect(envelope(response).msg).toContain(`insufficient_scope: this operation needs scope ${PROBE_SCOPE}`);
  });

  it('lets a client granted no scopes call nothing but the token operations', async () => {
    const partner = await createPartner(test.core, { scopes: [] });
    const token = await tokenOf(test.app, partner);
    expect((await probe(test.app, token)).statusCode).toBe(403);
  });

  it('checks the tenant-id header against the tenant of the token', async () => {
    const token = await partnerToken(test.app);
    expect((await probe(test.app, token, { headers: { 'tenant-id': '1' } })).statusCode).toBe(200);
    const other = await probe(test.app, token, { headers: { 'tenant-id': '2' } });
    expect(other.statusCode).toBe(403);
    expect(envelope(other).msg).toContain('tenant-id 2');
  });
});

describe('IP whitelist', () => {
  // [case, whitelist, caller, an address the whitelist allows (where a token for the operation is asked from), status]
  it.each([
    ['IPv4 exact, allowed', '203.0.113.7', '203.0.113.7', '203.0.113.7', 200],
    ['IPv4 exact, denied', '203.0.113.7', '203.0.113.8', '203.0.113.7', 403],
    ['IPv4 CIDR, allowed', '198.51.100.0/24', '198.51.100.254', '198.51.100.1', 200],
    ['IPv4 CIDR, denied', '198.51.100.0/24', '198.51.101.1', '198.51.100.1', 403],
    ['IPv4 as mapped IPv6 socket address', '203.0.113.7', '::ffff:203.0.113.7', '203.0.113.7', 200],
    ['IPv6 exact, allowed', '2001:db8::1', '2001:db8:0:0:0:0:0:1', '2001:db8::1', 200],
    ['IPv6 exact, denied', '2001:db8::1', '2001:db8::2', '2001:db8::1', 403],
    ['IPv6 CIDR, allowed', '2001:db8:abcd::/48', '2001:db8:abcd:12::1', '2001:db8:abcd::1', 200],
    ['IPv6 CIDR, denied', '2001:db8:abcd::/48', '2001:db8:abce::1', '2001:db8:abcd::1', 403],
    ['a list, second entry matches', '10.0.0.0/8, 2001:db8::/32', '2001:db8::99', '10.0.0.1', 200],
    ['empty whitelist: no restriction', '', '192.0.2.55', '192.0.2.56', 200],
  ])('%s: at token issue and on every operation', async (_case, whitelist, callerIp, allowedIp, status) => {
    const partner = await createPartner(test.core, { ipWhitelist: whitelist });
    const issue = await requestToken(test.app, { authorization: basicAuth(partner.clientId, partner.secret), remoteAddress: callerIp });
    const token = await tokenOf(test.app, partner, undefined, allowedIp);
    const operation = await probe(test.app, token, { remoteAddress: callerIp });
    const expected = status === 200 ? { code: 0 } : { code: 403, data: null, msg: `IP ${callerIp} is not on the client's whitelist` };
    expect([issue.statusCode, operation.statusCode]).toEqual([status, status]);
    expect(envelope(issue)).toMatchObject(expected);
    expect(envelope(operation)).toMatchObject(expected);
  });

  it('refuses a caller outside the whitelist before checking the secret: a wrong secret answers 403 too', async () => {
    const partner = await createPartner(test.core, { ipWhitelist: '203.0.113.7' });
    const response = await requestToken(test.app, { authorization: basicAuth(partner.clientId, 'wrong-secret'), remoteAddress: '192.0.2.200' });
    expect(response.statusCode).toBe(403);
  });

  it('applies a whitelist change at once', async () => {
    const partner = await createPartner(test.core);
    const token = await tokenOf(test.app, partner);
    expect((await probe(test.app, token, { remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
    await updatePartner(test.core, partner, { ipWhitelist: '192.0.2.11' });
    expect((await probe(test.app, token, { remoteAddress: '192.0.2.10' })).statusCode).toBe(403);
  });

  it('rejects a client saved with an invalid whitelist entry', async () => {
    await expect(createPartner(test.core, { ipWhitelist: '10.0.0.0/33' })).rejects.toThrow('10.0.0.0/33');
  });
});

/**
 * Calls at pseudo-random instants of the test clock for 10 s (bursts, gaps, the ends and starts of
 * seconds), as a client with `qps`, through `call`; answers the clock times of the calls let through.
 */
async function randomArrivals(
  call: (request: { token: string; index: number }) => Promise<{ statusCode: number }>,
  qps: number,
  app: { app: TestApp['app']; core: TestApp['core']; clock: ManualClock } = test,
): Promise<number[]> {
  const partner = await createPartner(app.core, { rateLimitQps: qps });
  const token = await tokenOf(app.app, partner);
  let seed = 20_261_125;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const start = app.clock.now();
  const accepted: number[] = [];
  for (let index = 0; app.clock.now() - start < 10_000; index++) {
    // Gaps of 0..99 ms, and every few calls a jump to just before the next second boundary.
    app.clock.advance(random() < 0.1 ? 999 - ((app.clock.now() - start) % 1000) : Math.floor(random() * 100));
    const { statusCode } = await call({ token, index });
    if (statusCode === 200) accepted.push(app.clock.now());
    else expect(statusCode).toBe(429);
  }
  return accepted;
}

/** The most calls accepted in any one-second window [t, t + 1000): the busiest starts at an accepted call. */
function busiestSecond(accepted: number[]): number {
  return Math.max(...accepted.map((from) => accepted.filter((at) => at >= from && at < from + 1000).length));
}

describe('rate limit', () => {
  it('answers 429 with Retry-After over rateLimitQps, and lets calls through again a second later', async () => {
    const partner = await createPartner(test.core, { rateLimitQps: 3 });
    const token = await tokenOf(test.app, partner);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await probe(test.app, token)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await probe(test.app, token);
    expect(limited.headers['retry-after']).toBe('1');
    expect(envelope(limited)).toMatchObject({ code: 429, data: null });
    clock.advance(1000);
    expect((await probe(test.app, token)).statusCode).toBe(200);
  });

  it('announces the limit on every answer counted against it: success, 429, a 403 for scope, a 400 for input', async () => {
    const partner = await createPartner(test.core, { rateLimitQps: 4 });
    const token = await tokenOf(test.app, partner, PROBE_SCOPE);
    const answers = [
      await probe(test.app, token),
      await test.app.inject({ method: 'GET', url: '/open-api/pay/wallet/balance', headers: { authorization: `Bearer ${token}` } }),
      await probe(test.app, token),
      await probe(test.app, token),
      await probe(test.app, token),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.headers['ratelimit-limit'], answer.headers['ratelimit-remaining'], answer.headers['ratelimit-reset'], answer.headers['retry-after']])).toEqual([
      [200, '4', '3', '1', undefined],
      [403, '4', '2', '1', undefined],
      [200, '4', '1', '1', undefined],
      [200, '4', '0', '1', undefined],
      [429, '4', '0', '1', '1'],
    ]);
    const wideToken = await tokenOf(test.app, partner);
    clock.advance(1000);
    const invalid = await test.app.inject({ method: 'GET', url: '/open-api/pay/wallet/balance', headers: { authorization: `Bearer ${wideToken}` } });
    expect([invalid.statusCode, invalid.headers['ratelimit-limit'], invalid.headers['ratelimit-remaining']]).toEqual([400, '4', '3']);
  });

  it('announces the time until the oldest counted call leaves the window', async () => {
    const partner = await createPartner(test.core, { rateLimitQps: 2 });
    const token = await tokenOf(test.app, partner);
    await probe(test.app, token);
    clock.advance(600);
    await probe(test.app, token);
    clock.advance(300);
    const limited = await probe(test.app, token);
    expect([limited.statusCode, limited.headers['retry-after'], limited.headers['ratelimit-reset']]).toEqual([429, '1', '1']);
    clock.advance(100);
    const next = await probe(test.app, token);
    expect([next.statusCode, next.headers['ratelimit-remaining']]).toEqual([200, '0']);
  });

  it('accepts no more than rateLimitQps in any one-second window, wherever it starts (no window edge)', async () => {
    const accepted = await randomArrivals((request) => probe(test.app, request.token), 5);
    expect(busiestSecond(accepted)).toBe(5);
  });

  it('does not limit a client with rateLimitQps 0', async () => {
    const partner = await createPartner(test.core, { rateLimitQps: 0 });
    const token = await tokenOf(test.app, partner);
    for (let i = 0; i < 30; i += 1) expect((await probe(test.app, token)).statusCode).toBe(200);
  });
});

// Two app instances stand for two processes behind a balancer; Redis is what they share.
async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_FOR_TESTS, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const redisUp = await redisReachable();
if (!redisUp && process.env.CI) throw new Error(`Redis unreachable at ${REDIS_FOR_TESTS}; required under CI`);

describe.skipIf(!redisUp)('two instances on Redis', () => {
  let first: TestApp;
  let second: TestApp;
  const sharedClock = new ManualClock(Date.UTC(2026, 10, 21, 12, 0, 0));

  beforeAll(async () => {
    first = await createTestApp({ database: test.database, clock: sharedClock, redisUrl: REDIS_FOR_TESTS, openApiRoutes: [probeRoutes] });
    second = await createTestApp({ database: test.database, clock: sharedClock, redisUrl: REDIS_FOR_TESTS, openApiRoutes: [probeRoutes] });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('share one rate limit', async () => {
    const partner = await createPartner(first.core, { rateLimitQps: 4 });
    const token = await tokenOf(first.app, partner);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await probe(i % 2 === 0 ? first.app : second.app, token)).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });

  it('accept no more than rateLimitQps in any one-second window over two instances, wherever it starts', async () => {
    const accepted = await randomArrivals(({ token, index }) => probe(index % 2 === 0 ? first.app : second.app, token), 10, { ...first, clock: sharedClock });
    expect(busiestSecond(accepted)).toBe(10);
  });

  it('see a revocation made in the other instance', async () => {
    const partner = await createPartner(first.core);
    const token = await tokenOf(first.app, partner);
    expect((await probe(second.app, token)).statusCode).toBe(200);
    await first.app.inject({ method: 'POST', url: `/open-api/system/oauth2/token/revoke?token=${token}`, headers: { authorization: basicAuth(partner.clientId, partner.secret) } });
    expect(await eventually(async () => (await probe(second.app, token)).statusCode, 401)).toBe(401);
  });

  it('see a client change made in the other instance', async () => {
    const partner = await createPartner(first.core);
    const token = await tokenOf(first.app, partner);
    expect((await probe(second.app, token)).statusCode).toBe(200);
    await updatePartner(first.core, partner, { status: 1 });
    expect(await eventually(async () => (await probe(second.app, token)).statusCode, 401)).toBe(401);
  });
});
