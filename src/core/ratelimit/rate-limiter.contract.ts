import { beforeEach, describe, expect, it } from 'vitest';
import type { RateLimiter } from './rate-limiter';

/** Behaviour every RateLimiter store must show; run from each store's test file. */
export function describeRateLimiterContract(createLimiter: (now: () => number) => RateLimiter): void {
  describe('RateLimiter contract', () => {
    const start = 1_700_000_000_000;
    let nowMs = start;
    let limiter: RateLimiter;

    beforeEach(() => {
      nowMs = start;
      limiter = createLimiter(() => nowMs);
    });

    async function allowedAt(atMs: number, key: string, limitPerSecond: number): Promise<boolean> {
      nowMs = start + atMs;
      return (await limiter.consume(key, limitPerSecond)).allowed;
    }

    // Each step: [ms since start, expected allowed]; all steps use one key and limit.
    const timelines: Array<[name: string, limitPerSecond: number, steps: Array<[number, boolean]>]> = [
      ['allows a burst up to the limit, then denies', 3, [[0, true], [0, true], [0, true], [0, false], [0, false]]],
      ['refills the whole limit after one second', 3, [[0, true], [0, true], [0, true], [0, false], [1000, true], [1000, true], [1000, true], [1000, false]]],
      ['refills one request per 1/limit second, exactly', 3, [[0, true], [0, true], [0, true], [333, false], [334, true], [334, false], [1000, true], [1000, true], [1000, false]]],
      ['banks at most the limit while idle', 2, [[0, true], [60_000, true], [60_000, true], [60_000, false]]],
      ['refills nothing when the clock steps back', 1, [[1000, true], [0, false], [1999, false], [2000, true]]],
      ['limit 1 allows one request per second', 1, [[0, true], [999, false], [1000, true], [1500, false], [2000, true]]],
    ];

    it.each(timelines)('%s (limit %i)', async (_name, limitPerSecond, steps) => {
      const outcomes: Array<[number, boolean]> = [];
      for (const [atMs] of steps) outcomes.push([atMs, await allowedAt(atMs, 'client', limitPerSecond)]);
      expect(outcomes).toEqual(steps);
    });

    it('answers Retry-After 0 when allowed and >= 1 when denied', async () => {
      expect(await limiter.consume('client', 1)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      expect(await limiter.consume('client', 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    });

    it('treats limit 0 as unlimited', async () => {
      for (let i = 0; i < 1000; i++) {
        expect(await limiter.consume('client', 0)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      }
    });

    it('keeps keys independent', async () => {
      expect(await allowedAt(0, 'a', 1)).toBe(true);
      expect(await allowedAt(0, 'a', 1)).toBe(false);
      expect(await allowedAt(0, 'b', 1)).toBe(true);
      expect(await allowedAt(0, 'b', 1)).toBe(false);
    });

    it('caps a bucket at a lowered limit', async () => {
      expect(await allowedAt(0, 'client', 10)).toBe(true);
      const afterLowering: boolean[] = [];
      for (let i = 0; i < 3; i++) afterLowering.push(await allowedAt(0, 'client', 2));
      expect(afterLowering).toEqual([true, true, false]);
    });

    it('refills at a raised limit without granting the difference at once', async () => {
      expect(await allowedAt(0, 'client', 1)).toBe(true);
      expect(await allowedAt(0, 'client', 5)).toBe(false);
      expect(await allowedAt(199, 'client', 5)).toBe(false);
      expect(await allowedAt(200, 'client', 5)).toBe(true);
    });

    it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects limit %s', async (limitPerSecond) => {
      await expect(async () => limiter.consume('client', limitPerSecond)).rejects.toThrow(RangeError);
    });
  });
}
