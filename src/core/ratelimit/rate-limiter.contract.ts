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
      ['frees each place exactly one second after its request', 3, [[0, true], [300, true], [600, true], [999, false], [1000, true], [1000, false], [1299, false], [1300, true], [1300, false], [1600, true]]],
      ['has no window edge: a burst at the end of one second leaves nothing for the start of the next', 3, [[999, true], [999, true], [999, true], [1000, false], [1998, false], [1999, true]]],
      ['banks at most the limit while idle', 2, [[0, true], [60_000, true], [60_000, true], [60_000, false]]],
      ['refills nothing when the clock steps back', 1, [[1000, true], [0, false], [1999, false], [2000, true]]],
      ['limit 1 allows one request per second', 1, [[0, true], [999, false], [1000, true], [1500, false], [2000, true]]],
      ['stamps a request after a clock step back with the newest time', 2, [[1000, true], [0, true], [0, false], [1999, false], [2000, true]]],
    ];

    it.each(timelines)('%s (limit %i)', async (_name, limitPerSecond, steps) => {
      const outcomes: Array<[number, boolean]> = [];
      for (const [atMs] of steps) outcomes.push([atMs, await allowedAt(atMs, 'client', limitPerSecond)]);
      expect(outcomes).toEqual(steps);
    });

    it('answers Retry-After 0 when allowed and >= 1 when denied', async () => {
      expect(await limiter.consume('client', 1)).toEqual({ allowed: true, retryAfterSeconds: 0, limit: 1, remaining: 0, resetSeconds: 1 });
      expect(await limiter.consume('client', 1)).toEqual({ allowed: false, retryAfterSeconds: 1, limit: 1, remaining: 0, resetSeconds: 1 });
    });

    it('counts down the remaining requests, and resets when the oldest request leaves the window', async () => {
      const decisions = [];
      for (const atMs of [0, 400, 900, 1200]) {
        nowMs = start + atMs;
        decisions.push(await limiter.consume('client', 3, 2000));
      }
      expect(decisions.map(({ allowed, remaining, resetSeconds, retryAfterSeconds }) => ({ allowed, remaining, resetSeconds, retryAfterSeconds }))).toEqual([
        { allowed: true, remaining: 2, resetSeconds: 2, retryAfterSeconds: 0 },
        { allowed: true, remaining: 1, resetSeconds: 2, retryAfterSeconds: 0 },
        { allowed: true, remaining: 0, resetSeconds: 2, retryAfterSeconds: 0 },
        { allowed: false, remaining: 0, resetSeconds: 1, retryAfterSeconds: 1 },
      ]);
    });

    it('treats limit 0 as unlimited', async () => {
      for (let i = 0; i < 1000; i++) {
        expect(await limiter.consume('client', 0)).toEqual({ allowed: true, retryAfterSeconds: 0, limit: 0, remaining: 0, resetSeconds: 0 });
      }
    });

    it('gives back the newest request on release', async () => {
      expect(await allowedAt(0, 'client', 2)).toBe(true);
      expect(await allowedAt(500, 'client', 2)).toBe(true);
      await limiter.release('client');
      expect(await allowedAt(500, 'client', 2)).toBe(true);
      expect(await allowedAt(500, 'client', 2)).toBe(false);
      await limiter.release('never-used');
      expect(await allowedAt(500, 'never-used', 1)).toBe(true);
    });

    it('never allows more than the limit in any window, wherever it starts (random arrivals)', async () => {
      // A fixed pseudo-random sequence: bursts and gaps at random ms over 20 s, for limits 1..7.
      let seed = 12345;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      for (let limitPerSecond = 1; limitPerSecond <= 7; limitPerSecond++) {
        const key = `random-${limitPerSecond}`;
        const accepted: number[] = [];
        let atMs = 0;
        while (atMs < 20_000) {
          atMs += random() < 0.3 ? 0 : Math.floor(random() * 120);
          if (await allowedAt(atMs, key, limitPerSecond)) accepted.push(atMs);
        }
        // The busiest window starts at an accepted request: count every such window [t, t + 1000).
        const busiest = Math.max(...accepted.map((from) => accepted.filter((at) => at >= from && at < from + 1000).length));
        expect({ limitPerSecond, busiest }).toEqual({ limitPerSecond, busiest: limitPerSecond });
        // And the limit is reached: the long-run rate is the limit, not less.
        expect(accepted.length).toBeGreaterThanOrEqual(limitPerSecond * 18);
      }
    });

    it('keeps keys independent', async () => {
      expect(await allowedAt(0, 'a', 1)).toBe(true);
      expect(await allowedAt(0, 'a', 1)).toBe(false);
      expect(await allowedAt(0, 'b', 1)).toBe(true);
      expect(await allowedAt(0, 'b', 1)).toBe(false);
    });

    it('counts the requests already in the window against a lowered limit', async () => {
      const outcomes: boolean[] = [];
      for (let i = 0; i < 3; i++) outcomes.push(await allowedAt(0, 'client', 10));
      outcomes.push(await allowedAt(0, 'client', 2));
      for (let i = 0; i < 3; i++) outcomes.push(await allowedAt(1000, 'client', 2));
      expect(outcomes).toEqual([true, true, true, false, true, true, false]);
    });

    it('applies a raised limit at once to the requests in the window', async () => {
      const outcomes: boolean[] = [];
      for (let i = 0; i < 2; i++) outcomes.push(await allowedAt(0, 'client', 1));
      for (let i = 0; i < 3; i++) outcomes.push(await allowedAt(0, 'client', 3));
      expect(outcomes).toEqual([true, false, true, true, false]);
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
        ['frees each place one window after its request', 5, quarterHour, [[0, true], [minute, true], [minute, true], [minute, true], [minute, true], [minute, false], [quarterHour - 1, false], [quarterHour, true], [quarterHour, false], [quarterHour + minute - 1, false], [quarterHour + minute, true]]],
        ['refills the whole limit after one window', 3, minute, [[0, true], [0, true], [0, true], [0, false], [minute, true], [minute, true], [minute, true], [minute, false]]],
        ['banks at most the limit while idle', 2, minute, [[0, true], [10 * quarterHour, true], [10 * quarterHour, true], [10 * quarterHour, false]]],
        ['refills nothing when the clock steps back', 1, minute, [[minute, true], [0, false], [2 * minute - 1, false], [2 * minute, true]]],
        ['works with windows shorter than a second', 2, 100, [[0, true], [0, true], [0, false], [99, false], [100, true], [100, true], [100, false]]],
      ];

      it.each(windowed)('%s (limit %i per %i ms)', async (_name, limit, windowMs, steps) => {
        const outcomes: Array<[number, boolean]> = [];
        for (const [atMs] of steps) outcomes.push([atMs, (await decisionAt(atMs, 'client', limit, windowMs)).allowed]);
        expect(outcomes).toEqual(steps);
      });

      it('answers Retry-After as the whole seconds until the next request is possible', async () => {
        const retryAfter = async (atMs: number, key: string, limit: number, windowMs: number) => {
          const { allowed, retryAfterSeconds } = await decisionAt(atMs, key, limit, windowMs);
          return { allowed, retryAfterSeconds };
        };
        for (let i = 0; i < 5; i++) expect(await retryAfter(0, 'client', 5, quarterHour)).toEqual({ allowed: true, retryAfterSeconds: 0 });
        expect(await retryAfter(0, 'client', 5, quarterHour)).toEqual({ allowed: false, retryAfterSeconds: 900 });
        expect(await retryAfter(899_001, 'client', 5, quarterHour)).toEqual({ allowed: false, retryAfterSeconds: 1 });
        expect(await retryAfter(100_500, 'other', 1, minute)).toEqual({ allowed: true, retryAfterSeconds: 0 });
        expect(await retryAfter(100_500, 'other', 1, minute)).toEqual({ allowed: false, retryAfterSeconds: 60 });
        expect(await retryAfter(130_000, 'other', 1, minute)).toEqual({ allowed: false, retryAfterSeconds: 31 });
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
