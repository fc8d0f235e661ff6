// Menus through /graphql with the real app: CRUD by the system tenant, type rules, no cycles, no
// delete with children, the tree and the simple list (a tenant sees its package's menus), bounds,
// permission denials, and other tenants reading but never writing.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { publishPermissionsChanged } from '../src/core/permission/permission-service';
import { useTestApp } from './support/app';
import { adminToken, createAdmin, createTenant, errorCode, graphql, type GraphQLAnswer, seededAdminToken, unique } from './support/admin';
import { expectOppositeMovesNeverCycle } from './support/tree-moves';

const test = useTestApp('admin_menus');

const MENU_FIELDS = 'id name permission type sort parentId path icon component componentName status visible keepAlive alwaysShow createTime';
const CREATE = 'mutation($input: MenuSaveVO!) { createMenu(input: $input) { id } }';
const UPDATE = 'mutation($input: MenuSaveVO!) { updateMenu(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteMenu(id: $id) }';
const GET = `query($id: Int64!) { menu(id: $id) { ${MENU_FIELDS} } }`;
const TREE = `query($name: String, $status: Int) { menuTree(name: $name, status: $status) { id name children { id name type children { id name permission } } } }`;
const SIMPLE = '{ menuSimpleList { id name parentId type } }';
const ME = '{ me { permissions } }';

interface TreeNode {
  id: number;
  name: string;
  children?: TreeNode[];
}

let systemToken: string;

const call = <T = Record<string, unknown>>(token: string, query: string, variables?: Record<string, unknown>) => graphql<T>(test.app, query, { token, variables });

function expectBadRequest(answer: GraphQLAnswer<unknown>, field: string): void {
  expect(errorCode(answer)).toBe(400);
  expect(answer.errors?.[0]?.message).toContain(`: ${field}:`);
}

const directory = (input: Record<string, unknown> = {}) => ({ name: unique('Dir '), type: 1, sort: 1, parentId: 0, path: '/dir', icon: 'ep:box', status: 0, ...input });
const page = (parentId: number, input: Record<string, unknown> = {}) => ({ name: unique('Menu '), type: 2, sort: 1, parentId, path: 'page', component: 'dir/page/index', status: 0, ...input });
const button = (parentId: number, input: Record<string, unknown> = {}) => ({ name: unique('Button '), type: 3, sort: 1, parentId, permission: unique('test:thing:'), status: 0, ...input });

async function create(input: Record<string, unknown>): Promise<number> {
  const answer = await call<{ createMenu: { id: number } }>(systemToken, CREATE, { input });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createMenu.id;
}

async function menuIdOf(permission: string): Promise<number> {
  return (await test.db.menu.findFirstOrThrow({ where: { permission } })).id;
}

const ids = (nodes: TreeNode[]): number[] => nodes.flatMap((node) => [node.id, ...ids(node.children ?? [])]);

beforeAll(async () => {
  systemToken = await seededAdminToken(test.core);
});

describe('menu CRUD', () => {
  it('creates a directory, a menu and a button, reads them, updates and deletes them', async () => {
    const dirId = await create(directory({ name: 'Reports', visible: false }));
    const pageId = await create(page(dirId, { name: 'Sales', componentName: 'SalesReport', keepAlive: false }));
    const buttonId = await create(button(pageId, { name: 'Export', permission: 'report:sales:export' }));

    const got = await call<{ menu: Record<string, unknown> }>(systemToken, GET, { id: pageId });
    expect(got.errors).toBeUndefined();
    expect(got.data!.menu).toMatchObject({
      id: pageId,
      name: 'Sales',
      permission: '',
      type: 2,
      parentId: dirId,
      path: 'page',
      icon: null,
      component: 'dir/page/index',
      componentName: 'SalesReport',
      status: 0,
      visible: true,
      keepAlive: false,
      alwaysShow: true,
    });
    expect((await call<{ menu: { permission: string; visible: boolean } }>(systemToken, GET, { id: buttonId })).data!.menu.permission).toBe('report:sales:export');
    expect((await call<{ menu: { visible: boolean } }>(systemToken, GET, { id: dirId })).data!.menu.visible).toBe(false);

    const tree = await call<{ menuTree: TreeNode[] }>(systemToken, TREE);
    const reports = tree.data!.menuTree.find((node) => node.id === dirId);
    expect(reports).toEqual({ id: dirId, name: 'Reports', children: [{ id: pageId, name: 'Sales', type: 2, children: [{ id: buttonId, name: 'Export', permission: 'report:sales:export' }] }] });
    // Filtered: a match whose parent does not match is a root.
    const filtered = await call<{ menuTree: TreeNode[] }>(systemToken, TREE, { name: 'Sales' });
    expect(filtered.data!.menuTree).toEqual([{ id: pageId, name: 'Sales', children: [] }]);
    const simple = await call<{ menuSimpleList: { id: number; parentId: number; type: number }[] }>(systemToken, SIMPLE);
    expect(simple.data!.menuSimpleList).toContainEqual({ id: buttonId, name: 'Export', parentId: pageId, type: 3 });

    expect((await call(systemToken, UPDATE, { input: { ...page(dirId, { name: 'Sales report', status: 1 }), id: pageId } })).errors).toBeUndefined();
    expect((await call<{ menu: { name: string; status: number } }>(systemToken, GET, { id: pageId })).data!.menu).toMatchObject({ name: 'Sales report', status: 1 });
    const enabledOnly = await call<{ menuSimpleList: { id: number }[] }>(systemToken, SIMPLE);
    expect(enabledOnly.data!.menuSimpleList.map((menu) => menu.id)).not.toContain(pageId);
    const byStatus = await call<{ menuTree: TreeNode[] }>(systemToken, TREE, { status: 1 });
    expect(ids(byStatus.data!.menuTree)).toEqual([pageId]);

    expect(errorCode(await call(systemToken, DELETE, { id: dirId }))).toBe(ErrorCatalogue.MENU_HAS_CHILDREN.code);
    expect(errorCode(await call(systemToken, DELETE, { id: pageId }))).toBe(ErrorCatalogue.MENU_HAS_CHILDREN.code);
    for (const id of [buttonId, pageId, dirId]) expect((await call(systemToken, DELETE, { id })).data).toEqual({ deleteMenu: true });
    expect(errorCode(await call(systemToken, GET, { id: dirId }))).toBe(ErrorCatalogue.MENU_NOT_FOUND.code);
    expect(errorCode(await call(systemToken, DELETE, { id: dirId }))).toBe(ErrorCatalogue.MENU_NOT_FOUND.code);
  });

  it('changes permissions of every tenant: a new button held by a role, then deleted, and packages forget it', async () => {
    const pageId = await menuIdOf('system:post:query').then(async (id) => (await test.db.menu.findUniqueOrThrow({ where: { id } })).parentId);
    const buttonId = await create(button(pageId, { permission: 'system:post:export' }));
    const role = await test.db.role.create({ data: { tenantId: 1, name: 'Exporters', code: unique('exp-'), sort: 1, dataScopeDeptIds: [] } });
    await test.db.roleMenu.create({ data: { tenantId: 1, roleId: role.id, menuId: buttonId } });
    const user = await createAdmin(test.core);
    await test.db.userRole.create({ data: { tenantId: 1, userId: user.id, roleId: role.id } });
    const tenantPackage = await test.db.tenantPackage.create({ data: { name: unique('package-'), menuIds: [buttonId, pageId] } });
    const token = await adminToken(test.app, user);
    expect((await call<{ me: { permissions: string[] } }>(token, ME)).data!.me.permissions).toEqual(['system:post:export']);

    // Renaming the permission is seen at once.
    expect((await call(systemToken, UPDATE, { input: { ...button(pageId, { permission: 'system:post:download' }), id: buttonId } })).errors).toBeUndefined();
    expect((await call<{ me: { permissions: string[] } }>(token, ME)).data!.me.permissions).toEqual(['system:post:download']);

    expect((await call(systemToken, DELETE, { id: buttonId })).errors).toBeUndefined();
    expect((await call<{ me: { permissions: string[] } }>(token, ME)).data!.me.permissions).toEqual([]);
    expect(await test.db.roleMenu.count({ where: { menuId: buttonId } })).toBe(0);
    expect((await test.db.tenantPackage.findUniqueOrThrow({ where: { id: tenantPackage.id } })).menuIds).toEqual([pageId]);
  });
});

describe('a cycle written to the table by hand', () => {
  it('is left out of the console menus instead of hanging the walk up the tree', async () => {
    const first = await create(directory());
    const second = await create(directory({ parentId: first }));
    const role = await test.db.role.create({ data: { tenantId: 1, name: 'Cyclers', code: unique('cyc-'), sort: 1, dataScopeDeptIds: [] } });
    await test.db.roleMenu.create({ data: { tenantId: 1, roleId: role.id, menuId: second } });
    const user = await createAdmin(test.core);
    await test.db.userRole.create({ data: { tenantId: 1, userId: user.id, roleId: role.id } });
    try {
      await test.db.menu.update({ where: { id: first }, data: { parentId: second } });
      await publishPermissionsChanged(test.core.bus, null);
      const answer = await call<{ me: { menus: TreeNode[] } }>(await adminToken(test.app, user), '{ me { menus { id children { id } } } }');
      expect(answer.errors).toBeUndefined();
      expect(ids(answer.data!.me.menus)).toEqual([]);
    } finally {
      await test.db.menu.update({ where: { id: first }, data: { parentId: 0 } });
      await publishPermissionsChanged(test.core.bus, null);
    }
  });
});

describe('type rules and the tree', () => {
  it('allows a permission on buttons only, a path and an icon on directories and menus only, a component on menus only', async () => {
    const dirId = await create(directory());
    const pageId = await create(page(dirId));
    const before = await test.db.menu.count();
    expectBadRequest(await call(systemToken, CREATE, { input: directory({ permission: 'x:y:z' }) }), 'permission');
    expectBadRequest(await call(systemToken, CREATE, { input: page(dirId, { permission: 'x:y:z' }) }), 'permission');
    expectBadRequest(await call(systemToken, CREATE, { input: button(pageId, { path: '/x' }) }), 'path');
    expectBadRequest(await call(systemToken, CREATE, { input: button(pageId, { icon: 'ep:x' }) }), 'icon');
    expectBadRequest(await call(systemToken, CREATE, { input: button(pageId, { component: 'x/index' }) }), 'component');
    expectBadRequest(await call(systemToken, CREATE, { input: directory({ component: 'x/index' }) }), 'component');
    expectBadRequest(await call(systemToken, CREATE, { input: { ...directory(), type: 4 } }), 'type');
    expectBadRequest(await call(systemToken, CREATE, { input: { ...directory(), type: 0 } }), 'type');
    expectBadRequest(await call(systemToken, UPDATE, { input: { ...page(dirId), id: pageId, permission: 'x:y:z' } }), 'permission');
    expect(await test.db.menu.count()).toBe(before);
  });

  it('needs an existing parent that is not a button, and refuses cycles', async () => {
    const top = await create(directory());
    const middle = await create(directory({ parentId: top }));
    const leaf = await create(page(middle));
    const buttonId = await create(button(leaf));
    expect(errorCode(await call(systemToken, CREATE, { input: page(999_999) }))).toBe(ErrorCatalogue.MENU_PARENT_NOT_FOUND.code);
    expect(errorCode(await call(systemToken, CREATE, { input: button(buttonId) }))).toBe(ErrorCatalogue.MENU_PARENT_IS_BUTTON.code);
    // A menu with children cannot become a button.
    expect(errorCode(await call(systemToken, UPDATE, { input: { ...button(middle), parentId: top, id: leaf } }))).toBe(ErrorCatalogue.MENU_PARENT_IS_BUTTON.code);

    const cycle = ErrorCatalogue.MENU_PARENT_CYCLE.code;
    expect(errorCode(await call(systemToken, UPDATE, { input: { ...directory({ parentId: top }), id: top } }))).toBe(cycle);
    expect(errorCode(await call(systemToken, UPDATE, { input: { ...directory({ parentId: middle }), id: top } }))).toBe(cycle);
    expect(errorCode(await call(systemToken, UPDATE, { input: { ...directory({ parentId: leaf }), id: top } }))).toBe(cycle);
    expect((await test.db.menu.findUniqueOrThrow({ where: { id: top } })).parentId).toBe(0);

    // Moving a subtree elsewhere (not below itself) is fine.
    const other = await create(directory());
    expect((await call(systemToken, UPDATE, { input: { ...directory({ parentId: other }), id: middle } })).errors).toBeUndefined();
    expect((await test.db.menu.findUniqueOrThrow({ where: { id: middle } })).parentId).toBe(other);
  });

  it('saves one of two opposite moves sent at once and refuses the other as a cycle', async () => {
    await expectOppositeMovesNeverCycle({
      a: await create(directory()),
      b: await create(directory()),
      root: 0,
      cycleCode: ErrorCatalogue.MENU_PARENT_CYCLE.code,
      move: (id, parentId) => call(systemToken, UPDATE, { input: { ...directory({ parentId }), id } }),
      parentOf: async (id) => (await test.db.menu.findUniqueOrThrow({ where: { id } })).parentId,
    });
  });

  it('keeps names unique under one parent', async () => {
    const dirId = await create(directory());
    await create(page(dirId, { name: 'Twice' }));
    expect(errorCode(await call(systemToken, CREATE, { input: page(dirId, { name: 'Twice' }) }))).toBe(ErrorCatalogue.MENU_NAME_EXISTS.code);
    const elsewhere = await create(directory());
    await create(page(elsewhere, { name: 'Twice' }));
  });
});

describe('bounds', () => {
  it('refuses each bad field by name and writes nothing', async () => {
    const dirId = await create(directory());
    const pageId = await create(page(dirId));
    const before = await test.db.menu.count();
    expectBadRequest(await call(systemToken, CREATE, { input: { ...page(dirId), id: pageId } }), 'id');
    expectBadRequest(await call(systemToken, CREATE, { input: page(dirId, { name: 'n'.repeat(51) }) }), 'name');
    expectBadRequest(await call(systemToken, CREATE, { input: page(dirId, { name: '' }) }), 'name');
    expectBadRequest(await call(systemToken, CREATE, { input: button(pageId, { permission: 'p'.repeat(101) }) }), 'permission');
    expectBadRequest(await call(systemToken, CREATE, { input: page(dirId, { path: 'p'.repeat(201) }) }), 'path');
    expectBadRequest(await call(systemToken, CREATE, { input: page(dirId, { component: 'c'.repeat(201) }) }), 'component');
    expectBadRequest(await call(systemToken, CREATE, { input: page(dirId, { status: 2 }) }), 'status');
    expectBadRequest(await call(systemToken, CREATE, { input: page(-1) }), 'parentId');
    expectBadRequest(await call(systemToken, UPDATE, { input: page(dirId) }), 'id');
    expect(await test.db.menu.count()).toBe(before);
    // The longest values are accepted.
    await create(page(dirId, { name: `${unique('n')}${'n'.repeat(39)}`, path: 'p'.repeat(200), component: 'c'.repeat(200) }));
    await create(button(pageId, { permission: 'p'.repeat(100) }));
  });
});

describe('denials', () => {
  it('answers 403 to a user without the permission of each operation', async () => {
    const dirId = await create(directory());
    const user = await createAdmin(test.core, { permissions: ['system:role:query'] });
    const token = await adminToken(test.app, user);
    for (const [query, variables] of [
      [GET, { id: dirId }],
      [TREE, {}],
      [CREATE, { input: directory() }],
      [UPDATE, { input: { ...directory(), id: dirId } }],
      [DELETE, { id: dirId }],
    ] as const) {
      expect(errorCode(await call(token, query, variables)), query).toBe(403);
    }
    expect(await test.db.menu.findUnique({ where: { id: dirId } })).not.toBeNull();
    // Simple lists are pickers, readable by any signed-in administrator of the tenant.
    expect((await call(token, SIMPLE)).errors).toBeUndefined();
  });

  it('lets another tenant read its package\'s menus only, and never write', async () => {
    const dirId = await create(directory());
    const queryMenu = await menuIdOf('system:menu:query');
    const permissions = ['system:menu:query', 'system:menu:create', 'system:menu:update', 'system:menu:delete'];
    const packageMenuIds = await Promise.all(permissions.map(menuIdOf));
    const tenantPackage = await test.db.tenantPackage.create({ data: { name: unique('package-'), menuIds: packageMenuIds } });
    const tenant = await createTenant(test.db, { packageId: tenantPackage.id });
    const token = await adminToken(test.app, await createAdmin(test.core, { tenant, permissions }));

    const tree = await call<{ menuTree: TreeNode[] }>(token, TREE);
    expect(ids(tree.data!.menuTree).sort()).toEqual([...packageMenuIds].sort());
    const simple = await call<{ menuSimpleList: { id: number }[] }>(token, SIMPLE);
    expect(simple.data!.menuSimpleList.map((menu) => menu.id).sort()).toEqual([...packageMenuIds].sort());
    expect((await call<{ menu: { id: number } }>(token, GET, { id: queryMenu })).data!.menu.id).toBe(queryMenu);
    expect(errorCode(await call(token, GET, { id: dirId }))).toBe(ErrorCatalogue.MENU_NOT_FOUND.code);

    const managed = ErrorCatalogue.TENANT_MANAGED_BY_SYSTEM.code;
    const before = await test.db.menu.count();
    expect(errorCode(await call(token, CREATE, { input: directory() }))).toBe(managed);
    expect(errorCode(await call(token, UPDATE, { input: { ...directory({ name: 'Taken' }), id: dirId } }))).toBe(managed);
    expect(errorCode(await call(token, DELETE, { id: dirId }))).toBe(managed);
    expect(errorCode(await call(token, DELETE, { id: queryMenu }))).toBe(managed);
    expect(await test.db.menu.count()).toBe(before);
    expect((await test.db.menu.findUniqueOrThrow({ where: { id: dirId } })).name).not.toBe('Taken');
  });
});
