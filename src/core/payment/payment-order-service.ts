// USD payment orders of partners (interface.md 2.3, 3, 4.2): created with a payment at a channel,
// paid when the channel's verified notification arrives, closed when they expire, and given
// logistics once paid. Amounts are integer USD cents.
//
// Rules this service fixes where the spec is silent:
// - create is idempotent on outOrderNo per partner: the same outOrderNo with the same payAmount,
//   subject, description and shippingInfo answers the first order (whatever its status now); with
//   anything different it is refused (PAYMENT_ORDER_OUT_ORDER_NO_CONFLICT) and nothing is created.
// - a pending order expires at expireTime (created + PAYMENT_ORDER_TTL_MINUTES): from then on it
//   is CLOSED. The sweeper closes expired orders in the background, and every read closes the ones
//   it touches first, so no answer depends on the timer having run.
// - a notification is accepted only for a pending, unexpired order, with the order's exact amount;
//   a repeated valid notification (new nonce) for a paid order is acknowledged and changes nothing;
//   one for a closed order is refused (PAYMENT_ORDER_CLOSED): the channel must refund it. A nonce
//   is consumed only by an accepted notification.
// - logistics are accepted for the partner's own PAID orders only (pending and closed orders are
//   refused with PAYMENT_ORDER_NOT_PAID). Each submission adds rows; the channel's answer is kept
//   per row (channelAccepted).
import { newBusinessNo, withFreshBusinessNumbers } from '../business-no';
import { type Database, type Db, Prisma } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { type BusinessErrors, ServiceError } from '../errors/service-error';
import { partnerScope } from '../order/query-guards';
import { PaymentOrderStatus } from '../order/statuses';
import { WebhookEventType } from '../webhook/event-types';
import type { WebhookOutbox } from '../webhook/webhook-outbox';
import { type RequestContext, tenantIdOf } from '../request-context';
import { z } from '../validation';
import type { NotificationHeaders, PaymentChannels } from './payment-channel';
import {
  type LogisticsSubmitInput,
  type PaymentOrderCreateInput,
  SHIPPING_INFO_FIELDS,
  type ShippingInfo,
} from './payment-order-schemas';
import type { PaymentSettings } from './payment-settings';

export type PaymentOrderRecord = Prisma.PaymentOrderModel;

/** A staff action on one payment order of the caller's tenant, with the reason the operation log keeps. */
export const paymentOrderStaffActionSchema = z.object({
  orderNo: z.string().trim().min(1).max(64),
  reason: z.string().trim().min(1).max(255),
});
export type PaymentOrderStaffActionInput = z.input<typeof paymentOrderStaffActionSchema>;
export type PaymentOrderLogisticsRecord = Prisma.PaymentOrderLogisticsModel;

/** The number a payment order is looked up by: exactly one of the three. */
export type PaymentOrderKey = { field: 'orderNo' | 'outOrderNo' | 'paymentOrderId'; value: string };

export interface DateRange {
  start: Date;
  end: Date;
}

export interface PaymentOrderPageFilter {
  pageNo: number;
  pageSize: number;
  status?: number;
  /** Case-sensitive substring of outOrderNo (no wildcards). */
  outOrderNo?: string;
  orderNo?: string;
  paymentOrderId?: string;
  /** `[start, end)` */
  createTime?: DateRange;
  /** `[start, end)` */
  paidTime?: DateRange;
}

export interface NotificationOutcome {
  order: PaymentOrderRecord;
  /** True when the order was already paid and this notification changed nothing. */
  alreadyPaid: boolean;
}

export interface LogisticsSubmission {
  paymentOrderId: string;
  accepted: boolean;
  logistics: PaymentOrderLogisticsRecord[];
}

/** Storage form of shipping info: the given fields only; null when none was given. */
function storedShippingInfo(info: ShippingInfo | undefined): Record<string, string> | null {
  if (!info) return null;
  const entries = SHIPPING_INFO_FIELDS.flatMap((field) => (info[field] === undefined ? [] : [[field, info[field] as string] as const]));
  return entries.length === 0 ? null : Object.fromEntries(entries);
}

function shippingField(info: Prisma.JsonValue | Record<string, string> | null, field: string): unknown {
  return info !== null && typeof info === 'object' && !Array.isArray(info) ? ((info as Record<string, unknown>)[field] ?? null) : null;
}

/** The business errors of PaymentOrderService's partner operations. */
export const PAYMENT_ORDER_ERRORS = {
  create: [ErrorCatalogue.PAYMENT_ORDER_OUT_ORDER_NO_CONFLICT],
  get: [ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND],
  page: [],
  // An order of a channel no longer registered cannot take logistics.
  submitLogistics: [ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND, ErrorCatalogue.PAYMENT_ORDER_NOT_PAID, ErrorCatalogue.PAYMENT_CHANNEL_UNKNOWN],
} satisfies Record<string, BusinessErrors>;

export class PaymentOrderService {
  private readonly db: Db;

  constructor(
    private readonly database: Database,
    private readonly channels: PaymentChannels,
    private readonly settings: Pick<PaymentSettings, 'orderTtlMinutes' | 'checkoutDemo'>,
    private readonly outbox: WebhookOutbox,
  ) {
    this.db = database.db;
  }

  /** Whether checkout pages may offer the demo "pay" button (see PaymentSettings.checkoutDemo). */
  get checkoutDemo(): boolean {
    return this.settings.checkoutDemo;
  }

  async create(ctx: RequestContext, input: PaymentOrderCreateInput): Promise<PaymentOrderRecord> {
    const owner = partnerScope(ctx);
    const shippingInfo = storedShippingInfo(input.shippingInfo);
    const subject = input.subject ?? null;
    const description = input.description ?? null;
    // A round fails on a unique constraint when the outOrderNo was taken meanwhile (the next round
    // answers it) or a generated number collided (the next round draws new ones).
    return withFreshBusinessNumbers(async () => {
      const existing = await this.findOwned(ctx, { field: 'outOrderNo', value: input.outOrderNo });
      if (existing) {
        const same =
          existing.payAmount === input.payAmount &&
          existing.subject === subject &&
          existing.description === description &&
          SHIPPING_INFO_FIELDS.every((field) => shippingField(existing.shippingInfo, field) === shippingField(shippingInfo, field));
        if (same) return existing;
        throw new ServiceError(ErrorCatalogue.PAYMENT_ORDER_OUT_ORDER_NO_CONFLICT, { outOrderNo: input.outOrderNo, orderNo: existing.orderNo });
      }
      const now = ctx.now();
      const orderNo = newBusinessNo('PO', now);
      const expireTime = new Date(now.getTime() + this.settings.orderTtlMinutes * 60_000);
      const channel = this.channels.get(this.channels.defaultChannel);
      const payment = await channel.createPayment({ orderNo, amountCents: input.payAmount, currency: 'USD', subject, description, expireTime });
      return this.db.paymentOrder.create({
        data: {
          ...owner,
          orderNo,
          outOrderNo: input.outOrderNo,
          paymentOrderId: payment.paymentOrderId,
          channel: channel.name,
          payAmount: input.payAmount,
          status: PaymentOrderStatus.PENDING,
          subject,
          description,
          shippingInfo: shippingInfo ?? Prisma.DbNull,
          payUrl: payment.payUrl,
          expireTime,
          createdAt: now,
        },
      });
    });
  }

  /** The partner's order with that number; PAYMENT_ORDER_NOT_FOUND when there is none. */
  async get(ctx: RequestContext, key: PaymentOrderKey): Promise<PaymentOrderRecord> {
    const order = await this.findOwned(ctx, key);
    if (!order) throw new ServiceError(ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND, { field: key.field, value: key.value });
    return order;
  }

  /** The partner's orders, newest first. */
  async page(ctx: RequestContext, filter: PaymentOrderPageFilter): Promise<{ list: PaymentOrderRecord[]; total: number }> {
    const owner = partnerScope(ctx);
    await this.closeOverdue(owner, ctx.now());
    // Raw SQL for the ids only: the outOrderNo substring match must be literal and case-sensitive on
    // both databases, which Prisma's LIKE-based `contains` is not (SQLite folds ASCII case, and `_`
    // and `%` act as wildcards). Prisma then loads the page's rows.
    const substring =
      this.database.target.provider === 'sqlite'
        ? (text: string) => Prisma.sql`instr("outOrderNo", ${text}) > 0`
        : (text: string) => Prisma.sql`strpos("outOrderNo", ${text}) > 0`;
    const conditions = [Prisma.sql`"tenantId" = ${owner.tenantId}`, Prisma.sql`"partnerClientId" = ${owner.partnerClientId}`];
    if (filter.status !== undefined) conditions.push(Prisma.sql`"status" = ${filter.status}`);
    if (filter.outOrderNo !== undefined) conditions.push(substring(filter.outOrderNo));
    if (filter.orderNo !== undefined) conditions.push(Prisma.sql`"orderNo" = ${filter.orderNo}`);
    if (filter.paymentOrderId !== undefined) conditions.push(Prisma.sql`"paymentOrderId" = ${filter.paymentOrderId}`);
    if (filter.createTime) conditions.push(Prisma.sql`"createdAt" >= ${filter.createTime.start} AND "createdAt" < ${filter.createTime.end}`);
    if (filter.paidTime) conditions.push(Prisma.sql`"paidTime" >= ${filter.paidTime.start} AND "paidTime" < ${filter.paidTime.end}`);
    const where = Prisma.join(conditions, ' AND ');
    const [counted] = await this.db.$queryRaw<{ total: number | bigint }[]>`SELECT COUNT(*) AS "total" FROM "PaymentOrder" WHERE ${where}`;
    const total = Number(counted?.total ?? 0);
    const skip = (filter.pageNo - 1) * filter.pageSize;
    if (skip >= total) return { list: [], total };
    const idRows = await this.db.$queryRaw<{ id: number | bigint }[]>`
      SELECT "id" FROM "PaymentOrder" WHERE ${where} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${filter.pageSize} OFFSET ${skip}`;
    const pageIds = idRows.map((row) => Number(row.id));
    const rows = await this.db.paymentOrder.findMany({ where: { ...owner, id: { in: pageIds } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { list: pageIds.flatMap((id) => byId.get(id) ?? []), total };
  }

  /**
   * Applies a channel's notification. Throws the channel's verification errors, and
   * PAYMENT_ORDER_NOT_FOUND, PAYMENT_ORDER_AMOUNT_MISMATCH, PAYMENT_ORDER_CLOSED,
   * PAYMENT_CHANNEL_NONCE_REPLAYED.
   */
  async handleNotification(ctx: RequestContext, channelName: string, rawBody: Buffer, headers: NotificationHeaders): Promise<NotificationOutcome> {
    const channel = this.channels.get(channelName);
    const notification = await channel.verifyNotification(rawBody, headers);
    // Authenticated by the channel's signature: the channel may name any of its own orders.
    const where = { paymentOrderId: notification.paymentOrderId, channel: channel.name };
    const now = ctx.now();
    await this.closeOverdue(where, now);
    const order = await this.db.paymentOrder.findFirst({ where });
    if (!order) throw new ServiceError(ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND, { field: 'paymentOrderId', value: notification.paymentOrderId });
    if (order.payAmount !== notification.amountCents) {
      throw new ServiceError(ErrorCatalogue.PAYMENT_ORDER_AMOUNT_MISMATCH, {
        amountCents: notification.amountCents,
        orderNo: order.orderNo,
        payAmountCents: order.payAmount,
      });
    }
    try {
      return await this.db.$transaction(async (tx) => {
        await tx.paymentNotification.create({ data: { nonce: notification.nonce, paymentOrderId: order.paymentOrderId, createdAt: now } });
        const paid = await tx.paymentOrder.updateMany({
          where: { id: order.id, status: PaymentOrderStatus.PENDING, expireTime: { gt: now } },
          data: { status: PaymentOrderStatus.PAID, paidTime: notification.paidAt },
        });
        const current = await tx.paymentOrder.findUniqueOrThrow({ where: { id: order.id } });
        if (paid.count === 1) {
          await this.outbox.paymentOrderEvent(tx, WebhookEventType.PAYMENT_ORDER_PAID, current);
          return { order: current, alreadyPaid: false };
        }
        if (current.status === PaymentOrderStatus.PAID) return { order: current, alreadyPaid: true };
        // Closed, or expired a moment ago: refused, and the nonce is not consumed (rollback).
        throw new ServiceError(ErrorCatalogue.PAYMENT_ORDER_CLOSED, { orderNo: order.orderNo });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.PAYMENT_CHANNEL_NONCE_REPLAYED, { nonce: notification.nonce });
      throw error;
    }
  }

  /** Stores the parcels of one of the partner's paid orders and hands them to its channel. */
  async submitLogistics(ctx: RequestContext, input: LogisticsSubmitInput): Promise<LogisticsSubmission> {
    const order = await this.get(ctx, { field: 'paymentOrderId', value: input.paymentOrderId });
    if (order.status !== PaymentOrderStatus.PAID) {
      throw new ServiceError(ErrorCatalogue.PAYMENT_ORDER_NOT_PAID, { paymentOrderId: order.paymentOrderId, status: order.status });
    }
    const now = ctx.now();
    const stored = await this.db.paymentOrderLogistics.createManyAndReturn({
      data: input.logisticsList.map((item) => ({
        paymentOrderRecordId: order.id,
        logisticsProvider: item.logisticsProvider,
        logisticsProviderCode: item.logisticsProviderCode,
        logisticsCode: item.logisticsCode,
        channelAccepted: false,
        createdAt: now,
      })),
    });
    // Stored first, so the parcels are on record even when the channel fails to take them.
    const { accepted } = await this.channels.get(order.channel).submitLogistics(order.paymentOrderId, input.logisticsList);
    const ids = stored.map((row) => row.id).sort((a, b) => a - b);
    if (accepted) {
      await this.db.paymentOrderLogistics.updateMany({ where: { paymentOrderRecordId: order.id, id: { in: ids } }, data: { channelAccepted: true } });
    }
    const logistics = await this.db.paymentOrderLogistics.findMany({ where: { paymentOrderRecordId: order.id, id: { in: ids } }, orderBy: { id: 'asc' } });
    return { paymentOrderId: order.paymentOrderId, accepted, logistics };
  }

  /** Staff: closes a pending order of the caller's tenant (PAYMENT_ORDER_NOT_PENDING when paid or closed). */
  async staffClose(ctx: RequestContext, raw: PaymentOrderStaffActionInput): Promise<PaymentOrderRecord> {
    const now = ctx.now();
    return this.staffTransition(ctx, raw, { status: PaymentOrderStatus.CLOSED, closedTime: now });
  }

  /**
   * Staff: marks a pending order of the caller's tenant paid now, without a channel notification
   * (the payment was confirmed another way; the reason goes to the operation log). An expired order
   * is closed, not pending, and is refused like a paid or closed one.
   */
  async staffMarkPaid(ctx: RequestContext, raw: PaymentOrderStaffActionInput): Promise<PaymentOrderRecord> {
    const now = ctx.now();
    return this.staffTransition(ctx, raw, { status: PaymentOrderStatus.PAID, paidTime: now });
  }

  private async staffTransition(ctx: RequestContext, raw: PaymentOrderStaffActionInput, data: Prisma.PaymentOrderUpdateManyMutationInput): Promise<PaymentOrderRecord> {
    const input = paymentOrderStaffActionSchema.parse(raw);
    const where = { tenantId: tenantIdOf(ctx), orderNo: input.orderNo };
    const now = ctx.now();
    await this.closeOverdue(where, now);
    const changed = await this.db.$transaction(async (tx) => {
      const moved = await tx.paymentOrder.updateMany({ where: { ...where, status: PaymentOrderStatus.PENDING, expireTime: { gt: now } }, data });
      const current = await tx.paymentOrder.findFirst({ where });
      if (moved.count === 1 && current) {
        await this.outbox.paymentOrderEvent(tx, current.status === PaymentOrderStatus.PAID ? WebhookEventType.PAYMENT_ORDER_PAID : WebhookEventType.PAYMENT_ORDER_CLOSED, current);
      }
      return moved;
    });
    const order = await this.db.paymentOrder.findFirst({ where });
    if (!order) throw new ServiceError(ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND, { field: 'orderNo', value: input.orderNo });
    if (changed.count === 0) throw new ServiceError(ErrorCatalogue.PAYMENT_ORDER_NOT_PENDING, { orderNo: order.orderNo, status: order.status });
    return order;
  }

  /** Closes every expired pending order (the sweeper's job); answers how many it closed. */
  async closeExpired(ctx: RequestContext): Promise<number> {
    return this.closeOverdue({}, ctx.now());
  }

  /** A channel order as its public checkout page shows it; null when the channel has no such order. */
  async findForCheckout(ctx: RequestContext, channelName: string, paymentOrderId: string): Promise<PaymentOrderRecord | null> {
    const where = { paymentOrderId, channel: channelName };
    await this.closeOverdue(where, ctx.now());
    return this.db.paymentOrder.findFirst({ where });
  }

  private async findOwned(ctx: RequestContext, key: PaymentOrderKey): Promise<PaymentOrderRecord | null> {
    const where = { ...partnerScope(ctx), [key.field]: key.value };
    await this.closeOverdue(where, ctx.now());
    return this.db.paymentOrder.findFirst({ where });
  }

  /** Pending orders within `where` whose expireTime has come become CLOSED. */
  private async closeOverdue(where: Prisma.PaymentOrderWhereInput, now: Date): Promise<number> {
    // One read finds none on the usual path; each overdue order closes with its event, one by one,
    // so the event is written exactly when this call is the one that closed it.
    const due = await this.db.paymentOrder.findMany({ where: { ...where, status: PaymentOrderStatus.PENDING, expireTime: { lte: now } }, select: { id: true } });
    let closed = 0;
    for (const { id } of due) {
      closed += await this.db.$transaction(async (tx) => {
        const { count } = await tx.paymentOrder.updateMany({ where: { id, status: PaymentOrderStatus.PENDING }, data: { status: PaymentOrderStatus.CLOSED, closedTime: now } });
        if (count === 1) await this.outbox.paymentOrderEvent(tx, WebhookEventType.PAYMENT_ORDER_CLOSED, await tx.paymentOrder.findUniqueOrThrow({ where: { id } }));
        return count;
      });
    }
    return closed;
  }
}
