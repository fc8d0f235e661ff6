// Partner isolation as a matrix: a member bound to partners A and B shares its wallet, nothing else.
// EVERY partner operation of the OpenAPI document (so a new one must be placed here the day it is
// added) that takes an order, item, bag, supplement or payment identifier, or lists them, called by B
// with A's identifiers (and B's own binding of the shared member) answers exactly as with identifiers
// that name nothing (a B member without any rows stands in for the member), never carries one of A's
// identifiers, and changes nothing. Reads are also called by A, to show each identifier is live.
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderItemStatus, QcResult, QcStatus, SupplementBizType } from '../src/core/order/statuses';
import { envelope, getQuery, partnerToken, postJson, type QueryParams, tokenOf, useTestApp } from './support/app';
import { createBag, createBoundMember, createPurchaseOrder, type MemberFixture } from './support/commerce-fixtures';
import { createPartner } from './support/partner-clients';
import { createPaymentOrder, PAYMENT_TEST_ENV } from './support/payment-orders';

const test = useTestApp('partner_isolation_matrix', { env: PAYMENT_TEST_ENV });

/** Everything a partner operation can name: the member (as the caller binds it) and A's objects. */
interface Names {
  externalUserId: string;
  memberId: number;
  unionId: string;
  orderNo: string;
  outOrderNo: string;
  orderItemNo: string;
  paymentId: string;
  supplementPaymentId: string;
  purchaseBillNo: string;
  bagBillNo: string;
  bagNo: string;
  paymentOrderNo: string;
  paymentOrderOutOrderNo: string;
  paymentOrderId: string;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  params: (names: Names) => QueryParams | Record<string, unknown>;
  /** Writes are not called by A (the fixture would change). */
  writes?: boolean;
}

const PAGE = { pageNo: 1, pageSize: 100 };
const LOGISTICS = [{ logisticsProvider: 'Correios', logisticsProviderCode: 'BR', logisticsCode: 'LX123456789BR' }];

const MATRIX: Record<string, Call> = {
  'QC by order, parent number': { method: 'GET', path: '/open-api/order/qc/list', params: (n) => ({ orderNo: n.orderNo }) },
  'QC by order, item number': { method: 'GET', path: '/open-api/order/qc/list', params: (n) => ({ orderNo: n.orderItemNo }) },
  'purchase get by orderNo': { method: 'GET', path: '/open-api/order/purchase/get', params: (n) => ({ orderNo: n.orderNo }) },
  'purchase get by outOrderNo': { method: 'GET', path: '/open-api/order/purchase/get', params: (n) => ({ outOrderNo: n.outOrderNo }) },
  'supplement list': { method: 'GET', path: '/open-api/order/supplement/list', params: (n) => ({ externalUserId: n.externalUserId }) },
  'supplement pay order, purchase bill': {
    method: 'POST',
    path: '/open-api/order/supplement/trade-no',
    params: (n) => ({ externalUserId: n.externalUserId, orderExpensesNoList: [n.purchaseBillNo] }),
    writes: true,
  },
  'supplement pay order, bag bill': {
    method: 'POST',
    path: '/open-api/order/supplement/trade-no',
    params: (n) => ({ externalUserId: n.externalUserId, orderExpensesNoList: [n.bagBillNo] }),
    writes: true,
  },
  'item page by memberId': { method: 'GET', path: '/open-api/order/item/page', params: (n) => ({ ...PAGE, memberId: n.memberId }) },
  'item page by unionId': { method: 'GET', path: '/open-api/order/item/page', params: (n) => ({ ...PAGE, unionId: n.unionId }) },
  'item page by externalUserId': { method: 'GET', path: '/open-api/order/item/page', params: (n) => ({ ...PAGE, externalUserId: n.externalUserId }) },
  'item page by orderNo': { method: 'GET', path: '/open-api/order/item/page', params: (n) => ({ ...PAGE, memberId: n.memberId, orderNo: n.orderNo }) },
  'item page by orderItemNo': { method: 'GET', path: '/open-api/order/item/page', params: (n) => ({ ...PAGE, memberId: n.memberId, orderItemNo: n.orderItemNo }) },
  'bag page by memberId': { method: 'GET', path: '/open-api/order/bag/page', params: (n) => ({ ...PAGE, memberId: n.memberId }) },
  'bag page by externalUserId': { method: 'GET', path: '/open-api/order/bag/page', params: (n) => ({ ...PAGE, externalUserId: n.externalUserId }) },
  'bag page by bagNo': { method: 'GET', path: '/open-api/order/bag/page', params: (n) => ({ ...PAGE, unionId: n.unionId, bagOrderNo: n.bagNo }) },
  'invoice get': { method: 'POST', path: '/open-api/order/invoice/get', params: (n) => ({ orderNos: [n.orderNo, n.orderItemNo] }) },
  'invoice generate': { method: 'POST', path: '/open-api/order/invoice/generate', params: (n) => ({ orderNos: [n.orderNo, n.orderItemNo] }), writes: true },
  'wallet pay, purchase': { method: 'POST', path: '/open-api/pay/wallet/pay', params: (n) => ({ externalUserId: n.externalUserId, paymentId: n.paymentId }), writes: true },
  'wallet pay, supplement': {
    method: 'POST',
    path: '/open-api/pay/wallet/pay',
    params: (n) => ({ externalUserId: n.externalUserId, paymentId: n.supplementPaymentId }),
    writes: true,
  },
  'payment order get by orderNo': { method: 'GET', path: '/open-api/pay/order/get', params: (n) => ({ orderNo: n.paymentOrderNo }) },
  'payment order get by outOrderNo': { method: 'GET', path: '/open-api/pay/order/get', params: (n) => ({ outOrderNo: n.paymentOrderOutOrderNo }) },
  'payment order get by paymentOrderId': { method: 'GET', path: '/open-api/pay/order/get', params: (n) => ({ paymentOrderId: n.paymentOrderId }) },
  'payment order page': { method: 'GET', path: '/open-api/pay/order/page', params: () => PAGE },
  'payment order page by outOrderNo': { method: 'GET', path: '/open-api/pay/order/page', params: (n) => ({ ...PAGE, outOrderNo: n.paymentOrderOutOrderNo }) },
  'payment order page by orderNo': { method: 'GET', path: '/open-api/pay/order/page', params: (n) => ({ ...PAGE, orderNo: n.paymentOrderNo }) },
  'payment order page by paymentOrderId': { method: 'GET', path: '/open-api/pay/order/page', params: (n) => ({ ...PAGE, paymentOrderId: n.paymentOrderId }) },
  'logistics submit': { method: 'POST', path: '/open-api/pay/order/logistics/submit', params: (n) => ({ paymentOrderId: n.paymentOrderId, logisticsList: LOGISTICS }), writes: true },
};

/** Operations that name no order, item, bag, supplement or payment, and list none (why, each). */
const NAMES_NONE: Record<string, string> = {
  '/open-api/goods/search': 'goods',
  '/open-api/goods/image-search': 'goods',
  '/open-api/goods/parse-link': 'goods',
  '/open-api/goods/detail': 'goods',
  // Goods-level QC reads every record of the goods by design (domain.md) and answers no order number.
  '/open-api/goods/qc/page': 'goods-level QC',
  '/open-api/goods/qc/latest': 'goods-level QC',
  '/open-api/goods/qc/summary': 'goods-level QC',
  '/open-api/order/purchase/quote': 'creates nothing, names no order',
  // outOrderNo is unique per partner: the same one is B's own new order (order-purchase and
  // payment-order tests show it).
  '/open-api/order/purchase/create': 'outOrderNo of the caller only',
  '/open-api/pay/order/create': 'outOrderNo of the caller only',
  // The wallet is the member's, one for every partner it is bound to.
  '/open-api/pay/wallet/balance': 'the member wallet',
};

let tokenA: string;
let tokenB: string;
/** A's objects, with the shared member named by B's binding. */
let ofA: Names;
/** Nothing: unknown identifiers, and a member of B's without any rows. */
let nothing: Names;
let bindingOfA: string;

function call(token: string, { method, path, params }: Call, names: Names) {
  return method === 'GET' ? getQuery(test.app, token, path, params(names) as QueryParams) : postJson(test.app, token, path, params(names));
}

/** The answer with the identifiers it was asked with replaced, so answers to different ones compare (not the member's short numeric id). */
function normalized(answer: unknown, names: Names): string {
  let text = JSON.stringify(answer);
  const values = Object.values(names).filter((value) => typeof value === 'string').sort((a, b) => b.length - a.length);
  for (const value of values) text = text.split(value).join('<name>');
  return text;
}

/** Every row a partner operation could write (or a leak could change), as text. */
async function snapshot(): Promise<string> {
  const db = test.db;
  const tables = await Promise.all([
    db.purchaseOrder.findMany({ orderBy: { id: 'asc' } }),
    db.purchaseOrderItem.findMany({ orderBy: { id: 'asc' } }),
    db.payOrder.findMany({ orderBy: { id: 'asc' } }),
    db.wallet.findMany({ orderBy: { id: 'asc' } }),
    db.walletLedger.findMany({ orderBy: { id: 'asc' } }),
    db.supplementBill.findMany({ orderBy: { id: 'asc' } }),
    db.bagOrder.findMany({ orderBy: { id: 'asc' } }),
    db.invoice.findMany({ orderBy: { id: 'asc' } }),
    db.storedFile.count(),
    db.paymentOrder.findMany({ orderBy: { id: 'asc' } }),
    db.paymentOrderLogistics.findMany({ orderBy: { id: 'asc' } }),
    db.webhookEvent.count(),
    db.webhookPendingEvent.count(),
  ]);
  return JSON.stringify(tables);
}

beforeAll(async () => {
  const { db } = test;
  tokenA = await partnerToken(test.app);
  const partnerB = await createPartner(test.core);
  tokenB = await tokenOf(test.app, partnerB);

  // The shared member: bound to A (the seeded partner) and to B under another externalUserId.
  const shared: MemberFixture = await createBoundMember(db, { balance: 1_000_000 });
  bindingOfA = shared.externalUserId;
  const externalUserIdAtB = `${shared.externalUserId}-at-b`;
  await db.partnerBinding.create({ data: { tenantId: 1, partnerClientId: partnerB.clientId, externalUserId: externalUserIdAtB, memberId: shared.memberId } });

  // A's objects: an unpaid order, a stored order packed in a bag with a completed QC record, a bill on
  // each, a supplement pay order on a third bill, a payment order.
  const unpaid = await createPurchaseOrder(db, shared);
  const stored = await createPurchaseOrder(db, shared, { paid: true, itemStatus: OrderItemStatus.IN_STORAGE });
  const item = stored.items[0]!;
  const bag = await createBag(db, shared, [item.id]);
  await db.qcRecord.create({
    data: {
      tenantId: 1,
      orderItemId: item.id,
      orderNo: stored.orderNo,
      orderItemNo: item.orderItemNo,
      source: item.source,
      goodsId: item.goodsId,
      skuId: item.skuId,
      status: QcStatus.COMPLETED,
      result: QcResult.PASSED,
      completedAt: new Date(),
    },
  });
  const bill = async (bizType: string, bizNo: string, suffix: string) =>
    (await db.supplementBill.create({ data: { tenantId: 1, orderExpensesNo: `E-${suffix}-${shared.memberId}`, memberId: shared.memberId, bizType, bizNo, amount: 700, reason: 'freight' } }))
      .orderExpensesNo;
  const purchaseBillNo = await bill(SupplementBizType.PURCHASE, stored.orderNo, 'purchase');
  const bagBillNo = await bill(SupplementBizType.BAG, bag.bagNo, 'bag');
  const groupedBillNo = await bill(SupplementBizType.PURCHASE, unpaid.orderNo, 'grouped');
  const grouped = envelope<{ paymentId: string }>(
    await postJson(test.app, tokenA, '/open-api/order/supplement/trade-no', { externalUserId: bindingOfA, orderExpensesNoList: [groupedBillNo] }),
  );
  if (grouped.code !== 0) throw new Error(`A's supplement pay order failed: ${grouped.msg}`);
  const paymentOrder = await createPaymentOrder(test.app, tokenA);
  const { outOrderNo } = await db.purchaseOrder.findUniqueOrThrow({ where: { id: stored.orderId }, select: { outOrderNo: true } });

  ofA = {
    externalUserId: externalUserIdAtB,
    memberId: shared.memberId,
    unionId: shared.unionId,
    orderNo: stored.orderNo,
    outOrderNo,
    orderItemNo: item.orderItemNo,
    paymentId: unpaid.paymentId,
    supplementPaymentId: grouped.data.paymentId,
    purchaseBillNo,
    bagBillNo,
    bagNo: bag.bagNo,
    paymentOrderNo: paymentOrder.orderNo,
    paymentOrderOutOrderNo: paymentOrder.outOrderNo,
    paymentOrderId: paymentOrder.paymentOrderId,
  };
  const empty = await createBoundMember(db, { partnerClientId: partnerB.clientId });
  nothing = {
    externalUserId: empty.externalUserId,
    memberId: empty.memberId,
    unionId: empty.unionId,
    orderNo: 'O-nobody',
    outOrderNo: 'out-nobody',
    orderItemNo: 'PI-nobody',
    paymentId: 'PAY-nobody',
    supplementPaymentId: 'PAY-nobody-supplement',
    purchaseBillNo: 'E-nobody-purchase',
    bagBillNo: 'E-nobody-bag',
    bagNo: 'B-nobody',
    paymentOrderNo: 'P-nobody',
    paymentOrderOutOrderNo: 'pay-out-nobody',
    paymentOrderId: 'CH-nobody',
  };
});

describe('partner B on the objects partner A made for a member bound to both', () => {
  it('places every partner operation of the OpenAPI document: in the matrix, or naming none of them', async () => {
    const document = (await test.app.inject('/open-api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    // By path: the GET and POST forms of one operation answer alike.
    const paths = Object.keys(document.paths).filter((path) => !path.startsWith('/open-api/system/oauth2/'));
    const placed = new Set([...Object.values(MATRIX).map((entry) => entry.path), ...Object.keys(NAMES_NONE)]);
    expect(paths.filter((path) => !placed.has(path))).toEqual([]);
    expect(paths.length).toBeGreaterThanOrEqual(20);
  });

  it('A reads each of its identifiers (so the matrix asks about live objects)', async () => {
    const asA = { ...ofA, externalUserId: bindingOfA };
    for (const [name, entry] of Object.entries(MATRIX)) {
      if (entry.writes) continue;
      const answer = envelope(await call(tokenA, entry, asA));
      expect({ name, code: answer.code, msg: answer.msg }).toEqual({ name, code: 0, msg: expect.any(String) });
      const text = JSON.stringify(answer.data);
      const named = [ofA.orderNo, ofA.orderItemNo, ofA.bagNo, ofA.purchaseBillNo, ofA.paymentOrderNo].some((value) => text.includes(value));
      expect({ name, named }).toEqual({ name, named: true });
    }
  });

  it('B answers as for identifiers that name nothing, never with an identifier of A, and changes nothing', async () => {
    const before = await snapshot();
    const aside = Object.entries(ofA).filter(([key]) => !['externalUserId', 'memberId', 'unionId'].includes(key)).map(([, value]) => String(value));
    /** Every operation that answered otherwise, with both answers: all of them at once. */
    const differing: { name: string; onA: string; onNothing: string; leaked: string[] }[] = [];
    for (const [name, entry] of Object.entries(MATRIX)) {
      const onA = envelope(await call(tokenB, entry, ofA));
      const onNothing = envelope(await call(tokenB, entry, nothing));
      // The data only: a refusal's msg names what B itself sent.
      const text = JSON.stringify(onA.data);
      const leaked = aside.filter((value) => text.includes(value));
      const answers = { onA: normalized(onA, ofA), onNothing: normalized(onNothing, nothing) };
      if (answers.onA !== answers.onNothing || leaked.length > 0) differing.push({ name, ...answers, leaked });
    }
    expect(differing).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});
