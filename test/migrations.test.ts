// The migration history of each provider, generated from the one model source, must produce
// exactly the schema: deploy on an empty database, re-deploy as a no-op, and no drift.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrationsDir, PROVIDERS, providerSchema, providerSchemaPath, type Provider } from '../prisma/schema';
import { type Db, openDatabase } from '../src/core/db/client';
import type { DatabaseTarget } from '../src/core/db/database-url';
import { deployMigrations, migrationDrift, migrationStatus, readMigrations } from '../src/core/db/migrations';
import { createScratchDatabase, type ScratchDatabase } from '../src/core/db/scratch-database';
import { openSchemaEngine } from '../src/core/db/schema-engine';
import { TEST_DATABASE, TEST_POSTGRES_URL } from './support/environment';

// The real engine, counted: a deploy on an up-to-date database must not open it.
vi.mock('../src/core/db/schema-engine', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/core/db/schema-engine')>();
  return { ...real, openSchemaEngine: vi.fn(real.openSchemaEngine) };
});
const engineOpenings = () => vi.mocked(openSchemaEngine).mock.calls.length;

// The SQLite history is checked in every pass; PostgreSQL's in the pass that has a server.
const providers: Provider[] = TEST_DATABASE === 'postgresql' ? [...PROVIDERS] : ['sqlite'];

const source = (provider: Provider) => ({
  dir: migrationsDir(provider),
  schema: { path: providerSchemaPath(provider), content: providerSchema(provider) },
});

describe.each(providers)('%s migration history', (provider) => {
  let scratch: ScratchDatabase | undefined;

  afterEach(async () => {
    await scratch?.drop();
    scratch = undefined;
  });

  it('deploys on an empty database, then re-deploys as a no-op', async () => {
    scratch = await createScratchDatabase(provider, 'migrations', TEST_POSTGRES_URL);
    const all = readMigrations(migrationsDir(provider)).migrationDirectories.map((dir) => dir.path);
    expect(all.length).toBeGreaterThan(0);
    expect(await deployMigrations(scratch.target, source(provider))).toEqual(all);
    expect(await deployMigrations(scratch.target, source(provider))).toEqual([]);
    expect(await migrationStatus(scratch.target, source(provider))).toEqual({ pending: [], failed: [], edited: [], unknown: [] });
    expect(await withDatabase(scratch.target, (db) => db.tenant.count())).toBe(0);
  });

  it('records migrations by folder name, so a checkout elsewhere sees nothing pending', async () => {
    scratch = await createScratchDatabase(provider, 'migrations', TEST_POSTGRES_URL);
    const elsewhere = mkdtempSync(join(tmpdir(), 'openbuy-checkout-'));
    try {
      cpSync(migrationsDir(provider), elsewhere, { recursive: true });
      const all = await deployMigrations(scratch.target, { dir: elsewhere });
      expect(all).toEqual(readdirSync(elsewhere).filter((name) => name !== 'migration_lock.toml').sort());
      expect(await deployMigrations(scratch.target, source(provider))).toEqual([]);
      expect(await migrationStatus(scratch.target, source(provider))).toEqual({ pending: [], failed: [], edited: [], unknown: [] });
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('adopts a history that named migrations by absolute path (as releases before this one wrote it)', async () => {
    scratch = await createScratchDatabase(provider, 'migrations', TEST_POSTGRES_URL);
    await deployMigrations(scratch.target, source(provider));
    const legacyPrefix = '/srv/old-checkout/prisma/migrations/';
    await withDatabase(scratch.target, (db) => db.$executeRaw`UPDATE _prisma_migrations SET migration_name = ${legacyPrefix} || migration_name`);
    // A deploy runs with no other connection open.
    expect(await deployMigrations(scratch.target, source(provider))).toEqual([]);
    const names = await withDatabase(scratch.target, (db) => db.$queryRaw<{ migration_name: string }[]>`SELECT migration_name FROM _prisma_migrations ORDER BY migration_name`);
    expect(names.map((row) => row.migration_name)).toEqual(readMigrations(migrationsDir(provider)).migrationDirectories.map((dir) => dir.path));
  });

  it('answers an up-to-date database without the schema engine, and opens it for a new or failed migration', async () => {
    scratch = await createScratchDatabase(provider, 'migrations', TEST_POSTGRES_URL);
    const all = readMigrations(migrationsDir(provider)).migrationDirectories.map((dir) => dir.path);
    const openings = engineOpenings();
    expect(await deployMigrations(scratch.target, source(provider))).toEqual(all);
    expect(engineOpenings()).toBe(openings + 1);
    expect(await deployMigrations(scratch.target, source(provider))).toEqual([]);
    expect(engineOpenings()).toBe(openings + 1);

    const withNewMigration = mkdtempSync(join(tmpdir(), 'openbuy-new-migration-'));
    try {
      cpSync(migrationsDir(provider), withNewMigration, { recursive: true });
      mkdirSync(join(withNewMigration, '99991231000000_probe'));
      writeFileSync(join(withNewMigration, '99991231000000_probe', 'migration.sql'), 'CREATE TABLE "MigrationProbe" ("id" INTEGER NOT NULL PRIMARY KEY);\n');
      expect(await deployMigrations(scratch.target, { dir: withNewMigration })).toEqual(['99991231000000_probe']);
      expect(engineOpenings()).toBe(openings + 2);
      expect(await withDatabase(scratch.target, (db) => db.$queryRaw<unknown[]>`SELECT "id" FROM "MigrationProbe"`)).toEqual([]);

      // A migration recorded as started but never finished is the engine's to report, not skipped.
      await withDatabase(scratch.target, (db) => db.$executeRaw`UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = '99991231000000_probe'`);
      await expect(deployMigrations(scratch.target, { dir: withNewMigration })).rejects.toThrow(/failed/i);
      expect(engineOpenings()).toBe(openings + 3);
    } finally {
      rmSync(withNewMigration, { recursive: true, force: true });
    }
  });

  it('reports pending migrations before deploy', async () => {
    scratch = await createScratchDatabase(provider, 'migrations', TEST_POSTGRES_URL);
    const status = await migrationStatus(scratch.target, source(provider));
    expect(status.pending.length).toBe(readMigrations(migrationsDir(provider)).migrationDirectories.length);
  });

  it('refuses to seed a database with pending migrations, saying to migrate first (npm run db:seed)', async () => {
    scratch = await createScratchDatabase(provider, 'migrations', TEST_POSTGRES_URL);
    const cli = (command: string) => spawnSync(process.execPath, ['--import', 'tsx', 'prisma/cli.ts', command], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: scratch?.target.url } });
    const refused = cli('seed');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/migration\(s\) not applied: run npm run db:migrate first/);
    expect(cli('deploy').status).toBe(0);
    expect(cli('seed').status).toBe(0);
    expect(await withDatabase(scratch.target, (db) => db.tenant.count())).toBe(1);
  }, 60_000);

  it('produces exactly the schema of prisma/models (empty diff)', async () => {
    scratch = await createScratchDatabase(provider, 'migrations', TEST_POSTGRES_URL);
    expect(await migrationDrift(scratch.target, source(provider))).toBe('');
  });

  // Each partner call that emits an event inserts a pending row; AUTOINCREMENT would add a sqlite_sequence update to it.
  it.runIf(provider === 'sqlite')('gives pending webhook events plain rowids, without AUTOINCREMENT', async () => {
    scratch = await createScratchDatabase(provider, 'migrations', TEST_POSTGRES_URL);
    await deployMigrations(scratch.target, source(provider));
    const [table] = await withDatabase(scratch.target, (db) => db.$queryRawUnsafe<{ sql: string }[]>(`SELECT "sql" FROM sqlite_master WHERE "name" = 'WebhookPendingEvent'`));
    expect(table?.sql).toContain('"id" INTEGER NOT NULL PRIMARY KEY,');
  });

  it('detects drift when the schema gains a model the history lacks', async () => {
    scratch = await createScratchDatabase(provider, 'migrations', TEST_POSTGRES_URL);
    const drifted = source(provider);
    drifted.schema.content += '\nmodel DriftProbe {\n  id Int @id\n}\n';
    expect(await migrationDrift(scratch.target, drifted)).toContain('DriftProbe');
  });
});

async function withDatabase<T>(target: DatabaseTarget, use: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(target);
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}
