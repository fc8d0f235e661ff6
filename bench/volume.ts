// npm run bench:volume [-- --full <url> --small-scale 0.001 --rounds 3]: every partner operation, the
// console's 100-user page and a tRPC query, each on a small database (1,000 order items, made here at
// --small-scale) and on the full-volume database (DATABASE_URL or --full, filled by npm run bench:data),
// with reference routes alternating with each target in the same run: bare Fastify, bare Fastify
// running the same Prisma call, and the raw driver doing the same SQL. Prints, per database, the
// min/median/max req/s over the rounds, p99 and the ratio of each target to its references, then
// each target's full-volume rate as a share of its small-database rate, as req/s and as its ratio to
// the bare route. Each round runs on both databases, one after the other. With BENCH_PROFILE=<dir>, each
// server process leaves a V8 CPU profile there (with --only, a profile of one route and its references).
import { type ChildProcess, fork } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { migrationsDir } from '../prisma/schema';
import { seedDatabase } from '../prisma/seed';
import { openDatabase } from '../src/core/db/client';
import { databaseTarget, DEFAULT_DATABASE_URL, type DatabaseTarget } from '../src/core/db/database-url';
import { deployMigrations } from '../src/core/db/migrations';
import { createScratchDatabase } from '../src/core/db/scratch-database';
import { SEED } from '../test/support/database';
import { generateVolume } from './data';
import { openRawDriver } from './raw-driver';
import { median } from './stats';

const { values: args } = parseArgs({
  options: {
    full: { type: 'string' },
    'small-scale': { type: 'string', default: '0.001' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '3' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '10' },
    /** Pays per route and round (each consumes an unpaid order made by the order-create routes). */
    pays: { type: 'string', default: '600' },
    only: { type: 'string' },
  },
});
const ROUNDS = Number(args.rounds);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const PAYS = Number(args.pays);
/** The console page the bench reads: 100 users with department, roles and posts. */
const USER_PAGE_SIZE = 100;

interface Servers {
  appUrl: string;
  referenceUrl: string;
  partnerToken: string;
  adminToken: string;
  issuer: { clientId: string; secret: string };
  stop(): Promise<void>;
}

async function startServers(target: DatabaseTarget, partnerClientId: string): Promise<Servers> {
  const child: ChildProcess = fork(new URL('./volume-server.ts', import.meta.url).pathname, [], {
    // BENCH_PROFILE=<dir>: each server process writes a V8 CPU profile there when it stops.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
    env: { ...process.env, DATABASE_URL: target.url, BENCH_PARTNER: partnerClientId },
  });
  const ready = await new Promise<Omit<Servers, 'stop'>>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Omit<Servers, 'stop'>));
    child.once('exit', (code) => reject(new Error(`volume server exited with ${code}`)));
  });
  return {
    ...ready,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}

interface Route {
  name: string;
  /** Builds the n-th request. */
  request: (n: number) => { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };
  /** A fixed number of requests instead of a duration (routes that consume records). */
  amount?: number;
}

/** A target and the references it is compared with, run one after another in each round. */
interface Group {
  name: string;
  target: Route;
  references: Route[];
}

interface Sample {
  requestsPerSecond: number;
  p99: number;
  failed: number;
}

const SUCCESS = /^\{"(code":0|data":\{)|^\[?\{"result"/;

async function measure(route: Route): Promise<Sample> {
  let n = 0;
  let failed = 0;
  let answered = 0;
  let lastAnswerAt = 0;
  const startedAt = performance.now();
  const first = route.request(0);
  const result = await autocannon({
    url: first.url,
    connections: CONNECTIONS,
    ...(route.amount ? { amount: route.amount } : { duration: SECONDS }),
    requests: [
      {
        setupRequest: (request) => {
          const next = route.request(n++);
          const url = new URL(next.url);
          return { ...request, method: next.method ?? 'GET', path: `${url.pathname}${url.search}`, headers: { ...next.headers }, body: next.body };
        },
        onResponse: (status, body) => {
          answered += 1;
          lastAnswerAt = performance.now();
          if (status !== 200 || !SUCCESS.test(body)) failed += 1;
        },
      },
    ],
  });
  // Answers over the time to the last one: autocannon's requests.average is a mean of whole-second
  // buckets and its finish waits for the next one, so a fixed amount done in under a second (the
  // pays) would read as that amount per second.
  return { requestsPerSecond: answered / ((lastAnswerAt - startedAt) / 1000), p99: result.latency.p99, failed: failed + result.errors };
}

interface Inputs {
  partnerClientId: string;
  /** Whose wallets, items and details the reads read. */
  members: { memberId: number; externalUserId: string; addressId: number }[];
  /** Who orders and pays (never one of `members`). */
  buyers: { memberId: number; externalUserId: string; addressId: number }[];
  goods: { goodsId: string; skuId: string }[];
  orderNos: string[];
  qcGoods: string[];
}

const memberOf = (row: Record<string, unknown>) => ({ memberId: Number(row.memberId), externalUserId: String(row.externalUserId), addressId: Number(row.addressId) });

async function pickInputs(target: DatabaseTarget): Promise<Inputs> {
  const raw = openRawDriver(target);
  try {
    const [binding] = await raw.all(`SELECT "partnerClientId" FROM "PartnerBinding" WHERE "externalUserId" LIKE 'vol-%' LIMIT 1`);
    if (!binding) throw new Error(`${target.url} holds no generated volume: run npm run bench:data on it first`);
    const partnerClientId = String(binding.partnerClientId);
    // Members spread over the table, with their default addresses: some whose data the reads read,
    // others who order and pay. Apart, so the orders the run makes do not grow the pages it reads
    // (on the small database a reader would otherwise gain thousands of items a round).
    const membersWhere = (remainder: number) =>
      raw.all(
        `SELECT b."memberId", b."externalUserId", a."id" AS "addressId" FROM "PartnerBinding" b JOIN "MemberAddress" a ON a."memberId" = b."memberId" WHERE b."partnerClientId" = ? AND b."externalUserId" LIKE 'vol-%' AND b."memberId" % 7 = ${remainder} ORDER BY b."memberId" LIMIT 500`,
        [partnerClientId],
      );
    const [members, buyers] = [await membersWhere(3), await membersWhere(5)];
    const goods = await raw.all(`SELECT g."goodsId", s."skuId" FROM "Goods" g JOIN "GoodsSku" s ON s."goodsRecordId" = g."id" WHERE g."source" = 1 AND g."id" % 3 = 1 AND s."skuId" LIKE '%-3' ORDER BY g."id" LIMIT 500`);
    const orders = await raw.all(`SELECT "orderNo" FROM "PurchaseOrder" WHERE "partnerClientId" = ? AND "id" % 5 = 2 ORDER BY "id" LIMIT 500`, [partnerClientId]);
    const qc = await raw.all(`SELECT DISTINCT "goodsId" FROM "QcRecord" WHERE "id" % 5 = 1 ORDER BY "goodsId" LIMIT 500`);
    return {
      partnerClientId,
      members: members.map(memberOf),
      buyers: buyers.map(memberOf),
      goods: goods.map((row) => ({ goodsId: String(row.goodsId), skuId: String(row.skuId) })),
      orderNos: orders.map((row) => String(row.orderNo)),
      qcGoods: qc.map((row) => String(row.goodsId)),
    };
  } finally {
    await raw.close();
  }
}

/**
 * Unpaid orders made by the order-create routes of this run, for the pay routes. Their buyers' wallets
 * are credited what they owe first: every pay route then debits, never stops at a short balance (on
 * the small database a few buyers pay hundreds of orders a round).
 */
async function unpaidOrders(target: DatabaseTarget, partnerClientId: string): Promise<{ paymentId: string; externalUserId: string; memberId: number }[]> {
  const raw = openRawDriver(target);
  try {
    await raw.run(
      `UPDATE "Wallet" SET "balance" = "balance" + (SELECT COALESCE(SUM(o."payAmount"), 0) FROM "PurchaseOrder" o WHERE o."memberId" = "Wallet"."memberId" AND o."partnerClientId" = ? AND o."status" = 0 AND o."outOrderNo" LIKE 'vbench-%')
       WHERE "memberId" IN (SELECT DISTINCT "memberId" FROM "PurchaseOrder" WHERE "partnerClientId" = ? AND "status" = 0 AND "outOrderNo" LIKE 'vbench-%')`,
      [partnerClientId, partnerClientId],
    );
    const rows = await raw.all(`SELECT "paymentId", "externalUserId", "memberId" FROM "PurchaseOrder" WHERE "partnerClientId" = ? AND "status" = 0 AND "outOrderNo" LIKE 'vbench-%' ORDER BY "id"`, [partnerClientId]);
    return rows.map((row) => ({ paymentId: String(row.paymentId), externalUserId: String(row.externalUserId), memberId: Number(row.memberId) }));
  } finally {
    await raw.close();
  }
}

const at = <T>(list: T[], n: number) => list[n % list.length] as T;

type Pay = { paymentId: string; externalUserId: string; memberId: number };

/** The unpaid orders each pay route consumes in the current round, filled just before the pay group runs. */
interface PayLists {
  target: Pay[];
  prisma: Pay[];
  raw: Pay[];
}

function groups(servers: Servers, inputs: Inputs, pays: PayLists): Group[] {
  const partner = { authorization: `Bearer ${servers.partnerToken}` };
  const json = { 'content-type': 'application/json' };
  const app = servers.appUrl;
  const ref = servers.referenceUrl;
  const bare: Route = { name: 'bare Fastify', request: () => ({ url: `${ref}/bare` }) };
  const read = (name: string, path: string, prisma: string, raw: string, query: (n: number) => { target: string; reference: string }): Group => ({
    name,
    target: { name, request: (n) => ({ url: `${app}${path}?${query(n).target}`, headers: partner }) },
    references: [
      bare,
      { name: 'same Prisma call', request: (n) => ({ url: `${ref}${prisma}?${query(n).reference}` }) },
      { name: 'raw driver', request: (n) => ({ url: `${ref}${raw}?${query(n).reference}` }) },
    ],
  });
  const createBody = (n: number) => {
    const member = at(inputs.buyers, n);
    const goods = at(inputs.goods, n);
    return { member, goods };
  };
  const all: Group[] = [
    read('wallet balance', '/open-api/pay/wallet/balance', '/prisma/balance', '/raw/balance', (n) => {
      const member = at(inputs.members, n);
      return { target: `externalUserId=${member.externalUserId}`, reference: `memberId=${member.memberId}` };
    }),
    read('goods detail', '/open-api/goods/detail', '/prisma/goods', '/raw/goods', (n) => {
      const query = `goodsId=${at(inputs.goods, n).goodsId}&source=1`;
      return { target: query, reference: query };
    }),
    read('purchase get', '/open-api/order/purchase/get', '/prisma/purchase', '/raw/purchase', (n) => {
      const query = `orderNo=${at(inputs.orderNos, n)}`;
      return { target: query, reference: query };
    }),
    read('order-item page', '/open-api/order/item/page', '/prisma/items', '/raw/items', (n) => {
      const query = `memberId=${at(inputs.members, n).memberId}`;
      return { target: `pageNo=1&pageSize=10&${query}`, reference: query };
    }),
    read('QC latest', '/open-api/goods/qc/latest', '/prisma/qc', '/raw/qc', (n) => {
      const query = `goodsId=${at(inputs.qcGoods, n)}&source=1`;
      return { target: query, reference: query };
    }),
    {
      name: 'order create',
      target: {
        name: 'order create',
        request: (n) => {
          const { member, goods } = createBody(n);
          return {
            url: `${app}/open-api/order/purchase/create`,
            method: 'POST' as const,
            headers: { ...partner, ...json },
            body: JSON.stringify({ outOrderNo: `vbench-${process.pid}-${Date.now()}-${n}`, externalUserId: member.externalUserId, items: [{ platformChannel: 1, goodsId: goods.goodsId, skuId: goods.skuId, qty: 1 }] }),
          };
        },
      },
      references: [
        bare,
        ...(['prisma', 'raw'] as const).map((kind) => ({
          name: kind === 'prisma' ? 'same Prisma writes' : 'raw driver transaction',
          request: (n: number) => {
            const { member, goods } = createBody(n);
            return { url: `${ref}/${kind}/order-create`, method: 'POST' as const, headers: json, body: JSON.stringify({ ...member, ...goods }) };
          },
        })),
      ],
    },
    {
      name: 'wallet pay',
      target: {
        name: 'wallet pay',
        get amount() {
          return pays.target.length;
        },
        request: (n) => {
          const pay = at(pays.target, n);
          return { url: `${app}/open-api/pay/wallet/pay`, method: 'POST', headers: { ...partner, ...json }, body: JSON.stringify({ externalUserId: pay.externalUserId, paymentId: pay.paymentId }) };
        },
      },
      references: [
        bare,
        ...([['same Prisma writes', 'prisma'], ['raw driver transaction', 'raw']] as const).map(([name, kind]) => ({
          name,
          get amount() {
            return pays[kind].length;
          },
          request: (n: number) => {
            const pay = at(pays[kind], n);
            return { url: `${ref}/${kind}/wallet-pay`, method: 'POST' as const, headers: json, body: JSON.stringify({ paymentId: pay.paymentId, memberId: pay.memberId }) };
          },
        })),
      ],
    },
    {
      name: 'token issue',
      target: {
        name: 'token issue',
        request: () => ({
          url: `${app}/open-api/system/oauth2/token?grant_type=client_credentials`,
          method: 'POST',
          headers: { authorization: `Basic ${Buffer.from(`${servers.issuer.clientId}:${servers.issuer.secret}`).toString('base64')}` },
        }),
      },
      references: [bare],
    },
    {
      name: 'GraphQL 100-user page',
      target: {
        name: 'GraphQL 100-user page',
        request: () => ({
          url: `${app}/graphql`,
          method: 'POST',
          headers: { authorization: `Bearer ${servers.adminToken}`, ...json },
          body: JSON.stringify({ query: `{ userPage(input: { pageNo: 1, pageSize: ${USER_PAGE_SIZE} }) { total list { id username nickname dept { id name } roles { id name } posts { id name } } } }` }),
        }),
      },
      references: [
        bare,
        { name: 'hand-written route, same Prisma queries', request: () => ({ url: `${ref}/prisma/users`, method: 'POST', headers: json, body: '{}' }) },
        { name: 'hand-written route, raw driver', request: () => ({ url: `${ref}/raw/users`, method: 'POST', headers: json, body: '{}' }) },
      ],
    },
    {
      name: 'tRPC member.get',
      target: {
        name: 'tRPC member.get',
        request: (n) => ({ url: `${app}/trpc/member.get?input=${encodeURIComponent(JSON.stringify({ json: { memberId: at(inputs.members, n).memberId } }))}`, headers: { authorization: `Bearer ${servers.adminToken}` } }),
      },
      references: [
        bare,
        { name: 'bare tRPC procedure, same adapter, input and read', request: (n) => ({ url: `${ref}/trpc/member.get?input=${encodeURIComponent(JSON.stringify({ json: { memberId: at(inputs.members, n).memberId } }))}` }) },
        { name: 'bare tRPC ping, same adapter', request: () => ({ url: `${ref}/trpc/ping` }) },
      ],
    },
  ];
  return all.filter((group) => !args.only || args.only.split(',').includes(group.name));
}

const round = (value: number) => Math.round(value);

interface Measured {
  group: string;
  route: string;
  samples: Sample[];
  /** Per round: the target's rate over this route's. */
  ratios: number[];
}

interface BenchedDatabase {
  label: string;
  target: DatabaseTarget;
}

/**
 * Runs every round on each database in turn (the order turned around every round), so a change of the
 * machine's load during the run weighs on both databases alike: the full ÷ small comparison is made of
 * rounds minutes apart, not of two halves of the run.
 */
async function benchDatabases(databases: readonly BenchedDatabase[]): Promise<Map<string, Measured[]>> {
  const prepared = [];
  for (const database of databases) {
    const inputs = await pickInputs(database.target);
    prepared.push({ ...database, inputs, servers: await startServers(database.target, inputs.partnerClientId), measured: new Map<string, Measured>() });
  }
  try {
    for (let roundNo = 0; roundNo < ROUNDS; roundNo += 1) {
      for (const { label, target, inputs, servers, measured } of roundNo % 2 ? [...prepared].reverse() : prepared) {
        const pays: PayLists = { target: [], prisma: [], raw: [] };
        for (const group of groups(servers, inputs, pays)) {
          if (group.name === 'wallet pay') {
            // Pays consume orders made by this round's order-create routes (which ran just before).
            const unpaid = await unpaidOrders(target, inputs.partnerClientId);
            const share = Math.min(PAYS, Math.floor(unpaid.length / 3));
            if (share === 0) continue;
            [pays.target, pays.prisma, pays.raw] = [0, 1, 2].map((part) => unpaid.slice(part * share, (part + 1) * share)) as [Pay[], Pay[], Pay[]];
          }
          const targetSample = await measure(group.target);
          const record = (route: string, sample: Sample, ratio: number) => {
            const key = `${group.name}\u0000${route}`;
            const entry = measured.get(key) ?? { group: group.name, route, samples: [], ratios: [] };
            entry.samples.push(sample);
            entry.ratios.push(ratio);
            measured.set(key, entry);
          };
          record(group.target.name, targetSample, 1);
          for (const reference of group.references) {
            const sample = await measure(reference);
            record(reference.name, sample, targetSample.requestsPerSecond / sample.requestsPerSecond);
          }
          process.stderr.write(`${label} round ${roundNo + 1}/${ROUNDS}: ${group.name} ${round(targetSample.requestsPerSecond)} req/s\n`);
        }
      }
    }
  } finally {
    for (const { servers } of prepared) await servers.stop();
  }
  return new Map(prepared.map(({ label, measured }) => [label, [...measured.values()]]));
}

function printTable(title: string, results: Measured[]): void {
  console.log(`\n### ${title}\n`);
  console.log('| operation | route | req/s min / median / max | p99 ms (median) | target ÷ route (median) | failed |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const result of results) {
    const rates = result.samples.map((sample) => sample.requestsPerSecond);
    const isTarget = result.route === result.group;
    console.log(
      `| ${isTarget ? `**${result.group}**` : ''} | ${isTarget ? 'OpenBuy' : result.route} | ${round(Math.min(...rates))} / ${round(median(rates))} / ${round(Math.max(...rates))} | ${median(result.samples.map((sample) => sample.p99))} | ${isTarget ? '' : median(result.ratios).toFixed(2)} | ${result.samples.reduce((sum, sample) => sum + sample.failed, 0)} |`,
    );
  }
}

async function smallDatabase(provider: DatabaseTarget['provider']) {
  const scratch = await createScratchDatabase(provider, 'bench_volume_small');
  await deployMigrations(scratch.target, { dir: migrationsDir(provider) });
  const database = await openDatabase(scratch.target);
  try {
    await seedDatabase(database, SEED);
  } finally {
    await database.close();
  }
  await generateVolume(scratch.target, { scale: Number(args['small-scale']), partnerClientId: SEED.partnerClientId, fullUserPage: USER_PAGE_SIZE });
  return scratch;
}

const full = databaseTarget(args.full ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
const small = await smallDatabase(full.provider);
try {
  console.log(`# bench:volume on ${full.provider}, ${new Date().toISOString().slice(0, 16)} UTC`);
  console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB; ${CONNECTIONS} connections, ${SECONDS} s per route, ${ROUNDS} rounds, pays ${PAYS} per route and round`);
  const results = await benchDatabases([
    { label: 'small', target: small.target },
    { label: 'full', target: full },
  ]);
  const [smallResults, fullResults] = [results.get('small') ?? [], results.get('full') ?? []];
  printTable(`Small database (scale ${args['small-scale']}: 1,000 order items)`, smallResults);
  printTable('Full volume (npm run bench:data)', fullResults);
  // Beside the rates, each target's ratio to the bare route of its own round: what the route costs
  // over an empty one, which the machine's load moves far less than the rate itself.
  const toBare = (entries: Measured[], group: string) => entries.find((entry) => entry.group === group && entry.route === 'bare Fastify')?.ratios;
  console.log('\n### Full volume as a share of the small database\n');
  console.log('| operation | small req/s | full req/s | full ÷ small (req/s) | ÷ bare Fastify, small | ÷ bare Fastify, full | full ÷ small (÷ bare) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const result of fullResults.filter((entry) => entry.route === entry.group)) {
    const before = smallResults.find((entry) => entry.group === result.group && entry.route === result.group);
    if (!before) continue;
    const [smallRate, fullRate] = [before, result].map((entry) => median(entry.samples.map((sample) => sample.requestsPerSecond))) as [number, number];
    const [smallToBare, fullToBare] = [toBare(smallResults, result.group), toBare(fullResults, result.group)].map((ratios) => (ratios ? median(ratios) : undefined));
    const normalized = smallToBare && fullToBare ? (fullToBare / smallToBare).toFixed(2) : '';
    console.log(`| ${result.group} | ${round(smallRate)} | ${round(fullRate)} | ${(fullRate / smallRate).toFixed(2)} | ${smallToBare?.toFixed(2) ?? ''} | ${fullToBare?.toFixed(2) ?? ''} | ${normalized} |`);
  }
} finally {
  await small.drop();
}
