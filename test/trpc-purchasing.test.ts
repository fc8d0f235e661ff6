// Purchasing and supplement bills over /trpc through the typed client: the queue of items awaiting
// purchase, mark purchased (a higher price raises one supplement bill, however often retried),
// cancel with one refund to the wallet, manual bills and auto-debit. Plus permission, tenant and
// validation denials for every procedure.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { OrderItemStatus, PayOrderStatus, PurchaseOrderStatus, SupplementStatus } from '../src/core/order/statuses';
import { createClient } from '../src/trpc/client';
import { envelope, getQuery, partnerToken, useTestApp } from './support/app';
import { seededAdminToken } from './support/admin';
import { createBag, createBoundMember, createPurchaseOrder, type MemberFixture } from './support/commerce-fixtures';
import { clientWith, failure, type OpsClient, otherTenantClient } from './support/ops-client';

const test = useTestApp('trpc_purchasing');
let url: string;
let staff: OpsClient;

beforeAll(async () => {
  url = await test.app.listen({ host: '127.0.0.1', port: 0 });
  staff = createClient(url, await seededAdminToken(test.core));
});

/** A paid order of a new (or the given) member, its items in `itemStatus`. */
async function paidOrder(options: { member?: MemberFixture; itemStatus?: number; lines?: { goodsId?: string; skuId?: string; qty?: number; unitPrice?: number; source?: number }[]; balance?: number; repaymentAuthorized?: boolean } = {}) {
  const member = options.member ?? (await createBoundMember(test.db, { balance: options.balance, repaymentAuthorized: options.repaymentAuthorized }));
  const order = await createPurchaseOrder(test.db, member, { paid: true, itemStatus: options.itemStatus, lines: options.lines });
  return { member, order, ids: order.items.map((item) => item.id) };
}

const balanceOf = async (memberId: number) => (await test.db.wallet.findUniqueOrThrow({ where: { memberId } })).balance;
const itemOf = (id: number) => test.db.purchaseOrderItem.findUniqueOrThrow({ where: { id } });

describe('awaiting purchase', () => {
  it('pages paid items oldest first, filtered by source and goodsId', async () => {
    const goodsId = `aw${Date.now()}`;
    const first = await paidOrder({ lines: [{ goodsId, skuId: 'a' }] });
    const second = await paidOrder({ lines: [{ goodsId, skuId: 'b' }, { goodsId: `${goodsId}x`, source: 2 }] });
    await paidOrder({ itemStatus: OrderItemStatus.PURCHASED, lines: [{ goodsId }] });
    const page = await staff.purchasing.awaiting.query({ pageNo: 1, pageSize: 10, goodsId });
    expect(page.total).toBe(2);
    expect(page.list.map((item) => [item.id, item.orderNo, item.status])).toEqual([
      [first.ids[0], first.order.orderNo, OrderItemStatus.PAID],
      [second.ids[0], second.order.orderNo, OrderItemStatus.PAID],
    ]);
    expect((await staff.purchasing.awaiting.query({ pageNo: 2, pageSize: 1, goodsId })).list.map((item) => item.id)).toEqual([second.ids[0]]);
    const bySource = await staff.purchasing.awaiting.query({ pageNo: 1, pageSize: 100, source: 2 });
    expect(bySource.list.map((item) => item.id)).toContain(second.ids[1]);
    expect(bySource.list.every((item) => item.source === 2)).toBe(true);
    const invalid = await failure(staff.purchasing.awaiting.query({ pageNo: 1, pageSize: 101 }));
    expect(invalid.code).toBe('BAD_REQUEST');
    expect(invalid.message).toContain('pageSize');
  });
});

describe('mark purchased', () => {
  it('moves a paid item to purchased; at the same price no bill is raised', async () => {
    const { ids } = await paidOrder();
    const outcome = await staff.purchasing.markPurchased.mutate({ orderItemId: ids[0] as number, marketplaceOrderNo: 'TB-1001', actualUnitPrice: 5000 });
    expect(outcome).toMatchObject({ item: { status: OrderItemStatus.PURCHASED, marketplaceOrderNo: 'TB-1001', actualUnitPrice: 5000 }, supplement: null });
    expect(await test.db.supplementBill.count({ where: { memberId: outcome.item.memberId } })).toBe(0);
  });

  it('raises one purchase supplement for a higher price, which the partner lists; a retry raises none', async () => {
    const { member, order, ids } = await paidOrder({ lines: [{ qty: 3, unitPrice: 5000 }] });
    const input = { orderItemId: ids[0] as number, marketplaceOrderNo: 'TB-2002', actualUnitPrice: 5400 };
    const first = await staff.purchasing.markPurchased.mutate(input);
    expect(first.supplement).toMatchObject({ memberId: member.memberId, bizType: 'purchase', bizNo: order.orderNo, amount: 1200, status: SupplementStatus.UNPAID });
    const retries = await Promise.all([staff.purchasing.markPurchased.mutate(input), staff.purchasing.markPurchased.mutate(input)]);
    for (const retry of retries) expect(retry.supplement?.orderExpensesNo).toBe(first.supplement?.orderExpensesNo);
    expect(await test.db.supplementBill.count({ where: { memberId: member.memberId } })).toBe(1);

    const listed = envelope<{ orderExpensesNo: string; bizType: string; bizNo: string; amount: number }[]>(
      await getQuery(test.app, await partnerToken(test.app), '/open-api/order/supplement/list', { externalUserId: member.externalUserId }),
    );
    expect(listed.data).toEqual([expect.objectContaining({ orderExpensesNo: first.supplement?.orderExpensesNo, bizType: 'purchase', bizNo: order.orderNo, amount: 1200 })]);

    const different = await failure(staff.purchasing.markPurchased.mutate({ ...input, actualUnitPrice: 5500 }));
    expect(different.serviceCode).toBe(ErrorCatalogue.PURCHASE_ITEM_PURCHASED_DIFFERENTLY.code);
    expect(await test.db.supplementBill.count({ where: { memberId: member.memberId } })).toBe(1);
  });

  it('debits the supplement at once for a member with repayment authorization', async () => {
    const { member, ids } = await paidOrder({ balance: 1000, repaymentAuthorized: true });
    const outcome = await staff.purchasing.markPurchased.mutate({ orderItemId: ids[0] as number, marketplaceOrderNo: 'TB-3003', actualUnitPrice: 5300 });
    expect(outcome.autoDebit).toMatchObject({ result: 'paid', amount: 300, balance: 700 });
    expect(outcome.supplement?.status).toBe(SupplementStatus.PAID);
    await staff.purchasing.markPurchased.mutate({ orderItemId: ids[0] as number, marketplaceOrderNo: 'TB-3003', actualUnitPrice: 5300 });
    expect(await balanceOf(member.memberId)).toBe(700);
  });

  it('refuses items that are not paid', async () => {
    const unpaid = await createPurchaseOrder(test.db, await createBoundMember(test.db));
    const refused = await failure(staff.purchasing.markPurchased.mutate({ orderItemId: unpaid.items[0]?.id as number, marketplaceOrderNo: 'X', actualUnitPrice: 1 }));
    expect(refused).toMatchObject({ serviceCode: ErrorCatalogue.PURCHASE_ITEM_NOT_PAID.code });
    expect(refused.message).toContain(unpaid.items[0]?.orderItemNo);
    expect((await failure(staff.purchasing.markPurchased.mutate({ orderItemId: 2_000_000_000, marketplaceOrderNo: 'X', actualUnitPrice: 1 }))).serviceCode).toBe(
      ErrorCatalogue.PURCHASE_ITEM_NOT_FOUND.code,
    );
  });

  it.each([
    ['an empty marketplace order number', { marketplaceOrderNo: ' ', actualUnitPrice: 1 }, 'marketplaceOrderNo'],
    ['a negative price', { marketplaceOrderNo: 'X', actualUnitPrice: -1 }, 'actualUnitPrice'],
    ['a fractional price', { marketplaceOrderNo: 'X', actualUnitPrice: 1.5 }, 'actualUnitPrice'],
  ])('refuses %s, naming the field, and changes nothing', async (_case, fields, field) => {
    const { ids } = await paidOrder();
    const result = await failure(staff.purchasing.markPurchased.mutate({ orderItemId: ids[0] as number, ...fields }));
    expect(result.code).toBe('BAD_REQUEST');
    expect(result.message).toContain(field);
    expect((await itemOf(ids[0] as number)).status).toBe(OrderItemStatus.PAID);
  });
});

describe('cancel', () => {
  it('refunds a paid item once: its amount and its share of freight and fee', async () => {
    const { member, order, ids } = await paidOrder({ lines: [{ unitPrice: 5000 }, { unitPrice: 5000 }] });
    await test.db.purchaseOrder.update({ where: { id: order.orderId }, data: { freightAmount: 1000, serviceFee: 101 } });
    const input = { orderItemId: ids[0] as number, reason: 'Out of stock at the seller' };
    const first = await staff.purchasing.cancel.mutate(input);
    expect(first).toMatchObject({ item: { status: OrderItemStatus.REFUNDED }, refund: { amount: 5551, bizRef: `refund:${order.items[0]?.orderItemNo}`, balanceAfter: 5551 } });
    const retries = await Promise.all([staff.purchasing.cancel.mutate(input), staff.purchasing.cancel.mutate(input)]);
    for (const retry of retries) expect(retry.refund).toEqual(first.refund);
    expect(await balanceOf(member.memberId)).toBe(5551);
    expect(await test.db.walletLedger.count({ where: { memberId: member.memberId, kind: 'refund' } })).toBe(1);
    // The other item gets the rest of the order: together they refund exactly what was paid.
    expect((await staff.purchasing.cancel.mutate({ orderItemId: ids[1] as number, reason: 'Order withdrawn' })).refund?.amount).toBe(5550);
    expect(await balanceOf(member.memberId)).toBe(10_000 + 1000 + 101);
    expect((await staff.reconciliation.wallets.query()).differences).toEqual([]);
  });

  it('cancels the unpaid price supplement of a purchased item, and gives back a paid one', async () => {
    const unpaidCase = await paidOrder({ lines: [{ unitPrice: 5000 }] });
    const marked = await staff.purchasing.markPurchased.mutate({ orderItemId: unpaidCase.ids[0] as number, marketplaceOrderNo: 'TB-4', actualUnitPrice: 5200 });
    await staff.purchasing.cancel.mutate({ orderItemId: unpaidCase.ids[0] as number, reason: 'Seller cancelled' });
    expect((await test.db.supplementBill.findUniqueOrThrow({ where: { orderExpensesNo: marked.supplement?.orderExpensesNo as string } })).status).toBe(SupplementStatus.CANCELLED);
    expect(await balanceOf(unpaidCase.member.memberId)).toBe(5000);

    const paidCase = await paidOrder({ lines: [{ unitPrice: 5000 }], balance: 500, repaymentAuthorized: true });
    await staff.purchasing.markPurchased.mutate({ orderItemId: paidCase.ids[0] as number, marketplaceOrderNo: 'TB-5', actualUnitPrice: 5200 });
    expect(await balanceOf(paidCase.member.memberId)).toBe(300);
    expect((await staff.purchasing.cancel.mutate({ orderItemId: paidCase.ids[0] as number, reason: 'Seller cancelled' })).refund?.amount).toBe(5200);
    expect(await balanceOf(paidCase.member.memberId)).toBe(5500);
  });

  it('cancels an unpaid order as a whole, refunding nothing, and the partner can no longer pay it', async () => {
    const member = await createBoundMember(test.db, { balance: 50_000 });
    const order = await createPurchaseOrder(test.db, member, { lines: [{}, {}] });
    const outcome = await staff.purchasing.cancel.mutate({ orderItemId: order.items[0]?.id as number, reason: 'Customer asked' });
    expect(outcome).toMatchObject({ item: { status: OrderItemStatus.CANCELLED }, refund: null, cancelledItems: order.items.map((item) => item.orderItemNo) });
    expect((await staff.purchasing.cancel.mutate({ orderItemId: order.items[1]?.id as number, reason: 'Again' })).item.status).toBe(OrderItemStatus.CANCELLED);
    expect((await test.db.purchaseOrder.findUniqueOrThrow({ where: { id: order.orderId } })).status).toBe(PurchaseOrderStatus.CLOSED);
    expect((await test.db.payOrder.findUniqueOrThrow({ where: { paymentId: order.paymentId } })).status).toBe(PayOrderStatus.CLOSED);
    const pay = await test.app.inject({
      method: 'POST',
      url: '/open-api/pay/wallet/pay',
      headers: { authorization: `Bearer ${await partnerToken(test.app)}` },
      payload: { externalUserId: member.externalUserId, paymentId: order.paymentId },
    });
    expect(envelope(pay).code).toBe(ErrorCatalogue.PAY_ORDER_CLOSED.code);
    expect(await balanceOf(member.memberId)).toBe(50_000);
  });

  it('refuses items past purchase, and a blank reason', async () => {
    const { ids, order } = await paidOrder({ itemStatus: OrderItemStatus.ARRIVED });
    const refused = await failure(staff.purchasing.cancel.mutate({ orderItemId: ids[0] as number, reason: 'Too late' }));
    expect(refused.serviceCode).toBe(ErrorCatalogue.PURCHASE_ITEM_NOT_CANCELLABLE.code);
    expect(refused.message).toContain(order.items[0]?.orderItemNo);
    const blank = await failure(staff.purchasing.cancel.mutate({ orderItemId: ids[0] as number, reason: '' }));
    expect(blank.code).toBe('BAD_REQUEST');
    expect(blank.message).toContain('reason');
  });
});

describe('supplement bills', () => {
  it('raises a bill on an order or bag of the member; auto-debit pays the authorized members', async () => {
    const { member, order, ids } = await paidOrder({ itemStatus: OrderItemStatus.IN_STORAGE, balance: 2000 });
    const bag = await createBag(test.db, member, ids);
    const onOrder = await staff.supplement.raise.mutate({ memberId: member.memberId, bizType: 'purchase', bizNo: order.orderNo, amount: 800, reason: 'Domestic freight' });
    const onBag = await staff.supplement.raise.mutate({ memberId: member.memberId, bizType: 'bag', bizNo: bag.bagNo, amount: 1500, reason: 'Freight difference' });
    expect([onOrder.bill.status, onBag.bill.status, onOrder.autoDebit]).toEqual([SupplementStatus.UNPAID, SupplementStatus.UNPAID, undefined]);

    expect(await staff.supplement.autoDebit.mutate({ memberId: member.memberId })).toMatchObject({ paid: 0, failed: 0 });
    await test.db.member.update({ where: { id: member.memberId }, data: { repaymentAuthorized: true } });
    const run = await staff.supplement.autoDebit.mutate({ memberId: member.memberId });
    // Oldest first: the order's bill fits, the bag's no longer does.
    expect(run).toMatchObject({ paid: 1, failed: 1 });
    expect(await balanceOf(member.memberId)).toBe(1200);
    const bills = await staff.supplement.ofMember.query({ memberId: member.memberId });
    expect(bills.map((bill) => [bill.orderExpensesNo, bill.status])).toEqual([
      [onBag.bill.orderExpensesNo, SupplementStatus.UNPAID],
      [onOrder.bill.orderExpensesNo, SupplementStatus.PAID],
    ]);
    expect((await staff.supplement.autoDebit.mutate({})).outcomes.some((outcome) => outcome.orderExpensesNo === onBag.bill.orderExpensesNo)).toBe(true);
  });

  it("refuses a bill on another member's order, and bad input naming the field", async () => {
    const { order } = await paidOrder();
    const stranger = await createBoundMember(test.db);
    const refused = await failure(staff.supplement.raise.mutate({ memberId: stranger.memberId, bizType: 'purchase', bizNo: order.orderNo, amount: 100, reason: 'x' }));
    expect(refused.serviceCode).toBe(ErrorCatalogue.SUPPLEMENT_BIZ_ORDER_NOT_FOUND.code);
    for (const [input, field] of [
      [{ memberId: stranger.memberId, bizType: 'purchase', bizNo: order.orderNo, amount: 0, reason: 'x' }, 'amount'],
      [{ memberId: stranger.memberId, bizType: 'box', bizNo: order.orderNo, amount: 1, reason: 'x' }, 'bizType'],
      [{ memberId: stranger.memberId, bizType: 'purchase', bizNo: order.orderNo, amount: 1, reason: ' ' }, 'reason'],
    ] as const) {
      const invalid = await failure(staff.supplement.raise.mutate(input as never));
      expect(invalid.code).toBe('BAD_REQUEST');
      expect(invalid.message).toContain(field);
    }
    expect((await failure(staff.supplement.autoDebit.mutate({ memberId: -1 }))).message).toContain('memberId');
    expect(await test.db.supplementBill.count({ where: { memberId: stranger.memberId } })).toBe(0);
  });
});

describe('denials', () => {
  it('refuses each procedure without its permission', async () => {
    const { member, order, ids } = await paidOrder();
    const id = ids[0] as number;
    const none = await clientWith(test, url, ['ops:member:query']);
    const cases: [string, () => Promise<unknown>][] = [
      ['ops:purchase:query', () => none.purchasing.awaiting.query({ pageNo: 1, pageSize: 1 })],
      ['ops:purchase:update', () => none.purchasing.markPurchased.mutate({ orderItemId: id, marketplaceOrderNo: 'X', actualUnitPrice: 9999 })],
      ['ops:purchase:cancel', () => none.purchasing.cancel.mutate({ orderItemId: id, reason: 'x' })],
      ['ops:supplement:create', () => none.supplement.raise.mutate({ memberId: member.memberId, bizType: 'purchase', bizNo: order.orderNo, amount: 1, reason: 'x' })],
      ['ops:supplement:auto-debit', () => none.supplement.autoDebit.mutate({})],
      ['ops:supplement:query', () => none.supplement.ofMember.query({ memberId: member.memberId })],
    ];
    for (const [permission, call] of cases) expect(await failure(call())).toMatchObject({ code: 'FORBIDDEN', message: `Permission ${permission} is required` });
    expect((await itemOf(id)).status).toBe(OrderItemStatus.PAID);
    expect(await test.db.supplementBill.count({ where: { memberId: member.memberId } })).toBe(0);
    // Holding one permission opens that procedure only.
    const buyer = await clientWith(test, url, ['ops:purchase:update']);
    expect((await buyer.purchasing.markPurchased.mutate({ orderItemId: id, marketplaceOrderNo: 'X', actualUnitPrice: 5000 })).item.status).toBe(OrderItemStatus.PURCHASED);
    expect((await failure(buyer.purchasing.cancel.mutate({ orderItemId: id, reason: 'x' }))).code).toBe('FORBIDDEN');
    expect((await failure(createClient(url).purchasing.cancel.mutate({ orderItemId: id, reason: 'x' }))).code).toBe('UNAUTHORIZED');
  });

  it("keeps another tenant's super administrator away from this tenant's items, orders and bills", async () => {
    const { member, order, ids } = await paidOrder({ balance: 0 });
    const id = ids[0] as number;
    const { client: other } = await otherTenantClient(test, url);
    expect((await other.purchasing.awaiting.query({ pageNo: 1, pageSize: 100 })).list).toEqual([]);
    expect((await failure(other.purchasing.markPurchased.mutate({ orderItemId: id, marketplaceOrderNo: 'X', actualUnitPrice: 9000 }))).serviceCode).toBe(
      ErrorCatalogue.PURCHASE_ITEM_NOT_FOUND.code,
    );
    expect((await failure(other.purchasing.cancel.mutate({ orderItemId: id, reason: 'x' }))).serviceCode).toBe(ErrorCatalogue.PURCHASE_ITEM_NOT_FOUND.code);
    expect((await failure(other.supplement.raise.mutate({ memberId: member.memberId, bizType: 'purchase', bizNo: order.orderNo, amount: 1, reason: 'x' }))).serviceCode).toBe(
      ErrorCatalogue.MEMBER_NOT_FOUND.code,
    );
    expect((await other.supplement.autoDebit.mutate({ memberId: member.memberId })).outcomes).toEqual([]);
    expect(await other.supplement.ofMember.query({ memberId: member.memberId })).toEqual([]);
    expect((await itemOf(id)).status).toBe(OrderItemStatus.PAID);
    expect(await balanceOf(member.memberId)).toBe(0);
  });
});
