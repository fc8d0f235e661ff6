import type { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type { PrismaPg } from '@prisma/adapter-pg';
import type { DatabaseTarget } from './database-url';
import { sqliteFilePath } from './database-url';

/**
 * What PostgreSQL cuts short on each connection of a pool, ms (0 = never): a stuck statement (a lock
 * wait, a runaway plan) must not hold a pooled connection, and the request waiting on it, for ever.
 * Sent as start-up parameters of each connection, so they cost no round trip. SQLite has its own
 * bound (busy_timeout, client.ts).
 */
export interface DatabaseTimeouts {
  /** A statement running longer is cancelled (SQLSTATE 57014). */
  statementMs: number;
  /** A statement waiting longer for a row or table lock is cancelled (55P03). */
  lockMs: number;
  /** A session idle inside an open transaction longer is ended, its transaction rolled back (25P03). */
  idleInTransactionMs: number;
}

/**
 * The service's pool (config DATABASE_*_TIMEOUT_MS). The lock wait stays below the 5 s Prisma gives an
 * interactive transaction, so a transaction blocked on a lock fails with the lock's own error.
 */
export const DATABASE_TIMEOUT_DEFAULTS: DatabaseTimeouts = Object.freeze({ statementMs: 15_000, lockMs: 4_000, idleInTransactionMs: 30_000 });

/** Migrations: an index build on a large table may rightly take minutes. */
export const NO_DATABASE_TIMEOUTS: DatabaseTimeouts = Object.freeze({ statementMs: 0, lockMs: 0, idleInTransactionMs: 0 });

/**
 * The driver adapter factory for a database; the same one serves the client and the migrations. Each
 * provider's adapter and driver load only when a database of that provider is opened (issue 12).
 */
export async function adapterFactory(target: DatabaseTarget, timeouts: DatabaseTimeouts): Promise<PrismaBetterSqlite3 | PrismaPg> {
  if (target.provider === 'sqlite') {
    const { PrismaBetterSqlite3 } = await import('@prisma/adapter-better-sqlite3');
    // unixepoch-ms stores DateTime columns the way Prisma's own SQLite engine does.
    return new PrismaBetterSqlite3({ url: sqliteFilePath(target.url) }, { timestampFormat: 'unixepoch-ms' });
  }
  // A server that accepts but never answers (restarting, partitioned) fails the request after
  // connectionTimeoutMillis instead of holding it: node-postgres waits forever by default. A zero
  // timeout is left out (node-postgres sends only set ones; the server's default, none, applies).
  const { PrismaPg } = await import('@prisma/adapter-pg');
  return new PrismaPg({
    connectionString: target.url,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  });
}
