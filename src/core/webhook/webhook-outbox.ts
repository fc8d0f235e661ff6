// The transactional outbox of partner webhooks. Services call these inside the transaction of the
// change that causes the event, so a rolled-back change emits nothing and a committed one is never
// lost; the delivery worker (webhook-worker.ts) sends what was written. Each event goes to one
// partner and names only that partner's identifiers; members bound to no partner emit nothing.
import { randomBytes } from 'node:crypto';
import type { Db, DbTransaction, Prisma } from '../db/client';
import { SupplementBizType } from '../order/statuses';
import type { WebhookEventType } from './event-types';
import { DeliveryStatus } from './webhook-statuses';

type Writer = Db | DbTransaction;

export interface OutboxEvent {
  tenantId: number;
  partnerClientId: string;
  type: WebhookEventType;
  /** Events of one key reach an endpoint in the order they were written. */
  orderingKey: string;
  data: Record<string, unknown>;
  occurredAt: Date;
}

export function newWebhookEventId(): string {
  return `evt_${randomBytes(16).toString('base64url')}`;
}

function subscribes(eventTypes: unknown, type: string): boolean {
  return !Array.isArray(eventTypes) || eventTypes.length === 0 || eventTypes.includes(type);
}

/** Writes the events and one pending delivery per enabled endpoint of their partner subscribed to the type. */
export async function emitWebhookEvents(tx: Writer, events: readonly OutboxEvent[], onlyEndpointId?: number): Promise<string[]> {
  if (events.length === 0) return [];
  const owners = [...new Map(events.map((event) => [`${event.tenantId}\u0000${event.partnerClientId}`, { tenantId: event.tenantId, partnerClientId: event.partnerClientId }])).values()];
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { enabled: true, ...(onlyEndpointId !== undefined ? { id: onlyEndpointId } : {}), OR: owners },
    select: { id: true, tenantId: true, partnerClientId: true, eventTypes: true },
  });
  const eventIds: string[] = [];
  const deliveries: { tenantId: number; endpointId: number; eventId: number; orderingKey: string; status: number; nextAttemptAt: Date }[] = [];
  for (const event of events) {
    const eventId = newWebhookEventId();
    eventIds.push(eventId);
    const row = await tx.webhookEvent.create({
      data: { eventId, tenantId: event.tenantId, partnerClientId: event.partnerClientId, type: event.type, orderingKey: event.orderingKey, payload: event.data as object, occurredAt: event.occurredAt },
      select: { id: true },
    });
    for (const endpoint of endpoints) {
      if (endpoint.tenantId !== event.tenantId || endpoint.partnerClientId !== event.partnerClientId) continue;
      if (onlyEndpointId === undefined && !subscribes(endpoint.eventTypes, event.type)) continue;
      deliveries.push({ tenantId: event.tenantId, endpointId: endpoint.id, eventId: row.id, orderingKey: event.orderingKey, status: DeliveryStatus.PENDING, nextAttemptAt: event.occurredAt });
    }
  }
  if (deliveries.length > 0) await tx.webhookDelivery.createMany({ data: deliveries });
  return eventIds;
}

export function orderOrderingKey(orderNo: string): string {
  return `order:${orderNo}`;
}

/** The partner's identifiers of a purchase order, as every order and item event names them. */
interface OrderIdentity {
  tenantId: number;
  partnerClientId: string;
  orderNo: string;
  outOrderNo: string;
  externalUserId: string;
}

const ORDER_IDENTITY = { tenantId: true, partnerClientId: true, orderNo: true, outOrderNo: true, externalUserId: true } as const;

function orderData(order: OrderIdentity): Record<string, unknown> {
  return { orderNo: order.orderNo, outOrderNo: order.outOrderNo, externalUserId: order.externalUserId };
}

/** What an event of a purchase order names: select these to emit it without reading the order again. */
export const PURCHASE_ORDER_EVENT_FIELDS = { ...ORDER_IDENTITY, paymentId: true, payAmount: true, status: true } as const;

export type PurchaseOrderEventSource = OrderIdentity & { paymentId: string; payAmount: number; status: number };

/** An event of a purchase order (paid, closed). */
export async function emitPurchaseOrderEvent(tx: Writer, type: WebhookEventType, orderId: number, occurredAt: Date, extra: Record<string, unknown> = {}): Promise<void> {
  const order = await tx.purchaseOrder.findUniqueOrThrow({ where: { id: orderId }, select: PURCHASE_ORDER_EVENT_FIELDS });
  await emitPurchaseOrderEventOf(tx, type, order, occurredAt, extra);
}

/** An event of a purchase order the caller holds as it is now (its status after the change). */
export async function emitPurchaseOrderEventOf(tx: Writer, type: WebhookEventType, order: PurchaseOrderEventSource, occurredAt: Date, extra: Record<string, unknown> = {}): Promise<void> {
  await emitWebhookEvents(tx, [
    {
      tenantId: order.tenantId,
      partnerClientId: order.partnerClientId,
      type,
      orderingKey: orderOrderingKey(order.orderNo),
      data: { ...orderData(order), paymentId: order.paymentId, payAmount: order.payAmount, status: order.status, ...extra },
      occurredAt,
    },
  ]);
}

/** One event per order item (of the given ids), each naming its order; `extra` adds per-item data. */
export async function emitOrderItemEvents(
  tx: Writer,
  type: WebhookEventType,
  itemIds: readonly number[],
  occurredAt: Date,
  extra: (itemId: number) => Record<string, unknown> = () => ({}),
): Promise<void> {
  if (itemIds.length === 0) return;
  const items = await tx.purchaseOrderItem.findMany({
    where: { id: { in: [...itemIds] } },
    select: { id: true, orderItemNo: true, status: true, order: { select: ORDER_IDENTITY } },
    orderBy: { id: 'asc' },
  });
  await emitWebhookEvents(
    tx,
    items.map((item) => ({
      tenantId: item.order.tenantId,
      partnerClientId: item.order.partnerClientId,
      type,
      orderingKey: orderOrderingKey(item.order.orderNo),
      data: { ...orderData(item.order), orderItemNo: item.orderItemNo, status: item.status, ...extra(item.id) },
      occurredAt,
    })),
  );
}

/**
 * One event per partner with items in the bag: each names the bag and only its own items. A bag of
 * items no partner ordered emits nothing.
 */
export async function emitBagEvent(tx: Writer, type: WebhookEventType, bagId: number, occurredAt: Date, extra: Record<string, unknown> = {}): Promise<void> {
  await emitWebhookEvents(tx, await bagEvents(tx, type, { id: bagId }, occurredAt, extra));
}

async function bagEvents(tx: Writer, type: WebhookEventType, where: Prisma.BagOrderWhereUniqueInput, occurredAt: Date, extra: Record<string, unknown>): Promise<OutboxEvent[]> {
  const bag = await tx.bagOrder.findUnique({
    where,
    select: { bagNo: true, status: true, items: { select: { orderItemNo: true, order: { select: ORDER_IDENTITY } }, orderBy: { id: 'asc' } } },
  });
  if (!bag) return [];
  const perPartner = new Map<string, { owner: OrderIdentity; items: Record<string, unknown>[] }>();
  for (const item of bag.items) {
    const key = `${item.order.tenantId}\u0000${item.order.partnerClientId}`;
    const group = perPartner.get(key) ?? { owner: item.order, items: [] };
    group.items.push({ ...orderData(item.order), orderItemNo: item.orderItemNo });
    perPartner.set(key, group);
  }
  return [...perPartner.values()].map(({ owner, items }) => ({
    tenantId: owner.tenantId,
    partnerClientId: owner.partnerClientId,
    type,
    orderingKey: `bag:${bag.bagNo}`,
    data: { bagOrderNo: bag.bagNo, externalUserId: owner.externalUserId, status: bag.status, items, ...extra },
    occurredAt,
  }));
}

/**
 * Events of supplement bills: a bill on a purchase order goes to the order's partner, a bill on a bag
 * to each partner with items in it, in the order's or the bag's sequence.
 */
export async function emitSupplementEvents(tx: Writer, type: WebhookEventType, where: Prisma.SupplementBillWhereInput, occurredAt: Date): Promise<void> {
  const bills = await tx.supplementBill.findMany({
    where,
    select: { tenantId: true, orderExpensesNo: true, bizType: true, bizNo: true, amount: true, reason: true, status: true, paymentId: true },
    orderBy: { id: 'asc' },
  });
  const events: OutboxEvent[] = [];
  for (const bill of bills) {
    const billData = { orderExpensesNo: bill.orderExpensesNo, amount: bill.amount, reason: bill.reason, supplementStatus: bill.status, paymentId: bill.paymentId };
    if (bill.bizType === SupplementBizType.BAG) {
      events.push(...(await bagEvents(tx, type, { bagNo: bill.bizNo }, occurredAt, billData)));
      continue;
    }
    const order = await tx.purchaseOrder.findFirst({ where: { orderNo: bill.bizNo, tenantId: bill.tenantId }, select: ORDER_IDENTITY });
    if (!order) continue;
    events.push({ tenantId: order.tenantId, partnerClientId: order.partnerClientId, type, orderingKey: orderOrderingKey(order.orderNo), data: { ...orderData(order), ...billData }, occurredAt });
  }
  await emitWebhookEvents(tx, events);
}

/** One event per partner the member is bound to, naming the member by that partner's externalUserId. */
export async function emitMemberEvent(tx: Writer, type: WebhookEventType, memberId: number, orderingKey: string, data: Record<string, unknown>, occurredAt: Date): Promise<void> {
  const bindings = await tx.partnerBinding.findMany({ where: { memberId }, select: { tenantId: true, partnerClientId: true, externalUserId: true }, orderBy: { id: 'asc' } });
  await emitWebhookEvents(
    tx,
    bindings.map((binding) => ({
      tenantId: binding.tenantId,
      partnerClientId: binding.partnerClientId,
      type,
      orderingKey,
      data: { externalUserId: binding.externalUserId, ...data },
      occurredAt,
    })),
  );
}

/** An event of a USD payment order of a partner (paid, closed). */
export async function emitPaymentOrderEvent(
  tx: Writer,
  type: WebhookEventType,
  order: { tenantId: number; partnerClientId: string; orderNo: string; outOrderNo: string; paymentOrderId: string; payAmount: number; status: number; paidTime: Date | null; closedTime: Date | null; updatedAt: Date },
): Promise<void> {
  await emitWebhookEvents(tx, [
    {
      tenantId: order.tenantId,
      partnerClientId: order.partnerClientId,
      type,
      orderingKey: `payment:${order.orderNo}`,
      data: { orderNo: order.orderNo, outOrderNo: order.outOrderNo, paymentOrderId: order.paymentOrderId, payAmount: order.payAmount, status: order.status },
      occurredAt: order.paidTime ?? order.closedTime ?? order.updatedAt,
    },
  ]);
}
