import { describe, expect, it } from 'vitest';
import { divideRounded, formatScaled, scaledDecimal, scaledToNumber, toScaledInteger } from './decimal';

describe('toScaledInteger', () => {
  it.each([
    [7.123456, 6, 7_123_456n],
    [0.000001, 6, 1n],
    [1e-6, 6, 1n],
    [1e9, 6, 1_000_000_000_000_000n],
    [999999999.999999, 6, 999_999_999_999_999n],
    [-2.5, 4, -25_000n],
    [-0, 4, 0n],
    [1.5e-1, 2, 15n],
    [12, 0, 12n],
  ])('scales %s by 10^%s to %s', (value, scale, expected) => {
    expect(toScaledInteger(value, scale)).toBe(expected);
  });

  it.each([
    [0.0000001, 6],
    [1e-7, 6],
    [0.1 + 0.2, 6],
    [2.00005, 4],
    [-0.00001, 4],
    [NaN, 6],
    [Infinity, 6],
  ])('refuses %s at scale %s', (value, scale) => {
    expect(toScaledInteger(value, scale)).toBeNull();
  });
});

describe('formatScaled and scaledToNumber', () => {
  it.each([
    [7_123_456n, 6, '7.123456', 7.123456],
    [1n, 6, '0.000001', 0.000001],
    [-5n, 2, '-0.05', -0.05],
    [25_000n, 4, '2.5000', 2.5],
    [42n, 0, '42', 42],
  ])('%s at scale %s is %s', (units, scale, text, number) => {
    expect(formatScaled(units, scale)).toBe(text);
    expect(scaledToNumber(units, scale)).toBe(number);
  });
});

describe('divideRounded', () => {
  it.each([
    [1_499_999n, 6, 1n],
    [1_500_000n, 6, 2n],
    [2_500_000n, 6, 3n],
    [-1_500_000n, 6, -2n],
    [499_999n, 6, 0n],
  ])('%s / 10^%s rounds half away from zero to %s', (units, scale, expected) => {
    expect(divideRounded(units, scale)).toBe(expected);
  });
});

describe('scaledDecimal', () => {
  const schema = scaledDecimal({ scale: 4, min: -1_000_000n, minExclusive: true, max: 10_000_000n });

  it('parses within bounds', () => {
    expect(schema.parse(-99.9999)).toBe(-999_999n);
    expect(schema.parse(1000)).toBe(10_000_000n);
  });

  it.each([
    [-100, 'must be greater than -100'],
    [1000.0001, 'must be at most 1000'],
    [2.00001, 'must have at most 4 decimal places'],
  ])('refuses %s: %s', (value, message) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
