// Global setup (vitest.config.ts): migrates and seeds one database of the run's provider before any
// test file starts, and drops it at the end. createTestDatabase copies it for each test file (a file
// copy on SQLite, CREATE DATABASE ... TEMPLATE on PostgreSQL) instead of applying every migration
// through the wasm schema engine and seeding again, about 1.5 s per file on a 2-core machine.
import type { TestProject } from 'vitest/node';
import type { ScratchDatabase } from '../../src/core/db/scratch-database';
import { createMigratedAndSeeded } from './database';

// Every project of the config runs this setup, in the one main process: they share one template
// (the schema engine's wasm cannot run two migrations at once), dropped when the last one is done.
const shared = globalThis as typeof globalThis & { openbuyTestTemplate?: { scratch: Promise<ScratchDatabase>; users: number } };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.openbuyTestTemplate ??= { scratch: createMigratedAndSeeded('template'), users: 0 };
  const template = shared.openbuyTestTemplate;
  template.users += 1;
  project.provide('testDatabaseTemplate', (await template.scratch).target);
  return async () => {
    template.users -= 1;
    if (template.users === 0) {
      shared.openbuyTestTemplate = undefined;
      await (await template.scratch).drop();
    }
  };
}
