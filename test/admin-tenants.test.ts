// Tenants and tenant packages through /graphql with the real app: a new tenant's administrator signs
// in with the package's permissions, expiry and status end access, package menu changes reach the
// tenants' administrators, packages in use stay, bounds, and only the system tenant manages either.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { TEST_START, useTestApp } from './support/app';
import { adminToken, createAdmin, createTenant, errorCode, graphql, type GraphQLAnswer, login, seededAdminToken, unique } from './support/admin';
import { statementRecorder } from './support/statements';

const sql = statementRecorder();
const test = useTestApp('admin_tenants', { databaseOptions: { onQuery: sql.onQuery } });

const TENANT_FIELDS = 'id name contactUserId contactName contactMobile status website packageId expireTime accountCount createTime package { id name }';
const CREATE = 'mutation($input: TenantSaveReqVO!) { createTenant(input: $input) { id } }';
const UPDATE = 'mutation($input: TenantSaveReqVO!) { updateTenant(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteTenant(id: $id) }';
const GET = `query($id: Int64!) { tenant(id: $id) { ${TENANT_FIELDS} } }`;
const PAGE = `query($input: TenantPageReqVO!) { tenantPage(input: $input) { total list { ${TENANT_FIELDS} } } }`;
const SIMPLE = '{ tenantSimpleList { id name } }';

const PACKAGE_FIELDS = 'id name status remark menuIds createTime';
const CREATE_PACKAGE = 'mutation($input: TenantPackageSaveReqVO!) { createTenantPackage(input: $input) { id } }';
const UPDATE_PACKAGE = 'mutation($input: TenantPackageSaveReqVO!) { updateTenantPackage(input: $input) { id } }';
const DELETE_PACKAGE = 'mutation($id: Int64!) { deleteTenantPackage(id: $id) }';
const GET_PACKAGE = `query($id: Int64!) { tenantPackage(id: $id) { ${PACKAGE_FIELDS} } }`;
const PACKAGE_PAGE = `query($input: TenantPackagePageReqVO!) { tenantPackagePage(input: $input) { total list { ${PACKAGE_FIELDS} } } }`;
const PACKAGE_SIMPLE = '{ tenantPackageSimpleList { id name } }';

const ME = '{ me { user { username nickname } roles { code } permissions } }';
const FUTURE = '2099-01-01T00:00:00.000Z';

interface MeAnswer {
  me: { user: { username: string; nickname: string }; roles: { code: string }[]; permissions: string[] };
}

let systemToken: string;

const call = <T = Record<string, unknown>>(token: string, query: string, variables?: Record<string, unknown>) => graphql<T>(test.app, query, { token, variables });

function expectBadRequest(answer: GraphQLAnswer<unknown>, field: string): void {
  expect(errorCode(answer)).toBe(400);
  expect(answer.errors?.[0]?.message).toContain(`: ${field}:`);
}

async function menuIdOf(permission: string): Promise<number> {
  return (await test.db.menu.findFirstOrThrow({ where: { permission } })).id;
}

async function createPackage(permissions: readonly string[], input: Record<string, unknown> = {}): Promise<number> {
  const menuIds = await Promise.all(permissions.map(menuIdOf));
  const answer = await call<{ createTenantPackage: { id: number } }>(systemToken, CREATE_PACKAGE, { input: { name: unique('package-'), status: 0, menuIds, ...input } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createTenantPackage.id;
}

function tenantInput(packageId: number, input: Record<string, unknown> = {}) {
  return {
    name: unique('tenant-'),
    contactName: 'Li Lei',
    contactMobile: '13800000000',
    status: 0,
    website: 'https://shop.example.com',
    packageId,
    expireTime: FUTURE,
    accountCount: 5,
    username: unique('boss'),
    password: 'first-password',
    ...input,
  };
}

async function createTenantThrough(packageId: number, input: Record<string, unknown> = {}) {
  const variables = tenantInput(packageId, input);
  const answer = await call<{ createTenant: { id: number } }>(systemToken, CREATE, { input: variables });
  expect(answer.errors).toBeUndefined();
  return { id: answer.data!.createTenant.id, ...variables };
}

async function meOf(token: string): Promise<MeAnswer['me']> {
  const answer = await call<MeAnswer>(token, ME);
  expect(answer.errors).toBeUndefined();
  return answer.data!.me;
}

beforeAll(async () => {
  systemToken = await seededAdminToken(test.core);
});

describe('tenants', () => {
  it('creates a tenant whose administrator signs in with the package\'s permissions', async () => {
    const packageId = await createPackage(['system:user:query', 'system:role:query', 'system:role:create']);
    const tenant = await createTenantThrough(packageId);

    const signedIn = await login(test.app, { username: tenant.username, password: 'first-password', tenantName: tenant.name });
    expect(signedIn.errors).toBeUndefined();
    const me = await meOf(signedIn.data!.login.accessToken);
    expect(me.user).toEqual({ username: tenant.username, nickname: 'Li Lei' });
    expect(me.roles).toEqual([{ code: 'tenant_admin' }]);
    expect(me.permissions).toEqual(['system:role:create', 'system:role:query', 'system:user:query']);

    const stored = await test.db.adminUser.findFirstOrThrow({ where: { tenantId: tenant.id } });
    expect(stored.passwordHash).not.toContain('first-password');
    const got = await call<{ tenant: Record<string, unknown> }>(systemToken, GET, { id: tenant.id });
    expect(got.errors).toBeUndefined();
    expect(got.data!.tenant).toEqual({
      id: tenant.id,
      name: tenant.name,
      contactUserId: stored.id,
      contactName: 'Li Lei',
      contactMobile: '13800000000',
      status: 0,
      website: 'https://shop.example.com',
      packageId,
      expireTime: FUTURE,
      accountCount: 5,
      createTime: expect.any(String),
      package: { id: packageId, name: expect.stringMatching(/^package-/) },
    });
    expect(JSON.stringify(got.data)).not.toMatch(/password/i);

    const page = await call<{ tenantPage: { total: number; list: { id: number; package: { id: number } | null }[] } }>(systemToken, PAGE, {
      input: { pageNo: 1, pageSize: 10, name: tenant.name },
    });
    expect(page.data!.tenantPage).toMatchObject({ total: 1, list: [{ id: tenant.id, package: { id: packageId } }] });
    const byPackage = await call<{ tenantPage: { total: number } }>(systemToken, PAGE, { input: { pageNo: 1, pageSize: 10, packageId } });
    expect(byPackage.data!.tenantPage.total).toBe(1);
    const system = await call<{ tenant: { packageId: number | null; package: unknown } }>(systemToken, GET, { id: SYSTEM_TENANT_ID });
    expect(system.data!.tenant).toMatchObject({ packageId: null, package: null });
    const simple = await call<{ tenantSimpleList: { id: number; name: string }[] }>(systemToken, SIMPLE);
    expect(simple.data!.tenantSimpleList).toContainEqual({ id: tenant.id, name: tenant.name });
  });

  it('keeps tenant names unique and needs an existing, enabled package', async () => {
    const packageId = await createPackage(['system:user:query']);
    const tenant = await createTenantThrough(packageId);
    const before = await test.db.adminUser.count();
    expect(errorCode(await call(systemToken, CREATE, { input: tenantInput(packageId, { name: tenant.name }) }))).toBe(ErrorCatalogue.TENANT_NAME_EXISTS.code);
    expect(errorCode(await call(systemToken, CREATE, { input: tenantInput(999_999) }))).toBe(ErrorCatalogue.TENANT_PACKAGE_NOT_FOUND.code);
    const disabled = await createPackage(['system:user:query'], { status: 1 });
    expect(errorCode(await call(systemToken, CREATE, { input: tenantInput(disabled) }))).toBe(ErrorCatalogue.TENANT_PACKAGE_DISABLED.code);
    const other = await createTenantThrough(packageId);
    expect(errorCode(await call(systemToken, UPDATE, { input: { ...tenantInput(packageId, { name: tenant.name }), id: other.id } }))).toBe(ErrorCatalogue.TENANT_NAME_EXISTS.code);
    expect(errorCode(await call(systemToken, UPDATE, { input: { ...tenantInput(disabled), id: other.id } }))).toBe(ErrorCatalogue.TENANT_PACKAGE_DISABLED.code);
    expect(await test.db.adminUser.count()).toBe(before + 1);
  });

  it('an expireTime in the past blocks sign-in, and ends sessions already open', async () => {
    const packageId = await createPackage(['system:user:query']);
    const expired = await createTenantThrough(packageId, { expireTime: new Date(TEST_START - 1000).toISOString() });
    const refused = await login(test.app, { username: expired.username, password: 'first-password', tenantName: expired.name });
    expect(errorCode(refused)).toBe(ErrorCatalogue.TENANT_EXPIRED.code);

    const live = await createTenantThrough(packageId);
    const admin = { username: live.username, password: 'first-password', tenantName: live.name };
    const token = (await login(test.app, admin)).data!.login.accessToken;
    await meOf(token);
    const update = await call(systemToken, UPDATE, { input: { ...tenantInput(packageId, { name: live.name }), id: live.id, expireTime: new Date(TEST_START).toISOString() } });
    expect(update.errors).toBeUndefined();
    expect(errorCode(await call(token, ME))).toBe(ErrorCatalogue.TENANT_EXPIRED.code);
    expect(errorCode(await login(test.app, admin))).toBe(ErrorCatalogue.TENANT_EXPIRED.code);

    // Renewed, then disabled.
    await call(systemToken, UPDATE, { input: { ...tenantInput(packageId, { name: live.name }), id: live.id } });
    await meOf(token);
    await call(systemToken, UPDATE, { input: { ...tenantInput(packageId, { name: live.name }), id: live.id, status: 1 } });
    expect(errorCode(await call(token, ME))).toBe(ErrorCatalogue.TENANT_DISABLED.code);
  });

  it('updates a tenant: a new package gives the administrator its menus; username and password stay', async () => {
    const first = await createPackage(['system:user:query']);
    const second = await createPackage(['system:post:query', 'system:dept:query']);
    const tenant = await createTenantThrough(first);
    const token = (await login(test.app, { username: tenant.username, password: 'first-password', tenantName: tenant.name })).data!.login.accessToken;
    expect((await meOf(token)).permissions).toEqual(['system:user:query']);

    const renamed = unique('renamed-');
    const answer = await call(systemToken, UPDATE, {
      input: { ...tenantInput(second, { name: renamed, accountCount: 9, contactMobile: null, website: null }), id: tenant.id, username: 'someoneelse', password: 'other-password' },
    });
    expect(answer.errors).toBeUndefined();
    expect((await meOf(token)).permissions).toEqual(['system:dept:query', 'system:post:query']);
    expect(await test.db.tenant.findUniqueOrThrow({ where: { id: tenant.id } })).toMatchObject({ name: renamed, accountCount: 9, packageId: second, contactMobile: null, website: null });
    expect((await login(test.app, { username: tenant.username, password: 'first-password', tenantName: renamed })).errors).toBeUndefined();
  });

  it('deletes a tenant: its sessions and sign-ins stop; the system tenant is protected', async () => {
    const packageId = await createPackage(['system:user:query']);
    const tenant = await createTenantThrough(packageId);
    const admin = { username: tenant.username, password: 'first-password', tenantName: tenant.name };
    const token = (await login(test.app, admin)).data!.login.accessToken;
    expect((await call(systemToken, DELETE, { id: tenant.id })).data).toEqual({ deleteTenant: true });
    expect(errorCode(await call(token, ME))).toBe(ErrorCatalogue.TENANT_NOT_FOUND.code);
    expect(errorCode(await login(test.app, admin))).toBe(ErrorCatalogue.AUTH_TENANT_NOT_FOUND.code);
    expect(errorCode(await call(systemToken, GET, { id: tenant.id }))).toBe(ErrorCatalogue.TENANT_NOT_FOUND.code);
    expect(errorCode(await call(systemToken, DELETE, { id: tenant.id }))).toBe(ErrorCatalogue.TENANT_NOT_FOUND.code);

    const systemName = (await test.db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } })).name;
    expect(errorCode(await call(systemToken, DELETE, { id: SYSTEM_TENANT_ID }))).toBe(ErrorCatalogue.TENANT_SYSTEM_PROTECTED.code);
    expect(errorCode(await call(systemToken, UPDATE, { input: { ...tenantInput(packageId, { name: systemName }), id: SYSTEM_TENANT_ID } }))).toBe(
      ErrorCatalogue.TENANT_SYSTEM_PROTECTED.code,
    );
    expect(await test.db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } })).toMatchObject({ packageId: null, status: 0 });
  });

  it('refuses each bad field by name and writes nothing', async () => {
    const packageId = await createPackage(['system:user:query']);
    const tenant = await createTenantThrough(packageId);
    const before = { tenants: await test.db.tenant.count(), users: await test.db.adminUser.count() };
    expectBadRequest(await call(systemToken, CREATE, { input: { ...tenantInput(packageId), id: tenant.id } }), 'id');
    expectBadRequest(await call(systemToken, CREATE, { input: tenantInput(packageId, { name: 'n'.repeat(31) }) }), 'name');
    expectBadRequest(await call(systemToken, CREATE, { input: tenantInput(packageId, { name: '' }) }), 'name');
    expectBadRequest(await call(systemToken, CREATE, { input: tenantInput(packageId, { contactName: '' }) }), 'contactName');
    expectBadRequest(await call(systemToken, CREATE, { input: tenantInput(packageId, { status: 2 }) }), 'status');
    expectBadRequest(await call(systemToken, CREATE, { input: tenantInput(packageId, { accountCount: 0 }) }), 'accountCount');
    expectBadRequest(await call(systemToken, CREATE, { input: tenantInput(0) }), 'packageId');
    expectBadRequest(await call(systemToken, CREATE, { input: tenantInput(packageId, { username: 'abc' }) }), 'username');
    expectBadRequest(await call(systemToken, CREATE, { input: tenantInput(packageId, { username: 'a'.repeat(31) }) }), 'username');
    expectBadRequest(await call(systemToken, CREATE, { input: tenantInput(packageId, { username: 'bad-name' }) }), 'username');
    expectBadRequest(await call(systemToken, CREATE, { input: tenantInput(packageId, { password: '' }) }), 'password');
    expectBadRequest(await call(systemToken, UPDATE, { input: tenantInput(packageId) }), 'id');
    // username and password are create-only: an update neither needs nor reads them.
    expect((await call(systemToken, UPDATE, { input: { ...tenantInput(packageId, { username: 'x', password: null }), id: tenant.id } })).errors).toBeUndefined();
    expectBadRequest(await call(systemToken, PAGE, { input: { pageNo: 1, pageSize: 101 } }), 'pageSize');
    const notADate = await call(systemToken, CREATE, { input: tenantInput(packageId, { expireTime: 'tomorrow' }) });
    expect(errorCode(notADate)).toBe(400);
    expect(notADate.errors![0]!.message).toContain('at "input.expireTime"');
    expect({ tenants: await test.db.tenant.count(), users: await test.db.adminUser.count() }).toEqual(before);
    // The bounds themselves are accepted.
    await createTenantThrough(packageId, { name: `${unique('t')}${'n'.repeat(19)}`, username: `${'a'.repeat(20)}${unique('')}`.slice(0, 30), accountCount: 1 });
    await createTenantThrough(packageId, { username: unique('u').slice(0, 4).padEnd(4, '0') });
  });
});

describe('tenant pages', () => {
  it('resolve the packages of a page of tenants in a fixed number of SQL statements, whatever the page size', async () => {
    const packageIds = [await createPackage([]), await createPackage([]), await createPackage([])];
    for (let index = 0; index < 12; index++) await createTenantThrough(packageIds[index % 3]!);
    const statementsOf = async (pageSize: number) => {
      const { result: page, statements } = await sql.during(() =>
        call<{ tenantPage: { list: { package: { id: number } | null }[] } }>(systemToken, PAGE, { input: { pageNo: 1, pageSize } }),
      );
      expect(page.data!.tenantPage.list).toHaveLength(pageSize);
      expect(page.data!.tenantPage.list.every((tenant) => tenant.package !== null)).toBe(true);
      return statements.length;
    };
    await statementsOf(2);
    expect(await statementsOf(12)).toBe(await statementsOf(3));
  });
});

describe('tenant packages', () => {
  it('creates, reads, pages, lists, updates and deletes a package', async () => {
    const userQuery = await menuIdOf('system:user:query');
    const id = await createPackage(['system:user:query'], { name: 'Starter', remark: 'small shops' });
    const got = await call<{ tenantPackage: Record<string, unknown> }>(systemToken, GET_PACKAGE, { id });
    expect(got.data!.tenantPackage).toEqual({ id, name: 'Starter', status: 0, remark: 'small shops', menuIds: [userQuery], createTime: expect.any(String) });
    const page = await call<{ tenantPackagePage: { total: number; list: { id: number }[] } }>(systemToken, PACKAGE_PAGE, { input: { pageNo: 1, pageSize: 10, name: 'Start' } });
    expect(page.data!.tenantPackagePage).toMatchObject({ total: 1, list: [{ id }] });
    expect((await call<{ tenantPackageSimpleList: { id: number }[] }>(systemToken, PACKAGE_SIMPLE)).data!.tenantPackageSimpleList).toContainEqual({ id, name: 'Starter' });

    expect(errorCode(await call(systemToken, CREATE_PACKAGE, { input: { name: 'Starter', status: 0, menuIds: [] } }))).toBe(ErrorCatalogue.TENANT_PACKAGE_NAME_EXISTS.code);
    expect((await call(systemToken, UPDATE_PACKAGE, { input: { id, name: 'Starter plus', status: 1, remark: null, menuIds: [] } })).errors).toBeUndefined();
    expect((await call<{ tenantPackage: Record<string, unknown> }>(systemToken, GET_PACKAGE, { id })).data!.tenantPackage).toMatchObject({
      name: 'Starter plus',
      status: 1,
      remark: null,
      menuIds: [],
    });
    const enabledOnly = await call<{ tenantPackageSimpleList: { id: number }[] }>(systemToken, PACKAGE_SIMPLE);
    expect(enabledOnly.data!.tenantPackageSimpleList.map((entry) => entry.id)).not.toContain(id);
    const byStatus = await call<{ tenantPackagePage: { list: { id: number }[] } }>(systemToken, PACKAGE_PAGE, { input: { pageNo: 1, pageSize: 100, status: 1 } });
    expect(byStatus.data!.tenantPackagePage.list.map((entry) => entry.id)).toContain(id);

    expect((await call(systemToken, DELETE_PACKAGE, { id })).data).toEqual({ deleteTenantPackage: true });
    expect(errorCode(await call(systemToken, GET_PACKAGE, { id }))).toBe(ErrorCatalogue.TENANT_PACKAGE_NOT_FOUND.code);
    expect(errorCode(await call(systemToken, DELETE_PACKAGE, { id }))).toBe(ErrorCatalogue.TENANT_PACKAGE_NOT_FOUND.code);
  });

  it('keeps names unique when creates and renames race: one wins, the others answer the name exists', async () => {
    const exists = ErrorCatalogue.TENANT_PACKAGE_NAME_EXISTS.code;
    const name = unique('rush-');
    const creates = await Promise.all(Array.from({ length: 10 }, () => call(systemToken, CREATE_PACKAGE, { input: { name, status: 0, menuIds: [] } })));
    expect(creates.filter((answer) => answer.errors === undefined)).toHaveLength(1);
    expect(creates.filter((answer) => errorCode(answer) === exists)).toHaveLength(9);
    expect(await test.db.tenantPackage.count({ where: { name } })).toBe(1);

    const ids = await Promise.all(Array.from({ length: 5 }, () => createPackage([])));
    const renamed = unique('rush-');
    const renames = await Promise.all(ids.map((id) => call(systemToken, UPDATE_PACKAGE, { input: { id, name: renamed, status: 0, menuIds: [] } })));
    expect(renames.filter((answer) => answer.errors === undefined)).toHaveLength(1);
    expect(renames.filter((answer) => errorCode(answer) === exists)).toHaveLength(4);
    expect(await test.db.tenantPackage.count({ where: { name: renamed } })).toBe(1);
  });

  it('a menu change reaches the administrator of every tenant using the package at once', async () => {
    const packageId = await createPackage(['system:user:query']);
    const tokens: string[] = [];
    for (let index = 0; index < 2; index++) {
      const tenant = await createTenantThrough(packageId);
      tokens.push((await login(test.app, { username: tenant.username, password: 'first-password', tenantName: tenant.name })).data!.login.accessToken);
    }
    const other = await createTenantThrough(await createPackage(['system:user:query']));
    const otherToken = (await login(test.app, { username: other.username, password: 'first-password', tenantName: other.name })).data!.login.accessToken;

    const menuIds = await Promise.all(['system:post:query', 'system:post:create'].map(menuIdOf));
    const answer = await call(systemToken, UPDATE_PACKAGE, { input: { id: packageId, name: unique('package-'), status: 0, menuIds } });
    expect(answer.errors).toBeUndefined();
    for (const token of tokens) expect((await meOf(token)).permissions).toEqual(['system:post:create', 'system:post:query']);
    expect((await meOf(otherToken)).permissions).toEqual(['system:user:query']);

    // A disabled package holds nothing.
    await call(systemToken, UPDATE_PACKAGE, { input: { id: packageId, name: unique('package-'), status: 1, menuIds } });
    expect((await meOf(tokens[0]!)).permissions).toEqual([]);
  });

  it('refuses to delete a package in use, and menus that do not exist', async () => {
    const packageId = await createPackage(['system:user:query']);
    await createTenantThrough(packageId);
    expect(errorCode(await call(systemToken, DELETE_PACKAGE, { id: packageId }))).toBe(ErrorCatalogue.TENANT_PACKAGE_IN_USE.code);
    expect(await test.db.tenantPackage.findUnique({ where: { id: packageId } })).not.toBeNull();
    expect(errorCode(await call(systemToken, CREATE_PACKAGE, { input: { name: unique('p'), status: 0, menuIds: [999_999] } }))).toBe(ErrorCatalogue.MENU_NOT_FOUND.code);
    expect(errorCode(await call(systemToken, UPDATE_PACKAGE, { input: { id: packageId, name: unique('p'), status: 0, menuIds: [999_999] } }))).toBe(ErrorCatalogue.MENU_NOT_FOUND.code);
    expect(errorCode(await call(systemToken, UPDATE_PACKAGE, { input: { id: 999_999, name: unique('p'), status: 0, menuIds: [] } }))).toBe(ErrorCatalogue.TENANT_PACKAGE_NOT_FOUND.code);
  });

  it('refuses each bad field by name and writes nothing', async () => {
    const id = await createPackage([]);
    const before = await test.db.tenantPackage.count();
    const valid = { name: unique('p'), status: 0, menuIds: [] };
    expectBadRequest(await call(systemToken, CREATE_PACKAGE, { input: { ...valid, id } }), 'id');
    expectBadRequest(await call(systemToken, CREATE_PACKAGE, { input: { ...valid, name: 'n'.repeat(31) } }), 'name');
    expectBadRequest(await call(systemToken, CREATE_PACKAGE, { input: { ...valid, name: '' } }), 'name');
    expectBadRequest(await call(systemToken, CREATE_PACKAGE, { input: { ...valid, status: 2 } }), 'status');
    expectBadRequest(await call(systemToken, CREATE_PACKAGE, { input: { ...valid, remark: 'r'.repeat(501) } }), 'remark');
    expectBadRequest(await call(systemToken, CREATE_PACKAGE, { input: { ...valid, menuIds: [1, 1] } }), 'menuIds');
    expectBadRequest(await call(systemToken, UPDATE_PACKAGE, { input: valid }), 'id');
    expectBadRequest(await call(systemToken, UPDATE_PACKAGE, { input: { ...valid, id, menuIds: [2, 2] } }), 'menuIds');
    expect(await test.db.tenantPackage.count()).toBe(before);
    expect((await test.db.tenantPackage.findUniqueOrThrow({ where: { id } })).menuIds).toEqual([]);
  });
});

describe('denials', () => {
  it('answers 403 to a user without the permission of each operation', async () => {
    const packageId = await createPackage([]);
    const token = await adminToken(test.app, await createAdmin(test.core, { permissions: ['system:role:query'] }));
    const attempts: [string, Record<string, unknown> | undefined][] = [
      [GET, { id: SYSTEM_TENANT_ID }],
      [PAGE, { input: { pageNo: 1, pageSize: 10 } }],
      [SIMPLE, undefined],
      [CREATE, { input: tenantInput(packageId) }],
      [UPDATE, { input: { ...tenantInput(packageId), id: 2 } }],
      [DELETE, { id: 2 }],
      [GET_PACKAGE, { id: packageId }],
      [PACKAGE_PAGE, { input: { pageNo: 1, pageSize: 10 } }],
      [CREATE_PACKAGE, { input: { name: unique('p'), status: 0, menuIds: [] } }],
      [UPDATE_PACKAGE, { input: { id: packageId, name: unique('p'), status: 0, menuIds: [] } }],
      [DELETE_PACKAGE, { id: packageId }],
    ];
    for (const [query, variables] of attempts) expect(errorCode(await call(token, query, variables)), query).toBe(403);
    expect(await test.db.tenantPackage.findUnique({ where: { id: packageId } })).not.toBeNull();
  });

  it('lets no other tenant read or change tenants and packages, even with every permission', async () => {
    const permissions = ['query', 'create', 'update', 'delete'].flatMap((button) => [`system:tenant:${button}`, `system:tenant-package:${button}`]);
    const packageId = await createPackage(permissions);
    const victim = await createTenantThrough(packageId);
    const tenant = await createTenant(test.db, { packageId });
    const token = await adminToken(test.app, await createAdmin(test.core, { tenant, permissions }));
    const managed = ErrorCatalogue.TENANT_MANAGED_BY_SYSTEM.code;
    const attempts: [string, Record<string, unknown> | undefined][] = [
      [GET, { id: victim.id }],
      [GET, { id: tenant.id }],
      [PAGE, { input: { pageNo: 1, pageSize: 10 } }],
      [SIMPLE, undefined],
      [CREATE, { input: tenantInput(packageId) }],
      [UPDATE, { input: { ...tenantInput(packageId, { name: victim.name, status: 1 }), id: victim.id } }],
      [DELETE, { id: victim.id }],
      [GET_PACKAGE, { id: packageId }],
      [PACKAGE_PAGE, { input: { pageNo: 1, pageSize: 10 } }],
      [PACKAGE_SIMPLE, undefined],
      [CREATE_PACKAGE, { input: { name: unique('p'), status: 0, menuIds: [] } }],
      [UPDATE_PACKAGE, { input: { id: packageId, name: unique('p'), status: 1, menuIds: [] } }],
      [DELETE_PACKAGE, { id: packageId }],
    ];
    for (const [query, variables] of attempts) expect(errorCode(await call(token, query, variables)), query).toBe(managed);
    expect(await test.db.tenant.findUniqueOrThrow({ where: { id: victim.id } })).toMatchObject({ status: 0 });
    expect(await test.db.tenantPackage.findUniqueOrThrow({ where: { id: packageId } })).toMatchObject({ status: 0 });
  });
});
