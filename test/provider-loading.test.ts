// Startup memory (issue 12): the app loads the Prisma client, driver adapter and driver of its own
// database's provider only; the other provider's stay on disk.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../src/core/db/scratch-database';
import { TEST_DATABASE, TEST_POSTGRES_URL } from './support/environment';

const run = promisify(execFile);

/** CommonJS files only each provider's driver loads: node-postgres's parts, better-sqlite3's binding loader. */
const DRIVER_FILES = { postgresql: /^pg-(pool|protocol|types)$/, sqlite: /^bindings$/ } as const;
const OTHER = { postgresql: 'sqlite', sqlite: 'postgresql' } as const;

let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await createScratchDatabase(TEST_DATABASE, 'provider_loading', TEST_POSTGRES_URL);
});
afterAll(() => scratch?.drop());

describe('provider loading', () => {
  it(`loads nothing of the other provider's driver when the app opens a ${TEST_DATABASE} database`, async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/support/module-loads.ts', '../../src/server.ts', './open-database.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: scratch.target.url },
      timeout: 60_000,
    });
    const [app, opened] = stdout.trim().split('\n').map((line) => JSON.parse(line) as { module: string; loaded: string[] });
    expect(app?.loaded.length).toBeGreaterThan(100);
    // The app alone loads neither driver: each comes with the first database of its provider.
    for (const files of Object.values(DRIVER_FILES)) expect(app?.loaded.filter((file) => files.test(file))).toEqual([]);
    expect(opened?.loaded.filter((file) => DRIVER_FILES[TEST_DATABASE].test(file)).length).toBeGreaterThan(0);
    expect(opened?.loaded.filter((file) => DRIVER_FILES[OTHER[TEST_DATABASE]].test(file))).toEqual([]);
  }, 90_000);
});
