// One Prisma client type for the whole code base. Both generated clients come from the same models
// (prisma/models.prisma), so the PostgreSQL client is used through the SQLite client's type. Only the
// client, adapter and driver of the database's provider are loaded (issue 12: resident memory).
import { Prisma, type PrismaClient as SqlitePrismaClient } from '../../generated/sqlite/client';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery } from '@prisma/driver-adapter-utils';
import type pg from 'pg';
import { adapterFactory, DATABASE_TIMEOUT_DEFAULTS, type DatabaseTimeouts } from './adapters';
import { CommittedInserts } from './committed-inserts';
import { HotPartnerReads, POSTGRES_DECODERS, postgresStatements, SQLITE_DECODERS, sqliteStatements } from './hot-reads';
import { type PartnerReads, PrismaPartnerReads } from './partner-reads';
import { type RawSql, rawSql } from './raw-sql';
import { withConnectionLock } from './sqlite-connection-lock';
import { sqliteRawSql } from './sqlite-raw-sql';
import { withStatementCache } from './sqlite-statement-cache';
import { flushWalWhileWriting } from './sqlite-wal-flusher';
import { type DatabaseTarget, sqliteFilePath } from './database-url';

export type Db = SqlitePrismaClient;
export type DbTransaction = Prisma.TransactionClient;
export { Prisma };

export interface Database {
  db: Db;
  target: DatabaseTarget;
  /** Tells watchers of a table when an insert into it has committed (the webhook worker's wake-up). */
  committedInserts: CommittedInserts;
  /** The hottest partner reads, as prepared statements on the driver (see hot-reads.ts). */
  reads: PartnerReads;
  /** Statements on the client's own driver adapter (on SQLite its connection), without the client (see raw-sql.ts). */
  sql: RawSql;
  /** Resolves when a trivial query answers; for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /**
   * Told of every SQL statement the client sends (inside transactions too), when it is sent: on
   * SQLite before it waits for the connection lock. For tests that count statements (e.g. to prove
   * a page costs a fixed number of queries) or wait for a statement to be under way.
   */
  onQuery?: (query: SqlQuery) => void;
  /** PostgreSQL: what each connection cuts short; DATABASE_TIMEOUT_DEFAULTS unless given. */
  timeouts?: DatabaseTimeouts;
}

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  const connected = keepingConnection(await adapterFactory(target, options.timeouts ?? DATABASE_TIMEOUT_DEFAULTS));
  const driver = target.provider === 'sqlite' ? withStatementCache(connected.factory) : connected.factory;
  const connection = target.provider === 'sqlite' ? withConnectionLock(driver) : driver;
  const committedInserts = new CommittedInserts();
  // Outermost: its listeners hear of a commit once every layer below has made it.
  const outermost = keepingConnection(committedInserts.wrap(options.onQuery ? observeQueries(connection, options.onQuery) : connection));
  const adapter = outermost.factory;
  const db: Db =
    target.provider === 'sqlite'
      ? new (await import('../../generated/sqlite/client')).PrismaClient({ adapter })
      : (new (await import('../../generated/postgresql/client')).PrismaClient({ adapter }) as unknown as Db);
  await db.$connect();
  if (target.provider === 'sqlite') {
    // WAL lets readers run beside the writer; NORMAL sync is safe under WAL; the busy timeout makes a
    // second process wait for the write lock instead of failing; foreign keys are off by default.
    await db.$queryRawUnsafe('PRAGMA journal_mode = WAL');
    await db.$executeRawUnsafe('PRAGMA synchronous = NORMAL');
    await db.$queryRawUnsafe('PRAGMA busy_timeout = 5000');
    await db.$executeRawUnsafe('PRAGMA foreign_keys = ON');
  }
  const sqliteFile = target.provider === 'sqlite' ? sqliteFilePath(target.url) : undefined;
  const reads = await partnerReads(sqliteFile, db, connected.connection, options.onQuery);
  // An in-memory database has no WAL.
  const walFlusher = sqliteFile && sqliteFile !== ':memory:' ? flushWalWhileWriting(`${sqliteFile}-wal`) : undefined;
  return {
    db,
    target,
    committedInserts,
    reads,
    sql: target.provider === 'sqlite' ? sqliteRawSql(outermost.connection(), committedInserts, options.onQuery) : rawSql(outermost.connection()),
    ping: async () => {
      await db.$queryRawUnsafe('SELECT 1');
    },
    close: async () => {
      // The WAL flusher and the read-only SQLite connection first: the last connection to close
      // checkpoints the WAL and removes it.
      await walFlusher?.stop();
      await reads.close();
      await db.$disconnect();
    },
  };
}

/**
 * Raw prepared statements on SQLite files (`sqliteFile`) and PostgreSQL (no `sqliteFile`); Prisma for
 * an in-memory SQLite database, which no second connection can open. Opened after the pragmas, so the
 * file is in WAL mode.
 */
async function partnerReads(sqliteFile: string | undefined, db: Db, connection: () => SqlDriverAdapter, onQuery?: (query: SqlQuery) => void): Promise<PartnerReads> {
  if (sqliteFile === undefined) {
    const pool = (connection() as unknown as { underlyingDriver(): pg.Pool }).underlyingDriver();
    const { types } = (await import('pg')).default;
    return new HotPartnerReads(postgresStatements(pool, types, onQuery), POSTGRES_DECODERS);
  }
  return sqliteFile === ':memory:' ? new PrismaPartnerReads(db) : new HotPartnerReads(await sqliteStatements(sqliteFile, onQuery), SQLITE_DECODERS);
}

/** The factory, and the connection Prisma made through it (its driver's pool serves the raw reads). */
function keepingConnection(factory: SqlDriverAdapterFactory): { factory: SqlDriverAdapterFactory; connection(): SqlDriverAdapter } {
  let connection: SqlDriverAdapter | undefined;
  return {
    factory: {
      provider: factory.provider,
      adapterName: factory.adapterName,
      connect: async () => (connection = await factory.connect()),
    },
    connection: () => {
      if (!connection) throw new Error('The database client has not connected');
      return connection;
    },
  };
}

/** The factory whose connections (and their transactions) report each statement to `onQuery`. */
function observeQueries(factory: SqlDriverAdapterFactory, onQuery: (query: SqlQuery) => void): SqlDriverAdapterFactory {
  const observe = <T extends Pick<SqlDriverAdapter, 'queryRaw' | 'executeRaw'>>(queryable: T): T => {
    const queryRaw = queryable.queryRaw.bind(queryable);
    const executeRaw = queryable.executeRaw.bind(queryable);
    queryable.queryRaw = (query) => {
      onQuery(query);
      return queryRaw(query);
    };
    queryable.executeRaw = (query) => {
      onQuery(query);
      return executeRaw(query);
    };
    return queryable;
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = observe(await factory.connect());
      const startTransaction = adapter.startTransaction.bind(adapter);
      adapter.startTransaction = async (isolationLevel) => observe(await startTransaction(isolationLevel));
      return adapter;
    },
  };
}
