import type { Redis } from 'ioredis';
import type { RedisCircuit } from '../cache/redis';
import {
  assertValidRateLimit,
  DEFAULT_WINDOW_MS,
  RATE_LIMIT_UNLIMITED,
  rateLimitDecision,
  type RateLimitDecision,
  type RateLimiter,
} from './rate-limiter';

/**
 * The sliding-window log of rate-limiter.ts as one atomic script, so processes sharing a Redis
 * share each limit. KEYS[1]: a list of allowed times (ms), oldest first. ARGV: limit, now ms,
 * window ms, extra TTL ms. Returns {allowed 1/0, entries counted before this request, oldest
 * counted entry (or now), the entry whose expiry frees a place}. A denial writes nothing.
 */
const CONSUME_SCRIPT = `
local limit = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local count = redis.call('LLEN', KEYS[1])
while count > 0 and tonumber(redis.call('LINDEX', KEYS[1], 0)) <= now - window do
  redis.call('LPOP', KEYS[1])
  count = count - 1
end
local oldest = now
if count > 0 then oldest = tonumber(redis.call('LINDEX', KEYS[1], 0)) end
if count >= limit then
  return {0, count, oldest, tonumber(redis.call('LINDEX', KEYS[1], count - limit))}
end
local stamp = now
if count > 0 then stamp = math.max(now, tonumber(redis.call('LINDEX', KEYS[1], -1))) end
redis.call('RPUSH', KEYS[1], stamp)
redis.call('PEXPIRE', KEYS[1], stamp - now + window + tonumber(ARGV[4]))
return {1, count, oldest, oldest}
`;

const COMMAND_NAME = 'openbuyRateLimitConsume';

interface RateLimitCommands {
  [COMMAND_NAME](key: string, limit: number, nowMs: number, windowMs: number, skewMarginMs: number): Promise<[number, number, number, number]>;
}

export interface RedisRateLimiterOptions {
  /** Connection owned by the caller, who also closes it; while its circuit is open, calls fail at once. */
  redis: RedisCircuit;
  /** Prepended to every key; defaults to 'openbuy:ratelimit:'. */
  keyPrefix?: string;
  /** Current time in ms (all processes sharing a limit should have synchronized clocks). */
  now?: () => number;
}

/** Sliding-window limiter shared by every process using the same Redis and key prefix. */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: RedisCircuit;
  private readonly keyPrefix: string;
  private readonly now: () => number;

  constructor(options: RedisRateLimiterOptions) {
    // ioredis sends EVALSHA and falls back to EVAL when the script cache lacks it.
    options.redis.client.defineCommand(COMMAND_NAME, { numberOfKeys: 1, lua: CONSUME_SCRIPT });
    this.redis = options.redis;
    this.keyPrefix = options.keyPrefix ?? 'openbuy:ratelimit:';
    this.now = options.now ?? Date.now;
  }

  /** The one place a limiter key becomes a Redis key. */
  private redisKey(key: string): string {
    return this.keyPrefix + key;
  }

  async consume(key: string, limit: number, windowMs: number = DEFAULT_WINDOW_MS): Promise<RateLimitDecision> {
    assertValidRateLimit(limit, windowMs);
    if (limit === 0) return RATE_LIMIT_UNLIMITED;
    const now = Math.floor(this.now());
    // A log counts nothing once its newest entry is a window old; the extra window absorbs clock
    // skew between the processes that supply `now`.
    const [allowed, count, oldest, blocking] = await this.redis.run((client) =>
      (client as Redis & RateLimitCommands)[COMMAND_NAME](this.redisKey(key), limit, now, windowMs, windowMs),
    );
    return rateLimitDecision({ allowed: allowed === 1, count, limit, windowMs, now, oldest, blocking });
  }

  async release(key: string): Promise<void> {
    await this.redis.run((client) => client.rpop(this.redisKey(key)));
  }
}
