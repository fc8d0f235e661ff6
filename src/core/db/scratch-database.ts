// Throwaway databases for creating migrations and for tests: each caller gets its own, and drops it.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import type { DatabaseProvider, DatabaseTarget } from './database-url';

export interface ScratchDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

export const DEFAULT_POSTGRES_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** `serverUrl` names the PostgreSQL server (any database on it); SQLite scratch files live in the temp folder. */
export async function createScratchDatabase(provider: DatabaseProvider, label: string, serverUrl = DEFAULT_POSTGRES_SERVER_URL): Promise<ScratchDatabase> {
  const name = `openbuy_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (provider === 'sqlite') {
    const file = join(tmpdir(), `${name}.db`);
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
    await admin.query(`CREATE DATABASE "${name}"`);
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
