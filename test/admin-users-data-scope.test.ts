// Which users the user page, list and get show: the data scope of the viewer's enabled roles (the
// union of several), everyone for the super administrator. And the cost of a page: its department,
// roles and posts come through per-request DataLoaders, so a page of 100 users with all three takes
// as many SQL statements as a page of 10: five, with deduplicated keys.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publishPermissionsChanged } from '../src/core/permission/permission-service';
import { DataScope } from '../src/core/user/data-scope';
import { useTestApp } from './support/app';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { answeredNothing, createAdmin, createRole, createTenant, errorCode, graphql, type TestTenant, unique } from './support/admin';
import { signedInAdmin, tokenFor } from './support/admin-org';
import { statementRecorder } from './support/statements';

const sql = statementRecorder();
const test = useTestApp('admin_users_data_scope', { databaseOptions: { onQuery: sql.onQuery } });

const PAGE = `query($input: UserPageReqVO!) { userPage(input: $input) { total list { id } } }`;
const SIMPLE = '{ userSimpleList { id } }';
const GET = 'query($id: Int64!) { user(id: $id) { id } }';
const FULL_PAGE = `query($input: UserPageReqVO!) {
  userPage(input: $input) { total list { id username dept { id name } roles { id code } posts { id code } postIds } }
}`;

interface Org {
  tenant: TestTenant;
  /** Departments: a > a1 > a11, and b. */
  dept: Record<'a' | 'a1' | 'a11' | 'b', number>;
  /** One user in each department, and one without. */
  user: Record<'a' | 'a1' | 'a11' | 'b' | 'none', number>;
}

let org: Org;

beforeAll(async () => {
  const { db } = test;
  const tenant = await createTenant(db);
  const dept = async (name: string, parentId = 0) => (await db.dept.create({ data: { tenantId: tenant.id, name, parentId, sort: 1 } })).id;
  const a = await dept('a');
  const a1 = await dept('a1', a);
  const a11 = await dept('a11', a1);
  const b = await dept('b');
  const member = async (deptId: number | null) =>
    (await db.adminUser.create({ data: { tenantId: tenant.id, username: unique('m'), passwordHash: 'x', nickname: 'm', name: 'm', deptId } })).id;
  org = {
    tenant,
    dept: { a, a1, a11, b },
    user: { a: await member(a), a1: await member(a1), a11: await member(a11), b: await member(b), none: await member(null) },
  };
});

/** Viewers leave their department after their test, so they are not seen by the next viewers. */
const viewers: number[] = [];
afterEach(async () => {
  await test.db.adminUser.updateMany({ where: { id: { in: viewers.splice(0) } }, data: { deptId: null } });
});

/** A viewer in department `deptId` whose roles (each holding system:user:query) have these scopes. */
async function viewer(deptId: number | null, scopes: { dataScope: number; dataScopeDeptIds?: number[] }[]) {
  const { core, db } = test;
  const admin = await createAdmin(core, { tenant: org.tenant });
  await db.adminUser.update({ where: { id: admin.id }, data: { deptId } });
  viewers.push(admin.id);
  for (const scope of scopes) {
    const role = await createRole(core, org.tenant.id, ['system:user:query']);
    await db.role.update({ where: { id: role.id }, data: { dataScope: scope.dataScope, dataScopeDeptIds: scope.dataScopeDeptIds ?? [] } });
    await db.userRole.create({ data: { tenantId: org.tenant.id, userId: admin.id, roleId: role.id } });
  }
  await publishPermissionsChanged(core.bus, org.tenant.id);
  return { id: admin.id, token: await tokenFor(core, admin) };
}

async function visible(token: string): Promise<number[]> {
  const page = await graphql<{ userPage: { total: number; list: { id: number }[] } }>(test.app, PAGE, { token, variables: { input: { pageNo: 1, pageSize: 100 } } });
  expect(page.errors).toBeUndefined();
  const simple = await graphql<{ userSimpleList: { id: number }[] }>(test.app, SIMPLE, { token });
  const ids = page.data!.userPage.list.map((user) => user.id).sort((x, y) => x - y);
  expect(page.data!.userPage.total).toBe(ids.length);
  expect(simple.data!.userSimpleList.map((user) => user.id).sort((x, y) => x - y)).toEqual(ids);
  return ids;
}

const sorted = (...ids: number[]) => [...ids].sort((x, y) => x - y);

describe('data scope', () => {
  it('1: all users of the tenant', async () => {
    const me = await viewer(org.dept.a, [{ dataScope: DataScope.ALL }]);
    const all = await test.db.adminUser.findMany({ where: { tenantId: org.tenant.id }, select: { id: true } });
    expect(await visible(me.token)).toEqual(sorted(...all.map((user) => user.id)));
  });

  it('2: the listed departments only (not their children, not oneself)', async () => {
    const me = await viewer(org.dept.a, [{ dataScope: DataScope.CUSTOM_DEPTS, dataScopeDeptIds: [org.dept.a1, org.dept.b] }]);
    expect(await visible(me.token)).toEqual(sorted(org.user.a1, org.user.b));
  });

  it('3: the own department', async () => {
    const me = await viewer(org.dept.a1, [{ dataScope: DataScope.OWN_DEPT }]);
    expect(await visible(me.token)).toEqual(sorted(org.user.a1, me.id));
  });

  it('4: the own department and every department below it', async () => {
    const me = await viewer(org.dept.a, [{ dataScope: DataScope.OWN_DEPT_AND_CHILDREN }]);
    expect(await visible(me.token)).toEqual(sorted(org.user.a, org.user.a1, org.user.a11, me.id));
  });

  it('5: oneself', async () => {
    const me = await viewer(org.dept.a, [{ dataScope: DataScope.SELF }]);
    expect(await visible(me.token)).toEqual([me.id]);
  });

  it('several roles: the union of their scopes', async () => {
    const me = await viewer(org.dept.a1, [{ dataScope: DataScope.SELF }, { dataScope: DataScope.CUSTOM_DEPTS, dataScopeDeptIds: [org.dept.b] }, { dataScope: DataScope.OWN_DEPT }]);
    expect(await visible(me.token)).toEqual(sorted(org.user.a1, org.user.b, me.id));
  });

  it('a disabled role widens nothing', async () => {
    const me = await viewer(org.dept.a, [{ dataScope: DataScope.SELF }, { dataScope: DataScope.ALL }]);
    const roles = await test.db.userRole.findMany({ where: { userId: me.id }, include: { role: true } });
    const wide = roles.find((link) => link.role.dataScope === DataScope.ALL)!;
    await test.db.role.update({ where: { id: wide.roleId }, data: { status: 1 } });
    await publishPermissionsChanged(test.core.bus, org.tenant.id);
    expect(await visible(me.token)).toEqual([me.id]);
  });

  it('the super administrator sees everyone', async () => {
    const boss = await signedInAdmin(test.core, { tenant: org.tenant, superAdmin: true });
    const all = await test.db.adminUser.findMany({ where: { tenantId: org.tenant.id }, select: { id: true } });
    expect(await visible(boss.token)).toEqual(sorted(...all.map((user) => user.id)));
  });

  it('get answers USER_NOT_FOUND outside the scope', async () => {
    const me = await viewer(org.dept.a, [{ dataScope: DataScope.OWN_DEPT }]);
    const get = (id: number) => graphql<{ user: { id: number } }>(test.app, GET, { token: me.token, variables: { id } });
    expect((await get(org.user.a)).data!.user).toEqual({ id: org.user.a });
    const outside = await get(org.user.b);
    expect(errorCode(outside)).toBe(ErrorCatalogue.USER_NOT_FOUND.code);
    expect(answeredNothing(outside)).toBe(true);
  });
});

describe('the cost of a user page', () => {
  it('is a fixed number of SQL statements, whatever the page size', async () => {
    const { db, core } = test;
    const tenant = await createTenant(db);
    const depts = await Promise.all([1, 2, 3].map((n) => db.dept.create({ data: { tenantId: tenant.id, name: `d${n}`, sort: n } })));
    const posts = await Promise.all([1, 2, 3].map((n) => db.post.create({ data: { tenantId: tenant.id, name: `p${n}`, code: `p${n}`, sort: n } })));
    const roles = await Promise.all([1, 2].map(() => createRole(core, tenant.id, ['system:dept:query'])));
    await db.adminUser.createMany({
      data: Array.from({ length: 120 }, (_, n) => ({ tenantId: tenant.id, username: `bulk${n}`, passwordHash: 'x', nickname: 'n', name: 'n', deptId: depts[n % 3]!.id })),
    });
    const users = await db.adminUser.findMany({ where: { tenantId: tenant.id }, select: { id: true } });
    await db.userPost.createMany({ data: users.flatMap((user, n) => posts.slice(0, 1 + (n % 3)).map((post) => ({ tenantId: tenant.id, userId: user.id, postId: post.id }))) });
    await db.userRole.createMany({ data: users.flatMap((user, n) => roles.slice(0, 1 + (n % 2)).map((role) => ({ tenantId: tenant.id, userId: user.id, roleId: role.id }))) });
    const boss = await signedInAdmin(core, { tenant, superAdmin: true });

    const statementsOf = async (pageSize: number) => {
      const { result: answer, statements } = await sql.during(() =>
        graphql<{ userPage: { list: { dept: unknown; roles: unknown[]; posts: unknown[] }[] } }>(test.app, FULL_PAGE, {
          token: boss.token,
          variables: { input: { pageNo: 1, pageSize } },
        }),
      );
      expect(answer.errors).toBeUndefined();
      const { list } = answer.data!.userPage;
      expect(list).toHaveLength(pageSize);
      expect(list.filter((user) => user.dept !== null && user.roles.length > 0 && user.posts.length > 0).length).toBeGreaterThan(pageSize - 5);
      return statements;
    };
    await statementsOf(5); // warms the permission cache of the caller
    const ten = await statementsOf(10);
    const hundred = await statementsOf(100);
    expect(hundred.length).toBe(ten.length);
    // count + page + departments + roles + posts (each joined to its links in one statement)
    expect(hundred.length).toBe(5);
    // Keys are deduplicated: no statement carries a placeholder per link (the page's 100 users hold
    // 3 departments, 2 roles and 3 posts over 300 links); at most the user ids, tenant and window.
    const placeholders = (statement: string) => Math.max((statement.match(/\?/g) ?? []).length, ...[...statement.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
    expect(Math.max(...hundred.map(placeholders))).toBeLessThanOrEqual(103);
  });
});

describe('the columns a user page reads', () => {
  const ALL_FIELDS = 'id username nickname name remark deptId email mobile sex avatar status loginIp loginDate createTime dept { id name } roles { id code } posts { id code } postIds';
  const query = (selection: string, fragments = '') => `query($input: UserPageReqVO!) { userPage(input: $input) { ${selection} } } ${fragments}`;

  /** The page of the org's users: its answer and the columns of the statement that read them (not their count). */
  async function pageOf<T>(token: string, document: string): Promise<{ answer: T; columns: string[] }> {
    const input = { pageNo: 1, pageSize: 10, ids: Object.values(org.user) };
    const { result: answer, statements } = await sql.during(() => graphql<{ userPage: T }>(test.app, document, { token, variables: { input } }));
    expect(answer.errors).toBeUndefined();
    const reads = statements.filter((statement) => /^SELECT [`"]\w+[`"]\.[`"]AdminUser[`"]\..* ORDER BY /.test(statement));
    expect(reads).toHaveLength(1);
    const selected = reads[0]!.slice(0, reads[0]!.indexOf(' FROM '));
    return { answer: answer.data!.userPage, columns: [...selected.matchAll(/AdminUser[`"]\.[`"](\w+)[`"]/g)].map((match) => match[1]!).sort() };
  }

  let boss: string;
  beforeAll(async () => {
    boss = (await signedInAdmin(test.core, { tenant: org.tenant, superAdmin: true })).token;
    await test.db.adminUser.update({ where: { id: org.user.a }, data: { remark: 'r', email: 'a@example.com', mobile: '13800000002', sex: 1, avatar: 'a.png', loginIp: '10.0.0.1', loginDate: new Date() } });
  });

  it('reads the id and the asked columns only', async () => {
    expect((await pageOf(boss, query('total list { id username }'))).columns).toEqual(['id', 'username']);
    expect((await pageOf(boss, query('list { nickname __typename }'))).columns).toEqual(['id', 'nickname']);
  });

  it('reads the keys of the relations asked for, and the columns of renamed fields', async () => {
    expect((await pageOf(boss, query('list { roles { id } posts { id } postIds }'))).columns).toEqual(['id']);
    expect((await pageOf(boss, query('list { dept { name } createTime }'))).columns).toEqual(['createdAt', 'deptId', 'id']);
  });

  it('reads the fields of aliases and fragments, and answers them', async () => {
    const { answer, columns } = await pageOf<{ list: Record<string, unknown>[] }>(
      boss,
      query('list { key: id login: username ...Names ... on UserView { created: createTime } }', 'fragment Names on UserView { nickname alsoNamed: name }'),
    );
    expect(columns).toEqual(['createdAt', 'id', 'name', 'nickname', 'username']);
    const row = answer.list.find((user) => user.key === org.user.a)!;
    const stored = await test.db.adminUser.findUniqueOrThrow({ where: { id: org.user.a } });
    expect(row).toEqual({ key: stored.id, login: stored.username, nickname: stored.nickname, alsoNamed: stored.name, created: stored.createdAt.toISOString() });
    // The list asked twice under two aliases, one of them through a fragment on the page: both read.
    const twice = await pageOf<{ first: { username: string }[]; second: { email: string | null }[] }>(
      boss,
      query('first: list { username } ...Emails', 'fragment Emails on UserViewPage { second: list { email } }'),
    );
    expect(twice.columns).toEqual(['email', 'id', 'username']);
    expect(twice.answer.second.map((user) => user.email)).toContain('a@example.com');
  });

  it('answers every field, asked all at once, as the single-user query does (which reads every column)', async () => {
    const { answer, columns } = await pageOf<{ list: { id: number }[] }>(boss, query(`list { ${ALL_FIELDS} }`));
    expect(columns).toEqual(['avatar', 'createdAt', 'deptId', 'email', 'id', 'loginDate', 'loginIp', 'mobile', 'name', 'nickname', 'remark', 'sex', 'status', 'username']);
    expect(answer.list).toHaveLength(Object.keys(org.user).length);
    for (const listed of answer.list) {
      const single = await graphql<{ user: unknown }>(test.app, `query($id: Int64!) { user(id: $id) { ${ALL_FIELDS} } }`, { token: boss, variables: { id: listed.id } });
      expect(single.errors).toBeUndefined();
      expect(listed).toEqual(single.data!.user);
    }
    const withEverything = answer.list.find((user) => user.id === org.user.a)!;
    expect(withEverything).toMatchObject({ remark: 'r', email: 'a@example.com', sex: 1, loginIp: '10.0.0.1', dept: { id: org.dept.a } });
  });
});
