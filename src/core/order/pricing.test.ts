import { describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import type { GoodsDetail } from '../goods/goods-provider';
import { basisPointsOf, deviatesBeyond, type OrderLine, percentToBasisPoints, priceLines } from './pricing';
import { MAX_INT32 } from './query-guards';

function goods(goodsId: string, shopName: string, skus: { skuId: string; price: number; stock?: number }[]): GoodsDetail {
  return {
    goodsId,
    source: 1,
    title: `Goods ${goodsId}`,
    images: [`https://img.example.com/${goodsId}.jpg`],
    price: Math.min(...skus.map((sku) => sku.price)),
    skus: skus.map((sku) => ({ skuId: sku.skuId, props: { Size: 'M' }, price: sku.price, stock: sku.stock ?? 10 })),
    shopName,
    detailUrl: `https://item.taobao.com/item.htm?id=${goodsId}`,
  };
}

const details = new Map<string, GoodsDetail | null>([
  ['1:g1', goods('g1', 'Shop A', [{ skuId: 's1', price: 1999 }, { skuId: 's2', price: 2500, stock: 3 }])],
  ['1:g2', goods('g2', 'Shop A', [{ skuId: 's3', price: 1000 }])],
  ['1:g3', goods('g3', 'Shop B', [{ skuId: 's4', price: 333 }])],
  ['1:gone', null],
]);
const rules = { domesticFreightPerShop: 800, serviceFeeBasisPoints: 500 };
const line = (goodsId: string, skuId: string, qty = 1): OrderLine => ({ source: 1, goodsId, skuId, qty });

function rejection(run: () => unknown): ServiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

describe('priceLines', () => {
  it('prices each line at the SKU price, freight per distinct shop, fee rounded half up', () => {
    const quote = priceLines([line('g1', 's1', 2), line('g2', 's3'), line('g3', 's4', 3)], details, rules);
    expect(quote.items.map((item) => [item.unitPrice, item.amount])).toEqual([
      [1999, 3998],
      [1000, 1000],
      [333, 999],
    ]);
    expect(quote.goodsAmount).toBe(5997);
    expect(quote.freightAmount).toBe(1600);
    // 5997 × 5 % = 299.85 -> 300
    expect(quote.serviceFee).toBe(300);
    expect(quote.payAmount).toBe(5997 + 1600 + 300);
    expect(quote.items[0]).toMatchObject({ title: 'Goods g1', skuProps: { Size: 'M' }, image: 'https://img.example.com/g1.jpg', shopName: 'Shop A' });
  });

  it('names unknown goods, a SKU of other goods, and short stock summed over lines', () => {
    expect(rejection(() => priceLines([line('gone', 's1')], details, rules))).toMatchObject({ code: ErrorCatalogue.GOODS_NOT_FOUND.code, params: { goodsId: 'gone' } });
    expect(rejection(() => priceLines([line('g2', 's1')], details, rules))).toMatchObject({ code: ErrorCatalogue.GOODS_SKU_NOT_FOUND.code, params: { skuId: 's1', goodsId: 'g2' } });
    expect(priceLines([line('g1', 's2', 3)], details, rules).goodsAmount).toBe(7500);
    const shortStock = rejection(() => priceLines([line('g1', 's2', 2), line('g1', 's2', 2)], details, rules));
    expect(shortStock).toMatchObject({ code: ErrorCatalogue.ORDER_SKU_OUT_OF_STOCK.code, params: { stock: 3, qty: 4 } });
  });

  it('refuses a total beyond the int32 amount columns', () => {
    const huge = new Map([['1:big', goods('big', 'Shop', [{ skuId: 'b', price: MAX_INT32, stock: 9999 }])]]);
    expect(rejection(() => priceLines([line('big', 'b', 2)], huge, rules)).code).toBe(ErrorCatalogue.ORDER_AMOUNT_TOO_LARGE.code);
  });
});

describe('percent and deviation arithmetic', () => {
  it('converts percentages with two decimals exactly and refuses more', () => {
    expect(percentToBasisPoints(5)).toBe(500);
    expect(percentToBasisPoints(2.55)).toBe(255);
    expect(percentToBasisPoints(0.07)).toBe(7);
    expect(() => percentToBasisPoints(1.005)).toThrow(RangeError);
    expect(() => percentToBasisPoints(-1)).toThrow(RangeError);
  });

  it('rounds half up to a whole cent', () => {
    expect(basisPointsOf(10, 500)).toBe(1); // 0.5 -> 1
    expect(basisPointsOf(9, 500)).toBe(0); // 0.45 -> 0
    expect(basisPointsOf(0, 500)).toBe(0);
    expect(basisPointsOf(MAX_INT32, 10_000)).toBe(MAX_INT32);
  });

  it('lets a deviation exactly at the threshold pass and refuses one cent more', () => {
    expect(deviatesBeyond(10_000, 10_100, 100)).toBe(false);
    expect(deviatesBeyond(10_000, 9_900, 100)).toBe(false);
    expect(deviatesBeyond(10_000, 10_101, 100)).toBe(true);
    expect(deviatesBeyond(10_000, 9_899, 100)).toBe(true);
    expect(deviatesBeyond(10_000, 10_001, 0)).toBe(true);
  });
});
