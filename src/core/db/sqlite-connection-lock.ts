// SQLite through better-sqlite3 is one connection. The adapter serializes transactions, but a
// single query issued while another request's transaction is open runs on that same connection,
// inside that transaction, and vanishes if it rolls back. This wrapper makes every query outside a
// transaction wait until no transaction is open, so each request's writes stand on their own.
// (A query that wrongly uses the outer client inside a transaction now times out loudly instead of
// silently joining it.)
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';

/** A FIFO lock: `acquire` resolves with the function that releases it. */
export class ConnectionLock {
  private tail: Promise<void> = Promise.resolve();
  /** Holds taken and not released yet, waiting ones included: 0 when the lock is free. */
  private holds = 0;

  acquire(): Promise<() => void> {
    const previous = this.tail;
    const release = this.hold();
    return previous.then(() => release);
  }

  /**
   * The release, when the lock is free (no one holds it or waits for it): taken at once, without the
   * promise turns of `acquire`, for work that starts synchronously (the direct statements, sqlite-raw-sql.ts).
   */
  tryAcquire(): (() => void) | undefined {
    return this.holds === 0 ? this.hold() : undefined;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = this.tryAcquire() ?? (await this.acquire());
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** A new hold at the end of the queue: whoever comes next waits for its release (a second release counts for nothing). */
  private hold(): () => void {
    this.holds += 1;
    let resolve!: () => void;
    this.tail = new Promise<void>((done) => (resolve = done));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      resolve();
    };
  }
}

/** The lock of each locked connection, for statements that bypass the adapter (sqlite-raw-sql.ts). */
const locks = new WeakMap<SqlDriverAdapter, ConnectionLock>();

/** The lock `withConnectionLock` put on `adapter`'s connection. */
export function connectionLockOf(adapter: SqlDriverAdapter): ConnectionLock {
  const lock = locks.get(adapter);
  if (!lock) throw new Error('The connection has no connection lock');
  return lock;
}

function lockConnection(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const lock = new ConnectionLock();
  locks.set(adapter, lock);
  const queryRaw = adapter.queryRaw.bind(adapter);
  const executeRaw = adapter.executeRaw.bind(adapter);
  const executeScript = adapter.executeScript.bind(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.queryRaw = (query) => lock.run(() => queryRaw(query));
  adapter.executeRaw = (query) => lock.run(() => executeRaw(query));
  adapter.executeScript = (script) => lock.run(() => executeScript(script));
  adapter.startTransaction = async (isolationLevel) => {
    const release = await lock.acquire();
    try {
      const transaction = await startTransaction(isolationLevel);
      const commit = transaction.commit.bind(transaction);
      const rollback = transaction.rollback.bind(transaction);
      transaction.commit = () => commit().finally(release);
      transaction.rollback = () => rollback().finally(release);
      return transaction;
    } catch (error) {
      release();
      throw error;
    }
  };
  return adapter;
}

/** The factory whose connections hold one lock across transactions and single queries. */
export function withConnectionLock(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => lockConnection(await factory.connect()),
  };
}
