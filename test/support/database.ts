import { migrationsDir } from '../../prisma/schema';
import { seedDatabase } from '../../prisma/seed';
import { type Database, type DatabaseOptions, openDatabase } from '../../src/core/db/client';
import { deployMigrations } from '../../src/core/db/migrations';
import { createScratchDatabase } from '../../src/core/db/scratch-database';
import { TEST_DATABASE, TEST_POSTGRES_URL } from './environment';

/** Fixed seed credentials, as a scripted set-up would pass them through SEED_* variables. */
export const SEED = {
  adminPassword: 'admin-password-0123',
  partnerClientId: 'test-partner',
  partnerClientSecret: 'test-partner-secret-0123456789',
  // Tests state exactly what exists; the demo data has tests of its own.
  demoData: false,
} as const;

export interface TestDatabase {
  database: Database;
  /** Closes the connection and drops the database. */
  drop(): Promise<void>;
}

/** A new database of this run's provider, migrated and seeded; each test file makes its own. */
export async function createTestDatabase(label: string, options: DatabaseOptions = {}): Promise<TestDatabase> {
  const scratch = await createScratchDatabase(TEST_DATABASE, label.replace(/\W/g, '_').toLowerCase(), TEST_POSTGRES_URL);
  await deployMigrations(scratch.target, { dir: migrationsDir(scratch.target.provider) });
  const database = await openDatabase(scratch.target, options);
  await seedDatabase(database.db, SEED);
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
