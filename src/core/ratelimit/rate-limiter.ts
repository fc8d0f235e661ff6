/**
 * Per-key request rate limiting ("rateLimitQps" of partner clients, sign-in attempts).
 *
 * Algorithm (shared by all stores): a token bucket with capacity = limit and refill = limit
 * per window (equivalent to GCRA); the window is one second unless the caller names another.
 * It keeps two integers per key, which Redis can update atomically in one hash; it has no
 * fixed-window edge where 2x the limit passes at once; and it tolerates a burst of up to
 * `limit` requests. The price: any one window can see up to ~2x limit (a full bucket plus one
 * window of refill); the long-run rate is `limit` per window.
 * Integer arithmetic: one request costs `windowMs` units, the capacity is limit x windowMs
 * units and elapsed ms refill limit units each, so nothing is ever rounded.
 */

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Value for the Retry-After header: 0 when allowed, >= 1 when denied. */
  readonly retryAfterSeconds: number;
}

export interface RateLimiter {
  /**
   * Spends one request of `key`'s budget of `limit` requests per `windowMs` (a non-negative
   * integer, 0 = unlimited; the window a positive integer of ms, default one second). A key
   * should keep one window. The in-memory store answers synchronously; `await` the result
   * either way. Throws RangeError for an invalid limit or window.
   */
  consume(key: string, limit: number, windowMs?: number): RateLimitDecision | Promise<RateLimitDecision>;
}

export const RATE_LIMIT_ALLOWED: RateLimitDecision = Object.freeze({ allowed: true, retryAfterSeconds: 0 });

/** The default window: limits are per second unless a caller names another window. */
export const DEFAULT_WINDOW_MS = 1000;

/**
 * The denial for a bucket holding `units` (< cost = windowMs): the next request is possible once
 * (windowMs - units) / limit ms have passed. A bucket's capacity equals its refill per window,
 * so the wait is never longer than one window (1 s for per-second limits).
 */
export function rateLimitDenied(units: number, limit: number, windowMs: number): RateLimitDecision {
  const waitMs = Math.ceil((windowMs - units) / limit);
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

export function assertValidRateLimit(limit: number, windowMs: number): void {
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new RangeError(`rate limit must be a non-negative integer, got ${limit}`);
  }
  if (!Number.isSafeInteger(windowMs) || windowMs < 1 || !Number.isSafeInteger(limit * windowMs)) {
    throw new RangeError(`rate limit window must be a positive integer of ms, got ${windowMs}`);
  }
}
