import { describe, it, expect } from 'vitest';
import { MemoryRateLimiter } from './memory-rate-limiter';
import { describeRateLimiterContract } from './rate-limiter.contract';

describe('MemoryRateLimiter', () => {
  describeRateLimiterContract((now) => new MemoryRateLimiter({ now }));

  it('answers synchronously', () => {
    const limiter = new MemoryRateLimiter({ now: () => 0 });
    expect(limiter.consume('client', 1)).toEqual({ allowed: true, retryAfterSeconds: 0, limit: 1, remaining: 0, resetSeconds: 1 });
  });

  it('evicts keys idle for a window, which behave as new keys', () => {
    let nowMs = 0;
    const limiter = new MemoryRateLimiter({ now: () => nowMs });
    for (let i = 0; i < 100; i++) limiter.consume(`client-${i}`, 1);
    nowMs = 999;
    limiter.consume('recent', 1);
    expect(limiter.size).toBe(101);

    nowMs = 1000;
    expect(limiter.consume('client-0', 1).allowed).toBe(true);
    expect(limiter.size).toBe(2);
  });
});
