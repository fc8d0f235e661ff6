// Closes expired payment orders in the background. Reads close what they touch anyway, so the
// sweeper only keeps stored statuses (and closedTime) current for orders nobody reads.
export interface ExpirySweeper {
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs `sweep` every `intervalMs` on a timer that does not keep the process alive. A run that is
 * still going when the next is due is not doubled; a failed run is reported and the next one tries
 * again.
 */
export function startExpirySweeper(sweep: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void): ExpirySweeper {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweep()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
