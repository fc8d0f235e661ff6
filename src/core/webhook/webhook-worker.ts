// Delivers the outbox: claims due deliveries, POSTs them signed, records each attempt and schedules
// the next. On PostgreSQL any number of processes run it together: a claim is one statement that
// takes rows with FOR UPDATE SKIP LOCKED and leases them, so each attempt belongs to one process; a
// process that dies leaves leases that expire and are taken again (at least once). On SQLite one
// process delivers. Events of one ordering key reach an endpoint one after the other: a delivery is
// claimable only when no earlier one of its key and endpoint is pending.
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { Prisma } from '../db/client';
import { type Clock, systemClock } from '../clock';
import type { ServiceLogger } from '../logger';
import { signWebhook } from './webhook-signature';
import { DeliveryStatus } from './webhook-statuses';

export interface WebhookWorkerSettings {
  /** Between claims when nothing is due, ms. */
  pollIntervalMs: number;
  /** Time-out of one POST, ms. */
  attemptTimeoutMs: number;
  /** Delay before each retry, ms; after the last one the delivery fails. Jitter of ±20% is added. */
  retryDelaysMs: readonly number[];
  /** An endpoint whose attempts all failed for this long is disabled, ms. */
  disableAfterFailingMs: number;
  /** Attempts in flight per process, all endpoints together. */
  maxConcurrency: number;
  /** Attempts in flight per endpoint per process: a slow receiver holds only these. */
  perEndpointConcurrency: number;
}

/** About a day of retries (27.6 h), as Standard Webhooks suggests. */
export const WEBHOOK_WORKER_DEFAULTS: WebhookWorkerSettings = {
  pollIntervalMs: 250,
  attemptTimeoutMs: 10_000,
  retryDelaysMs: [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000].map((seconds) => seconds * 1000),
  disableAfterFailingMs: 24 * 3_600_000,
  maxConcurrency: 32,
  perEndpointConcurrency: 4,
};

const RESPONSE_TEXT_MAX = 1_000;

interface Claimed {
  id: number;
  endpointId: number;
}

export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly inFlight = new Map<number, number>();
  private running = 0;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly database: Database,
    private readonly settings: WebhookWorkerSettings,
    private readonly logger: ServiceLogger,
    private readonly clock: Clock = systemClock,
  ) {}

  private now(): number {
    return this.clock.now();
  }

  start(): void {
    this.schedule(0);
  }

  /** Stops claiming and waits for the attempts in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.pending]);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    let claimed: Claimed[] = [];
    try {
      const room = this.settings.maxConcurrency - this.running;
      if (room > 0) claimed = await this.claim(room);
    } catch (error) {
      this.logger.warn({ err: error }, 'webhook claim failed');
    }
    for (const delivery of claimed) {
      this.running++;
      this.inFlight.set(delivery.endpointId, (this.inFlight.get(delivery.endpointId) ?? 0) + 1);
      const attempt = this.attempt(delivery)
        .catch((error) => this.logger.warn({ err: error, deliveryId: delivery.id }, 'webhook attempt failed to record'))
        .finally(() => {
          this.running--;
          this.inFlight.set(delivery.endpointId, (this.inFlight.get(delivery.endpointId) ?? 1) - 1);
          this.pending.delete(attempt);
          // A finished attempt may unblock the next event of its key: look again soon.
          this.schedule(0);
        });
      this.pending.add(attempt);
    }
    this.schedule(claimed.length > 0 ? 0 : this.settings.pollIntervalMs);
  }

  /** Leases up to `limit` due deliveries, skipping endpoints this process already keeps busy. */
  private async claim(limit: number): Promise<Claimed[]> {
    const { db, target } = this.database;
    const now = this.now();
    const busy = [...this.inFlight].filter(([, count]) => count >= this.settings.perEndpointConcurrency).map(([id]) => id);
    const leaseUntil = now + this.settings.attemptTimeoutMs * 2 + 5_000;
    const token = randomUUID();
    const notBusy = busy.length > 0 ? Prisma.sql`AND d."endpointId" NOT IN (${Prisma.join(busy)})` : Prisma.empty;
    if (target.provider === 'postgresql') {
      const at = new Date(now);
      const leased = await db.$queryRaw<Claimed[]>`
        UPDATE "WebhookDelivery" SET "leaseUntil" = ${new Date(leaseUntil)}, "leaseToken" = ${token}
        WHERE "id" IN (
          SELECT d."id" FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e."id" = d."endpointId" AND e."enabled"
          WHERE d."status" = ${DeliveryStatus.PENDING} AND d."nextAttemptAt" <= ${at} AND (d."leaseUntil" IS NULL OR d."leaseUntil" < ${at}) ${notBusy}
            AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" p WHERE p."endpointId" = d."endpointId" AND p."orderingKey" = d."orderingKey" AND p."status" = ${DeliveryStatus.PENDING} AND p."id" < d."id")
          ORDER BY d."nextAttemptAt", d."id" LIMIT ${limit} FOR UPDATE OF d SKIP LOCKED)
        RETURNING "id", "endpointId"`;
      const { kept, over } = this.withinEndpointLimits(leased);
      if (over.length > 0) await db.webhookDelivery.updateMany({ where: { id: { in: over.map((row) => row.id) }, leaseToken: token }, data: { leaseUntil: null, leaseToken: null } });
      return kept;
    }
    // SQLite: one delivering process, DateTime stored as epoch milliseconds.
    const rows = await db.$queryRaw<{ id: number | bigint; endpointId: number | bigint }[]>`
      SELECT d."id" AS "id", d."endpointId" AS "endpointId" FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e."id" = d."endpointId" AND e."enabled" = 1
      WHERE d."status" = ${DeliveryStatus.PENDING} AND d."nextAttemptAt" <= ${now} AND (d."leaseUntil" IS NULL OR d."leaseUntil" < ${now}) ${notBusy}
        AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" p WHERE p."endpointId" = d."endpointId" AND p."orderingKey" = d."orderingKey" AND p."status" = ${DeliveryStatus.PENDING} AND p."id" < d."id")
      ORDER BY d."nextAttemptAt", d."id" LIMIT ${limit}`;
    const claimed = this.withinEndpointLimits(rows.map((row) => ({ id: Number(row.id), endpointId: Number(row.endpointId) }))).kept;
    if (claimed.length > 0) {
      await db.webhookDelivery.updateMany({ where: { id: { in: claimed.map((row) => row.id) } }, data: { leaseUntil: new Date(leaseUntil), leaseToken: token } });
    }
    return claimed;
  }

  /**
   * The claimed rows each endpoint still has room for in this process, and the rest: one claim may
   * find many due rows of one endpoint, and a slow receiver must not take every slot.
   */
  private withinEndpointLimits(rows: readonly Claimed[]): { kept: Claimed[]; over: Claimed[] } {
    const taken = new Map<number, number>();
    const kept: Claimed[] = [];
    const over: Claimed[] = [];
    for (const row of rows) {
      const count = (this.inFlight.get(row.endpointId) ?? 0) + (taken.get(row.endpointId) ?? 0);
      if (count >= this.settings.perEndpointConcurrency) {
        over.push(row);
        continue;
      }
      taken.set(row.endpointId, (taken.get(row.endpointId) ?? 0) + 1);
      kept.push(row);
    }
    return { kept, over };
  }

  private async attempt(claimed: Claimed): Promise<void> {
    const { db } = this.database;
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: claimed.id }, include: { event: true, endpoint: true } });
    const { event, endpoint } = delivery;
    const started = this.now();
    const timestamp = Math.floor(started / 1000);
    const body = JSON.stringify({ id: event.eventId, type: event.type, occurredAt: event.occurredAt.toISOString(), data: event.payload });
    const secrets = [endpoint.secret];
    if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt.getTime() > started) secrets.push(endpoint.previousSecret);
    let statusCode: number | null = null;
    let responseBody: string | null = null;
    let error: string | null = null;
    try {
      const answer = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'OpenBuy-Webhooks/1',
          'webhook-id': event.eventId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secrets, event.eventId, timestamp, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.settings.attemptTimeoutMs),
      });
      statusCode = answer.status;
      responseBody = (await answer.text()).slice(0, RESPONSE_TEXT_MAX);
    } catch (failure) {
      error = (failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure)).slice(0, RESPONSE_TEXT_MAX);
    }
    const finished = this.now();
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const gone = statusCode === 410;
    const attempts = delivery.attempts + 1;
    const retryDelay = this.settings.retryDelaysMs[attempts - 1];
    const status = ok ? DeliveryStatus.DELIVERED : gone || retryDelay === undefined ? DeliveryStatus.FAILED : DeliveryStatus.PENDING;
    const jittered = retryDelay === undefined ? 0 : Math.round(retryDelay * (0.8 + Math.random() * 0.4));
    // Fenced by the lease: an attempt whose lease expired and was taken again records nothing.
    const recorded = await db.webhookDelivery.updateMany({
      where: { id: delivery.id, leaseToken: delivery.leaseToken },
      data: {
        status,
        attempts,
        nextAttemptAt: new Date(finished + jittered),
        leaseUntil: null,
        leaseToken: null,
        lastAttemptAt: new Date(started),
        lastStatusCode: statusCode,
        lastLatencyMs: finished - started,
        lastResponse: responseBody ?? error,
        ...(ok && { deliveredAt: new Date(finished) }),
      },
    });
    if (recorded.count === 0) return;
    await db.webhookDeliveryAttempt.create({
      data: { tenantId: delivery.tenantId, deliveryId: delivery.id, statusCode, latencyMs: finished - started, responseBody, error, attemptedAt: new Date(started) },
    });
    if (ok) {
      if (endpoint.failingSince) await db.webhookEndpoint.updateMany({ where: { id: endpoint.id }, data: { failingSince: null } });
      return;
    }
    if (gone) {
      await db.webhookEndpoint.updateMany({ where: { id: endpoint.id, enabled: true }, data: { enabled: false, disabledReason: `410 Gone at ${new Date(finished).toISOString()}`, disabledAt: new Date(finished) } });
      return;
    }
    const failingSince = endpoint.failingSince ?? new Date(started);
    if (finished - failingSince.getTime() >= this.settings.disableAfterFailingMs) {
      await db.webhookEndpoint.updateMany({
        where: { id: endpoint.id, enabled: true },
        data: { enabled: false, disabledReason: `every attempt failed since ${failingSince.toISOString()}`, disabledAt: new Date(finished) },
      });
    } else if (!endpoint.failingSince) {
      await db.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: null }, data: { failingSince } });
    }
  }
}
