import {
  assertValidRateLimit,
  DEFAULT_WINDOW_MS,
  RATE_LIMIT_UNLIMITED,
  rateLimitDecision,
  type RateLimitDecision,
  type RateLimiter,
} from './rate-limiter';

/** The sliding-window log of one key (see rate-limiter.ts): allowed times, oldest first, from `head`. */
interface Log {
  stamps: number[];
  head: number;
  windowMs: number;
}

export interface MemoryRateLimiterOptions {
  /** Current time in ms; defaults to Date.now. */
  now?: () => number;
}

/** Single-process sliding-window limiter (see rate-limiter.ts); answers synchronously. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, Log>();
  private readonly now: () => number;
  private lastSweepAt: number;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.lastSweepAt = Math.floor(this.now());
  }

  /** Number of keys currently tracked. */
  get size(): number {
    return this.logs.size;
  }

  consume(key: string, limit: number, windowMs: number = DEFAULT_WINDOW_MS): RateLimitDecision {
    assertValidRateLimit(limit, windowMs);
    if (limit === 0) return RATE_LIMIT_UNLIMITED;
    const now = Math.floor(this.now());
    if (now - this.lastSweepAt >= DEFAULT_WINDOW_MS) this.evictIdleLogs(now);

    let log = this.logs.get(key);
    if (log === undefined) {
      log = { stamps: [], head: 0, windowMs };
      this.logs.set(key, log);
    }
    log.windowMs = windowMs;
    const { stamps } = log;
    while (log.head < stamps.length && (stamps[log.head] as number) <= now - windowMs) log.head += 1;
    // Drop the expired prefix once it is most of the array: amortised O(1) per request.
    if (log.head > 32 && log.head * 2 > stamps.length) {
      stamps.splice(0, log.head);
      log.head = 0;
    }
    const count = stamps.length - log.head;
    const oldest = count > 0 ? (stamps[log.head] as number) : now;
    if (count >= limit) {
      return rateLimitDecision({ allowed: false, count, limit, windowMs, now, oldest, blocking: stamps[log.head + count - limit] as number });
    }
    stamps.push(count > 0 ? Math.max(now, stamps[stamps.length - 1] as number) : now);
    return rateLimitDecision({ allowed: true, count, limit, windowMs, now, oldest, blocking: oldest });
  }

  release(key: string): void {
    const log = this.logs.get(key);
    if (log && log.stamps.length > log.head) log.stamps.pop();
  }

  /**
   * Runs at most once a second; a log whose newest entry is a window old counts nothing, so
   * forgetting it changes nothing. Memory is bounded by the keys seen within their windows.
   */
  private evictIdleLogs(now: number): void {
    for (const [key, log] of this.logs) {
      const newest = log.stamps[log.stamps.length - 1];
      if (newest === undefined || newest <= now - log.windowMs) this.logs.delete(key);
    }
    this.lastSweepAt = now;
  }
}
