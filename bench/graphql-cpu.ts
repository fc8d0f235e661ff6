// Server CPU per GraphQL page of 100 administrators with department, roles and posts, against a
// hand-written Fastify route running the same Prisma queries and building the same JSON, both called
// through Fastify's inject in one process: CPU time per call (process.cpuUsage) is far steadier than
// req/s on a shared machine.
//
// Many short paired rounds, as bench/read-cpu.ts's tRPC part: the two sides run back to back in each
// round, their order turned around every round, warm-up rounds discarded (graphql-jit compiles the
// page on its second run; V8 tiers up over the first thousand calls), a full collection before each
// round outside the measure (for both sides alike). The figure is the median of the per-round ratios
// route ÷ GraphQL, with quartiles and range: a neighbour's burst hits one round, not the median.
//
// Measured as deployed: NODE_ENV=production (graphql-js's development checks off, introspection off)
// and the app built from a production configuration, without the tests' contract hook.
//   npx tsx bench/graphql-cpu.ts                          # SQLite
//   TEST_DATABASE=postgresql TEST_REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/graphql-cpu.ts
//   NODE_ENV=development npx tsx bench/graphql-cpu.ts     # graphql-js's development checks on
//   BENCH_ROUNDS=40 BENCH_CALLS=100 BENCH_WARMUP=6        # the rounds (defaults)
//   BENCH_PROFILE=/tmp/page                               # then 300 calls of each side under V8's
//     profiler, alone: /tmp/page-GraphQL.cpuprofile and /tmp/page-route.cpuprofile (Chrome DevTools)
import './production-mode';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { loadConfig } from '../src/config';
import { buildApp } from '../src/server';
import { createRole, createTenant } from '../test/support/admin';
import { signedInAdmin } from '../test/support/admin-org';
import { createTestDatabase } from '../test/support/database';
import { TEST_REDIS_PREFIX, TEST_REDIS_URL } from '../test/support/environment';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 6);
const QUERY = JSON.stringify({ query: '{ userPage(input: { pageNo: 1, pageSize: 100 }) { total list { id username nickname dept { id name } roles { id name } posts { id name } } } }' });
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const scratch = await createTestDatabase('graphql_cpu');
const { db } = scratch.database;
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  WEBHOOK_POLL_INTERVAL_MS: '0',
  DATABASE_URL: scratch.database.target.url,
  PAYMENT_CHANNEL_SECRET: randomBytes(32).toString('hex'),
  ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: TEST_REDIS_PREFIX } : {}),
});
const { app, core } = await buildApp({ config, database: scratch.database, logger: false });
try {
  await app.ready();
  const tenant = await createTenant(db);
  // One after another: ids then follow the sort, so the route's link order is the page's display order.
  const depts: { id: number }[] = [];
  const posts: { id: number }[] = [];
  const roles: { id: number }[] = [];
  for (const n of [1, 2, 3]) depts.push(await db.dept.create({ data: { tenantId: tenant.id, name: `d${n}`, sort: n } }));
  for (const n of [1, 2, 3]) posts.push(await db.post.create({ data: { tenantId: tenant.id, name: `p${n}`, code: `p${n}`, sort: n } }));
  for (let n = 0; n < 2; n++) roles.push(await createRole(core, tenant.id, ['system:dept:query']));
  await db.adminUser.createMany({ data: Array.from({ length: 120 }, (_, n) => ({ tenantId: tenant.id, username: `bulk${n}`, passwordHash: 'x', nickname: 'n', name: 'n', deptId: depts[n % 3]!.id })) });
  const users = await db.adminUser.findMany({ where: { tenantId: tenant.id }, select: { id: true } });
  await db.userPost.createMany({ data: users.flatMap((user, n) => posts.slice(0, 1 + (n % 3)).map((post) => ({ tenantId: tenant.id, userId: user.id, postId: post.id }))) });
  await db.userRole.createMany({ data: users.flatMap((user, n) => roles.slice(0, 1 + (n % 2)).map((role) => ({ tenantId: tenant.id, userId: user.id, roleId: role.id }))) });
  const boss = await signedInAdmin(core, { tenant, superAdmin: true });

  const tenantId = tenant.id;
  const reference = Fastify();
  reference.post('/users', async () => {
    const [page, total] = await Promise.all([
      db.adminUser.findMany({ where: { tenantId }, orderBy: { id: 'desc' }, take: 100, select: { id: true, username: true, nickname: true, deptId: true } }),
      db.adminUser.count({ where: { tenantId } }),
    ]);
    const ids = page.map((user) => user.id);
    const [deptRows, roleLinks, postLinks] = await Promise.all([
      db.dept.findMany({ where: { id: { in: Array.from(new Set(page.map((user) => Number(user.deptId)))) } }, select: { id: true, name: true } }),
      db.userRole.findMany({ where: { userId: { in: ids } }, select: { userId: true, role: { select: { id: true, name: true } } } }),
      db.userPost.findMany({ where: { userId: { in: ids } }, select: { userId: true, post: { select: { id: true, name: true } } } }),
    ]);
    const deptOf = new Map(deptRows.map((dept) => [dept.id, dept]));
    const list = page.map((user) => ({
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      dept: deptOf.get(Number(user.deptId)) ?? null,
      roles: roleLinks.filter((link) => link.userId === user.id).map((link) => link.role),
      posts: postLinks.filter((link) => link.userId === user.id).map((link) => link.post),
    }));
    return { data: { userPage: { total, list } } };
  });
  await reference.ready();

  // Neither answer is parsed per call: parsing the page's 18 kB of JSON is the caller's CPU, not the
  // server's. An answer with errors has an "errors" key, which JSON cannot hold in a value.
  const graphqlRequest = { method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${boss.token}`, 'content-type': 'application/json' }, payload: QUERY } as const;
  const routeRequest = { method: 'POST', url: '/users', headers: { 'content-type': 'application/json' }, payload: '{}' } as const;
  const graphqlPage = async () => {
    const answer = await app.inject(graphqlRequest);
    if (answer.statusCode !== 200 || answer.body.includes('"errors":')) throw new Error(answer.body);
  };
  const handWritten = async () => {
    const answer = await reference.inject(routeRequest);
    if (answer.statusCode !== 200) throw new Error(answer.body);
  };
  // Both answer the same page (compared once, parsed: the key order may differ).
  const [graphqlAnswer, routeAnswer] = [(await app.inject(graphqlRequest)).json(), (await reference.inject(routeRequest)).json()];
  if (JSON.stringify(graphqlAnswer) !== JSON.stringify(routeAnswer)) throw new Error('the GraphQL page and the hand-written route answer differently');

  const sides = { GraphQL: graphqlPage, route: handWritten } as const;
  const micros: Record<keyof typeof sides, number[]> = { GraphQL: [], route: [] };
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    collectGarbage();
    const order = round % 2 ? (['route', 'GraphQL'] as const) : (['GraphQL', 'route'] as const);
    for (const side of order) {
      const start = process.cpuUsage();
      for (let i = 0; i < CALLS; i++) await sides[side]();
      const used = process.cpuUsage(start);
      if (round >= WARMUP) micros[side].push((used.user + used.system) / CALLS);
    }
  }
  const quartiles = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (share: number) => sorted[Math.round(share * (sorted.length - 1))] as number;
    return { min: at(0), low: at(0.25), median: at(0.5), high: at(0.75), max: at(1) };
  };
  const spread = (values: number[], digits: number) => {
    const { min, low, median, high, max } = quartiles(values);
    return `**${median.toFixed(digits)}** | ${low.toFixed(digits)}-${high.toFixed(digits)} | ${min.toFixed(digits)}-${max.toFixed(digits)}`;
  };
  const provider = scratch.database.target.provider;
  console.log(`\n${provider}, NODE_ENV=${process.env.NODE_ENV}: ${ROUNDS} paired rounds of ${CALLS} calls each side (${WARMUP} warm-up rounds discarded)\n`);
  console.log('| side | µs CPU per call, median | quartiles | min-max |\n|---|---:|---:|---:|');
  console.log(`| GraphQL page | ${spread(micros.GraphQL, 0)} |`);
  console.log(`| hand-written route | ${spread(micros.route, 0)} |`);
  console.log(`| **route ÷ GraphQL** (paired per-round ratios) | ${spread(micros.route.map((route, round) => route / (micros.GraphQL[round] as number)), 2)} |`);
  if (process.env.BENCH_PROFILE) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    for (const [side, call] of Object.entries(sides)) {
      collectGarbage();
      await session.post('Profiler.start');
      for (let i = 0; i < 300; i++) await call();
      const { profile } = await session.post('Profiler.stop');
      await writeFile(`${process.env.BENCH_PROFILE}-${side}.cpuprofile`, JSON.stringify(profile));
    }
    session.disconnect();
  }
  await reference.close();
} finally {
  await app.close();
  await scratch.drop();
}
