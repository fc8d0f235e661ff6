// Server CPU per partner read, the prepared statements of src/core/db/hot-reads.ts against their Prisma
// reference (PrismaPartnerReads), alternating in one process on a scratch database of TEST_DATABASE's
// provider: CPU time per call (process.cpuUsage) is far steadier than req/s on a shared machine.
//   npx tsx bench/read-cpu.ts                          # SQLite
//   TEST_DATABASE=postgresql npx tsx bench/read-cpu.ts # PostgreSQL (TEST_POSTGRES_URL)
import { type PartnerReads, PrismaPartnerReads } from '../src/core/db/partner-reads';
import { createBoundMember, createPurchaseOrder } from '../test/support/commerce-fixtures';
import { createTestDatabase, SEED } from '../test/support/database';

const CALLS = Number(process.env.BENCH_CALLS ?? 3000);
const ROUNDS = 3;

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
  };
  /** Microseconds of CPU per call, after a warm-up. */
  const cpuPerCall = async (call: () => Promise<unknown>) => {
    for (let i = 0; i < 200; i++) await call();
    const start = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await call();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / CALLS;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
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
    const show = (values: number[]) => values.map((value) => value.toFixed(0)).join(' / ');
    console.log(`| ${name === 'wallet balance' ? `${name} (Prisma: its former warm path, the wallet by member id)` : name} | ${show(raw)} | ${show(reference)} | ${(median(reference) / median(raw)).toFixed(1)} |`);
  }
} finally {
  await scratch.drop();
}
