import { describe, expect, it } from 'vitest';
import { type DeptRecord, deptTree, deptWithDescendants } from './dept-service';

const record = (id: number, parentId: number, name: string): DeptRecord => ({
  id,
  parentId,
  name,
  sort: 0,
  leaderUserId: null,
  phone: null,
  email: null,
  status: 0,
  createdAt: new Date(0),
});

const DEPTS = [record(1, 0, 'root'), record(2, 1, 'sales'), record(3, 2, 'sales east'), record(4, 1, 'ops'), record(5, 0, 'other')];
const shape = (nodes: ReturnType<typeof deptTree>): unknown => nodes.map((node) => [node.id, shape(node.children)]);

describe('deptWithDescendants', () => {
  it('answers the department and everything below it', () => {
    expect([...deptWithDescendants(DEPTS, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...deptWithDescendants(DEPTS, 3)]).toEqual([3]);
  });

  it('ends on a cycle in stored data', () => {
    expect([...deptWithDescendants([{ id: 1, parentId: 2 }, { id: 2, parentId: 1 }], 1)].sort()).toEqual([1, 2]);
  });
});

describe('deptTree', () => {
  it('nests every department under its parent', () => {
    expect(shape(deptTree(DEPTS, () => true))).toEqual([[1, [[2, [[3, []]]], [4, []]]], [5, []]]);
  });

  it('hangs a match under its nearest matching ancestor, else at the top', () => {
    expect(shape(deptTree(DEPTS, (dept) => dept.id !== 2))).toEqual([[1, [[3, []], [4, []]]], [5, []]]);
    expect(shape(deptTree(DEPTS, (dept) => dept.name.includes('sales')))).toEqual([[2, [[3, []]]]]);
  });
});
