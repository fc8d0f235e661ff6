import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import type { DatabaseTarget } from './database-url';
import { sqliteFilePath } from './database-url';

/** The driver adapter factory for a database; the same one serves the client and the migrations. */
export function adapterFactory(target: DatabaseTarget): PrismaBetterSqlite3 | PrismaPg {
  if (target.provider === 'sqlite') {
    // unixepoch-ms stores DateTime columns the way Prisma's own SQLite engine does.
    return new PrismaBetterSqlite3({ url: sqliteFilePath(target.url) }, { timestampFormat: 'unixepoch-ms' });
  }
  // A server that accepts but never answers (restarting, partitioned) fails the request after this
  // long instead of holding it: node-postgres waits forever by default.
  return new PrismaPg({ connectionString: target.url, connectionTimeoutMillis: 5_000, keepAlive: true });
}
