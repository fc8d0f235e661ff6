// RawSql on SQLite: the statements run straight on the driver adapter's own better-sqlite3
// connection, one prepared statement per SQL text. Through the adapter (raw-sql.ts) each statement
// also paid the argument typing and mapping, the result's column typing and conversion, and the async
// layers of the connection lock, statement observer and committed-insert reports (client.ts): ~15% of
// a wallet pay's server CPU. What those layers give is kept here:
// - the connection lock (sqlite-connection-lock.ts): a transaction here holds the lock Prisma's own
//   queries and transactions take, so nothing they send runs inside it or between its statements, and
//   a single statement waits until no transaction is open;
// - the statement observer hears every statement, before it waits for the lock: COMMIT and ROLLBACK
//   too, not BEGIN (the adapter's BEGIN passes no observer either);
// - committed inserts into watched tables are reported after COMMIT, never for a transaction rolled back;
// - values are bound as the adapter binds them (timestampFormat unixepoch-ms: a Date as epoch ms, a
//   boolean as 0/1) and read as it reads them (DateTime columns as ISO text, integers as numbers);
//   failures become the adapter's own errors (isUniqueViolation, isDatabaseUnavailable read them).
import type BetterSqlite3 from 'better-sqlite3';
import type { SqlDriverAdapter, SqlQuery } from '@prisma/driver-adapter-utils';
import type { Prisma } from './client';
import { type CommittedInserts, insertedTable } from './committed-inserts';
import { type RawSql, type RawSqlTransaction, sqlQuery, startedWithin, TRANSACTION_MAX_WAIT_MS } from './raw-sql';
import { connectionLockOf } from './sqlite-connection-lock';
import { MAX_STATEMENTS, uncachedPrepare } from './sqlite-statement-cache';

type Row = Record<string, unknown>;

/** How a column's values are read, from its declared type as the adapter maps it (other: as SQLite gives them). */
const OTHER = 0;
const INTEGER = 1;
const DATETIME = 2;

function columnKind(declaredType: string | null): number {
  switch (declaredType?.toUpperCase()) {
    case 'TINYINT':
    case 'SMALLINT':
    case 'MEDIUMINT':
    case 'INT':
    case 'INTEGER':
    case 'SERIAL':
    case 'INT2':
    case 'BIGINT':
    case 'UNSIGNED BIG INT':
    case 'INT8':
      return INTEGER;
    case 'DATETIME':
    case 'TIMESTAMP':
      return DATETIME;
    default:
      return OTHER;
  }
}

/** A value as the adapter answers it: a DateTime as ISO text, an integer as a number (as text beyond 2^53), an INTEGER column's stray real truncated. */
function valueOf(value: unknown, kind: number): unknown {
  if (typeof value === 'bigint') {
    if (kind === DATETIME) return new Date(Number(value)).toISOString();
    const number = Number(value);
    return Number.isSafeInteger(number) ? number : value.toString();
  }
  if (typeof value === 'number') {
    if (kind === DATETIME) return new Date(value).toISOString();
    if (kind === INTEGER && !Number.isInteger(value)) return Math.trunc(value);
  }
  return value;
}

/** The values as the adapter binds them with timestampFormat unixepoch-ms (adapters.ts): a Date as epoch ms, a boolean as 0/1. */
function argumentsOf(values: readonly unknown[]): unknown[] {
  const args = new Array<unknown>(values.length);
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    args[index] = value instanceof Date ? value.getTime() : typeof value === 'boolean' ? Number(value) : value;
  }
  return args;
}

/** A kept statement, with what is read of it once: its columns change only with the schema. */
interface Prepared {
  statement: BetterSqlite3.Statement;
  reader: boolean;
  names: string[];
  kinds: number[];
  /** The table it inserts into, if any (committed-inserts.ts). */
  inserted: string | undefined;
}

function prepared(statement: BetterSqlite3.Statement, sql: string): Prepared {
  const columns = statement.reader ? statement.columns() : [];
  // Rows as arrays: the objects are made here, each value converted on the way.
  if (statement.reader) statement.raw(true);
  return { statement, reader: statement.reader, names: columns.map((column) => column.name), kinds: columns.map((column) => columnKind(column.type)), inserted: insertedTable(sql) };
}

function rowsOf({ statement, reader, names, kinds }: Prepared, args: unknown[]): Row[] {
  if (!reader) {
    statement.run(args);
    return [];
  }
  const rows = statement.all(args) as unknown[][];
  const objects = new Array<Row>(rows.length);
  for (let index = 0; index < rows.length; index++) {
    const values = rows[index] as unknown[];
    const row: Row = {};
    for (let column = 0; column < names.length; column++) row[names[column] as string] = valueOf(values[column], kinds[column] as number);
    objects[index] = row;
  }
  return objects;
}

function changesOf({ statement }: Prepared, args: unknown[]): number {
  return statement.run(args).changes;
}

/**
 * `make`'s value for each SQL text, found by the text's pieces (`Prisma.Sql.strings`) instead of the
 * text: a template's pieces are the same strings on every call, so a kept value is found by comparing
 * a few references, where joining the text and hashing it cost ~1.5 µs a statement. Past
 * MAX_STATEMENTS distinct texts all are dropped and made again as used (IN lists of many lengths are
 * the only way there).
 */
function keptByPieces<T>(make: (sql: string) => T): (sql: Prisma.Sql) => T {
  const kept = new Map<string, Array<{ pieces: readonly string[]; value: T }>>();
  let count = 0;
  return (sql) => {
    const pieces = sql.strings;
    const first = pieces[0] as string;
    const candidates = kept.get(first);
    if (candidates !== undefined) {
      candidate: for (const { pieces: keptPieces, value } of candidates) {
        if (keptPieces.length !== pieces.length) continue;
        for (let index = 1; index < pieces.length; index++) if (keptPieces[index] !== pieces[index]) continue candidate;
        return value;
      }
    }
    if (count >= MAX_STATEMENTS) {
      kept.clear();
      count = 0;
    }
    const value = make(sql.sql);
    const entry = { pieces, value };
    const bucket = kept.get(first);
    if (bucket === undefined) kept.set(first, [entry]);
    else bucket.push(entry);
    count += 1;
    return value;
  };
}

/** What a statement answers: its rows (query) or the number of rows it changed (execute). */
type Answer<T> = (statement: Prepared, args: unknown[]) => T;

const COMMIT: SqlQuery = { sql: 'COMMIT', args: [], argTypes: [] };
const ROLLBACK: SqlQuery = { sql: 'ROLLBACK', args: [], argTypes: [] };

/**
 * RawSql on the connection of `adapter` (the client's, wrapped by withStatementCache and
 * withConnectionLock), its statements told to `onQuery` and its inserts to `committedInserts`.
 */
export function sqliteRawSql(adapter: SqlDriverAdapter, committedInserts: CommittedInserts, onQuery?: (query: SqlQuery) => void): RawSql {
  const client = (adapter as unknown as { client: BetterSqlite3.Database }).client;
  // The adapter's own conversion of a failure into its DriverAdapterError, which it throws (anything
  // that is not SQLite's error it throws as it is).
  const onError: (error: unknown) => never = (adapter as unknown as { onError(error: unknown): never }).onError.bind(adapter);
  const adapterError = (error: unknown): unknown => {
    try {
      onError(error);
    } catch (converted) {
      return converted;
    }
  };
  const lock = connectionLockOf(adapter);
  const prepare = uncachedPrepare(client);
  const statementOf = keptByPieces((sql) => prepared(prepare(sql), sql));
  const control = (sql: string) => {
    const statement = prepare(sql);
    return () => {
      try {
        statement.run();
      } catch (error) {
        throw adapterError(error);
      }
    };
  };
  const begin = control('BEGIN');
  const commit = control('COMMIT');
  const rollback = control('ROLLBACK');

  /** Runs `sql` at once, on the connection this caller holds; `inserted` hears of the watched table it inserted into. */
  const now = <T>(sql: Prisma.Sql, answer: Answer<T>, inserted: (table: string) => void): T => {
    let statement: Prepared;
    let result: T;
    try {
      statement = statementOf(sql);
      result = answer(statement, argumentsOf(sql.values));
    } catch (error) {
      throw adapterError(error);
    }
    if (statement.inserted !== undefined && committedInserts.reports(statement.inserted)) inserted(statement.inserted);
    return result;
  };
  const signal = (table: string) => committedInserts.signal([table]);

  /** A statement on its own: it commits by itself, once no transaction is open. */
  const alone = <T>(sql: Prisma.Sql, answer: Answer<T>): Promise<T> => {
    onQuery?.(sqlQuery(sql, false));
    const release = lock.tryAcquire();
    if (!release) return lock.run(async () => now(sql, answer, signal));
    try {
      return Promise.resolve(now(sql, answer, signal));
    } catch (error) {
      return Promise.reject(error);
    } finally {
      release();
    }
  };

  return {
    query: (sql) => alone(sql, rowsOf),
    execute: (sql) => alone(sql, changesOf),
    async transaction(work) {
      const release = lock.tryAcquire() ?? (await startedWithin(lock.acquire(), TRANSACTION_MAX_WAIT_MS, (late) => late()));
      try {
        begin();
      } catch (error) {
        release();
        throw error;
      }
      const inserted = new Set<string>();
      const record = (table: string) => inserted.add(table);
      const inside = <T>(sql: Prisma.Sql, answer: Answer<T>): Promise<T> => {
        onQuery?.(sqlQuery(sql, false));
        try {
          return Promise.resolve(now(sql, answer, record));
        } catch (error) {
          return Promise.reject(error);
        }
      };
      const statements: RawSqlTransaction = { query: (sql) => inside(sql, rowsOf), execute: (sql) => inside(sql, changesOf) };
      let committed = false;
      try {
        const result = await work(statements);
        onQuery?.(COMMIT);
        commit();
        committed = true;
        return result;
      } catch (error) {
        onQuery?.(ROLLBACK);
        try {
          rollback();
        } catch {
          // Nothing to roll back: SQLite ended the transaction itself on the failure.
        }
        throw error;
      } finally {
        release();
        if (committed) committedInserts.signal(inserted);
      }
    },
  };
}
