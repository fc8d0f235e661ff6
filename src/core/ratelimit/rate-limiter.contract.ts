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

    describe('with a window other than one second', () => {
      const minute = 60_000;
      const quarterHour = 15 * minute;

      async function decisionAt(atMs: number, key: string, limit: number, windowMs: number) {
        nowMs = start + atMs;
        return limiter.consume(key, limit, windowMs);
      }

      // Each step: [ms since start, expected allowed]; all steps use one key, limit and window.
      const windowed: Array<[name: string, limit: number, windowMs: number, steps: Array<[number, boolean]>]> = [
        ['allows a burst up to the limit per window, then denies', 5, quarterHour, [[0, true], [0, true], [0, true], [0, true], [0, true], [0, false], [minute, false]]],
        ['refills one request per window/limit, exactly', 5, quarterHour, [[0, true], [0, true], [0, true], [0, true], [0, true], [179_999, false], [180_000, true], [180_000, false]]],
        ['refills the whole limit after one window', 3, minute, [[0, true], [0, true], [0, true], [0, false], [minute, true], [minute, true], [minute, true], [minute, false]]],
        ['banks at most the limit while idle', 2, minute, [[0, true], [10 * quarterHour, true], [10 * quarterHour, true], [10 * quarterHour, false]]],
        ['refills nothing when the clock steps back', 1, minute, [[minute, true], [0, false], [2 * minute - 1, false], [2 * minute, true]]],
        ['works with windows shorter than a second', 2, 100, [[0, true], [0, true], [0, false], [50, true], [50, false], [100, true]]],
      ];

      it.each(windowed)('%s (limit %i per %i ms)', async (_name, limit, windowMs, steps) => {
        const outcomes: Array<[number, boolean]> = [];
        for (const [atMs] of steps) outcomes.push([atMs, (await decisionAt(atMs, 'client', limit, windowMs)).allowed]);
        expect(outcomes).toEqual(steps);
      });

      it('answers Retry-After as the whole seconds until the next request is possible', async () => {
        for (let i = 0; i < 5; i++) expect(await decisionAt(0, 'client', 5, quarterHour)).toEqual({ allowed: true, retryAfterSeconds: 0 });
        expect(await decisionAt(0, 'client', 5, quarterHour)).toEqual({ allowed: false, retryAfterSeconds: 180 });
        expect(await decisionAt(179_001, 'client', 5, quarterHour)).toEqual({ allowed: false, retryAfterSeconds: 1 });
        expect(await decisionAt(100_500, 'other', 1, minute)).toEqual({ allowed: true, retryAfterSeconds: 0 });
        expect(await decisionAt(100_500, 'other', 1, minute)).toEqual({ allowed: false, retryAfterSeconds: 60 });
        expect(await decisionAt(130_000, 'other', 1, minute)).toEqual({ allowed: false, retryAfterSeconds: 31 });
      });

      it('refills each key at the pace of its own window', async () => {
        expect(await allowedAt(0, 'per-second', 1)).toBe(true);
        expect((await decisionAt(0, 'per-minute', 1, minute)).allowed).toBe(true);
        expect(await allowedAt(1000, 'per-second', 1)).toBe(true);
        expect((await decisionAt(1000, 'per-minute', 1, minute)).allowed).toBe(false);
      });

      it.each([0, -1, 1.5, Number.NaN])('rejects window %s', async (windowMs) => {
        await expect(async () => limiter.consume('client', 1, windowMs)).rejects.toThrow(RangeError);
      });
    });
  });
}
