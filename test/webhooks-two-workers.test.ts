// Two app instances on one PostgreSQL database fan out and deliver the outbox together: every event
// reaches the counting receiver exactly once (no failures here, so no retry may repeat one), and
// events of one key written by both in turn arrive in the order they were written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEvents } from '../src/core/webhook/webhook-outbox';
import { WebhookEventType } from '../src/core/webhook/event-types';
import { newWebhookSecret } from '../src/core/webhook/webhook-signature';
import { DeliveryStatus } from '../src/core/webhook/webhook-statuses';
import { createTestApp, type TestApp, useTestApp } from './support/app';
import { SEED } from './support/database';
import { TEST_DATABASE } from './support/environment';
import { useStubServer } from './support/stub-server';

const EVENTS = 200;
const counts = new Map<string, number>();
/** The data of each event received, in arrival order. */
const arrived: { key?: string; sequence?: number }[] = [];
const receiver = useStubServer((request, response) => {
  const id = String(request.headers['webhook-id']);
  counts.set(id, (counts.get(id) ?? 0) + 1);
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    arrived.push((JSON.parse(body) as { data: { key?: string; sequence?: number } }).data);
    setTimeout(() => response.end('ok'), 5);
  });
});

const WORKER_ENV = { WEBHOOK_POLL_INTERVAL_MS: '20', WEBHOOK_ATTEMPT_TIMEOUT_MS: '5000' };
const test = useTestApp('webhooks_two_workers', { env: WORKER_ENV });
let second: TestApp | undefined;

beforeAll(async () => {
  if (TEST_DATABASE === 'postgresql') second = await createTestApp({ database: test.database, env: WORKER_ENV });
});
afterAll(async () => {
  await second?.close();
});

describe.runIf(TEST_DATABASE === 'postgresql')('two delivering processes on PostgreSQL', () => {
  it('deliver every event exactly once', async () => {
    const endpoint = await test.db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: `${receiver.base}/count`, eventTypes: [], secret: newWebhookSecret() } });
    const ids = await writeEvents(
      test.db,
      Array.from({ length: EVENTS }, (_, index) => ({
        tenantId: 1,
        partnerClientId: SEED.partnerClientId,
        type: WebhookEventType.TEST,
        // Some keys share events, so ordering holds some back while the rest run in parallel.
        orderingKey: `order:two-workers-${index % 50}`,
        data: { index },
        occurredAt: new Date(),
      })),
      () => [endpoint],
    );
    const deadline = Date.now() + 30_000;
    while ((await test.db.webhookDelivery.count({ where: { status: DeliveryStatus.DELIVERED } })) < EVENTS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await test.db.webhookDelivery.count({ where: { status: DeliveryStatus.DELIVERED } })).toBe(EVENTS);
    expect(ids.map((id) => counts.get(id) ?? 0)).toEqual(ids.map(() => 1));
    expect(counts.size).toBe(EVENTS);
  });

  it('fan out the pending events both write, each once, and deliver each key in the order written', async () => {
    // The only endpoint: each event is then received once per delivery.
    await test.db.webhookEndpoint.deleteMany({});
    const endpoint = await test.db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: `${receiver.base}/ordered`, eventTypes: [], secret: newWebhookSecret() } });
    const apps = [test, second as TestApp];
    for (const app of apps) await app.core.bus.publish({ kind: 'webhook-endpoints-changed', tenantId: 1, partnerClientId: SEED.partnerClientId });
    const KEYS = 20;
    const PER_KEY = 10;
    // Keys side by side; within a key one event after the other, written by the two in turn.
    await Promise.all(
      Array.from({ length: KEYS }, async (_, key) => {
        for (let sequence = 0; sequence < PER_KEY; sequence++) {
          const app = apps[sequence % 2] as TestApp;
          await test.db.$transaction((tx) =>
            app.core.webhookOutbox.emit(tx, [
              { tenantId: 1, partnerClientId: SEED.partnerClientId, type: WebhookEventType.TEST, orderingKey: `order:fan-out-${key}`, data: { key: `k${key}`, sequence }, occurredAt: new Date() },
            ]),
          );
        }
      }),
    );
    const deadline = Date.now() + 30_000;
    while ((await test.db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: DeliveryStatus.DELIVERED } })) < KEYS * PER_KEY && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await test.db.webhookPendingEvent.count()).toBe(0);
    const events = await test.db.webhookEvent.findMany({ where: { orderingKey: { startsWith: 'order:fan-out-' } }, select: { eventId: true } });
    // Two fan-outs at once would take the same pending events and write each twice (FAN_OUT_LOCK, webhook-outbox.ts).
    expect(events).toHaveLength(KEYS * PER_KEY);
    expect(await test.db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: DeliveryStatus.DELIVERED } })).toBe(KEYS * PER_KEY);
    expect(events.map(({ eventId }) => counts.get(eventId) ?? 0)).toEqual(events.map(() => 1));
    for (let key = 0; key < KEYS; key++) {
      expect(arrived.filter((data) => data.key === `k${key}`).map((data) => data.sequence)).toEqual(Array.from({ length: PER_KEY }, (_, sequence) => sequence));
    }
  });
});
