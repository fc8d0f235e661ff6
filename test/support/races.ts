// Money and idempotency races run many rounds with many callers: one round of two or three calls
// may well not interleave (and on SQLite the queries serialise). Each round checks its exact
// outcome. No round starts after RACE_BUDGET_MS, so a loaded machine runs fewer rounds instead of
// timing out; the first round always runs.
export const RACE_ROUNDS = 10;
export const RACE_BUDGET_MS = 45_000;
/** The timeout of a race test: the budget, and a round that started just before it ran out. */
export const RACE_TEST_TIMEOUT_MS = 120_000;

/** Runs `round(1)`, `round(2)`, ... up to `rounds` times within the budget. */
export async function inRounds(round: (index: number) => Promise<void>, rounds = RACE_ROUNDS): Promise<void> {
  const started = Date.now();
  for (let index = 1; index <= rounds && (index === 1 || Date.now() - started < RACE_BUDGET_MS); index += 1) await round(index);
}
