// Prisma's better-sqlite3 adapter prepares every query anew, and compiling the SQL is a visible share
// of a read's cost (7.8% of a wallet-balance profile). The connection's prepare() is made to keep
// statements by SQL text and reuse them. Safe because better-sqlite3 runs a statement to completion
// synchronously: one statement is never in use twice at once. SQLite re-prepares a kept statement
// itself when the schema changes.
import type BetterSqlite3 from 'better-sqlite3';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';

/** Distinct statements a statement cache keeps (IN lists of varying length differ): past it, keptBySql drops the least recently used, the RawSql cache (sqlite-raw-sql.ts) all of them. */
export const MAX_STATEMENTS = 1000;

/** The factory whose connections reuse prepared statements. */
export function withStatementCache(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      cachePrepare((adapter as unknown as { client: BetterSqlite3.Database }).client);
      return adapter;
    },
  };
}

function cachePrepare(client: BetterSqlite3.Database): void {
  const prepare = client.prepare.bind(client);
  client.prepare = keptBySql((sql) => reusable(prepare(sql))) as unknown as BetterSqlite3.Database['prepare'];
}

/** `make`'s value for each SQL text, made once and kept: the least recently used is dropped past MAX_STATEMENTS. */
export function keptBySql<T>(make: (sql: string) => T): (sql: string) => T {
  const kept = new Map<string, T>();
  return (sql) => {
    let value = kept.get(sql);
    if (value !== undefined) {
      kept.delete(sql);
    } else {
      value = make(sql);
      if (kept.size >= MAX_STATEMENTS) kept.delete(kept.keys().next().value as string);
    }
    kept.set(sql, value);
    return value;
  };
}

/** The connection's own prepare, which cachePrepare shadows on the connection object: a plain Statement. */
export function uncachedPrepare(client: BetterSqlite3.Database): (sql: string) => BetterSqlite3.Statement {
  return (Object.getPrototypeOf(client) as BetterSqlite3.Database).prepare.bind(client);
}

/**
 * The part of the Statement API the adapter uses. A statement's bind() holds its parameters for
 * good, so a kept statement is never bound: the parameters go with each call instead. Its columns
 * are read once: the adapter asks for them on every query, and each answer is a new array of
 * objects (4.5% of a wallet pay's server CPU in `perf`); they change only with the schema.
 */
function reusable(statement: BetterSqlite3.Statement) {
  let columns: BetterSqlite3.ColumnDefinition[] | undefined;
  return {
    reader: statement.reader,
    run: (...parameters: unknown[]) => statement.run(...parameters),
    bind: (parameters: unknown[]) => ({
      reader: statement.reader,
      run: () => statement.run(parameters),
      columns: () => (columns ??= statement.columns()),
      raw: (toggle = true) => ({ all: () => statement.raw(toggle).all(parameters) }),
    }),
  };
}
