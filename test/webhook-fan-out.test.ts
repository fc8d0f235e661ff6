// The outbox's second step (WebhookOutbox.fanOut): a partner call's transaction writes only pending
// events; a fan-out turns them into events and deliveries, a batch per transaction. Each pending event
// is fanned out once, in each key's order, to the endpoints as they are then; a fan-out that does not
// commit (a failure, a process killed meanwhile) leaves every pending event for the next.
import { beforeEach, describe, expect, it } from 'vitest';
import { WebhookEventType } from '../src/core/webhook/event-types';
import type { OutboxEvent } from '../src/core/webhook/webhook-outbox';
import { useTestApp } from './support/app';
import { SEED } from './support/database';

/** Set to fail the next statement that starts with it, as a process killed right before it would leave its transaction. */
let failBefore: string | undefined;
const test = useTestApp('webhook_fan_out', {
  // No worker: the tests fan out themselves.
  env: { WEBHOOK_POLL_INTERVAL_MS: '0' },
  databaseOptions: {
    onQuery: (query) => {
      if (failBefore !== undefined && query.sql.trimStart().startsWith(failBefore)) {
        failBefore = undefined;
        throw new Error('failed on purpose before the fan-out committed');
      }
    },
  },
});

/** An event id: evt_, 9 base-36 digits of time, 16 random bytes in base64url. */
const EVENT_ID = /^evt_[0-9a-z]{9}[A-Za-z0-9_-]{22}$/;

let sequence = 0;
const event = (orderingKey: string, type: string = WebhookEventType.PURCHASE_ORDER_PAID): OutboxEvent => ({
  tenantId: 1,
  partnerClientId: SEED.partnerClientId,
  type: type as OutboxEvent['type'],
  orderingKey,
  data: { sequence: ++sequence },
  occurredAt: new Date(Date.UTC(2026, 10, 21, 10, 0, 0, sequence)),
});

const createEndpoint = async (eventTypes: string[] = []) =>
  (await test.core.webhookEndpoints.create(test.staff(), { partnerClientId: SEED.partnerClientId, url: `http://127.0.0.1:9/fan-out-${++sequence}`, eventTypes })).endpoint.id;

const emit = (events: OutboxEvent[]) => test.db.$transaction((tx) => test.core.webhookOutbox.emit(tx, events));
const fanOut = (limit?: number) => test.core.webhookOutbox.fanOut(test.database, limit);

/** The deliveries of these keys as [endpoint, event sequence, event type], in delivery id order. */
async function deliveriesOf(keys: string[]): Promise<[number, unknown, string][]> {
  const rows = await test.db.webhookDelivery.findMany({ where: { orderingKey: { in: keys } }, include: { event: true }, orderBy: { id: 'asc' } });
  return rows.map((row) => [row.endpointId, (row.event.payload as { sequence: number }).sequence, row.event.type]);
}

beforeEach(async () => {
  // Each test starts with no endpoint of the partner and nothing pending.
  for (const { id } of await test.db.webhookEndpoint.findMany({ select: { id: true } })) await test.core.webhookEndpoints.delete(test.staff(), id);
  await fanOut(10_000);
});

describe('fan-out', () => {
  it('takes pending events oldest first, a batch per transaction, each once: an event as written and a delivery per endpoint taking its type, in each key order', async () => {
    const all = await createEndpoint();
    const ordersOnly = await createEndpoint([WebhookEventType.PURCHASE_ORDER_PAID]);
    const events = [event('order:a'), event('order:b'), event('order:a', WebhookEventType.WALLET_DEBITED), event('order:a'), event('order:b', WebhookEventType.WALLET_DEBITED), event('order:b'), event('order:a')];
    for (const written of events) await emit([written]);
    const pending = await test.db.webhookPendingEvent.findMany({ orderBy: { id: 'asc' } });
    expect(pending).toHaveLength(7);
    expect(await test.db.webhookEvent.count({ where: { orderingKey: { in: ['order:a', 'order:b'] } } })).toBe(0);

    expect([await fanOut(3), await fanOut(3), await fanOut(3), await fanOut(3)]).toEqual([3, 3, 1, 0]);
    expect(await test.db.webhookPendingEvent.count()).toBe(0);
    const written = await test.db.webhookEvent.findMany({ where: { orderingKey: { in: ['order:a', 'order:b'] } }, orderBy: { id: 'asc' } });
    // The data and times as the change wrote them, in the order written, each under an id of its own drawn at the fan-out.
    expect(written.map(({ type, orderingKey, payload, occurredAt }) => ({ type, orderingKey, payload, occurredAt }))).toEqual(
      pending.map(({ type, orderingKey, payload, occurredAt }) => ({ type, orderingKey, payload, occurredAt })),
    );
    expect(written.map(({ eventId }) => eventId)).toEqual(written.map(() => expect.stringMatching(EVENT_ID)));
    expect(new Set(written.map(({ eventId }) => eventId)).size).toBe(written.length);
    const [first, second, third, fourth, fifth, sixth, seventh] = events.map((written) => written.data.sequence);
    expect(await deliveriesOf(['order:a'])).toEqual([
      [all, first, 'purchase_order.paid'],
      [ordersOnly, first, 'purchase_order.paid'],
      [all, third, 'wallet.debited'],
      [all, fourth, 'purchase_order.paid'],
      [ordersOnly, fourth, 'purchase_order.paid'],
      [all, seventh, 'purchase_order.paid'],
      [ordersOnly, seventh, 'purchase_order.paid'],
    ]);
    expect(await deliveriesOf(['order:b'])).toEqual([
      [all, second, 'purchase_order.paid'],
      [ordersOnly, second, 'purchase_order.paid'],
      [all, fifth, 'wallet.debited'],
      [all, sixth, 'purchase_order.paid'],
      [ordersOnly, sixth, 'purchase_order.paid'],
    ]);
  });

  it('delivers to the endpoints as they are at the fan-out: none to one disabled or deleted since the commit, one to an endpoint enabled since', async () => {
    const disabled = await createEndpoint();
    const deleted = await createEndpoint();
    await emit([event('order:since')]);
    await test.core.webhookEndpoints.updateStatus(test.staff(), { id: disabled, status: 1 });
    await test.core.webhookEndpoints.delete(test.staff(), deleted);
    const added = await createEndpoint();
    expect(await fanOut()).toBe(1);
    expect((await deliveriesOf(['order:since'])).map(([endpointId]) => endpointId)).toEqual([added]);
  });

  it('keeps no event that no endpoint takes at the fan-out any more', async () => {
    const endpoint = await createEndpoint();
    await emit([event('order:dropped')]);
    await test.core.webhookEndpoints.delete(test.staff(), endpoint);
    expect(await fanOut()).toBe(1);
    expect(await test.db.webhookPendingEvent.count()).toBe(0);
    expect(await test.db.webhookEvent.count({ where: { orderingKey: 'order:dropped' } })).toBe(0);
  });

  it('writes nothing pending for an event no endpoint takes at the commit', async () => {
    await createEndpoint([WebhookEventType.WALLET_DEBITED]);
    await emit([event('order:untaken')]);
    expect(await test.db.webhookPendingEvent.count()).toBe(0);
  });

  it('commits nothing of a fan-out that fails before its end: every pending event stays, and the next fan-out takes each once', async () => {
    const endpoint = await createEndpoint();
    await emit([event('order:failed'), event('order:failed')]);
    const pending = await test.db.webhookPendingEvent.findMany({ orderBy: { id: 'asc' } });
    failBefore = 'DELETE FROM "WebhookPendingEvent"';
    await expect(fanOut()).rejects.toThrow('failed on purpose');
    expect(failBefore).toBeUndefined();
    expect(await test.db.webhookPendingEvent.findMany({ orderBy: { id: 'asc' } })).toEqual(pending);
    expect(await test.db.webhookEvent.count({ where: { orderingKey: 'order:failed' } })).toBe(0);
    expect(await test.db.webhookDelivery.count({ where: { orderingKey: 'order:failed' } })).toBe(0);

    expect(await fanOut()).toBe(2);
    expect((await test.db.webhookEvent.findMany({ where: { orderingKey: 'order:failed' }, orderBy: { id: 'asc' } })).map((row) => row.payload)).toEqual(pending.map((row) => row.payload));
    expect(await test.db.webhookDelivery.count({ where: { orderingKey: 'order:failed', endpointId: endpoint } })).toBe(2);
  });
});
