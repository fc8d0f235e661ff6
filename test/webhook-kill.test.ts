// kill -9 mid-delivery loses no committed event: a real server process fans the outbox's pending
// events out and delivers them to a receiver that holds its answers, is killed with SIGKILL while
// attempts are in flight, and a second process started on the same database delivers every event at
// least once (the leases of the dead process expire and are taken again).
import { type ChildProcess, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { WebhookEventType } from '../src/core/webhook/event-types';
import { LocalInvalidationBus } from '../src/core/cache/invalidation-bus';
import { WebhookOutbox } from '../src/core/webhook/webhook-outbox';
import { newWebhookSecret } from '../src/core/webhook/webhook-signature';
import { DeliveryStatus } from '../src/core/webhook/webhook-statuses';
import { useTestDatabase } from './support/app';
import { SEED } from './support/database';
import { useStubServer } from './support/stub-server';

const EVENTS = 60;
const ATTEMPT_TIMEOUT_MS = 500;

const HOLD_MS = 150;

/** Every webhook-id received, with repeats. */
const received: string[] = [];
/** When each request not yet answered arrived (performance.now()). */
const held = new Set<number>();
const receiver = useStubServer((request, response) => {
  received.push(String(request.headers['webhook-id']));
  const arrivedAt = performance.now();
  held.add(arrivedAt);
  request.resume();
  // Slow enough that a kill finds attempts in flight, quicker than the attempt time-out.
  request.on('end', () =>
    setTimeout(() => {
      held.delete(arrivedAt);
      response.end('ok');
    }, HOLD_MS),
  );
});

/**
 * An attempt is surely in flight (leased, unanswered) for a while yet. Attempts are recorded in
 * batches, so the moment the first delivery shows as delivered is the moment a round's leases were
 * all released: the kill must wait for the next round's POSTs, not for that.
 */
const attemptInFlight = () => [...held].some((arrivedAt) => performance.now() - arrivedAt < HOLD_MS / 2);

const test = useTestDatabase('webhook_kill');

interface Server {
  child: ChildProcess;
  exited: Promise<unknown>;
  /** What it printed: shown when a wait times out. */
  output: () => string;
}

/** The server itself (`node src/main.ts`) on the test database, delivering webhooks. */
function startServer(): Server {
  // No Redis: the processes share nothing but the database.
  const { REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...inherited,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: test.database.target.url,
      // Migrated and seeded by the test already.
      MIGRATE_ON_START: 'false',
      WEBHOOK_POLL_INTERVAL_MS: '20',
      WEBHOOK_ATTEMPT_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
      WEBHOOK_RETRY_DELAYS_SECONDS: '0.1,0.1,0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  return { child, exited: new Promise((resolve) => child.once('exit', resolve)), output: () => output };
}

async function until(what: string, server: Server, condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the server printed:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a delivering process killed with SIGKILL', () => {
  it('loses no committed event: after a restart every event is delivered at least once', async () => {
    const { db } = test;
    await db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: `${receiver.base}/kill`, eventTypes: [], secret: newWebhookSecret() } });
    // Pending, as a partner call's transaction leaves them: the servers fan them out.
    await new WebhookOutbox(new LocalInvalidationBus(), test.database.target.provider).emit(
      db,
      Array.from({ length: EVENTS }, (_, index) => ({
        tenantId: 1,
        partnerClientId: SEED.partnerClientId,
        type: WebhookEventType.TEST,
        orderingKey: `order:kill-${index % 20}`,
        data: { index },
        occurredAt: new Date(),
      })),
    );
    expect(await db.webhookPendingEvent.count()).toBe(EVENTS);
    const first = startServer();
    try {
      // Some delivered, some in flight (received, unanswered for a while yet): kill then.
      await until('deliveries under way', first, async () => (await db.webhookDelivery.count({ where: { status: DeliveryStatus.DELIVERED } })) >= 1 && attemptInFlight(), 60_000);
      first.child.kill('SIGKILL');
      await first.exited;
    } finally {
      first.child.kill('SIGKILL');
    }
    const leftPending = await db.webhookDelivery.count({ where: { status: DeliveryStatus.PENDING } });
    const leased = await db.webhookDelivery.count({ where: { leaseToken: { not: null } } });
    // The kill really came mid-delivery: work was left, some of it leased by the dead process.
    expect(leftPending).toBeGreaterThan(0);
    expect(leased).toBeGreaterThan(0);

    const second = startServer();
    try {
      await until('every delivery done', second, async () => (await db.webhookDelivery.count({ where: { status: DeliveryStatus.DELIVERED } })) === EVENTS, 60_000);
    } finally {
      second.child.kill('SIGKILL');
      await second.exited;
    }
    // Each pending event became one event (its id drawn by the fan-out that committed), and each was received.
    const events = await db.webhookEvent.findMany({ select: { eventId: true, payload: true }, orderBy: { id: 'asc' } });
    expect(events.map((event) => (event.payload as { index: number }).index)).toEqual(Array.from({ length: EVENTS }, (_, index) => index));
    expect(events.map((event) => event.eventId).filter((id) => !received.includes(id))).toEqual([]);
    expect(await db.webhookDelivery.count({ where: { status: { not: DeliveryStatus.DELIVERED } } })).toBe(0);
    expect(await db.webhookPendingEvent.count()).toBe(0);
  }, 150_000);
});
