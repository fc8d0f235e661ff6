// What cancelling a paid order item gives back: the item's goods amount (qty × unitPrice) plus its
// share of the order's freight and service fee, in proportion to its goods amount. Shares are
// allocated by largest remainder over all items of the order (ties to the earlier item), so they
// are whole cents, do not depend on the order in which items are cancelled, and cancelling every
// item refunds exactly the order's payAmount.

export interface RefundOrder {
  freightAmount: number;
  serviceFee: number;
}

export interface RefundLine {
  id: number;
  amount: number;
}

/** The refund of every item of the order by item id. `items` are all items of the order. */
export function refundAmounts(order: RefundOrder, items: readonly RefundLine[]): Map<number, number> {
  const extra = order.freightAmount + order.serviceFee;
  const goodsAmount = items.reduce((sum, item) => sum + item.amount, 0);
  const shares = items.map((item, index) => {
    // BigInt: extra × amount can pass 2^53 for int32 amounts.
    const numerator = goodsAmount === 0 ? 0n : BigInt(extra) * BigInt(item.amount);
    const whole = goodsAmount === 0 ? 0 : Number(numerator / BigInt(goodsAmount));
    const remainder = goodsAmount === 0 ? 0n : numerator % BigInt(goodsAmount);
    return { index, item, whole, remainder };
  });
  // With no goods amount at all (free items) the extra is split evenly, by the same remainder rule.
  if (goodsAmount === 0 && items.length > 0) {
    for (const share of shares) {
      share.whole = Math.floor(extra / items.length);
      share.remainder = BigInt(items.length - share.index);
    }
  }
  let left = extra - shares.reduce((sum, share) => sum + share.whole, 0);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (left <= 0) break;
    share.whole += 1;
    left -= 1;
  }
  return new Map(shares.map((share) => [share.item.id, share.item.amount + share.whole]));
}
