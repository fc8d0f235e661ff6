// REDIS_PREFIX keeps deployments that share one Redis apart: instances with the same prefix share
// sign-in limits and invalidations, instances with another prefix share neither (a private
// redis-server of this test, so nothing else on it interferes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvalidationMessage } from '../src/core/cache/invalidation-bus';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { createAdmin, errorCode, login } from './support/admin';
import { createTestApp, type TestApp, useTestDatabase } from './support/app';
import { TEST_REDIS_PREFIX } from './support/environment';
import { PRIVATE_REDIS_AVAILABLE, PrivateRedis } from './support/private-redis';

const test = useTestDatabase('redis_prefix');
const ATTEMPTS_PER_IP = 2;

let redis: PrivateRedis;
/** Two deployments over one database and one Redis: a1 and a2 share prefix a, b1 and b2 prefix b. */
const apps: Record<'a1' | 'a2' | 'b1' | 'b2', TestApp> = {} as never;
const heard: Record<keyof typeof apps, InvalidationMessage[]> = { a1: [], a2: [], b1: [], b2: [] };

describe.skipIf(!PRIVATE_REDIS_AVAILABLE)('REDIS_PREFIX', () => {
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    for (const name of ['a1', 'a2', 'b1', 'b2'] as const) {
      apps[name] = await createTestApp({
        database: test.database,
        redisUrl: redis.url,
        env: { REDIS_PREFIX: `${TEST_REDIS_PREFIX}${name[0]}:`, ADMIN_LOGIN_ATTEMPTS_PER_IP: String(ATTEMPTS_PER_IP) },
      });
      apps[name].core.bus.subscribe(
        (message) => heard[name].push(message),
        () => {},
      );
    }
  });

  afterAll(async () => {
    await Promise.all(Object.values(apps).map((app) => app.close()));
    await redis?.stop();
  });

  it('shares a sign-in limit within a prefix, not across prefixes', async () => {
    const admin = await createAdmin(apps.a1.core, { permissions: [] });
    const ip = '198.51.100.77';
    const wrong = { ip, password: 'not-the-password' };
    const codes = [];
    for (let i = 0; i < ATTEMPTS_PER_IP; i++) codes.push(errorCode(await login(apps.a1.app, admin, wrong)));
    codes.push(errorCode(await login(apps.a2.app, admin, wrong)));
    codes.push(errorCode(await login(apps.b1.app, admin, wrong)));
    const { AUTH_BAD_CREDENTIALS, AUTH_LOGIN_RATE_LIMITED } = ErrorCatalogue;
    expect(codes).toEqual([AUTH_BAD_CREDENTIALS.code, AUTH_BAD_CREDENTIALS.code, AUTH_LOGIN_RATE_LIMITED.code, AUTH_BAD_CREDENTIALS.code]);
  });

  it('delivers an invalidation within a prefix, not across prefixes', async () => {
    const fromA: InvalidationMessage = { kind: 'client-changed', clientId: 'published-under-a' };
    const fromB: InvalidationMessage = { kind: 'client-changed', clientId: 'published-under-b' };
    await apps.a1.core.bus.publish(fromA);
    // Redis delivers in publish order: once b1 hears b2's later message, a1's would have come first.
    await apps.b2.core.bus.publish(fromB);
    const deadline = Date.now() + 5_000;
    while ((heard.a2.length === 0 || heard.b1.length === 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual({ a1: [fromA], a2: [fromA], b1: [fromB], b2: [fromB] });
  });
});
