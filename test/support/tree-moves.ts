// Two opposite moves of a tree (A under B, B under A) sent at the same time, round after round: each
// round one of them is saved and the other refused as a cycle, so the tree never holds one.
import { expect } from 'vitest';
import { errorCode, type GraphQLAnswer } from './admin';

export interface OppositeMoves {
  a: number;
  b: number;
  /** parentId of a top-level node. */
  root: number;
  cycleCode: number;
  /** Saves `id` under `parentId` through the API. */
  move(id: number, parentId: number): Promise<GraphQLAnswer<unknown>>;
  /** The stored parentId of `id`. */
  parentOf(id: number): Promise<number>;
}

/** Enough rounds for unserialized moves to pass both checks at least once (they do in most rounds). */
const ROUNDS = 15;

export async function expectOppositeMovesNeverCycle({ a, b, root, cycleCode, move, parentOf }: OppositeMoves): Promise<void> {
  for (let round = 0; round < ROUNDS; round++) {
    const codes = (await Promise.all([move(a, b), move(b, a)])).map(errorCode);
    expect(codes.filter((code) => code === undefined), `round ${round}: one move is saved`).toHaveLength(1);
    expect(codes.filter((code) => code === cycleCode), `round ${round}: the other is a cycle`).toHaveLength(1);
    const expected = codes[0] === undefined ? [b, root] : [root, a];
    expect([await parentOf(a), await parentOf(b)]).toEqual(expected);
    // Both back to the top level for the next round.
    for (const id of [a, b]) expect(errorCode(await move(id, root))).toBeUndefined();
  }
}
