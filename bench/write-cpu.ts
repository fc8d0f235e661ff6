// Server CPU per wallet pay (issue 12: writes >= 0.5 of a raw-driver transaction doing the same
// writes), counted by process.cpuUsage, which req/s on a shared machine cannot show steadily. Each
// round pays BENCH_PAYS orders through the app, and as the reference runs the same transaction
// through the raw driver (bench/raw-driver.ts, the SQL of volume-server's /raw/wallet-pay) in this
// process with nothing else running, plus the server CPU of as many bare Fastify answers: a raw
// transaction behind a bare route. With BENCH_BASELINE=<another checkout> (e.g. /work/main), that
// checkout's server pays as many orders on the same database in each round, its turn alternating.
//   npx tsx bench/write-cpu.ts                      # BENCH_PAYS (300) per round, BENCH_ROUNDS (4)
//   BENCH_BASELINE=/work/main npx tsx bench/write-cpu.ts
import { loadavg } from 'node:os';
import { partnerHeaders, preparePayableOrders, walletPayScenario } from './commerce-scenarios';
import { run, startBaseline, startServers } from './harness';
import { openRawDriver, rawWalletPay } from './raw-driver';

const PAYS = Number(process.env.BENCH_PAYS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** Pay orders per round: the app's, the raw reference's, and the baseline's. */
const SHARES = 3;

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
    for (const paymentId of idsOf(round, 1)) if (!(await rawWalletPay(raw, paymentId, memberId))) throw new Error(`raw pay: ${paymentId} not payable`);
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
