// Exchange rates and premiums as exact integers. A rate is how many units of a currency one CNY
// (the wallet currency) buys, held as micro-units (× 10^6, six decimals); a premium is a percent
// held × 10^4 (four decimals). Applying a premium multiplies integers and rounds once.
import { scaledDecimal, divideRounded, scaledToNumber } from '../money/decimal';

export const RATE_SCALE = 6;
export const PREMIUM_SCALE = 4;

/** 1 CNY buys at most a billion units of any currency. */
export const MAX_RATE_MICROS = 10n ** BigInt(9 + RATE_SCALE);

/** A premium is above -100% (a rate must stay positive) and at most +1000%. */
export const MIN_PREMIUM_E4 = -100n * 10n ** BigInt(PREMIUM_SCALE);
export const MAX_PREMIUM_E4 = 1000n * 10n ** BigInt(PREMIUM_SCALE);

/** A positive rate of at most six decimals, parsed to micro-units. */
export const exchangeRateSchema = scaledDecimal({ scale: RATE_SCALE, min: 0n, minExclusive: true, max: MAX_RATE_MICROS });

/** A premium percent (-100 < p <= 1000, at most four decimals), parsed to percent × 10^4. */
export const premiumRateSchema = scaledDecimal({ scale: PREMIUM_SCALE, min: MIN_PREMIUM_E4, minExclusive: true, max: MAX_PREMIUM_E4 });

/**
 * liveRate × (1 + premium / 100) in micro-units, rounded half up to six decimals. A premium close
 * to -100% can take a tiny rate to zero; the result stays at the smallest positive rate, 0.000001.
 */
export function applyPremium(liveRateMicros: bigint, premiumE4: bigint): bigint {
  // premium / 100 at scale 4 is premiumE4 / 10^6, so the factor is (10^6 + premiumE4) / 10^6.
  const factorScale = PREMIUM_SCALE + 2;
  const factor = 10n ** BigInt(factorScale) + premiumE4;
  const rate = divideRounded(liveRateMicros * factor, factorScale);
  return rate > 0n ? rate : 1n;
}

export const rateToNumber = (micros: bigint | number) => scaledToNumber(micros, RATE_SCALE);
export const premiumToNumber = (premiumE4: bigint | number) => scaledToNumber(premiumE4, PREMIUM_SCALE);
