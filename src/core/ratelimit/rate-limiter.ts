/**
 * Per-key request rate limiting ("rateLimitQps" of partner clients).
 *
 * Algorithm (shared by all stores): a token bucket with capacity = limit and refill = limit
 * per second (equivalent to GCRA). It keeps two integers per key, which Redis can update
 * atomically in one hash; it has no fixed-window edge where 2x the limit passes at once; and
 * it tolerates a client burst of up to `limit` requests. The price: any 1-second window can
 * see up to ~2x limit (a full bucket plus one second of refill); the long-run rate is `limit`.
 * Tokens are counted in thousandths, so refill = elapsed ms x limit is an exact integer.
 */

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Value for the Retry-After header: 0 when allowed, >= 1 when denied. */
  readonly retryAfterSeconds: number;
}

export interface RateLimiter {
  /**
   * Spends one request of `key`'s budget of `limitPerSecond` (a non-negative integer,
   * 0 = unlimited). The in-memory store answers synchronously; `await` the result either way.
   * Throws RangeError for an invalid limit.
   */
  consume(key: string, limitPerSecond: number): RateLimitDecision | Promise<RateLimitDecision>;
}

export const RATE_LIMIT_ALLOWED: RateLimitDecision = Object.freeze({ allowed: true, retryAfterSeconds: 0 });

// A bucket's capacity equals its per-second refill, so the next token is at most 1 s away.
export const RATE_LIMIT_DENIED: RateLimitDecision = Object.freeze({ allowed: false, retryAfterSeconds: 1 });

/** Tokens are counted in thousandths; one request costs this many. */
export const MILLI_TOKENS_PER_REQUEST = 1000;

/** An empty bucket is full again after this long, so older state is equivalent to none. */
export const REFILL_WINDOW_MS = 1000;

export function assertValidRateLimit(limitPerSecond: number): void {
  if (!Number.isSafeInteger(limitPerSecond) || limitPerSecond < 0) {
    throw new RangeError(`rate limit must be a non-negative integer, got ${limitPerSecond}`);
  }
}
