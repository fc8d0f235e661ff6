// Migration commands over the wasm schema engine: deploy (apply pending), status, create (dev) and
// the drift check that proves a migration history produces exactly the schema.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { openDatabase } from './client';
import type { DatabaseTarget } from './database-url';
import { openSchemaEngine, type SchemaEngine } from './schema-engine';

const NO_FILTER = { externalTables: [], externalEnums: [] };

export interface MigrationSource {
  /** Folder of the provider's migrations: one sub-folder per migration, with migration.sql. */
  dir: string;
  /** The provider schema, needed only to create a migration or check drift. */
  schema?: { path: string; content: string };
}

type MigrationsList = Parameters<SchemaEngine['applyMigrations']>[0]['migrationsList'];

export function readMigrations(dir: string): MigrationsList {
  const lockPath = join(dir, 'migration_lock.toml');
  const names = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'migration.sql')))
        .map((entry) => entry.name)
        .sort()
    : [];
  return {
    baseDir: dir,
    lockfile: { path: lockPath, content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    // Relative to baseDir, as the engine records it: the history must not depend on where the checkout is.
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: readFileSync(join(dir, name, 'migration.sql'), 'utf8') } },
    })),
  };
}

interface HistoryRow {
  id: string;
  migration_name: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

/**
 * Reads the migration history (null when the database has none yet). Histories written before
 * migration paths were relative name each migration by its absolute folder path, so a checkout in
 * another folder would take every migration for a new one; such names are cut to the folder name,
 * which is what the history records now.
 */
async function readHistory(target: DatabaseTarget): Promise<HistoryRow[] | null> {
  const database = await openDatabase(target);
  try {
    let rows: HistoryRow[];
    try {
      rows = await database.db.$queryRaw`SELECT id, migration_name, finished_at, rolled_back_at FROM _prisma_migrations`;
    } catch (error) {
      if (/_prisma_migrations/.test(String((error as Error).message))) return null; // no history yet
      throw error;
    }
    for (const row of rows) {
      const name = basename(row.migration_name);
      if (name === row.migration_name) continue;
      await database.db.$executeRaw`UPDATE _prisma_migrations SET migration_name = ${name} WHERE id = ${row.id}`;
      row.migration_name = name;
    }
    return rows;
  } finally {
    await database.close();
  }
}

/**
 * Whether the history records exactly the folder's migrations, each finished and none failed: then a
 * deploy has nothing to do. Anything else (pending, failed, rolled back, unknown) is the engine's call.
 */
function historyIsCurrent(history: HistoryRow[], migrations: MigrationsList): boolean {
  if (history.some((row) => row.finished_at === null || row.rolled_back_at !== null)) return false;
  const applied = new Set(history.map((row) => row.migration_name));
  return applied.size === history.length && applied.size === migrations.migrationDirectories.length && migrations.migrationDirectories.every((directory) => applied.has(directory.path));
}

async function withOpenEngine<T>(target: DatabaseTarget, source: MigrationSource, run: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const { engine, close } = await openSchemaEngine(target, source.schema);
  try {
    return await run(engine);
  } finally {
    await close();
  }
}

/** The engine for status, create and drift, on a history whose legacy names are adopted first. */
async function withEngine<T>(target: DatabaseTarget, source: MigrationSource, run: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  await readHistory(target);
  return withOpenEngine(target, source, run);
}

/**
 * Applies every pending migration; returns the names applied now (none when up to date). An up-to-date
 * database (every start but the first) is answered from its history alone: the schema engine's wasm
 * would otherwise stay resident in the server for nothing (about 8 MB of RSS).
 */
export async function deployMigrations(target: DatabaseTarget, source: MigrationSource): Promise<string[]> {
  const migrations = readMigrations(source.dir);
  const history = await readHistory(target);
  if (history && historyIsCurrent(history, migrations)) return [];
  return withOpenEngine(target, source, async (engine) => {
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList: migrations, filters: NO_FILTER });
    return appliedMigrationNames;
  });
}

export interface MigrationStatus {
  pending: string[];
  failed: string[];
  edited: string[];
  /** Applied in the database but missing from the folder. */
  unknown: string[];
}

export function migrationStatus(target: DatabaseTarget, source: MigrationSource): Promise<MigrationStatus> {
  const migrations = readMigrations(source.dir);
  return withEngine(target, source, async (engine) => {
    let result: Awaited<ReturnType<SchemaEngine['diagnoseMigrationHistory']>>;
    try {
      result = await engine.diagnoseMigrationHistory({ migrationsList: migrations, optInToShadowDatabase: false, filters: NO_FILTER });
    } catch (error) {
      // A database that never saw a migration has no history table: everything is pending.
      if (!/_prisma_migrations/.test(String((error as Error).message))) throw error;
      const pending = migrations.migrationDirectories.map((directory) => directory.path);
      return { pending, failed: [], edited: [], unknown: [] };
    }
    const history = result.history;
    return {
      pending: history && history.diagnostic !== 'migrationsDirectoryIsBehind' ? history.unappliedMigrationNames : [],
      unknown: history && history.diagnostic !== 'databaseIsBehind' ? history.unpersistedMigrationNames : [],
      failed: result.failedMigrationNames,
      edited: result.editedMigrationNames,
    };
  });
}

/**
 * Creates a migration from the difference between the history and the schema, writes it and applies
 * it. Returns the new migration's folder name, or null when the schema has no change.
 */
export function createMigration(target: DatabaseTarget, source: MigrationSource, name: string): Promise<string | null> {
  if (!source.schema) throw new Error('creating a migration needs the provider schema');
  const schema = source.schema;
  return withEngine(target, source, async (engine) => {
    const filters = NO_FILTER;
    await engine.applyMigrations({ migrationsList: readMigrations(source.dir), filters });
    // devDiagnostic builds the shadow schema through the adapter; createMigration has no shadow of its own.
    await engine.devDiagnostic({ migrationsList: readMigrations(source.dir), filters });
    const output = await engine.createMigration({
      draft: false,
      migrationName: name,
      migrationsList: readMigrations(source.dir),
      schema: { files: [schema] },
      filters,
    });
    if (!output.migrationScript) return null;
    const folder = output.generatedMigrationName;
    mkdirSync(join(source.dir, folder), { recursive: true });
    writeFileSync(join(source.dir, folder, `migration.${output.extension}`), output.migrationScript);
    writeFileSync(
      join(source.dir, 'migration_lock.toml'),
      `# Written by npm run db:migrate:dev. Do not edit.\nprovider = "${output.connectorType}"\n`,
    );
    await engine.applyMigrations({ migrationsList: readMigrations(source.dir), filters });
    return folder;
  });
}

/** The SQL that would turn the schema built by the migration history into the provider schema ('' = none). */
export function migrationDrift(target: DatabaseTarget, source: MigrationSource): Promise<string> {
  if (!source.schema) throw new Error('checking drift needs the provider schema');
  const schema = source.schema;
  return withEngine(target, source, async (engine) => {
    const result = await engine.diff({
      from: { tag: 'migrations', ...readMigrations(source.dir) },
      to: { tag: 'schemaDatamodel', files: [schema] },
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    });
    return result.exitCode === 2 ? (result.stdout ?? '').trim() : '';
  });
}

