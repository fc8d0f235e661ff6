import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { centsToUsd, formatUsd, MAX_USD_CENTS, usdAmount, usdToCents } from './usd';

describe('usdToCents', () => {
  it.each([
    [0, 0],
    [-0, 0],
    [0.01, 1],
    [0.1, 10],
    [0.5, 50],
    [1, 100],
    [12.5, 1250],
    [19.99, 1999],
    [199.99, 19999],
    [1.15, 115],
    [4.35, 435],
    [1e2, 10000],
    [1e-2, 1],
    [1.5e-1, 15],
    [123456789.01, 12345678901],
    [9999999999999.99, MAX_USD_CENTS],
  ])('converts %s to %s cents', (value, cents) => {
    expect(Object.is(usdToCents(value), cents)).toBe(true);
  });

  it('parses JSON amounts exactly', () => {
    const body = JSON.parse('{"a": 0.07, "b": 1.10, "c": 2.675, "d": 1.0E1, "e": 4.20e-1}') as Record<string, number>;
    expect(Object.fromEntries(Object.entries(body).map(([key, value]) => [key, usdToCents(value)]))).toEqual({
      a: 7,
      b: 110,
      c: null,
      d: 1000,
      e: 42,
    });
  });

  it.each([
    ['too many decimals', 0.001],
    ['too many decimals', 1.005],
    ['too many decimals', 19.999],
    ['too many decimals', 1e-7],
    ['too many decimals', 5e-324],
    ['too many decimals', 0.1 + 0.2],
    ['too many decimals', 0.30000000000000004],
    ['negative', -1],
    ['negative', -0.01],
    ['not finite', NaN],
    ['not finite', Infinity],
    ['not finite', -Infinity],
    ['too large', 1e13],
    ['too large', 1e21],
    ['too large', Number.MAX_SAFE_INTEGER],
    ['too large', Number.MAX_VALUE],
    // Parses to the same double as 90071992547409.9, so it cannot be converted exactly.
    ['too large', 90071992547409.91],
  ])('rejects %s: %s', (_reason, value) => {
    expect(usdToCents(value)).toBeNull();
  });
});

describe('centsToUsd', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [10, 0.1],
    [100, 1],
    [1250, 12.5],
    [1999, 19.99],
    [-1999, -19.99],
    [MAX_USD_CENTS, 9999999999999.99],
  ])('converts %s cents to %s', (cents, value) => {
    expect(Object.is(centsToUsd(cents), value)).toBe(true);
  });

  it('serialises to the two-decimal JSON text', () => {
    expect(JSON.stringify({ amount: centsToUsd(1999) })).toBe('{"amount":19.99}');
    expect(JSON.stringify({ amount: centsToUsd(115) })).toBe('{"amount":1.15}');
  });

  it.each([MAX_USD_CENTS + 1, -MAX_USD_CENTS - 1, 1.5, NaN, Infinity])('rejects %s', (cents) => {
    expect(() => centsToUsd(cents)).toThrow(RangeError);
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '0.00'],
    [-0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [1250, '12.50'],
    [1999, '19.99'],
    [-5, '-0.05'],
    [-1999, '-19.99'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('formats %s cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it.each([0.5, NaN, Infinity, Number.MAX_SAFE_INTEGER + 1])('rejects %s', (cents) => {
    expect(() => formatUsd(cents)).toThrow(RangeError);
  });
});

/** mulberry32: a small seeded PRNG so failures reproduce. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe('round trips', () => {
  const random = seededRandom(20240611);
  // Spread over every magnitude up to MAX_USD_CENTS rather than clustering near the top.
  const cents = Array.from({ length: 10_000 }, () => {
    const digitCount = 1 + Math.floor(random() * 15);
    return Math.floor(random() * 10 ** digitCount);
  });

  it('cents → JSON number → cents is the identity', () => {
    for (const value of cents) {
      const parsed = JSON.parse(JSON.stringify(centsToUsd(value))) as number;
      expect(usdToCents(parsed)).toBe(value);
    }
  });

  it('the JSON number is the formatted amount without trailing zeros', () => {
    for (const value of cents) {
      expect(JSON.stringify(centsToUsd(value))).toBe(formatUsd(value).replace(/\.?0+$/, ''));
    }
  });
});

describe('usdAmount', () => {
  const paymentAmount = usdAmount({ min: 1 });

  it.each([
    [0.01, 1],
    [12.5, 1250],
    [199.99, 19999],
  ])('parses %s to %s cents', (value, cents) => {
    expect(paymentAmount.parse(value)).toBe(cents);
  });

  it('accepts zero without a minimum', () => {
    expect(usdAmount().parse(0)).toBe(0);
  });

  it.each([
    [0.001, 'must have at most two decimal places'],
    [0.1 + 0.2, 'must have at most two decimal places'],
    [0, 'must be at least 0.01'],
    [-5, 'must be at least 0.01'],
    [1e13, 'must be at most 9999999999999.99'],
  ])('rejects %s: %s', (value, message) => {
    const result = paymentAmount.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'custom', message, path: [] })]);
  });

  it.each(['1.00', null, NaN, Infinity])('rejects the non-number %s', (value) => {
    expect(paymentAmount.safeParse(value).success).toBe(false);
  });

  it('reports the field path inside an object', () => {
    const result = z.object({ amount: paymentAmount }).safeParse({ amount: 1.234 });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['amount'], message: 'must have at most two decimal places' }),
    ]);
  });

  it.each([0.01, -1, 1.5])('rejects a minimum of %s that is not whole cents', (min) => {
    expect(() => usdAmount({ min })).toThrow(RangeError);
  });
});
