// How busy this process's event loop is with the calls it serves: what background work (webhook
// deliveries) asks before taking time that those calls need. The event loop is one per process, and
// so is the count of calls served: a module-level counter, bumped once per request by the HTTP layer.

import type { EventLoopUtilization } from 'node:perf_hooks';

let callsServed = 0;

/** One call (an HTTP request of any face) began: counted toward the foreground load. */
export function noteCallServed(): void {
  callsServed++;
}

/** Readings per window: the loop is read every fifth of a window. */
const SLICES = 5;

interface Reading {
  utilization: EventLoopUtilization;
  calls: number;
}

const read = (): Reading => ({ utilization: performance.eventLoopUtilization(), calls: callsServed });

/**
 * Whether calls saturated the event loop: its utilization (the share of time it ran callbacks rather
 * than waited for I/O or timers) reached the threshold while calls were being served, over its last
 * whole window or over the last fifth of it. The whole window keeps a saturated loop saturated through
 * a short lull; the fifth sees a burst of calls after a quiet spell within two fifths of a window,
 * where a whole window's average took up to two windows: meanwhile the backlog the burst made was
 * fanned out and sent at full speed (bench/README.md). A loop kept busy by background work alone is
 * not saturated: that work has nobody to yield to, and a backlog catches up at full speed. Read by a
 * timer of its own; asking costs nothing.
 */
export class EventLoopLoad {
  /** The readings of the last window, oldest first (SLICES + 1 of them once a window has gone by). */
  private readings: Reading[] = [];
  private saturated = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly busyUtilization: number,
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
    this.saturated = false;
  }

  isSaturated(): boolean {
    return this.saturated;
  }

  private measure(): void {
    const now = read();
    this.readings.push(now);
    if (this.readings.length > SLICES + 1) this.readings.shift();
    const busySince = (then: Reading) => now.calls > then.calls && performance.eventLoopUtilization(now.utilization, then.utilization).utilization >= this.busyUtilization;
    this.saturated = busySince(this.readings.at(-2) as Reading) || (this.readings.length > SLICES && busySince(this.readings[0] as Reading));
  }
}
