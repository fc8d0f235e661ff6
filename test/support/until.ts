// Waits for what a background worker does (a webhook delivered, an endpoint disabled): polls `probe`
// until it answers something, with a bound generous enough for a loaded machine.
import { setTimeout as sleep } from 'node:timers/promises';

export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
