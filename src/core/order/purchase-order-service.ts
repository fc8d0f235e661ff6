// Purchase orders of partners (interface.md 4.2): quote, create and query. Create writes the parent
// order (O…), one item per line (PI…, unpaid) and the pay order that wallet pay settles, in one
// transaction, idempotently on (partner, outOrderNo). Create's reads and transaction run on the
// driver (db/raw-sql.ts): through the client each statement also pays its query compiler and plan
// interpreter, most of a create's CPU (bench/README.md, order create on the driver).
import { createHash } from 'node:crypto';
import { newBusinessNo } from '../business-no';
import { Prisma } from '../db/client';
import type { RawSql } from '../db/raw-sql';
import type { OrderNumber, PartnerReads } from '../db/partner-reads';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { type BusinessErrors, ServiceError } from '../errors/service-error';
import type { GoodsSourceCode } from '../goods/sources';
import type { PartnerBindings } from '../member/partner-binding';
import type { RequestContext } from '../request-context';
import { BINDING_ERRORS } from '../member/partner-binding';
import { memberAddressSnapshot } from './address-snapshot';
import type { OrderSettings } from './order-settings';
import { deviatesBeyond, PRICING_ERRORS, type PricingService, type Quote } from './pricing';
import { partnerScope } from './query-guards';
import { OrderItemStatus, PayOrderKind, PayOrderStatus, PurchaseOrderStatus } from './statuses';

/** One line of a quote or create request (OpenOrderItemReqVO; platformChannel is the goods source). */
export interface OrderItemInput {
  source: GoodsSourceCode;
  goodsId: string;
  skuId: string;
  qty: number;
  remarks?: string;
}

export interface QuoteInput {
  externalUserId: string;
  items: OrderItemInput[];
}

export interface CreatePurchaseOrderInput extends QuoteInput {
  outOrderNo: string;
  addressId?: number;
  orderComment?: string;
  expectedPayAmount?: number;
}

export interface CreatedPurchaseOrder {
  orderNo: string;
  outOrderNo: string;
  paymentId: string;
  payAmount: number;
  status: number;
  goodsAmount: number;
  freightAmount: number;
  serviceFee: number;
}

export interface PurchaseOrderView {
  orderNo: string;
  outOrderNo: string;
  externalUserId: string;
  memberId: number;
  status: number;
  paymentId: string;
  goodsAmount: number;
  freightAmount: number;
  serviceFee: number;
  payAmount: number;
  paid: boolean;
  paidTime: Date | null;
  orderComment: string | null;
  items: { orderItemNo: string; source: number; goodsId: string; skuId: string; title: string; qty: number; unitPrice: number; amount: number; status: number }[];
  createTime: Date;
}

/** Either number of an order; the caller passes exactly one. */
export type PurchaseOrderReference = OrderNumber;

/** Tries of a create whose random business numbers collided with existing ones. */
const NUMBER_ATTEMPTS = 3;

/**
 * The hash that decides whether a repeated outOrderNo is the same request: every field that shapes
 * the order, normalized (trimmed strings, empty text = absent), in a fixed order.
 */
export function purchaseRequestHash(input: CreatePurchaseOrderInput): string {
  const text = (value: string | undefined) => value?.trim() || null;
  const normalized = {
    outOrderNo: input.outOrderNo.trim(),
    externalUserId: input.externalUserId.trim(),
    addressId: input.addressId ?? null,
    orderComment: text(input.orderComment),
    expectedPayAmount: input.expectedPayAmount ?? null,
    items: input.items.map((item) => [item.source, item.goodsId.trim(), item.skuId.trim(), item.qty, text(item.remarks)]),
  };
  return createHash('sha256').update(JSON.stringify(normalized)).digest('hex');
}

type StoredOrder = { orderNo: string; outOrderNo: string; paymentId: string; payAmount: number; status: number; goodsAmount: number; freightAmount: number; serviceFee: number; requestHash: string; tenantId: number };

/** The business errors of each partner operation of PurchaseOrderService. */
export const PURCHASE_ORDER_ERRORS = {
  quote: [...BINDING_ERRORS, ...PRICING_ERRORS],
  create: [
    ErrorCatalogue.ORDER_OUT_ORDER_NO_CONFLICT,
    ...BINDING_ERRORS,
    ErrorCatalogue.ORDER_ADDRESS_NOT_FOUND,
    ErrorCatalogue.ORDER_NO_DEFAULT_ADDRESS,
    ...PRICING_ERRORS,
    ErrorCatalogue.ORDER_PRICE_DEVIATION,
  ],
  get: [ErrorCatalogue.ORDER_NOT_FOUND],
} satisfies Record<string, BusinessErrors>;

export class PurchaseOrderService {
  constructor(
    private readonly sql: RawSql,
    private readonly bindings: PartnerBindings,
    private readonly pricing: PricingService,
    private readonly settings: OrderSettings,
    private readonly reads: PartnerReads,
  ) {}

  /** Live price of the lines for a bound member; writes nothing. */
  async quote(ctx: RequestContext, input: QuoteInput): Promise<Quote> {
    await this.bindings.resolve(ctx, input.externalUserId);
    return this.pricing.quote(ctx, input.items);
  }

  async create(ctx: RequestContext, input: CreatePurchaseOrderInput): Promise<CreatedPurchaseOrder> {
    const { partnerClientId, tenantId } = partnerScope(ctx);
    const requestHash = purchaseRequestHash(input);
    // A repeat is answered from the first order before anything is priced again.
    const existing = await this.findByOutOrderNo(partnerClientId, input.outOrderNo);
    if (existing) return this.repeated(ctx, existing, requestHash);

    const member = await this.bindings.resolve(ctx, input.externalUserId);
    const address = await memberAddressSnapshot(this.sql, member, input.addressId);
    if (!address) {
      throw input.addressId !== undefined
        ? new ServiceError(ErrorCatalogue.ORDER_ADDRESS_NOT_FOUND, { addressId: input.addressId })
        : new ServiceError(ErrorCatalogue.ORDER_NO_DEFAULT_ADDRESS, { externalUserId: member.externalUserId });
    }
    const quote = await this.pricing.quote(ctx, input.items);
    if (input.expectedPayAmount !== undefined && deviatesBeyond(quote.payAmount, input.expectedPayAmount, this.settings.priceDeviationBasisPoints)) {
      throw new ServiceError(ErrorCatalogue.ORDER_PRICE_DEVIATION, {
        expectedPayAmount: input.expectedPayAmount,
        payAmount: quote.payAmount,
        thresholdPercent: this.settings.priceDeviationBasisPoints / 100,
      });
    }

    for (let attempt = 1; ; attempt++) {
      const now = ctx.now();
      const orderNo = newBusinessNo('O', now);
      const paymentId = newBusinessNo('PAY', now);
      // One random base per order, the line index after it: lines of one order never collide.
      const itemNoBase = newBusinessNo('PI', now);
      try {
        // Nothing read back: the answer is built from what was written. The columns Prisma's client
        // fills itself are written here (updatedAt; the pay order's status default).
        await this.sql.transaction(async (sql) => {
          const [order] = await sql.query(Prisma.sql`
            INSERT INTO "PurchaseOrder" ("tenantId", "orderNo", "partnerClientId", "outOrderNo", "externalUserId", "memberId", "addressId", "address", "orderComment",
              "requestHash", "goodsAmount", "freightAmount", "serviceFee", "payAmount", "status", "paymentId", "createdAt", "updatedAt")
            VALUES (${tenantId}, ${orderNo}, ${partnerClientId}, ${input.outOrderNo}, ${input.externalUserId}, ${member.memberId}, ${address.addressId}, ${JSON.stringify(address)},
              ${input.orderComment?.trim() || null}, ${requestHash}, ${quote.goodsAmount}, ${quote.freightAmount}, ${quote.serviceFee}, ${quote.payAmount},
              ${PurchaseOrderStatus.UNPAID}, ${paymentId}, ${now}, ${now})
            RETURNING "id"`);
          const orderId = Number(order?.id);
          await sql.execute(Prisma.sql`
            INSERT INTO "PurchaseOrderItem" ("tenantId", "orderId", "orderItemNo", "memberId", "platformChannel", "source", "goodsId", "skuId", "title", "skuProps", "image",
              "qty", "unitPrice", "amount", "remarks", "status", "createdAt", "updatedAt")
            VALUES ${Prisma.join(
              quote.items.map(
                (line, index) => Prisma.sql`(${tenantId}, ${orderId}, ${`${itemNoBase}${String(index + 1).padStart(2, '0')}`}, ${member.memberId}, ${line.source}, ${line.source},
                  ${line.goodsId}, ${line.skuId}, ${line.title}, ${JSON.stringify(line.skuProps)}, ${line.image}, ${line.qty}, ${line.unitPrice}, ${line.amount},
                  ${input.items[index]?.remarks?.trim() || null}, ${OrderItemStatus.UNPAID}, ${now}, ${now})`,
              ),
            )}`);
          await sql.execute(Prisma.sql`
            INSERT INTO "PayOrder" ("tenantId", "paymentId", "memberId", "partnerClientId", "kind", "bizNo", "amount", "status", "createdAt", "updatedAt")
            VALUES (${tenantId}, ${paymentId}, ${member.memberId}, ${partnerClientId}, ${PayOrderKind.PURCHASE}, ${orderNo}, ${quote.payAmount}, ${PayOrderStatus.UNPAID}, ${now}, ${now})`);
        });
        return {
          orderNo,
          outOrderNo: input.outOrderNo,
          paymentId,
          payAmount: quote.payAmount,
          status: PurchaseOrderStatus.UNPAID,
          goodsAmount: quote.goodsAmount,
          freightAmount: quote.freightAmount,
          serviceFee: quote.serviceFee,
        };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Either a concurrent create with this outOrderNo won the unique (partner, outOrderNo)…
        const winner = await this.findByOutOrderNo(partnerClientId, input.outOrderNo);
        if (winner) return this.repeated(ctx, winner, requestHash);
        // …or a random business number collided: draw new ones.
        if (attempt >= NUMBER_ATTEMPTS) throw error;
      }
    }
  }

  async get(ctx: RequestContext, reference: PurchaseOrderReference): Promise<PurchaseOrderView> {
    const order = await this.reads.purchaseOrder(partnerScope(ctx), reference);
    if (!order) throw new ServiceError(ErrorCatalogue.ORDER_NOT_FOUND, { reference: reference.orderNo ?? reference.outOrderNo });
    return {
      orderNo: order.orderNo,
      outOrderNo: order.outOrderNo,
      externalUserId: order.externalUserId,
      memberId: order.memberId,
      status: order.status,
      paymentId: order.paymentId,
      goodsAmount: order.goodsAmount,
      freightAmount: order.freightAmount,
      serviceFee: order.serviceFee,
      payAmount: order.payAmount,
      paid: order.status === PurchaseOrderStatus.PAID,
      paidTime: order.paidAt,
      orderComment: order.orderComment,
      // The read selects exactly the item fields partners see.
      items: order.items,
      createTime: order.createdAt,
    };
  }

  private async findByOutOrderNo(partnerClientId: string, outOrderNo: string): Promise<StoredOrder | null> {
    const [row] = await this.sql.query(Prisma.sql`
      SELECT "orderNo", "outOrderNo", "paymentId", "payAmount", "status", "goodsAmount", "freightAmount", "serviceFee", "requestHash", "tenantId" FROM "PurchaseOrder"
      WHERE "partnerClientId" = ${partnerClientId} AND "outOrderNo" = ${outOrderNo}`);
    if (!row) return null;
    return {
      orderNo: String(row.orderNo),
      outOrderNo: String(row.outOrderNo),
      paymentId: String(row.paymentId),
      payAmount: Number(row.payAmount),
      status: Number(row.status),
      goodsAmount: Number(row.goodsAmount),
      freightAmount: Number(row.freightAmount),
      serviceFee: Number(row.serviceFee),
      requestHash: String(row.requestHash),
      tenantId: Number(row.tenantId),
    };
  }

  /** The answer to a repeated outOrderNo: the first order when the request is the same, else a refusal. */
  private repeated(ctx: RequestContext, order: StoredOrder, requestHash: string): CreatedPurchaseOrder {
    // outOrderNo is unique per partner across tenants; a repeat from another tenant is not the same request.
    if (order.requestHash !== requestHash || order.tenantId !== ctx.tenantId) {
      throw new ServiceError(ErrorCatalogue.ORDER_OUT_ORDER_NO_CONFLICT, { outOrderNo: order.outOrderNo });
    }
    return {
      orderNo: order.orderNo,
      outOrderNo: order.outOrderNo,
      paymentId: order.paymentId,
      payAmount: order.payAmount,
      status: order.status,
      goodsAmount: order.goodsAmount,
      freightAmount: order.freightAmount,
      serviceFee: order.serviceFee,
    };
  }
}
