// The transactional outbox of partner webhooks. Services call these inside the transaction of the
// change that causes the event, so a rolled-back change emits nothing and a committed one is never
// lost; the delivery worker (webhook-worker.ts) sends what was written. Each event goes to one
// partner and names only that partner's identifiers; members bound to no partner emit nothing.
// Deliveries committed here wake the worker at once (db/committed-inserts.ts); its poll is the
// safety net.
import { randomFillSync } from 'node:crypto';
import { InvalidatedCache } from '../cache/invalidated-cache';
import type { InvalidationBus } from '../cache/invalidation-bus';
import { type Db, type DbTransaction, Prisma } from '../db/client';
import type { RawSqlTransaction } from '../db/raw-sql';
import { SupplementBizType } from '../order/statuses';
import type { WebhookEventType } from './event-types';
import { DeliveryStatus } from './webhook-statuses';

type Writer = Db | DbTransaction;

/** The table whose committed inserts wake the delivery workers (db/committed-inserts.ts). */
export const DELIVERY_TABLE = 'WebhookDelivery';

export interface OutboxEvent {
  tenantId: number;
  partnerClientId: string;
  type: WebhookEventType;
  /** Events of one key reach an endpoint in the order they were written. */
  orderingKey: string;
  data: Record<string, unknown>;
  occurredAt: Date;
}

const EVENT_ID_BYTES = 16;
/** Random bytes for event ids drawn 256 ids at a time: a randomBytes call per id cost a wallet pay 1.8% of its CPU. */
const eventIdPool = Buffer.alloc(EVENT_ID_BYTES * 256);
let eventIdOffset = eventIdPool.length;

/**
 * evt_, the time in ms (9 base-36 digits, zero-padded: text order is time order until the year 5188),
 * then 16 random bytes. Time first, so each insert lands at the end of the unique index instead of
 * on a random page of it: a random key cost an event insert twice the CPU at 200,000 events
 * (bench/README.md), and more once the index outgrows the page cache.
 */
export function newWebhookEventId(): string {
  if (eventIdOffset === eventIdPool.length) {
    randomFillSync(eventIdPool);
    eventIdOffset = 0;
  }
  eventIdOffset += EVENT_ID_BYTES;
  return `evt_${Date.now().toString(36).padStart(9, '0')}${eventIdPool.toString('base64url', eventIdOffset - EVENT_ID_BYTES, eventIdOffset)}`;
}

/** An enabled endpoint as the outbox needs it: where deliveries go and which types it takes. */
interface SubscribedEndpoint {
  id: number;
  eventTypes: unknown;
}

function subscribes(endpoint: SubscribedEndpoint, type: string): boolean {
  const { eventTypes } = endpoint;
  return !Array.isArray(eventTypes) || eventTypes.length === 0 || eventTypes.includes(type);
}

/** Partners whose enabled endpoints are remembered, least recently used dropped beyond. */
export const MAX_CACHED_PARTNERS = 10_000;

const partnerKey = (tenantId: number, partnerClientId: string) => `${tenantId}\u0000${partnerClientId}`;

/**
 * The events some endpoint takes in one multi-row insert, then their deliveries in another; answers
 * the event ids, in the order of `events`. An event no endpoint takes is not written: nothing would
 * ever read it, and for a partner without webhooks its rows (a random unique key among them) were a
 * third of the pages a wallet pay's COMMIT wrote. Both are raw statements: through the client a
 * createManyAndReturn of one event cost about ten times the raw insert in CPU (its query compiler and
 * plan interpreter; bench/README.md), and a wallet pay writes one per call.
 */
export function writeEvents(tx: Writer, events: readonly OutboxEvent[], endpointsOf: (event: OutboxEvent) => readonly { id: number }[]): Promise<string[]> {
  return insertEvents((statement) => tx.$executeRaw(statement), events, endpointsOf);
}

/**
 * writeEvents's two inserts, sent by `execute`: a Prisma transaction's $executeRaw, or a raw
 * transaction's (db/raw-sql.ts) for services whose whole transaction runs on the driver.
 */
async function insertEvents(
  execute: (statement: Prisma.Sql) => Promise<number>,
  events: readonly OutboxEvent[],
  endpointsOf: (event: OutboxEvent) => readonly { id: number }[],
): Promise<string[]> {
  const eventIds = events.map(() => newWebhookEventId());
  const taken = events.map((event, index) => ({ event, eventId: eventIds[index] as string, endpoints: endpointsOf(event) })).filter(({ endpoints }) => endpoints.length > 0);
  if (taken.length === 0) return eventIds;
  // Prisma's client would fill the @default(now()) itself (the column's SQL default stores another format on SQLite).
  const createdAt = new Date();
  await execute(Prisma.sql`
    INSERT INTO "WebhookEvent" ("eventId", "tenantId", "partnerClientId", "type", "orderingKey", "payload", "occurredAt", "createdAt")
    VALUES ${Prisma.join(taken.map(({ event, eventId }) => Prisma.sql`(${eventId}, ${event.tenantId}, ${event.partnerClientId}, ${event.type}, ${event.orderingKey}, ${JSON.stringify(event.data)}, ${event.occurredAt}, ${createdAt})`))}`);
  const pairs = taken.flatMap(({ eventId, endpoints }) => endpoints.map((endpoint) => Prisma.sql`(ev."eventId" = ${eventId} AND en."id" = ${endpoint.id})`));
  // Built from the event rows and the endpoint rows as they are now: an endpoint deleted or disabled
  // a moment ago, which another process's outbox may still remember, gets no delivery (instead of
  // failing the partner's call on the foreign key), and one of another partner never does. In event
  // order: the worker sends the deliveries of a key and endpoint in the order of their ids.
  await execute(Prisma.sql`
    INSERT INTO "WebhookDelivery" ("tenantId", "endpointId", "eventId", "orderingKey", "status", "attempts", "nextAttemptAt", "createdAt")
    SELECT ev."tenantId", en."id", ev."id", ev."orderingKey", ${DeliveryStatus.PENDING}, 0, ev."occurredAt", ev."createdAt"
    FROM "WebhookEvent" ev JOIN "WebhookEndpoint" en ON en."tenantId" = ev."tenantId" AND en."partnerClientId" = ev."partnerClientId" AND en."enabled"
    WHERE ${Prisma.join(pairs, ' OR ')}
    ORDER BY ev."id", en."id"`);
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

/** The event of a purchase order the caller holds as it is now (its status after the change). */
export function purchaseOrderEventOf(type: WebhookEventType, order: PurchaseOrderEventSource, occurredAt: Date, extra: Record<string, unknown> = {}): OutboxEvent {
  return {
    tenantId: order.tenantId,
    partnerClientId: order.partnerClientId,
    type,
    orderingKey: orderOrderingKey(order.orderNo),
    data: { ...orderData(order), paymentId: order.paymentId, payAmount: order.payAmount, status: order.status, ...extra },
    occurredAt,
  };
}

async function bagEvents(tx: Writer, type: WebhookEventType, where: Prisma.BagOrderWhereUniqueInput, occurredAt: Date, extra: Record<string, unknown>): Promise<OutboxEvent[]> {
  const bag = await tx.bagOrder.findUnique({
    where,
    select: { bagNo: true, status: true, items: { select: { orderItemNo: true, order: { select: ORDER_IDENTITY } }, orderBy: { id: 'asc' } } },
  });
  if (!bag) return [];
  const perPartner = new Map<string, { owner: OrderIdentity; items: Record<string, unknown>[] }>();
  for (const item of bag.items) {
    const key = partnerKey(item.order.tenantId, item.order.partnerClientId);
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

const MEMBER_BINDING_FIELDS = { tenantId: true, partnerClientId: true, externalUserId: true } as const;

function memberEvents(
  bindings: readonly { tenantId: number; partnerClientId: string; externalUserId: string }[],
  type: WebhookEventType,
  orderingKey: string,
  data: Record<string, unknown>,
  occurredAt: Date,
): OutboxEvent[] {
  return bindings.map((binding) => ({
    tenantId: binding.tenantId,
    partnerClientId: binding.partnerClientId,
    type,
    orderingKey,
    data: { externalUserId: binding.externalUserId, ...data },
    occurredAt,
  }));
}

/**
 * Writes events and their deliveries inside the caller's transaction. Each partner's enabled
 * endpoints are read once per process and kept until an endpoint change (console, or the worker
 * disabling one) publishes webhook-endpoints-changed, so a partner call pays only the inserts.
 */
export class WebhookOutbox {
  private readonly endpoints: InvalidatedCache<string, SubscribedEndpoint[]>;

  constructor(bus: InvalidationBus, maxPartners: number = MAX_CACHED_PARTNERS) {
    this.endpoints = new InvalidatedCache(bus, (message) => (message.kind === 'webhook-endpoints-changed' ? partnerKey(message.tenantId, message.partnerClientId) : undefined), maxPartners);
  }

  /** Writes the events and one pending delivery per enabled endpoint of their partner subscribed to the type. */
  async emit(tx: Writer, events: readonly OutboxEvent[]): Promise<void> {
    if (events.length === 0) return;
    const endpointsOf = await this.subscribedEndpoints(events, (tenantId, partnerClientId) =>
      tx.webhookEndpoint.findMany({ where: { tenantId, partnerClientId, enabled: true }, select: { id: true, eventTypes: true }, orderBy: { id: 'asc' } }),
    );
    await writeEvents(tx, events, endpointsOf);
  }

  /** emit inside a raw transaction (db/raw-sql.ts), for services whose whole transaction runs there. */
  async emitSql(sql: RawSqlTransaction, events: readonly OutboxEvent[]): Promise<void> {
    if (events.length === 0) return;
    const endpointsOf = await this.subscribedEndpoints(events, async (tenantId, partnerClientId) =>
      (
        await sql.query(
          Prisma.sql`SELECT "id", "eventTypes" FROM "WebhookEndpoint" WHERE "tenantId" = ${tenantId} AND "partnerClientId" = ${partnerClientId} AND "enabled" ORDER BY "id"`,
        )
      ).map((row) => ({ id: Number(row.id), eventTypes: JSON.parse(row.eventTypes as string) as unknown })),
    );
    await insertEvents(sql.execute, events, endpointsOf);
  }

  /** Which endpoints take each event: each partner's enabled endpoints (remembered, else loaded), filtered by type. */
  private async subscribedEndpoints(
    events: readonly OutboxEvent[],
    load: (tenantId: number, partnerClientId: string) => Promise<SubscribedEndpoint[]>,
  ): Promise<(event: OutboxEvent) => SubscribedEndpoint[]> {
    const endpointsOf = new Map<string, SubscribedEndpoint[]>();
    for (const { tenantId, partnerClientId } of events) {
      const key = partnerKey(tenantId, partnerClientId);
      if (!endpointsOf.has(key)) endpointsOf.set(key, await (this.endpoints.get(key) ?? this.endpoints.remember(key, () => load(tenantId, partnerClientId), (rows) => rows)));
    }
    return (event) => (endpointsOf.get(partnerKey(event.tenantId, event.partnerClientId)) ?? []).filter((endpoint) => subscribes(endpoint, event.type));
  }

  /** An event of a purchase order (closed), read by id. */
  async purchaseOrderEvent(tx: Writer, type: WebhookEventType, orderId: number, occurredAt: Date, extra: Record<string, unknown> = {}): Promise<void> {
    const order = await tx.purchaseOrder.findUniqueOrThrow({ where: { id: orderId }, select: PURCHASE_ORDER_EVENT_FIELDS });
    await this.emit(tx, [purchaseOrderEventOf(type, order, occurredAt, extra)]);
  }

  /** One event per order item (of the given ids), each naming its order; `extra` adds per-item data. */
  async orderItemEvents(tx: Writer, type: WebhookEventType, itemIds: readonly number[], occurredAt: Date, extra: (itemId: number) => Record<string, unknown> = () => ({})): Promise<void> {
    if (itemIds.length === 0) return;
    const items = await tx.purchaseOrderItem.findMany({
      where: { id: { in: [...itemIds] } },
      select: { id: true, orderItemNo: true, status: true, order: { select: ORDER_IDENTITY } },
      orderBy: { id: 'asc' },
    });
    await this.emit(
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
  async bagEvent(tx: Writer, type: WebhookEventType, bagId: number, occurredAt: Date, extra: Record<string, unknown> = {}): Promise<void> {
    await this.emit(tx, await bagEvents(tx, type, { id: bagId }, occurredAt, extra));
  }

  /**
   * Events of supplement bills: a bill on a purchase order goes to the order's partner, a bill on a bag
   * to each partner with items in it, in the order's or the bag's sequence.
   */
  async supplementEvents(tx: Writer, type: WebhookEventType, where: Prisma.SupplementBillWhereInput, occurredAt: Date): Promise<void> {
    await this.emit(tx, await this.supplementEventsOf(tx, type, where, occurredAt));
  }

  /** The events supplementEvents writes, for a caller that writes them with others of the same change. */
  async supplementEventsOf(tx: Writer, type: WebhookEventType, where: Prisma.SupplementBillWhereInput, occurredAt: Date): Promise<OutboxEvent[]> {
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
    return events;
  }

  /**
   * One event per partner the member is bound to, naming the member by that partner's externalUserId,
   * written after `alongside` (other events of the same change) in the same inserts.
   */
  async memberEvent(tx: Writer, type: WebhookEventType, memberId: number, orderingKey: string, data: Record<string, unknown>, occurredAt: Date, alongside: readonly OutboxEvent[] = []): Promise<void> {
    const bindings = await tx.partnerBinding.findMany({ where: { memberId }, select: MEMBER_BINDING_FIELDS, orderBy: { id: 'asc' } });
    await this.emit(tx, [...alongside, ...memberEvents(bindings, type, orderingKey, data, occurredAt)]);
  }

  /** memberEvent inside a raw transaction (db/raw-sql.ts). */
  async memberEventSql(sql: RawSqlTransaction, type: WebhookEventType, memberId: number, orderingKey: string, data: Record<string, unknown>, occurredAt: Date, alongside: readonly OutboxEvent[] = []): Promise<void> {
    const rows = await sql.query(Prisma.sql`SELECT "tenantId", "partnerClientId", "externalUserId" FROM "PartnerBinding" WHERE "memberId" = ${memberId} ORDER BY "id"`);
    const bindings = rows.map((row) => ({ tenantId: Number(row.tenantId), partnerClientId: String(row.partnerClientId), externalUserId: String(row.externalUserId) }));
    await this.emitSql(sql, [...alongside, ...memberEvents(bindings, type, orderingKey, data, occurredAt)]);
  }

  /** An event of a USD payment order of a partner (paid, closed). */
  async paymentOrderEvent(
    tx: Writer,
    type: WebhookEventType,
    order: { tenantId: number; partnerClientId: string; orderNo: string; outOrderNo: string; paymentOrderId: string; payAmount: number; status: number; paidTime: Date | null; closedTime: Date | null; updatedAt: Date },
  ): Promise<void> {
    await this.emit(tx, [
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
}
