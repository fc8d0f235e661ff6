// The Redis invalidation bus against a private redis-server stopped and started by the test: what
// makes caches resynchronise when messages may have been lost, each mechanism on its own.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type InvalidationMessage, RedisInvalidationBus } from '../src/core/cache/invalidation-bus';
import { connectRedis, type RedisCircuit, redisName } from '../src/core/cache/redis';
import { silentLogger } from '../src/core/logger';
import { TEST_REDIS_PREFIX } from './support/environment';
import { PRIVATE_REDIS_AVAILABLE, PrivateRedis } from './support/private-redis';

const HOUR_MS = 3_600_000;
const CHANGE: InvalidationMessage = { kind: 'client-changed', clientId: 'bus-test' };

let redis: PrivateRedis;
const opened: Array<{ bus: RedisInvalidationBus; publisher: RedisCircuit }> = [];

/** A bus as one process has it, with what its caches were told. */
async function openBus(maxAgeMs = HOUR_MS) {
  const publisher = await connectRedis(redis.url, silentLogger);
  const bus = await RedisInvalidationBus.connect(publisher, { channel: redisName(TEST_REDIS_PREFIX, 'bus-test'), maxAgeMs, logger: silentLogger });
  opened.push({ bus, publisher });
  const heard = { messages: [] as InvalidationMessage[], resyncs: 0 };
  bus.subscribe(
    (message) => heard.messages.push(message),
    () => heard.resyncs++,
  );
  return { bus, publisher, heard };
}

/** Waits (at most `withinMs`) until `condition` holds; answers whether it did. */
async function eventually(condition: () => boolean, withinMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  return condition();
}

describe.skipIf(!PRIVATE_REDIS_AVAILABLE)('RedisInvalidationBus', () => {
  beforeAll(async () => {
    redis = await PrivateRedis.start();
  });

  afterEach(async () => {
    for (const { bus, publisher } of opened.splice(0)) {
      await bus.close();
      await publisher.close();
    }
  });

  afterAll(async () => {
    await redis?.stop();
  });

  it('delivers to its peers, and to itself at once', async () => {
    const one = await openBus();
    const other = await openBus();
    await one.bus.publish(CHANGE);
    expect(one.heard.messages).toEqual([CHANGE]);
    expect(await eventually(() => other.heard.messages.length === 1)).toBe(true);
    expect(other.heard).toEqual({ messages: [CHANGE], resyncs: 0 });
  });

  it('resynchronises its caches once its subscriber is back after an outage', async () => {
    const one = await openBus();
    await redis.stop();
    await redis.restart();
    expect(await eventually(() => one.heard.resyncs === 1)).toBe(true);
    expect(one.heard.messages).toEqual([]);
  });

  it('publishes without failing while Redis is down', async () => {
    const one = await openBus();
    await redis.stop();
    try {
      await expect(one.bus.publish(CHANGE)).resolves.toBeUndefined();
      expect(one.heard.messages).toEqual([CHANGE]);
    } finally {
      await redis.restart();
    }
  });

  it('asks its peers to resynchronise once it can publish again after a lost message', async () => {
    const one = await openBus();
    const other = await openBus();
    // Only this process loses its connection: the peer hears nothing of an outage itself.
    one.publisher.client.disconnect(true);
    await one.bus.publish(CHANGE);
    expect(await eventually(() => other.heard.resyncs === 1)).toBe(true);
    expect(other.heard.messages).toEqual([]);
    expect(one.heard).toEqual({ messages: [CHANGE], resyncs: 0 });
  });

  it('resynchronises every maxAge even when nothing is heard of a loss', async () => {
    const started = Date.now();
    const one = await openBus(200);
    expect(await eventually(() => one.heard.resyncs >= 2, 2_000)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});
