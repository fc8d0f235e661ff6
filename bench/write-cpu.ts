// Server CPU per wallet pay (issue 12: writes >= 0.5 of a raw-driver transaction doing the same
// writes), counted by process.cpuUsage, which req/s on a shared machine cannot show steadily. Each
// round pays BENCH_PAYS orders through the app, and as the reference runs the same transaction
// through the raw driver (bench/raw-driver.ts, the SQL of volume-server's /raw/wallet-pay) in this
// process with nothing else running, plus the server CPU of as many bare Fastify answers: a raw
// transaction behind a bare route. With BENCH_BASELINE=<another checkout> (e.g. /work/main), that
// checkout's server pays as many orders on the same database in each round, its turn alternating.
//   npx tsx bench/write-cpu.ts                      # BENCH_PAYS (300) per round, BENCH_ROUNDS (4)
//   BENCH_BASELINE=/work/main npx tsx bench/write-cpu.ts
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { OrderItemStatus, PayOrderStatus, PurchaseOrderStatus } from '../src/core/order/statuses';
import { partnerHeaders, preparePayableOrders, walletPayScenario } from './commerce-scenarios';
import { run, startServers } from './harness';
import { openRawDriver, type RawDriver } from './raw-driver';

const PAYS = Number(process.env.BENCH_PAYS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** Pay orders per round: the app's, the raw reference's, and the baseline's. */
const SHARES = 3;

/** The baseline checkout's app server on the same database, and its CPU clock. */
async function startBaseline(checkout: string, databaseUrl: string) {
  const child = fork(resolve(checkout, 'bench/server.ts'), [], { cwd: checkout, execArgv: ['--import', 'tsx'], env: { ...process.env, DATABASE_URL: databaseUrl } });
  const { appUrl } = await new Promise<{ appUrl: string }>((done) => child.once('message', (message) => done(message as { appUrl: string })));
  const cpuMicros = () =>
    new Promise<number>((done) => {
      child.once('message', (message) => done((message as { cpuMicros: number }).cpuMicros));
      child.send('cpu');
    });
  const stop = () => new Promise((done) => (child.once('exit', done), child.send('stop')));
  return { appUrl, cpuMicros, stop };
}

/** volume-server's /raw/wallet-pay: the same writes in one transaction on the raw driver. */
async function rawWalletPay(raw: RawDriver, paymentId: string, memberId: number): Promise<void> {
  const now = raw.time(new Date());
  await raw.transaction(async (tx) => {
    const [payOrder] = await tx.all('SELECT "id", "amount", "status" FROM "PayOrder" WHERE "paymentId" = ?', [paymentId]);
    if (!payOrder || payOrder.status !== PayOrderStatus.UNPAID) throw new Error(`raw pay: ${paymentId} not payable`);
    await tx.run('UPDATE "PayOrder" SET "status" = ?, "paidAt" = ?, "updatedAt" = ? WHERE "id" = ? AND "status" = ?', [PayOrderStatus.PAID, now, now, payOrder.id, PayOrderStatus.UNPAID]);
    const [order] = await tx.all('SELECT "id" FROM "PurchaseOrder" WHERE "paymentId" = ?', [paymentId]);
    await tx.run('UPDATE "PurchaseOrder" SET "status" = ?, "paidAt" = ?, "updatedAt" = ? WHERE "id" = ? AND "status" = ?', [PurchaseOrderStatus.PAID, now, now, order?.id, PurchaseOrderStatus.UNPAID]);
    await tx.run('UPDATE "PurchaseOrderItem" SET "status" = ?, "updatedAt" = ? WHERE "orderId" = ? AND "status" = ?', [OrderItemStatus.PAID, now, order?.id, OrderItemStatus.UNPAID]);
    const amount = Number(payOrder.amount);
    await tx.run('UPDATE "Wallet" SET "balance" = "balance" - ?, "updatedAt" = ? WHERE "memberId" = ? AND "balance" >= ?', [amount, now, memberId, amount]);
    const [wallet] = await tx.all('SELECT "id", "balance" FROM "Wallet" WHERE "memberId" = ?', [memberId]);
    await tx.run('INSERT INTO "WalletLedger" ("walletId", "memberId", "amount", "balanceAfter", "kind", "bizRef", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?)', [
      wallet?.id, memberId, -amount, wallet?.balance, 'pay', `pay:${paymentId}`, now,
    ]);
  });
}

let paymentIds: string[] = [];
let memberId = 0;
const servers = await startServers({
  demoData: true,
  prepare: async (db) => {
    paymentIds = await preparePayableOrders(db, PAYS * ROUNDS * SHARES);
    memberId = (await db.payOrder.findFirstOrThrow({ select: { memberId: true } })).memberId;
  },
});
const baseline = process.env.BENCH_BASELINE ? await startBaseline(process.env.BENCH_BASELINE, servers.scratch.target.url) : undefined;
const raw = openRawDriver(servers.scratch.target);
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
try {
  const headers = await partnerHeaders(servers.appUrl);
  const idsOf = (round: number, share: number) => paymentIds.slice((round * SHARES + share) * PAYS, (round * SHARES + share + 1) * PAYS);
  const pays = async (appUrl: string, ids: string[], cpuMicros: () => Promise<number>) => {
    const before = await cpuMicros();
    const result = await run(walletPayScenario(appUrl, headers, ids));
    if (result.rejected > 0 || result.non2xx > 0) throw new Error(`${result.rejected} pays rejected, ${result.non2xx} not 2xx`);
    return ((await cpuMicros()) - before) / ids.length;
  };
  const rounds: Array<{ app: number; baseline: number; raw: number; bare: number; load: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const runBaseline = async () => (baseline ? await pays(baseline.appUrl, idsOf(round, 2), baseline.cpuMicros) : NaN);
    const first = round % 2 === 1 ? await runBaseline() : undefined;
    const app = await pays(servers.appUrl, idsOf(round, 0), servers.cpuMicros);
    const baselineMicros = first ?? (await runBaseline());
    const rawStart = cpuNow();
    for (const paymentId of idsOf(round, 1)) await rawWalletPay(raw, paymentId, memberId);
    const rawMicros = (cpuNow() - rawStart) / PAYS;
    const bareStart = await servers.cpuMicros();
    await run({ name: 'bare', url: servers.bareUrl, amount: PAYS });
    const bare = ((await servers.cpuMicros()) - bareStart) / PAYS;
    const load = loadavg()[0] as number;
    rounds.push({ app, baseline: baselineMicros, raw: rawMicros, bare, load });
    console.log(
      `round ${round} (load ${load.toFixed(1)}): app ${app.toFixed(0)} µs, raw transaction ${rawMicros.toFixed(0)} + bare route ${bare.toFixed(0)} µs` +
        (baseline ? `, baseline app ${baselineMicros.toFixed(0)} µs` : ''),
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const of = (key: 'app' | 'baseline' | 'raw' | 'bare') => median(rounds.map((r) => r[key]));
  console.log(
    `server CPU per wallet pay, medians of ${ROUNDS} rounds of ${PAYS}: app ${of('app').toFixed(0)} µs, raw reference ${(of('raw') + of('bare')).toFixed(0)} µs ` +
      `(ratio on equal CPU ${median(rounds.map((r) => (r.raw + r.bare) / r.app)).toFixed(2)}, target >= 0.5)` +
      (baseline ? `; baseline ${of('baseline').toFixed(0)} µs (ratio ${median(rounds.map((r) => (r.raw + r.bare) / r.baseline)).toFixed(2)}), this/baseline per round median ${median(rounds.map((r) => r.app / r.baseline)).toFixed(2)}` : ''),
  );
} finally {
  await raw.close();
  await baseline?.stop();
  await servers.stop();
}
