// Departments through /graphql: CRUD, the tree, cycles, deletion rules, the bounds of DeptSaveReqVO,
// permissions, tenants.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { useTestApp } from './support/app';
import { answeredNothing, errorCode, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';
import { expectOppositeMovesNeverCycle } from './support/tree-moves';

const test = useTestApp('admin_depts');

const CREATE = 'mutation($input: DeptSaveReqVO!) { createDept(input: $input) { id } }';
const UPDATE = 'mutation($input: DeptSaveReqVO!) { updateDept(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteDept(id: $id) }';
const GET = 'query($id: Int64!) { dept(id: $id) { id name parentId sort leaderUserId phone email status createTime } }';
const TREE = `query($name: String, $status: Int) {
  deptTree(name: $name, status: $status) { id name children { id name children { id name } } }
}`;
const SIMPLE = '{ deptSimpleList { id name status } }';

const ALL = ['system:dept:query', 'system:dept:create', 'system:dept:update', 'system:dept:delete'];

interface TreeNode {
  id: number;
  name: string;
  children?: TreeNode[];
}

const dept = (overrides: Record<string, unknown> = {}) => ({ name: unique('dept-'), sort: 1, status: 0, ...overrides });

async function createDept(token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const answer = await graphql<{ createDept: { id: number } }>(test.app, CREATE, { token, variables: { input: dept(overrides) } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createDept.id;
}

let admin: SignedInAdmin;

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ALL });
});

describe('departments', () => {
  it('creates, reads, updates, lists and deletes', async () => {
    const id = await createDept(admin.token, { name: 'Head office', sort: 2, leaderUserId: admin.id, phone: '13800000000', email: 'ho@example.com' });
    const got = await graphql<{ dept: Record<string, unknown> }>(test.app, GET, { token: admin.token, variables: { id } });
    expect(got.data!.dept).toMatchObject({ id, name: 'Head office', parentId: 0, sort: 2, leaderUserId: admin.id, phone: '13800000000', email: 'ho@example.com', status: 0 });

    const updated = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: dept({ id, name: 'Headquarters', status: 1 }) } });
    expect(updated.errors).toBeUndefined();
    expect((await graphql<{ dept: { name: string } }>(test.app, GET, { token: admin.token, variables: { id } })).data!.dept.name).toBe('Headquarters');
    const simple = await graphql<{ deptSimpleList: { id: number }[] }>(test.app, SIMPLE, { token: admin.token });
    expect(simple.data!.deptSimpleList.map((entry) => entry.id)).not.toContain(id);

    expect((await graphql(test.app, DELETE, { token: admin.token, variables: { id } })).data).toEqual({ deleteDept: true });
    const deleted = await graphql<{ dept: null }>(test.app, GET, { token: admin.token, variables: { id } });
    expect(errorCode(deleted)).toBe(ErrorCatalogue.DEPT_NOT_FOUND.code);
    expect(answeredNothing(deleted)).toBe(true);
  });

  it('answers the tree, filtered matches under their nearest matching ancestor', async () => {
    const owner = await signedInAdmin(test.core, { permissions: ALL });
    const root = await createDept(owner.token, { name: 'Root' });
    const sales = await createDept(owner.token, { name: 'Sales', parentId: root, sort: 2 });
    const ops = await createDept(owner.token, { name: 'Ops', parentId: root, sort: 1 });
    const east = await createDept(owner.token, { name: 'Sales east', parentId: sales });
    const tree = await graphql<{ deptTree: TreeNode[] }>(test.app, TREE, { token: owner.token });
    expect(tree.data!.deptTree).toEqual([
      {
        id: root,
        name: 'Root',
        children: [
          { id: ops, name: 'Ops', children: [] },
          { id: sales, name: 'Sales', children: [{ id: east, name: 'Sales east' }] },
        ],
      },
    ]);
    const filtered = await graphql<{ deptTree: TreeNode[] }>(test.app, TREE, { token: owner.token, variables: { name: 'Sales' } });
    expect(filtered.data!.deptTree).toEqual([{ id: sales, name: 'Sales', children: [{ id: east, name: 'Sales east', children: [] }] }]);
    const disabledRoot = await graphql(test.app, UPDATE, { token: owner.token, variables: { input: dept({ id: root, name: 'Root', status: 1 }) } });
    expect(disabledRoot.errors).toBeUndefined();
    const enabledOnly = await graphql<{ deptTree: TreeNode[] }>(test.app, TREE, { token: owner.token, variables: { status: 0 } });
    expect(enabledOnly.data!.deptTree.map((node) => node.id)).toEqual([ops, sales]);
  });

  it('refuses a parent that is the department itself or below it, or that does not exist', async () => {
    const top = await createDept(admin.token);
    const middle = await createDept(admin.token, { parentId: top });
    const bottom = await createDept(admin.token, { parentId: middle });
    for (const parentId of [top, middle, bottom]) {
      const answer = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: dept({ id: top, parentId }) } });
      expect(errorCode(answer)).toBe(ErrorCatalogue.DEPT_PARENT_CYCLE.code);
    }
    expect(errorCode(await graphql(test.app, CREATE, { token: admin.token, variables: { input: dept({ parentId: 987_654 }) } }))).toBe(
      ErrorCatalogue.DEPT_PARENT_NOT_FOUND.code,
    );
    expect(await test.db.dept.findUnique({ where: { id: top } })).toMatchObject({ parentId: 0 });
    // Moving a leaf up is fine.
    expect((await graphql(test.app, UPDATE, { token: admin.token, variables: { input: dept({ id: bottom, parentId: top }) } })).errors).toBeUndefined();
  });

  it('saves one of two opposite moves sent at once and refuses the other as a cycle', async () => {
    await expectOppositeMovesNeverCycle({
      a: await createDept(admin.token),
      b: await createDept(admin.token),
      root: 0,
      cycleCode: ErrorCatalogue.DEPT_PARENT_CYCLE.code,
      move: (id, parentId) => graphql(test.app, UPDATE, { token: admin.token, variables: { input: dept({ id, parentId }) } }),
      parentOf: async (id) => (await test.db.dept.findUniqueOrThrow({ where: { id } })).parentId,
    });
  });

  it('keeps sibling names unique', async () => {
    const parent = await createDept(admin.token);
    const name = unique('twin-');
    await createDept(admin.token, { parentId: parent, name });
    const again = await graphql(test.app, CREATE, { token: admin.token, variables: { input: dept({ parentId: parent, name }) } });
    expect(errorCode(again)).toBe(ErrorCatalogue.DEPT_NAME_EXISTS.code);
    await createDept(admin.token, { name });
  });

  it('refuses to delete a department with children or users', async () => {
    const parent = await createDept(admin.token);
    await createDept(admin.token, { parentId: parent });
    expect(errorCode(await graphql(test.app, DELETE, { token: admin.token, variables: { id: parent } }))).toBe(ErrorCatalogue.DEPT_HAS_CHILDREN.code);
    const staffed = await createDept(admin.token);
    await test.db.adminUser.update({ where: { id: admin.id }, data: { deptId: staffed } });
    expect(errorCode(await graphql(test.app, DELETE, { token: admin.token, variables: { id: staffed } }))).toBe(ErrorCatalogue.DEPT_HAS_USERS.code);
    await test.db.adminUser.update({ where: { id: admin.id }, data: { deptId: null } });
    expect(await test.db.dept.count({ where: { id: { in: [parent, staffed] } } })).toBe(2);
  });

  it('needs a leader who is a user of the tenant', async () => {
    const stranger = await signedInAdmin(test.core, { permissions: ALL });
    for (const leaderUserId of [stranger.id, 987_654]) {
      const answer = await graphql(test.app, CREATE, { token: admin.token, variables: { input: dept({ leaderUserId }) } });
      expect(errorCode(answer)).toBe(ErrorCatalogue.DEPT_LEADER_NOT_FOUND.code);
    }
  });

  it.each([
    ['id', { id: 5 }],
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(31) }],
    ['phone', { phone: '1'.repeat(12) }],
    ['email', { email: `${'x'.repeat(40)}@example.com` }],
    ['email', { email: 'not-an-email' }],
    ['status', { status: -1 }],
    ['parentId', { parentId: -1 }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.dept.count();
    const answer = await graphql(test.app, CREATE, { token: admin.token, variables: { input: dept(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.dept.count()).toBe(before);
  });

  it('accepts the longest name, phone and email, and needs the id on update', async () => {
    await createDept(admin.token, { name: unique('n'.repeat(20)), phone: '1'.repeat(11), email: `${'x'.repeat(38)}@example.com` });
    const answer = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: dept() } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('id');
  });

  it("needs each operation's permission", async () => {
    const id = await createDept(admin.token);
    const tenant = { id: admin.tenantId, name: admin.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['system:dept:query'] });
    const calls = [
      [CREATE, { input: dept() }, 'system:dept:create'],
      [UPDATE, { input: dept({ id }) }, 'system:dept:update'],
      [DELETE, { id }, 'system:dept:delete'],
    ] as const;
    for (const [query, variables, permission] of calls) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:post:query'] });
    for (const query of [GET, TREE]) expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables: { id } }))).toBe(403);
  });

  it('keeps each tenant to its own departments, guessed ids included', async () => {
    const id = await createDept(admin.token, { name: 'Mine' });
    const intruder = await signedInAdmin(test.core, { permissions: ALL });
    const foreign = await graphql<{ dept: null }>(test.app, GET, { token: intruder.token, variables: { id } });
    expect(errorCode(foreign)).toBe(ErrorCatalogue.DEPT_NOT_FOUND.code);
    expect(answeredNothing(foreign)).toBe(true);
    expect((await graphql<{ deptTree: unknown[] }>(test.app, TREE, { token: intruder.token })).data!.deptTree).toEqual([]);
    expect(errorCode(await graphql(test.app, UPDATE, { token: intruder.token, variables: { input: dept({ id }) } }))).toBe(ErrorCatalogue.DEPT_NOT_FOUND.code);
    expect(errorCode(await graphql(test.app, DELETE, { token: intruder.token, variables: { id } }))).toBe(ErrorCatalogue.DEPT_NOT_FOUND.code);
    // Nor hang its own departments under another tenant's.
    expect(errorCode(await graphql(test.app, CREATE, { token: intruder.token, variables: { input: dept({ parentId: id }) } }))).toBe(
      ErrorCatalogue.DEPT_PARENT_NOT_FOUND.code,
    );
    expect(await test.db.dept.findUnique({ where: { id } })).toMatchObject({ name: 'Mine', tenantId: admin.tenantId });
  });
});
