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

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => held);
    return previous.then(() => release);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

function lockConnection(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const lock = new ConnectionLock();
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
