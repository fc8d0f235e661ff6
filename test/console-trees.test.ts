// The department and menu screens load every row in one query within the cost limit: flat lists
// (deptList, menuList) of every field, from which the console builds the tree by parentId.
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql, seededAdminToken } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';
import { useTestApp } from './support/app';
import { consoleSchema, selectionOf } from './support/console-walk';

const test = useTestApp('console_trees');

/** A query of `field` selecting every field of its items, as a console's list screen would. */
async function everyFieldOf(field: 'deptList' | 'menuList'): Promise<string> {
  const type = (await consoleSchema()).getQueryType()!.getFields()[field]!.type;
  return `{ ${field} ${selectionOf(type)} }`;
}

let admin: SignedInAdmin;

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ['system:dept:query', 'system:dept:create'] });
});

describe('flat lists for trees', () => {
  it('loads every department of a 3-level tree, enabled or not, with every field', async () => {
    const create = async (name: string, parentId: number, status = 0) => {
      const answer = await graphql<{ createDept: { id: number } }>(test.app, 'mutation($input: DeptSaveReqVO!) { createDept(input: $input) { id } }', {
        token: admin.token,
        variables: { input: { name, parentId, sort: 1, status } },
      });
      expect(answer.errors).toBeUndefined();
      return answer.data!.createDept.id;
    };
    const root = await create('Root', 0);
    const middle = await create('Middle', root);
    const leaf = await create('Leaf', middle, 1);
    const answer = await graphql<{ deptList: { id: number; parentId: number; status: number }[] }>(test.app, await everyFieldOf('deptList'), { token: admin.token });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.deptList.map(({ id, parentId, status }) => ({ id, parentId, status }))).toEqual([
      { id: root, parentId: 0, status: 0 },
      { id: middle, parentId: root, status: 0 },
      { id: leaf, parentId: middle, status: 1 },
    ]);
    const disabled = await graphql<{ deptList: { id: number }[] }>(test.app, '{ deptList(status: 1) { id } }', { token: admin.token });
    expect(disabled.data!.deptList).toEqual([{ id: leaf }]);
  });

  it('loads every menu of the seeded tree (directories, menus, buttons) with every field', async () => {
    const token = await seededAdminToken(test.core);
    const answer = await graphql<{ menuList: { id: number; parentId: number; type: number }[] }>(test.app, await everyFieldOf('menuList'), { token });
    expect(answer.errors).toBeUndefined();
    const menus = answer.data!.menuList;
    expect(menus).toHaveLength(await test.db.menu.count());
    const byId = new Map(menus.map((menu) => [menu.id, menu]));
    const depth = (menu: { parentId: number }): number => (byId.has(menu.parentId) ? 1 + depth(byId.get(menu.parentId)!) : 1);
    expect(Math.max(...menus.map(depth))).toBeGreaterThanOrEqual(3);
  });

  it('keeps each tenant to its own departments', async () => {
    const other = await signedInAdmin(test.core, { permissions: ['system:dept:query'] });
    const answer = await graphql<{ deptList: unknown[] }>(test.app, '{ deptList { id } }', { token: other.token });
    expect(answer.data!.deptList).toEqual([]);
  });
});
