// Two more app instances over a test's database (each with its own caches), for tests that check a
// change made through one is honoured by the other; with TEST_REDIS_URL they share the Redis bus.
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppHandle } from './app';

export function useTwoInstances(test: TestAppHandle): { first: () => TestApp; second: () => TestApp } {
  let first: TestApp | undefined;
  let second: TestApp | undefined;
  beforeAll(async () => {
    first = await createTestApp({ database: test.database, clock: test.clock });
    second = await createTestApp({ database: test.database, clock: test.clock });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });
  const started = (app: TestApp | undefined) => {
    if (!app) throw new Error('the instances start in beforeAll');
    return app;
  };
  return { first: () => started(first), second: () => started(second) };
}
