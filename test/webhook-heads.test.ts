// The heads of the delivery queues (src/core/webhook/delivery-heads.ts): a claim reads only the first
// pending delivery of each key, so neither a backlog behind a failing head nor a disabled endpoint's
// deliveries cost it anything; the flags that say which deliveries are first stay right while events
// are fanned out during deliveries (two workers on PostgreSQL) and when the console sends failed
// deliveries again.
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../src/core/db/client';
import type { SqlQuery } from '@prisma/driver-adapter-utils';
import { sqliteFilePath } from '../src/core/db/database-url';
import { silentLogger } from '../src/core/logger';
import { promoteHeads } from '../src/core/webhook/delivery-heads';
import { WebhookEventType } from '../src/core/webhook/event-types';
import type { OutboxEvent } from '../src/core/webhook/webhook-outbox';
import { DeliveryStatus } from '../src/core/webhook/webhook-statuses';
import { WEBHOOK_WORKER_DEFAULTS, WebhookWorker } from '../src/core/webhook/webhook-worker';
import { useTestApp } from './support/app';
import { SEED } from './support/database';
import { TEST_DATABASE } from './support/environment';
import { until } from './support/until';
import { useWebhookReceiver } from './support/webhook-receiver';

/** The claims sent (the statements that read heads), with their values. */
const claims: SqlQuery[] = [];
const receiver = useWebhookReceiver();
const test = useTestApp('webhook_heads', {
  // No app worker: each case runs its own.
  env: { WEBHOOK_POLL_INTERVAL_MS: '0' },
  databaseOptions: {
    onQuery: (query) => {
      if (query.sql.includes('"head" = TRUE AND')) claims.push(query);
    },
  },
});

const SETTINGS = { ...WEBHOOK_WORKER_DEFAULTS, pollIntervalMs: 20, wakeDelayMs: 0, recordDelayMs: 5 };

let sequence = 0;
const event = (type: OutboxEvent['type'], orderingKey: string, data: Record<string, unknown> = {}): OutboxEvent => ({
  tenantId: 1,
  partnerClientId: SEED.partnerClientId,
  type,
  orderingKey,
  data: { ...data, sequence: ++sequence },
  occurredAt: new Date(),
});

async function createEndpoint(path: string, eventTypes: string[]): Promise<number> {
  return (await test.core.webhookEndpoints.create(test.staff(), { partnerClientId: SEED.partnerClientId, url: `${receiver.base}${path}`, eventTypes })).endpoint.id;
}

/** Writes the events as a partner call does (pending, in batches of transactions), then fans them all out. */
async function emitAndFanOut(events: readonly OutboxEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += 500) {
    await test.db.$transaction((tx) => test.core.webhookOutbox.emit(tx, events.slice(start, start + 500)));
  }
  while ((await test.core.webhookOutbox.fanOut(test.database)) > 0);
}

/** Runs `run` while `count` workers of `settings` deliver, and stops them after. */
async function withWorkers<T>(count: number, run: () => Promise<T>, settings = SETTINGS): Promise<T> {
  const workers = Array.from({ length: count }, () => new WebhookWorker(test.database, test.core.webhookOutbox, settings, silentLogger, test.core.bus));
  for (const worker of workers) worker.start();
  try {
    return await run();
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }
}

/** Pending deliveries that are first of their key but not flagged (a stalled key), and flags on deliveries not pending. */
async function wrongFlags(): Promise<{ unflaggedFirsts: number; flaggedNotPending: number }> {
  const rows = await test.db.webhookDelivery.findMany({ select: { id: true, endpointId: true, orderingKey: true, status: true, head: true }, orderBy: { id: 'asc' } });
  const seen = new Set<string>();
  let unflaggedFirsts = 0;
  for (const row of rows.filter((delivery) => delivery.status === DeliveryStatus.PENDING)) {
    const key = `${row.endpointId} ${row.orderingKey}`;
    if (!seen.has(key) && !row.head) unflaggedFirsts++;
    seen.add(key);
  }
  return { unflaggedFirsts, flaggedNotPending: rows.filter((row) => row.head && row.status !== DeliveryStatus.PENDING).length };
}

/** The rows of WebhookDelivery that running the claim reads, by PostgreSQL's EXPLAIN ANALYZE (rolled back). */
async function deliveryRowsRead(claim: SqlQuery): Promise<number> {
  const client = new pg.Client({ connectionString: test.database.target.url });
  await client.connect();
  try {
    await client.query('BEGIN');
    // Timestamps are stored without a zone, in UTC.
    const values = claim.args.map((value) => (value instanceof Date ? value.toISOString().replace('Z', '') : value));
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${claim.sql}`, values);
    const read = (node: PlanNode): number =>
      (node['Relation Name'] === 'WebhookDelivery' ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'] : 0) + (node.Plans ?? []).reduce((sum, child) => sum + read(child), 0);
    return read((rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan);
  } finally {
    await client.query('ROLLBACK');
    await client.end();
  }
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** SQLite's plan of the claim, one line per step. */
function sqlitePlan(claim: SqlQuery): string[] {
  const db = new Sqlite(sqliteFilePath(test.database.target.url), { readonly: true });
  try {
    const values = claim.args.map((value) => (value instanceof Date ? value.getTime() : value));
    return (db.prepare(`EXPLAIN QUERY PLAN ${claim.sql}`).all(...values) as { detail: string }[]).map((step) => step.detail);
  } finally {
    db.close();
  }
}

describe('a claim', () => {
  // One key of 2,000 events whose first waits for a retry an hour away, 2,000 keys of an endpoint since
  // disabled, and one event due at a third endpoint: the first claim of a worker, as it was sent.
  let claim: SqlQuery;
  beforeAll(async () => {
    const BACKLOG = 2_000;
    const failing = await createEndpoint('/claim-failing', [WebhookEventType.WALLET_DEBITED]);
    const disabled = await createEndpoint('/claim-disabled', [WebhookEventType.ORDER_ITEM_STORED]);
    await createEndpoint('/claim-live', [WebhookEventType.BAG_SHIPPED]);
    await emitAndFanOut([
      ...Array.from({ length: BACKLOG }, () => event(WebhookEventType.WALLET_DEBITED, 'wallet:claim-backlog')),
      ...Array.from({ length: BACKLOG }, (_, index) => event(WebhookEventType.ORDER_ITEM_STORED, `order:claim-disabled-${index}`)),
    ]);
    const first = await test.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: failing }, orderBy: { id: 'asc' } });
    await test.db.webhookDelivery.update({ where: { id: first.id }, data: { attempts: 1, nextAttemptAt: new Date(Date.now() + 3_600_000) } });
    await test.core.webhookEndpoints.updateStatus(test.staff(), { id: disabled, status: 1 });
    await emitAndFanOut([event(WebhookEventType.BAG_SHIPPED, 'bag:claim-live')]);
    claims.length = 0;
    await withWorkers(1, () => until('the live event', async () => (receiver.received.some((entry) => entry.path === '/claim-live') ? true : undefined)));
    claim = claims[0] as SqlQuery;
  });

  it('found the live event among 4,000 due deliveries and sent nothing else', async () => {
    // The 3,999 others are due still: 1,999 behind the failing head, 2,000 of the disabled endpoint.
    expect(await test.db.webhookDelivery.count({ where: { status: DeliveryStatus.PENDING, nextAttemptAt: { lte: new Date() } } })).toBe(3_999);
    expect(receiver.received.map((entry) => entry.path)).toEqual(['/claim-live']);
    expect(claim.sql).toContain('"head" = TRUE');
  });

  it.runIf(TEST_DATABASE === 'postgresql')('reads only heads on PostgreSQL: not the backlog behind a failing head, nor a disabled endpoint\'s deliveries', async () => {
    // Without the flag it read 5,999 rows here; before heads, a claim ranked all 4,000 due deliveries (4 s in an unanalysed table).
    expect(await deliveryRowsRead(claim)).toBeLessThan(10);
  });

  it.runIf(TEST_DATABASE === 'sqlite')('reads only heads on SQLite: each read of a delivery is an index search by endpoint and head', () => {
    // The endpoint's due heads, the key's earlier pending ones, the row by id.
    expect(
      sqlitePlan(claim)
        .filter((step) => /\b(SCAN|SEARCH) [dpc]\b/.test(step))
        .sort(),
    ).toEqual([
      expect.stringMatching(/^SEARCH c USING INTEGER PRIMARY KEY \(rowid=\?\)$/),
      expect.stringMatching(/^SEARCH d USING INDEX WebhookDelivery_endpointId_status_head_nextAttemptAt_id_idx \(endpointId=\? AND status=\? AND head=\? AND nextAttemptAt<\?\)$/),
      expect.stringMatching(/^SEARCH p USING COVERING INDEX WebhookDelivery_endpointId_orderingKey_status_id_idx \(endpointId=\? AND orderingKey=\? AND status=\? AND id<\?\)$/),
    ]);
  });
});

describe('head flags', () => {
  it('stay right while events are fanned out during deliveries: no key stalls, each arrives in order', async () => {
    const endpoint = await createEndpoint('/interleaved', [WebhookEventType.PURCHASE_ORDER_PAID]);
    const KEYS = 4;
    const PER_KEY = 60;
    // Some attempts fail, so heads are retried and handed on while fan-outs write behind them.
    receiver.answers.set('/interleaved', Array.from({ length: 40 }, (_, index) => (index % 4 === 0 ? 500 : 200)));
    const settings = { ...SETTINGS, retryDelaysMs: [10, 10, 10, 10, 10, 10] };
    await withWorkers(
      test.database.target.provider === 'postgresql' ? 2 : 1,
      async () => {
        // Each key's events one after the other, a transaction each, while the workers fan out and deliver.
        await Promise.all(
          Array.from({ length: KEYS }, async (_, key) => {
            for (let index = 0; index < PER_KEY; index++) {
              await test.db.$transaction((tx) => test.core.webhookOutbox.emit(tx, [event(WebhookEventType.PURCHASE_ORDER_PAID, `order:interleaved-${key}`, { key, index })]));
              if (index % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 3));
            }
          }),
        );
        await until('every event delivered', async () => ((await test.db.webhookDelivery.count({ where: { endpointId: endpoint, status: DeliveryStatus.DELIVERED } })) === KEYS * PER_KEY ? true : undefined), 15_000);
      },
      settings,
    );
    const delivered = receiver.received.filter((entry) => entry.path === '/interleaved').map((entry) => (JSON.parse(entry.body) as { data: { key: number; index: number } }).data);
    for (let key = 0; key < KEYS; key++) {
      // At least once: a failed attempt is sent again, right away in its key's order.
      const indexes = delivered.filter((data) => data.key === key).map((data) => data.index);
      expect(indexes.filter((index, position) => index !== indexes[position - 1])).toEqual(Array.from({ length: PER_KEY }, (_, index) => index));
    }
    expect(await wrongFlags()).toEqual({ unflaggedFirsts: 0, flaggedNotPending: 0 });
  });

  it.runIf(TEST_DATABASE === 'postgresql')('are handed on to a delivery that a fan-out under way writes behind the head (PostgreSQL)', async () => {
    const endpoint = await createEndpoint('/handed-on', [WebhookEventType.BAG_WEIGHED]);
    await emitAndFanOut([event(WebhookEventType.BAG_WEIGHED, 'bag:handed-on')]);
    const head = await test.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint } });
    await test.db.$transaction((tx) => test.core.webhookOutbox.emit(tx, [event(WebhookEventType.BAG_WEIGHED, 'bag:handed-on')]));
    const pending = await test.db.webhookPendingEvent.findFirstOrThrow({ where: { orderingKey: 'bag:handed-on' } });
    // The fan-out stops before its last statement (deleting the pending event, whose row is held here):
    // it has written the next delivery, which sees the head pending, and not committed it.
    const holder = new pg.Client({ connectionString: test.database.target.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM "WebhookPendingEvent" WHERE "id" = $1 FOR UPDATE', [pending.id]);
    const fanOut = test.core.webhookOutbox.fanOut(test.database);
    // Read outside the holder's transaction, which would keep seeing its first snapshot of the activity.
    const waiting = Prisma.sql`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'DELETE FROM %'`;
    await until('the fan-out waits', async () => ((await test.database.sql.query(waiting)).length > 0 ? true : undefined));
    // Meanwhile the head is delivered, and the next delivery of its key flagged, as a record does.
    const recorded = test.database.sql.transaction(async (sql) => {
      await sql.execute(Prisma.sql`UPDATE "WebhookDelivery" SET "status" = ${DeliveryStatus.DELIVERED}, "head" = FALSE WHERE "id" = ${head.id}`);
      await promoteHeads(sql, 'postgresql', [{ endpointId: endpoint, orderingKey: 'bag:handed-on' }]);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await holder.query('ROLLBACK');
    await holder.end();
    await Promise.all([fanOut, recorded]);
    const next = await test.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint, id: { gt: head.id } } });
    expect(next).toMatchObject({ status: DeliveryStatus.PENDING, head: true });
  });

  it('flag the first of each key when failed deliveries are sent again, and only it', async () => {
    const endpoint = await createEndpoint('/requeued', [WebhookEventType.SUPPLEMENT_RAISED]);
    await emitAndFanOut(Array.from({ length: 9 }, (_, index) => event(WebhookEventType.SUPPLEMENT_RAISED, `order:requeued-${index % 3}`)));
    const rows = await test.db.webhookDelivery.findMany({ where: { endpointId: endpoint }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => row.head)).toEqual([true, true, true, false, false, false, false, false, false]);
    // All failed, as a day of failed attempts leaves them.
    await test.db.webhookDelivery.updateMany({ where: { endpointId: endpoint }, data: { status: DeliveryStatus.FAILED, head: false } });
    const since = new Date(Date.now() - 60_000);
    expect(await test.core.webhookEndpoints.redeliverFailedSince(test.staff(), { endpointId: endpoint, since })).toBe(9);
    const requeued = await test.db.webhookDelivery.findMany({ where: { endpointId: endpoint }, orderBy: { id: 'asc' } });
    expect(requeued.map((row) => [row.status, row.head])).toEqual(rows.map((_, index) => [DeliveryStatus.PENDING, index < 3]));
    // Sent again one by one, each key in order.
    await withWorkers(1, () => until('all sent again', async () => ((await test.db.webhookDelivery.count({ where: { endpointId: endpoint, status: DeliveryStatus.DELIVERED } })) === 9 ? true : undefined)));
    expect(await wrongFlags()).toEqual({ unflaggedFirsts: 0, flaggedNotPending: 0 });
  });
});
