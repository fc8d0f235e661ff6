// Throwaway databases for creating migrations and for tests: each caller gets its own, and drops it.
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { type DatabaseProvider, type DatabaseTarget, sqliteFilePath } from './database-url';

export interface ScratchDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

export const DEFAULT_POSTGRES_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * `serverUrl` names the PostgreSQL server (any database on it); SQLite scratch files live in the temp
 * folder. With `copyOf` (a closed database of the same provider, e.g. one migrated and seeded once
 * for a whole test run), the new database starts as a copy of it: SQLite copies the file, PostgreSQL
 * creates the database from it as a template (nothing may be connected to it meanwhile).
 */
export async function createScratchDatabase(
  provider: DatabaseProvider,
  label: string,
  serverUrl = DEFAULT_POSTGRES_SERVER_URL,
  copyOf?: DatabaseTarget,
): Promise<ScratchDatabase> {
  if (copyOf && copyOf.provider !== provider) throw new Error(`cannot copy a ${copyOf.provider} database into a ${provider} one`);
  const name = `openbuy_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (provider === 'sqlite') {
    const file = join(tmpdir(), `${name}.db`);
    if (copyOf) {
      const source = sqliteFilePath(copyOf.url);
      copyFileSync(source, file);
      // A closed database has no write-ahead log left; copy one if it is there all the same.
      if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${file}-wal`);
    }
    return {
      target: { provider, url: `file:${file}` },
      drop: async () => {
        // recursive: a test may have put a folder where the file was, to take the database away.
        for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { recursive: true, force: true });
      },
    };
  }
  const admin = new Pool({ connectionString: serverUrl, max: 1 });
  try {
    await admin.query(copyOf ? `CREATE DATABASE "${name}" TEMPLATE "${new URL(copyOf.url).pathname.slice(1)}"` : `CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { provider, url: url.toString() },
    drop: async () => {
      const dropper = new Pool({ connectionString: serverUrl, max: 1 });
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
