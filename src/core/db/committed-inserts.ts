// Work that waits for rows other requests write (the webhook worker waits for deliveries) would
// otherwise poll, adding up to its interval to every wait. This tells it when an INSERT into a table
// it watches has committed in this process: its listeners are called after the COMMIT (after the
// statement for one outside a transaction; never for a transaction rolled back). Other processes
// hear of it on PostgreSQL from a NOTIFY on COMMITTED_INSERT_CHANNEL that a trigger of the table sends
// (its migration: the server delivers it on commit only, with no round trip of the writer's).
// Polling stays the safety net: a lost notification delays, never loses, the work.
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, SqlQueryable, Transaction } from '@prisma/driver-adapter-utils';

/** The PostgreSQL channel of every committed insert of a table with the notifying trigger; the payload names the table. */
export const COMMITTED_INSERT_CHANNEL = 'openbuy_committed_insert';

/**
 * The table an INSERT statement writes (`main`.`T` on SQLite, "public"."T" on PostgreSQL), or
 * undefined. Of a statement that starts with a data-modifying WITH ("x" AS (INSERT INTO …)), the
 * WITH's table: the outbox writes its pending events that way, ahead of a wallet's ledger row.
 */
export function insertedTable(sql: string): string | undefined {
  return /^\s*(?:WITH "\w+" AS \(\s*)?INSERT INTO (?:[`"]\w+[`"]\.)?[`"](\w+)[`"]/.exec(sql)?.[1];
}

export class CommittedInserts {
  private readonly listeners = new Map<string, Set<() => void>>();
  /** Tables watched here. */
  private readonly tables = new Set<string>();

  /** Calls `listener` after each committed insert into `table` made through this process's client. */
  watch(table: string, listener: () => void): () => void {
    this.tables.add(table);
    const forTable = this.listeners.get(table) ?? new Set();
    forTable.add(listener);
    this.listeners.set(table, forTable);
    return () => forTable.delete(listener);
  }

  /** Whether committed inserts into `table` are reported (statements that bypass the adapter ask: sqlite-raw-sql.ts). */
  reports(table: string): boolean {
    return this.tables.has(table);
  }

  /** Tells the listeners of each table that an insert into it has committed. */
  signal(tables: Iterable<string>): void {
    for (const table of tables) for (const listener of this.listeners.get(table) ?? []) listener();
  }

  /** The factory whose connections report committed inserts of watched tables. */
  wrap(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
    return {
      provider: factory.provider,
      adapterName: factory.adapterName,
      connect: async () => {
        const adapter = await factory.connect();
        this.reportAfterEachStatement(adapter);
        const startTransaction = adapter.startTransaction.bind(adapter);
        adapter.startTransaction = async (isolationLevel) => this.reportOnCommit(await startTransaction(isolationLevel));
        return adapter;
      },
    };
  }

  /** The watched table `query` inserts into, if any. */
  private watchedTable(query: SqlQuery): string | undefined {
    if (this.tables.size === 0) return undefined;
    const table = insertedTable(query.sql);
    return table !== undefined && this.tables.has(table) ? table : undefined;
  }

  /** Outside a transaction each statement commits by itself. */
  private reportAfterEachStatement(adapter: SqlDriverAdapter): void {
    this.intercept(adapter, (table) => this.signal([table]));
  }

  /** Listeners here are called once the commit is done. */
  private reportOnCommit(transaction: Transaction): Transaction {
    const inserted = new Set<string>();
    this.intercept(transaction, (table) => inserted.add(table));
    const commit = transaction.commit.bind(transaction);
    transaction.commit = async () => {
      await commit();
      this.signal(inserted);
    };
    return transaction;
  }

  /** Calls `inserted` after each statement of `queryable` that inserted into a watched table. */
  private intercept(queryable: SqlQueryable, inserted: (table: string) => void): void {
    const queryRaw = queryable.queryRaw.bind(queryable);
    const executeRaw = queryable.executeRaw.bind(queryable);
    queryable.queryRaw = async (query) => {
      const result = await queryRaw(query);
      const table = this.watchedTable(query);
      if (table !== undefined) inserted(table);
      return result;
    };
    queryable.executeRaw = async (query) => {
      const result = await executeRaw(query);
      const table = this.watchedTable(query);
      if (table !== undefined) inserted(table);
      return result;
    };
  }
}
