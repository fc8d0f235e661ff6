import type { Redis } from 'ioredis';
import {
  assertValidRateLimit,
  DEFAULT_WINDOW_MS,
  RATE_LIMIT_ALLOWED,
  rateLimitDenied,
  type RateLimitDecision,
  type RateLimiter,
} from './rate-limiter';

/**
 * The token bucket of rate-limiter.ts as one atomic script, so processes sharing a Redis
 * share each limit. KEYS[1]: hash {m = units, t = updated-at ms}. ARGV: limit per window,
 * now ms, window ms (= the cost of one request and the longest useful refill), key TTL ms.
 * Returns -1 when allowed, else the units the bucket holds (for the Retry-After).
 * A denial writes nothing: recomputing from the older state gives the same answer.
 */
const CONSUME_SCRIPT = `
local limit = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local capacity = limit * cost
local state = redis.call('HMGET', KEYS[1], 'm', 't')
local units = tonumber(state[1]) or capacity
local updatedAt = tonumber(state[2]) or now
if now > updatedAt then
  units = units + math.min(now - updatedAt, cost) * limit
  updatedAt = now
end
units = math.min(units, capacity)
if units < cost then
  return units
end
redis.call('HSET', KEYS[1], 'm', units - cost, 't', updatedAt)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return -1
`;

const COMMAND_NAME = 'openbuyRateLimitConsume';

interface RateLimitCommands {
  [COMMAND_NAME](key: string, limit: number, nowMs: number, windowMs: number, keyTtlMs: number): Promise<number>;
}

export interface RedisRateLimiterOptions {
  /** Connection owned by the caller, who also closes it. */
  redis: Redis;
  /** Prepended to every key; defaults to 'openbuy:ratelimit:'. */
  keyPrefix?: string;
  /** Current time in ms (all processes sharing a limit should have synchronized clocks). */
  now?: () => number;
}

/** Token-bucket limiter shared by every process using the same Redis and key prefix. */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis & RateLimitCommands;
  private readonly keyPrefix: string;
  private readonly now: () => number;

  constructor(options: RedisRateLimiterOptions) {
    // ioredis sends EVALSHA and falls back to EVAL when the script cache lacks it.
    options.redis.defineCommand(COMMAND_NAME, { numberOfKeys: 1, lua: CONSUME_SCRIPT });
    this.redis = options.redis as Redis & RateLimitCommands;
    this.keyPrefix = options.keyPrefix ?? 'openbuy:ratelimit:';
    this.now = options.now ?? Date.now;
  }

  async consume(key: string, limit: number, windowMs: number = DEFAULT_WINDOW_MS): Promise<RateLimitDecision> {
    assertValidRateLimit(limit, windowMs);
    if (limit === 0) return RATE_LIMIT_ALLOWED;
    // A bucket is full one window after its last update; the extra window absorbs clock skew
    // between the processes that supply `now`.
    const keyTtlMs = 2 * windowMs;
    const units = await this.redis[COMMAND_NAME](this.keyPrefix + key, limit, Math.floor(this.now()), windowMs, keyTtlMs);
    return units < 0 ? RATE_LIMIT_ALLOWED : rateLimitDenied(units, limit, windowMs);
  }
}
