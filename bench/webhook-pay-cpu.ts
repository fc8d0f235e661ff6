// Server CPU per wallet pay with a subscribed endpoint against without one (issue 13: >= 0.9 of the
// speed), counted by process.cpuUsage in the server process, which req/s on a shared machine cannot
// show steadily. Two servers run side by side, each on its own seeded database; rounds alternate
// between them (which goes first alternates too). A round pays BENCH_PAYS orders and, on the server
// with an endpoint, waits until every delivery of those pays is recorded as delivered, so the figure
// includes the deliveries (claim, read, signing, POST, recording) that the pays caused.
//   npx tsx bench/webhook-pay-cpu.ts          # BENCH_PAYS (300) per round, BENCH_ROUNDS (4)
//   BENCH_CPU_PROF=/tmp/prof npx tsx bench/webhook-pay-cpu.ts   # plus a V8 CPU profile per server
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { openDatabase } from '../src/core/db/client';
import { PayOrderStatus } from '../src/core/order/statuses';
import { DeliveryStatus } from '../src/core/webhook/webhook-statuses';
import { newWebhookSecret } from '../src/core/webhook/webhook-signature';
import { SEED } from '../test/support/database';
import { partnerHeaders, preparePayableOrders, walletPayScenario } from './commerce-scenarios';
import { run, startServers } from './harness';

const PAYS = Number(process.env.BENCH_PAYS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** Events a wallet pay emits (purchase order paid, wallet debited). */
const EVENTS_PER_PAY = 2;

let received = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received += 1;
    response.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

async function startPayServer(withEndpoint: boolean) {
  let paymentIds: string[] = [];
  const servers = await startServers({
    demoData: true,
    prepare: async (db) => {
      paymentIds = await preparePayableOrders(db, PAYS * ROUNDS);
      if (withEndpoint) await db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: receiverUrl, eventTypes: [], secret: newWebhookSecret() } });
    },
  });
  // The bench's own connection, to see deliveries recorded without asking the server.
  const observer = await openDatabase(servers.scratch.target);
  return { withEndpoint, servers, observer, paymentIds, headers: await partnerHeaders(servers.appUrl), cpuPerPay: [] as number[] };
}

const none = await startPayServer(false);
const subscribed = await startPayServer(true);
const loads: number[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of round % 2 === 0 ? [none, subscribed] : [subscribed, none]) {
      const paymentIds = target.paymentIds.slice(round * PAYS, (round + 1) * PAYS);
      const before = await target.servers.cpuMicros();
      const result = await run(walletPayScenario(target.servers.appUrl, target.headers, paymentIds));
      if (result.rejected > 0 || result.non2xx > 0) throw new Error(`round ${round}: ${result.rejected} pays rejected, ${result.non2xx} not 2xx`);
      // A pay the load generator gave up on (its 10 s time-out, on a saturated machine) still runs to
      // its end in the server: wait for every pay, then for every delivery.
      const { db } = target.observer;
      const until = async (done: () => Promise<boolean>) => {
        while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 20));
      };
      await until(async () => (await db.payOrder.count({ where: { status: PayOrderStatus.PAID } })) >= (round + 1) * PAYS);
      const expected = target.withEndpoint ? (round + 1) * PAYS * EVENTS_PER_PAY : 0;
      await until(async () => (await db.webhookDelivery.count({ where: { status: DeliveryStatus.DELIVERED } })) >= expected);
      target.cpuPerPay.push((await target.servers.cpuMicros()) - before);
    }
    loads.push(loadavg()[0] as number);
  }
  const perPay = (values: number[]) => values.map((micros) => micros / PAYS);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const [a, b] = [perPay(none.cpuPerPay), perPay(subscribed.cpuPerPay)];
  const show = (values: number[]) => values.map((value) => value.toFixed(0)).join(' / ');
  console.log(`server CPU per wallet pay, µs, ${PAYS} pays per round, ${ROUNDS} rounds (load average ${loads.map((load) => load.toFixed(1)).join(', ')})`);
  console.log(`no endpoint:         ${show(a)}   median ${median(a).toFixed(0)}`);
  console.log(`endpoint subscribed: ${show(b)}   median ${median(b).toFixed(0)} (incl. ${EVENTS_PER_PAY} deliveries per pay; ${received} received)`);
  console.log(`speed ratio (no endpoint ÷ subscribed, medians): ${(median(a) / median(b)).toFixed(2)} (target >= 0.9)`);
} finally {
  for (const target of [none, subscribed]) {
    await target.observer.close();
    await target.servers.stop();
  }
  receiver.close();
}
