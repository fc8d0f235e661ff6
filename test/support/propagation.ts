// Redis delivers invalidations to the other instances asynchronously. Tests wait for the effect
// with a generous bound: a correct run sees it within milliseconds, and a loaded machine (several
// suites sharing two cores) must not turn a slow delivery into a failure. A lost one still fails.
import { isDeepStrictEqual } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';

export const PROPAGATION_TIMEOUT_MS = 15_000;

/**
 * Reads until `read` answers `expected` (deep equality), for at most PROPAGATION_TIMEOUT_MS, and
 * returns the last answer for the caller's expectation (which then shows what was seen instead).
 */
export async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + PROPAGATION_TIMEOUT_MS;
  let answer = await read();
  while (!isDeepStrictEqual(answer, expected) && Date.now() < deadline) {
    await sleep(20);
    answer = await read();
  }
  return answer;
}
