// Server CPU per partner write (issue 12: writes >= 0.5 of a raw-driver transaction doing the same
// writes), counted by process.cpuUsage, which req/s on a shared machine cannot show steadily. Each
// round makes BENCH_WRITES writes through the app, and as the reference runs the same writes through
// the raw driver (bench/raw-driver.ts, the SQL of volume-server's /raw/wallet-pay or
// /raw/order-create) in this process with nothing else running, plus the server CPU of as many bare
// Fastify answers: a raw transaction behind a bare route. With BENCH_BASELINE=<another checkout>
// (e.g. /work/main), that checkout's server makes as many on the same database in each round, its
// turn alternating. The write is wallet pay (default) or order create.
// The first BENCH_WARMUP rounds are run and not counted: CPU per write falls to less than half over
// the first few thousand writes while V8 optimises the route and the service (and the reference).
//   npx tsx bench/write-cpu.ts [pay|create]          # BENCH_WRITES (300) per round, BENCH_ROUNDS (4), BENCH_WARMUP (3)
//   BENCH_BASELINE=/work/main npx tsx bench/write-cpu.ts create
import { loadavg } from 'node:os';
import { DEMO_MEMBER } from '../prisma/demo/member';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { SEED } from '../test/support/database';
import { goods, orderCreateScenario, type Payable, partnerHeaders, preparePayableOrders, sku, walletPayScenario } from './commerce-scenarios';
import { run, type Scenario, startBaseline, startServers } from './harness';
import { openRawDriver, type RawOrderInput, rawOrderCreate, rawWalletPay } from './raw-driver';
import { median } from './stats';

const MODE = process.argv[2] ?? 'pay';
if (MODE !== 'pay' && MODE !== 'create') throw new Error(`write-cpu: unknown write ${MODE} (pay or create)`);
const WRITES = Number(process.env.BENCH_WRITES ?? process.env.BENCH_PAYS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
/** Writes per round: the app's, the raw reference's, and the baseline's (pays each consume a prepared order). */
const SHARES = 3;

let payables: Payable[] = [];
let orderer: RawOrderInput | undefined;
const servers = await startServers({
  demoData: true,
  prepare: async (db) => {
    const member = await db.member.findUniqueOrThrow({ where: { unionId: DEMO_MEMBER.unionId }, include: { addresses: true } });
    orderer = {
      tenantId: SYSTEM_TENANT_ID,
      partnerClientId: SEED.partnerClientId,
      memberId: member.id,
      externalUserId: DEMO_MEMBER.externalUserId,
      addressId: member.addresses[0]?.id as number,
      goodsId: goods.goodsId,
      skuId: sku.skuId,
    };
    if (MODE === 'pay') payables = await preparePayableOrders(db, WRITES * (WARMUP + ROUNDS) * SHARES);
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
  const payablesOf = (round: number, share: number) => payables.slice((round * SHARES + share) * WRITES, (round * SHARES + share + 1) * WRITES);
  const scenarioOf = (appUrl: string, round: number, share: number): Scenario =>
    MODE === 'pay' ? walletPayScenario(appUrl, headers, payablesOf(round, share)) : { ...orderCreateScenario(appUrl, headers), amount: WRITES };
  const rawWrite = async (round: number) => {
    if (MODE === 'pay') {
      for (const { paymentId } of payablesOf(round, 1)) if (!(await rawWalletPay(raw, paymentId, orderer?.memberId as number))) throw new Error(`raw pay: ${paymentId} not payable`);
    } else {
      for (let index = 0; index < WRITES; index++) await rawOrderCreate(raw, orderer as RawOrderInput);
    }
  };
  const writes = async (appUrl: string, scenario: Scenario, cpuMicros: () => Promise<number>) => {
    const before = await cpuMicros();
    const result = await run(scenario);
    if (result.rejected > 0 || result.non2xx > 0) throw new Error(`${result.rejected} writes rejected, ${result.non2xx} not 2xx`);
    return ((await cpuMicros()) - before) / WRITES;
  };
  const rounds: Array<{ app: number; baseline: number; raw: number; bare: number; load: number }> = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const runBaseline = async () => (baseline ? await writes(baseline.appUrl, scenarioOf(baseline.appUrl, round, 2), baseline.cpuMicros) : NaN);
    const first = round % 2 === 1 ? await runBaseline() : undefined;
    const app = await writes(servers.appUrl, scenarioOf(servers.appUrl, round, 0), servers.cpuMicros);
    const baselineMicros = first ?? (await runBaseline());
    const rawStart = cpuNow();
    await rawWrite(round);
    const rawMicros = (cpuNow() - rawStart) / WRITES;
    const bareStart = await servers.cpuMicros();
    await run({ name: 'bare', url: servers.bareUrl, amount: WRITES });
    const bare = ((await servers.cpuMicros()) - bareStart) / WRITES;
    const load = loadavg()[0] as number;
    if (round >= WARMUP) rounds.push({ app, baseline: baselineMicros, raw: rawMicros, bare, load });
    console.log(
      `${round < WARMUP ? 'warm-up ' : ''}round ${round} (load ${load.toFixed(1)}): app ${app.toFixed(0)} µs, raw transaction ${rawMicros.toFixed(0)} + bare route ${bare.toFixed(0)} µs` +
        (baseline ? `, baseline app ${baselineMicros.toFixed(0)} µs` : ''),
    );
  }
  const of = (key: 'app' | 'baseline' | 'raw' | 'bare') => median(rounds.map((r) => r[key]));
  console.log(
    `server CPU per ${MODE === 'pay' ? 'wallet pay' : 'order create'}, medians of ${ROUNDS} rounds of ${WRITES}: app ${of('app').toFixed(0)} µs, raw reference ${(of('raw') + of('bare')).toFixed(0)} µs ` +
      `(ratio on equal CPU ${median(rounds.map((r) => (r.raw + r.bare) / r.app)).toFixed(2)}, target >= 0.5)` +
      (baseline ? `; baseline ${of('baseline').toFixed(0)} µs (ratio ${median(rounds.map((r) => (r.raw + r.bare) / r.baseline)).toFixed(2)}), this/baseline per round median ${median(rounds.map((r) => r.app / r.baseline)).toFixed(2)}` : ''),
  );
} finally {
  await raw.close();
  await baseline?.stop();
  await servers.stop();
}
