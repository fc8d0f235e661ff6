// Server CPU per hot read, the prepared statements of src/core/db/hot-reads.ts against their Prisma
// reference (PrismaPartnerReads), alternating in one process on a scratch database of TEST_DATABASE's
// provider: CPU time per call (process.cpuUsage) is far steadier than req/s on a shared machine. Then
// the tRPC query member.get through the whole app against a bare procedure on a bare Fastify with the
// same adapter and transformer, the same input schema and the same member view read (the core's, for
// a staff context made once): what is left between them is ours (hooks, context, middleware). Also
// the staff authentication member.get runs first, and a bare procedure that answers { ok: true } with
// no input (the reference before 2026-11-25 night), each through Fastify's inject (no sockets).
//
// The tRPC calls run in many short paired rounds (the order turned around every round, warm-up
// rounds discarded); the figure is the median of the per-round ratios, with quartiles and range.
// Long rounds swung 2.5x: the adapter leaves 15-40 KB per call in the old generation, so a full
// collection of the ~100 MB heap (0.1-0.3 s) lands in one round or another, and a neighbour's burst
// hits one side of a pair. A full collection runs before every round, outside the measure, for all
// sides alike, and its background sweeping is let finish before the round starts; what each call
// promotes for it is shown, so that part is not hidden.
//   npx tsx bench/read-cpu.ts                          # SQLite
//   npx tsx bench/read-cpu.ts trpc                     # the tRPC comparison only
//   TEST_DATABASE=postgresql npx tsx bench/read-cpu.ts # PostgreSQL (TEST_POSTGRES_URL)
//   BENCH_TRPC_ROUNDS=40 BENCH_TRPC_CALLS=200 BENCH_TRPC_WARMUP=4  # the tRPC rounds (defaults)
//   BENCH_PROFILE=/tmp/trpc  # then 2,000 calls of member.get and of the bare procedure, each alone,
//     under V8's profiler: /tmp/trpc-member.get.cpuprofile and /tmp/trpc-bare.cpuprofile (DevTools)
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import superjson from 'superjson';
import { loadConfig } from '../src/config';
import { recordIdSchema } from '../src/core/admin/save-shape';
import { type PartnerReads, PrismaPartnerReads } from '../src/core/db/partner-reads';
import { z } from '../src/core/validation';
import { buildApp } from '../src/server';
import { seededAdminToken } from '../test/support/admin';
import { createBoundMember, createPurchaseOrder } from '../test/support/commerce-fixtures';
import { createTestDatabase, SEED } from '../test/support/database';
import { median } from './stats';

const CALLS = Number(process.env.BENCH_CALLS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TRPC_ROUNDS = Number(process.env.BENCH_TRPC_ROUNDS ?? 40);
const TRPC_CALLS = Number(process.env.BENCH_TRPC_CALLS ?? 200);
const TRPC_WARMUP = Number(process.env.BENCH_TRPC_WARMUP ?? 4);
const TRPC_ONLY = process.argv[2] === 'trpc';
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const scratch = await createTestDatabase('read_cpu');
try {
  const { db, reads: hot } = scratch.database;
  const prisma = new PrismaPartnerReads(db);
  const member = await createBoundMember(db, { balance: 1000 });
  const order = await createPurchaseOrder(db, member, { lines: [{}, {}, {}] });
  const scope = { tenantId: 1, partnerClientId: SEED.partnerClientId };
  const reads: Record<string, (reads: PartnerReads) => Promise<unknown>> = {
    'wallet balance': (on) => on.walletBalance({ ...scope, externalUserId: member.externalUserId }),
    'purchase get': (on) => on.purchaseOrder(scope, { orderNo: order.orderNo }),
    'order-item page': (on) => on.orderItemPage({ ...scope, memberId: member.memberId }, { skip: 0, take: 10 }),
    'QC latest': (on) => on.qcLatest({ tenantId: 1, goodsId: '70000', source: 1, take: 10 }),
    'member view (tRPC member.get)': (on) => on.memberDetail({ tenantId: 1, memberId: member.memberId }),
  };
  /** Microseconds of CPU per call, after a warm-up. */
  const cpuPerCall = async (call: () => Promise<unknown>) => {
    for (let i = 0; i < 200; i++) await call();
    const start = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await call();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / CALLS;
  };
  const show = (values: number[]) => values.map((value) => value.toFixed(0)).join(' / ');
  if (!TRPC_ONLY) {
    console.log(`| read (${scratch.database.target.provider}) | prepared statements, µs CPU per call | Prisma, µs | Prisma ÷ prepared (medians) |`);
    console.log('|---|---|---|---:|');
    // The balance's former warm path, for comparison: Prisma's read of the wallet by member id.
    const former = () => db.wallet.findUnique({ where: { memberId: member.memberId }, select: { memberId: true, balance: true } });
    for (const [name, read] of Object.entries(reads)) {
      const raw: number[] = [];
      const reference: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        raw.push(await cpuPerCall(() => read(hot)));
        reference.push(await cpuPerCall(name === 'wallet balance' ? former : () => read(prisma)));
      }
      console.log(`| ${name === 'wallet balance' ? `${name} (Prisma: its former warm path, the wallet by member id)` : name} | ${show(raw)} | ${show(reference)} | ${(median(reference) / median(raw)).toFixed(1)} |`);
    }
  }

  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEBHOOK_POLL_INTERVAL_MS: '0', DATABASE_URL: scratch.database.target.url, PAYMENT_CHANNEL_SECRET: randomBytes(32).toString('hex') });
  const { app, core } = await buildApp({ config, database: scratch.database, logger: false });
  const authorization = `Bearer ${await seededAdminToken(core)}`;
  const { ctx: staff } = await core.adminAuth.contextFor({ requestId: 'cpu', ip: '127.0.0.1', authorization });
  const t = initTRPC.create({ transformer: superjson });
  const bare = Fastify({ logger: false });
  const bareRouter = t.router({
    ping: t.procedure.query(() => ({ ok: true })),
    member: t.router({ get: t.procedure.input(z.object({ memberId: recordIdSchema })).query(({ input }) => core.members.detail(staff, input.memberId)) }),
  });
  await bare.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router: bareRouter } });
  await Promise.all([app.ready(), bare.ready()]);
  // The console's headers: its token, and the browser's Accept-Language (the bare procedure gets it too).
  const headers = { authorization, 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };
  const memberGet = { url: `/trpc/member.get?input=${encodeURIComponent(JSON.stringify({ json: { memberId: member.memberId } }))}`, headers };
  const [whole, same] = await Promise.all([app.inject(memberGet), bare.inject(memberGet)]);
  if (whole.statusCode !== 200 || whole.body !== same.body) throw new Error(`member.get answered ${whole.statusCode}, or not as the bare procedure does`);
  const calls: Record<string, () => Promise<unknown>> = {
    'tRPC member.get (whole app)': () => app.inject(memberGet),
    'bare tRPC procedure, same adapter, transformer, input and read': () => bare.inject(memberGet),
    'bare tRPC ping (no input, answers { ok: true })': () => bare.inject({ url: '/trpc/ping', headers }),
    'staff authentication (token, tenant, permission)': async () => {
      const { ctx } = await core.adminAuth.contextFor({ requestId: 'cpu', ip: '127.0.0.1', authorization });
      await core.permissions.authorize(ctx, 'ops:member:query');
    },
  };
  // Bytes in the old generation: what survived the young one, which only a full collection frees.
  const promotedBytes = () => getHeapSpaceStatistics().reduce((sum, space) => (space.space_name.startsWith('old') || space.space_name.startsWith('large') ? sum + space.space_used_size : sum), 0);
  const perRound: Record<string, { micros: number[]; promotedKb: number[] }> = {};
  const entries = Object.entries(calls);
  for (let round = 0; round < TRPC_WARMUP + TRPC_ROUNDS; round++) {
    collectGarbage();
    // V8 sweeps after a full collection on background threads, whose CPU process.cpuUsage counts:
    // measured at once, the first side of a round paid ~30 ms of it (2-3x its CPU per call), and
    // that side was member.get in every other round and the bare procedure never. Let it finish.
    await sleep(100);
    for (const [name, call] of round % 2 ? [...entries].reverse() : entries) {
      const promotedBefore = promotedBytes();
      const start = process.cpuUsage();
      for (let i = 0; i < TRPC_CALLS; i++) await call();
      const used = process.cpuUsage(start);
      if (round < TRPC_WARMUP) continue;
      const row = (perRound[name] ??= { micros: [], promotedKb: [] });
      row.micros.push((used.user + used.system) / TRPC_CALLS);
      row.promotedKb.push((promotedBytes() - promotedBefore) / TRPC_CALLS / 1024);
    }
  }
  const quartiles = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (share: number) => sorted[Math.round(share * (sorted.length - 1))] as number;
    return { min: at(0), low: at(0.25), median: at(0.5), high: at(0.75), max: at(1) };
  };
  const spread = (values: number[], digits: number) => {
    const { min, low, median: middle, high, max } = quartiles(values);
    return `**${middle.toFixed(digits)}** | ${low.toFixed(digits)}-${high.toFixed(digits)} | ${min.toFixed(digits)}-${max.toFixed(digits)}`;
  };
  console.log(`\n${TRPC_ROUNDS} paired rounds of ${TRPC_CALLS} calls (${TRPC_WARMUP} warm-up rounds discarded)\n`);
  console.log('| call | µs CPU per call, median | quartiles | min-max | promoted to the old generation, KB per call |\n|---|---:|---:|---:|---:|');
  for (const [name, { micros, promotedKb }] of Object.entries(perRound)) console.log(`| ${name} | ${spread(micros, 0)} | ${quartiles(promotedKb).median.toFixed(1)} |`);
  const memberGetMicros = perRound['tRPC member.get (whole app)']?.micros ?? [];
  const ratioTo = (reference: string) => spread((perRound[reference]?.micros ?? []).map((micros, round) => micros / (memberGetMicros[round] as number)), 2);
  console.log('\n| member.get on equal CPU (paired per-round ratios) | median | quartiles | min-max |\n|---|---:|---:|---:|');
  console.log(`| of the bare procedure answering the same | ${ratioTo('bare tRPC procedure, same adapter, transformer, input and read')} |`);
  console.log(`| of the bare ping | ${ratioTo('bare tRPC ping (no input, answers { ok: true })')} |`);
  if (process.env.BENCH_PROFILE) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    for (const [side, call] of Object.entries({ 'member.get': calls['tRPC member.get (whole app)'], bare: calls['bare tRPC procedure, same adapter, transformer, input and read'] })) {
      collectGarbage();
      await session.post('Profiler.start');
      for (let i = 0; i < 2000; i++) await call?.();
      const { profile } = await session.post('Profiler.stop');
      await writeFile(`${process.env.BENCH_PROFILE}-${side}.cpuprofile`, JSON.stringify(profile));
    }
    session.disconnect();
  }
  await Promise.all([app.close(), bare.close()]);
} finally {
  await scratch.drop();
}
