// Delivers the outbox: fans pending events out into deliveries (webhook-outbox.ts), claims due
// deliveries, POSTs them signed, records each attempt and schedules the next. On PostgreSQL any
// number of processes run it together: a claim is one statement that takes rows with FOR UPDATE SKIP
// LOCKED and leases them, so each attempt belongs to one process; a process that dies leaves leases
// that expire and are taken again (at least once). On SQLite one process delivers. Events of one
// ordering key reach an endpoint one after the other: a delivery is claimable only when no earlier
// one of its key and endpoint is pending, and a claim reads only those flagged first
// (delivery-heads.ts), endpoint by endpoint, so what waits behind them costs it nothing. A claim also
// takes the due deliveries that follow a claimed one in its key (a run), sent one after the other: a
// busy key (all the events of one wallet) costs a claim per run, not a claim per event.
// The worker fans out and claims when a pending event or a delivery is committed (in this process at
// once, from others through PostgreSQL LISTEN/NOTIFY; db/committed-inserts.ts), when an attempt ends,
// and every poll interval as the safety net. Partner calls come first: while calls saturate the
// process (its event loop, or its database: serving-load.ts), fan-outs and deliveries get a small
// bounded share (busy* settings) and catch up when the load falls, so they do not take a saturated
// process's capacity from the calls that cause them.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type pg from 'pg';
import type { InvalidationBus } from '../cache/invalidation-bus';
import { COMMITTED_INSERT_CHANNEL } from '../db/committed-inserts';
import type { Database } from '../db/client';
import { Prisma } from '../db/client';
import { type Clock, systemClock } from '../clock';
import { type LoadMark, ServingLoad } from '../serving-load';
import type { ServiceLogger } from '../logger';
import { promoteHeads } from './delivery-heads';
import { DELIVERY_TABLE, FAN_OUT_BATCH, PENDING_EVENT_TABLE, type WebhookOutbox } from './webhook-outbox';
import { signWebhook } from './webhook-signature';
import { DeliveryStatus } from './webhook-statuses';

export interface WebhookWorkerSettings {
  /** Between claims when nothing is due, ms. */
  pollIntervalMs: number;
  /** A wake-up claims after this long, so one claim takes the deliveries of many commits, ms. */
  wakeDelayMs: number;
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
  /** Deliveries of one key and endpoint one claim takes at most, sent one after the other. */
  maxRunLength: number;
  /** Pending events one fan-out transaction takes at most. */
  fanOutBatch: number;
  /** An ended attempt is recorded this long after, with the others ended meanwhile (one transaction), ms. */
  recordDelayMs: number;
  /** The process is saturated when calls kept its event loop at least this busy (0-1) over its last loadWindowMs, */
  busyUtilization: number;
  /** or kept boundCallsInFlight in flight on average (queued) and the loop at least boundUtilization busy (serving-load.ts). */
  boundUtilization: number;
  boundCallsInFlight: number;
  /** The window over which the event loop's utilization is measured, ms. */
  loadWindowMs: number;
  /** While saturated: runs one claim takes at most (runs waiting on a slow receiver cost nothing, so they are not counted), deliveries a run holds at most, and a claim at most this often (ms). */
  busyRunsPerClaim: number;
  busyRunLength: number;
  busyClaimIntervalMs: number;
}

/** About a day of retries (27.6 h), as Standard Webhooks suggests. */
export const WEBHOOK_WORKER_DEFAULTS: WebhookWorkerSettings = {
  pollIntervalMs: 250,
  // 50 ms rather than 10: at a saturated wallet pay a claim round (and its lease write) served about
  // 3 pays, now about 6; the deliveries' extra CPU fell ~15% (bench/README.md), delivery p99 stays far under 1 s.
  wakeDelayMs: 50,
  attemptTimeoutMs: 10_000,
  retryDelaysMs: [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000].map((seconds) => seconds * 1000),
  disableAfterFailingMs: 24 * 3_600_000,
  maxConcurrency: 64,
  perEndpointConcurrency: 16,
  maxRunLength: 32,
  fanOutBatch: FAN_OUT_BATCH,
  // Likewise: fewer record transactions (each a commit), at the cost of a key's next run starting later.
  recordDelayMs: 50,
  // A delivery costs a few hundred µs of CPU (a POST, its share of a claim and of a record), and a
  // wallet pay makes two. Saturated, 2 runs of at most 4 every 500 ms (up to 16 deliveries a second,
  // under 1% of a core; runs of 32, as one member's wallet makes, took several %); the backlog is sent
  // once the load falls. At 100 pays/s the loop is far from saturated and deliveries go out at once.
  // (What an endpoint still costs a saturated pay is the outbox rows in its transaction: bench/README.md.)
  busyUtilization: 0.9,
  // A saturated wallet pay on PostgreSQL keeps the loop ~55% busy with 10 calls in flight; at 100 pays/s
  // the loop is ~45% busy (this 2-vCPU machine) with 1.5 in flight, and must not be judged saturated (bench/README.md).
  boundUtilization: 0.3,
  boundCallsInFlight: 4,
  loadWindowMs: 250,
  busyRunsPerClaim: 2,
  busyRunLength: 4,
  busyClaimIntervalMs: 500,
};

/** Pause before listening again after the LISTEN connection failed, ms (the poll covers the gap). */
const RELISTEN_DELAY_MS = 1_000;

const RESPONSE_TEXT_MAX = 1_000;

interface Claimed {
  id: number;
  endpointId: number;
  orderingKey: string;
}

/** A claimed delivery with what its attempt sends (read in one statement for the whole claim). */
interface DueDelivery {
  id: number;
  tenantId: number;
  orderingKey: string;
  attempts: number;
  leaseToken: string;
  event: { eventId: string; type: string; occurredAt: string; payloadJson: string };
  endpoint: { id: number; tenantId: number; partnerClientId: string; url: string; secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null; failingSince: Date | null };
}

/** What an attempt records: the delivery's new state and one attempt log row. */
interface AttemptRecord {
  delivery: DueDelivery;
  started: number;
  finished: number;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  status: number;
  nextAttemptAt: number;
}

/** Attempts waiting to be recorded together, each told whether its lease still held. */
interface QueuedRecord {
  record: AttemptRecord;
  recorded(held: boolean): void;
  failed(error: unknown): void;
}

const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

/**
 * Keep-alive connections per receiver (an Agent pools sockets per host and port), so a busy endpoint
 * costs no TCP or TLS handshake per attempt.
 */
const AGENTS = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) } as const;

/** Where a POST goes: an endpoint URL parsed once, not once per attempt. */
interface PostTarget {
  client: typeof http | typeof https;
  options: http.RequestOptions;
}

const postTargets = new Map<string, PostTarget>();
const MAX_POST_TARGETS = 1_000;

function postTarget(url: string): PostTarget {
  let target = postTargets.get(url);
  if (!target) {
    const parsed = new URL(url);
    const secure = parsed.protocol === 'https:';
    if (postTargets.size >= MAX_POST_TARGETS) postTargets.clear();
    target = {
      client: secure ? https : http,
      options: { method: 'POST', protocol: parsed.protocol, hostname: parsed.hostname, port: parsed.port, path: `${parsed.pathname}${parsed.search}`, agent: AGENTS[secure ? 'https:' : 'http:'] },
    };
    postTargets.set(url, target);
  }
  return target;
}

class AttemptTimeout extends Error {
  override name = 'TimeoutError';
}

/**
 * POSTs `body` and answers the status and the start of the answer's body. node:http rather than
 * fetch: at hundreds of deliveries a second fetch's WHATWG streams and objects cost the serving
 * process visibly more per request (bench/README.md). Redirects are not followed.
 */
function post(url: string, headers: http.OutgoingHttpHeaders, body: string, timeoutMs: number): Promise<{ statusCode: number; text: string }> {
  const { client, options } = postTarget(url);
  return new Promise((resolve, reject) => {
    const request = client.request({ ...options, headers }, (response) => {
      const chunks: Buffer[] = [];
      let length = 0;
      response.on('data', (chunk: Buffer) => {
        if (length < RESPONSE_TEXT_MAX) {
          chunks.push(chunk);
          length += chunk.length;
        }
      });
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ statusCode: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_TEXT_MAX) });
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    const timer = setTimeout(() => request.destroy(new AttemptTimeout(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  /** When the scheduled claim runs (epoch ms of the monotonic clock). */
  private tickDueAt = Infinity;
  private stopped = false;
  /** A tick is claiming: another waits for it (two claims at once could take the same rows on SQLite). */
  private ticking = false;
  /** Something became due during a tick: claim again right after it. */
  private wakeDuringTick = false;
  private unwatch: (() => void) | undefined;
  private listener: pg.Client | undefined;
  private readonly inFlight = new Map<number, number>();
  private running = 0;
  private readonly pending = new Set<Promise<void>>();
  /** Ended attempts not yet recorded, and whether a recording round is under way or scheduled. */
  private readonly unrecorded: QueuedRecord[] = [];
  private recording = false;
  private readonly load: ServingLoad;
  /** When the first wake-up since the last claim came: the next claim judges the loop since then too. */
  private wokenAt: LoadMark | undefined;
  /** Pending events may be waiting: a commit of some was heard, or a fan-out left some. */
  private pendingEvents = true;
  /** When the last fan-out began (performance.now()): one runs at least every poll interval, heard of or not. */
  private lastFanOutAt = -Infinity;

  constructor(
    private readonly database: Database,
    /** Whose pending events this worker fans out. */
    private readonly outbox: WebhookOutbox,
    private readonly settings: WebhookWorkerSettings,
    private readonly logger: ServiceLogger,
    /** Told when the worker disables an endpoint, so the outbox of every process forgets it. */
    private readonly bus: InvalidationBus,
    private readonly clock: Clock = systemClock,
  ) {
    this.load = new ServingLoad(settings.busyUtilization, { utilization: settings.boundUtilization, callsInFlight: settings.boundCallsInFlight }, settings.loadWindowMs);
  }

  private now(): number {
    return this.clock.now();
  }

  start(): void {
    this.load.start();
    const unwatchDeliveries = this.database.committedInserts.watch(DELIVERY_TABLE, () => this.wake());
    const unwatchPending = this.database.committedInserts.watch(PENDING_EVENT_TABLE, () => this.pendingEventsCommitted());
    this.unwatch = () => {
      unwatchDeliveries();
      unwatchPending();
    };
    if (this.database.target.provider === 'postgresql') void this.listen();
    this.schedule(0);
  }

  /** Stops claiming and waits for the attempts in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.load.stop();
    this.unwatch?.();
    await this.listener?.end().catch(() => undefined);
    await Promise.allSettled([...this.pending]);
  }

  /**
   * Deliveries were committed (here or, on PostgreSQL, by any process) or an attempt ended: claim
   * soon. Wake-ups within wakeDelayMs share one claim: at hundreds of commits a second a claim per
   * commit would cost the partner calls more than the deliveries themselves.
   */
  private wake(): void {
    this.wokenAt ??= this.load.mark();
    const delay = this.load.isSaturated() ? this.settings.busyClaimIntervalMs : this.settings.wakeDelayMs;
    if (this.ticking) this.wakeDuringTick = true;
    else if (this.tickDueAt > performance.now() + delay) this.schedule(delay);
  }

  private pendingEventsCommitted(): void {
    this.pendingEvents = true;
    this.wake();
  }

  /** LISTEN on a connection of its own; after a failure, again a little later. */
  private async listen(): Promise<void> {
    // The driver loads only on PostgreSQL, the one provider that listens.
    const { Client } = (await import('pg')).default;
    if (this.stopped) return;
    const client = new Client({ connectionString: this.database.target.url, connectionTimeoutMillis: 5_000, keepAlive: true });
    this.listener = client;
    const again = (error: unknown) => {
      if (this.listener !== client || this.stopped) return;
      this.listener = undefined;
      this.logger.warn({ err: error }, 'webhook LISTEN connection lost; polling until it is back');
      void client.end().catch(() => undefined);
      setTimeout(() => void this.listen(), RELISTEN_DELAY_MS).unref();
    };
    client.on('notification', (message) => {
      if (message.payload === PENDING_EVENT_TABLE) this.pendingEventsCommitted();
      else if (message.payload === DELIVERY_TABLE) this.wake();
    });
    client.on('error', again);
    client.on('end', () => again(new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${COMMITTED_INSERT_CHANNEL}`);
      // What was committed while not listening is found now, not at the next poll.
      this.pendingEventsCommitted();
    } catch (error) {
      again(error);
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.tickDueAt = performance.now() + delayMs;
    this.timer = setTimeout(() => {
      this.tickDueAt = Infinity;
      void this.tick();
    }, delayMs);
  }

  private async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    this.wakeDuringTick = false;
    try {
      this.schedule(await this.claimAndStart());
    } finally {
      this.ticking = false;
    }
    if (this.wakeDuringTick) this.wake();
  }

  /**
   * Fans out pending events, a batch per transaction, at most `maxBatches` of them. A fan-out costs
   * ~17 µs of CPU per event (bench/README.md): at 2,000 wallet pays a second, all of their 4,000
   * events would take 7% of the loop that serves the pays.
   */
  private async fanOut(maxBatches: number): Promise<void> {
    // Most claims follow a delivery, not a commit of pending events: those skip the empty transaction.
    // The poll interval's fan-out is the safety net for a commit not heard of.
    if (!this.pendingEvents && performance.now() - this.lastFanOutAt < this.settings.pollIntervalMs) return;
    this.pendingEvents = false;
    this.lastFanOutAt = performance.now();
    const batch = this.settings.fanOutBatch;
    try {
      for (let batches = 0; batches < maxBatches && !this.stopped; batches++) {
        if ((await this.outbox.fanOut(this.database, batch)) < batch) return;
      }
      // A full last batch may have left more.
      this.pendingEvents = true;
    } catch (error) {
      this.pendingEvents = true;
      this.logger.warn({ err: error }, 'webhook fan-out failed');
    }
  }

  /**
   * Fans out, claims what there is room for and starts sending its runs; answers the delay before the
   * next claim. While the process is saturated a claim takes busyRunsPerClaim runs and fans out one batch
   * only when the deliveries due could not fill them: a fan-out beyond what the bounded share sends
   * would spend the calls' time on deliveries that wait anyway, and the rest waits pending until the load falls.
   */
  private async claimAndStart(): Promise<number> {
    // A burst of calls after a quiet spell is throttled from its first claim, woken by the burst's first
    // commit, rather than after the window's fifths see it (bench/README.md).
    const saturated = this.load.saturatedNow(this.wokenAt);
    this.wokenAt = undefined;
    if (!saturated) await this.fanOut(Infinity);
    let runs: DueDelivery[][] = [];
    const room = Math.min(this.settings.maxConcurrency - this.running, saturated ? this.settings.busyRunsPerClaim : Infinity);
    try {
      if (room > 0) runs = await this.claimDue(room, saturated ? this.settings.busyRunLength : this.settings.maxRunLength);
    } catch (error) {
      this.logger.warn({ err: error }, 'webhook claim failed');
    }
    if (saturated && runs.length < room) await this.fanOut(1);
    for (const run of runs) {
      // A run sends one attempt at a time: it takes one slot of its endpoint and of the process until
      // its last POST is answered (its records may still be on their way: they hold no connection).
      const endpointId = (run[0] as DueDelivery).endpoint.id;
      this.running++;
      this.inFlight.set(endpointId, (this.inFlight.get(endpointId) ?? 0) + 1);
      const sent = () => {
        // A slot that kept a claim from taking more frees up: claim again soon.
        const full = this.running >= this.settings.maxConcurrency || (this.inFlight.get(endpointId) ?? 0) >= this.settings.perEndpointConcurrency;
        this.running--;
        this.inFlight.set(endpointId, (this.inFlight.get(endpointId) ?? 1) - 1);
        if (full) this.wake();
      };
      const delivering = this.deliverRun(run, sent)
        .catch((error) => this.logger.warn({ err: error, deliveryIds: run.map((delivery) => delivery.id) }, 'webhook run failed to release its rest'))
        .finally(() => {
          this.pending.delete(delivering);
          // A recorded run may unblock the next event of its key: look again soon.
          this.wake();
        });
      this.pending.add(delivering);
    }
    if (saturated) return this.settings.busyClaimIntervalMs;
    // A full claim may have left more due; a partial one took all there was (ending runs wake it).
    return room > 0 && runs.length >= room ? 0 : this.settings.pollIntervalMs;
  }

  /**
   * Leases up to `limit` runs of at most `maxRunLength` due deliveries and reads them with their events
   * and endpoints, in one read for the claim.
   */
  private async claimDue(limit: number, maxRunLength: number): Promise<DueDelivery[][]> {
    const { runs, token } = await this.claim(limit, maxRunLength);
    const ids = runs.flat().map((row) => row.id);
    if (ids.length === 0) return [];
    const rows = await this.database.sql.query(Prisma.sql`
      SELECT d."id", d."tenantId", d."orderingKey", d."attempts", d."leaseToken", ev."eventId", ev."type", ev."occurredAt", ev."payload",
        en."id" AS "endpointId", en."tenantId" AS "endpointTenantId", en."partnerClientId", en."url", en."secret", en."previousSecret", en."previousSecretExpiresAt", en."failingSince"
      FROM "WebhookDelivery" d JOIN "WebhookEvent" ev ON ev."id" = d."eventId" JOIN "WebhookEndpoint" en ON en."id" = d."endpointId"
      WHERE d."id" IN (${Prisma.join(ids)}) AND d."leaseToken" = ${token}`);
    const due = new Map<number, DueDelivery>();
    for (const row of rows) {
      due.set(Number(row.id), {
        id: Number(row.id),
        tenantId: Number(row.tenantId),
        orderingKey: row.orderingKey as string,
        attempts: Number(row.attempts),
        leaseToken: row.leaseToken as string,
        // occurredAt as the Z-form ISO text the body always carried; payload as the stored JSON text.
        event: { eventId: row.eventId as string, type: row.type as string, occurredAt: new Date(row.occurredAt as string).toISOString(), payloadJson: row.payload as string },
        endpoint: {
          id: Number(row.endpointId),
          tenantId: Number(row.endpointTenantId),
          partnerClientId: row.partnerClientId as string,
          url: row.url as string,
          secret: row.secret as string,
          previousSecret: (row.previousSecret as string | null) ?? null,
          previousSecretExpiresAt: dateOrNull(row.previousSecretExpiresAt),
          failingSince: dateOrNull(row.failingSince),
        },
      });
    }
    // A run ends before a delivery that is gone (its endpoint deleted meanwhile, cascade) or that this
    // claim does not hold: what follows it is left to its lease's expiry, behind it in order.
    return runs
      .map((run) => {
        const end = run.findIndex((row) => !due.has(row.id));
        return (end === -1 ? run : run.slice(0, end)).map((row) => due.get(row.id) as DueDelivery);
      })
      .filter((run) => run.length > 0);
  }

  /**
   * Leases up to `limit` due heads (delivery-heads.ts), oldest first, at most perEndpointConcurrency of
   * an endpoint and none of one this process keeps busy, each with the run that follows it in its key
   * (runsFrom); answers the runs, each in order, and the lease token. The claim walks the enabled
   * endpoints and reads each one's due heads from the (endpointId, status, head, nextAttemptAt) index: the
   * backlog behind a failing head, a busy endpoint's and a disabled endpoint's deliveries cost it nothing.
   */
  private async claim(limit: number, maxRunLength: number): Promise<{ runs: Claimed[][]; token: string }> {
    const { sql, target } = this.database;
    const now = this.now();
    const busy = [...this.inFlight].filter(([, count]) => count >= this.settings.perEndpointConcurrency).map(([id]) => id);
    // A run's lease covers every attempt of it, one after the other, and the time to record them.
    const leaseFor = (runLength: number) => new Date(now + this.settings.attemptTimeoutMs * (runLength + 1) + 5_000);
    const longest = (runs: readonly Claimed[][]) => Math.max(1, ...runs.map((run) => run.length));
    const token = randomUUID();
    const at = new Date(now);
    const postgres = target.provider === 'postgresql';
    const notBusy = busy.length > 0 ? Prisma.sql`AND e."id" NOT IN (${Prisma.join(busy)})` : Prisma.empty;
    // Each endpoint's due heads whose keys have nothing pending before them (a flag may stand on one that is not first).
    const dueHeads = (columns: Prisma.Sql) => Prisma.sql`
      SELECT ${columns} FROM "WebhookDelivery" d
      WHERE d."endpointId" = e."id" AND d."status" = ${DeliveryStatus.PENDING} AND d."head" = TRUE AND d."nextAttemptAt" <= ${at} AND (d."leaseUntil" IS NULL OR d."leaseUntil" < ${at})
        AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" p WHERE p."endpointId" = d."endpointId" AND p."orderingKey" = d."orderingKey" AND p."status" = ${DeliveryStatus.PENDING} AND p."id" < d."id")
      ORDER BY d."nextAttemptAt", d."id" LIMIT ${Math.min(limit, this.settings.perEndpointConcurrency)} ${postgres ? Prisma.sql`FOR UPDATE OF d SKIP LOCKED` : Prisma.empty}`;
    const toClaimed = (rows: Record<string, unknown>[]) => rows.map((row) => ({ id: Number(row.id), endpointId: Number(row.endpointId), orderingKey: row.orderingKey as string }));
    if (postgres) {
      const leased = toClaimed(
        await sql.query(Prisma.sql`
          UPDATE "WebhookDelivery" SET "leaseUntil" = ${leaseFor(1)}, "leaseToken" = ${token}
          WHERE "id" IN (
            SELECT h."id" FROM "WebhookEndpoint" e CROSS JOIN LATERAL (${dueHeads(Prisma.sql`d."id", d."nextAttemptAt"`)}) h
            WHERE e."enabled" = TRUE ${notBusy}
            ORDER BY h."nextAttemptAt", h."id" LIMIT ${limit})
          RETURNING "id", "endpointId", "orderingKey"`),
      );
      // RETURNING answers in no particular order: the older deliveries start first, as on SQLite.
      const { kept, over } = this.withinEndpointLimits(leased.sort((a, b) => a.id - b.id));
      if (over.length > 0) await this.releaseLeases(over, token);
      // No other process claims a follower meanwhile: its head, leased here, is pending before it.
      const runs = await this.runsFrom(kept, at, maxRunLength);
      const followers = runs.flatMap((run) => run.slice(1));
      if (followers.length > 0) {
        await sql.execute(Prisma.sql`UPDATE "WebhookDelivery" SET "leaseUntil" = ${leaseFor(longest(runs))}, "leaseToken" = ${token} WHERE "id" IN (${Prisma.join(followers.map((row) => row.id))}) AND ("leaseUntil" IS NULL OR "leaseUntil" < ${at})`);
      }
      return { runs, token };
    }
    // SQLite: one delivering process.
    const rows = toClaimed(
      await sql.query(Prisma.sql`
        SELECT c."id" AS "id", c."endpointId" AS "endpointId", c."orderingKey" AS "orderingKey"
        FROM "WebhookEndpoint" e JOIN "WebhookDelivery" c ON c."id" IN (${dueHeads(Prisma.sql`d."id"`)})
        WHERE e."enabled" = TRUE ${notBusy}
        ORDER BY c."nextAttemptAt", c."id" LIMIT ${limit}`),
    );
    const runs = await this.runsFrom(this.withinEndpointLimits(rows).kept, at, maxRunLength);
    if (runs.length > 0) {
      await sql.execute(Prisma.sql`UPDATE "WebhookDelivery" SET "leaseUntil" = ${leaseFor(longest(runs))}, "leaseToken" = ${token} WHERE "id" IN (${Prisma.join(runs.flat().map((row) => row.id))})`);
    }
    return { runs, token };
  }

  /**
   * Each claimed head with the deliveries right after it in its key and endpoint that are due and not
   * leased, up to `maxRunLength` in all: the run stops before the first that is not. One statement for
   * the claim; each head's part reads at most maxRunLength - 1 rows of the (endpointId, orderingKey,
   * status, id) index, however long the key's backlog.
   */
  private async runsFrom(heads: readonly Claimed[], at: Date, maxRunLength: number): Promise<Claimed[][]> {
    const runs = heads.map((head) => [head]);
    const followers = maxRunLength - 1;
    if (heads.length === 0 || followers <= 0) return runs;
    const parts = heads.map(
      (head, index) => Prisma.sql`
        SELECT * FROM (
          SELECT ${Prisma.raw(String(index))} AS "head", "id", CASE WHEN "nextAttemptAt" <= ${at} AND ("leaseUntil" IS NULL OR "leaseUntil" < ${at}) THEN 1 ELSE 0 END AS "free"
          FROM "WebhookDelivery" WHERE "endpointId" = ${head.endpointId} AND "orderingKey" = ${head.orderingKey} AND "status" = ${DeliveryStatus.PENDING} AND "id" > ${head.id}
          ORDER BY "id" LIMIT ${followers}) AS ${Prisma.raw(`f${index}`)}`,
    );
    const rows = (await this.database.sql.query(Prisma.join(parts, ' UNION ALL '))).map((row) => ({ head: Number(row.head), id: Number(row.id), free: Number(row.free) === 1 }));
    const ended = new Set<number>();
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      const run = runs[row.head];
      if (!run || ended.has(row.head)) continue;
      if (!row.free) {
        ended.add(row.head);
        continue;
      }
      run.push({ id: row.id, endpointId: run[0]?.endpointId as number, orderingKey: run[0]?.orderingKey as string });
    }
    return runs;
  }

  /** Gives back leases this process took (token) and will not use: the deliveries are due to any claim again. */
  private async releaseLeases(rows: readonly { id: number }[], token: string): Promise<void> {
    if (rows.length === 0) return;
    await this.database.sql.execute(Prisma.sql`UPDATE "WebhookDelivery" SET "leaseUntil" = NULL, "leaseToken" = NULL WHERE "id" IN (${Prisma.join(rows.map((row) => row.id))}) AND "leaseToken" = ${token}`);
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

  /**
   * Sends a run one delivery after the other, each once the one before it was answered with a 2xx, so
   * a key's order holds as when each was claimed alone. Attempts are recorded in the background (group
   * commit, so the attempts of a run share a few transactions, not one each); `sent` is called once
   * the run will POST nothing more, and the run ends once its attempts are recorded: until then the
   * next event of its key is not due (the claim's NOT EXISTS), so order holds. At the first that is not
   * delivered its attempt is recorded and the rest are released, due again after it in order. A
   * process killed before its records commit leaves the unrecorded deliveries leased: they are sent
   * again, in order, after the leases expire (at least once).
   */
  private async deliverRun(run: readonly DueDelivery[], sent: () => void): Promise<void> {
    const recording: Promise<boolean>[] = [];
    let sending = true;
    const doneSending = () => {
      if (!sending) return;
      sending = false;
      sent();
    };
    try {
      for (const [index, delivery] of run.entries()) {
        const record = await this.send(delivery);
        const settled = this.settle(record).catch((error: unknown) => {
          this.logger.warn({ err: error, deliveryId: delivery.id }, 'webhook attempt failed to record');
          return false;
        });
        if (record.status === DeliveryStatus.DELIVERED) {
          recording.push(settled);
          continue;
        }
        doneSending();
        await settled;
        const rest = run.slice(index + 1);
        await this.releaseLeases(rest, rest[0]?.leaseToken ?? '');
        return;
      }
    } finally {
      doneSending();
      await Promise.all(recording);
    }
  }

  /** POSTs one delivery, signed; answers what its attempt records. */
  private async send(delivery: DueDelivery): Promise<AttemptRecord> {
    const { event, endpoint } = delivery;
    const started = this.now();
    const timestamp = Math.floor(started / 1000);
    const body = `{"id":${JSON.stringify(event.eventId)},"type":${JSON.stringify(event.type)},"occurredAt":"${event.occurredAt}","data":${event.payloadJson}}`;
    const secrets = [endpoint.secret];
    if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt.getTime() > started) secrets.push(endpoint.previousSecret);
    let statusCode: number | null = null;
    let responseBody: string | null = null;
    let error: string | null = null;
    try {
      const answer = await post(
        endpoint.url,
        {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'OpenBuy-Webhooks/1',
          'webhook-id': event.eventId,
          'webhook-timestamp': timestamp,
          'webhook-signature': signWebhook(secrets, event.eventId, timestamp, body),
        },
        body,
        this.settings.attemptTimeoutMs,
      );
      statusCode = answer.statusCode;
      responseBody = answer.text;
    } catch (failure) {
      error = (failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure)).slice(0, RESPONSE_TEXT_MAX);
    }
    const finished = this.now();
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const retryDelay = this.settings.retryDelaysMs[delivery.attempts];
    const status = ok ? DeliveryStatus.DELIVERED : statusCode === 410 || retryDelay === undefined ? DeliveryStatus.FAILED : DeliveryStatus.PENDING;
    const jittered = retryDelay === undefined ? 0 : Math.round(retryDelay * (0.8 + Math.random() * 0.4));
    return { delivery, started, finished, statusCode, responseBody, error, status, nextAttemptAt: finished + jittered };
  }

  /**
   * Records the attempt, then its endpoint's state: a success ends its failing streak, 410 Gone or a
   * day of failures disables it. Answers whether it was delivered (and recorded as such); an attempt
   * whose lease was lost records nothing and changes nothing.
   */
  private async settle(record: AttemptRecord): Promise<boolean> {
    const { endpoint } = record.delivery;
    if (!(await this.record(record))) return false;
    if (record.status === DeliveryStatus.DELIVERED) {
      if (endpoint.failingSince) await this.database.db.webhookEndpoint.updateMany({ where: { id: endpoint.id }, data: { failingSince: null } });
      return true;
    }
    if (record.statusCode === 410) {
      await this.disable(endpoint, `410 Gone at ${new Date(record.finished).toISOString()}`, new Date(record.finished));
      return false;
    }
    const failingSince = endpoint.failingSince ?? new Date(record.started);
    if (record.finished - failingSince.getTime() >= this.settings.disableAfterFailingMs) {
      await this.disable(endpoint, `every attempt failed since ${failingSince.toISOString()}`, new Date(record.finished));
    } else if (!endpoint.failingSince) {
      await this.database.db.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: null }, data: { failingSince } });
    }
    return false;
  }

  /**
   * Records the attempt with the others that end within recordDelayMs, in one transaction (group
   * commit): at hundreds of attempts a second, a transaction per attempt or two cost the serving
   * process more than the POSTs (on SQLite its COMMIT is the dearest statement of a delivery). Answers
   * whether the lease still held: an attempt whose lease expired and was taken again records nothing.
   */
  private record(record: AttemptRecord): Promise<boolean> {
    return new Promise((recorded, failed) => {
      this.unrecorded.push({ record, recorded, failed });
      if (!this.recording) {
        this.recording = true;
        setTimeout(() => void this.recordQueued(), this.settings.recordDelayMs);
      }
    });
  }

  /**
   * Records what is queued, then what queued meanwhile, until nothing is left: per round one UPDATE of
   * the deliveries whose lease still holds (answering which did) and one INSERT of their attempt log.
   */
  private async recordQueued(): Promise<void> {
    const postgres = this.database.target.provider === 'postgresql';
    // The rows of the UPDATE's FROM are built of parameters, which PostgreSQL types only by a cast.
    const timestamp = (at: number | null) => (postgres ? Prisma.sql`CAST(${at === null ? null : new Date(at)} AS TIMESTAMP(3))` : at === null ? Prisma.sql`NULL` : Prisma.sql`${new Date(at)}`);
    const row = ({ delivery, started, finished, statusCode, responseBody, error, status, nextAttemptAt }: AttemptRecord) => Prisma.sql`
      SELECT CAST(${delivery.id} AS INTEGER) AS "id", CAST(${delivery.leaseToken} AS TEXT) AS "leaseToken", CAST(${status} AS INTEGER) AS "status",
        CAST(${delivery.attempts + 1} AS INTEGER) AS "attempts", ${timestamp(nextAttemptAt)} AS "nextAttemptAt", ${timestamp(started)} AS "lastAttemptAt",
        CAST(${statusCode} AS INTEGER) AS "lastStatusCode", CAST(${finished - started} AS INTEGER) AS "lastLatencyMs", CAST(${responseBody ?? error} AS TEXT) AS "lastResponse",
        ${timestamp(status === DeliveryStatus.DELIVERED ? finished : null)} AS "deliveredAt"`;
    while (this.unrecorded.length > 0) {
      const batch = this.unrecorded.splice(0);
      try {
        const held = await this.database.sql.transaction(async (sql) => {
          const updated = await sql.query(Prisma.sql`
            UPDATE "WebhookDelivery" SET "status" = r."status", "head" = r."status" = ${DeliveryStatus.PENDING} AND "WebhookDelivery"."head", "attempts" = r."attempts", "nextAttemptAt" = r."nextAttemptAt", "leaseUntil" = NULL, "leaseToken" = NULL,
              "lastAttemptAt" = r."lastAttemptAt", "lastStatusCode" = r."lastStatusCode", "lastLatencyMs" = r."lastLatencyMs", "lastResponse" = r."lastResponse",
              "deliveredAt" = COALESCE(r."deliveredAt", "WebhookDelivery"."deliveredAt")
            FROM (${Prisma.join(batch.map(({ record }) => row(record)), ' UNION ALL ')}) AS r
            WHERE "WebhookDelivery"."id" = r."id" AND "WebhookDelivery"."leaseToken" = r."leaseToken"
            RETURNING "WebhookDelivery"."id"`);
          const changed = new Set(updated.map((updatedRow) => Number(updatedRow.id)));
          const logged = batch.map(({ record }) => record).filter((record) => changed.has(record.delivery.id));
          // The deliveries no longer pending hand their keys on to the next pending ones.
          const ended = logged.filter((record) => record.status !== DeliveryStatus.PENDING);
          await promoteHeads(sql, this.database.target.provider, ended.map(({ delivery }) => ({ endpointId: delivery.endpoint.id, orderingKey: delivery.orderingKey })));
          if (logged.length > 0) {
            await sql.execute(Prisma.sql`
              INSERT INTO "WebhookDeliveryAttempt" ("tenantId", "deliveryId", "statusCode", "latencyMs", "responseBody", "error", "attemptedAt")
              VALUES ${Prisma.join(logged.map(({ delivery, started, finished, statusCode, responseBody, error }) => Prisma.sql`(${delivery.tenantId}, ${delivery.id}, ${statusCode}, ${finished - started}, ${responseBody}, ${error}, ${new Date(started)})`))}`);
          }
          return changed;
        });
        for (const { record, recorded } of batch) recorded(held.has(record.delivery.id));
      } catch (error) {
        // Their leases expire and the deliveries are attempted again: at least once, never lost.
        for (const { failed } of batch) failed(error);
      }
    }
    this.recording = false;
  }

  /** Disables the endpoint, saying why, and makes every process's outbox forget it. */
  private async disable(endpoint: { id: number; tenantId: number; partnerClientId: string }, reason: string, at: Date): Promise<void> {
    const { count } = await this.database.db.webhookEndpoint.updateMany({ where: { id: endpoint.id, enabled: true }, data: { enabled: false, disabledReason: reason, disabledAt: at } });
    if (count > 0) await this.bus.publish({ kind: 'webhook-endpoints-changed', tenantId: endpoint.tenantId, partnerClientId: endpoint.partnerClientId });
  }
}
