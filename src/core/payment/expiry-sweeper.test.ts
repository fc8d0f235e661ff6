import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startExpirySweeper } from './expiry-sweeper';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('expiry sweeper', () => {
  it('runs every interval, never two runs at once, and stops after the run in progress', async () => {
    let runs = 0;
    let finish: (() => void) | undefined;
    const sweeper = startExpirySweeper(
      () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      1000,
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1);
    finish?.();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = sweeper.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish?.();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  it('reports a failed run and keeps going', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const sweeper = startExpirySweeper(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('database away');
      },
      1000,
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    await sweeper.stop();
  });
});
