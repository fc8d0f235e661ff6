// Roles through /graphql with the real app: CRUD, status, pages, role menus (within the tenant
// package), data scope, user roles, built-in role protection, bounds, permission and tenant denials.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { SUPER_ADMIN_ROLE_CODE } from '../src/core/permission/permission-service';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { useTestApp } from './support/app';
import { adminToken, createAdmin, createTenant, errorCode, graphql, type GraphQLAnswer, seededAdminToken, type TestAdmin, unique } from './support/admin';
import { statementRecorder } from './support/statements';

const sql = statementRecorder();
const test = useTestApp('admin_roles', { databaseOptions: { onQuery: sql.onQuery } });

const ROLE_FIELDS = 'id name code sort status type dataScope dataScopeDeptIds remark createTime menuIds';
const CREATE = 'mutation($input: RoleSaveReqVO!) { createRole(input: $input) { id } }';
const UPDATE = 'mutation($input: RoleSaveReqVO!) { updateRole(input: $input) { id } }';
const UPDATE_STATUS = 'mutation($input: RoleUpdateStatusReqVO!) { updateRoleStatus(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteRole(id: $id) }';
const GET = `query($id: Int64!) { role(id: $id) { ${ROLE_FIELDS} } }`;
const PAGE = `query($input: RolePageReqVO!) { rolePage(input: $input) { total list { ${ROLE_FIELDS} } } }`;
const SIMPLE = '{ roleSimpleList { id name code } }';
const ASSIGN_MENUS = 'mutation($roleId: Int64!, $menuIds: [Int64!]!) { assignRoleMenus(roleId: $roleId, menuIds: $menuIds) }';
const ASSIGN_SCOPE = 'mutation($roleId: Int64!, $dataScope: Int!, $deptIds: [Int64!]) { assignRoleDataScope(roleId: $roleId, dataScope: $dataScope, dataScopeDeptIds: $deptIds) }';
const ASSIGN_USER_ROLES = 'mutation($userId: Int64!, $roleIds: [Int64!]!) { assignUserRoles(userId: $userId, roleIds: $roleIds) }';
const USER_ROLE_IDS = 'query($userId: Int64!) { userRoleIds(userId: $userId) }';
const ME = '{ me { roles { code } permissions } }';

interface RoleAnswer {
  id: number;
  name: string;
  code: string;
  sort: number;
  status: number;
  type: number;
  dataScope: number;
  dataScopeDeptIds: number[];
  remark: string | null;
  createTime: string;
  menuIds: number[];
}

const ROLE_PERMISSIONS = ['query', 'create', 'update', 'delete', 'update-status', 'assign-menu', 'assign-data-scope'].map((button) => `system:role:${button}`);
const ALL_PERMISSIONS = [...ROLE_PERMISSIONS, 'system:user:assign-role', 'system:user:query'];

let systemToken: string;

const call = <T = Record<string, unknown>>(token: string, query: string, variables?: Record<string, unknown>) => graphql<T>(test.app, query, { token, variables });

function expectBadRequest(answer: GraphQLAnswer<unknown>, field: string): void {
  expect(errorCode(answer)).toBe(400);
  expect(answer.errors?.[0]?.message).toContain(`: ${field}:`);
}

async function menuIdOf(permission: string): Promise<number> {
  return (await test.db.menu.findFirstOrThrow({ where: { permission } })).id;
}

async function createRole(token: string, input: Record<string, unknown> = {}): Promise<number> {
  const answer = await call<{ createRole: { id: number } }>(token, CREATE, { input: { name: 'Auditor', code: unique('auditor-'), sort: 3, ...input } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createRole.id;
}

/** A tenant whose package holds the role and user-role buttons (and one post button), with an administrator holding them. */
async function packagedTenantAdmin(): Promise<{ admin: TestAdmin; token: string; packageMenuIds: number[] }> {
  const permissions = [...ALL_PERMISSIONS, 'system:post:query'];
  const packageMenuIds = await Promise.all(permissions.map(menuIdOf));
  const tenantPackage = await test.db.tenantPackage.create({ data: { name: unique('package-'), menuIds: packageMenuIds } });
  const tenant = await createTenant(test.db, { packageId: tenantPackage.id });
  const admin = await createAdmin(test.core, { tenant, permissions: ALL_PERMISSIONS });
  return { admin, token: await adminToken(test.app, admin), packageMenuIds };
}

beforeAll(async () => {
  systemToken = await seededAdminToken(test.core);
});

describe('role CRUD', () => {
  it('creates, reads, pages, lists, updates, changes status and deletes a role', async () => {
    const id = await createRole(systemToken, { name: 'Buyers', code: 'buyers', sort: 5, remark: 'purchasing staff' });
    const got = await call<{ role: RoleAnswer }>(systemToken, GET, { id });
    expect(got.errors).toBeUndefined();
    expect(got.data!.role).toMatchObject({ id, name: 'Buyers', code: 'buyers', sort: 5, status: 0, type: 2, dataScope: 1, dataScopeDeptIds: [], remark: 'purchasing staff', menuIds: [] });
    expect(new Date(got.data!.role.createTime).toString()).not.toBe('Invalid Date');

    const page = await call<{ rolePage: { total: number; list: RoleAnswer[] } }>(systemToken, PAGE, { input: { pageNo: 1, pageSize: 10, code: 'buyer' } });
    expect(page.data!.rolePage).toMatchObject({ total: 1, list: [{ id, code: 'buyers' }] });
    const byStatus = await call<{ rolePage: { total: number; list: RoleAnswer[] } }>(systemToken, PAGE, { input: { pageNo: 1, pageSize: 100, status: 1 } });
    expect(byStatus.data!.rolePage.list.map((role) => role.id)).not.toContain(id);

    expect((await call(systemToken, UPDATE, { input: { id, name: 'Senior buyers', code: 'senior-buyers', sort: 6, remark: null } })).errors).toBeUndefined();
    expect((await call<{ role: RoleAnswer }>(systemToken, GET, { id })).data!.role).toMatchObject({ name: 'Senior buyers', code: 'senior-buyers', sort: 6, remark: null });

    expect((await call(systemToken, UPDATE_STATUS, { input: { id, status: 1 } })).errors).toBeUndefined();
    expect((await call<{ role: RoleAnswer }>(systemToken, GET, { id })).data!.role.status).toBe(1);
    const simple = await call<{ roleSimpleList: { id: number }[] }>(systemToken, SIMPLE);
    expect(simple.data!.roleSimpleList.map((role) => role.id)).not.toContain(id);
    await call(systemToken, UPDATE_STATUS, { input: { id, status: 0 } });
    expect((await call<{ roleSimpleList: { id: number }[] }>(systemToken, SIMPLE)).data!.roleSimpleList.map((role) => role.id)).toContain(id);

    expect((await call(systemToken, DELETE, { id })).data).toEqual({ deleteRole: true });
    expect(errorCode(await call(systemToken, GET, { id }))).toBe(ErrorCatalogue.ROLE_NOT_FOUND.code);
    expect(errorCode(await call(systemToken, DELETE, { id }))).toBe(ErrorCatalogue.ROLE_NOT_FOUND.code);
  });

  it('keeps codes unique per tenant and reserves the built-in codes', async () => {
    const code = unique('dup-');
    const id = await createRole(systemToken, { code });
    expect(errorCode(await call(systemToken, CREATE, { input: { name: 'Again', code, sort: 1 } }))).toBe(ErrorCatalogue.ROLE_CODE_EXISTS.code);
    const other = await createRole(systemToken);
    expect(errorCode(await call(systemToken, UPDATE, { input: { id: other, name: 'x', code, sort: 1 } }))).toBe(ErrorCatalogue.ROLE_CODE_EXISTS.code);
    for (const reserved of [SUPER_ADMIN_ROLE_CODE, 'tenant_admin']) {
      expect(errorCode(await call(systemToken, CREATE, { input: { name: 'Sneaky', code: reserved, sort: 1 } }))).toBe(ErrorCatalogue.ROLE_CODE_RESERVED.code);
      expect(errorCode(await call(systemToken, UPDATE, { input: { id, name: 'Sneaky', code: reserved, sort: 1 } }))).toBe(ErrorCatalogue.ROLE_CODE_RESERVED.code);
    }
    // The same code in another tenant is fine.
    const { token } = await packagedTenantAdmin();
    await createRole(token, { code });
  });
});

describe('built-in roles', () => {
  it('cannot be deleted, disabled, recoded or assigned menus, but can be renamed', async () => {
    const superAdmin = await test.db.role.findUniqueOrThrow({ where: { tenantId_code: { tenantId: SYSTEM_TENANT_ID, code: SUPER_ADMIN_ROLE_CODE } } });
    const builtIn = ErrorCatalogue.ROLE_BUILT_IN.code;
    expect(errorCode(await call(systemToken, DELETE, { id: superAdmin.id }))).toBe(builtIn);
    expect(errorCode(await call(systemToken, UPDATE_STATUS, { input: { id: superAdmin.id, status: 1 } }))).toBe(builtIn);
    expect(errorCode(await call(systemToken, UPDATE, { input: { id: superAdmin.id, name: 'Root', code: 'root', sort: 1 } }))).toBe(builtIn);
    expect(errorCode(await call(systemToken, ASSIGN_MENUS, { roleId: superAdmin.id, menuIds: [] }))).toBe(builtIn);
    expect((await call(systemToken, UPDATE, { input: { id: superAdmin.id, name: 'Root administrator', code: SUPER_ADMIN_ROLE_CODE, sort: 1 } })).errors).toBeUndefined();
    expect(await test.db.role.findUniqueOrThrow({ where: { id: superAdmin.id } })).toMatchObject({ name: 'Root administrator', code: SUPER_ADMIN_ROLE_CODE, status: 0, type: 1 });
    expect(await test.db.userRole.count({ where: { roleId: superAdmin.id } })).toBeGreaterThan(0);
  });
});

describe('role menus, data scope and user roles', () => {
  it('assigns menus within the package; the role\'s users get their permissions at once', async () => {
    const { admin, token, packageMenuIds } = await packagedTenantAdmin();
    const roleId = await createRole(token);
    const postQuery = await menuIdOf('system:post:query');
    expect((await call(token, ASSIGN_MENUS, { roleId, menuIds: [postQuery] })).errors).toBeUndefined();
    expect((await call<{ role: RoleAnswer }>(token, GET, { id: roleId })).data!.role.menuIds).toEqual([postQuery]);

    const user = await createAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName } });
    expect((await call(token, ASSIGN_USER_ROLES, { userId: user.id, roleIds: [roleId] })).errors).toBeUndefined();
    expect((await call<{ userRoleIds: number[] }>(token, USER_ROLE_IDS, { userId: user.id })).data!.userRoleIds).toEqual([roleId]);
    const userToken = await adminToken(test.app, user);
    expect((await call<{ me: { permissions: string[] } }>(userToken, ME)).data!.me.permissions).toEqual(['system:post:query']);

    // Outside the package, or not a menu at all: refused, nothing changes.
    const outside = await menuIdOf('system:tenant:create');
    expect(packageMenuIds).not.toContain(outside);
    expect(errorCode(await call(token, ASSIGN_MENUS, { roleId, menuIds: [postQuery, outside] }))).toBe(ErrorCatalogue.ROLE_MENU_OUTSIDE_PACKAGE.code);
    expect(errorCode(await call(token, ASSIGN_MENUS, { roleId, menuIds: [999_999] }))).toBe(ErrorCatalogue.MENU_NOT_FOUND.code);
    expect((await test.db.roleMenu.findMany({ where: { roleId } })).map((link) => link.menuId)).toEqual([postQuery]);

    // Taking the menus away and disabling the role both take effect at once.
    await call(token, ASSIGN_MENUS, { roleId, menuIds: [] });
    expect((await call<{ me: { permissions: string[] } }>(userToken, ME)).data!.me.permissions).toEqual([]);
    await call(token, ASSIGN_MENUS, { roleId, menuIds: [postQuery] });
    await call(token, UPDATE_STATUS, { input: { id: roleId, status: 1 } });
    expect((await call<{ me: { roles: unknown[]; permissions: string[] } }>(userToken, ME)).data!.me).toEqual({ roles: [], permissions: [] });

    // Removing the user's roles.
    await call(token, UPDATE_STATUS, { input: { id: roleId, status: 0 } });
    await call(token, ASSIGN_USER_ROLES, { userId: user.id, roleIds: [] });
    expect((await call<{ me: { permissions: string[] } }>(userToken, ME)).data!.me.permissions).toEqual([]);
  });

  it('the system tenant assigns any stored menu; deleting a role takes its permissions away', async () => {
    const roleId = await createRole(systemToken);
    const menuId = await menuIdOf('system:tenant:query');
    await call(systemToken, ASSIGN_MENUS, { roleId, menuIds: [menuId] });
    const user = await createAdmin(test.core);
    await call(systemToken, ASSIGN_USER_ROLES, { userId: user.id, roleIds: [roleId] });
    const userToken = await adminToken(test.app, user);
    expect((await call<{ me: { permissions: string[] } }>(userToken, ME)).data!.me.permissions).toEqual(['system:tenant:query']);
    await call(systemToken, DELETE, { id: roleId });
    expect((await call<{ me: { permissions: string[] } }>(userToken, ME)).data!.me.permissions).toEqual([]);
    expect(await test.db.userRole.count({ where: { roleId } })).toBe(0);
  });

  it('sets the data scope; custom departments must be the tenant\'s', async () => {
    const { admin, token } = await packagedTenantAdmin();
    const roleId = await createRole(token);
    const dept = await test.db.dept.create({ data: { tenantId: admin.tenantId, name: 'Buying', sort: 1 } });
    const foreignDept = await test.db.dept.create({ data: { tenantId: SYSTEM_TENANT_ID, name: 'Elsewhere', sort: 1 } });
    expect((await call(token, ASSIGN_SCOPE, { roleId, dataScope: 2, deptIds: [dept.id] })).errors).toBeUndefined();
    expect((await call<{ role: RoleAnswer }>(token, GET, { id: roleId })).data!.role).toMatchObject({ dataScope: 2, dataScopeDeptIds: [dept.id] });
    expect(errorCode(await call(token, ASSIGN_SCOPE, { roleId, dataScope: 2, deptIds: [foreignDept.id] }))).toBe(ErrorCatalogue.ROLE_DEPT_NOT_FOUND.code);
    expect((await call(token, ASSIGN_SCOPE, { roleId, dataScope: 5 })).errors).toBeUndefined();
    expect((await call<{ role: RoleAnswer }>(token, GET, { id: roleId })).data!.role).toMatchObject({ dataScope: 5, dataScopeDeptIds: [] });
  });

  it('assigns only roles and users of the caller\'s tenant', async () => {
    const { token } = await packagedTenantAdmin();
    const ownRole = await createRole(token);
    const systemRole = await createRole(systemToken);
    const systemUser = await createAdmin(test.core);
    const foreign = await call(token, ASSIGN_USER_ROLES, { userId: systemUser.id, roleIds: [ownRole] });
    expect(errorCode(foreign)).toBe(ErrorCatalogue.ROLE_USER_NOT_FOUND.code);
    expect(errorCode(await call(token, USER_ROLE_IDS, { userId: systemUser.id }))).toBe(ErrorCatalogue.ROLE_USER_NOT_FOUND.code);
    const { admin: otherAdmin } = await packagedTenantAdmin();
    expect(errorCode(await call(token, ASSIGN_USER_ROLES, { userId: otherAdmin.id, roleIds: [] }))).toBe(ErrorCatalogue.ROLE_USER_NOT_FOUND.code);
    const ownUser = await test.db.adminUser.findFirstOrThrow({ where: { tenantId: (await test.db.role.findUniqueOrThrow({ where: { id: ownRole } })).tenantId } });
    expect(errorCode(await call(token, ASSIGN_USER_ROLES, { userId: ownUser.id, roleIds: [ownRole, systemRole] }))).toBe(ErrorCatalogue.ROLE_NOT_FOUND.code);
    expect(await test.db.userRole.count({ where: { roleId: systemRole } })).toBe(0);
  });
});

describe('pages', () => {
  it('resolve the menus of a page of roles in a fixed number of SQL statements, whatever the page size', async () => {
    const { token } = await packagedTenantAdmin();
    const postQuery = await menuIdOf('system:post:query');
    for (let index = 0; index < 30; index++) {
      const roleId = await createRole(token, { sort: index });
      await call(token, ASSIGN_MENUS, { roleId, menuIds: [postQuery] });
    }
    const statementsOf = async (pageSize: number) => {
      const { result: page, statements } = await sql.during(() => call<{ rolePage: { list: RoleAnswer[] } }>(token, PAGE, { input: { pageNo: 1, pageSize } }));
      expect(page.data!.rolePage.list).toHaveLength(pageSize);
      expect(page.data!.rolePage.list.filter((role) => role.code.startsWith('auditor-')).every((role) => role.menuIds.length === 1)).toBe(true);
      return statements.length;
    };
    await statementsOf(2); // warms the permission cache of the caller
    expect(await statementsOf(30)).toBe(await statementsOf(5));
  });
});

describe('bounds', () => {
  it('refuses each bad field by name and writes nothing', async () => {
    const id = await createRole(systemToken);
    const before = await test.db.role.count();
    const valid = { name: 'Valid', code: unique('valid-'), sort: 1 };
    expectBadRequest(await call(systemToken, CREATE, { input: { ...valid, id } }), 'id');
    expectBadRequest(await call(systemToken, CREATE, { input: { ...valid, name: 'n'.repeat(31) } }), 'name');
    expectBadRequest(await call(systemToken, CREATE, { input: { ...valid, name: '' } }), 'name');
    expectBadRequest(await call(systemToken, CREATE, { input: { ...valid, code: 'c'.repeat(101) } }), 'code');
    expectBadRequest(await call(systemToken, CREATE, { input: { ...valid, remark: 'r'.repeat(501) } }), 'remark');
    expect(await test.db.role.count()).toBe(before);
    // The longest values are accepted.
    await createRole(systemToken, { name: 'n'.repeat(30), code: `${unique('c')}${'c'.repeat(89)}` });

    expectBadRequest(await call(systemToken, UPDATE, { input: valid }), 'id');
    expectBadRequest(await call(systemToken, UPDATE, { input: { ...valid, id, name: 'n'.repeat(31) } }), 'name');
    expectBadRequest(await call(systemToken, UPDATE_STATUS, { input: { id, status: 2 } }), 'status');
    expectBadRequest(await call(systemToken, PAGE, { input: { pageNo: 0, pageSize: 10 } }), 'pageNo');
    expectBadRequest(await call(systemToken, PAGE, { input: { pageNo: 1, pageSize: 101 } }), 'pageSize');
    expectBadRequest(await call(systemToken, ASSIGN_MENUS, { roleId: id, menuIds: [1, 1] }), 'menuIds');
    expectBadRequest(await call(systemToken, ASSIGN_SCOPE, { roleId: id, dataScope: 0 }), 'dataScope');
    expectBadRequest(await call(systemToken, ASSIGN_SCOPE, { roleId: id, dataScope: 6 }), 'dataScope');
    expectBadRequest(await call(systemToken, ASSIGN_SCOPE, { roleId: id, dataScope: 1, deptIds: [1] }), 'dataScopeDeptIds');
    expectBadRequest(await call(systemToken, ASSIGN_USER_ROLES, { userId: 1, roleIds: [id, id] }), 'roleIds');
    expect(await test.db.role.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: 'Auditor', status: 0, dataScope: 1 });
    // A missing required field is refused by GraphQL itself.
    expect((await call(systemToken, CREATE, { input: { name: 'x', code: 'y' } })).errors?.[0]?.message).toContain('sort');
  });
});

describe('denials', () => {
  it('answers 403 to a user without the permission of each operation', async () => {
    const roleId = await createRole(systemToken);
    const user = await createAdmin(test.core, { permissions: ['system:user:create'] });
    const token = await adminToken(test.app, user);
    const attempts: [string, Record<string, unknown> | undefined][] = [
      [GET, { id: roleId }],
      [PAGE, { input: { pageNo: 1, pageSize: 10 } }],
      [CREATE, { input: { name: 'x', code: unique('x'), sort: 1 } }],
      [UPDATE, { input: { id: roleId, name: 'x', code: 'x', sort: 1 } }],
      [UPDATE_STATUS, { input: { id: roleId, status: 1 } }],
      [DELETE, { id: roleId }],
      [ASSIGN_MENUS, { roleId, menuIds: [] }],
      [ASSIGN_SCOPE, { roleId, dataScope: 1 }],
      [ASSIGN_USER_ROLES, { userId: user.id, roleIds: [roleId] }],
      [USER_ROLE_IDS, { userId: user.id }],
    ];
    for (const [query, variables] of attempts) expect(errorCode(await call(token, query, variables)), query).toBe(403);
    // Simple lists are pickers, readable by any signed-in administrator of the tenant.
    expect((await call(token, SIMPLE)).errors).toBeUndefined();
    expect(await test.db.role.findUniqueOrThrow({ where: { id: roleId } })).toMatchObject({ status: 0, name: 'Auditor' });
  });

  it('hides every role of another tenant, guessed ids included', async () => {
    const systemRole = await createRole(systemToken, { name: 'System only' });
    const { token } = await packagedTenantAdmin();
    const notFound = ErrorCatalogue.ROLE_NOT_FOUND.code;
    expect(errorCode(await call(token, GET, { id: systemRole }))).toBe(notFound);
    expect(errorCode(await call(token, UPDATE, { input: { id: systemRole, name: 'Taken', code: 'taken', sort: 1 } }))).toBe(notFound);
    expect(errorCode(await call(token, UPDATE_STATUS, { input: { id: systemRole, status: 1 } }))).toBe(notFound);
    expect(errorCode(await call(token, DELETE, { id: systemRole }))).toBe(notFound);
    expect(errorCode(await call(token, ASSIGN_MENUS, { roleId: systemRole, menuIds: [] }))).toBe(notFound);
    expect(errorCode(await call(token, ASSIGN_SCOPE, { roleId: systemRole, dataScope: 5 }))).toBe(notFound);
    for (let guess = 1; guess <= 5; guess++) expect(errorCode(await call(token, GET, { id: guess }))).toBe(notFound);
    const page = await call<{ rolePage: { list: RoleAnswer[] } }>(token, PAGE, { input: { pageNo: 1, pageSize: 100 } });
    expect(page.data!.rolePage.list.map((role) => role.id)).not.toContain(systemRole);
    const simple = await call<{ roleSimpleList: { id: number }[] }>(token, SIMPLE);
    expect(simple.data!.roleSimpleList.map((role) => role.id)).not.toContain(systemRole);
    expect(await test.db.role.findUniqueOrThrow({ where: { id: systemRole } })).toMatchObject({ name: 'System only', status: 0 });
  });
});
