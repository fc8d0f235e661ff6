// The transactional outbox of partner webhooks. Services call these inside the transaction of the
// change that causes the event, so a rolled-back change emits nothing and a committed one is never
// lost. That transaction writes only a pending event (one row, one index) for each event some endpoint
// takes; the webhook worker fans pending events out into events and their deliveries, many per
// transaction (fanOut), and sends those. Each event goes to one partner and names only that partner's
// identifiers; members bound to no partner emit nothing. Committed pending events and deliveries wake
// the worker at once (db/committed-inserts.ts); its poll is the safety net.
import { randomFillSync } from 'node:crypto';
import { InvalidatedCache } from '../cache/invalidated-cache';
import type { InvalidationBus } from '../cache/invalidation-bus';
import { type Database, type Db, type DbTransaction, Prisma } from '../db/client';
import type { DatabaseProvider } from '../db/database-url';
import type { RawSqlTransaction } from '../db/raw-sql';
import { SupplementBizType } from '../order/statuses';
import { headOnInsert, lockFanOuts } from './delivery-heads';
import type { WebhookEventType } from './event-types';
import { DeliveryStatus } from './webhook-statuses';

type Writer = Db | DbTransaction;

/** The tables whose committed inserts wake the delivery workers (db/committed-inserts.ts). */
export const DELIVERY_TABLE = 'WebhookDelivery';
export const PENDING_EVENT_TABLE = 'WebhookPendingEvent';

/** Pending events one fan-out transaction takes at most. */
export const FAN_OUT_BATCH = 250;

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

/** Whose an event is and what type: all that decides which endpoints take it. */
type EventAddress = Pick<OutboxEvent, 'tenantId' | 'partnerClientId'> & { type: string };

type LoadEndpoints = (tenantId: number, partnerClientId: string) => Promise<SubscribedEndpoint[]>;

async function enabledEndpoints(sql: RawSqlTransaction, tenantId: number, partnerClientId: string): Promise<SubscribedEndpoint[]> {
  const rows = await sql.query(Prisma.sql`SELECT "id", "eventTypes" FROM "WebhookEndpoint" WHERE "tenantId" = ${tenantId} AND "partnerClientId" = ${partnerClientId} AND "enabled" ORDER BY "id"`);
  return rows.map((row) => ({ id: Number(row.id), eventTypes: JSON.parse(row.eventTypes as string) as unknown }));
}

/** A partner's enabled endpoints read in a raw transaction. */
const rawEndpoints =
  (sql: RawSqlTransaction): LoadEndpoints =>
  (tenantId, partnerClientId) =>
    enabledEndpoints(sql, tenantId, partnerClientId);

/** A partner's enabled endpoints read through the client. */
const prismaEndpoints =
  (tx: Writer): LoadEndpoints =>
  (tenantId, partnerClientId) =>
    tx.webhookEndpoint.findMany({ where: { tenantId, partnerClientId, enabled: true }, select: { id: true, eventTypes: true }, orderBy: { id: 'asc' } });

/** Partners whose enabled endpoints are remembered, least recently used dropped beyond. */
export const MAX_CACHED_PARTNERS = 10_000;

const partnerKey = (tenantId: number, partnerClientId: string) => `${tenantId}\u0000${partnerClientId}`;

/** An event as its row holds it: the id drawn and the data as JSON. */
interface EventRow {
  eventId: string;
  event: OutboxEvent;
  payload: string;
}

function eventRow(event: OutboxEvent): EventRow {
  return { eventId: newWebhookEventId(), event, payload: JSON.stringify(event.data) };
}

/**
 * Inserts the events in one multi-row statement. Raw rather than through the client: a
 * createManyAndReturn of one event cost about ten times the raw insert in CPU (its query compiler and
 * plan interpreter; bench/README.md).
 */
function insertEvents(execute: RawSqlTransaction['execute'], rows: readonly EventRow[], createdAt: Date): Promise<number> {
  // Prisma's client would fill @default(now()) itself (the column's SQL default stores another format on SQLite).
  return execute(Prisma.sql`
    INSERT INTO "WebhookEvent" ("eventId", "tenantId", "partnerClientId", "type", "orderingKey", "payload", "occurredAt", "createdAt")
    VALUES ${Prisma.join(rows.map(({ eventId, event, payload }) => Prisma.sql`(${eventId}, ${event.tenantId}, ${event.partnerClientId}, ${event.type}, ${event.orderingKey}, ${payload}, ${event.occurredAt}, ${createdAt})`))}`);
}

const PENDING_COLUMNS = 6;
/** Row counts whose statement pieces are kept (a pay writes 2 rows; a large bag's events are rare and made each time). */
const MAX_KEPT_PENDING_ROWS = 64;
const keptPendingPieces: (readonly string[])[] = [];

/**
 * The pieces of the pending insert of `rows` rows, made once per row count: a partner call builds its
 * statement without Prisma.join, and sqlite-raw-sql finds the prepared statement by the pieces'
 * references (Prisma.join cost a wallet pay ~2.7 µs in a V8 profile, bench/README.md).
 */
function pendingInsertPieces(rows: number): readonly string[] {
  const kept = keptPendingPieces[rows];
  if (kept) return kept;
  const pieces = ['INSERT INTO "WebhookPendingEvent" ("tenantId", "partnerClientId", "type", "orderingKey", "payload", "occurredAt") VALUES ('];
  for (let row = 0; row < rows; row++) {
    for (let column = 1; column < PENDING_COLUMNS; column++) pieces.push(', ');
    pieces.push(row === rows - 1 ? ')' : '), (');
  }
  if (rows <= MAX_KEPT_PENDING_ROWS) keptPendingPieces[rows] = pieces;
  return pieces;
}

/** The insert of the events as pending events, one multi-row statement; their ids are drawn at fan-out. */
function pendingEventsInsert(events: readonly OutboxEvent[]): Prisma.Sql {
  const values: unknown[] = [];
  for (const event of events) values.push(event.tenantId, event.partnerClientId, event.type, event.orderingKey, JSON.stringify(event.data), event.occurredAt);
  return new Prisma.Sql(pendingInsertPieces(events.length), values);
}

/**
 * One pending delivery per (event id, endpoint id) pair, in event order (the worker sends the
 * deliveries of a key and endpoint in the order of their ids). Built from the event rows and the
 * endpoint rows as they are now: an endpoint deleted or disabled a moment ago, which an outbox may
 * still remember, gets no delivery (instead of failing the transaction on the foreign key), and one
 * of another partner never does.
 */
function insertDeliveries(execute: RawSqlTransaction['execute'], pairs: readonly { eventId: string; endpointId: number }[], underFanOutLock: boolean): Promise<number> {
  return execute(Prisma.sql`
    INSERT INTO "WebhookDelivery" ("tenantId", "endpointId", "eventId", "orderingKey", "status", "head", "attempts", "nextAttemptAt", "createdAt")
    SELECT ev."tenantId", en."id", ev."id", ev."orderingKey", ${DeliveryStatus.PENDING}, ${headOnInsert(underFanOutLock)}, 0, ev."occurredAt", ev."createdAt"
    FROM "WebhookEvent" ev JOIN "WebhookEndpoint" en ON en."tenantId" = ev."tenantId" AND en."partnerClientId" = ev."partnerClientId" AND en."enabled"
    WHERE ${Prisma.join(
      pairs.map(({ eventId, endpointId }) => Prisma.sql`(ev."eventId" = ${eventId} AND en."id" = ${endpointId})`),
      ' OR ',
    )}
    ORDER BY ev."id", en."id"`);
}

/**
 * Writes the events and their deliveries to the endpoints `endpointsOf` names at once, without a
 * pending step (a console's test event to one endpoint); answers the event ids, in the order of
 * `events`. An event no endpoint takes is not written.
 */
export async function writeEvents(tx: Writer, events: readonly OutboxEvent[], endpointsOf: (event: OutboxEvent) => readonly { id: number }[]): Promise<string[]> {
  const execute = (statement: Prisma.Sql) => tx.$executeRaw(statement);
  const rows = events.map(eventRow);
  const taken = rows.map((row) => ({ row, endpoints: endpointsOf(row.event) })).filter(({ endpoints }) => endpoints.length > 0);
  if (taken.length > 0) {
    await insertEvents(
      execute,
      taken.map(({ row }) => row),
      new Date(),
    );
    await insertDeliveries(
      execute,
      taken.flatMap(({ row, endpoints }) => endpoints.map((endpoint) => ({ eventId: row.eventId, endpointId: endpoint.id }))),
      false,
    );
  }
  return rows.map((row) => row.eventId);
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

/** A member's partner bindings as memberBindingsColumn answers them: JSON text of [tenantId, partnerClientId, externalUserId] rows. */
type BindingRow = [number, string, string];

/**
 * One event per partner the member is bound to (`bindings`, as memberBindingsColumn answered them),
 * naming the member by that partner's externalUserId.
 */
export function memberEventsOf(bindings: unknown, type: WebhookEventType, orderingKey: string, data: Record<string, unknown>, occurredAt: Date): OutboxEvent[] {
  // json_agg of no rows is NULL; json_group_array's is [].
  const rows = bindings === null ? [] : (JSON.parse(String(bindings)) as BindingRow[]);
  return rows.map(([tenantId, partnerClientId, externalUserId]) => ({
    tenantId,
    partnerClientId,
    type,
    orderingKey,
    data: { externalUserId, ...data },
    occurredAt,
  }));
}

/**
 * Writes pending events inside the caller's transaction, and fans them out. Each partner's enabled
 * endpoints are read once per process and kept until an endpoint change (console, or the worker
 * disabling one) publishes webhook-endpoints-changed, so a partner call pays only the insert.
 */
export class WebhookOutbox {
  private readonly endpoints: InvalidatedCache<string, SubscribedEndpoint[]>;

  constructor(
    bus: InvalidationBus,
    private readonly provider: DatabaseProvider,
    maxPartners: number = MAX_CACHED_PARTNERS,
  ) {
    this.endpoints = new InvalidatedCache(bus, (message) => (message.kind === 'webhook-endpoints-changed' ? partnerKey(message.tenantId, message.partnerClientId) : undefined), maxPartners);
  }

  /**
   * Writes the events some enabled endpoint of their partner takes now, as pending events: the
   * worker fans them out into deliveries (fanOut).
   */
  async emit(tx: Writer, events: readonly OutboxEvent[]): Promise<void> {
    const insert = await this.pendingInsert(events, prismaEndpoints(tx));
    if (insert) await tx.$executeRaw(insert);
  }

  /** emit inside a raw transaction (db/raw-sql.ts), for services whose whole transaction runs there. */
  async emitSql(sql: RawSqlTransaction, events: readonly OutboxEvent[]): Promise<void> {
    const insert = await this.pendingInsert(events, rawEndpoints(sql));
    if (insert) await sql.execute(insert);
  }

  /**
   * Runs `statement` and emits `events` with it, answering its rows. On PostgreSQL the pending events
   * ride in the statement itself (a data-modifying WITH): no round trip of their own in a transaction
   * that holds a wallet's row (bench/README.md); SQLite writes them after it.
   */
  async queryWithEvents(tx: Writer, statement: Prisma.Sql, events: readonly OutboxEvent[]): Promise<Record<string, unknown>[]> {
    return this.withPending({ query: (sql) => tx.$queryRaw(sql), execute: (sql) => tx.$executeRaw(sql) }, statement, await this.pendingInsert(events, prismaEndpoints(tx)));
  }

  /** queryWithEvents inside a raw transaction (db/raw-sql.ts). */
  async queryWithEventsSql(sql: RawSqlTransaction, statement: Prisma.Sql, events: readonly OutboxEvent[]): Promise<Record<string, unknown>[]> {
    return this.withPending(sql, statement, await this.pendingInsert(events, rawEndpoints(sql)));
  }

  /**
   * A column of the member's partner bindings (memberEventsOf reads it), for a statement that names
   * the member anyway: a wallet movement's update answers them, so its events need no read of their own.
   */
  memberBindingsColumn(memberId: number): Prisma.Sql {
    return this.provider === 'postgresql'
      ? Prisma.sql`(SELECT CAST(json_agg(json_build_array(b."tenantId", b."partnerClientId", b."externalUserId") ORDER BY b."id") AS TEXT) FROM "PartnerBinding" b WHERE b."memberId" = ${memberId}) AS "bindings"`
      : Prisma.sql`(SELECT json_group_array(json_array(b."tenantId", b."partnerClientId", b."externalUserId") ORDER BY b."id") FROM "PartnerBinding" b WHERE b."memberId" = ${memberId}) AS "bindings"`;
  }

  private async withPending(run: Pick<RawSqlTransaction, 'query' | 'execute'>, statement: Prisma.Sql, insert: Prisma.Sql | undefined): Promise<Record<string, unknown>[]> {
    if (!insert) return run.query(statement);
    if (this.provider === 'postgresql') return run.query(Prisma.sql`WITH "pending" AS (${insert}) ${statement}`);
    const rows = await run.query(statement);
    await run.execute(insert);
    return rows;
  }

  /** The insert of the events some enabled endpoint takes, or undefined when none does. */
  private async pendingInsert(events: readonly OutboxEvent[], load: LoadEndpoints): Promise<Prisma.Sql | undefined> {
    if (events.length === 0) return undefined;
    const endpointsOf = await this.subscribedEndpoints(events, load);
    const taken = events.filter((event) => endpointsOf(event).length > 0);
    return taken.length > 0 ? pendingEventsInsert(taken) : undefined;
  }

  /**
   * Fans out up to `limit` pending events, oldest first, in one transaction: each becomes an event
   * (its id drawn now) with one delivery per endpoint of its partner that is enabled and takes its type
   * now, and its pending row goes. Answers how many it took. A process killed meanwhile commits none of
   * it, so the pending events are fanned out again later; none is lost and none fanned out twice.
   */
  async fanOut(database: Pick<Database, 'sql' | 'target'>, limit: number = FAN_OUT_BATCH): Promise<number> {
    return database.sql.transaction(async (sql) => {
      if (database.target.provider === 'postgresql') await lockFanOuts(sql, 'exclusive');
      const pending = (await sql.query(Prisma.sql`SELECT "id", "tenantId", "partnerClientId", "type" FROM "WebhookPendingEvent" ORDER BY "id" LIMIT ${limit}`)).map((row) => ({
        id: Number(row.id),
        tenantId: Number(row.tenantId),
        partnerClientId: String(row.partnerClientId),
        type: String(row.type),
      }));
      if (pending.length === 0) return 0;
      const endpointsOf = await this.subscribedEndpoints(pending, rawEndpoints(sql));
      // Each event's id is drawn here, once: this transaction writes the event and deletes its pending row together.
      const taken = pending.flatMap((event) => {
        const endpoints = endpointsOf(event);
        return endpoints.length > 0 ? [{ event, eventId: newWebhookEventId(), endpoints }] : [];
      });
      if (taken.length > 0) {
        // VALUES names its columns column1, column2 on both providers; the CAST types the id for PostgreSQL.
        await sql.execute(Prisma.sql`
          INSERT INTO "WebhookEvent" ("eventId", "tenantId", "partnerClientId", "type", "orderingKey", "payload", "occurredAt", "createdAt")
          SELECT drawn.column2, p."tenantId", p."partnerClientId", p."type", p."orderingKey", p."payload", p."occurredAt", ${new Date()}
          FROM "WebhookPendingEvent" p JOIN (VALUES ${Prisma.join(taken.map(({ event, eventId }) => Prisma.sql`(CAST(${event.id} AS INTEGER), ${eventId})`))}) AS drawn ON drawn.column1 = p."id"
          ORDER BY p."id"`);
        await insertDeliveries(
          sql.execute,
          taken.flatMap(({ eventId, endpoints }) => endpoints.map((endpoint) => ({ eventId, endpointId: endpoint.id }))),
          true,
        );
      }
      // By id, not "up to the last": on PostgreSQL a smaller id may commit later.
      await sql.execute(Prisma.sql`DELETE FROM "WebhookPendingEvent" WHERE "id" IN (${Prisma.join(pending.map((event) => event.id))})`);
      return pending.length;
    });
  }

  /** Which endpoints take each event: each partner's enabled endpoints (remembered, else loaded), filtered by type. */
  private async subscribedEndpoints(events: readonly EventAddress[], load: LoadEndpoints): Promise<(event: EventAddress) => SubscribedEndpoint[]> {
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
