// The console's browser tests (`npm test` runs them as their own pass, after the suite on SQLite):
// Playwright drives Debian's Chromium against the real server on a scratch database.
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    expect: { requireAssertions: true },
    // One browser, one server: the files run one after another.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
