/**
 * Exact decimals as scaled integers: a JSON number with at most `scale` decimals becomes the
 * integer value × 10^scale (19.99 at scale 2 is 1999; 7.123456 at scale 6 is 7123456), through the
 * number's decimal text and BigInt, never binary-float arithmetic. A number with more decimals
 * (0.1 + 0.2 = 0.30000000000000004) is rejected rather than rounded. USD cents, exchange rates
 * (scale 6) and premium percents (scale 4) all go through here.
 */
import { z } from '../validation';
import { fieldIssue } from '../validation-messages';

/** `String(number)` of a non-negative finite number: plain digits or exponent form (1e-7, 1.5e+21). */
const NUMBER_TEXT_PATTERN = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * value × 10^scale as an integer, or null when value is not finite or has more than `scale`
 * decimals. The shortest round-tripping text of a double is the decimal the JSON number was
 * written as, for every decimal of at most 15 significant digits.
 */
export function toScaledInteger(value: number, scale: number): bigint | null {
  if (!Number.isFinite(value)) return null;
  const match = NUMBER_TEXT_PATTERN.exec(String(Math.abs(value)));
  if (!match) throw new Error(`unexpected number text for ${value}`);
  const [, integerDigits = '', fractionDigits = '', exponent = '0'] = match;
  const digits = BigInt(integerDigits + fractionDigits);
  // |value| = digits × 10^(exponent − fractionDigits.length), so scaled = digits × 10^scaledExponent.
  const scaledExponent = Number(exponent) - fractionDigits.length + scale;
  let scaled: bigint;
  if (scaledExponent >= 0) {
    scaled = digits * 10n ** BigInt(scaledExponent);
  } else {
    const divisor = 10n ** BigInt(-scaledExponent);
    if (digits % divisor !== 0n) return null;
    scaled = digits / divisor;
  }
  return value < 0 ? -scaled : scaled;
}

/** The decimal text of units / 10^scale with exactly `scale` decimals: '19.99', '-0.05', '7.000000'. */
export function formatScaled(units: bigint, scale: number): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  return scale === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** The JSON number of units / 10^scale (exact for at most 15 significant digits). */
export function scaledToNumber(units: bigint | number, scale: number): number {
  return Number(formatScaled(BigInt(units), scale));
}

/**
 * units × 10^scale / 10^divisorScale rounded half away from zero: rescales a product of scaled
 * integers (e.g. micro-units × a scale-6 factor) back to the scale wanted.
 */
export function divideRounded(units: bigint, divisorScale: number): bigint {
  const divisor = 10n ** BigInt(divisorScale);
  const magnitude = units < 0n ? -units : units;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return units < 0n ? -rounded : rounded;
}

export interface ScaledDecimalBounds {
  /** Decimals allowed. */
  scale: number;
  /** Smallest accepted value, as scaled units; refused itself when minExclusive. */
  min: bigint;
  minExclusive?: boolean;
  /** Largest accepted value, as scaled units (inclusive). */
  max: bigint;
}

/** A JSON number with at most `scale` decimals within bounds, parsed to its scaled integer. */
export function scaledDecimal({ scale, min, minExclusive = false, max }: ScaledDecimalBounds) {
  const text = (units: bigint) => String(scaledToNumber(units, scale));
  const belowMin = minExclusive ? fieldIssue('greaterThan', { min: text(min) }) : fieldIssue('atLeast', { min: text(min) });
  return z.number().transform((value, ctx) => {
    const scaled = toScaledInteger(value, scale);
    if (scaled === null) {
      ctx.addIssue({ code: 'custom', ...(Number.isFinite(value) ? fieldIssue('atMostDecimals', { scale }) : fieldIssue('finiteNumber')), input: value });
    } else if (scaled < min || (minExclusive && scaled === min)) {
      ctx.addIssue({ code: 'custom', ...belowMin, input: value });
    } else if (scaled > max) {
      ctx.addIssue({ code: 'custom', ...fieldIssue('atMost', { max: text(max) }), input: value });
    } else {
      return scaled;
    }
    return z.NEVER;
  });
}
