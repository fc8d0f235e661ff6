// The migration that makes tenant-package names unique applies to a database already holding
// packages, even ones that share a name (two creates that raced past the old check in code): the
// oldest keeps the name, the others take their id as a suffix.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { migrationsDir } from '../prisma/schema';
import { type Db, openDatabase } from '../src/core/db/client';
import { deployMigrations } from '../src/core/db/migrations';
import { createScratchDatabase, type ScratchDatabase } from '../src/core/db/scratch-database';
import { isUniqueViolation } from '../src/core/db/unique-violation';
import { TEST_DATABASE, TEST_POSTGRES_URL } from './support/environment';

const MIGRATION = /_tenant_package_name_unique$/;

let scratch: ScratchDatabase | undefined;
let historyDir: string | undefined;

afterEach(async () => {
  await scratch?.drop();
  if (historyDir) rmSync(historyDir, { recursive: true, force: true });
});

/** A copy of this provider's migration folder holding the migrations older than `migration`, and the function completing it. */
function historyBefore(migration: RegExp): { dir: string; complete(): void } {
  const source = migrationsDir(TEST_DATABASE);
  const dir = mkdtempSync(join(tmpdir(), 'openbuy-migrations-'));
  const names = readdirSync(source).sort();
  const index = names.findIndex((name) => migration.test(name));
  expect(index).toBeGreaterThan(0);
  const copy = (name: string) => cpSync(join(source, name), join(dir, name), { recursive: true });
  names.slice(0, index).forEach(copy);
  return { dir, complete: () => names.slice(index).forEach(copy) };
}

it('renames all but the oldest package of a shared name, then refuses a duplicate', async () => {
  scratch = await createScratchDatabase(TEST_DATABASE, 'package_names', TEST_POSTGRES_URL);
  const history = historyBefore(MIGRATION);
  historyDir = history.dir;
  await deployMigrations(scratch.target, { dir: history.dir });
  const create = (db: Db, name: string) => db.tenantPackage.create({ data: { name, menuIds: [] }, select: { id: true } });
  // The migration runs with no other connection open, as a deploy does.
  const ids = await withDatabase(async (db) => {
    const created: number[] = [];
    for (const name of ['Gold', 'Silver', 'Gold', 'Gold']) created.push((await create(db, name)).id);
    return created;
  });

  history.complete();
  const applied = await deployMigrations(scratch.target, { dir: history.dir });
  expect(applied.some((path) => MIGRATION.test(path))).toBe(true);
  await withDatabase(async (db) => {
    const names = await db.tenantPackage.findMany({ select: { name: true }, orderBy: { id: 'asc' } });
    expect(names.map((record) => record.name)).toEqual(['Gold', 'Silver', `Gold #${ids[2]}`, `Gold #${ids[3]}`]);
    expect(isUniqueViolation(await create(db, 'Silver').catch((error: unknown) => error))).toBe(true);
  });
});

async function withDatabase<T>(use: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(scratch!.target);
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}
