// An endpoint's slots (perEndpointConcurrency) are held while its POSTs are in flight, not while their
// attempts wait to be recorded (group commit, recordDelayMs): a backlog of many keys goes out at its
// receiver's pace, and the next event of a key still waits until the one before it is recorded.
import { describe, expect, it } from 'vitest';
import { WebhookEventType } from '../src/core/webhook/event-types';
import { type OutboxEvent, writeEvents } from '../src/core/webhook/webhook-outbox';
import { newWebhookSecret } from '../src/core/webhook/webhook-signature';
import { WEBHOOK_WORKER_DEFAULTS } from '../src/core/webhook/webhook-worker';
import { DeliveryStatus } from '../src/core/webhook/webhook-statuses';
import { useTestApp } from './support/app';
import { SEED } from './support/database';
import { until } from './support/until';
import { useWebhookReceiver } from './support/webhook-receiver';
import { useWebhookWorker } from './support/webhook-worker';

const receiver = useWebhookReceiver();
// The app's own worker is off (the tests' default); this one has one slot and records late.
const test = useTestApp('webhook_slots');
const SETTINGS = { ...WEBHOOK_WORKER_DEFAULTS, pollIntervalMs: 20, wakeDelayMs: 0, recordDelayMs: 600, maxConcurrency: 1, perEndpointConcurrency: 1, maxRunLength: 1 };

useWebhookWorker(test, SETTINGS);

/** `count` events of the seeded partner, on `key` (undefined: each its own), to a new endpoint at `path`. */
async function eventsTo(path: string, count: number, key?: string): Promise<void> {
  const endpoint = await test.db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: `${receiver.base}${path}`, eventTypes: [], secret: newWebhookSecret() } });
  const events: OutboxEvent[] = Array.from({ length: count }, (_, index) => ({
    tenantId: 1,
    partnerClientId: SEED.partnerClientId,
    type: WebhookEventType.TEST,
    orderingKey: key ?? `${path}:${index}`,
    data: { index },
    occurredAt: new Date(),
  }));
  await writeEvents(test.db, events, () => [endpoint]);
}

const indexesAt = (path: string) => receiver.received.filter((entry) => entry.path === path).map((entry) => (JSON.parse(entry.body) as { data: { index: number } }).data.index);

describe('an endpoint slot', () => {
  it('is taken again as soon as its POST is answered, not once its attempt is recorded', async () => {
    const started = performance.now();
    await eventsTo('/many-keys', 8);
    // One slot held until each record (600 ms) would take 4.8 s; freed at each answer, the 8 go out at once.
    await until('8 received', async () => (indexesAt('/many-keys').length === 8 ? true : undefined), 2_500);
    expect(performance.now() - started).toBeLessThan(2_500);
    // And each is recorded delivered.
    await until('8 recorded', async () => ((await test.db.webhookDelivery.count({ where: { status: DeliveryStatus.DELIVERED, endpoint: { url: { endsWith: '/many-keys' } } } })) === 8 ? true : undefined), 3_000);
  });

  it('still sends the next event of a key only once the one before it is recorded, in order', async () => {
    const started = performance.now();
    await eventsTo('/one-key', 4, 'one-key');
    await until('4 received', async () => (indexesAt('/one-key').length === 4 ? true : undefined), 10_000);
    expect(indexesAt('/one-key')).toEqual([0, 1, 2, 3]);
    // Each waited for the record of the one before it.
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * SETTINGS.recordDelayMs);
  });
});
