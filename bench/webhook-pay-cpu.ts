// What a subscribed webhook endpoint costs a wallet pay (issue 13: >= 0.9 of the speed with none;
// event-to-delivery p99 < 1 s at 100 events/s). Rounds of two kinds, without an endpoint and with one
// subscribed to every event (delivered to a receiver in this process), run on one server on its own
// seeded database, its partner's endpoint disabled and enabled between them through the console's API:
// the ratio compares one process with itself (BENCH_SERVER_PER_KIND=1: a server per kind). With
// BENCH_BASELINE=<another checkout> (e.g. /work/main) that checkout's server runs both kinds too, so a
// change is measured against it in the same minutes (the baseline without an endpoint against this
// checkout's, the baseline with one against the baseline without). Three phases:
// The pays are dealt in turn to BENCH_PAY_MEMBERS members (default 100; bench/commerce-scenarios.ts).
// 1. Saturated: rounds of BENCH_PAYS pays (10 connections) of each kind in turn (the order rotates;
//    the first BENCH_WARMUP rounds, default 1, are V8's warm-up and not counted),
//    each round counted until every delivery of its pays is recorded delivered: the server's CPU
//    (process.cpuUsage, all threads), its main thread's CPU (the event loop
//    that serves partners: /proc's schedstat of that thread, exact to the nanosecond; Node has no
//    per-thread CPU clock), pays/s as the load generator saw them, and pays/s until delivered (the
//    round's pays over the time until their deliveries were recorded), and the main thread's CPU per
//    pay while the pays ran (what the bounded share of fan-out and deliveries under saturation added to
//    them; the backlog goes out after), and the deliveries received meanwhile (that share). Speed ratios: with an endpoint ÷ without for the rates, without
//    ÷ with for the CPU per pay. With WEBHOOK_POLL_INTERVAL_MS=0 the servers neither fan out nor
//    deliver and rounds do not wait for deliveries: what the outbox rows alone cost a pay.
// 2. Deliveries only: BENCH_DRAIN_PAYS pays' worth of events (purchase order paid, each its own key;
//    wallet debited, one key) written before the servers start, due in a day; a round makes them due
//    at once and counts the server's CPU (all threads, and the main thread's) until they are all
//    delivered: CPU per delivery, no pay in it.
// 3. At a fixed rate: BENCH_RATE pays a second for BENCH_RATE_SECONDS of each kind, one after the
//    other: pay latency p50/p99, CPU per pay (all threads, and the main thread's), and each delivery's
//    arrival minus its event's occurredAt.
//   npx tsx bench/webhook-pay-cpu.ts
//   BENCH_BASELINE=/work/main npx tsx bench/webhook-pay-cpu.ts
//   BENCH_CPU_PROF=/tmp/prof npx tsx bench/webhook-pay-cpu.ts   # plus a V8 CPU profile per server
//   WEBHOOK_POLL_INTERVAL_MS=0 npx tsx bench/webhook-pay-cpu.ts  # the outbox rows alone
//   BENCH_SERVER_STARTS=4 npx tsx bench/webhook-pay-cpu.ts  # each server started 4 times, BENCH_ROUNDS rounds each
//   TEST_DATABASE=postgresql npx tsx bench/webhook-pay-cpu.ts  # on PostgreSQL (TEST_POSTGRES_URL; REDIS_URL if set)
import { readFileSync } from 'node:fs';
import http, { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { openDatabase } from '../src/core/db/client';
import { PayOrderStatus } from '../src/core/order/statuses';
import { WebhookEventType } from '../src/core/webhook/event-types';
import { type OutboxEvent, writeEvents } from '../src/core/webhook/webhook-outbox';
import { newWebhookSecret } from '../src/core/webhook/webhook-signature';
import { DeliveryStatus } from '../src/core/webhook/webhook-statuses';
import { DEMO_MEMBER } from '../prisma/demo/member';
import { SEED } from '../test/support/database';
import { PAY_MEMBERS, type Payable, partnerHeaders, preparePayableOrders, walletPayScenario } from './commerce-scenarios';
import { endpointSwitch, eventsWritten, readyForRound } from './alternating-rounds';
import { run, startServers } from './harness';
import { median } from './stats';

const PAYS = Number(process.env.BENCH_PAYS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** Rounds run first and not counted: a fresh server's first thousands of pays run at about half speed while V8 optimises. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const ALL_ROUNDS = WARMUP + ROUNDS;
/**
 * How many times each server is started, each start on a new database running its warm-up and
 * BENCH_ROUNDS rounds: one server process's speed differs from the next one's by up to ~10% for the
 * whole of its life (bench/README.md), more than its rounds differ, so one start each compares luck.
 */
const STARTS = Number(process.env.BENCH_SERVER_STARTS ?? 1);
const DRAIN_PAYS = Number(process.env.BENCH_DRAIN_PAYS ?? 300);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 10);
const BASELINE = process.env.BENCH_BASELINE;
/** Events a wallet pay emits (purchase order paid, wallet debited). */
const EVENTS_PER_PAY = 2;

/** CPU time of a process's main thread so far, µs (Linux: the first field of its schedstat, ns). */
const mainThreadMicros = (pid: number) => Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;

/** Deliveries received per server (by the receiver's path), and the arrival delays of the timed phase. */
const received = new Map<string, number>();
const arrivalDelays = new Map<string, number[]>();
const receiver = createServer((request, response) => {
  const label = (request.url ?? '/').slice(1);
  const delays = arrivalDelays.get(label);
  let body = '';
  request.on('data', (chunk: Buffer) => {
    if (delays) body += chunk;
  });
  request.on('end', () => {
    received.set(label, (received.get(label) ?? 0) + 1);
    if (delays) delays.push(Date.now() - Date.parse((JSON.parse(body) as { occurredAt: string }).occurredAt));
    response.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

/** The events of `pays` wallet pays, keyed apart per drain round, due in a day (a round makes them due). */
function drainEvents(round: number, pays: number): OutboxEvent[] {
  const occurredAt = new Date(Date.now() + 86_400_000);
  const base = { tenantId: 1, partnerClientId: SEED.partnerClientId, occurredAt };
  return Array.from({ length: pays }, (_, index) => {
    const orderNo = `drain${round}-${index}`;
    const order = { orderNo, outOrderNo: `out-${orderNo}`, externalUserId: DEMO_MEMBER.externalUserId };
    return [
      { ...base, type: WebhookEventType.PURCHASE_ORDER_PAID, orderingKey: `drain${round}:order:${orderNo}`, data: { ...order, paymentId: `pay-${orderNo}`, payAmount: 100, status: 20 } },
      { ...base, type: WebhookEventType.WALLET_DEBITED, orderingKey: `drain${round}:wallet`, data: { externalUserId: DEMO_MEMBER.externalUserId, amount: 100, balance: 1_000_000, bizNo: orderNo } },
    ];
  }).flat();
}

/**
 * A server on a new seeded database with `count` orders to pay, and with an endpoint, the
 * endpoint's drain rounds' events and its switch.
 */
async function launchServer(name: string, withEndpoint: boolean, count: number, checkout?: string) {
  let payables: Payable[] = [];
  let endpointId = 0;
  const servers = await startServers({
    demoData: true,
    checkout,
    prepare: async (db) => {
      payables = await preparePayableOrders(db, count, PAY_MEMBERS);
      if (!withEndpoint) return;
      const endpoint = await db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: `${receiverUrl}/${name}`, eventTypes: [], secret: newWebhookSecret() } });
      endpointId = endpoint.id;
      for (let round = 0; round < ALL_ROUNDS; round++) {
        const events = drainEvents(round, DRAIN_PAYS);
        for (let start = 0; start < events.length; start += 200) await writeEvents(db, events.slice(start, start + 200), () => [endpoint]);
      }
    },
  });
  // The bench's own connection, to see pays and deliveries recorded without asking the server.
  const observer = await openDatabase(servers.scratch.target);
  const enableEndpoint = withEndpoint ? await endpointSwitch(servers.appUrl, endpointId) : undefined;
  return { servers, observer, payables, taken: 0, enableEndpoint, headers: await partnerHeaders(servers.appUrl), paid: 0, delivered: 0 };
}

/** A server process of one checkout, started anew for each of BENCH_SERVER_STARTS; `kinds` kinds of rounds take its orders. */
async function startServer(name: string, withEndpoint: boolean, kinds: number, checkout?: string) {
  const count = kinds * (PAYS * ALL_ROUNDS + RATE * RATE_SECONDS);
  let live = await launchServer(name, withEndpoint, count, checkout);
  return {
    name,
    get live() {
      return live;
    },
    /** The next `count` orders to pay. */
    take(count: number): Payable[] {
      live.taken += count;
      return live.payables.slice(live.taken - count, live.taken);
    },
    async stop() {
      await live.observer.close();
      await live.servers.stop();
    },
    /** Stops this server and starts a new one on a new database: the next start's rounds are its. */
    async relaunch() {
      await this.stop();
      live = await launchServer(name, withEndpoint, count, checkout);
    },
  };
}
type Server = Awaited<ReturnType<typeof startServer>>;

/** One kind of round (its label): a server's pays with its endpoint enabled, or without one, with the figures of all its rounds. */
function target(label: string, withEndpoint: boolean, server: Server) {
  const until = async (done: () => Promise<boolean>) => {
    while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  return {
    label,
    withEndpoint,
    server,
    get servers() {
      return server.live.servers;
    },
    get observer() {
      return server.live.observer;
    },
    get headers() {
      return server.live.headers;
    },
    cpuPerPay: [] as number[],
    mainCpuPerPay: [] as number[],
    mainCpuPerPayWhilePaying: [] as number[],
    deliveriesWhilePaying: [] as number[],
    paysPerSecond: [] as number[],
    deliveredPaysPerSecond: [] as number[],
    cpuPerDelivery: [] as number[],
    mainCpuPerDelivery: [] as number[],
    /** Puts the server's endpoint in this kind's state (a server without one has nothing to change), on an empty WAL. */
    ready(): Promise<void> {
      return readyForRound(server.live.observer, withEndpoint, server.live.enableEndpoint);
    },
    /** The server's CPU so far, µs: all threads (asked of the server) and its main thread's. */
    async cpu() {
      const { servers } = server.live;
      return { all: await servers.cpuMicros(), main: mainThreadMicros(servers.pid) };
    },
    /** Waits until `pays` more pays are recorded paid and, with an endpoint, `deliveries` more deliveries delivered. */
    async settle(pays: number, deliveries: number) {
      const { live } = server;
      live.paid += pays;
      await until(async () => (await live.observer.db.payOrder.count({ where: { status: PayOrderStatus.PAID } })) >= live.paid);
      if (!withEndpoint || process.env.WEBHOOK_POLL_INTERVAL_MS === '0') return;
      live.delivered += deliveries;
      await until(async () => (await live.observer.db.webhookDelivery.count({ where: { status: DeliveryStatus.DELIVERED } })) >= live.delivered);
    },
  };
}
type Target = ReturnType<typeof target>;

/**
 * The kinds of rounds of a checkout, none and endpoint (label prefix `prefix`). By default one server
 * serves both, its endpoint disabled for the rounds without and enabled for the rounds with: one
 * server process's speed differs from the next one's by up to ~10% for the whole of its life
 * (bench/README.md), so two servers' ratio carries their luck. BENCH_SERVER_PER_KIND=1 gives each kind
 * its own server, the one without an endpoint never having had one (as runs before the seventeenth
 * session measured).
 */
async function targetsOf(prefix: string, checkout?: string): Promise<Target[]> {
  if (process.env.BENCH_SERVER_PER_KIND === '1') {
    return [
      target(`${prefix}none`, false, await startServer(`${prefix}none`, false, 1, checkout)),
      target(`${prefix}endpoint`, true, await startServer(`${prefix}endpoint`, true, 1, checkout)),
    ];
  }
  const server = await startServer(`${prefix}server`, true, 2, checkout);
  return [target(`${prefix}none`, false, server), target(`${prefix}endpoint`, true, server)];
}

/** POSTs one pay per 1/rate s (on time, whatever the answers), answers each pay's latency in ms. */
async function payAtRate(target: Target, payables: readonly Payable[], rate: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL(`${target.servers.appUrl}/open-api/pay/wallet/pay`);
  const start = performance.now();
  const pays = payables.map(async (payable, index) => {
    const due = start + (index * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const sent = performance.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const request = http.request(url, { method: 'POST', headers: target.headers, agent }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk));
        response.on('end', () => resolve(text));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(JSON.stringify(payable));
    });
    if (!answer.startsWith('{"code":0')) throw new Error(`${target.label}: pay refused: ${answer.slice(0, 200)}`);
    return performance.now() - sent;
  });
  const latencies = await Promise.all(pays);
  agent.destroy();
  return latencies;
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] as number;
const show = (values: number[]) => values.map((value) => value.toFixed(0)).join(' / ');

const targets = [...(await targetsOf('')), ...(BASELINE ? await targetsOf('baseline-', BASELINE) : [])];
const servers = [...new Set(targets.map((target) => target.server))];
const [none] = targets as [Target];
/** What a server's speed is compared with: its own checkout's server without an endpoint; the baseline's, with this checkout's. */
const referenceOf = (target: Target): Target | undefined =>
  target === none ? undefined : target.label === 'baseline-endpoint' ? targets.find((candidate) => candidate.label === 'baseline-none') : none;
const loads: number[] = [];
try {
  console.log(`servers: ${servers.map((server) => server.name).join(', ')}; rounds: ${targets.map((target) => target.label).join(', ')}${BASELINE ? ` (baseline: ${BASELINE})` : ''}`);
  for (let start = 0; start < STARTS; start++) {
    if (start > 0) for (const server of servers) await server.relaunch();
    for (let round = 0; round < ALL_ROUNDS; round++) {
      const counted = round >= WARMUP;
      const order = targets.map((_, index) => targets[(index + start * ALL_ROUNDS + round) % targets.length] as Target);
      for (const target of order) {
        await target.ready();
        const payables = target.server.take(PAYS);
        const written = await eventsWritten(target.observer.db);
        const before = await target.cpu();
        const started = performance.now();
        // The main thread's CPU when the last pay was answered (not when the load generator resolves, up
        // to a second later, while the server already fans out the backlog at full speed).
        let paying = Number.NaN;
        const receivedBefore = received.get(target.server.name) ?? 0;
        let receivedWhilePaying = Number.NaN;
        const result = await run(walletPayScenario(target.servers.appUrl, target.headers, payables), () => {
          paying = mainThreadMicros(target.servers.pid);
          receivedWhilePaying = (received.get(target.server.name) ?? 0) - receivedBefore;
        });
        if (result.rejected > 0 || result.non2xx > 0) throw new Error(`round ${round}: ${result.rejected} pays rejected, ${result.non2xx} not 2xx`);
        // A pay the load generator gave up on (its 10 s time-out, on a saturated machine) still runs to
        // its end in the server: wait for every pay, then for every delivery.
        await target.settle(PAYS, PAYS * EVENTS_PER_PAY);
        const seconds = (performance.now() - started) / 1000;
        const after = await target.cpu();
        if (!target.withEndpoint && (await eventsWritten(target.observer.db)) !== written) throw new Error(`${target.label}: events written without an endpoint`);
        if (!counted) continue;
        target.cpuPerPay.push((after.all - before.all) / PAYS);
        target.mainCpuPerPay.push((after.main - before.main) / PAYS);
        target.mainCpuPerPayWhilePaying.push((paying - before.main) / PAYS);
        target.deliveriesWhilePaying.push(receivedWhilePaying);
        target.paysPerSecond.push(result.requestsPerSecond);
        target.deliveredPaysPerSecond.push(PAYS / seconds);
      }
      for (const target of order.filter((candidate) => candidate.withEndpoint)) {
        await target.ready();
        const before = await target.cpu();
        await target.observer.db.webhookDelivery.updateMany({ where: { orderingKey: { startsWith: `drain${round}:` } }, data: { nextAttemptAt: new Date() } });
        await target.settle(0, DRAIN_PAYS * EVENTS_PER_PAY);
        const after = await target.cpu();
        if (!counted) continue;
        target.cpuPerDelivery.push((after.all - before.all) / (DRAIN_PAYS * EVENTS_PER_PAY));
        target.mainCpuPerDelivery.push((after.main - before.main) / (DRAIN_PAYS * EVENTS_PER_PAY));
      }
      if (counted) loads.push(loadavg()[0] as number);
    }
  }
  console.log(`\n1. Saturated: wallet pays, ${PAYS} per round, ${ROUNDS} rounds after ${WARMUP} not counted, on each of ${STARTS} server starts (load average ${loads.map((load) => load.toFixed(1)).join(', ')}); per round, then the median and its speed ratio (with an endpoint to without: target >= 0.9)`);
  const figures = [
    { name: 'pays/s (load generator)', of: (target: Target) => target.paysPerSecond, higherIsFaster: true },
    { name: 'pays/s until delivered', of: (target: Target) => target.deliveredPaysPerSecond, higherIsFaster: true },
    { name: 'process CPU µs per pay', of: (target: Target) => target.cpuPerPay, higherIsFaster: false },
    { name: 'main thread CPU µs per pay', of: (target: Target) => target.mainCpuPerPay, higherIsFaster: false },
    { name: 'main thread CPU µs per pay while paying (the backlog left for after)', of: (target: Target) => target.mainCpuPerPayWhilePaying, higherIsFaster: false },
  ];
  for (const { name, of, higherIsFaster } of figures) {
    console.log(`  ${name}`);
    for (const target of targets) {
      const reference = referenceOf(target);
      const mine = median(of(target));
      const speed = (mineOnce: number, referenceOnce: number) => (higherIsFaster ? mineOnce / referenceOnce : referenceOnce / mineOnce);
      // Also per round: the servers of a round ran one after the other, so a slow spell of the machine weighs on both alike.
      const perRound = reference ? of(target).map((value, round) => speed(value, of(reference)[round] as number)) : [];
      // And per start: the ratio of the two servers' medians over the rounds of each start.
      const ofStart = (values: number[], start: number) => median(values.slice(start * ROUNDS, (start + 1) * ROUNDS));
      const perStart = reference && STARTS > 1 ? Array.from({ length: STARTS }, (_, start) => speed(ofStart(of(target), start), ofStart(of(reference), start))) : [];
      const ratio = reference
        ? `   speed ratio to ${reference.label} ${speed(mine, median(of(reference))).toFixed(2)} (per round ${perRound.map((value) => value.toFixed(2)).join(' / ')}, median ${median(perRound).toFixed(2)}${perStart.length > 0 ? `; per start ${perStart.map((value) => value.toFixed(2)).join(' / ')}` : ''})`
        : '';
      console.log(`    ${target.label.padEnd(18)} ${show(of(target))}   median ${mine.toFixed(0)}${ratio}`);
    }
  }
  const withEndpoint = targets.filter((target) => target.withEndpoint);
  // The worker's share while the pays saturated the server: its throttle at work (up to 16 deliveries a second by default).
  console.log(`  deliveries received while paying, of ${PAYS * EVENTS_PER_PAY} a round: ${withEndpoint.map((target) => `${target.label} ${target.deliveriesWhilePaying.join(' / ')}`).join('; ')}`);
  console.log(`\n2. Deliveries only: server CPU per delivery, µs, process / main thread, ${DRAIN_PAYS * EVENTS_PER_PAY} deliveries per round (${DRAIN_PAYS} on one key, ${DRAIN_PAYS} each its own)`);
  for (const target of targets.filter((candidate) => candidate.withEndpoint)) {
    console.log(`${target.label.padEnd(18)} ${show(target.cpuPerDelivery)}   median ${median(target.cpuPerDelivery).toFixed(0)}   main thread ${show(target.mainCpuPerDelivery)}   median ${median(target.mainCpuPerDelivery).toFixed(0)}`);
  }

  const ratePays = RATE * RATE_SECONDS;
  // BENCH_RATE_SECONDS=0 leaves this phase out.
  if (ratePays > 0) {
    console.log(`\n3. At ${RATE} pays/s for ${RATE_SECONDS} s (${ratePays} pays per server, one server at a time; load average ${loadavg()[0]?.toFixed(1)})`);
    console.log('| server | pay p50 ms | pay p99 ms | CPU per pay µs | main thread µs | event to delivery p50 ms | p99 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const target of targets) {
      const delays: number[] = [];
      arrivalDelays.set(target.server.name, delays);
      await target.ready();
      const before = await target.cpu();
      const latencies = await payAtRate(target, target.server.take(ratePays), RATE);
      await target.settle(ratePays, ratePays * EVENTS_PER_PAY);
      const after = await target.cpu();
      arrivalDelays.delete(target.server.name);
      const delivery = delays.length > 0 ? `${quantile(delays, 0.5)} | ${quantile(delays, 0.99)} | ${Math.max(...delays)}` : '- | - | -';
      const cpu = `${((after.all - before.all) / ratePays).toFixed(0)} | ${((after.main - before.main) / ratePays).toFixed(0)}`;
      console.log(`| ${target.label} | ${quantile(latencies, 0.5).toFixed(1)} | ${quantile(latencies, 0.99).toFixed(1)} | ${cpu} | ${delivery} |`);
    }
  }
  console.log(`\nreceived: ${[...received].map(([label, count]) => `${label} ${count}`).join(', ')}`);
} finally {
  for (const server of servers) await server.stop();
  receiver.close();
}
