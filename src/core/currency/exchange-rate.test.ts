import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyPremium, MAX_PREMIUM_E4, MAX_RATE_MICROS, MIN_PREMIUM_E4 } from './exchange-rate';

describe('applyPremium', () => {
  it.each([
    // live rate (micro-units), premium (percent × 10^4), rate (micro-units)
    [7_100_000n, 0n, 7_100_000n],
    [7_100_000n, 25_000n, 7_277_500n], // 7.1 × 1.025 = 7.2775
    [7_100_000n, -25_000n, 6_922_500n], // 7.1 × 0.975 = 6.9225
    [1_000_001n, 5_000n, 1_005_001n], // 1.000001 × 1.005 = 1.005001005 → 1.005001
    [1_000_001n, 15_000n, 1_015_001n], // 1.000001 × 1.015 = 1.015001015 → 1.015001
    [3n, 500_000n, 5n], // 0.000003 × 1.5 = 0.0000045 → half up to 0.000005
    [1n, -999_999n, 1n], // 0.000001 × 0.000001 stays at the smallest positive rate
    [MAX_RATE_MICROS, MAX_PREMIUM_E4, MAX_RATE_MICROS * 11n], // exact at the largest inputs
  ])('%s at premium %s gives %s', (live, premium, rate) => {
    expect(applyPremium(live, premium)).toBe(rate);
  });

  it('is the exact product rounded half up, for random rates and premiums', () => {
    for (let i = 0; i < 2000; i += 1) {
      const live = BigInt(randomInt(1, 2 ** 47));
      const premium = BigInt(randomInt(Number(MIN_PREMIUM_E4) + 1, Number(MAX_PREMIUM_E4) + 1));
      const exact = live * (1_000_000n + premium); // the rate × 10^12
      const rate = applyPremium(live, premium);
      // Rounded half up to a micro-unit (ties go up); below half a micro-unit the floor of 1 holds.
      const expected = exact < 500_000n ? 1n : (exact + 500_000n) / 1_000_000n;
      expect(rate, `live ${live}, premium ${premium}`).toBe(expected);
    }
  });
});
