// Server CPU per GraphQL page of 100 administrators with department, roles and posts, against a
// hand-written Fastify route running the same Prisma queries and building the same JSON, both called
// through Fastify's inject in one process, alternating: CPU time per call (process.cpuUsage) is far
// steadier than req/s on a shared machine.
//   npx tsx bench/graphql-cpu.ts                          # SQLite
//   TEST_DATABASE=postgresql npx tsx bench/graphql-cpu.ts # PostgreSQL (TEST_POSTGRES_URL)
//   NODE_ENV=production npx tsx bench/graphql-cpu.ts      # as deployed: graphql-js skips its development checks
import Fastify from 'fastify';
import { createRole, createTenant } from '../test/support/admin';
import { signedInAdmin } from '../test/support/admin-org';
import { createTestApp } from '../test/support/app';
import { createTestDatabase } from '../test/support/database';

const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const ROUNDS = 5;
const QUERY = JSON.stringify({ query: '{ userPage(input: { pageNo: 1, pageSize: 100 }) { total list { id username nickname dept { id name } roles { id name } posts { id name } } } }' });

const scratch = await createTestDatabase('graphql_cpu');
const { db } = scratch.database;
const { app, core, close } = await createTestApp({ database: scratch.database });
try {
  const tenant = await createTenant(db);
  const depts = await Promise.all([1, 2, 3].map((n) => db.dept.create({ data: { tenantId: tenant.id, name: `d${n}`, sort: n } })));
  const posts = await Promise.all([1, 2, 3].map((n) => db.post.create({ data: { tenantId: tenant.id, name: `p${n}`, code: `p${n}`, sort: n } })));
  const roles = await Promise.all([1, 2].map(() => createRole(core, tenant.id, ['system:dept:query'])));
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

  // Neither answer is parsed here: parsing the page's 18 kB of JSON (0.15-0.3 ms) is the caller's
  // CPU, not the server's. An answer with errors has an "errors" key, which JSON cannot hold in a value.
  const graphqlPage = async () => {
    const answer = await app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${boss.token}`, 'content-type': 'application/json' }, payload: QUERY });
    if (answer.statusCode !== 200 || answer.body.includes('"errors":')) throw new Error(answer.body);
  };
  const handWritten = async () => {
    const answer = await reference.inject({ method: 'POST', url: '/users', headers: { 'content-type': 'application/json' }, payload: '{}' });
    if (answer.statusCode !== 200) throw new Error(answer.body);
  };
  /** Microseconds of CPU per call, after a warm-up. */
  const cpuPerCall = async (call: () => Promise<void>) => {
    for (let i = 0; i < 20; i++) await call();
    const start = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await call();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / CALLS;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const target: number[] = [];
  const route: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    target.push(await cpuPerCall(graphqlPage));
    route.push(await cpuPerCall(handWritten));
  }
  const show = (values: number[]) => values.map((value) => value.toFixed(0)).join(' / ');
  console.log(`| provider | GraphQL page, µs CPU per call | hand-written route, µs | route ÷ GraphQL (medians) |`);
  console.log('|---|---|---|---:|');
  console.log(`| ${scratch.database.target.provider} | ${show(target)} | ${show(route)} | ${(median(route) / median(target)).toFixed(2)} |`);
  await reference.close();
} finally {
  await close();
  await scratch.drop();
}
