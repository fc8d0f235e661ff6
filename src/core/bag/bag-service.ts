// Bags (numbers B…) for internal tools: pack stored items of one member, weigh, choose the shipping
// line and freight, ship with a tracking number, and mark delivered.
//
// Bag statuses move one way: CREATED -> WEIGHED -> READY -> SHIPPED -> DELIVERED. Re-weighing is
// allowed until the freight is set. Once READY, a higher freight (the carrier's final price) raises a
// bag supplement bill for the difference; the bag's freightAmount is always what the member owes in
// total, so a retried call with the same freight finds nothing left to bill.
import { recordIdSchema } from '../admin/save-shape';
import { newBusinessNo, withFreshBusinessNumbers } from '../business-no';
import type { Db, Prisma } from '../db/client';
import type { RawSql } from '../db/raw-sql';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import type { MemberService } from '../member/member-service';
import { memberAddressSnapshot } from '../order/address-snapshot';
import { BagStatus, OrderItemStatus, SupplementBizType, type ValueOf } from '../order/statuses';
import { WebhookEventType } from '../webhook/event-types';
import type { WebhookOutbox } from '../webhook/webhook-outbox';
import { type RequestContext, tenantIdOf } from '../request-context';
import type { RaisedSupplement, SupplementService } from '../supplement/supplement-service';
import { z } from '../validation';
import { MAX_WALLET_BALANCE } from '../wallet/wallet-ledger';

/** Items one bag may pack. */
export const MAX_BAG_ITEMS = 200;
/** 1 tonne: well above any parcel, low enough to catch a unit mistake. */
export const MAX_BAG_WEIGHT_GRAMS = 1_000_000;

/** Ids are 32-bit in the database: a larger number is a validation error, not a database one. */
export const bagRefSchema = z.object({ bagId: recordIdSchema });
export type BagRefInput = z.input<typeof bagRefSchema>;

export const bagCreateSchema = z.object({
  memberId: recordIdSchema,
  orderItemIds: z.array(recordIdSchema).min(1).max(MAX_BAG_ITEMS),
  /** The member's address to ship to; the default address when omitted. */
  addressId: recordIdSchema.optional(),
});
export type BagCreateInput = z.input<typeof bagCreateSchema>;

export const bagWeighSchema = bagRefSchema.extend({ weightGrams: z.number().int().min(1).max(MAX_BAG_WEIGHT_GRAMS) });
export type BagWeighInput = z.input<typeof bagWeighSchema>;

export const bagShippingSchema = bagRefSchema.extend({
  shippingLine: z.string().trim().min(1).max(64),
  /** International freight in cents. */
  freightAmount: z.number().int().min(0).max(MAX_WALLET_BALANCE),
});
export type BagShippingInput = z.input<typeof bagShippingSchema>;

export const bagShipSchema = bagRefSchema.extend({ trackingNo: z.string().trim().min(1).max(64) });
export type BagShipInput = z.input<typeof bagShipSchema>;

export interface BagView {
  bagId: number;
  bagNo: string;
  memberId: number;
  status: number;
  weightGrams: number | null;
  shippingLine: string | null;
  freightAmount: number | null;
  /** Snapshot of the member's address when the bag was made. */
  address: Prisma.JsonValue;
  trackingNo: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
  items: { orderItemId: number; orderItemNo: string; status: number }[];
}

export interface BagShippingResult {
  bag: BagView;
  /** The bill raised for a freight increase by this call. */
  supplement?: RaisedSupplement;
}

const BAG_INCLUDE = { items: { select: { id: true, orderItemNo: true, status: true }, orderBy: { id: 'asc' } } } as const satisfies Prisma.BagOrderInclude;
type BagRow = Prisma.BagOrderGetPayload<{ include: typeof BAG_INCLUDE }>;

function bagView(row: BagRow): BagView {
  const { id, bagNo, memberId, status, weightGrams, shippingLine, freightAmount, address, trackingNo, shippedAt, deliveredAt, createdAt } = row;
  return {
    bagId: id,
    bagNo,
    memberId,
    status,
    weightGrams,
    shippingLine,
    freightAmount,
    address,
    trackingNo,
    shippedAt,
    deliveredAt,
    createdAt,
    items: row.items.map((item) => ({ orderItemId: item.id, orderItemNo: item.orderItemNo, status: item.status })),
  };
}

type BagStatusValue = ValueOf<typeof BagStatus>;

export class BagService {
  constructor(
    private readonly db: Db,
    private readonly sql: RawSql,
    private readonly members: MemberService,
    private readonly supplements: SupplementService,
    private readonly outbox: WebhookOutbox,
  ) {}

  async get(ctx: RequestContext, raw: BagRefInput): Promise<BagView> {
    return bagView(await this.requireBag(ctx, bagRefSchema.parse(raw).bagId));
  }

  /**
   * Packs stored items of one member into a new bag (CREATED); the items become PACKED. Every item
   * must be the member's, IN_STORAGE and in no bag; the claim is one conditional update, so of two
   * bags made at once from the same item only one gets it.
   */
  async create(ctx: RequestContext, raw: BagCreateInput): Promise<BagView> {
    const input = bagCreateSchema.parse(raw);
    const tenantId = tenantIdOf(ctx);
    // MEMBER_NOT_FOUND for a member outside the caller's tenant, before anything about its addresses.
    await this.members.get(ctx, input.memberId);
    const address = await memberAddressSnapshot(this.sql, { tenantId, memberId: input.memberId }, input.addressId);
    if (!address) {
      throw input.addressId !== undefined
        ? new ServiceError(ErrorCatalogue.MEMBER_ADDRESS_NOT_FOUND, { addressId: input.addressId, memberId: input.memberId })
        : new ServiceError(ErrorCatalogue.BAG_NO_DEFAULT_ADDRESS, { memberId: input.memberId });
    }
    const orderItemIds = [...new Set(input.orderItemIds)];
    const items = await this.db.purchaseOrderItem.findMany({
      where: { id: { in: orderItemIds }, tenantId },
      select: { id: true, orderItemNo: true, memberId: true, status: true, bag: { select: { bagNo: true } } },
    });
    const byId = new Map(items.map((item) => [item.id, item]));
    for (const orderItemId of orderItemIds) {
      const item = byId.get(orderItemId);
      if (!item) throw new ServiceError(ErrorCatalogue.BAG_ITEM_NOT_FOUND, { orderItemId });
      if (item.memberId !== input.memberId) throw new ServiceError(ErrorCatalogue.BAG_ITEM_OTHER_MEMBER, { orderItemNo: item.orderItemNo, memberId: input.memberId });
      if (item.bag) throw new ServiceError(ErrorCatalogue.BAG_ITEM_ALREADY_BAGGED, { orderItemNo: item.orderItemNo, bagNo: item.bag.bagNo });
      if (item.status !== OrderItemStatus.IN_STORAGE) throw new ServiceError(ErrorCatalogue.BAG_ITEM_NOT_STORED, { orderItemNo: item.orderItemNo, status: item.status });
    }
    const now = ctx.now();
    const bag = await withFreshBusinessNumbers(() => this.db.$transaction(async (tx) => {
      const created = await tx.bagOrder.create({
        data: { tenantId, bagNo: newBusinessNo('B', now), memberId: input.memberId, status: BagStatus.CREATED, address, createdAt: now },
      });
      const packed = await tx.purchaseOrderItem.updateMany({
        where: { id: { in: orderItemIds }, tenantId, memberId: input.memberId, status: OrderItemStatus.IN_STORAGE, bagId: null },
        data: { status: OrderItemStatus.PACKED, bagId: created.id },
      });
      if (packed.count !== orderItemIds.length) throw new ServiceError(ErrorCatalogue.BAG_ITEMS_CHANGED);
      await this.outbox.orderItemEvents(tx, WebhookEventType.ORDER_ITEM_PACKED, orderItemIds, now, () => ({ bagOrderNo: created.bagNo }));
      return created;
    }));
    // The bag holds exactly the items just packed: nothing to read back.
    const packed = [...orderItemIds].sort((a, b) => a - b).map((id) => ({ id, orderItemNo: (byId.get(id) as (typeof items)[number]).orderItemNo, status: OrderItemStatus.PACKED }));
    return bagView({ ...bag, items: packed });
  }

  /** Records the weight: CREATED or WEIGHED (a re-weigh) -> WEIGHED. */
  async weigh(ctx: RequestContext, raw: BagWeighInput): Promise<BagView> {
    const input = bagWeighSchema.parse(raw);
    const bag = await this.requireBag(ctx, input.bagId);
    return bagView(await this.move(ctx, bag, [BagStatus.CREATED, BagStatus.WEIGHED], 'weigh', { status: BagStatus.WEIGHED, weightGrams: input.weightGrams }, WebhookEventType.BAG_WEIGHED));
  }

  /**
   * The first call on a weighed bag records the line and freight (READY). Later calls on a READY bag
   * may change the line and raise the freight: the difference becomes a bag supplement bill. The
   * freight never goes down here (refunds are not bills).
   */
  async setShipping(ctx: RequestContext, raw: BagShippingInput): Promise<BagShippingResult> {
    const input = bagShippingSchema.parse(raw);
    const bag = await this.requireBag(ctx, input.bagId);
    const data = { status: BagStatus.READY, shippingLine: input.shippingLine, freightAmount: input.freightAmount };
    if (bag.status === BagStatus.WEIGHED) {
      return { bag: bagView(await this.move(ctx, bag, [BagStatus.WEIGHED], 'setShipping', data, WebhookEventType.BAG_SHIPPING_SET)) };
    }
    if (bag.status !== BagStatus.READY || bag.freightAmount === null) throw this.wrongStatus(bag, 'setShipping', [BagStatus.WEIGHED, BagStatus.READY]);
    const previous = bag.freightAmount;
    if (input.freightAmount < previous) {
      throw new ServiceError(ErrorCatalogue.BAG_FREIGHT_LOWERED, { bagNo: bag.bagNo, freightAmount: previous, requested: input.freightAmount });
    }
    const difference = input.freightAmount - previous;
    // The freight and its bill commit together: a failed raise leaves the freight as it was, so a
    // retry bills the difference again instead of finding nothing left to bill.
    const supplement = await this.db.$transaction(async (tx) => {
      // Compare-and-set on the freight read: of concurrent calls one moves it, and only that one bills.
      const changed = await tx.bagOrder.updateMany({ where: { id: bag.id, tenantId: bag.tenantId, status: BagStatus.READY, freightAmount: previous }, data });
      if (changed.count === 0) throw new ServiceError(ErrorCatalogue.BAG_CHANGED, { bagNo: bag.bagNo });
      await this.outbox.bagEvent(tx, WebhookEventType.BAG_SHIPPING_SET, bag.id, ctx.now(), { shippingLine: input.shippingLine, freightAmount: input.freightAmount });
      if (difference === 0) return undefined;
      return this.supplements.raise(
        ctx,
        {
          memberId: bag.memberId,
          bizType: SupplementBizType.BAG,
          bizNo: bag.bagNo,
          amount: difference,
          reason: `International freight raised from ${previous} to ${input.freightAmount} cents (${input.shippingLine})`,
        },
        { tx },
      );
    });
    return { bag: bagView(await this.requireBag(ctx, bag.id)), ...(supplement && { supplement }) };
  }

  /**
   * Hands a READY bag to the carrier: SHIPPED with the tracking number and time, its items SHIPPED.
   * A retry with the same tracking number answers the shipped bag.
   */
  async ship(ctx: RequestContext, raw: BagShipInput): Promise<BagView> {
    const input = bagShipSchema.parse(raw);
    const bag = await this.requireBag(ctx, input.bagId);
    if (bag.status === BagStatus.SHIPPED && bag.trackingNo === input.trackingNo) return bagView(bag);
    if (bag.status !== BagStatus.READY) throw this.wrongStatus(bag, 'ship', [BagStatus.READY]);
    await this.db.$transaction(async (tx) => {
      const shipped = await tx.bagOrder.updateMany({
        where: { id: bag.id, tenantId: bag.tenantId, status: BagStatus.READY },
        data: { status: BagStatus.SHIPPED, trackingNo: input.trackingNo, shippedAt: ctx.now() },
      });
      if (shipped.count === 0) throw new ServiceError(ErrorCatalogue.BAG_CHANGED, { bagNo: bag.bagNo });
      const shippedItems = await tx.purchaseOrderItem.findMany({ where: { bagId: bag.id, tenantId: bag.tenantId, status: OrderItemStatus.PACKED }, select: { id: true } });
      await tx.purchaseOrderItem.updateMany({ where: { bagId: bag.id, tenantId: bag.tenantId, status: OrderItemStatus.PACKED }, data: { status: OrderItemStatus.SHIPPED } });
      const carrier = { shippingLine: bag.shippingLine, trackingNo: input.trackingNo };
      await this.outbox.bagEvent(tx, WebhookEventType.BAG_SHIPPED, bag.id, ctx.now(), carrier);
      await this.outbox.orderItemEvents(tx, WebhookEventType.ORDER_ITEM_SHIPPED, shippedItems.map((item) => item.id), ctx.now(), () => ({ bagOrderNo: bag.bagNo, ...carrier }));
    });
    return bagView(await this.requireBag(ctx, bag.id));
  }

  /** The carrier delivered: SHIPPED -> DELIVERED with the time; a repeat answers the delivered bag. */
  async markDelivered(ctx: RequestContext, raw: BagRefInput): Promise<BagView> {
    const bag = await this.requireBag(ctx, bagRefSchema.parse(raw).bagId);
    if (bag.status === BagStatus.DELIVERED) return bagView(bag);
    return bagView(await this.move(ctx, bag, [BagStatus.SHIPPED], 'markDelivered', { status: BagStatus.DELIVERED, deliveredAt: ctx.now() }, WebhookEventType.BAG_DELIVERED));
  }

  private async requireBag(ctx: RequestContext, bagId: number): Promise<BagRow> {
    const bag = await this.db.bagOrder.findFirst({ where: { id: bagId, tenantId: tenantIdOf(ctx) }, include: BAG_INCLUDE });
    if (!bag) throw new ServiceError(ErrorCatalogue.BAG_NOT_FOUND, { bagId });
    return bag;
  }

  /**
   * One conditional update from the statuses allowed; a bag moved meanwhile is refused. Answers the
   * bag as the update left it (a move changes the bag only, so its items are as read).
   */
  private async move(ctx: RequestContext, bag: BagRow, from: readonly BagStatusValue[], operation: string, data: Prisma.BagOrderUpdateManyMutationInput, event: WebhookEventType): Promise<BagRow> {
    if (!(from as readonly number[]).includes(bag.status)) throw this.wrongStatus(bag, operation, from);
    const moved = await this.db.$transaction(async (tx) => {
      const [row] = await tx.bagOrder.updateManyAndReturn({ where: { id: bag.id, tenantId: tenantIdOf(ctx), status: { in: [...from] } }, data });
      if (!row) throw new ServiceError(ErrorCatalogue.BAG_CHANGED, { bagNo: bag.bagNo });
      await this.outbox.bagEvent(tx, event, bag.id, ctx.now(), { weightGrams: row.weightGrams, shippingLine: row.shippingLine, freightAmount: row.freightAmount });
      return row;
    });
    return { ...moved, items: bag.items };
  }

  private wrongStatus(bag: BagRow, operation: string, expected: readonly number[]): ServiceError {
    return new ServiceError(ErrorCatalogue.BAG_WRONG_STATUS, { bagNo: bag.bagNo, status: bag.status, operation, expected: expected.join(' or ') });
  }
}
