// Partner calls come first: while calls saturate the process (its event loop, or its database: calls
// queued with the loop half busy; serving-load.ts), the webhook worker takes a
// bounded share (a claim of busyRunsPerClaim runs of at most busyRunLength every busyClaimIntervalMs, and a fan-out of one batch
// of pending events only when no delivery is due to fill them) and sends the backlog once the load
// falls; never nothing, so events still move under a load that never ends.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { WebhookEventType } from '../src/core/webhook/event-types';
import { type OutboxEvent, writeEvents } from '../src/core/webhook/webhook-outbox';
import { newWebhookSecret } from '../src/core/webhook/webhook-signature';
import { WEBHOOK_WORKER_DEFAULTS } from '../src/core/webhook/webhook-worker';
import { useTestApp } from './support/app';
import { SEED } from './support/database';
import { until } from './support/until';
import { useWebhookReceiver } from './support/webhook-receiver';
import { useWebhookWorker } from './support/webhook-worker';

const receiver = useWebhookReceiver();
// The app's own worker is off (the tests' default); this one is measured.
const test = useTestApp('webhook_saturation');
const SETTINGS = { ...WEBHOOK_WORKER_DEFAULTS, pollIntervalMs: 20, wakeDelayMs: 0, recordDelayMs: 0, loadWindowMs: 100, busyRunsPerClaim: 1, busyRunLength: 3, busyClaimIntervalMs: 400, fanOutBatch: 5 };

/** `count` events of their own keys (a run each) of the seeded partner. */
const eventsOf = (path: string, count: number): OutboxEvent[] =>
  Array.from({ length: count }, (_, index) => ({ tenantId: 1, partnerClientId: SEED.partnerClientId, type: WebhookEventType.TEST, orderingKey: `${path}:${index}`, data: { index }, occurredAt: new Date() }));

/** An endpoint at `path` taking `eventTypes` (none: every type). */
const endpointAt = (path: string, eventTypes: string[] = []) =>
  test.db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: `${receiver.base}${path}`, eventTypes, secret: newWebhookSecret() } });

/** `count` events with their deliveries to a new endpoint at `path`. */
async function eventsFor(path: string, count: number): Promise<void> {
  const endpoint = await endpointAt(path);
  await writeEvents(test.db, eventsOf(path, count), () => [endpoint]);
}

const receivedAt = (path: string) => receiver.received.filter((entry) => entry.path === path).length;

/** Waits until `count` deliveries reached `path`, for at most `withinMs`. */
async function expectAllReceived(path: string, count: number, withinMs: number): Promise<void> {
  await until(`${count} delivered to ${path}`, async () => (receivedAt(path) === count ? true : undefined), withinMs);
  expect(receivedAt(path)).toBe(count);
}

/**
 * Loads the process until stopped, in turns of 20 ms. `calls`: each turn a request through the app
 * (counted by its root hook) and the loop 95% busy, as a process serving calls flat out. `background`:
 * the loop as busy, no call (background work). `waiting calls`: each turn `busyMs` of the loop and a
 * request whose body arrives over `waitMs`, so waitMs / 20 are in flight at any time: a process whose
 * calls queue on its database (busyMs 10, waitMs 120) or wait on something idle, as an upstream site
 * (busyMs 1), or a steady rate it keeps up with (waitMs 30).
 */
function saturate(load: 'calls' | 'background' | 'waiting calls', busyMs = 19, waitMs = 120): () => void {
  const timer = setInterval(() => {
    if (load === 'calls') void test.app.inject({ method: 'GET', url: '/healthz' });
    if (load === 'waiting calls') {
      const body = new PassThrough();
      setTimeout(() => body.end('{"query":"{ __typename }"}'), waitMs);
      void test.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: body });
    }
    const end = performance.now() + busyMs;
    while (performance.now() < end);
  }, 20);
  return () => clearInterval(timer);
}

/** Waits while the loop stays saturated as `saturate` makes it, so the worker has measured a window of it. */
const oneWindowAndMore = () => new Promise((resolve) => setTimeout(resolve, 3 * SETTINGS.loadWindowMs));

describe('webhook deliveries under a saturated event loop', () => {
  useWebhookWorker(test, SETTINGS);

  it('go out at once when the loop is not saturated', async () => {
    await eventsFor('/idle', 20);
    await expectAllReceived('/idle', 20, 5_000);
  });

  it('take a bounded share while it is, still move, and catch up once it is not', async () => {
    const stop = saturate('calls');
    try {
      await oneWindowAndMore();
      await eventsFor('/busy', 20);
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const elapsed = performance.now() - started;
      const sent = receivedAt('/busy');
      // One run a claim, a claim every 400 ms: about 5 in 2 s (timers run late on a saturated loop).
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThanOrEqual(Math.ceil(elapsed / SETTINGS.busyClaimIntervalMs) + 1);
    } finally {
      stop();
    }
    await expectAllReceived('/busy', 20, 5_000);
  });

  it('take runs of a busy key only busyRunLength long while it is, in order all the same', async () => {
    // One member's wallet: its events only, so the other cases' outbox events do not reach it.
    const endpoint = await endpointAt('/one-key', [WebhookEventType.WALLET_DEBITED]);
    const oneKey = eventsOf('/one-key', 40).map((event) => ({ ...event, type: WebhookEventType.WALLET_DEBITED, orderingKey: 'wallet:one-member' }));
    const stop = saturate('calls');
    try {
      await oneWindowAndMore();
      await writeEvents(test.db, oneKey, () => [endpoint]);
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const claims = Math.ceil((performance.now() - started) / SETTINGS.busyClaimIntervalMs) + 1;
      // A run of 3 a claim, a claim every 400 ms (a run of maxRunLength, 32, would send most of the 40 at once).
      const sent = receivedAt('/one-key');
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThanOrEqual(claims * SETTINGS.busyRunLength);
    } finally {
      stop();
    }
    await expectAllReceived('/one-key', 40, 5_000);
    // In order all the same.
    const indexes = receiver.received.filter((entry) => entry.path === '/one-key').map((entry) => (JSON.parse(entry.body) as { data: { index: number } }).data.index);
    expect(indexes).toEqual(Array.from({ length: 40 }, (_, index) => index));
  });

  it('are fanned out while it is only as the bounded share sends them, and all at once when it is not', async () => {
    const endpoint = await endpointAt('/fan-out');
    await test.core.bus.publish({ kind: 'webhook-endpoints-changed', tenantId: 1, partnerClientId: SEED.partnerClientId });
    const fannedOut = () => test.db.webhookEvent.count({ where: { orderingKey: { startsWith: '/fan-out:' } } });
    const stop = saturate('calls');
    try {
      await oneWindowAndMore();
      await test.core.webhookOutbox.emit(test.db, eventsOf('/fan-out', 60));
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // A batch of 5 is fanned out when no delivery is due, then sent one a claim (a claim every 400
      // ms): about 5-10 of the 60 in 2 s, never more than a batch beyond those sent or on their way.
      const taken = await fannedOut();
      const sent = receivedAt('/fan-out');
      expect(sent).toBeGreaterThan(0);
      expect(taken).toBeLessThanOrEqual(sent + SETTINGS.fanOutBatch + 2 * SETTINGS.busyRunsPerClaim);
    } finally {
      stop();
    }
    await until('all 60 fanned out', async () => ((await fannedOut()) === 60 ? true : undefined), 3_000);
    expect(await test.db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(60);
    await expectAllReceived('/fan-out', 60, 5_000);
  });

  it('go out at once when the loop is busy with no call being served (a backlog has nobody to yield to)', async () => {
    const stop = saturate('background');
    try {
      await oneWindowAndMore();
      await eventsFor('/background', 20);
      // Throttled, one run per 400 ms would take about 8 s for 20 events of their own keys.
      await expectAllReceived('/background', 20, 3_000);
    } finally {
      stop();
    }
  });

  it('take a bounded share while calls queue on what bounds the process, the loop half busy (its database)', async () => {
    const stop = saturate('waiting calls', 10);
    try {
      await oneWindowAndMore();
      await eventsFor('/bound', 20);
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const sent = receivedAt('/bound');
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThanOrEqual(Math.ceil((performance.now() - started) / SETTINGS.busyClaimIntervalMs) + 1);
    } finally {
      stop();
    }
    await expectAllReceived('/bound', 20, 5_000);
  });

  it('go out at once while calls queue with the loop mostly idle (on an upstream site), or while a call or two are in flight at half a loop', async () => {
    for (const [path, busyMs, waitMs] of [['/waiting', 1, 120], ['/steady', 10, 30]] as const) {
      const stop = saturate('waiting calls', busyMs, waitMs);
      try {
        await oneWindowAndMore();
        await eventsFor(path, 20);
        // Throttled, one run per 400 ms would take about 8 s.
        await expectAllReceived(path, 20, 3_000);
      } finally {
        stop();
      }
    }
  });
});

// A claim waits wakeDelayMs after the commit that woke it, while a window's fifths see a burst of
// calls only a fifth to two fifths of a window after it began: the claim judges the loop over its wait.
describe('webhook deliveries in a burst of calls after a quiet spell', () => {
  // Fifths of 2 s: within the case, only the claim's own judgement can see the burst; and no poll's
  // claim, which would judge it from the latest fifth.
  const BURST = { ...WEBHOOK_WORKER_DEFAULTS, pollIntervalMs: 10_000, wakeDelayMs: 50, recordDelayMs: 0, loadWindowMs: 10_000, busyRunsPerClaim: 1, busyRunLength: 3, busyClaimIntervalMs: 400 };
  useWebhookWorker(test, BURST);

  it('take the bounded share from the first claim the burst wakes', async () => {
    const endpoint = await endpointAt('/burst');
    const taken = () => test.db.webhookDelivery.count({ where: { endpointId: endpoint.id, OR: [{ leaseToken: { not: null } }, { attempts: { gt: 0 } }] } });
    // Quiet: the worker's start-up claims (and on PostgreSQL the one its LISTEN makes) are behind it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stop = saturate('calls');
    let firstClaim: number;
    try {
      await new Promise((resolve) => setTimeout(resolve, 40));
      // 20 events of their own keys: a claim not throttled takes 16 at once (the endpoint's share).
      await writeEvents(test.db, eventsOf('/burst', 20), () => [endpoint]);
      firstClaim = await until('the first claim', async () => {
        const count = await taken();
        return count > 0 ? count : undefined;
      }, 3_000);
    } finally {
      stop();
    }
    expect(firstClaim).toBeLessThanOrEqual(BURST.busyRunsPerClaim * BURST.busyRunLength);
    // Until the next fifth is read, what was seen counts: a run every 400 ms, then the rest at once.
    await expectAllReceived('/burst', 20, 10_000);
  });
});
