// A write made by one request must not ride along in another request's transaction: on the
// embedded SQLite (one connection) that took a connection lock; PostgreSQL does it natively.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './support/app';

/** Resolved when an UPDATE setting accountCount is sent (on SQLite, before it waits for the connection lock). */
let accountCountUpdateSent: () => void = () => undefined;
const testDb = useTestDatabase('tx_isolation', {
  databaseOptions: { onQuery: (query) => /^UPDATE \S+ SET [`"]accountCount[`"]/.test(query.sql) && accountCountUpdateSent() },
});

describe('transactions', () => {
  it('keep a concurrent outside write when they roll back', async () => {
    const db = testDb.db;
    const tenant = await db.tenant.create({ data: { name: 'isolation', contactName: 'x', expireTime: new Date('2099-01-01'), accountCount: 1 } });
    let outsideWrite: Promise<unknown> | undefined;
    const sent = new Promise<void>((resolve) => (accountCountUpdateSent = resolve));
    const rolledBack = db
      .$transaction(async (tx) => {
        await tx.tenant.update({ where: { id: tenant.id }, data: { contactName: 'inside' } });
        // Another request writes while this transaction is open (Prisma queries start when then'd)…
        outsideWrite = db.tenant.updateMany({ where: { id: tenant.id }, data: { accountCount: 42 } }).then((result) => result);
        await sent;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect(await rolledBack).toBe('roll back');
    await outsideWrite;
    // …and its write survives the rollback, while the transaction's own write is gone.
    expect(await db.tenant.findUnique({ where: { id: tenant.id } })).toMatchObject({ accountCount: 42, contactName: 'x' });
  });
});
