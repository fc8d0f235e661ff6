// A raise whose randomly drawn expense number is already taken (two raises in one second drawing the
// same digits) raises again with a new number instead of failing. The draw is forced to repeat here.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from './support/app';
import { createBoundMember, createPurchaseOrder } from './support/commerce-fixtures';

const forced: string[] = [];
vi.mock('../src/core/business-no', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/core/business-no')>();
  return { ...real, newBusinessNo: vi.fn((prefix: Parameters<typeof real.newBusinessNo>[0], now: Date) => (prefix === 'E' && forced.length > 0 ? (forced.shift() as string) : real.newBusinessNo(prefix, now))) };
});

const test = useTestApp('supplement_number_collision');

afterEach(() => {
  forced.length = 0;
});

describe('supplement raise', () => {
  it('draws a new expense number when the one drawn is taken, and gives up after three', async () => {
    const member = await createBoundMember(test.db);
    const { orderNo } = await createPurchaseOrder(test.db, member, { paid: true });
    const raise = () => test.core.supplements.raise(test.staff(), { memberId: member.memberId, bizType: 'purchase', bizNo: orderNo, amount: 100, reason: 'collision' });
    const first = (await raise()).bill;
    forced.push(first.orderExpensesNo);
    const second = (await raise()).bill;
    expect(second.orderExpensesNo).not.toBe(first.orderExpensesNo);
    forced.push(first.orderExpensesNo, first.orderExpensesNo, first.orderExpensesNo);
    await expect(raise()).rejects.toThrow(/Unique constraint/);
    expect(await test.db.supplementBill.count({ where: { memberId: member.memberId } })).toBe(2);
  });
});
