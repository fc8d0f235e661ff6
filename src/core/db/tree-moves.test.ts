import { describe, expect, it } from 'vitest';
import { createsCycle } from './tree-moves';

// 1 ─ 2 ─ 3, and 4 alone; parentId 0 is the top level.
const links = [
  { id: 1, parentId: 0 },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 0 },
];

describe('createsCycle', () => {
  it('is true for a move under the node itself or one of its descendants', () => {
    for (const parentId of [1, 2, 3]) expect(createsCycle(links, 1, parentId)).toBe(true);
    expect(createsCycle(links, 2, 3)).toBe(true);
  });

  it('is false for a move to the top level, under another branch, or up its own branch', () => {
    expect(createsCycle(links, 1, 0)).toBe(false);
    expect(createsCycle(links, 1, 4)).toBe(false);
    expect(createsCycle(links, 3, 1)).toBe(false);
    expect(createsCycle(links, 4, 3)).toBe(false);
  });

  it('ends on a parent that is not stored, and on a cycle already stored elsewhere', () => {
    expect(createsCycle(links, 1, 99)).toBe(false);
    const broken = [...links, { id: 5, parentId: 6 }, { id: 6, parentId: 5 }];
    expect(createsCycle(broken, 1, 5)).toBe(false);
  });
});
