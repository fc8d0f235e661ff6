// Waits for what a background worker does (a webhook delivered, an endpoint disabled, a part
// reconnected): polls `probe` until it answers something, with a bound generous enough for a loaded
// machine.
import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';

export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** The status `call` answers once it answers `expected`, polled every 50 ms for at most `withinMs`. */
export async function statusWithin(withinMs: number, expected: number, call: () => Promise<LightMyRequestResponse>): Promise<number> {
  const deadline = Date.now() + withinMs;
  let status = (await call()).statusCode;
  while (status !== expected && Date.now() < deadline) {
    await sleep(50);
    status = (await call()).statusCode;
  }
  return status;
}
