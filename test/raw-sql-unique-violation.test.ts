// A duplicate insert on the driver (db/raw-sql.ts) is a unique violation to isUniqueViolation, as the
// same insert through Prisma's client is: services that retry or answer idempotently on a unique key
// work the same on either path. Other failures are not.
import { Prisma } from '../src/core/db/client';
import { isUniqueViolation } from '../src/core/db/unique-violation';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './support/app';

const testDb = useTestDatabase('raw_sql_unique');

const insertPayOrder = (paymentId: string, kind: string | null = 'purchase') => {
  const now = new Date();
  return Prisma.sql`
    INSERT INTO "PayOrder" ("tenantId", "paymentId", "memberId", "kind", "bizNo", "amount", "status", "createdAt", "updatedAt")
    VALUES (1, ${paymentId}, 1, ${kind}, 'O1', 100, 0, ${now}, ${now})`;
};
const failureOf = (work: Promise<unknown>) => work.then(() => undefined, (error: unknown) => error);

describe('a statement on the driver breaking a unique constraint', () => {
  it('is a unique violation, outside and inside a transaction, and the transaction is rolled back', async () => {
    const { sql, db } = testDb.database;
    expect(await sql.execute(insertPayOrder('PAY-UNIQUE-1'))).toBe(1);
    expect(isUniqueViolation(await failureOf(sql.execute(insertPayOrder('PAY-UNIQUE-1'))))).toBe(true);
    const inTransaction = await failureOf(
      sql.transaction(async (tx) => {
        await tx.execute(insertPayOrder('PAY-UNIQUE-2'));
        await tx.execute(insertPayOrder('PAY-UNIQUE-1'));
      }),
    );
    expect(isUniqueViolation(inTransaction)).toBe(true);
    expect(await db.payOrder.count({ where: { paymentId: 'PAY-UNIQUE-2' } })).toBe(0);
    // The same insert through the client: Prisma's own code for it.
    const now = new Date();
    const throughClient = await failureOf(db.payOrder.create({ data: { tenantId: 1, paymentId: 'PAY-UNIQUE-1', memberId: 1, kind: 'purchase', bizNo: 'O1', amount: 100, createdAt: now } }));
    expect(isUniqueViolation(throughClient)).toBe(true);
  });

  it('is told apart from other failures', async () => {
    const { sql } = testDb.database;
    const notNull = await failureOf(sql.execute(insertPayOrder('PAY-UNIQUE-3', null)));
    expect(notNull).toBeInstanceOf(Error);
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(new Error('unique'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
