/** Builds a tree from rows with parent links; a row whose parent is absent is a root. */
export function buildTree<T extends { id: number; parentId: number }>(rows: readonly T[]): (T & { children?: T[] })[] {
  type Node = T & { children?: Node[] };
  const nodes = new Map<number, Node>(rows.map((row) => [row.id, { ...row }]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
