// Live pricing (domain.md "Live pricing"): each line is priced at the provider's current SKU price,
// plus domestic freight and a service fee by configured rules. Client-sent prices never enter here.
//
// Rules, all integer cents:
// - goodsAmount = Σ unitPrice × qty, unitPrice being the SKU's price at the provider now.
// - freightAmount = domesticFreightPerShop × number of distinct shops (source + shop name) in the
//   order: each marketplace seller ships its lines to the warehouse as one parcel.
// - serviceFee = goodsAmount × serviceFeeBasisPoints / 10 000, rounded half up to a whole cent.
// - payAmount = goodsAmount + freightAmount + serviceFee; it must fit the int32 amount columns.
import { ErrorCatalogue } from '../errors/catalogue';
import { type BusinessErrors, ServiceError } from '../errors/service-error';
import type { GoodsDetail } from '../goods/goods-provider';
import { GOODS_ERRORS, goodsNotFoundError, skuNotFoundError } from '../goods/goods-service';
import type { GoodsSourceCode } from '../goods/sources';
import type { RequestContext } from '../request-context';
import { MAX_INT32 } from './query-guards';

export interface PricingRules {
  /** Domestic freight charged once per distinct shop of an order, cents. */
  domesticFreightPerShop: number;
  /** Service fee on goodsAmount in basis points (1 % = 100). */
  serviceFeeBasisPoints: number;
}

/** A percentage with at most two decimals (5, 2.5, 0.75) as basis points, exactly. */
export function percentToBasisPoints(percent: number): number {
  const basisPoints = Math.round(percent * 100);
  if (basisPoints < 0 || Math.abs(basisPoints - percent * 100) > 1e-6) throw new RangeError(`not a percentage with at most two decimals: ${percent}`);
  return basisPoints;
}

/** `amount × basisPoints / 10 000` rounded half up, in integers (exact for every int32 amount). */
export function basisPointsOf(amount: number, basisPoints: number): number {
  return Math.floor((amount * basisPoints + 5_000) / 10_000);
}

/** Whether `expected` is further from `live` than `basisPoints` of `live` (integers only, no rounding). */
export function deviatesBeyond(live: number, expected: number, basisPoints: number): boolean {
  return Math.abs(live - expected) * 10_000 > live * basisPoints;
}

export interface OrderLine {
  source: GoodsSourceCode;
  goodsId: string;
  skuId: string;
  qty: number;
}

export interface PricedLine extends OrderLine {
  unitPrice: number;
  amount: number;
  title: string;
  skuProps: Record<string, string>;
  image: string | null;
  shopName: string;
}

export interface Quote {
  items: PricedLine[];
  goodsAmount: number;
  freightAmount: number;
  serviceFee: number;
  payAmount: number;
}

const goodsKey = (source: number, goodsId: string) => `${source}:${goodsId}`;

/**
 * Prices `lines` from the provider's current details (keyed by `goodsKey`; null = the provider does
 * not know the goods). Throws the business error naming the first goods or SKU that cannot be sold.
 */
export function priceLines(lines: readonly OrderLine[], details: ReadonlyMap<string, GoodsDetail | null>, rules: PricingRules): Quote {
  // The same SKU may appear on several lines (different remarks): stock must cover their sum.
  const qtyBySku = new Map<string, number>();
  for (const line of lines) {
    const key = `${goodsKey(line.source, line.goodsId)}:${line.skuId}`;
    qtyBySku.set(key, (qtyBySku.get(key) ?? 0) + line.qty);
  }
  const shops = new Set<string>();
  const items = lines.map((line): PricedLine => {
    const detail = details.get(goodsKey(line.source, line.goodsId));
    if (!detail) throw goodsNotFoundError(line.source, line.goodsId);
    const sku = detail.skus.find((candidate) => candidate.skuId === line.skuId);
    if (!sku) throw skuNotFoundError(line.source, line.goodsId, line.skuId);
    const wanted = qtyBySku.get(`${goodsKey(line.source, line.goodsId)}:${line.skuId}`) ?? line.qty;
    if (sku.stock < wanted) {
      throw new ServiceError(ErrorCatalogue.ORDER_SKU_OUT_OF_STOCK, { goodsId: line.goodsId, skuId: line.skuId, stock: sku.stock, qty: wanted });
    }
    shops.add(`${line.source}:${detail.shopName}`);
    return {
      source: line.source,
      goodsId: line.goodsId,
      skuId: line.skuId,
      qty: line.qty,
      unitPrice: sku.price,
      amount: sku.price * line.qty,
      title: detail.title,
      skuProps: sku.props,
      image: detail.images[0] ?? null,
      shopName: detail.shopName,
    };
  });
  const goodsAmount = items.reduce((sum, item) => sum + item.amount, 0);
  const freightAmount = rules.domesticFreightPerShop * shops.size;
  const serviceFee = basisPointsOf(goodsAmount, rules.serviceFeeBasisPoints);
  const payAmount = goodsAmount + freightAmount + serviceFee;
  if (payAmount > MAX_INT32) throw new ServiceError(ErrorCatalogue.ORDER_AMOUNT_TOO_LARGE, { payAmount, max: MAX_INT32 });
  return { items, goodsAmount, freightAmount, serviceFee, payAmount };
}

/** What pricing needs of the goods service: one goods at its source, now (any orderable source). */
export interface GoodsDetailReader {
  liveGoods(ctx: RequestContext, query: { source: GoodsSourceCode; goodsId: string }): Promise<GoodsDetail | null>;
}

/** Live pricing of order lines. */
export const PRICING_ERRORS: BusinessErrors = [
  ...GOODS_ERRORS.detail,
  ErrorCatalogue.GOODS_NOT_FOUND,
  ErrorCatalogue.GOODS_SKU_NOT_FOUND,
  ErrorCatalogue.ORDER_SKU_OUT_OF_STOCK,
  ErrorCatalogue.ORDER_AMOUNT_TOO_LARGE,
];

export class PricingService {
  constructor(
    private readonly goods: GoodsDetailReader,
    private readonly rules: PricingRules,
  ) {}

  /** Prices the lines at the provider's current prices; reads each distinct goods once. */
  async quote(ctx: RequestContext, lines: readonly OrderLine[]): Promise<Quote> {
    const wanted = new Map<string, OrderLine>();
    for (const line of lines) wanted.set(goodsKey(line.source, line.goodsId), line);
    const details = new Map<string, GoodsDetail | null>(
      await Promise.all(
        [...wanted].map(async ([key, line]) => [key, await this.goods.liveGoods(ctx, { source: line.source, goodsId: line.goodsId })] as const),
      ),
    );
    return priceLines(lines, details, this.rules);
  }
}
