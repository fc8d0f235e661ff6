// The circuit breaker of the Redis client (src/core/cache/redis.ts) against a private redis-server
// paused with SIGSTOP: what opens it, what an open circuit costs, and how it closes by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, RedisCircuitOpenError } from '../src/core/cache/redis';
import { silentLogger } from '../src/core/logger';
import { PRIVATE_REDIS_AVAILABLE, PrivateRedis } from './support/private-redis';

/** The command time-out of redis.ts, and slack for a busy machine. */
const COMMAND_TIMEOUT_MS = 1_000;
const SLACK_MS = 1_000;
/** What a command through an open circuit may cost: nothing is sent. */
const AT_ONCE_MS = 100;

let redis: PrivateRedis;

async function elapsed<T>(call: () => Promise<T>): Promise<{ outcome: T | Error; ms: number }> {
  const started = performance.now();
  const outcome = await call().catch((error: Error) => error);
  return { outcome, ms: performance.now() - started };
}

describe.skipIf(!PRIVATE_REDIS_AVAILABLE)('RedisCircuit', () => {
  beforeAll(async () => {
    redis = await PrivateRedis.start();
  });

  afterAll(async () => {
    redis?.resume();
    await redis?.stop();
  });

  it('stays closed on an error reply: Redis answered', async () => {
    const circuit = await connectRedis(redis.url, silentLogger);
    try {
      await expect(circuit.run((client) => client.call('NO-SUCH-COMMAND'))).rejects.toThrow(/unknown command/);
      expect(circuit.up).toBe(true);
      await expect(circuit.run((client) => client.ping())).resolves.toBe('PONG');
    } finally {
      await circuit.close();
    }
  });

  it('opens on a time-out, fails at once while open, and closes by itself once Redis answers', async () => {
    const circuit = await connectRedis(redis.url, silentLogger);
    let recoveries = 0;
    circuit.onRecovered(() => recoveries++);
    try {
      redis.pause();
      const stalled = await elapsed(() => circuit.run((client) => client.ping()));
      expect(stalled.outcome).toBeInstanceOf(Error);
      expect(stalled.ms).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 50);
      expect(stalled.ms).toBeLessThan(COMMAND_TIMEOUT_MS + SLACK_MS);
      expect(circuit.up).toBe(false);

      const open = await elapsed(() => circuit.run((client) => client.ping()));
      expect(open.outcome).toBeInstanceOf(RedisCircuitOpenError);
      expect(open.ms).toBeLessThan(AT_ONCE_MS);

      redis.resume();
      const deadline = Date.now() + 5_000;
      while (!circuit.up && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(circuit.up).toBe(true);
      expect(recoveries).toBe(1);
      await expect(circuit.run((client) => client.ping())).resolves.toBe('PONG');
    } finally {
      redis.resume();
      await circuit.close();
    }
  });

  it('closes at once while Redis is stalled (no QUIT waiting for an answer)', async () => {
    const circuit = await connectRedis(redis.url, silentLogger);
    redis.pause();
    try {
      await circuit.run((client) => client.ping()).catch(() => undefined);
      expect(circuit.up).toBe(false);
      const closing = await elapsed(() => circuit.close());
      expect(closing.ms).toBeLessThan(AT_ONCE_MS);
    } finally {
      redis.resume();
    }
  });
});
