// Moving a node of a tree (departments, menus, classifications) must never put it below itself. The
// check reads the tree and the move writes it afterwards, so two opposite moves checked at the same
// time (A under B, B under A) would both pass and leave a cycle. Moves of one tree therefore run one
// at a time, each checking inside a transaction that holds the tree's lock: a transaction-level
// advisory lock on PostgreSQL; SQLite's one connection already runs one transaction at a time
// (sqlite-connection-lock.ts), so there the transaction alone is the lock.
import type { Db, DbTransaction } from './client';
import type { DatabaseProvider } from './database-url';

/**
 * The first key of each kind of tree's advisory lock (the second is the scope). Advisory locks
 * share one key space per database: keep these distinct from any other lock the application takes.
 */
const TREE_LOCK_CLASS = { dept: 1, menu: 2, classify: 3 } as const;

export type TreeKind = keyof typeof TREE_LOCK_CLASS;

export interface TreeLink {
  id: number;
  parentId: number;
}

/** Whether hanging `nodeId` under `parentId` puts it below itself: the walk up from the parent meets it. */
export function createsCycle(links: readonly TreeLink[], nodeId: number, parentId: number): boolean {
  const parents = new Map(links.map((link) => [link.id, link.parentId]));
  const seen = new Set<number>();
  for (let current: number | undefined = parentId; current !== undefined && !seen.has(current); current = parents.get(current)) {
    if (current === nodeId) return true;
    seen.add(current);
  }
  return false;
}

export interface TreeMove<T> {
  tree: TreeKind;
  /** Which tree of that kind: its tenant, or 0 for a tree every tenant shares. */
  scope: number;
  nodeId: number;
  parentId: number;
  /** The (id, parentId) links of the whole tree, read in the move's transaction. */
  links(tx: DbTransaction): Promise<TreeLink[]>;
  /** The error answering a move that would make a cycle. */
  cycle(): Error;
  /** Saves the node under `parentId`. */
  write(tx: DbTransaction): Promise<T>;
}

export class TreeMoves {
  constructor(
    private readonly db: Db,
    private readonly provider: DatabaseProvider,
  ) {}

  /** Saves the move unless it makes a cycle, checked against every move of the tree committed before it. */
  run<T>(move: TreeMove<T>): Promise<T> {
    return this.db.$transaction(async (tx) => {
      if (this.provider === 'postgresql') await tx.$executeRaw`SELECT pg_advisory_xact_lock(${TREE_LOCK_CLASS[move.tree]}::int4, ${move.scope}::int4)`;
      if (createsCycle(await move.links(tx), move.nodeId, move.parentId)) throw move.cycle();
      return move.write(tx);
    });
  }
}
