// Purchasing for internal tools: the queue of paid items awaiting purchase on the marketplace,
// marking an item purchased (a higher actual price raises a purchase supplement bill), and
// cancelling an item with its refund to the member's wallet. Everything is confined to the
// caller's tenant.
//
// Rules this service fixes:
// - mark purchased: PAID -> PURCHASED once (a conditional update). A retried call with the same
//   marketplace order number and price answers the same outcome; other values are refused. When
//   the actual unit price is higher, a bill of (actual - unit) x qty is raised on the parent order
//   through `SupplementService.raise` under a number derived from the item (`priceSupplementNo`):
//   expense numbers are unique, so however often the call is retried (or raced) one bill exists.
// - cancel a paid or purchased item: in one transaction it becomes REFUNDED (cancelled and
//   refunded together, so no item is ever left cancelled without its money) and the wallet is
//   credited with ledger bizRef `refund:<orderItemNo>`: a retry refunds nothing more. The refund is
//   the item's goods amount plus its share of the order's freight and service fee
//   (`refund-amount.ts`), plus the item's price supplement when it was paid; an unpaid price
//   supplement is cancelled instead.
// - cancel an unpaid item: its order's one pay order can only pay the whole order, so the whole
//   unpaid order is cancelled: the pay order and the order are closed and every unpaid item becomes
//   CANCELLED. No money moved, none is refunded.
import { recordIdSchema } from '../admin/save-shape';
import type { Db, DbTransaction, Prisma } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { refusal } from '../errors/reasons';
import { ServiceError } from '../errors/service-error';
import { goodsSourceSchema } from '../catalog/catalog-service';
import { MAX_INT32 } from '../order/query-guards';
import { OrderItemStatus, PayOrderKind, PayOrderStatus, PurchaseOrderStatus, SupplementBizType, SupplementStatus } from '../order/statuses';
import { WebhookEventType } from '../webhook/event-types';
import type { WebhookOutbox } from '../webhook/webhook-outbox';
import { pageInputSchema, pageWindow } from '../paging';
import { type RequestContext, tenantIdOf } from '../request-context';
import type { AutoDebitOutcome, SupplementBillView, SupplementService } from '../supplement/supplement-service';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { applyWalletMovement, MAX_WALLET_BALANCE, WalletLedgerKind } from '../wallet/wallet-ledger';
import { refundAmounts } from './refund-amount';

export const awaitingPurchaseSchema = pageInputSchema.extend({
  source: goodsSourceSchema.optional(),
  goodsId: z.string().trim().min(1).max(64).optional(),
});
export type AwaitingPurchaseInput = z.input<typeof awaitingPurchaseSchema>;

export const markPurchasedSchema = z.object({
  orderItemId: recordIdSchema,
  marketplaceOrderNo: z.string().trim().min(1).max(64),
  /** What the marketplace charged per unit, cents. */
  actualUnitPrice: z.number().int().min(0).max(MAX_INT32),
});
export type MarkPurchasedInput = z.input<typeof markPurchasedSchema>;

export const cancelItemSchema = z.object({
  orderItemId: recordIdSchema,
  reason: z.string().trim().min(1).max(255),
});
export type CancelItemInput = z.input<typeof cancelItemSchema>;

/** Statuses of an item that was bought on the marketplace and not cancelled since. */
const PURCHASED_STATUSES: readonly number[] = [
  OrderItemStatus.PURCHASED,
  OrderItemStatus.ARRIVED,
  OrderItemStatus.QC_DONE,
  OrderItemStatus.IN_STORAGE,
  OrderItemStatus.PACKED,
  OrderItemStatus.SHIPPED,
];
const REFUNDABLE_STATUSES: readonly number[] = [OrderItemStatus.PAID, OrderItemStatus.PURCHASED];

export interface PurchasingItem {
  id: number;
  orderItemNo: string;
  orderNo: string;
  memberId: number;
  source: number;
  goodsId: string;
  skuId: string;
  title: string;
  skuProps: Prisma.JsonValue;
  image: string | null;
  qty: number;
  unitPrice: number;
  amount: number;
  remarks: string | null;
  status: number;
  marketplaceOrderNo: string | null;
  actualUnitPrice: number | null;
  createTime: Date;
}

export interface MarkPurchasedOutcome {
  item: PurchasingItem;
  /** The price supplement of the item (null when the actual price was not higher). */
  supplement: SupplementBillView | null;
  autoDebit?: AutoDebitOutcome;
}

export interface CancelOutcome {
  item: PurchasingItem;
  /** Null when nothing was paid (an unpaid order was cancelled). */
  refund: { amount: number; bizRef: string; balanceAfter: number } | null;
  /** Numbers of the items this call (or the first of its retries) cancelled with an unpaid order. */
  cancelledItems: string[];
}

const itemInclude = { order: { select: { orderNo: true } } } as const;
type ItemRecord = Prisma.PurchaseOrderItemGetPayload<{ include: typeof itemInclude }>;

function itemView(item: ItemRecord): PurchasingItem {
  const { id, orderItemNo, memberId, source, goodsId, skuId, title, skuProps, image, qty, unitPrice, amount, remarks, status, marketplaceOrderNo, actualUnitPrice, createdAt } = item;
  return { id, orderItemNo, orderNo: item.order.orderNo, memberId, source, goodsId, skuId, title, skuProps, image, qty, unitPrice, amount, remarks, status, marketplaceOrderNo, actualUnitPrice, createTime: createdAt };
}

/**
 * The expense number of an item's price supplement: `E` and the item number's digits. Item numbers
 * (PI + 21 or more digits) are longer than generated expense numbers (E + 20 digits), so the two
 * never collide, and the unique expense number allows one price supplement per item.
 */
export function priceSupplementNo(orderItemNo: string): string {
  return `E${orderItemNo.replace(/^PI/, '')}`;
}

/** The ledger reference of an item's refund: one per item, ever. */
export function refundBizRef(orderItemNo: string): string {
  return `refund:${orderItemNo}`;
}

export class PurchasingService {
  constructor(
    private readonly db: Db,
    private readonly supplements: SupplementService,
    private readonly outbox: WebhookOutbox,
  ) {}

  /** Paid items awaiting purchase, oldest first. */
  async awaiting(ctx: RequestContext, raw: AwaitingPurchaseInput): Promise<{ list: PurchasingItem[]; total: number }> {
    const input = awaitingPurchaseSchema.parse(raw);
    const db = tenantScopedDb(this.db, tenantIdOf(ctx));
    const where = {
      status: OrderItemStatus.PAID,
      ...(input.source !== undefined && { source: input.source }),
      ...(input.goodsId !== undefined && { goodsId: input.goodsId }),
    };
    const [items, total] = await Promise.all([
      db.purchaseOrderItem.findMany({ where, include: itemInclude, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...pageWindow(input) }),
      db.purchaseOrderItem.count({ where }),
    ]);
    return { list: items.map(itemView), total };
  }

  async markPurchased(ctx: RequestContext, raw: MarkPurchasedInput): Promise<MarkPurchasedOutcome> {
    const input = markPurchasedSchema.parse(raw);
    const tenantId = tenantIdOf(ctx);
    let item = await this.item(ctx, input.orderItemId);
    const surcharge = Math.max(0, input.actualUnitPrice - item.unitPrice) * item.qty;
    if (surcharge > MAX_WALLET_BALANCE) {
      throw refusal(ErrorCatalogue.BAD_REQUEST, 'supplementTooLarge', { surcharge, maximum: MAX_WALLET_BALANCE });
    }
    if (item.status === OrderItemStatus.PAID) {
      const purchasedItem = item;
      await this.db.$transaction(async (tx) => {
        const purchased = await tx.purchaseOrderItem.updateMany({
          where: { id: purchasedItem.id, tenantId, status: OrderItemStatus.PAID },
          data: { status: OrderItemStatus.PURCHASED, marketplaceOrderNo: input.marketplaceOrderNo, actualUnitPrice: input.actualUnitPrice, updatedAt: ctx.now() },
        });
        if (purchased.count === 1) await this.outbox.orderItemEvents(tx, WebhookEventType.ORDER_ITEM_PURCHASED, [purchasedItem.id], ctx.now());
      });
      // Whoever won the update, the item now says what was bought.
      item = await this.item(ctx, item.id);
    }
    if (!PURCHASED_STATUSES.includes(item.status)) throw new ServiceError(ErrorCatalogue.PURCHASE_ITEM_NOT_PAID, { orderItemNo: item.orderItemNo, status: item.status });
    if (item.marketplaceOrderNo !== input.marketplaceOrderNo || item.actualUnitPrice !== input.actualUnitPrice) {
      throw new ServiceError(ErrorCatalogue.PURCHASE_ITEM_PURCHASED_DIFFERENTLY, {
        orderItemNo: item.orderItemNo,
        marketplaceOrderNo: item.marketplaceOrderNo ?? '-',
        actualUnitPrice: item.actualUnitPrice ?? '-',
      });
    }
    if (surcharge === 0) return { item: itemView(item), supplement: null };
    const raised = await this.supplements.raise(
      ctx,
      {
        memberId: item.memberId,
        bizType: SupplementBizType.PURCHASE,
        bizNo: item.order.orderNo,
        amount: surcharge,
        reason: `Price change of ${item.orderItemNo}: bought at ${input.actualUnitPrice} cents instead of ${item.unitPrice} cents, qty ${item.qty}`,
      },
      { orderExpensesNo: priceSupplementNo(item.orderItemNo) },
    );
    return { item: itemView(item), supplement: raised.bill, ...(raised.autoDebit && { autoDebit: raised.autoDebit }) };
  }

  async cancel(ctx: RequestContext, raw: CancelItemInput): Promise<CancelOutcome> {
    const input = cancelItemSchema.parse(raw);
    const item = await this.item(ctx, input.orderItemId);
    if (item.status === OrderItemStatus.UNPAID || item.status === OrderItemStatus.CANCELLED) return this.cancelUnpaidOrder(ctx, item, input.reason);
    if (REFUNDABLE_STATUSES.includes(item.status) || item.status === OrderItemStatus.REFUNDED) return this.refundItem(ctx, item, input.reason);
    throw new ServiceError(ErrorCatalogue.PURCHASE_ITEM_NOT_CANCELLABLE, { orderItemNo: item.orderItemNo, status: item.status });
  }

  private async cancelUnpaidOrder(ctx: RequestContext, item: ItemRecord, reason: string): Promise<CancelOutcome> {
    const tenantId = tenantIdOf(ctx);
    const order = await this.db.purchaseOrder.findFirstOrThrow({ where: { id: item.orderId, tenantId }, select: { id: true, paymentId: true } });
    const cancelledItems = await this.db.$transaction(async (tx) => {
      // The pay order first, as wallet pay claims it: of a pay and a cancel of one order, one wins.
      const closed = await tx.payOrder.updateMany({
        where: { tenantId, paymentId: order.paymentId, kind: PayOrderKind.PURCHASE, status: PayOrderStatus.UNPAID },
        data: { status: PayOrderStatus.CLOSED },
      });
      if (closed.count === 0) return null;
      const orderClosed = await tx.purchaseOrder.updateMany({ where: { id: order.id, tenantId, status: PurchaseOrderStatus.UNPAID }, data: { status: PurchaseOrderStatus.CLOSED } });
      const items = await tx.purchaseOrderItem.findMany({ where: { orderId: order.id, tenantId, status: OrderItemStatus.UNPAID }, select: { id: true, orderItemNo: true }, orderBy: { id: 'asc' } });
      await tx.purchaseOrderItem.updateMany({ where: { orderId: order.id, tenantId, status: OrderItemStatus.UNPAID }, data: { status: OrderItemStatus.CANCELLED, updatedAt: ctx.now() } });
      if (orderClosed.count === 1) await this.outbox.purchaseOrderEvent(tx, WebhookEventType.PURCHASE_ORDER_CLOSED, order.id, ctx.now(), { reason });
      await this.outbox.orderItemEvents(tx, WebhookEventType.ORDER_ITEM_CANCELLED, items.map((line) => line.id), ctx.now(), () => ({ reason }));
      return items.map((line) => line.orderItemNo);
    });
    const current = await this.item(ctx, item.id);
    if (cancelledItems === null) {
      // Cancelled before: answer as the first cancel did. Paid meanwhile: refund it instead.
      if (current.status === OrderItemStatus.CANCELLED) return { item: itemView(current), refund: null, cancelledItems: [] };
      if (REFUNDABLE_STATUSES.includes(current.status) || current.status === OrderItemStatus.REFUNDED) return this.refundItem(ctx, current, reason);
      throw new ServiceError(ErrorCatalogue.PURCHASE_ITEM_NOT_CANCELLABLE, { orderItemNo: current.orderItemNo, status: current.status });
    }
    return { item: itemView(current), refund: null, cancelledItems };
  }

  private async refundItem(ctx: RequestContext, item: ItemRecord, reason: string): Promise<CancelOutcome> {
    const tenantId = tenantIdOf(ctx);
    const bizRef = refundBizRef(item.orderItemNo);
    const order = await this.db.purchaseOrder.findFirstOrThrow({
      where: { id: item.orderId, tenantId },
      select: { freightAmount: true, serviceFee: true, items: { select: { id: true, amount: true }, orderBy: { id: 'asc' } } },
    });
    const share = refundAmounts(order, order.items).get(item.id) ?? item.amount;
    const now = ctx.now();
    const refund = await this.db.$transaction(async (tx) => {
      const claimed = await tx.purchaseOrderItem.updateMany({
        where: { id: item.id, tenantId, status: { in: [...REFUNDABLE_STATUSES] } },
        data: { status: OrderItemStatus.REFUNDED, updatedAt: now },
      });
      if (claimed.count === 0) return this.earlierRefund(tx, item, bizRef);
      const supplementRefund = await this.settlePriceSupplement(tx, tenantId, item, now);
      const change = await applyWalletMovement(
        tx,
        this.outbox,
        { memberId: item.memberId, amount: share + supplementRefund, kind: WalletLedgerKind.REFUND, bizRef, remark: `Cancelled ${item.orderItemNo}: ${reason}` },
        now,
      );
      await this.outbox.orderItemEvents(tx, WebhookEventType.ORDER_ITEM_REFUNDED, [item.id], now, () => ({ refundAmount: change.entry.amount, reason }));
      return { amount: change.entry.amount, bizRef, balanceAfter: change.entry.balanceAfter };
    });
    return { item: itemView(await this.item(ctx, item.id)), refund, cancelledItems: [] };
  }

  /** A retried cancel: the refund the first one made; refused when the item is neither refunded nor refundable. */
  private async earlierRefund(tx: DbTransaction, item: ItemRecord, bizRef: string): Promise<CancelOutcome['refund']> {
    const current = await tx.purchaseOrderItem.findUniqueOrThrow({ where: { id: item.id }, select: { status: true } });
    const entry = await tx.walletLedger.findFirst({ where: { memberId: item.memberId, bizRef } });
    if (current.status !== OrderItemStatus.REFUNDED || !entry) {
      throw new ServiceError(ErrorCatalogue.PURCHASE_ITEM_NOT_CANCELLABLE, { orderItemNo: item.orderItemNo, status: current.status });
    }
    return { amount: entry.amount, bizRef, balanceAfter: entry.balanceAfter };
  }

  /**
   * The item's price supplement on cancel: an unpaid one is cancelled (and the supplement pay order
   * meant to pay it closed, as auto-debit does); a paid one is refunded with the item (its amount
   * is answered). Pay order before bill, the order wallet pay locks them in.
   */
  private async settlePriceSupplement(tx: DbTransaction, tenantId: number, item: ItemRecord, now: Date): Promise<number> {
    const bill = await tx.supplementBill.findFirst({ where: { tenantId, memberId: item.memberId, orderExpensesNo: priceSupplementNo(item.orderItemNo) } });
    if (!bill || bill.status === SupplementStatus.CANCELLED) return 0;
    if (bill.status === SupplementStatus.UNPAID) {
      if (bill.paymentId) {
        await tx.payOrder.updateMany({ where: { tenantId, paymentId: bill.paymentId, kind: PayOrderKind.SUPPLEMENT, status: PayOrderStatus.UNPAID }, data: { status: PayOrderStatus.CLOSED } });
      }
      const cancelled = await tx.supplementBill.updateMany({ where: { id: bill.id, status: SupplementStatus.UNPAID }, data: { status: SupplementStatus.CANCELLED, updatedAt: now } });
      if (cancelled.count === 1) return 0;
    }
    // Paid, possibly a moment ago by a concurrent pay: it is given back with the item.
    const current = await tx.supplementBill.findUniqueOrThrow({ where: { id: bill.id }, select: { status: true, amount: true } });
    return current.status === SupplementStatus.PAID ? current.amount : 0;
  }

  private async item(ctx: RequestContext, orderItemId: number): Promise<ItemRecord> {
    const item = await tenantScopedDb(this.db, tenantIdOf(ctx)).purchaseOrderItem.findFirst({ where: { id: orderItemId }, include: itemInclude });
    if (!item) throw new ServiceError(ErrorCatalogue.PURCHASE_ITEM_NOT_FOUND, { orderItemId });
    return item;
  }
}
