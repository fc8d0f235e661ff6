// How loaded this process is by the calls it serves: what background work (webhook deliveries) asks
// before taking time that those calls need. The event loop is one per process, and so are the calls
// answered and the time they took: module-level sums, added to once per answer by the HTTP layer.

import type { EventLoopUtilization } from 'node:perf_hooks';

let callsAnswered = 0;
/** The calls' time from request to answer, summed, ms: over a stretch of time, the calls in flight on average (Little's law). */
let callMs = 0;

/** A call (an HTTP request of any face) was answered after `elapsedMs`: counted toward the foreground load. */
export function noteCallAnswered(elapsedMs: number): void {
  callsAnswered++;
  callMs += elapsedMs;
}

/** Readings per window: the loop is read every fifth of a window. */
const SLICES = 5;

interface Reading {
  utilization: EventLoopUtilization;
  calls: number;
  callMs: number;
}

const read = (): Reading => ({ utilization: performance.eventLoopUtilization(), calls: callsAnswered, callMs });

/** A moment to judge the load from (ServingLoad.saturatedNow). */
export type LoadMark = Reading;

/** Judged from a mark only once this long went by: a few ms of a loop say little about it. */
const MIN_MARKED_MS = 10;

const msBetween = (then: Reading, now: Reading): number => {
  const { idle, active } = performance.eventLoopUtilization(now.utilization, then.utilization);
  return idle + active;
};

/**
 * Whether calls saturated the process, over its last whole window or over the last fifth of it. The
 * process is saturated when calls were answered and either its event loop's utilization (the share of
 * time it ran callbacks rather than waited for I/O or timers) reached `busyUtilization`, or calls
 * queued: at least `boundCallsInFlight` were in flight on average (Little's law over the calls
 * answered) while the loop was at least `boundUtilization` busy. That is a process bound by its
 * database, its locks or its machine rather than by its loop (PostgreSQL on a machine it shares: the
 * loop ~55% busy at full speed, 10 calls in flight; at 100 pays a second ~45% busy and 1.5 in flight,
 * bench/README.md). The floor keeps calls that wait on something idle (an upstream site, a slow
 * client) from counting.
 * The whole window keeps a saturated process saturated through a short lull; the fifth sees a burst of
 * calls after a quiet spell within two fifths of a window, where a whole window's average took up to
 * two windows: meanwhile the backlog the burst made was fanned out and sent at full speed. A loop kept
 * busy by background work alone is not saturated: that work has nobody to yield to, and a backlog
 * catches up at full speed. Read by a timer of its own: asking isSaturated costs nothing, asking
 * saturatedNow a reading.
 */
export class ServingLoad {
  /** The readings of the last window, oldest first (SLICES + 1 of them once a window has gone by). */
  private readings: Reading[] = [];
  private saturated = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly busyUtilization: number,
    private readonly bound: { utilization: number; callsInFlight: number },
    private readonly windowMs: number,
  ) {}

  start(): void {
    this.readings = [read()];
    this.timer = setInterval(() => this.measure(), this.windowMs / SLICES);
    // Never what keeps a process alive.
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.saturated = false;
  }

  isSaturated(): boolean {
    return this.saturated;
  }

  mark(): LoadMark {
    return read();
  }

  /**
   * Saturated, or calls saturated the process since `mark` or since the latest reading, each judged once
   * MIN_MARKED_MS went by: a burst of calls after a quiet spell is seen from its start, where the
   * fifths see it only a fifth to two fifths of a window later. Background work that began with the
   * burst (a webhook claim woken by its first commit) marks where it began and takes the bounded share
   * from its first claim on. What is seen counts as saturation until the next reading judges again.
   */
  saturatedNow(mark?: LoadMark): boolean {
    if (this.saturated || this.timer === undefined) return this.saturated;
    const now = read();
    const longEnough = (then: Reading) => msBetween(then, now) >= MIN_MARKED_MS;
    const busySince = (then: Reading | undefined) => then !== undefined && longEnough(then) && this.busyBetween(then, now);
    this.saturated = busySince(mark) || busySince(this.readings.findLast(longEnough));
    return this.saturated;
  }

  private measure(): void {
    const now = read();
    this.readings.push(now);
    if (this.readings.length > SLICES + 1) this.readings.shift();
    this.saturated = this.busyBetween(this.readings.at(-2) as Reading, now) || (this.readings.length > SLICES && this.busyBetween(this.readings[0] as Reading, now));
  }

  private busyBetween(then: Reading, now: Reading): boolean {
    if (now.calls === then.calls) return false;
    const { idle, active, utilization } = performance.eventLoopUtilization(now.utilization, then.utilization);
    if (utilization >= this.busyUtilization) return true;
    return utilization >= this.bound.utilization && now.callMs - then.callMs >= this.bound.callsInFlight * (idle + active);
  }
}
