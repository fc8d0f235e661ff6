import { createRequire } from 'node:module';
import { configDefaults, defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

const INCLUDE = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * Files that assert how long something takes (upper bounds on latency, event-loop shares, lock and
 * statement time-outs) or that drive whole processes and servers with time limits: they run one at a
 * time, after the others, on a machine that runs nothing else of the suite meanwhile.
 */
const ALONE = [
  'src/core/serving-load.test.ts',
  'src/core/goods/short-link.test.ts',
  'test/committed-inserts.test.ts',
  'test/goods-upstream.test.ts',
  'test/invalidation-bus.test.ts',
  'test/main-process.test.ts',
  'test/postgres-outage.test.ts',
  'test/postgres-timeouts.test.ts',
  'test/raw-sql-direct.test.ts',
  'test/raw-transaction-wait.test.ts',
  'test/redis-circuit.test.ts',
  'test/redis-outage.test.ts',
  'test/redis-stall.test.ts',
  'test/sdk-client.test.ts',
  'test/webhook-kill.test.ts',
  'test/webhook-saturation.test.ts',
  'test/webhook-slots.test.ts',
  'test/webhooks-two-workers.test.ts',
  'test/webhooks.test.ts',
];

export default defineConfig({
  resolve: {
    // One graphql for everyone: type-graphql and Apollo load its CommonJS build, so our sources
    // must too (vite would pick its ES build, and graphql refuses types from "another realm").
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    environment: 'node',
    // Every /open-api answer a test receives is checked against the OpenAPI document.
    setupFiles: ['test/support/contract-setup.ts'],
    // One migrated and seeded database per run, which each test file's database copies.
    globalSetup: ['test/support/database-template.ts'],
    testTimeout: 20_000,
    // A test that runs no expectation fails: it could not have failed otherwise.
    expect: { requireAssertions: true },
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Two files at a time on the 2-core machine: much of a file's time is spent waiting (on the
        // database, on sockets, on child processes), and vitest's default there is one worker.
        test: { name: 'suite', include: INCLUDE, exclude: [...configDefaults.exclude, ...ALONE], maxWorkers: 2 },
      },
      { extends: true, test: { name: 'alone', include: ALONE, maxWorkers: 1 } },
    ],
  },
});
