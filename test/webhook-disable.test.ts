// An endpoint whose every attempt fails for a day is disabled, and the console says why and when.
// The worker runs on the test's clock, moved hour by hour instead of waited for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger';
import { WEBHOOK_WORKER_DEFAULTS, WebhookWorker } from '../src/core/webhook/webhook-worker';
import { DeliveryStatus } from '../src/core/webhook/webhook-statuses';
import { createAdmin, issuedAdminToken } from './support/admin';
import { useTestApp } from './support/app';
import { SEED } from './support/database';
import { expectData } from './support/graphql-expect';
import { useStubServer } from './support/stub-server';
import { until } from './support/until';

/** Paths that answer 200; every other one answers 500. */
const healthy = new Set<string>();
const receiver = useStubServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.statusCode = healthy.has(request.url ?? '') ? 200 : 500;
    response.end();
  });
});

const HOUR = 3_600_000;
// The app's own worker is off (the tests' default); this one runs on the test clock.
const test = useTestApp('webhook_disable');
let worker: WebhookWorker;
// The clock moves days ahead: each call signs in anew, as a token lasts an hour.
let admin: { id: number; tenantId: number };
const token = () => issuedAdminToken(test.core, admin);

beforeAll(async () => {
  admin = await createAdmin(test.core, { superAdmin: true });
  worker = new WebhookWorker(
    test.database,
    test.core.webhookOutbox,
    { ...WEBHOOK_WORKER_DEFAULTS, pollIntervalMs: 10, wakeDelayMs: 0, attemptTimeoutMs: 2_000, retryDelaysMs: Array.from({ length: 40 }, () => HOUR), disableAfterFailingMs: 24 * HOUR, maxConcurrency: 8, perEndpointConcurrency: 4, maxRunLength: 8, recordDelayMs: 0 },
    silentLogger,
    test.core.bus,
    test.clock,
  );
  worker.start();
});
afterAll(async () => {
  await worker.stop();
});

interface EndpointAnswer {
  id: number;
  status: number;
  disabledReason: string | null;
  disabledTime: string | null;
  failingSinceTime: string | null;
}

const endpointOf = async (id: number) =>
  (await expectData<{ webhookEndpoint: EndpointAnswer }>(test.app, await token(), 'query($id: Int64!) { webhookEndpoint(id: $id) { id status disabledReason disabledTime failingSinceTime } }', { id }))
    .webhookEndpoint;

async function createEndpoint(path: string): Promise<number> {
  const created = await expectData<{ createWebhookEndpoint: { endpoint: { id: number } } }>(
    test.app,
    await token(),
    'mutation($input: WebhookEndpointSaveReqVO!) { createWebhookEndpoint(input: $input) { endpoint { id } } }',
    { input: { partnerClientId: SEED.partnerClientId, url: `${receiver.base}${path}`, eventTypes: [] } },
  );
  return created.createWebhookEndpoint.endpoint.id;
}

const sendTest = async (id: number) => expectData(test.app, await token(), 'mutation($id: Int64!) { sendWebhookEndpointTestEvent(id: $id) }', { id });

/** Waits for the endpoint's `n`-th logged attempt. */
const attemptsReach = (endpointId: number, n: number) =>
  until(`attempt ${n}`, async () => ((await test.db.webhookDeliveryAttempt.count({ where: { delivery: { endpointId } } })) >= n ? true : undefined));

describe('an endpoint failing every attempt', () => {
  it('is disabled once its attempts have failed for a day, and the console shows why and when', async () => {
    const id = await createEndpoint('/down');
    await sendTest(id);
    await attemptsReach(id, 1);
    const firstFailure = new Date(test.clock.now()).toISOString();
    expect(await endpointOf(id)).toMatchObject({ status: 0, failingSinceTime: firstFailure, disabledReason: null });
    // Retries an hour apart (jitter up to 20%): still enabled after 22 hours of failures.
    let attempts = 1;
    while (test.clock.now() - Date.parse(firstFailure) < 22 * HOUR) {
      test.clock.advance(1.25 * HOUR);
      await attemptsReach(id, ++attempts);
    }
    expect((await endpointOf(id)).status).toBe(0);
    while ((await endpointOf(id)).status === 0) {
      test.clock.advance(1.25 * HOUR);
      await attemptsReach(id, ++attempts);
    }
    const disabled = await endpointOf(id);
    expect(disabled.disabledReason).toBe(`every attempt failed since ${firstFailure}`);
    expect(Date.parse(disabled.disabledTime as string) - Date.parse(firstFailure)).toBeGreaterThanOrEqual(24 * HOUR);
    expect(Date.parse(disabled.disabledTime as string) - Date.parse(firstFailure)).toBeLessThan(26 * HOUR);
    // Disabled: nothing more is sent, however long one waits.
    test.clock.advance(10 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await test.db.webhookDeliveryAttempt.count({ where: { delivery: { endpointId: id } } })).toBe(attempts);
    expect(await test.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: id } })).toMatchObject({ status: DeliveryStatus.PENDING });
  }, 30_000);

  it('is not disabled when a success breaks the run of failures', async () => {
    const id = await createEndpoint('/flaky');
    await sendTest(id);
    await attemptsReach(id, 1);
    const started = test.clock.now();
    let attempts = 1;
    // About 19 hours of failures, a success, and 19 more hours of failures: failing for over a day in all, never a whole day in a run.
    for (let retry = 0; retry < 15; retry++) {
      test.clock.advance(1.25 * HOUR);
      await attemptsReach(id, ++attempts);
    }
    // The next retry succeeds; a new event then fails again.
    healthy.add('/flaky');
    test.clock.advance(1.25 * HOUR);
    await until('the success', async () => ((await endpointOf(id)).failingSinceTime === null ? true : undefined));
    healthy.delete('/flaky');
    attempts = await test.db.webhookDeliveryAttempt.count({ where: { delivery: { endpointId: id } } });
    await sendTest(id);
    await attemptsReach(id, ++attempts);
    for (let retry = 0; retry < 15; retry++) {
      test.clock.advance(1.25 * HOUR);
      await attemptsReach(id, ++attempts);
    }
    expect(test.clock.now() - started).toBeGreaterThan(36 * HOUR);
    expect(await endpointOf(id)).toMatchObject({ status: 0, disabledReason: null });
  }, 30_000);
});
