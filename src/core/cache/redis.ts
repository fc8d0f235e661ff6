// Redis as the service uses it: one way to connect (fail fast while Redis is away, reconnect forever
// in the background) and one way to name keys and channels (REDIS_PREFIX first, so deployments or
// test runs sharing a Redis share nothing).
import { Redis, type RedisOptions } from 'ioredis';
import type { ServiceLogger } from '../logger';

/** REDIS_PREFIX unless configured: keys read `openbuy:ratelimit:...`, channels `openbuy:invalidate:...`. */
export const DEFAULT_REDIS_PREFIX = 'openbuy:';

/** The name of a key, key prefix or channel: every name the service gives Redis goes through here. */
export function redisName(prefix: string, name: string): string {
  return prefix + name;
}

/** A command answers within this time or fails (a stalled Redis must not stall requests). */
const COMMAND_TIMEOUT_MS = 1_000;
/** Reconnect attempts back off up to this pause, and never stop. */
const MAX_RECONNECT_PAUSE_MS = 2_000;

const FAIL_FAST: RedisOptions = {
  // No queue while disconnected and one retry: a command fails at once instead of waiting for Redis.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: COMMAND_TIMEOUT_MS,
  connectTimeout: 2 * COMMAND_TIMEOUT_MS,
  retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_PAUSE_MS),
  lazyConnect: true,
};

/**
 * Logs the loss and the return of a connection once each (not every reconnect attempt). Without an
 * `error` listener ioredis would print every failed attempt to stderr.
 */
export function watchRedisConnection(redis: Redis, role: string, logger: ServiceLogger): void {
  let lost = false;
  redis.on('error', (error: Error) => {
    if (lost) return;
    lost = true;
    logger.warn({ role, reason: error.message }, 'redis unreachable; reconnecting in the background');
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger.info({ role }, 'redis reachable again');
  });
}

/** A connected client (start-up needs Redis); later outages make commands fail fast until it is back. */
export async function connectRedis(url: string, logger: ServiceLogger): Promise<Redis> {
  const redis = new Redis(url, FAIL_FAST);
  watchRedisConnection(redis, 'commands', logger);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect(); // no reconnect loop behind a start-up that failed
    throw error;
  }
  return redis;
}

/** Closes politely when Redis answers, at once when it does not (quit would wait for a dead server). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
