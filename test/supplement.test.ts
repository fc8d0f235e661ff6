// Supplement bills: the partner list and supplement pay orders (open-api.md), and staff raise and
// auto-debit (domain.md Money).
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { PayOrderKind, PayOrderStatus, SupplementStatus } from '../src/core/order/statuses';
import type { SupplementBillView } from '../src/core/supplement/supplement-service';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { envelope, getQuery, partnerToken, postJson, tokenOf, useTestApp } from './support/app';
import { createBag, createBoundMember, createPurchaseOrder, type MemberFixture } from './support/commerce-fixtures';
import { createPartner } from './support/partner-clients';
import { inRounds, RACE_TEST_TIMEOUT_MS } from './support/races';

const LIST = '/open-api/order/supplement/list';
const TRADE_NO = '/open-api/order/supplement/trade-no';
const PAY = '/open-api/pay/wallet/pay';

const test = useTestApp('supplement');
const { clock } = test;
let token: string;

beforeAll(async () => {
  token = await partnerToken(test.app);
});

interface ListRow {
  orderExpensesNo: string;
  bizType: string;
  bizNo: string;
  amount: number;
  reason: string;
  createTime: string;
}

/** A member with a paid purchase order and a bag, to raise bills on. */
async function memberWithOrders(options: { balance?: number; repaymentAuthorized?: boolean } = {}) {
  const member = await createBoundMember(test.db, options);
  const order = await createPurchaseOrder(test.db, member, { paid: true, lines: [{}, {}] });
  const bag = await createBag(test.db, member, [order.items[0]?.id as number]);
  return { member, orderNo: order.orderNo, bagNo: bag.bagNo };
}

async function raise(member: MemberFixture, bizType: 'purchase' | 'bag', bizNo: string, amount: number, reason = 'price change'): Promise<SupplementBillView> {
  return (await test.core.supplements.raise(test.staff(), { memberId: member.memberId, bizType, bizNo, amount, reason })).bill;
}

const tradeNo = (body: unknown, as = token) => postJson(test.app, as, TRADE_NO, body);

async function balanceOf(memberId: number) {
  const wallet = await test.db.wallet.findUniqueOrThrow({ where: { memberId }, include: { entries: true } });
  return { balance: wallet.balance, ledgerSum: wallet.entries.reduce((sum, entry) => sum + entry.amount, 0), entries: wallet.entries };
}

describe('supplement list', () => {
  it('lists the unpaid bills of the user, oldest first, with the contract fields', async () => {
    const { member, orderNo, bagNo } = await memberWithOrders();
    const first = await raise(member, 'purchase', orderNo, 1200, 'price change');
    clock.advance(1000);
    const second = await raise(member, 'bag', bagNo, 3400, 'freight difference');
    const paid = await raise(member, 'purchase', orderNo, 100);
    await test.db.supplementBill.update({ where: { orderExpensesNo: paid.orderExpensesNo }, data: { status: SupplementStatus.PAID } });
    const response = await getQuery(test.app, token, LIST, { externalUserId: member.externalUserId });
    expect(response.statusCode).toBe(200);
    const body = envelope<ListRow[]>(response);
    expect(body.code).toBe(0);
    expect(body.data).toEqual([
      { orderExpensesNo: first.orderExpensesNo, bizType: 'purchase', bizNo: orderNo, amount: 1200, reason: 'price change', createTime: first.createdAt.toISOString() },
      { orderExpensesNo: second.orderExpensesNo, bizType: 'bag', bizNo: bagNo, amount: 3400, reason: 'freight difference', createTime: second.createdAt.toISOString() },
    ]);
    expect(first.orderExpensesNo).toMatch(/^E\d{20}$/);
    // The same read as POST with a JSON body.
    expect(envelope<ListRow[]>(await postJson(test.app, token, LIST, { externalUserId: member.externalUserId })).data).toEqual(body.data);
  });

  it('answers an empty list for a user without bills, and refuses an unbound user', async () => {
    const member = await createBoundMember(test.db);
    expect(envelope(await getQuery(test.app, token, LIST, { externalUserId: member.externalUserId }))).toMatchObject({ code: 0, data: [] });
    expect(envelope(await getQuery(test.app, token, LIST, { externalUserId: 'unbound-user' })).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
  });

  it('another partner cannot list your user\'s bills', async () => {
    const { member, orderNo } = await memberWithOrders();
    await raise(member, 'purchase', orderNo, 500);
    const other = await tokenOf(test.app, await createPartner(test.core));
    expect(envelope(await getQuery(test.app, other, LIST, { externalUserId: member.externalUserId })).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
  });
});

describe('supplement trade-no', () => {
  it('groups bills into a supplement pay order and attaches them to it', async () => {
    const { member, orderNo } = await memberWithOrders();
    const bills = [await raise(member, 'purchase', orderNo, 700), await raise(member, 'purchase', orderNo, 300)];
    const body = envelope<{ paymentId: string; payAmount: number }>(await tradeNo({ externalUserId: member.externalUserId, orderExpensesNoList: bills.map((bill) => bill.orderExpensesNo) }));
    expect(body.code).toBe(0);
    expect(body.data.payAmount).toBe(1000);
    expect(body.data.paymentId).toMatch(/^PAY\d{20}$/);
    const payOrder = await test.db.payOrder.findUniqueOrThrow({ where: { paymentId: body.data.paymentId } });
    expect(payOrder).toMatchObject({ kind: PayOrderKind.SUPPLEMENT, amount: 1000, memberId: member.memberId, status: PayOrderStatus.UNPAID, tenantId: SYSTEM_TENANT_ID });
    expect(payOrder.bizNo).toMatch(/^E\d{20}$/);
    expect(bills.map((bill) => bill.orderExpensesNo)).not.toContain(payOrder.bizNo);
    const attached = await test.db.supplementBill.findMany({ where: { orderExpensesNo: { in: bills.map((bill) => bill.orderExpensesNo) } } });
    expect(attached.every((bill) => bill.paymentId === body.data.paymentId && bill.status === SupplementStatus.UNPAID)).toBe(true);
  });

  it('moves bills of an unpaid supplement pay order to a new one and closes the old one', async () => {
    const { member, orderNo } = await memberWithOrders({ balance: 10_000 });
    const [a, b] = [await raise(member, 'purchase', orderNo, 700), await raise(member, 'purchase', orderNo, 300)];
    const first = envelope<{ paymentId: string }>(await tradeNo({ externalUserId: member.externalUserId, orderExpensesNoList: [a.orderExpensesNo, b.orderExpensesNo] })).data;
    const second = envelope<{ paymentId: string; payAmount: number }>(await tradeNo({ externalUserId: member.externalUserId, orderExpensesNoList: [a.orderExpensesNo] })).data;
    expect(second.payAmount).toBe(700);
    expect(await test.db.payOrder.findUniqueOrThrow({ where: { paymentId: first.paymentId } })).toMatchObject({ status: PayOrderStatus.CLOSED });
    expect(envelope(await postJson(test.app, token, PAY, { externalUserId: member.externalUserId, paymentId: first.paymentId })).code).toBe(ErrorCatalogue.PAY_ORDER_CLOSED.code);
    // The bill left behind can be grouped again on its own.
    const third = envelope<{ paymentId: string; payAmount: number }>(await tradeNo({ externalUserId: member.externalUserId, orderExpensesNoList: [b.orderExpensesNo] })).data;
    expect(third.payAmount).toBe(300);
    expect(envelope(await postJson(test.app, token, PAY, { externalUserId: member.externalUserId, paymentId: second.paymentId })).code).toBe(0);
    expect(envelope(await postJson(test.app, token, PAY, { externalUserId: member.externalUserId, paymentId: third.paymentId })).code).toBe(0);
    expect(await balanceOf(member.memberId)).toMatchObject({ balance: 9000, ledgerSum: 9000 });
    expect(envelope(await getQuery(test.app, token, LIST, { externalUserId: member.externalUserId })).data).toEqual([]);
  });

  it('never mixes purchase and bag bills', async () => {
    const { member, orderNo, bagNo } = await memberWithOrders();
    const bills = [await raise(member, 'purchase', orderNo, 700), await raise(member, 'bag', bagNo, 300)];
    const payOrders = await test.db.payOrder.count();
    const body = envelope(await tradeNo({ externalUserId: member.externalUserId, orderExpensesNoList: bills.map((bill) => bill.orderExpensesNo) }));
    expect(body.code).toBe(ErrorCatalogue.SUPPLEMENT_MIXED_BIZ_TYPES.code);
    expect(await test.db.payOrder.count()).toBe(payOrders);
    expect(await test.db.supplementBill.count({ where: { orderExpensesNo: { in: bills.map((bill) => bill.orderExpensesNo) }, paymentId: { not: null } } })).toBe(0);
  });

  it('refuses unknown bills, bills of another member and bills not unpaid', async () => {
    const { member, orderNo } = await memberWithOrders();
    const mine = await raise(member, 'purchase', orderNo, 700);
    const { member: other, orderNo: otherOrderNo } = await memberWithOrders();
    const theirs = await raise(other, 'purchase', otherOrderNo, 300);
    const paid = await raise(member, 'purchase', orderNo, 100);
    await test.db.supplementBill.update({ where: { orderExpensesNo: paid.orderExpensesNo }, data: { status: SupplementStatus.PAID } });
    const payOrders = await test.db.payOrder.count();

    const unknown = envelope(await tradeNo({ externalUserId: member.externalUserId, orderExpensesNoList: [mine.orderExpensesNo, 'E-NO-SUCH'] }));
    expect(unknown).toMatchObject({ code: ErrorCatalogue.SUPPLEMENT_NOT_FOUND.code, msg: 'Supplement bill E-NO-SUCH does not exist' });
    const foreign = envelope(await tradeNo({ externalUserId: member.externalUserId, orderExpensesNoList: [theirs.orderExpensesNo] }));
    expect(foreign.code).toBe(ErrorCatalogue.SUPPLEMENT_NOT_FOUND.code);
    const notUnpaid = envelope(await tradeNo({ externalUserId: member.externalUserId, orderExpensesNoList: [mine.orderExpensesNo, paid.orderExpensesNo] }));
    expect(notUnpaid.code).toBe(ErrorCatalogue.SUPPLEMENT_NOT_UNPAID.code);
    expect(envelope(await tradeNo({ externalUserId: 'unbound-user', orderExpensesNoList: [mine.orderExpensesNo] })).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);

    expect(await test.db.payOrder.count()).toBe(payOrders);
    expect((await test.db.supplementBill.findUniqueOrThrow({ where: { orderExpensesNo: mine.orderExpensesNo } })).paymentId).toBeNull();
  });

  it('another partner cannot group your user\'s bills', async () => {
    const { member, orderNo } = await memberWithOrders();
    const bill = await raise(member, 'purchase', orderNo, 700);
    const other = await tokenOf(test.app, await createPartner(test.core));
    expect(envelope(await tradeNo({ externalUserId: member.externalUserId, orderExpensesNoList: [bill.orderExpensesNo] }, other)).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
  });

  it('concurrent regroupings of the same bills leave exactly one unpaid pay order holding them', async () => {
    await inRounds(async (round) => {
      const { member, orderNo } = await memberWithOrders();
      const bills = [await raise(member, 'purchase', orderNo, 700), await raise(member, 'purchase', orderNo, 300)];
      const list = bills.map((bill) => bill.orderExpensesNo);
      const responses = await Promise.all(Array.from({ length: 10 }, () => tradeNo({ externalUserId: member.externalUserId, orderExpensesNoList: list })));
      expect(responses.map((response) => response.statusCode), `round ${round}`).toEqual(Array(10).fill(200));
      const answers = responses.map((response) => envelope<{ paymentId: string }>(response));
      // A regrouping that lost the race to another is refused, to be retried on the new grouping.
      expect(answers.filter((answer) => ![0, ErrorCatalogue.SUPPLEMENT_CHANGED.code].includes(answer.code)), `round ${round}`).toEqual([]);
      const created = answers.filter((answer) => answer.code === 0).map((answer) => answer.data.paymentId);
      const open = await test.db.payOrder.findMany({ where: { paymentId: { in: created }, status: PayOrderStatus.UNPAID } });
      expect(open, `round ${round}`).toHaveLength(1);
      const attached = await test.db.supplementBill.findMany({ where: { orderExpensesNo: { in: list } } });
      expect(attached.map((bill) => bill.paymentId), `round ${round}`).toEqual([open[0]!.paymentId, open[0]!.paymentId]);
    });
  }, RACE_TEST_TIMEOUT_MS);
});

describe('raise and auto-debit', () => {
  it('raises an unpaid bill when repayment authorization is off', async () => {
    const { member, orderNo } = await memberWithOrders({ balance: 10_000 });
    const result = await test.core.supplements.raise(test.staff(), { memberId: member.memberId, bizType: 'purchase', bizNo: orderNo, amount: 500, reason: 'domestic freight' });
    expect(result.autoDebit).toBeUndefined();
    expect(result.bill).toMatchObject({ status: SupplementStatus.UNPAID, amount: 500, bizType: 'purchase', bizNo: orderNo, reason: 'domestic freight', createdAt: new Date(clock.now()) });
    expect((await balanceOf(member.memberId)).balance).toBe(10_000);
  });

  it('debits at once when repayment authorization is on', async () => {
    const { member, orderNo } = await memberWithOrders({ balance: 10_000, repaymentAuthorized: true });
    const result = await test.core.supplements.raise(test.staff(), { memberId: member.memberId, bizType: 'purchase', bizNo: orderNo, amount: 2500, reason: 'price change' });
    expect(result.autoDebit).toEqual({ orderExpensesNo: result.bill.orderExpensesNo, memberId: member.memberId, amount: 2500, result: 'paid', balance: 7500 });
    expect(result.bill).toMatchObject({ status: SupplementStatus.PAID, paidAt: new Date(clock.now()) });
    const wallet = await balanceOf(member.memberId);
    expect([wallet.balance, wallet.ledgerSum]).toEqual([7500, 7500]);
    expect(wallet.entries.find((entry) => entry.bizRef === `supplement:${result.bill.orderExpensesNo}`)).toMatchObject({ amount: -2500, kind: 'auto-debit', balanceAfter: 7500 });
    expect(envelope(await getQuery(test.app, token, LIST, { externalUserId: member.externalUserId })).data).toEqual([]);
  });

  it('leaves the bill unpaid on a short balance, and reports it', async () => {
    const { member, bagNo } = await memberWithOrders({ balance: 1000, repaymentAuthorized: true });
    const result = await test.core.supplements.raise(test.staff(), { memberId: member.memberId, bizType: 'bag', bizNo: bagNo, amount: 2500, reason: 'freight difference' });
    expect(result.autoDebit).toEqual({ orderExpensesNo: result.bill.orderExpensesNo, memberId: member.memberId, amount: 2500, result: 'insufficient-balance', balance: 1000 });
    expect(result.bill.status).toBe(SupplementStatus.UNPAID);
    expect(await balanceOf(member.memberId)).toMatchObject({ balance: 1000, ledgerSum: 1000 });
    const listed = envelope<ListRow[]>(await getQuery(test.app, token, LIST, { externalUserId: member.externalUserId })).data;
    expect(listed.map((row) => row.orderExpensesNo)).toEqual([result.bill.orderExpensesNo]);
  });

  it('raises nothing when the debit of the new bill fails', async () => {
    const { member, orderNo } = await memberWithOrders({ repaymentAuthorized: true });
    await test.db.wallet.delete({ where: { memberId: member.memberId } });
    await expect(test.core.supplements.raise(test.staff(), { memberId: member.memberId, bizType: 'purchase', bizNo: orderNo, amount: 500, reason: 'x' })).rejects.toMatchObject({
      code: ErrorCatalogue.WALLET_NOT_FOUND.code,
    });
    expect(await test.db.supplementBill.count({ where: { memberId: member.memberId } })).toBe(0);
  });

  it("raises in the caller's transaction: the bill and its debit roll back or commit with it", async () => {
    const { member, bagNo } = await memberWithOrders({ balance: 10_000, repaymentAuthorized: true });
    const input = { memberId: member.memberId, bizType: 'bag' as const, bizNo: bagNo, amount: 2500, reason: 'freight difference' };
    const callerFailure = new Error('the caller fails after the raise');
    await expect(
      test.db.$transaction(async (tx) => {
        expect((await test.core.supplements.raise(test.staff(), input, { tx })).autoDebit).toMatchObject({ result: 'paid', balance: 7500 });
        throw callerFailure;
      }),
    ).rejects.toBe(callerFailure);
    expect(await test.db.supplementBill.count({ where: { memberId: member.memberId } })).toBe(0);
    expect(await balanceOf(member.memberId)).toMatchObject({ balance: 10_000, ledgerSum: 10_000 });

    const committed = await test.db.$transaction((tx) => test.core.supplements.raise(test.staff(), input, { tx }));
    expect(committed.bill).toMatchObject({ status: SupplementStatus.PAID, amount: 2500 });
    expect(await test.db.supplementBill.count({ where: { memberId: member.memberId } })).toBe(1);
    expect(await balanceOf(member.memberId)).toMatchObject({ balance: 7500, ledgerSum: 7500 });
  });

  it("answers the bill of a repeated orderExpensesNo in the caller's transaction without breaking it", async () => {
    const { member, orderNo } = await memberWithOrders({ balance: 100 });
    const input = { memberId: member.memberId, bizType: 'purchase' as const, bizNo: orderNo, amount: 300, reason: 'price change' };
    const orderExpensesNo = `E-test-${member.memberId}`;
    const first = await test.core.supplements.raise(test.staff(), input, { orderExpensesNo });
    const repeated = await test.db.$transaction(async (tx) => {
      const raised = await test.core.supplements.raise(test.staff(), input, { orderExpensesNo, tx });
      // The transaction is still usable after the repeat (a failed insert would have aborted it on PostgreSQL).
      await tx.wallet.update({ where: { memberId: member.memberId }, data: { balance: { increment: 0 } } });
      return raised;
    });
    expect(repeated).toEqual({ bill: first.bill });
    expect(await test.db.supplementBill.count({ where: { memberId: member.memberId } })).toBe(1);
  });

  it('auto-debit pays the unpaid bills of authorized members one by one and reports the short ones', async () => {
    const authorized = await memberWithOrders({ balance: 3000 });
    const notAuthorized = await memberWithOrders({ balance: 100_000 });
    // Raised while authorization was off, then switched on: the run picks them up.
    const bills = [
      await raise(authorized.member, 'purchase', authorized.orderNo, 2000),
      await raise(authorized.member, 'purchase', authorized.orderNo, 1500),
      await raise(authorized.member, 'bag', authorized.bagNo, 800),
    ];
    const untouched = await raise(notAuthorized.member, 'purchase', notAuthorized.orderNo, 100);
    await test.core.members.setRepaymentAuthorization(test.staff(), { memberId: authorized.member.memberId, authorized: true });

    const report = await test.core.supplements.autoDebit(test.staff(), { memberId: authorized.member.memberId });
    expect(report.outcomes.map((outcome) => [outcome.orderExpensesNo, outcome.result])).toEqual([
      [bills[0]?.orderExpensesNo, 'paid'],
      [bills[1]?.orderExpensesNo, 'insufficient-balance'],
      [bills[2]?.orderExpensesNo, 'paid'],
    ]);
    expect([report.paid, report.failed]).toEqual([2, 1]);
    expect(await balanceOf(authorized.member.memberId)).toMatchObject({ balance: 200, ledgerSum: 200 });
    expect((await test.db.supplementBill.findUniqueOrThrow({ where: { orderExpensesNo: bills[1]?.orderExpensesNo } })).status).toBe(SupplementStatus.UNPAID);

    // A tenant-wide run never touches members without authorization, and a second run moves no money twice.
    const again = await test.core.supplements.autoDebit(test.staff());
    expect(again.outcomes.map((outcome) => outcome.orderExpensesNo)).not.toContain(untouched.orderExpensesNo);
    expect(again.outcomes.filter((outcome) => outcome.memberId === authorized.member.memberId)).toEqual([
      { orderExpensesNo: bills[1]?.orderExpensesNo, memberId: authorized.member.memberId, amount: 1500, result: 'insufficient-balance', balance: 200 },
    ]);
    expect((await test.db.supplementBill.findUniqueOrThrow({ where: { orderExpensesNo: untouched.orderExpensesNo } })).status).toBe(SupplementStatus.UNPAID);
    expect(await balanceOf(notAuthorized.member.memberId)).toMatchObject({ balance: 100_000 });
  });

  it('auto-debit of a bill in an unpaid supplement pay order closes that pay order', async () => {
    const { member, orderNo } = await memberWithOrders({ balance: 10_000 });
    const bills = [await raise(member, 'purchase', orderNo, 700), await raise(member, 'purchase', orderNo, 300)];
    const group = envelope<{ paymentId: string }>(await tradeNo({ externalUserId: member.externalUserId, orderExpensesNoList: bills.map((bill) => bill.orderExpensesNo) })).data;
    await test.core.members.setRepaymentAuthorization(test.staff(), { memberId: member.memberId, authorized: true });
    const report = await test.core.supplements.autoDebit(test.staff(), { memberId: member.memberId });
    expect(report.paid).toBe(2);
    expect(await test.db.payOrder.findUniqueOrThrow({ where: { paymentId: group.paymentId } })).toMatchObject({ status: PayOrderStatus.CLOSED });
    expect(envelope(await postJson(test.app, token, PAY, { externalUserId: member.externalUserId, paymentId: group.paymentId })).code).toBe(ErrorCatalogue.PAY_ORDER_CLOSED.code);
    expect(await balanceOf(member.memberId)).toMatchObject({ balance: 9000, ledgerSum: 9000 });
  });

  it('concurrent auto-debit runs debit each bill once', async () => {
    await inRounds(async (round) => {
      const { member, orderNo } = await memberWithOrders({ balance: 10_000 });
      const bills = [await raise(member, 'purchase', orderNo, 700), await raise(member, 'purchase', orderNo, 300)];
      await test.core.members.setRepaymentAuthorization(test.staff(), { memberId: member.memberId, authorized: true });
      const reports = await Promise.all(Array.from({ length: 8 }, () => test.core.supplements.autoDebit(test.staff(), { memberId: member.memberId })));
      expect(reports.reduce((sum, report) => sum + report.paid, 0), `round ${round}`).toBe(2);
      const wallet = await balanceOf(member.memberId);
      expect([wallet.balance, wallet.ledgerSum], `round ${round}`).toEqual([9000, 9000]);
      expect(wallet.entries.filter((entry) => bills.some((bill) => entry.bizRef === `supplement:${bill.orderExpensesNo}`)), `round ${round}`).toHaveLength(2);
    });
  }, RACE_TEST_TIMEOUT_MS);

  it('raise refuses an order or bag that is not the member\'s, bad input, and another tenant', async () => {
    const { member, orderNo, bagNo } = await memberWithOrders();
    const { orderNo: otherOrderNo } = await memberWithOrders();
    const raiseAs = (input: Record<string, unknown>, ctx = test.staff()) =>
      test.core.supplements.raise(ctx, { memberId: member.memberId, bizType: 'purchase', bizNo: orderNo, amount: 100, reason: 'x', ...input } as never);
    await expect(raiseAs({ bizNo: otherOrderNo })).rejects.toMatchObject({ code: ErrorCatalogue.SUPPLEMENT_BIZ_ORDER_NOT_FOUND.code });
    await expect(raiseAs({ bizType: 'bag', bizNo: orderNo })).rejects.toMatchObject({ code: ErrorCatalogue.SUPPLEMENT_BIZ_ORDER_NOT_FOUND.code });
    await expect(raiseAs({ bizType: 'purchase', bizNo: bagNo })).rejects.toMatchObject({ code: ErrorCatalogue.SUPPLEMENT_BIZ_ORDER_NOT_FOUND.code });
    await expect(raiseAs({ memberId: 999_999 })).rejects.toMatchObject({ code: ErrorCatalogue.MEMBER_NOT_FOUND.code });
    await expect(raiseAs({}, test.staff(SYSTEM_TENANT_ID + 1000))).rejects.toMatchObject({ code: ErrorCatalogue.MEMBER_NOT_FOUND.code });
    await expect(raiseAs({ amount: 0 })).rejects.toMatchObject({ name: 'ZodError' });
    await expect(raiseAs({ amount: 1.5 })).rejects.toMatchObject({ name: 'ZodError' });
    await expect(raiseAs({ bizType: 'parcel' })).rejects.toMatchObject({ name: 'ZodError' });
    await expect(raiseAs({ reason: '' })).rejects.toMatchObject({ name: 'ZodError' });
    expect(await test.db.supplementBill.count({ where: { memberId: member.memberId } })).toBe(0);
  });
});

describe('bad input', () => {
  let member: MemberFixture;
  let bill: SupplementBillView;

  beforeAll(async () => {
    const setup = await memberWithOrders();
    member = setup.member;
    bill = await raise(member, 'purchase', setup.orderNo, 700);
  });

  async function expectNothingWritten() {
    expect((await test.db.supplementBill.findUniqueOrThrow({ where: { orderExpensesNo: bill.orderExpensesNo } })).paymentId).toBeNull();
    expect(await test.db.payOrder.count({ where: { memberId: member.memberId, kind: PayOrderKind.SUPPLEMENT } })).toBe(0);
  }

  it.each([
    ['no externalUserId', () => ({ orderExpensesNoList: [bill.orderExpensesNo] }), 'externalUserId: required'],
    ['a numeric externalUserId', () => ({ externalUserId: 1, orderExpensesNoList: [bill.orderExpensesNo] }), 'externalUserId'],
    ['a 65-character externalUserId', () => ({ externalUserId: 'u'.repeat(65), orderExpensesNoList: [bill.orderExpensesNo] }), 'externalUserId'],
    ['no orderExpensesNoList', () => ({ externalUserId: member.externalUserId }), 'orderExpensesNoList: required'],
    ['an empty orderExpensesNoList', () => ({ externalUserId: member.externalUserId, orderExpensesNoList: [] }), 'orderExpensesNoList'],
    ['a string orderExpensesNoList', () => ({ externalUserId: member.externalUserId, orderExpensesNoList: bill.orderExpensesNo }), 'orderExpensesNoList'],
    ['a number in orderExpensesNoList', () => ({ externalUserId: member.externalUserId, orderExpensesNoList: [bill.orderExpensesNo, 5] }), 'orderExpensesNoList[1]'],
    ['an empty expense number', () => ({ externalUserId: member.externalUserId, orderExpensesNoList: [''] }), 'orderExpensesNoList[0]'],
    ['a 65-character expense number', () => ({ externalUserId: member.externalUserId, orderExpensesNoList: ['E'.repeat(65)] }), 'orderExpensesNoList[0]'],
    ['a repeated expense number', () => ({ externalUserId: member.externalUserId, orderExpensesNoList: [bill.orderExpensesNo, bill.orderExpensesNo] }), 'orderExpensesNoList: must not repeat'],
    ['101 expense numbers', () => ({ externalUserId: member.externalUserId, orderExpensesNoList: Array.from({ length: 101 }, (_, index) => `E${index}`) }), 'orderExpensesNoList'],
  ])('trade-no: %s -> 400 naming the field, nothing written', async (_case, body, field) => {
    const response = await tradeNo(body());
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({ code: 400, data: null });
    expect(envelope(response).msg).toContain(field);
    await expectNothingWritten();
  });

  it('trade-no: malformed JSON -> 400, nothing written', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: TRADE_NO,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: `{"externalUserId": "${member.externalUserId}", "orderExpensesNoList": ["${bill.orderExpensesNo}"]`,
    });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain('body: malformed JSON');
    await expectNothingWritten();
  });

  it.each([
    ['no externalUserId', {}, 'externalUserId: required'],
    ['an empty externalUserId', { externalUserId: '' }, 'externalUserId'],
    ['a 65-character externalUserId', { externalUserId: 'u'.repeat(65) }, 'externalUserId'],
    ['a repeated externalUserId', { externalUserId: ['a', 'b'] }, 'externalUserId'],
  ])('list (GET): %s -> 400 naming the field', async (_case, query, field) => {
    const response = await getQuery(test.app, token, LIST, query);
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain(field);
  });

  it('list (POST): malformed JSON and wrong types -> 400', async () => {
    const malformed = await test.app.inject({
      method: 'POST',
      url: LIST,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"externalUserId":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(envelope(malformed).msg).toContain('body: malformed JSON');
    const numeric = await postJson(test.app, token, LIST, { externalUserId: 12 });
    expect(numeric.statusCode).toBe(400);
    expect(envelope(numeric).msg).toContain('externalUserId');
  });
});
