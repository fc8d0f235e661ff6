// The webhook worker's wake-up (db/committed-inserts.ts): told of a delivery only once its
// transaction has committed, never of one rolled back; on PostgreSQL other processes hear of pending
// events and deliveries through the NOTIFY their tables' triggers send, delivered on commit only.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Prisma } from '../src/core/db/client';
import { COMMITTED_INSERT_CHANNEL } from '../src/core/db/committed-inserts';
import { WebhookEventType } from '../src/core/webhook/event-types';
import { LocalInvalidationBus } from '../src/core/cache/invalidation-bus';
import { DELIVERY_TABLE, newWebhookEventId, PENDING_EVENT_TABLE, WebhookOutbox, writeEvents } from '../src/core/webhook/webhook-outbox';
import { newWebhookSecret } from '../src/core/webhook/webhook-signature';
import { useTestDatabase } from './support/app';
import { SEED } from './support/database';
import { TEST_DATABASE } from './support/environment';

const test = useTestDatabase('committed_inserts');

const event = () => ({ tenantId: 1, partnerClientId: SEED.partnerClientId, type: WebhookEventType.TEST, orderingKey: 'wake', data: {}, occurredAt: new Date() });
const createEndpoint = () => test.db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: 'http://127.0.0.1:9/hook', eventTypes: [], secret: newWebhookSecret() } });

/** Counts the in-process signals of committed inserts into `table` (deliveries unless told) while `work` runs. */
async function signalsDuring(work: (signals: () => number) => Promise<unknown>, table = DELIVERY_TABLE): Promise<number> {
  let signals = 0;
  const unwatch = test.database.committedInserts.watch(table, () => (signals += 1));
  try {
    await work(() => signals);
    return signals;
  } finally {
    unwatch();
  }
}

describe('in this process', () => {
  it('signals a transaction that wrote deliveries after its commit, not before', async () => {
    const endpoint = await createEndpoint();
    const signals = await signalsDuring((seen) =>
      test.db.$transaction(async (tx) => {
        await writeEvents(tx, [event(), event()], () => [endpoint]);
        expect(seen()).toBe(0);
      }),
    );
    expect(signals).toBe(1);
  });

  it('signals nothing for a transaction rolled back, nor for one that wrote no delivery', async () => {
    const endpoint = await createEndpoint();
    const before = await test.db.webhookDelivery.count();
    const rolledBack = await signalsDuring(() =>
      test.db
        .$transaction(async (tx) => {
          await writeEvents(tx, [event()], () => [endpoint]);
          throw new Error('the change fails');
        })
        .catch(() => undefined),
    );
    expect(rolledBack).toBe(0);
    expect(await test.db.webhookDelivery.count()).toBe(before);
    expect(await signalsDuring(() => test.db.$transaction((tx) => writeEvents(tx, [event()], () => [])))).toBe(0);
  });

  it('signals a delivery written outside a transaction once it is written', async () => {
    const endpoint = await createEndpoint();
    expect(await signalsDuring(() => writeEvents(test.db, [event()], () => [endpoint]))).toBe(1);
  });
});

/** An event and its delivery to `endpointId`, as raw statements (db/raw-sql.ts). */
function rawEventAndDelivery(endpointId: number): Prisma.Sql[] {
  const eventId = newWebhookEventId();
  const now = new Date();
  return [
    Prisma.sql`INSERT INTO "WebhookEvent" ("eventId", "tenantId", "partnerClientId", "type", "orderingKey", "payload", "occurredAt", "createdAt")
      VALUES (${eventId}, 1, ${SEED.partnerClientId}, ${WebhookEventType.TEST}, 'wake', '{}', ${now}, ${now})`,
    Prisma.sql`INSERT INTO "WebhookDelivery" ("tenantId", "endpointId", "eventId", "orderingKey", "status", "attempts", "nextAttemptAt", "createdAt")
      SELECT ev."tenantId", ${endpointId}, ev."id", ev."orderingKey", 0, 0, ev."occurredAt", ev."createdAt" FROM "WebhookEvent" ev WHERE ev."eventId" = ${eventId}`,
  ];
}

describe('in this process, through raw statements (db/raw-sql.ts)', () => {
  it('signals a raw transaction after its commit, nothing for one rolled back, a delivery written on its own at once', async () => {
    const { sql } = test.database;
    const endpoint = await createEndpoint();
    const committed = await signalsDuring((seen) =>
      sql.transaction(async (tx) => {
        for (const statement of rawEventAndDelivery(endpoint.id)) await tx.execute(statement);
        expect(seen()).toBe(0);
      }),
    );
    expect(committed).toBe(1);
    const before = await test.db.webhookDelivery.count();
    const rolledBack = await signalsDuring(() =>
      sql
        .transaction(async (tx) => {
          for (const statement of rawEventAndDelivery(endpoint.id)) await tx.execute(statement);
          throw new Error('the change fails');
        })
        .catch(() => undefined),
    );
    expect(rolledBack).toBe(0);
    expect(await test.db.webhookDelivery.count()).toBe(before);
    expect(
      await signalsDuring(async () => {
        for (const statement of rawEventAndDelivery(endpoint.id)) await sql.execute(statement);
      }),
    ).toBe(1);
  });
});

describe('pending events written with another statement (WebhookOutbox.queryWithEvents: on PostgreSQL a data-modifying WITH)', () => {
  it('signals them after the commit of a raw or a Prisma transaction, nothing for one rolled back', async () => {
    await createEndpoint();
    const outbox = new WebhookOutbox(new LocalInvalidationBus(), test.database.target.provider);
    const statement = Prisma.sql`SELECT 'answered' AS "answer"`;
    const raw = await signalsDuring(
      (seen) =>
        test.database.sql.transaction(async (tx) => {
          expect(await outbox.queryWithEventsSql(tx, statement, [event()])).toEqual([{ answer: 'answered' }]);
          expect(seen()).toBe(0);
        }),
      PENDING_EVENT_TABLE,
    );
    expect(raw).toBe(1);
    const throughClient = await signalsDuring(
      (seen) =>
        test.db.$transaction(async (tx) => {
          expect(await outbox.queryWithEvents(tx, statement, [event()])).toEqual([{ answer: 'answered' }]);
          expect(seen()).toBe(0);
        }),
      PENDING_EVENT_TABLE,
    );
    expect(throughClient).toBe(1);
    const before = await test.db.webhookPendingEvent.count();
    const rolledBack = await signalsDuring(
      () =>
        test.database.sql
          .transaction(async (tx) => {
            await outbox.queryWithEventsSql(tx, statement, [event()]);
            throw new Error('the change fails');
          })
          .catch(() => undefined),
      PENDING_EVENT_TABLE,
    );
    expect(rolledBack).toBe(0);
    expect(await test.db.webhookPendingEvent.count()).toBe(before);
  });
});

describe.runIf(TEST_DATABASE === 'postgresql')('in other processes (PostgreSQL)', () => {
  it('NOTIFY reaches a listener on commit only, once a transaction, from whatever writes the rows', async () => {
    const endpoint = await createEndpoint();
    // No one watches in this process, as in one that serves requests and delivers nothing.
    const listener = new pg.Client({ connectionString: test.database.target.url });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query(`LISTEN ${COMMITTED_INSERT_CHANNEL}`);
      await test.db
        .$transaction(async (tx) => {
          await writeEvents(tx, [event()], () => [endpoint]);
          throw new Error('the change fails');
        })
        .catch(() => undefined);
      await test.db.$transaction(async (tx) => {
        await writeEvents(tx, [event()], () => [endpoint]);
        // Give a notification sent before the commit time to arrive: none must.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(heard).toEqual([]);
      });
      const deadline = Date.now() + 10_000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual(['WebhookDelivery']);
      // A pending event, written by a statement of Prisma's own: two inserts, one notification.
      await test.db.$transaction(async (tx) => {
        for (let index = 0; index < 2; index++) {
          await tx.webhookPendingEvent.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, type: WebhookEventType.TEST, orderingKey: 'wake', payload: {}, occurredAt: new Date() } });
        }
      });
      while (heard.length === 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      // Time for a second one to arrive: none must.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual(['WebhookDelivery', 'WebhookPendingEvent']);
    } finally {
      await listener.end();
    }
  });
});
