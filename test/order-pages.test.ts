// Pages of a member's order items and bag orders through the partner API (interface.md 4.2).
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/core/clock';
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

/** A member of another partner only, with an order and a bag: never visible to the seeded partner. */
let stranger: MemberFixture;

beforeAll(async () => {
  token = await partnerToken(test.app);
  const partner = await createPartner(test.core);
  otherToken = await tokenOf(test.app, partner);
  stranger = await createBoundMember(test.db, { partnerClientId: partner.clientId });
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

  it('lists the member\'s items newest first, by memberId or unionId, as GET and as POST', async () => {
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

  it.each([
    ['a member of another partner', () => ({ memberId: stranger.memberId })],
    ['a unionId of another partner\'s member', () => ({ unionId: stranger.unionId })],
    ['memberId and unionId of different members', () => ({ memberId: member.memberId, unionId: stranger.unionId })],
    ['an unknown memberId', () => ({ memberId: 2_000_000_000 })],
    ['a memberId beyond any record', () => ({ memberId: 9_007_199_254_740_991 })],
    ['an unknown unionId', () => ({ unionId: 'union-nobody' })],
  ])('answers an empty page for %s', async (_case, filter) => {
    expect(await page(ITEMS, { pageNo: 1, pageSize: 10, ...filter() })).toEqual({ list: [], total: 0 });
  });

  it('lets the other partner see its own member only', async () => {
    expect((await page(ITEMS, { pageNo: 1, pageSize: 10, memberId: stranger.memberId }, otherToken)).total).toBe(1);
    expect((await page(ITEMS, { pageNo: 1, pageSize: 10, memberId: member.memberId }, otherToken)).total).toBe(0);
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

  it('lists the member\'s bags newest first with their items, by memberId or unionId', async () => {
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

  it('never shows another partner\'s member', async () => {
    expect(await page(BAGS, { pageNo: 1, pageSize: 10, memberId: stranger.memberId })).toEqual({ list: [], total: 0 });
    expect(await page(BAGS, { pageNo: 1, pageSize: 10, unionId: stranger.unionId })).toEqual({ list: [], total: 0 });
    expect((await page(BAGS, { pageNo: 1, pageSize: 10, memberId: member.memberId }, otherToken)).total).toBe(0);
    expect((await page(BAGS, { pageNo: 1, pageSize: 10, memberId: stranger.memberId }, otherToken)).total).toBe(1);
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
    ['neither memberId nor unionId', { pageNo: 1, pageSize: 10 }, 'memberId: memberId or unionId is required'],
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
