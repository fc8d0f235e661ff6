/**
 * Per-key request rate limiting ("rateLimitQps" of partner clients, the token endpoint's failure
 * budgets, sign-in attempts).
 *
 * Algorithm (shared by all stores): a sliding-window log. A key keeps the times of the requests
 * it was allowed in the last window; a request is allowed while fewer than `limit` of them are
 * younger than one window, and frees its place exactly one window after it was allowed. So no
 * window of that length, wherever it starts, holds more than `limit` allowed requests (a closed
 * interval can hold one more: a request at its start and one exactly a window later), a burst of
 * up to `limit` passes at once, and there is no window edge where 2x passes, as with fixed windows
 * or a token bucket (which lets a full bucket plus a window of refill through one window).
 * Times are stamped never earlier than the key's newest entry, so a clock that steps back frees
 * nothing early. The price: memory per key is one number per request allowed in the window (at
 * most `limit`); stores drop a key once its newest entry is a window old.
 */

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Value for the Retry-After header: 0 when allowed, >= 1 when denied. */
  readonly retryAfterSeconds: number;
  /** The limit applied; 0 = unlimited (then there is nothing to announce). */
  readonly limit: number;
  /** Requests still allowed in the window after this one. */
  readonly remaining: number;
  /** Seconds until the oldest request counted leaves the window (one more place frees up). */
  readonly resetSeconds: number;
}

export interface RateLimiter {
  /**
   * Spends one request of `key`'s budget of `limit` requests per `windowMs` (a non-negative
   * integer, 0 = unlimited; the window a positive integer of ms, default one second). A key
   * should keep one window. The in-memory store answers synchronously; `await` the result
   * either way. Throws RangeError for an invalid limit or window.
   */
  consume(key: string, limit: number, windowMs?: number): RateLimitDecision | Promise<RateLimitDecision>;
  /**
   * Gives back the newest request counted for `key`: for a reservation taken before costly work
   * that turned out not to count (a secret that verified). Under concurrency the newest entry may
   * be another caller's, a few ms younger: the window is then lenient by those ms, never stricter.
   */
  release(key: string): void | Promise<void>;
}

/** Allowed by an unlimited key: nothing to count, nothing to announce. */
export const RATE_LIMIT_UNLIMITED: RateLimitDecision = Object.freeze({ allowed: true, retryAfterSeconds: 0, limit: 0, remaining: 0, resetSeconds: 0 });

/** The default window: limits are per second unless a caller names another window. */
export const DEFAULT_WINDOW_MS = 1000;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The decision for a key whose log held `count` entries younger than a window before this request,
 * `oldest` the first of them (or now, for an empty log) and `blocking` the entry whose expiry would
 * free a place (`count - limit` from the oldest).
 */
export function rateLimitDecision(input: { allowed: boolean; count: number; limit: number; windowMs: number; now: number; oldest: number; blocking: number }): RateLimitDecision {
  const { allowed, count, limit, windowMs, now } = input;
  if (!allowed) {
    const waitSeconds = seconds(input.blocking + windowMs - now);
    return { allowed, retryAfterSeconds: waitSeconds, limit, remaining: 0, resetSeconds: waitSeconds };
  }
  return { allowed, retryAfterSeconds: 0, limit, remaining: limit - count - 1, resetSeconds: seconds(input.oldest + windowMs - now) };
}

export function assertValidRateLimit(limit: number, windowMs: number): void {
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new RangeError(`rate limit must be a non-negative integer, got ${limit}`);
  }
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) {
    throw new RangeError(`rate limit window must be a positive integer of ms, got ${windowMs}`);
  }
}

/** The headers of the IETF RateLimit draft (and Retry-After on a denial) for a decision; none when unlimited. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  if (decision.limit === 0) return {};
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.retryAfterSeconds);
  return headers;
}
