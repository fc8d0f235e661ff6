// Two app instances on one PostgreSQL database deliver the outbox together: every event reaches the
// counting receiver exactly once (no failures here, so no retry may repeat one).
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
const receiver = useStubServer((request, response) => {
  const id = String(request.headers['webhook-id']);
  counts.set(id, (counts.get(id) ?? 0) + 1);
  request.resume();
  request.on('end', () => setTimeout(() => response.end('ok'), 5));
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
});
