// Pages of a member's order items and bag orders through the partner API (interface.md 4.2).
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/core/clock';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { BagStatus, OrderItemStatus } from '../src/core/order/statuses';
import { envelope, getQuery, partnerToken, postJson, type QueryParams, tokenOf, useTestApp } from './support/app';
import { createBag, createBoundMember, createPurchaseOrder, type MemberFixture, type OrderFixture } from './support/commerce-fixtures';
import { createPartner } from './support/partner-clients';

const ITEMS = '/open-api/order/item/page';
const BAGS = '/open-api/order/bag/page';

const T1 = new Date('2026-03-01T00:00:00.000Z');
const T2 = new Date('2026-03-02T00:00:00.000Z');
const T3 = new Date('2026-03-03T00:00:00.000Z');

const test = useTestApp('order_pages', { clock: new ManualClock(T3.getTime()) });
let token: string;
let otherToken: string;
let otherPartnerId: string;

/** A member of another partner only, with an order and a bag: never visible to the seeded partner. */
let stranger: MemberFixture;
/** Another member of the seeded partner, for identifiers that name two different members. */
let neighbour: MemberFixture;

beforeAll(async () => {
  token = await partnerToken(test.app);
  const partner = await createPartner(test.core);
  otherToken = await tokenOf(test.app, partner);
  otherPartnerId = partner.clientId;
  stranger = await createBoundMember(test.db, { partnerClientId: partner.clientId });
  neighbour = await createBoundMember(test.db);
  const theirOrder = await createPurchaseOrder(test.db, stranger, { partnerClientId: partner.clientId, paid: true });
  await createBag(test.db, stranger, theirOrder.items.map((item) => item.id));
});

interface Page<T> {
  list: T[];
  total: number;
}

async function page<T>(url: string, query: QueryParams, as = token): Promise<Page<T>> {
  const body = envelope<Page<T>>(await getQuery(test.app, as, url, query));
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/** A refusal of the page: HTTP 200, the business code, no data; the msg names what it refused. */
async function expectRefused(url: string, query: QueryParams, code: number, msg: string, as = token) {
  const response = await getQuery(test.app, as, url, query);
  expect(response.statusCode).toBe(200);
  expect(envelope(response)).toMatchObject({ code, data: null });
  expect(envelope(response).msg).toContain(msg);
}

/** Every way a partner names a member whose identifiers do not resolve to one member bound to it (and what msg names). */
function refusals(member: () => MemberFixture): [string, () => [QueryParams, string], number][] {
  const NOT_BOUND = ErrorCatalogue.MEMBER_NOT_BOUND.code;
  const NOT_OURS = ErrorCatalogue.MEMBER_NOT_BOUND_TO_PARTNER.code;
  const DIFFER = ErrorCatalogue.MEMBER_IDENTIFIERS_DIFFER.code;
  return [
    ['a memberId of another partner\'s member', () => [{ memberId: stranger.memberId }, `memberId ${stranger.memberId}`], NOT_OURS],
    ['a unionId of another partner\'s member', () => [{ unionId: stranger.unionId }, `unionId ${stranger.unionId}`], NOT_OURS],
    ['an externalUserId of another partner', () => [{ externalUserId: stranger.externalUserId }, stranger.externalUserId], NOT_BOUND],
    ['an unknown memberId', () => [{ memberId: 2_000_000_000 }, 'memberId 2000000000'], NOT_OURS],
    ['a memberId beyond any record', () => [{ memberId: 9_007_199_254_740_991 }, 'memberId'], NOT_OURS],
    ['an unknown unionId', () => [{ unionId: 'union-nobody' }, 'unionId union-nobody'], NOT_OURS],
    ['an unbound externalUserId', () => [{ externalUserId: 'nobody' }, 'nobody'], NOT_BOUND],
    ['memberId of ours, unionId of another partner\'s member', () => [{ memberId: member().memberId, unionId: stranger.unionId }, 'unionId'], NOT_OURS],
    ['memberId and unionId of two of our members', () => [{ memberId: member().memberId, unionId: neighbour.unionId }, 'memberId, unionId'], DIFFER],
    ['memberId and externalUserId of two of our members', () => [{ memberId: neighbour.memberId, externalUserId: member().externalUserId }, 'memberId, externalUserId'], DIFFER],
    ['unionId and externalUserId of two of our members', () => [{ unionId: member().unionId, externalUserId: neighbour.externalUserId }, 'unionId, externalUserId'], DIFFER],
  ];
}

interface ItemRow {
  orderItemNo: string;
  orderNo: string;
  status: number;
  bagNo: string | null;
  createTime: string;
}

describe('order item page', () => {
  let member: MemberFixture;
  let unpaid: OrderFixture;
  let stored: OrderFixture;
  /** Item numbers newest first: unpaid[1] at T3, stored[0] at T2, unpaid[0] at T1. */
  let newestFirst: string[];

  beforeAll(async () => {
    member = await createBoundMember(test.db);
    unpaid = await createPurchaseOrder(test.db, member, { lines: [{ unitPrice: 1000, qty: 2 }, { unitPrice: 3000 }] });
    stored = await createPurchaseOrder(test.db, member, { paid: true, itemStatus: OrderItemStatus.IN_STORAGE, lines: [{ unitPrice: 2000 }] });
    const [first, second] = unpaid.items;
    const [only] = stored.items;
    await test.db.purchaseOrderItem.update({ where: { id: first?.id }, data: { createdAt: T1 } });
    await test.db.purchaseOrderItem.update({ where: { id: only?.id }, data: { createdAt: T2 } });
    await test.db.purchaseOrderItem.update({ where: { id: second?.id }, data: { createdAt: T3 } });
    newestFirst = [second, only, first].map((item) => item?.orderItemNo as string);
  });

  it('lists the member\'s items newest first, by memberId, unionId or externalUserId, as GET and as POST', async () => {
    const byMemberId = await page<ItemRow>(ITEMS, { pageNo: 1, pageSize: 10, memberId: member.memberId });
    expect(byMemberId.total).toBe(3);
    expect(byMemberId.list.map((row) => row.orderItemNo)).toEqual(newestFirst);
    expect(byMemberId.list[1]).toEqual({
      orderItemNo: stored.items[0]?.orderItemNo,
      orderNo: stored.orderNo,
      source: 1,
      goodsId: '70000',
      skuId: '700001',
      title: 'Goods 70000',
      skuProps: {},
      image: null,
      qty: 1,
      unitPrice: 2000,
      amount: 2000,
      remarks: null,
      status: OrderItemStatus.IN_STORAGE,
      bagNo: null,
      createTime: T2.toISOString(),
    });
    expect(await page(ITEMS, { pageNo: 1, pageSize: 10, unionId: member.unionId })).toEqual(byMemberId);
    expect(await page(ITEMS, { pageNo: 1, pageSize: 10, memberId: member.memberId, unionId: member.unionId })).toEqual(byMemberId);
    expect(await page(ITEMS, { pageNo: 1, pageSize: 10, externalUserId: member.externalUserId })).toEqual(byMemberId);
    const all = { memberId: member.memberId, unionId: member.unionId, externalUserId: member.externalUserId };
    expect(await page(ITEMS, { pageNo: 1, pageSize: 10, ...all })).toEqual(byMemberId);
    expect(envelope(await postJson(test.app, token, ITEMS, { pageNo: 1, pageSize: 10, externalUserId: member.externalUserId })).data).toEqual(byMemberId);
    const posted = envelope(await postJson(test.app, token, ITEMS, { pageNo: 1, pageSize: 10, memberId: member.memberId }));
    expect(posted.data).toEqual(byMemberId);
  });

  it.each([
    ['status', () => ({ status: OrderItemStatus.UNPAID }), () => [newestFirst[0], newestFirst[2]]],
    ['status with no item', () => ({ status: OrderItemStatus.SHIPPED }), () => []],
    ['orderNo', () => ({ orderNo: stored.orderNo }), () => [newestFirst[1]]],
    ['orderItemNo', () => ({ orderItemNo: newestFirst[2] }), () => [newestFirst[2]]],
    ['createTime [T2, T3)', () => ({ createTime: [T2.toISOString(), T3.toISOString()] }), () => [newestFirst[1]]],
    ['createTime with offsets', () => ({ createTime: ['2026-03-01T08:00:00+08:00', '2026-03-02T08:00:00+08:00'] }), () => [newestFirst[2]]],
  ])('filters by %s', async (_case, filter, expected) => {
    const result = await page<ItemRow>(ITEMS, { pageNo: 1, pageSize: 10, memberId: member.memberId, ...filter() });
    expect(result.list.map((row) => row.orderItemNo)).toEqual(expected());
    expect(result.total).toBe(expected().length);
  });

  it('pages', async () => {
    const second = await page<ItemRow>(ITEMS, { pageNo: 2, pageSize: 2, memberId: member.memberId });
    expect(second).toMatchObject({ total: 3, list: [{ orderItemNo: newestFirst[2] }] });
    expect((await page<ItemRow>(ITEMS, { pageNo: 3, pageSize: 2, memberId: member.memberId })).list).toEqual([]);
    expect((await page<ItemRow>(ITEMS, { pageNo: 1, pageSize: 100, memberId: member.memberId })).list).toHaveLength(3);
  });

  it('shows the bag an item is packed in', async () => {
    const packedMember = await createBoundMember(test.db);
    const order = await createPurchaseOrder(test.db, packedMember, { paid: true });
    const bag = await createBag(test.db, packedMember, order.items.map((item) => item.id));
    const result = await page<ItemRow>(ITEMS, { pageNo: 1, pageSize: 10, unionId: packedMember.unionId });
    expect(result.list).toMatchObject([{ bagNo: bag.bagNo, status: OrderItemStatus.PACKED }]);
  });

  it.each(refusals(() => member))('refuses %s with a business code, never an empty page', async (_case, refusal, code) => {
    const [filter, msg] = refusal();
    await expectRefused(ITEMS, { pageNo: 1, pageSize: 10, ...filter }, code, msg);
  });

  it('lets the other partner see its own member only', async () => {
    expect((await page(ITEMS, { pageNo: 1, pageSize: 10, memberId: stranger.memberId }, otherToken)).total).toBe(1);
    expect((await page(ITEMS, { pageNo: 1, pageSize: 10, externalUserId: stranger.externalUserId }, otherToken)).total).toBe(1);
    await expectRefused(ITEMS, { pageNo: 1, pageSize: 10, memberId: member.memberId }, ErrorCatalogue.MEMBER_NOT_BOUND_TO_PARTNER.code, 'memberId', otherToken);
    await expectRefused(ITEMS, { pageNo: 1, pageSize: 10, externalUserId: member.externalUserId }, ErrorCatalogue.MEMBER_NOT_BOUND.code, member.externalUserId, otherToken);
  });

  it('answers an empty page for a bound member without orders (that is no refusal)', async () => {
    expect(await page(ITEMS, { pageNo: 1, pageSize: 10, externalUserId: neighbour.externalUserId })).toEqual({ list: [], total: 0 });
  });

  it('names the member in the answers a partner already has: query purchase order and wallet balance', async () => {
    const order = envelope<{ memberId: number }>(await getQuery(test.app, token, '/open-api/order/purchase/get', { orderNo: stored.orderNo }));
    expect(order).toMatchObject({ code: 0, data: { externalUserId: member.externalUserId, memberId: member.memberId } });
    const balance = envelope(await getQuery(test.app, token, '/open-api/pay/wallet/balance', { externalUserId: member.externalUserId }));
    expect(balance).toMatchObject({ code: 0, data: { externalUserId: member.externalUserId, memberId: member.memberId } });
    expect((await page(ITEMS, { pageNo: 1, pageSize: 10, memberId: order.data.memberId })).total).toBe(3);
  });
});

interface BagRow {
  bagNo: string;
  status: number;
  itemCount: number;
  orderItemNos: string[];
  createTime: string;
}

describe('bag page', () => {
  let member: MemberFixture;
  let waiting: { bagNo: string };
  let shipped: { bagNo: string };
  let shippedItems: string[];

  beforeAll(async () => {
    member = await createBoundMember(test.db);
    const first = await createPurchaseOrder(test.db, member, { paid: true, lines: [{}] });
    const second = await createPurchaseOrder(test.db, member, { paid: true, lines: [{}, {}] });
    waiting = await createBag(test.db, member, first.items.map((item) => item.id));
    shipped = await createBag(test.db, member, second.items.map((item) => item.id), { status: BagStatus.SHIPPED });
    shippedItems = second.items.map((item) => item.orderItemNo);
    await test.db.bagOrder.update({ where: { bagNo: waiting.bagNo }, data: { createdAt: T1 } });
    await test.db.bagOrder.update({ where: { bagNo: shipped.bagNo }, data: { createdAt: T2, trackingNo: 'LX123456789CN', shippedAt: T3 } });
  });

  it('lists the member\'s bags newest first with their items, by memberId, unionId or externalUserId', async () => {
    const result = await page<BagRow>(BAGS, { pageNo: 1, pageSize: 10, memberId: member.memberId });
    expect(result.total).toBe(2);
    expect(result.list.map((bag) => bag.bagNo)).toEqual([shipped.bagNo, waiting.bagNo]);
    expect(result.list[0]).toEqual({
      bagNo: shipped.bagNo,
      status: BagStatus.SHIPPED,
      weightGrams: 1200,
      shippingLine: 'Air Standard',
      freightAmount: 12_000,
      trackingNo: 'LX123456789CN',
      itemCount: 2,
      orderItemNos: shippedItems,
      createTime: T2.toISOString(),
      shippedAt: T3.toISOString(),
      deliveredAt: null,
    });
    expect(await page(BAGS, { pageNo: 1, pageSize: 10, unionId: member.unionId })).toEqual(result);
    expect(await page(BAGS, { pageNo: 1, pageSize: 10, externalUserId: member.externalUserId })).toEqual(result);
    expect(await page(BAGS, { pageNo: 1, pageSize: 10, memberId: member.memberId, externalUserId: member.externalUserId })).toEqual(result);
    expect(envelope(await postJson(test.app, token, BAGS, { pageNo: 1, pageSize: 10, unionId: member.unionId })).data).toEqual(result);
  });

  it.each([
    ['status', () => ({ status: BagStatus.CREATED }), () => [waiting.bagNo]],
    ['bagOrderNo', () => ({ bagOrderNo: shipped.bagNo }), () => [shipped.bagNo]],
    ['createTime', () => ({ createTime: [T1.toISOString(), T2.toISOString()] }), () => [waiting.bagNo]],
    ['status with no bag', () => ({ status: BagStatus.DELIVERED }), () => []],
  ])('filters by %s', async (_case, filter, expected) => {
    const result = await page<BagRow>(BAGS, { pageNo: 1, pageSize: 10, memberId: member.memberId, ...filter() });
    expect(result.list.map((bag) => bag.bagNo)).toEqual(expected());
    expect(result.total).toBe(expected().length);
  });

  it('pages', async () => {
    expect(await page<BagRow>(BAGS, { pageNo: 2, pageSize: 1, memberId: member.memberId })).toMatchObject({ total: 2, list: [{ bagNo: waiting.bagNo }] });
  });

  it.each(refusals(() => member))('refuses %s with a business code, never an empty page', async (_case, refusal, code) => {
    const [filter, msg] = refusal();
    await expectRefused(BAGS, { pageNo: 1, pageSize: 10, ...filter }, code, msg);
  });

  it('shows a bag with items of both partners\' orders (member bound to both) to each, with its own items only', async () => {
    const shared = await createBoundMember(test.db);
    const externalUserIdAtOther = `${shared.externalUserId}-other`;
    await test.db.partnerBinding.create({ data: { tenantId: 1, partnerClientId: otherPartnerId, externalUserId: externalUserIdAtOther, memberId: shared.memberId } });
    const ours = await createPurchaseOrder(test.db, shared, { paid: true });
    const theirs = await createPurchaseOrder(test.db, shared, { paid: true, partnerClientId: otherPartnerId, lines: [{}, {}] });
    const mixed = await createBag(test.db, shared, [...ours.items, ...theirs.items].map((item) => item.id));
    const seen = async (as: string, externalUserId: string) =>
      (await page<BagRow>(BAGS, { pageNo: 1, pageSize: 10, externalUserId }, as)).list.map((bag) => [bag.bagNo, bag.itemCount, bag.orderItemNos]);
    expect(await seen(token, shared.externalUserId)).toEqual([[mixed.bagNo, 1, ours.items.map((item) => item.orderItemNo)]]);
    expect(await seen(otherToken, externalUserIdAtOther)).toEqual([[mixed.bagNo, 2, theirs.items.map((item) => item.orderItemNo)]]);
    const items = async (as: string, externalUserId: string) => (await page<ItemRow>(ITEMS, { pageNo: 1, pageSize: 10, externalUserId }, as)).list.map((item) => item.orderNo);
    expect(await items(token, shared.externalUserId)).toEqual([ours.orderNo]);
    expect(await items(otherToken, externalUserIdAtOther)).toEqual([theirs.orderNo, theirs.orderNo]);
  });

  it('lets the other partner see its own member only', async () => {
    expect((await page(BAGS, { pageNo: 1, pageSize: 10, externalUserId: stranger.externalUserId }, otherToken)).total).toBe(1);
    expect((await page(BAGS, { pageNo: 1, pageSize: 10, memberId: stranger.memberId }, otherToken)).total).toBe(1);
    await expectRefused(BAGS, { pageNo: 1, pageSize: 10, unionId: member.unionId }, ErrorCatalogue.MEMBER_NOT_BOUND_TO_PARTNER.code, 'unionId', otherToken);
  });
});

describe('bad input', () => {
  const base = { pageNo: 1, pageSize: 10, memberId: 1 };
  const without = (key: string): QueryParams => Object.fromEntries(Object.entries(base).filter(([name]) => name !== key));
  const commonRows: [string, QueryParams, string][] = [
    ['no pageNo', without('pageNo'), 'pageNo: required'],
    ['pageNo 0', { ...base, pageNo: 0 }, 'pageNo'],
    ['pageNo as text', { ...base, pageNo: 'one' }, 'pageNo'],
    ['no pageSize', without('pageSize'), 'pageSize: required'],
    ['pageSize 0', { ...base, pageSize: 0 }, 'pageSize'],
    ['pageSize 101', { ...base, pageSize: 101 }, 'pageSize'],
    ['pageSize 1000', { ...base, pageSize: 1000 }, 'pageSize'],
    ['no member identifier', { pageNo: 1, pageSize: 10 }, 'memberId: memberId, unionId or externalUserId is required'],
    ['an empty externalUserId', { ...base, externalUserId: '' }, 'externalUserId'],
    ['an externalUserId of 65 characters', { ...base, externalUserId: 'x'.repeat(65) }, 'externalUserId'],
    ['memberId 0', { ...base, memberId: 0 }, 'memberId'],
    ['memberId as text', { ...base, memberId: 'me' }, 'memberId'],
    ['a unionId of 65 characters', { ...base, unionId: 'u'.repeat(65) }, 'unionId'],
    ['status as text', { ...base, status: 'paid' }, 'status'],
    ['status beyond int32', { ...base, status: 2 ** 31 }, 'status'],
    ['one createTime', { ...base, createTime: T1.toISOString() }, 'createTime'],
    ['three createTimes', { ...base, createTime: [T1.toISOString(), T2.toISOString(), T3.toISOString()] }, 'createTime'],
    ['createTime end before start', { ...base, createTime: [T2.toISOString(), T1.toISOString()] }, 'createTime'],
    ['createTime without offset', { ...base, createTime: ['2026-03-01T00:00:00', '2026-03-02T00:00:00'] }, 'createTime'],
  ];

  it.each([
    ...commonRows.map(([name, query, field]): [string, string, QueryParams, string] => [`items: ${name}`, ITEMS, query, field]),
    ['items: an orderNo of 65 characters', ITEMS, { ...base, orderNo: 'O'.repeat(65) }, 'orderNo'],
    ['items: an orderItemNo of 65 characters', ITEMS, { ...base, orderItemNo: 'P'.repeat(65) }, 'orderItemNo'],
    ...commonRows.map(([name, query, field]): [string, string, QueryParams, string] => [`bags: ${name}`, BAGS, query, field]),
    ['bags: a bagOrderNo of 65 characters', BAGS, { ...base, bagOrderNo: 'B'.repeat(65) }, 'bagOrderNo'],
  ])('answers 400 naming the field for %s', async (_case, url, query, field) => {
    const response = await getQuery(test.app, token, url, query);
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({ code: 400, data: null });
    expect(envelope(response).msg).toContain(field);
  });

  it('answers 400 for the POST form too', async () => {
    const response = await postJson(test.app, token, ITEMS, { pageNo: 1, pageSize: 101, unionId: 'u' });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain('pageSize');
  });

  it('needs the scope of each page', async () => {
    const purchaseOnly = await partnerToken(test.app, 'order:purchase:read');
    expect((await getQuery(test.app, purchaseOnly, ITEMS, base)).statusCode).toBe(403);
    expect((await getQuery(test.app, purchaseOnly, BAGS, base)).statusCode).toBe(403);
  });
});
