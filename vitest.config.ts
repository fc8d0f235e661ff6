import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One graphql for everyone: type-graphql and Apollo load its CommonJS build, so our sources
    // must too (vite would pick its ES build, and graphql refuses types from "another realm").
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Every /open-api answer a test receives is checked against the OpenAPI document.
    setupFiles: ['test/support/contract-setup.ts'],
    // One migrated and seeded database per run, which each test file's database copies.
    globalSetup: ['test/support/database-template.ts'],
    testTimeout: 20_000,
    // A test that runs no expectation fails: it could not have failed otherwise.
    expect: { requireAssertions: true },
    hookTimeout: 60_000,
  },
});
