// Statements sent straight to the driver adapter under Prisma's client, for small statements run
// hundreds of times a second beside the requests (the webhook worker): through the client each one
// also pays its query compiler (WebAssembly) and plan interpreter, most of a delivery's database cost
// in the profile (bench/README.md, partner webhooks). The adapter is the client's own, so its
// statement observers and committed-insert reports still apply. On SQLite the statements skip the
// adapter too and run on its connection, under the same connection lock (sqlite-raw-sql.ts).
// SQL is written once with Prisma.sql: `?` placeholders on SQLite, `$n` on PostgreSQL.
import { type ArgScalarType, type Error as DriverError, isDriverAdapterError, type SqlDriverAdapter, type SqlQuery, type SqlQueryable, type Transaction } from '@prisma/driver-adapter-utils';
import { serviceUnavailable } from '../errors/service-unavailable';
import type { Prisma } from './client';

/**
 * How long a transaction may wait to start, as Prisma's interactive transactions (maxWait): behind
 * other transactions on SQLite's one connection, or for a pooled PostgreSQL connection. Past it the
 * caller is refused as the database being unavailable (503), instead of queueing without bound.
 */
export const TRANSACTION_MAX_WAIT_MS = 2000;

type Row = Record<string, unknown>;

/**
 * Whether `error`, thrown by a statement here, is the driver adapter's report of `kind`: failed
 * statements reach RawSql's callers as the adapter's DriverAdapterError (Prisma's client would have
 * turned it into a coded PrismaClientKnownRequestError), its `cause.kind` the same on both providers.
 */
export function isDriverError(error: unknown, kind: DriverError['kind']): boolean {
  return error instanceof Error && isDriverAdapterError(error) && error.cause.kind === kind;
}

/** The statements of one transaction (RawSql.transaction's `work` receives it). */
export type RawSqlTransaction = Omit<RawSql, 'transaction'>;

export interface RawSql {
  /** The rows as objects by column name; DateTime columns come as ISO text, JSON columns as JSON text. */
  query(sql: Prisma.Sql): Promise<Row[]>;
  /** The number of rows changed. */
  execute(sql: Prisma.Sql): Promise<number>;
  /** Runs `work` in one transaction, committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (sql: RawSqlTransaction) => Promise<T>): Promise<T>;
}

function scalarTypeOf(value: unknown): ArgScalarType {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'boolean';
  if (value instanceof Date) return 'datetime';
  return 'unknown';
}

/** `sql` as the adapter takes it: `$n` placeholders on PostgreSQL (`dollar`), `?` on SQLite. */
export function sqlQuery(sql: Prisma.Sql, dollar: boolean): SqlQuery {
  return {
    sql: dollar ? sql.text : sql.sql,
    args: sql.values,
    argTypes: sql.values.map((value) => ({ scalarType: scalarTypeOf(value), arity: 'scalar' })),
  };
}

/** RawSql through the driver adapter (PostgreSQL; SQLite runs on its connection: sqlite-raw-sql.ts). */
export function rawSql(adapter: SqlDriverAdapter): RawSql {
  const dollar = adapter.provider === 'postgres';
  const toQuery = (sql: Prisma.Sql) => sqlQuery(sql, dollar);
  const on = (queryable: SqlQueryable) => ({
    async query(sql: Prisma.Sql) {
      const result = await queryable.queryRaw(toQuery(sql));
      return result.rows.map((values) => Object.fromEntries(result.columnNames.map((name, index) => [name, values[index]])));
    },
    execute: (sql: Prisma.Sql) => queryable.executeRaw(toQuery(sql)),
  });
  const command = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });
  // The adapter opens the transaction (BEGIN) and ends its hold on the connection; COMMIT and
  // ROLLBACK are the caller's to send, as Prisma's client does.
  const rollBack = async (transaction: Transaction) => {
    await transaction.executeRaw(command('ROLLBACK')).catch(() => undefined);
    await transaction.rollback();
  };
  return {
    ...on(adapter),
    async transaction(work) {
      const transaction = await startedWithin(adapter.startTransaction(), TRANSACTION_MAX_WAIT_MS, rollBack);
      try {
        const result = await work(on(transaction));
        await transaction.executeRaw(command('COMMIT'));
        await transaction.commit();
        return result;
      } catch (error) {
        await rollBack(transaction);
        throw error;
      }
    },
  };
}

/** `started`, unless it takes longer than `maxWaitMs`: then refused, and ended by `end` once it starts after all. */
export async function startedWithin<T>(started: Promise<T>, maxWaitMs: number, end: (late: T) => unknown): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      started.then(end, () => undefined);
      reject(serviceUnavailable('database'));
    }, maxWaitMs);
  });
  try {
    return await Promise.race([started, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
