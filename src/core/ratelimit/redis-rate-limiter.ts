import type { Redis } from 'ioredis';
import {
  assertValidRateLimit,
  MILLI_TOKENS_PER_REQUEST,
  RATE_LIMIT_ALLOWED,
  RATE_LIMIT_DENIED,
  REFILL_WINDOW_MS,
  type RateLimitDecision,
  type RateLimiter,
} from './rate-limiter';

/**
 * The token bucket of rate-limiter.ts as one atomic script, so processes sharing a Redis
 * share each limit. KEYS[1]: hash {m = milli-tokens, t = updated-at ms}. ARGV: limit per
 * second, now ms, milli-tokens per request, refill window ms, key TTL ms. Returns 1 = allowed.
 * A denial writes nothing: recomputing from the older state gives the same answer.
 */
const CONSUME_SCRIPT = `
local limit = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local capacity = limit * cost
local state = redis.call('HMGET', KEYS[1], 'm', 't')
local milliTokens = tonumber(state[1]) or capacity
local updatedAt = tonumber(state[2]) or now
if now > updatedAt then
  milliTokens = milliTokens + math.min(now - updatedAt, tonumber(ARGV[4])) * limit
  updatedAt = now
end
milliTokens = math.min(milliTokens, capacity)
if milliTokens < cost then
  return 0
end
redis.call('HSET', KEYS[1], 'm', milliTokens - cost, 't', updatedAt)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

const COMMAND_NAME = 'openbuyRateLimitConsume';

// A bucket is full one refill window after its last update; the extra window absorbs clock
// skew between the processes that supply `now`.
const KEY_TTL_MS = 2 * REFILL_WINDOW_MS;

interface RateLimitCommands {
  [COMMAND_NAME](
    key: string,
    limitPerSecond: number,
    nowMs: number,
    milliTokensPerRequest: number,
    refillWindowMs: number,
    keyTtlMs: number,
  ): Promise<number>;
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

  async consume(key: string, limitPerSecond: number): Promise<RateLimitDecision> {
    assertValidRateLimit(limitPerSecond);
    if (limitPerSecond === 0) return RATE_LIMIT_ALLOWED;
    const allowed = await this.redis[COMMAND_NAME](
      this.keyPrefix + key,
      limitPerSecond,
      Math.floor(this.now()),
      MILLI_TOKENS_PER_REQUEST,
      REFILL_WINDOW_MS,
      KEY_TTL_MS,
    );
    return allowed === 1 ? RATE_LIMIT_ALLOWED : RATE_LIMIT_DENIED;
  }
}
