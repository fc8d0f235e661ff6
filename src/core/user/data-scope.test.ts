import { describe, expect, it } from 'vitest';
import { DataScope, visibleUsersWhere } from './data-scope';

// a(1) > a1(2) > a11(3); b(4)
const DEPTS = [
  { id: 1, parentId: 0 },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 0 },
];

const where = (deptId: number | null, roles: { dataScope: number; dataScopeDeptIds?: unknown }[]) => {
  let treeReads = 0;
  const result = visibleUsersWhere({
    userId: 9,
    deptId,
    roles: roles.map((role) => ({ dataScopeDeptIds: [], ...role })),
    depts: async () => {
      treeReads++;
      return DEPTS;
    },
  });
  return result.then((value) => ({ value, treeReads }));
};

describe('visibleUsersWhere', () => {
  it('answers every user when any role has scope 1', async () => {
    expect((await where(1, [{ dataScope: DataScope.SELF }, { dataScope: DataScope.ALL }])).value).toEqual({});
  });

  it('answers departments and/or the viewer for the other scopes', async () => {
    expect((await where(1, [{ dataScope: DataScope.CUSTOM_DEPTS, dataScopeDeptIds: [4, 'x', 2] }])).value).toEqual({ OR: [{ deptId: { in: [4, 2] } }] });
    expect((await where(2, [{ dataScope: DataScope.OWN_DEPT }])).value).toEqual({ OR: [{ deptId: { in: [2] } }] });
    expect((await where(1, [{ dataScope: DataScope.OWN_DEPT_AND_CHILDREN }])).value).toEqual({ OR: [{ deptId: { in: [1, 2, 3] } }] });
    expect((await where(1, [{ dataScope: DataScope.SELF }])).value).toEqual({ OR: [{ id: 9 }] });
    expect((await where(2, [{ dataScope: DataScope.SELF }, { dataScope: DataScope.OWN_DEPT }])).value).toEqual({ OR: [{ deptId: { in: [2] } }, { id: 9 }] });
  });

  it('reads the department tree once, and only when a role needs it', async () => {
    expect((await where(1, [{ dataScope: DataScope.OWN_DEPT }])).treeReads).toBe(0);
    expect((await where(1, [{ dataScope: DataScope.OWN_DEPT_AND_CHILDREN }, { dataScope: DataScope.OWN_DEPT_AND_CHILDREN }])).treeReads).toBe(1);
  });

  it('shows nobody to a viewer without a department whose roles need one; only themselves without roles', async () => {
    expect((await where(null, [{ dataScope: DataScope.OWN_DEPT }])).value).toEqual({ id: { in: [] } });
    expect((await where(null, [])).value).toEqual({ OR: [{ id: 9 }] });
    expect((await where(1, [{ dataScope: 42 }])).value).toEqual({ OR: [{ id: 9 }] });
  });
});
