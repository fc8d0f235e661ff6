import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { RedisCircuit } from '../cache/redis';
import { silentLogger } from '../logger';
import { RedisRateLimiter } from './redis-rate-limiter';
import { describeRateLimiterContract } from './rate-limiter.contract';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisHost = new URL(redisUrl).host;

function connectRedis(): Redis {
  // Fail fast instead of queueing commands while reconnecting.
  return new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
}

async function isRedisReachable(): Promise<boolean> {
  const probe = connectRedis();
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

// Under CI an unreachable Redis must fail the run, so the suite only skips locally.
const skipRedis = !process.env.CI && !(await isRedisReachable());
if (skipRedis) {
  console.warn(`Skipping RedisRateLimiter tests: no Redis at ${redisHost} (set REDIS_URL to point elsewhere).`);
}

describe.skipIf(skipRedis)('RedisRateLimiter', () => {
  const runPrefix = `openbuy:test:ratelimit:${randomUUID()}:`;
  let limiterCount = 0;
  const nextKeyPrefix = () => `${runPrefix}${limiterCount++}:`;
  let redis: Redis;
  let secondRedis: Redis;

  beforeAll(async () => {
    redis = connectRedis();
    secondRedis = connectRedis();
    try {
      await Promise.all([redis.connect(), secondRedis.connect()]);
    } catch (error) {
      throw new Error(`Redis unreachable at ${redisHost}; required when CI is set`, { cause: error });
    }
  });

  afterAll(async () => {
    if (redis?.status === 'ready') {
      for await (const keys of redis.scanStream({ match: `${runPrefix}*`, count: 100 }) as AsyncIterable<string[]>) {
        if (keys.length > 0) await redis.del(...keys);
      }
    }
    redis?.disconnect();
    secondRedis?.disconnect();
  });

  describeRateLimiterContract((now) => new RedisRateLimiter({ redis: new RedisCircuit(redis, silentLogger), keyPrefix: nextKeyPrefix(), now }));

  it('stores the bucket under the key prefix with a TTL', async () => {
    const keyPrefix = nextKeyPrefix();
    const limiter = new RedisRateLimiter({ redis: new RedisCircuit(redis, silentLogger), keyPrefix });
    await limiter.consume('client', 5);
    const ttlMs = await redis.pttl(`${keyPrefix}client`);
    expect(ttlMs).toBeGreaterThan(0);
    expect(ttlMs).toBeLessThanOrEqual(2000);
  });

  it('keeps a windowed bucket for two of its windows', async () => {
    const keyPrefix = nextKeyPrefix();
    await new RedisRateLimiter({ redis: new RedisCircuit(redis, silentLogger), keyPrefix }).consume('client', 5, 900_000);
    const ttlMs = await redis.pttl(`${keyPrefix}client`);
    expect(ttlMs).toBeGreaterThan(900_000);
    expect(ttlMs).toBeLessThanOrEqual(1_800_000);
  });

  it('does not touch Redis for an unlimited key', async () => {
    const keyPrefix = nextKeyPrefix();
    await new RedisRateLimiter({ redis: new RedisCircuit(redis, silentLogger), keyPrefix }).consume('client', 0);
    expect(await redis.exists(`${keyPrefix}client`)).toBe(0);
  });

  describe('two instances on two connections sharing one limit', () => {
    const limitPerSecond = 5;
    const createPair = () => {
      const keyPrefix = nextKeyPrefix();
      const now = () => 1_700_000_000_000;
      return [
        new RedisRateLimiter({ redis: new RedisCircuit(redis, silentLogger), keyPrefix, now }),
        new RedisRateLimiter({ redis: new RedisCircuit(secondRedis, silentLogger), keyPrefix, now }),
      ] as const;
    };

    it('allows the limit in total when called in turn', async () => {
      const [first, second] = createPair();
      let allowed = 0;
      for (let i = 0; i < 2 * limitPerSecond; i++) {
        const decision = await (i % 2 === 0 ? first : second).consume('client', limitPerSecond);
        if (decision.allowed) allowed++;
      }
      expect(allowed).toBe(limitPerSecond);
    });

    it('allows the limit in total when called concurrently', async () => {
      const [first, second] = createPair();
      const decisions = await Promise.all(
        Array.from({ length: 4 * limitPerSecond }, (_, i) => (i % 2 === 0 ? first : second).consume('client', limitPerSecond)),
      );
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(limitPerSecond);
    });
  });
});
