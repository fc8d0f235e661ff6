// Wallet pay and wallet balance through the partner API (interface.md 4.2, domain.md Money).
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { WebhookEventType } from '../src/core/webhook/event-types';
import { newWebhookSecret } from '../src/core/webhook/webhook-signature';
import { OrderItemStatus, PayOrderKind, PayOrderStatus, PurchaseOrderStatus, SupplementStatus } from '../src/core/order/statuses';
import { envelope, getQuery, partnerToken, postJson, tokenOf, useTestApp } from './support/app';
import { createBag, createBoundMember, createPurchaseOrder, type MemberFixture } from './support/commerce-fixtures';
import { SEED } from './support/database';
import { inRounds, RACE_TEST_TIMEOUT_MS } from './support/races';
import { useStubServer } from './support/stub-server';
import { createPartner } from './support/partner-clients';

const PAY = '/open-api/pay/wallet/pay';
const BALANCE = '/open-api/pay/wallet/balance';
const TRADE_NO = '/open-api/order/supplement/trade-no';

const receiver = useStubServer((request, response) => {
  request.resume();
  request.on('end', () => response.end('ok'));
});
const test = useTestApp('wallet_pay');
const { clock } = test;
let token: string;

beforeAll(async () => {
  token = await partnerToken(test.app);
});

interface PayData {
  paymentId: string;
  payAmount: number;
  balance: number;
  payTime: string;
}

const pay = (body: unknown, as = token) => postJson(test.app, as, PAY, body);

async function walletOf(memberId: number) {
  const wallet = await test.db.wallet.findUniqueOrThrow({ where: { memberId }, include: { entries: true } });
  return { balance: wallet.balance, entries: wallet.entries, ledgerSum: wallet.entries.reduce((sum, entry) => sum + entry.amount, 0) };
}

/** Unpaid purchase supplement bills on a paid order of the member, grouped into a supplement pay order through the API. */
async function supplementPayOrder(member: MemberFixture, amounts: number[]) {
  const order = await createPurchaseOrder(test.db, member, { paid: true });
  const bills = [];
  for (const amount of amounts) {
    bills.push((await test.core.supplements.raise(test.staff(), { memberId: member.memberId, bizType: 'purchase', bizNo: order.orderNo, amount, reason: 'price change' })).bill);
  }
  const body = envelope<{ paymentId: string; payAmount: number }>(
    await postJson(test.app, token, TRADE_NO, { externalUserId: member.externalUserId, orderExpensesNoList: bills.map((bill) => bill.orderExpensesNo) }),
  );
  expect(body.code).toBe(0);
  return { ...body.data, bills, order };
}

describe('wallet pay of a purchase order', () => {
  it('debits the wallet and marks the pay order, the order and its items paid', async () => {
    const member = await createBoundMember(test.db, { balance: 100_000 });
    const order = await createPurchaseOrder(test.db, member, { lines: [{ unitPrice: 5000, qty: 2 }, { unitPrice: 1500 }] });
    const response = await pay({ externalUserId: member.externalUserId, paymentId: order.paymentId, payAmount: 11_500 });
    expect(response.statusCode).toBe(200);
    const body = envelope<PayData>(response);
    expect(body).toEqual({
      code: 0,
      msg: '',
      error_detail: '',
      data: { paymentId: order.paymentId, payAmount: 11_500, balance: 88_500, payTime: new Date(clock.now()).toISOString() },
    });
    const payOrder = await test.db.payOrder.findUniqueOrThrow({ where: { paymentId: order.paymentId } });
    expect(payOrder).toMatchObject({ status: PayOrderStatus.PAID, paidAt: new Date(clock.now()) });
    const purchase = await test.db.purchaseOrder.findUniqueOrThrow({ where: { id: order.orderId }, include: { items: true } });
    expect(purchase).toMatchObject({ status: PurchaseOrderStatus.PAID, paidAt: new Date(clock.now()) });
    expect(purchase.items.map((item) => item.status)).toEqual([OrderItemStatus.PAID, OrderItemStatus.PAID]);
    const wallet = await walletOf(member.memberId);
    expect(wallet.balance).toBe(88_500);
    expect(wallet.ledgerSum).toBe(88_500);
    expect(wallet.entries.find((entry) => entry.bizRef === `pay:${order.paymentId}`)).toMatchObject({ amount: -11_500, balanceAfter: 88_500, kind: 'pay', createdAt: new Date(clock.now()) });
  });

  it('writes what Prisma reads back as written: the times, the events and their payloads', async () => {
    // Events are written only for a partner with an endpoint that takes them.
    const endpoint = await test.db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: `${receiver.base}/pay`, eventTypes: [], secret: newWebhookSecret() } });
    const changed = { kind: 'webhook-endpoints-changed', tenantId: 1, partnerClientId: SEED.partnerClientId } as const;
    await test.core.bus.publish(changed);
    const member = await createBoundMember(test.db, { balance: 20_000 });
    const order = await createPurchaseOrder(test.db, member, { lines: [{ unitPrice: 2500 }] });
    const startedAt = Date.now();
    try {
      expect(envelope(await pay({ externalUserId: member.externalUserId, paymentId: order.paymentId })).code).toBe(0);
      // No worker here: fanned out while the endpoint is there, as a worker would at once.
      await test.core.webhookOutbox.fanOut(test.database);
    } finally {
      await test.db.webhookEndpoint.delete({ where: { id: endpoint.id } });
      await test.core.bus.publish(changed);
    }
    const paidAt = new Date(clock.now());
    const payOrder = await test.db.payOrder.findUniqueOrThrow({ where: { paymentId: order.paymentId } });
    const purchase = await test.db.purchaseOrder.findUniqueOrThrow({ where: { id: order.orderId }, include: { items: true } });
    expect([payOrder.paidAt, payOrder.updatedAt, purchase.paidAt, purchase.updatedAt, ...purchase.items.map((item) => item.updatedAt)]).toEqual([paidAt, paidAt, paidAt, paidAt, paidAt]);
    expect((await test.db.wallet.findUniqueOrThrow({ where: { memberId: member.memberId } })).updatedAt).toEqual(paidAt);
    const events = await test.db.webhookEvent.findMany({ where: { orderingKey: { in: [`order:${order.orderNo}`, `wallet:${member.memberId}`] } }, orderBy: { id: 'asc' } });
    expect(events.map(({ type, payload, occurredAt, tenantId, partnerClientId }) => ({ type, payload, occurredAt, tenantId, partnerClientId }))).toEqual([
      {
        type: WebhookEventType.PURCHASE_ORDER_PAID,
        payload: expect.objectContaining({ orderNo: order.orderNo, externalUserId: member.externalUserId, paymentId: order.paymentId, payAmount: payOrder.amount, status: PurchaseOrderStatus.PAID }),
        occurredAt: paidAt,
        tenantId: payOrder.tenantId,
        partnerClientId: SEED.partnerClientId,
      },
      {
        type: WebhookEventType.WALLET_DEBITED,
        payload: { externalUserId: member.externalUserId, amount: payOrder.amount, balance: 20_000 - payOrder.amount, kind: 'pay' },
        occurredAt: paidAt,
        tenantId: payOrder.tenantId,
        partnerClientId: SEED.partnerClientId,
      },
    ]);
    for (const event of events) expect(event.createdAt.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
  });

  it('pays without payAmount, and the balance read shows the debit', async () => {
    const member = await createBoundMember(test.db, { balance: 5000 });
    const order = await createPurchaseOrder(test.db, member, { lines: [{ unitPrice: 5000 }] });
    expect(envelope<PayData>(await pay({ externalUserId: member.externalUserId, paymentId: order.paymentId })).data.balance).toBe(0);
    const balance = envelope(await getQuery(test.app, token, BALANCE, { externalUserId: member.externalUserId }));
    expect(balance).toMatchObject({ code: 0, data: { externalUserId: member.externalUserId, balance: 0 } });
  });
});

describe('wallet pay of a supplement pay order', () => {
  it('debits the sum and marks every bill of the group paid', async () => {
    const member = await createBoundMember(test.db, { balance: 10_000 });
    const group = await supplementPayOrder(member, [1200, 800]);
    expect(group.payAmount).toBe(2000);
    const body = envelope<PayData>(await pay({ externalUserId: member.externalUserId, paymentId: group.paymentId, payAmount: 2000 }));
    expect(body).toMatchObject({ code: 0, data: { paymentId: group.paymentId, payAmount: 2000, balance: 8000 } });
    const bills = await test.db.supplementBill.findMany({ where: { paymentId: group.paymentId } });
    expect(bills.map((bill) => [bill.status, bill.paidAt?.getTime()])).toEqual([
      [SupplementStatus.PAID, clock.now()],
      [SupplementStatus.PAID, clock.now()],
    ]);
    expect(await test.db.payOrder.findUniqueOrThrow({ where: { paymentId: group.paymentId } })).toMatchObject({ kind: PayOrderKind.SUPPLEMENT, status: PayOrderStatus.PAID });
    const wallet = await walletOf(member.memberId);
    expect([wallet.balance, wallet.ledgerSum]).toEqual([8000, 8000]);
  });

  it('pays a bag supplement group', async () => {
    const member = await createBoundMember(test.db, { balance: 10_000 });
    const order = await createPurchaseOrder(test.db, member, { paid: true });
    const bag = await createBag(test.db, member, order.items.map((item) => item.id));
    const { bill } = await test.core.supplements.raise(test.staff(), { memberId: member.memberId, bizType: 'bag', bizNo: bag.bagNo, amount: 3100, reason: 'freight difference' });
    const group = envelope<{ paymentId: string }>(await postJson(test.app, token, TRADE_NO, { externalUserId: member.externalUserId, orderExpensesNoList: [bill.orderExpensesNo] }));
    expect(envelope<PayData>(await pay({ externalUserId: member.externalUserId, paymentId: group.data.paymentId })).data.balance).toBe(6900);
  });

  it('refuses a group one of whose bills was cancelled meanwhile, and changes nothing', async () => {
    const member = await createBoundMember(test.db, { balance: 10_000 });
    const group = await supplementPayOrder(member, [1000, 500]);
    await test.db.supplementBill.update({ where: { orderExpensesNo: group.bills[0]?.orderExpensesNo }, data: { status: SupplementStatus.CANCELLED } });
    const body = envelope(await pay({ externalUserId: member.externalUserId, paymentId: group.paymentId }));
    expect(body.code).toBe(ErrorCatalogue.PAY_ORDER_NOT_PAYABLE.code);
    expect((await walletOf(member.memberId)).balance).toBe(10_000);
    expect(await test.db.payOrder.findUniqueOrThrow({ where: { paymentId: group.paymentId } })).toMatchObject({ status: PayOrderStatus.UNPAID });
    expect(await test.db.supplementBill.findUniqueOrThrow({ where: { orderExpensesNo: group.bills[1]?.orderExpensesNo } })).toMatchObject({ status: SupplementStatus.UNPAID });
  });
});

describe('wallet pay rejections', () => {
  async function expectNothingPaid(member: MemberFixture, paymentId: string, balance: number) {
    const wallet = await walletOf(member.memberId);
    expect([wallet.balance, wallet.ledgerSum]).toEqual([balance, balance]);
    expect(wallet.entries.some((entry) => entry.bizRef === `pay:${paymentId}`)).toBe(false);
  }

  it('refuses an unbound externalUserId', async () => {
    const body = envelope(await pay({ externalUserId: 'nobody-here', paymentId: 'PAY1' }));
    expect(body).toMatchObject({ code: ErrorCatalogue.MEMBER_NOT_BOUND.code, data: null });
  });

  it('answers not found for an unknown paymentId', async () => {
    const member = await createBoundMember(test.db, { balance: 1000 });
    expect(envelope(await pay({ externalUserId: member.externalUserId, paymentId: 'PAY-NO-SUCH' })).code).toBe(ErrorCatalogue.PAY_ORDER_NOT_FOUND.code);
  });

  it('refuses another member\'s pay order', async () => {
    const owner = await createBoundMember(test.db, { balance: 100_000 });
    const other = await createBoundMember(test.db, { balance: 100_000 });
    const order = await createPurchaseOrder(test.db, owner);
    const body = envelope(await pay({ externalUserId: other.externalUserId, paymentId: order.paymentId }));
    expect(body.code).toBe(ErrorCatalogue.PAY_ORDER_OTHER_USER.code);
    await expectNothingPaid(other, order.paymentId, 100_000);
    await expectNothingPaid(owner, order.paymentId, 100_000);
  });

  it('refuses another user of the same member than the one who created the purchase order', async () => {
    const member = await createBoundMember(test.db, { balance: 100_000 });
    const secondUser = `second-${member.externalUserId}`;
    await test.core.members.bind(test.staff(), { memberId: member.memberId, partnerClientId: SEED.partnerClientId, externalUserId: secondUser });
    const order = await createPurchaseOrder(test.db, member);
    expect(envelope(await pay({ externalUserId: secondUser, paymentId: order.paymentId })).code).toBe(ErrorCatalogue.PAY_ORDER_OTHER_USER.code);
    await expectNothingPaid(member, order.paymentId, 100_000);
  });

  it('refuses an already paid order', async () => {
    const member = await createBoundMember(test.db, { balance: 100_000 });
    const order = await createPurchaseOrder(test.db, member, { paid: true });
    const body = envelope(await pay({ externalUserId: member.externalUserId, paymentId: order.paymentId }));
    expect(body.code).toBe(ErrorCatalogue.PAY_ORDER_ALREADY_PAID.code);
    expect(body.msg).toContain(order.paymentId);
    await expectNothingPaid(member, order.paymentId, 100_000);
  });

  it('refuses a second pay of the same order', async () => {
    const member = await createBoundMember(test.db, { balance: 100_000 });
    const order = await createPurchaseOrder(test.db, member);
    expect(envelope(await pay({ externalUserId: member.externalUserId, paymentId: order.paymentId })).code).toBe(0);
    expect(envelope(await pay({ externalUserId: member.externalUserId, paymentId: order.paymentId })).code).toBe(ErrorCatalogue.PAY_ORDER_ALREADY_PAID.code);
    expect((await walletOf(member.memberId)).balance).toBe(95_000);
  });

  it('refuses a closed pay order', async () => {
    const member = await createBoundMember(test.db, { balance: 100_000 });
    const order = await createPurchaseOrder(test.db, member);
    await test.db.payOrder.update({ where: { paymentId: order.paymentId }, data: { status: PayOrderStatus.CLOSED } });
    expect(envelope(await pay({ externalUserId: member.externalUserId, paymentId: order.paymentId })).code).toBe(ErrorCatalogue.PAY_ORDER_CLOSED.code);
    await expectNothingPaid(member, order.paymentId, 100_000);
  });

  it('refuses a payAmount that is not the pay order amount', async () => {
    const member = await createBoundMember(test.db, { balance: 100_000 });
    const order = await createPurchaseOrder(test.db, member, { lines: [{ unitPrice: 5000 }] });
    const body = envelope(await pay({ externalUserId: member.externalUserId, paymentId: order.paymentId, payAmount: 4999 }));
    expect(body.code).toBe(ErrorCatalogue.PAY_AMOUNT_MISMATCH.code);
    expect(body.msg).toBe('payAmount 4999 does not match the pay order amount 5000');
    await expectNothingPaid(member, order.paymentId, 100_000);
  });

  it('refuses when the purchase order is no longer payable', async () => {
    const member = await createBoundMember(test.db, { balance: 100_000 });
    const order = await createPurchaseOrder(test.db, member);
    await test.db.purchaseOrder.update({ where: { id: order.orderId }, data: { status: PurchaseOrderStatus.CLOSED } });
    expect(envelope(await pay({ externalUserId: member.externalUserId, paymentId: order.paymentId })).code).toBe(ErrorCatalogue.PAY_ORDER_NOT_PAYABLE.code);
    await expectNothingPaid(member, order.paymentId, 100_000);
    expect(await test.db.payOrder.findUniqueOrThrow({ where: { paymentId: order.paymentId } })).toMatchObject({ status: PayOrderStatus.UNPAID });
  });

  it('refuses a short balance and leaves the pay order, the order and its items unpaid', async () => {
    const member = await createBoundMember(test.db, { balance: 4999 });
    const order = await createPurchaseOrder(test.db, member, { lines: [{ unitPrice: 5000 }] });
    const body = envelope(await pay({ externalUserId: member.externalUserId, paymentId: order.paymentId }));
    expect(body.code).toBe(ErrorCatalogue.WALLET_INSUFFICIENT_BALANCE.code);
    expect(body.msg).toBe('Insufficient balance: 4999 cents available, 5000 cents needed');
    await expectNothingPaid(member, order.paymentId, 4999);
    expect(await test.db.payOrder.findUniqueOrThrow({ where: { paymentId: order.paymentId } })).toMatchObject({ status: PayOrderStatus.UNPAID, paidAt: null });
    const purchase = await test.db.purchaseOrder.findUniqueOrThrow({ where: { id: order.orderId }, include: { items: true } });
    expect(purchase).toMatchObject({ status: PurchaseOrderStatus.UNPAID, paidAt: null });
    expect(purchase.items.every((item) => item.status === OrderItemStatus.UNPAID)).toBe(true);
  });

  it('needs the pay:wallet:write scope', async () => {
    const member = await createBoundMember(test.db, { balance: 100_000 });
    const order = await createPurchaseOrder(test.db, member);
    const readOnly = await partnerToken(test.app, 'pay:wallet:read');
    const response = await pay({ externalUserId: member.externalUserId, paymentId: order.paymentId }, readOnly);
    expect(response.statusCode).toBe(403);
    await expectNothingPaid(member, order.paymentId, 100_000);
  });
});

describe('partner isolation', () => {
  it('another partner can neither read the balance of nor pay for your users', async () => {
    const member = await createBoundMember(test.db, { balance: 100_000 });
    const order = await createPurchaseOrder(test.db, member);
    const partner = await createPartner(test.core);
    const otherToken = await tokenOf(test.app, partner);
    expect(envelope(await getQuery(test.app, otherToken, BALANCE, { externalUserId: member.externalUserId })).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
    expect(envelope(await pay({ externalUserId: member.externalUserId, paymentId: order.paymentId }, otherToken)).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
    // Even with its own binding of the same member, the other partner does not see your pay orders.
    await test.core.members.bind(test.staff(), { memberId: member.memberId, partnerClientId: partner.clientId, externalUserId: 'their-user' });
    expect(envelope(await getQuery(test.app, otherToken, BALANCE, { externalUserId: 'their-user' })).data).toEqual({ externalUserId: 'their-user', memberId: member.memberId, balance: 100_000 });
    expect(envelope(await pay({ externalUserId: 'their-user', paymentId: order.paymentId }, otherToken)).code).toBe(ErrorCatalogue.PAY_ORDER_NOT_FOUND.code);
    expect((await walletOf(member.memberId)).balance).toBe(100_000);
  });

  it('a pay order of another partner is not found for you', async () => {
    const partner = await createPartner(test.core);
    const member = await createBoundMember(test.db, { balance: 100_000 });
    await test.core.members.bind(test.staff(), { memberId: member.memberId, partnerClientId: partner.clientId, externalUserId: member.externalUserId });
    const theirs = await createPurchaseOrder(test.db, member, { partnerClientId: partner.clientId });
    expect(envelope(await pay({ externalUserId: member.externalUserId, paymentId: theirs.paymentId })).code).toBe(ErrorCatalogue.PAY_ORDER_NOT_FOUND.code);
    expect(envelope(await pay({ externalUserId: member.externalUserId, paymentId: theirs.paymentId }, await tokenOf(test.app, partner))).code).toBe(0);
  });
});

describe('concurrency', () => {
  it('concurrent pays of one pay order debit exactly once; the others are refused cleanly', async () => {
    await inRounds(async (round) => {
      const member = await createBoundMember(test.db, { balance: 100_000 });
      const order = await createPurchaseOrder(test.db, member, { lines: [{ unitPrice: 3000 }] });
      const responses = await Promise.all(Array.from({ length: 16 }, () => pay({ externalUserId: member.externalUserId, paymentId: order.paymentId })));
      expect(responses.map((response) => response.statusCode), `round ${round}`).toEqual(Array(16).fill(200));
      const codes = responses.map((response) => envelope(response).code);
      expect(codes.filter((code) => code === 0), `round ${round}`).toHaveLength(1);
      expect(codes.filter((code) => code === ErrorCatalogue.PAY_ORDER_ALREADY_PAID.code), `round ${round}`).toHaveLength(15);
      const wallet = await walletOf(member.memberId);
      expect(wallet.entries.filter((entry) => entry.bizRef === `pay:${order.paymentId}`), `round ${round}`).toHaveLength(1);
      expect([wallet.balance, wallet.ledgerSum], `round ${round}`).toEqual([97_000, 97_000]);
    });
  }, RACE_TEST_TIMEOUT_MS);

  it('concurrent pays of different orders beyond the balance never take it below zero', async () => {
    const members: number[] = [];
    await inRounds(async (round) => {
      const member = await createBoundMember(test.db, { balance: 10_000 });
      members.push(member.memberId);
      const orders = [];
      for (let index = 0; index < 8; index++) orders.push(await createPurchaseOrder(test.db, member, { lines: [{ unitPrice: 3000 }] }));
      const responses = await Promise.all(orders.map((order) => pay({ externalUserId: member.externalUserId, paymentId: order.paymentId })));
      const codes = responses.map((response) => envelope(response).code);
      expect(codes.filter((code) => code === 0), `round ${round}`).toHaveLength(3);
      expect(codes.filter((code) => code === ErrorCatalogue.WALLET_INSUFFICIENT_BALANCE.code), `round ${round}`).toHaveLength(5);
      const wallet = await walletOf(member.memberId);
      expect([wallet.balance, wallet.ledgerSum], `round ${round}`).toEqual([1000, 1000]);
      expect(await test.db.payOrder.count({ where: { paymentId: { in: orders.map((order) => order.paymentId) }, status: PayOrderStatus.PAID } })).toBe(3);
      expect(await test.db.purchaseOrder.count({ where: { id: { in: orders.map((order) => order.orderId) }, status: PurchaseOrderStatus.PAID } })).toBe(3);
    });
    expect((await test.core.wallets.reconcile(test.staff())).filter((row) => members.includes(row.memberId))).toEqual([]);
  }, RACE_TEST_TIMEOUT_MS);
});

describe('bad input', () => {
  let member: MemberFixture;
  let paymentId: string;

  beforeAll(async () => {
    member = await createBoundMember(test.db, { balance: 100_000 });
    paymentId = (await createPurchaseOrder(test.db, member)).paymentId;
  });

  const valid = () => ({ externalUserId: member.externalUserId, paymentId });

  it.each([
    ['no externalUserId', () => ({ paymentId }), 'externalUserId: required'],
    ['a numeric externalUserId', () => ({ ...valid(), externalUserId: 42 }), 'externalUserId'],
    ['an empty externalUserId', () => ({ ...valid(), externalUserId: '  ' }), 'externalUserId'],
    ['a 65-character externalUserId', () => ({ ...valid(), externalUserId: 'u'.repeat(65) }), 'externalUserId'],
    ['no paymentId', () => ({ externalUserId: member.externalUserId }), 'paymentId: required'],
    ['a 65-character paymentId', () => ({ ...valid(), paymentId: 'P'.repeat(65) }), 'paymentId'],
    ['an array paymentId', () => ({ ...valid(), paymentId: [paymentId] }), 'paymentId'],
    ['a string payAmount', () => ({ ...valid(), payAmount: '5000' }), 'payAmount'],
    ['a fractional payAmount', () => ({ ...valid(), payAmount: 50.5 }), 'payAmount'],
    ['a negative payAmount', () => ({ ...valid(), payAmount: -1 }), 'payAmount'],
    ['a payAmount beyond int32', () => ({ ...valid(), payAmount: 2 ** 31 }), 'payAmount'],
    ['an array body', () => [valid()], 'body'],
  ])('pay: %s -> 400 naming the field, nothing paid', async (_case, body, field) => {
    const response = await pay(body());
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({ code: 400, data: null });
    expect(envelope(response).msg).toContain(field);
    expect((await walletOf(member.memberId)).balance).toBe(100_000);
    expect(await test.db.payOrder.findUniqueOrThrow({ where: { paymentId } })).toMatchObject({ status: PayOrderStatus.UNPAID });
  });

  it('pay: malformed JSON -> 400', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: PAY,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: `{"externalUserId": "${member.externalUserId}", "paymentId": "${paymentId}"`,
    });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain('body: malformed JSON');
    expect((await walletOf(member.memberId)).balance).toBe(100_000);
  });

  it('pay: no body -> 400', async () => {
    const response = await test.app.inject({ method: 'POST', url: PAY, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).code).toBe(400);
  });

  it.each([
    ['no externalUserId', {}, 'externalUserId: required'],
    ['an empty externalUserId', { externalUserId: '' }, 'externalUserId'],
    ['a 65-character externalUserId', { externalUserId: 'u'.repeat(65) }, 'externalUserId'],
  ])('balance (GET): %s -> 400 naming the field', async (_case, query, field) => {
    const response = await getQuery(test.app, token, BALANCE, query);
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain(field);
  });

  it.each([
    ['a numeric externalUserId', { externalUserId: 7 }, 'externalUserId'],
    ['no externalUserId', {}, 'externalUserId: required'],
  ])('balance (POST): %s -> 400 naming the field', async (_case, body, field) => {
    const response = await postJson(test.app, token, BALANCE, body);
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain(field);
  });

  it('balance is also served as POST with a JSON body', async () => {
    const body = envelope(await postJson(test.app, token, BALANCE, { externalUserId: member.externalUserId }));
    expect(body).toMatchObject({ code: 0, data: { externalUserId: member.externalUserId, balance: 100_000 } });
  });

  it('balance of an unbound user is a business error', async () => {
    expect(envelope(await getQuery(test.app, token, BALANCE, { externalUserId: 'not-bound-user' })).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
  });
});
