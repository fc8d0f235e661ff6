/**
 * USD amounts: JSON numbers with at most two decimals on the wire, integer cents everywhere
 * else. Conversions are exact (./decimal.ts), so 19.99 is 1999 cents and 0.1 + 0.2
 * (0.30000000000000004) is rejected rather than rounded.
 */
import { z } from 'zod';
import { formatScaled, toScaledInteger } from './decimal';
import { fieldIssue } from '../validation-messages';

/**
 * 9,999,999,999,999.99 USD. A decimal with at most 15 significant digits survives the trip
 * through a double unchanged; beyond that distinct amounts collide (90071992547409.91 parses to
 * the same double as 90071992547409.9), so a larger JSON amount cannot be converted exactly.
 */
export const MAX_USD_CENTS = 999_999_999_999_999;

const MAX_CENTS = BigInt(MAX_USD_CENTS);

type UsdRejection = 'NOT_FINITE' | 'NEGATIVE' | 'TOO_MANY_DECIMALS' | 'TOO_LARGE';

type UsdToCentsResult =
  | { readonly ok: true; readonly cents: number }
  | { readonly ok: false; readonly reason: UsdRejection };

function convertUsdToCents(value: number): UsdToCentsResult {
  if (!Number.isFinite(value)) return { ok: false, reason: 'NOT_FINITE' };
  if (value < 0) return { ok: false, reason: 'NEGATIVE' };
  const cents = toScaledInteger(value, 2);
  if (cents === null) return { ok: false, reason: 'TOO_MANY_DECIMALS' };
  if (cents > MAX_CENTS) return { ok: false, reason: 'TOO_LARGE' };
  return { ok: true, cents: Number(cents) };
}

/**
 * Exact cents of a USD amount parsed from JSON, or null when it is not finite, negative, has
 * more than two decimals, or exceeds MAX_USD_CENTS.
 */
export function usdToCents(value: number): number | null {
  const result = convertUsdToCents(value);
  return result.ok ? result.cents : null;
}

/** '19.99', '-0.05', '0.00': two decimals, built from the integer's digits. */
export function formatUsd(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer, got ${cents}`);
  return formatScaled(BigInt(cents), 2);
}

/**
 * The JSON number for an amount in cents (1999 → 19.99, 1250 → 12.5). Throws beyond
 * ±MAX_USD_CENTS, where no JSON number is guaranteed to carry the amount exactly.
 */
export function centsToUsd(cents: number): number {
  if (Math.abs(cents) > MAX_USD_CENTS) throw new RangeError(`cents out of range: ${cents}`);
  return Number(formatUsd(cents));
}

export interface UsdAmountOptions {
  /** Smallest accepted amount in cents (not dollars); 0 when omitted. */
  readonly min?: number;
}

/** A JSON number of USD with at most two decimals, parsed to integer cents. */
export function usdAmount(options: UsdAmountOptions = {}) {
  const min = options.min ?? 0;
  if (!Number.isSafeInteger(min) || min < 0 || min > MAX_USD_CENTS) {
    throw new RangeError(`min must be a whole number of cents within range, got ${min}`);
  }
  const belowMin = fieldIssue('atLeast', { min: formatUsd(min) });
  const rejections: Record<UsdRejection, ReturnType<typeof fieldIssue>> = {
    NOT_FINITE: fieldIssue('finiteNumber'),
    NEGATIVE: belowMin,
    TOO_MANY_DECIMALS: fieldIssue('atMostTwoDecimals'),
    TOO_LARGE: fieldIssue('atMost', { max: formatUsd(MAX_USD_CENTS) }),
  };
  return z.number().transform((value, ctx) => {
    const result = convertUsdToCents(value);
    if (result.ok && result.cents >= min) return result.cents;
    ctx.addIssue({ code: 'custom', ...(result.ok ? belowMin : rejections[result.reason]), input: value });
    return z.NEVER;
  });
}
