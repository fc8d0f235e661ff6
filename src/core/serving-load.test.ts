import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { noteCallAnswered, ServingLoad } from './serving-load';

/**
 * Keeps the event loop running callbacks without a pause for `ms`, in slices so its timers still fire
 * between them; with `calls`, each slice answers a call of 1 ms (as the HTTP layer counts them).
 */
async function spin(ms: number, calls: boolean): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (calls) noteCallAnswered(1);
    const slice = performance.now() + 19;
    while (performance.now() < slice);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * For `ms`, in slices of 20 ms: runs callbacks for `busyMs` of each, then waits (the loop idle), and
 * answers calls keeping `inFlight` calls in flight on average (their time summed, as the HTTP layer
 * counts it).
 */
async function serve(ms: number, busyMs: number, inFlight: number): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const slice = performance.now();
    while (performance.now() < slice + busyMs);
    noteCallAnswered(inFlight * 10);
    noteCallAnswered(inFlight * 10);
    await sleep(Math.max(0, slice + 20 - performance.now()));
  }
}

/** Saturated by calls that queue: 4 in flight on average, the loop at least 30% busy. */
const BOUND = { utilization: 0.3, callsInFlight: 4 };

describe('ServingLoad', () => {
  let load: ServingLoad | undefined;
  afterEach(() => load?.stop());

  it('is saturated after a window in which calls kept the loop from waiting, and not after one in which it mostly waited', async () => {
    load = new ServingLoad(0.9, BOUND, 50);
    load.start();
    expect(load.isSaturated()).toBe(false);
    await spin(150, true);
    expect(load.isSaturated()).toBe(true);
    await sleep(150);
    expect(load.isSaturated()).toBe(false);
  });

  it('is not saturated by a loop kept busy with no call served (background work alone yields to nobody)', async () => {
    load = new ServingLoad(0.9, BOUND, 50);
    load.start();
    await spin(150, false);
    expect(load.isSaturated()).toBe(false);
    await spin(150, true);
    expect(load.isSaturated()).toBe(true);
  });

  it('is saturated by calls that queue while the loop is half busy (a process bound by its database), not by calls with an idle loop or by fewer calls', async () => {
    load = new ServingLoad(0.9, BOUND, 100);
    load.start();
    await serve(300, 10, 6);
    expect(load.isSaturated()).toBe(true);
    // Calls waiting on something idle (an upstream site): the loop does little.
    await serve(300, 1, 6);
    expect(load.isSaturated()).toBe(false);
    // A loop as busy, with a call or two in flight (a steady rate the process keeps up with).
    await serve(300, 10, 1.5);
    expect(load.isSaturated()).toBe(false);
    expect(load.saturatedNow(load.mark())).toBe(false);
    await serve(300, 10, 6);
    expect(load.isSaturated()).toBe(true);
  });

  it('is saturated by a burst of calls after a quiet spell within two fifths of a window, not only when a whole window is busy', async () => {
    load = new ServingLoad(0.9, BOUND, 1_000);
    load.start();
    await sleep(50);
    await spin(100, true);
    // No fifth of the window has been read yet.
    expect(load.isSaturated()).toBe(false);
    await spin(300, true);
    // The fifth read at 400 ms was busy with calls: saturated, 600 ms before the first whole window ends.
    expect(load.isSaturated()).toBe(true);
  });

  it('is saturated now, from a mark, by a burst of calls that began with it, before any fifth of the window sees the burst', async () => {
    load = new ServingLoad(0.9, BOUND, 1_000);
    load.start();
    await sleep(50);
    const mark = load.mark();
    await spin(60, true);
    expect(load.isSaturated()).toBe(false);
    // Not from the latest reading: the start, 110 ms ago, mostly quiet.
    expect(load.saturatedNow()).toBe(false);
    expect(load.saturatedNow(mark)).toBe(true);
    // Seen, it counts until the next reading judges again.
    expect(load.isSaturated()).toBe(true);
  });

  it('is saturated now, from the latest reading, by a burst of calls since it, before a whole fifth of the window is busy', async () => {
    load = new ServingLoad(0.9, BOUND, 1_000);
    load.start();
    // The first fifth is read at 200 ms; the burst begins right after it and ends before the next.
    await sleep(203);
    await spin(150, true);
    expect(load.isSaturated()).toBe(false);
    expect(load.saturatedNow()).toBe(true);
  });

  it('is not saturated now when the loop mostly waited, was busy with no call, or too little time went by', async () => {
    load = new ServingLoad(0.9, BOUND, 1_000);
    load.start();
    const quiet = load.mark();
    await sleep(20);
    await spin(20, true);
    expect(load.saturatedNow(quiet)).toBe(false);
    const background = load.mark();
    await spin(40, false);
    expect(load.saturatedNow(background)).toBe(false);
    const brief = load.mark();
    const end = performance.now() + 5;
    noteCallAnswered(1);
    while (performance.now() < end);
    expect(load.saturatedNow(brief)).toBe(false);
    expect(load.isSaturated()).toBe(false);
  });

  it('is not saturated once stopped, and measures nothing until started', async () => {
    load = new ServingLoad(0.9, BOUND, 50);
    await spin(150, true);
    expect(load.isSaturated()).toBe(false);
    load.start();
    await spin(150, true);
    expect(load.isSaturated()).toBe(true);
    load.stop();
    expect(load.isSaturated()).toBe(false);
    const mark = load.mark();
    await spin(40, true);
    expect(load.saturatedNow(mark)).toBe(false);
  });
});
