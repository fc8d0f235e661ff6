// npm run bench:webhooks: what partner webhooks cost partner calls, and how soon events arrive.
// 1. Order create and wallet pay on a server whose partner has no endpoint, then on a fresh one whose
//    partner has an endpoint subscribed to every event, delivered meanwhile to a local receiver: the
//    ratio of their req/s (target >= 0.9).
// 2. Event to delivery: events committed to the outbox of the running server at 100 per second, each
//    timed from its occurredAt to its arrival at the receiver (target p99 < 1 s).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newWebhookSecret } from '../src/core/webhook/webhook-signature';
import { SEED } from '../test/support/database';
import { orderCreateScenario, partnerHeaders, preparePayableOrders, walletPayScenario } from './commerce-scenarios';
import { type BenchServers, DURATION_SECONDS, report, run, type ScenarioResult, startServers } from './harness';

const PAYABLE_ORDERS = Number(process.env.BENCH_PAY_ORDERS ?? 1000);
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

/** One server and database: bare route, order create, wallet pay; `timeEvents` then runs part 2 on it. */
async function measure(withEndpoint: boolean, timeEvents: boolean): Promise<{ results: ScenarioResult[]; label: string }> {
  const label = withEndpoint ? ', endpoint subscribed' : ', no endpoint';
  let paymentIds: string[] = [];
  const servers = await startServers({
    demoData: true,
    prepare: async (db) => {
      paymentIds = await preparePayableOrders(db, PAYABLE_ORDERS);
      if (withEndpoint) await db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: receiverUrl, eventTypes: [], secret: newWebhookSecret() } });
    },
  });
  try {
    const headers = await partnerHeaders(servers.appUrl);
    const results = [await run({ name: `bare Fastify GET /bare${label}`, url: `${servers.bareUrl}/bare` })];
    results.push(await run(orderCreateScenario(servers.appUrl, headers, label)));
    results.push(await run(walletPayScenario(servers.appUrl, headers, paymentIds, label)));
    if (timeEvents) await timeDeliveries(servers);
    return { results, label };
  } finally {
    await servers.stop();
  }
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

try {
  const none = await measure(false, false);
  const subscribed = await measure(true, true);
  report('Partner calls without webhooks', none.results);
  report('Partner calls with a subscribed endpoint (deliveries running meanwhile)', subscribed.results);
  console.log(`\nDeliveries received during the runs: ${received}`);
  console.log('\n| operation | req/s no endpoint | req/s endpoint subscribed | ratio (target >= 0.9) |');
  console.log('|---|---:|---:|---:|');
  for (const index of [1, 2]) {
    const [without, withIt] = [none.results[index], subscribed.results[index]];
    if (!without || !withIt) continue;
    const name = without.name.replace(none.label, '');
    console.log(`| ${name} | ${without.requestsPerSecond} | ${withIt.requestsPerSecond} | ${(withIt.requestsPerSecond / without.requestsPerSecond).toFixed(2)} |`);
  }
} finally {
  receiver.close();
}
