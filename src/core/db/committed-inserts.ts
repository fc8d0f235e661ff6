// Work that waits for rows other requests write (the webhook worker waits for deliveries) would
// otherwise poll, adding up to its interval to every wait. This tells it when an INSERT into a table
// it watches has committed: in this process by calling its listeners after the COMMIT (after the
// statement for one outside a transaction; never for a transaction rolled back), and on PostgreSQL
// in every process through NOTIFY, sent inside the transaction so the server delivers it on commit
// only. Polling stays the safety net: a lost notification delays, never loses, the work.
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, SqlQueryable, Transaction } from '@prisma/driver-adapter-utils';

/** The PostgreSQL channel of every committed insert of a watched table; the payload names the table. */
export const COMMITTED_INSERT_CHANNEL = 'openbuy_committed_insert';

/** The table an INSERT statement writes (`main`.`T` on SQLite, "public"."T" on PostgreSQL), or undefined. */
export function insertedTable(sql: string): string | undefined {
  return /^\s*INSERT INTO (?:[`"]\w+[`"]\.)?[`"](\w+)[`"]/.exec(sql)?.[1];
}

export class CommittedInserts {
  private readonly listeners = new Map<string, Set<() => void>>();
  /** Tables whose committed inserts are reported: announced, or watched here. */
  private readonly tables = new Set<string>();

  /**
   * Reports committed inserts into `table` to other processes (NOTIFY on PostgreSQL) even when no
   * listener here watches it: a process that serves requests but delivers nothing must still wake
   * the ones that deliver.
   */
  announce(table: string): void {
    this.tables.add(table);
  }

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
    const notify = factory.provider === 'postgres';
    return {
      provider: factory.provider,
      adapterName: factory.adapterName,
      connect: async () => {
        const adapter = await factory.connect();
        this.reportAfterEachStatement(adapter, notify);
        const startTransaction = adapter.startTransaction.bind(adapter);
        adapter.startTransaction = async (isolationLevel) => this.reportOnCommit(await startTransaction(isolationLevel), notify);
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
  private reportAfterEachStatement(adapter: SqlDriverAdapter, notify: boolean): void {
    this.intercept(adapter, async (table) => {
      if (notify) await sendNotify(adapter, [table]);
      this.signal([table]);
    });
  }

  /**
   * NOTIFY goes right after the first insert into each table: inside the transaction, so PostgreSQL
   * holds it until COMMIT and drops it on ROLLBACK. Listeners here are called once the commit is done.
   */
  private reportOnCommit(transaction: Transaction, notify: boolean): Transaction {
    const inserted = new Set<string>();
    this.intercept(transaction, async (table) => {
      if (inserted.has(table)) return;
      inserted.add(table);
      if (notify) await sendNotify(transaction, [table]);
    });
    const commit = transaction.commit.bind(transaction);
    transaction.commit = async () => {
      await commit();
      this.signal(inserted);
    };
    return transaction;
  }

  /** Calls `inserted` after each statement of `queryable` that inserted into a watched table. */
  private intercept(queryable: SqlQueryable, inserted: (table: string) => Promise<void>): void {
    const queryRaw = queryable.queryRaw.bind(queryable);
    const executeRaw = queryable.executeRaw.bind(queryable);
    queryable.queryRaw = async (query) => {
      const result = await queryRaw(query);
      const table = this.watchedTable(query);
      if (table !== undefined) await inserted(table);
      return result;
    };
    queryable.executeRaw = async (query) => {
      const result = await executeRaw(query);
      const table = this.watchedTable(query);
      if (table !== undefined) await inserted(table);
      return result;
    };
  }
}

async function sendNotify(queryable: SqlQueryable, tables: Iterable<string>): Promise<void> {
  for (const table of tables) {
    await queryable.executeRaw({ sql: 'SELECT pg_notify($1, $2)', args: [COMMITTED_INSERT_CHANNEL, table], argTypes: [{ scalarType: 'string', arity: 'scalar' }, { scalarType: 'string', arity: 'scalar' }] });
  }
}
