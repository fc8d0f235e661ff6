import {
  assertValidRateLimit,
  DEFAULT_WINDOW_MS,
  RATE_LIMIT_ALLOWED,
  rateLimitDenied,
  type RateLimitDecision,
  type RateLimiter,
} from './rate-limiter';

interface Bucket {
  /** Tokens in units of 1/windowMs request (see rate-limiter.ts). */
  units: number;
  updatedAt: number;
  windowMs: number;
}

export interface MemoryRateLimiterOptions {
  /** Current time in ms; defaults to Date.now. */
  now?: () => number;
}

/** Single-process token-bucket limiter (see rate-limiter.ts); answers synchronously. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;
  private lastSweepAt: number;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.lastSweepAt = Math.floor(this.now());
  }

  /** Number of keys currently tracked. */
  get size(): number {
    return this.buckets.size;
  }

  consume(key: string, limit: number, windowMs: number = DEFAULT_WINDOW_MS): RateLimitDecision {
    assertValidRateLimit(limit, windowMs);
    if (limit === 0) return RATE_LIMIT_ALLOWED;
    const now = Math.floor(this.now());
    if (now - this.lastSweepAt >= DEFAULT_WINDOW_MS) this.evictFullBuckets(now);

    const cost = windowMs;
    const capacity = limit * windowMs;
    const bucket = this.buckets.get(key);
    if (bucket === undefined) {
      this.buckets.set(key, { units: capacity - cost, updatedAt: now, windowMs });
      return RATE_LIMIT_ALLOWED;
    }
    bucket.windowMs = windowMs;
    // A clock that stepped back refills nothing.
    if (now > bucket.updatedAt) {
      bucket.units += Math.min(now - bucket.updatedAt, windowMs) * limit;
      bucket.updatedAt = now;
    }
    // Also clamps a bucket filled under a higher limit.
    bucket.units = Math.min(bucket.units, capacity);
    if (bucket.units < cost) return rateLimitDenied(bucket.units, limit, windowMs);
    bucket.units -= cost;
    return RATE_LIMIT_ALLOWED;
  }

  /**
   * Runs at most once a second; a bucket idle for its window is full, so forgetting it changes
   * nothing. Memory is bounded by the keys seen within their windows.
   */
  private evictFullBuckets(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.updatedAt >= bucket.windowMs) this.buckets.delete(key);
    }
    this.lastSweepAt = now;
  }
}
