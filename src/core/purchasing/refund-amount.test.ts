import { describe, expect, it } from 'vitest';
import { refundAmounts } from './refund-amount';

describe('refundAmounts', () => {
  it('gives each item its amount plus its share of freight and fee, summing to the order total', () => {
    const refunds = refundAmounts({ freightAmount: 800, serviceFee: 301 }, [
      { id: 1, amount: 1000 },
      { id: 2, amount: 2000 },
      { id: 3, amount: 3000 },
    ]);
    expect([...refunds.values()].reduce((a, b) => a + b, 0)).toBe(6000 + 800 + 301);
    // 1101 split 1:2:3 = 183.5, 367, 550.5: the one cent left goes to the earlier of the two halves.
    expect(Object.fromEntries(refunds)).toEqual({ 1: 1184, 2: 2367, 3: 3550 });
  });

  it('is the whole pay amount for a single item', () => {
    expect(refundAmounts({ freightAmount: 1000, serviceFee: 250 }, [{ id: 9, amount: 5000 }]).get(9)).toBe(6250);
  });

  it('splits evenly when every item is free', () => {
    expect(Object.fromEntries(refundAmounts({ freightAmount: 5, serviceFee: 0 }, [{ id: 1, amount: 0 }, { id: 2, amount: 0 }]))).toEqual({ 1: 3, 2: 2 });
  });

  it('stays exact for amounts near the int32 limit', () => {
    const refunds = refundAmounts({ freightAmount: 2_000_000_000, serviceFee: 0 }, [
      { id: 1, amount: 2_000_000_000 },
      { id: 2, amount: 1 },
    ]);
    expect((refunds.get(1) ?? 0) + (refunds.get(2) ?? 0)).toBe(4_000_000_001);
  });
});
