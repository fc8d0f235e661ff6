// One Prisma client type for the whole code base. Both generated clients come from the same models
// (prisma/models.prisma), so the PostgreSQL client is used through the SQLite client's type.
import { PrismaClient as PostgresPrismaClient } from '../../generated/postgresql/client';
import { Prisma, PrismaClient as SqlitePrismaClient } from '../../generated/sqlite/client';
import { adapterFactory } from './adapters';
import { withConnectionLock } from './sqlite-connection-lock';
import type { DatabaseTarget } from './database-url';

export type Db = SqlitePrismaClient;
export type DbTransaction = Prisma.TransactionClient;
export { Prisma };

export interface Database {
  db: Db;
  target: DatabaseTarget;
  /** Resolves when a trivial query answers; for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const adapter = adapterFactory(target);
  const db: Db =
    target.provider === 'sqlite'
      ? new SqlitePrismaClient({ adapter: withConnectionLock(adapter) })
      : (new PostgresPrismaClient({ adapter }) as unknown as Db);
  await db.$connect();
  if (target.provider === 'sqlite') {
    // WAL lets readers run beside the writer; NORMAL sync is safe under WAL; the busy timeout makes a
    // second process wait for the write lock instead of failing; foreign keys are off by default.
    await db.$queryRawUnsafe('PRAGMA journal_mode = WAL');
    await db.$executeRawUnsafe('PRAGMA synchronous = NORMAL');
    await db.$queryRawUnsafe('PRAGMA busy_timeout = 5000');
    await db.$executeRawUnsafe('PRAGMA foreign_keys = ON');
  }
  return {
    db,
    target,
    ping: async () => {
      await db.$queryRawUnsafe('SELECT 1');
    },
    close: () => db.$disconnect(),
  };
}
