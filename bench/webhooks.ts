// npm run bench:webhooks: what partner webhooks cost partner calls, and how soon events arrive.
// 1. Order create and wallet pay on one server whose partner has an endpoint subscribed to every
//    event, delivered meanwhile to a local receiver, and disabled for the rounds without one
//    (bench/alternating-rounds.ts: one process's luck weighs on both kinds alike, and each run starts
//    on an empty WAL): each operation runs BENCH_ROUNDS rounds of each kind, their order alternating,
//    and the ratio of their mean req/s is the figure (target >= 0.9). After each run the bench waits
//    until its deliveries are all sent, so a run's deliveries never run into the next one's measurement.
// 2. Event to delivery: events committed to the outbox of the running server at 100 per second, each
//    timed from its occurredAt to its arrival at the receiver (target p99 < 1 s).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Database, openDatabase } from '../src/core/db/client';
import { newWebhookSecret } from '../src/core/webhook/webhook-signature';
import { DeliveryStatus } from '../src/core/webhook/webhook-statuses';
import { SEED } from '../test/support/database';
import { orderCreateScenario, PAY_MEMBERS, type Payable, partnerHeaders, preparePayableOrders, walletPayScenario } from './commerce-scenarios';
import { endpointSwitch, eventsWritten, readyForRound } from './alternating-rounds';
import { type BenchServers, DURATION_SECONDS, report, run, type ScenarioResult, startServers } from './harness';

// Pays a wallet pay run makes: enough for seconds of saturation (1,000 were paid in half a second on a
// 2 x EPYC); each server prepares this many for each round.
const PAYABLE_ORDERS = Number(process.env.BENCH_PAY_ORDERS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const EVENTS_PER_SECOND = 100;

/** Arrival minus occurredAt of each timed event, ms; and every delivery received. */
const latencies: number[] = [];
let received = 0;
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    received += 1;
    const event = JSON.parse(body) as { occurredAt: string; data: { timed?: boolean } };
    if (event.data.timed) latencies.push(Date.now() - Date.parse(event.occurredAt));
    response.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

/** Waits until the server has no event to fan out and no delivery pending (sent and recorded); answers how long that took, ms. */
async function drained(observer: Database): Promise<number> {
  const start = Date.now();
  const busy = async () => (await observer.db.webhookPendingEvent.count()) > 0 || (await observer.db.webhookDelivery.count({ where: { status: DeliveryStatus.PENDING } })) > 0;
  while (await busy()) await new Promise((resolve) => setTimeout(resolve, 50));
  return Date.now() - start;
}

/**
 * Part 2: EVENTS_PER_SECOND events for DURATION_SECONDS, written by the server's outbox as services
 * write them (so a commit wakes its worker); waits for every one to arrive.
 */
async function timeDeliveries(servers: BenchServers): Promise<void> {
  const total = EVENTS_PER_SECOND * DURATION_SECONDS;
  const start = Date.now();
  for (let index = 0; index < total; index++) {
    const due = start + (index * 1000) / EVENTS_PER_SECOND;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    servers.emitWebhookEvent({ tenantId: 1, partnerClientId: SEED.partnerClientId, orderingKey: `bench:${index}`, data: { timed: true } });
  }
  const written = (Date.now() - start) / 1000;
  const deadline = Date.now() + 60_000;
  while (latencies.length < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  console.log(`\nEvent to delivery: ${total} events written in ${written.toFixed(1)} s (${(total / written).toFixed(0)}/s), ${latencies.length} arrived`);
  console.log(`p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${sorted.at(-1)} ms (target p99 < 1000 ms)`);
}

let payables: Payable[] = [];
let endpointId = 0;
const servers = await startServers({
  demoData: true,
  prepare: async (db) => {
    payables = await preparePayableOrders(db, PAYABLE_ORDERS * ROUNDS * 2, PAY_MEMBERS);
    endpointId = (await db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: receiverUrl, eventTypes: [], secret: newWebhookSecret() } })).id;
  },
});
// The bench's own connection, to see the server's deliveries.
const observer = await openDatabase(servers.scratch.target);
const headers = await partnerHeaders(servers.appUrl);
const enableEndpoint = await endpointSwitch(servers.appUrl, endpointId);
let taken = 0;
const kinds = [
  { label: ', no endpoint', endpoint: false, results: [] as ScenarioResult[] },
  { label: ', endpoint subscribed', endpoint: true, results: [] as ScenarioResult[] },
];
type Kind = (typeof kinds)[number];
const [none, subscribed] = kinds as [Kind, Kind];
/** Each phase's runs, round by round: [none, subscribed] req/s. */
const phaseRuns: { name: string; rounds: [number, number][] }[] = [];
try {
  // One bare run, the reference of both kinds' tables.
  const bare = await run({ name: 'bare Fastify GET /bare', url: `${servers.bareUrl}/bare` });
  for (const kind of kinds) kind.results.push(bare);
  const phases = [
    { name: 'order create POST /open-api/order/purchase/create', scenario: (kind: Kind) => orderCreateScenario(servers.appUrl, headers, kind.label) },
    {
      name: `wallet pay POST /open-api/pay/wallet/pay (${PAYABLE_ORDERS} orders a run)`,
      scenario: (kind: Kind) => walletPayScenario(servers.appUrl, headers, payables.slice(taken, (taken += PAYABLE_ORDERS)), kind.label),
    },
  ];
  for (const phase of phases) {
    const runs = { name: phase.name, rounds: [] as [number, number][] };
    for (let round = 0; round < ROUNDS; round++) {
      const perSecond = new Map<Kind, number>();
      for (const kind of round % 2 === 0 ? [none, subscribed] : [subscribed, none]) {
        await readyForRound(observer, kind.endpoint, enableEndpoint);
        const written = await eventsWritten(observer.db);
        const measured = phase.scenario(kind);
        const result = await run({ ...measured, name: `${measured.name}, round ${round + 1}` });
        kind.results.push(result);
        perSecond.set(kind, result.requestsPerSecond);
        if (kind.endpoint) console.log(`${result.name}: its deliveries were all sent ${await drained(observer)} ms after the last answer`);
        else if ((await eventsWritten(observer.db)) !== written) throw new Error(`${result.name}: events written without an endpoint`);
      }
      runs.rounds.push([perSecond.get(none) ?? NaN, perSecond.get(subscribed) ?? NaN]);
    }
    phaseRuns.push(runs);
  }
  await enableEndpoint(true);
  await timeDeliveries(servers);
  report('Partner calls without webhooks', none.results);
  report('Partner calls with a subscribed endpoint (deliveries running meanwhile)', subscribed.results);
  console.log(`\nDeliveries received during the runs: ${received}`);
  console.log(`\n${ROUNDS} rounds of each kind on one server, their order alternating (round 1: no endpoint first)\n`);
  console.log('| operation | req/s no endpoint, by round | req/s endpoint subscribed, by round | ratio by round | ratio of the means (target >= 0.9) |');
  console.log('|---|---|---|---|---:|');
  for (const { name, rounds } of phaseRuns) {
    const mean = (side: 0 | 1) => rounds.reduce((sum, pair) => sum + pair[side], 0) / rounds.length;
    const byRound = (side: 0 | 1) => rounds.map((pair) => pair[side]).join(' / ');
    console.log(`| ${name} | ${byRound(0)} | ${byRound(1)} | ${rounds.map(([without, withIt]) => (withIt / without).toFixed(2)).join(' / ')} | ${(mean(1) / mean(0)).toFixed(2)} |`);
  }
} finally {
  await observer.close();
  await servers.stop();
  receiver.close();
}
