import {
  assertValidRateLimit,
  MILLI_TOKENS_PER_REQUEST,
  RATE_LIMIT_ALLOWED,
  RATE_LIMIT_DENIED,
  REFILL_WINDOW_MS,
  type RateLimitDecision,
  type RateLimiter,
} from './rate-limiter';

interface Bucket {
  milliTokens: number;
  updatedAt: number;
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

  consume(key: string, limitPerSecond: number): RateLimitDecision {
    assertValidRateLimit(limitPerSecond);
    if (limitPerSecond === 0) return RATE_LIMIT_ALLOWED;
    const now = Math.floor(this.now());
    if (now - this.lastSweepAt >= REFILL_WINDOW_MS) this.evictFullBuckets(now);

    const capacity = limitPerSecond * MILLI_TOKENS_PER_REQUEST;
    const bucket = this.buckets.get(key);
    if (bucket === undefined) {
      this.buckets.set(key, { milliTokens: capacity - MILLI_TOKENS_PER_REQUEST, updatedAt: now });
      return RATE_LIMIT_ALLOWED;
    }
    // A clock that stepped back refills nothing.
    if (now > bucket.updatedAt) {
      bucket.milliTokens += Math.min(now - bucket.updatedAt, REFILL_WINDOW_MS) * limitPerSecond;
      bucket.updatedAt = now;
    }
    // Also clamps a bucket filled under a higher limit.
    bucket.milliTokens = Math.min(bucket.milliTokens, capacity);
    if (bucket.milliTokens < MILLI_TOKENS_PER_REQUEST) return RATE_LIMIT_DENIED;
    bucket.milliTokens -= MILLI_TOKENS_PER_REQUEST;
    return RATE_LIMIT_ALLOWED;
  }

  /** Runs at most once per refill window, so memory is bounded by the keys seen in ~2 s. */
  private evictFullBuckets(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.updatedAt >= REFILL_WINDOW_MS) this.buckets.delete(key);
    }
    this.lastSweepAt = now;
  }
}
