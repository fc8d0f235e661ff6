// How busy this process's event loop is with the calls it serves: what background work (webhook
// deliveries) asks before taking time that those calls need. The event loop is one per process, and
// so is the count of calls served: a module-level counter, bumped once per request by the HTTP layer.

let callsServed = 0;

/** One call (an HTTP request of any face) began: counted toward the foreground load. */
export function noteCallServed(): void {
  callsServed++;
}

/**
 * Whether calls saturated the event loop over its last whole window: its utilization (the share of
 * time it ran callbacks rather than waited for I/O or timers) reached the threshold while calls were
 * being served. A loop kept busy by background work alone is not saturated: that work has nobody to
 * yield to, and a backlog catches up at full speed. Measured every window by a timer of its own, so a
 * window never spans an idle spell and a busy one alike; asking costs nothing.
 */
export class EventLoopLoad {
  private last = performance.eventLoopUtilization();
  private lastCalls = callsServed;
  private saturated = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly busyUtilization: number,
    private readonly windowMs: number,
  ) {}

  start(): void {
    this.last = performance.eventLoopUtilization();
    this.lastCalls = callsServed;
    this.timer = setInterval(() => this.measure(), this.windowMs);
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
    const current = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(current, this.last).utilization >= this.busyUtilization;
    this.saturated = busy && callsServed > this.lastCalls;
    this.last = current;
    this.lastCalls = callsServed;
  }
}
