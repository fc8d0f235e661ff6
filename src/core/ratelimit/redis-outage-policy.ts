// What a limit shared through Redis does while Redis cannot be reached (README "When PostgreSQL or
// Redis is down"). `per-process`: the same limit, counted in this process alone, so traffic goes on
// with each process still bounded; `refuse`: the guarded action answers 503 until Redis is back, for
// limits whose whole point is a shared count (sign-in guesses).
import { serviceUnavailable } from '../errors/service-unavailable';
import type { ServiceLogger } from '../logger';
import type { RateLimitDecision, RateLimiter } from './rate-limiter';

export type RedisOutagePolicy = 'per-process' | 'refuse';

export class RedisOutageRateLimiter implements RateLimiter {
  private degraded = false;

  constructor(
    private readonly shared: RateLimiter,
    private readonly policy: RedisOutagePolicy,
    /** The in-memory limiter counting for this process during an outage (policy per-process). */
    private readonly local: RateLimiter,
    private readonly logger: ServiceLogger,
  ) {}

  async consume(key: string, limit: number, windowMs?: number): Promise<RateLimitDecision> {
    let decision: RateLimitDecision;
    try {
      decision = await this.shared.consume(key, limit, windowMs);
    } catch (error) {
      if (error instanceof RangeError) throw error; // the caller's mistake, not Redis's
      if (!this.degraded) this.logger.warn({ policy: this.policy, reason: (error as Error).message }, 'rate limits: redis unreachable');
      this.degraded = true;
      if (this.policy === 'refuse') throw serviceUnavailable('redis');
      return this.local.consume(key, limit, windowMs);
    }
    this.degraded = false;
    return decision;
  }

  async release(key: string): Promise<void> {
    try {
      await this.shared.release(key);
    } catch {
      // The reservation was counted here if Redis was already gone (per-process); refused otherwise.
      if (this.policy === 'per-process') await this.local.release(key);
    }
  }
}
