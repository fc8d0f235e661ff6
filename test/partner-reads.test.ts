// The hot partner reads (src/core/db/hot-reads.ts: prepared statements on the driver) answer exactly
// what the Prisma reference (PrismaPartnerReads) answers for the same rows, on this run's provider:
// nulls, the largest amounts, unicode, millisecond dates and their range bounds, ties in the sort,
// paging past the end, and every key of another partner, tenant or member; the staff's member view
// likewise (booleans, addresses default first, bindings of the tenant only). And they read committed
// state only: a write in an open transaction is not seen until it commits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotPartnerReads } from '../src/core/db/hot-reads';
import { type PartnerReads, PrismaPartnerReads } from '../src/core/db/partner-reads';
import { MAX_INT32 } from '../src/core/int-bounds';
import { OrderItemStatus, QcResult, QcStatus } from '../src/core/order/statuses';
import { createBag, createBoundMember, createPurchaseOrder, type MemberFixture, type OrderFixture } from './support/commerce-fixtures';
import { createTestDatabase, SEED, type TestDatabase } from './support/database';

const TENANT = 1;
const OTHER_TENANT = 2;
const PARTNER: string = SEED.partnerClientId;
const OTHER_PARTNER = 'other-partner';
const UNICODE = '红色 🔴 Ünïcödé «ação» 日本語';
const GOODS_ID = '650000000001';

let testDb: TestDatabase;
let hot: PartnerReads;
let reference: PartnerReads;
let member: MemberFixture;
let emptyWallet: MemberFixture;
let disabled: MemberFixture;
let otherPartners: MemberFixture;
let otherTenants: MemberFixture;
let walletless: { externalUserId: string; memberId: number };
let orders: OrderFixture[];

/** Both implementations' answers to the same read, asserted equal; the answer for further checks. */
async function same<T>(read: (reads: PartnerReads) => Promise<T>): Promise<T> {
  const [raw, prisma] = await Promise.all([read(hot), read(reference)]);
  expect(raw).toStrictEqual(prisma);
  return raw;
}

beforeAll(async () => {
  testDb = await createTestDatabase('partner_reads');
  const { db } = testDb.database;
  hot = testDb.database.reads;
  reference = new PrismaPartnerReads(db);

  member = await createBoundMember(db, { externalUserId: `用户-😀-${Date.now()}`, balance: MAX_INT32 });
  emptyWallet = await createBoundMember(db);
  disabled = await createBoundMember(db, { balance: 500 });
  await db.member.update({ where: { id: disabled.memberId }, data: { status: 1 } });
  otherPartners = await createBoundMember(db, { partnerClientId: OTHER_PARTNER, balance: 700 });
  otherTenants = await createBoundMember(db, { tenantId: OTHER_TENANT, balance: 900 });
  const bare = await db.member.create({
    data: { tenantId: TENANT, unionId: `union-walletless-${Date.now()}`, nickname: 'walletless', bindings: { create: { tenantId: TENANT, partnerClientId: PARTNER, externalUserId: `walletless-${Date.now()}` } } },
    include: { bindings: true },
  });
  walletless = { memberId: bare.id, externalUserId: bare.bindings[0]?.externalUserId as string };

  // Three orders of the member (the largest amount, three lines, paid with a bag), one of another
  // partner, one of another tenant.
  orders = [
    await createPurchaseOrder(db, member, { lines: [{ goodsId: GOODS_ID, skuId: 'sku-a', unitPrice: MAX_INT32 }] }),
    await createPurchaseOrder(db, member, { lines: [{ goodsId: GOODS_ID, skuId: 'sku-b', qty: 3 }, {}, { unitPrice: 1 }] }),
    await createPurchaseOrder(db, member, { paid: true, lines: [{ goodsId: GOODS_ID, skuId: 'sku-a' }, {}] }),
    await createPurchaseOrder(db, member, { partnerClientId: OTHER_PARTNER }),
    await createPurchaseOrder(db, otherTenants, { tenantId: OTHER_TENANT }),
  ];
  const [largest, first, second] = orders as [OrderFixture, OrderFixture, OrderFixture];
  await db.purchaseOrder.update({ where: { id: second.orderId }, data: { orderComment: UNICODE, paidAt: new Date(Date.UTC(2026, 10, 25, 8, 30, 15, 999)), freightAmount: MAX_INT32, serviceFee: 0 } });
  const items = [...largest.items, ...first.items, ...second.items];
  const base = Date.UTC(2026, 0, 1, 0, 0, 0, 1);
  for (const [index, item] of items.entries()) {
    await db.purchaseOrderItem.update({
      where: { id: item.id },
      data: {
        // Two pairs share a creation time: the id decides their order.
        createdAt: new Date(base + Math.floor(index / 2) * 86_400_000),
        title: index % 2 ? UNICODE : `Goods ${index}`,
        skuProps: index % 2 ? { 颜色: '红 🔴', size: 'XL', empty: '' } : {},
        image: index % 3 === 0 ? null : `https://img.example.com/${index}.jpg`,
        remarks: index % 2 ? null : UNICODE,
      },
    });
  }
  await createBag(db, member, [second.items[0]?.id as number]);

  // Twelve completed records of the goods (more than one answer holds), photos out of order, ties in
  // the completion time; one in progress, one of another tenant.
  const completedAt = (index: number) => new Date(Date.UTC(2026, 5, 1, 12, 0, 0, 0) + Math.floor(index / 3) * 1_000 + (index % 3 === 2 ? 1 : 0));
  const orderItem = first.items[0];
  if (!orderItem) throw new Error('the fixture order has no item');
  for (let index = 0; index < 12; index += 1) {
    await db.qcRecord.create({
      data: {
        tenantId: TENANT,
        orderItemId: orderItem.id,
        orderNo: first.orderNo,
        orderItemNo: orderItem.orderItemNo,
        source: 1,
        goodsId: GOODS_ID,
        skuId: index % 2 ? 'sku-a' : 'sku-b',
        status: QcStatus.COMPLETED,
        result: index % 4 === 3 ? QcResult.FAILED : QcResult.PASSED,
        remarks: index % 3 ? UNICODE : null,
        completedAt: completedAt(index),
        photos: { create: Array.from({ length: index % 4 }, (_, photo) => ({ url: `https://img.example.com/qc/${index}/${photo}/照片.jpg`, sort: (3 - photo) % 2 })) },
      },
    });
  }
  for (const [tenantId, status] of [[TENANT, QcStatus.IN_PROGRESS], [OTHER_TENANT, QcStatus.COMPLETED]] as const) {
    await db.qcRecord.create({
      data: { tenantId, orderItemId: orderItem.id, orderNo: first.orderNo, orderItemNo: orderItem.orderItemNo, source: 1, goodsId: GOODS_ID, skuId: 'sku-a', status, result: QcResult.PASSED, completedAt: new Date() },
    });
  }
});

afterAll(async () => {
  await testDb?.drop();
});

describe('hot partner reads answer as Prisma does', () => {
  it('runs the prepared statements (not the reference) on this provider', () => {
    expect(hot).toBeInstanceOf(HotPartnerReads);
  });

  it('wallet balance: the largest amount, zero, and nothing for any binding that is not the caller’s active member', async () => {
    const key = (externalUserId: string, partnerClientId = PARTNER, tenantId = TENANT) => ({ externalUserId, partnerClientId, tenantId });
    expect(await same((reads) => reads.walletBalance(key(member.externalUserId)))).toStrictEqual({ memberId: member.memberId, balance: MAX_INT32 });
    expect(await same((reads) => reads.walletBalance(key(emptyWallet.externalUserId)))).toStrictEqual({ memberId: emptyWallet.memberId, balance: 0 });
    for (const other of [
      key(disabled.externalUserId),
      key(otherPartners.externalUserId),
      key(otherPartners.externalUserId, PARTNER),
      key(otherTenants.externalUserId),
      key(member.externalUserId, OTHER_PARTNER),
      key(member.externalUserId, PARTNER, OTHER_TENANT),
      key(walletless.externalUserId),
      key('nobody'),
    ]) {
      expect(await same((reads) => reads.walletBalance(other))).toBeNull();
    }
  });

  it('purchase get: by either number, nulls and unicode, items by id; nothing for another partner or tenant', async () => {
    const { db } = testDb.database;
    const scope = { tenantId: TENANT, partnerClientId: PARTNER };
    for (const order of orders) {
      const { outOrderNo } = await db.purchaseOrder.findUniqueOrThrow({ where: { id: order.orderId }, select: { outOrderNo: true } });
      for (const number of [{ orderNo: order.orderNo }, { outOrderNo }]) {
        for (const caller of [scope, { ...scope, partnerClientId: OTHER_PARTNER }, { ...scope, tenantId: OTHER_TENANT }]) await same((reads) => reads.purchaseOrder(caller, number));
      }
    }
    const [largest, first, second] = orders as [OrderFixture, OrderFixture, OrderFixture];
    const unpaid = await same((reads) => reads.purchaseOrder(scope, { orderNo: largest.orderNo }));
    expect([unpaid?.payAmount, unpaid?.items.map((item) => item.amount), unpaid?.paidAt, unpaid?.orderComment]).toStrictEqual([MAX_INT32, [MAX_INT32], null, null]);
    expect((await same((reads) => reads.purchaseOrder(scope, { orderNo: first.orderNo })))?.items.map((item) => item.amount)).toStrictEqual([15_000, 5_000, 1]);
    const paid = await same((reads) => reads.purchaseOrder(scope, { orderNo: second.orderNo }));
    expect([paid?.paidAt?.toISOString(), paid?.orderComment, paid?.freightAmount]).toStrictEqual(['2026-11-25T08:30:15.999Z', UNICODE, MAX_INT32]);
    expect(await same((reads) => reads.purchaseOrder(scope, { orderNo: 'O-unknown' }))).toBeNull();
  });

  it('QC latest: completed records of the tenant, newest first with ties by id, photos in order, by SKU or not', async () => {
    for (const key of [{}, { skuId: 'sku-a' }, { skuId: 'sku-b' }, { skuId: 'none' }]) {
      for (const take of [10, 3, 100]) await same((reads) => reads.qcLatest({ tenantId: TENANT, goodsId: GOODS_ID, source: 1, take, ...key }));
    }
    const latest = await same((reads) => reads.qcLatest({ tenantId: TENANT, goodsId: GOODS_ID, source: 1, take: 10 }));
    expect(latest).toHaveLength(10);
    expect(latest.some((record) => record.remarks === null) && latest.some((record) => record.photos.length === 0)).toBe(true);
    expect(await same((reads) => reads.qcLatest({ tenantId: OTHER_TENANT, goodsId: GOODS_ID, source: 1, take: 10 }))).toHaveLength(1);
    expect(await same((reads) => reads.qcLatest({ tenantId: TENANT, goodsId: GOODS_ID, source: 2, take: 10 }))).toStrictEqual([]);
  });

  it('order-item page: every filter, range bounds to the millisecond, ties, pages past the end, only the caller’s orders', async () => {
    const [, first, second, otherPartnersOrder] = orders as [OrderFixture, OrderFixture, OrderFixture, OrderFixture];
    const day = (days: number, ms = 1) => new Date(Date.UTC(2026, 0, 1 + days, 0, 0, 0, ms));
    const filters = [
      {},
      { status: OrderItemStatus.UNPAID },
      { status: OrderItemStatus.PACKED },
      { createdAt: { gte: day(0), lt: day(1) } },
      { createdAt: { gte: day(1), lt: day(1, 2) } },
      { createdAt: { gte: day(0, 2), lt: day(3) } },
      { orderNo: second.orderNo },
      { orderNo: otherPartnersOrder.orderNo },
      { orderNo: 'O-unknown' },
      { orderItemNo: first.items[1]?.orderItemNo },
      { orderItemNo: first.items[1]?.orderItemNo, orderNo: second.orderNo },
      { status: OrderItemStatus.PAID, orderNo: second.orderNo, createdAt: { gte: day(0), lt: day(9) } },
    ];
    const caller = { tenantId: TENANT, partnerClientId: PARTNER, memberId: member.memberId };
    for (const filter of filters) {
      for (const window of [{ skip: 0, take: 10 }, { skip: 1, take: 2 }, { skip: 100, take: 10 }]) {
        for (const partnerClientId of [PARTNER, OTHER_PARTNER]) await same((reads) => reads.orderItemPage({ ...caller, partnerClientId, ...filter }, window));
      }
    }
    const page = await same((reads) => reads.orderItemPage(caller, { skip: 0, take: 100 }));
    // The member's items of the caller's three orders, never those of the other partner's order.
    expect(page.total).toBe(6);
    expect(page.rows.filter((row) => row.bag !== null)).toHaveLength(1);
    expect(page.rows.some((row) => row.image === null && row.remarks === UNICODE)).toBe(true);
    const otherPartnersPage = await same((reads) => reads.orderItemPage({ ...caller, partnerClientId: OTHER_PARTNER }, { skip: 0, take: 100 }));
    expect(otherPartnersPage.rows.map((row) => row.order.orderNo)).toStrictEqual([otherPartnersOrder.orderNo]);
    expect(await same((reads) => reads.orderItemPage({ ...caller, tenantId: OTHER_TENANT }, { skip: 0, take: 10 }))).toStrictEqual({ total: 0, rows: [] });
  });

  it('bound members by platform id and unionId: only the caller’s active members of the tenant', async () => {
    const key = (fields: { memberId?: number; unionId?: string }, partnerClientId = PARTNER, tenantId = TENANT) => ({ tenantId, partnerClientId, ...fields });
    const sorted = (rows: { id: number; unionId: string }[]) => [...rows].sort((a, b) => a.id - b.id);
    const keys = [
      key({ memberId: member.memberId }),
      key({ unionId: member.unionId }),
      key({ memberId: member.memberId, unionId: member.unionId }),
      key({ memberId: member.memberId, unionId: emptyWallet.unionId }),
      key({ memberId: disabled.memberId }),
      key({ memberId: otherPartners.memberId, unionId: otherPartners.unionId }),
      key({ memberId: otherPartners.memberId }, OTHER_PARTNER),
      key({ memberId: otherTenants.memberId }),
      key({ memberId: member.memberId }, PARTNER, OTHER_TENANT),
      key({ memberId: MAX_INT32, unionId: 'union-unknown' }),
    ];
    for (const fields of keys) await same(async (reads) => sorted(await reads.boundMembers(fields)));
    expect(sorted(await hot.boundMembers(keys[3] as (typeof keys)[number])).map((row) => row.id)).toStrictEqual([member.memberId, emptyWallet.memberId].sort((a, b) => a - b));
  });
});

describe('the member view (tRPC member.get) answers as Prisma does', () => {
  it('the member, its balance, bindings of the tenant by id and addresses default first; nothing for another tenant', async () => {
    const { db } = testDb.database;
    const detailed = await createBoundMember(db, { balance: MAX_INT32, repaymentAuthorized: true });
    await db.member.update({ where: { id: detailed.memberId }, data: { email: 'ünïcödé@example.com', mobile: UNICODE, createdAt: new Date(Date.UTC(2026, 10, 25, 8, 30, 15, 999)) } });
    // The fixture's default address first, then two more: a later default wins the sort, nulls and unicode.
    await db.memberAddress.update({ where: { id: detailed.addressId }, data: { isDefault: false } });
    await db.memberAddress.createMany({
      data: [
        { memberId: detailed.memberId, receiverName: UNICODE, phone: '1', country: 'CN', city: UNICODE, addressLine: UNICODE, province: null, postCode: null, isDefault: true },
        { memberId: detailed.memberId, receiverName: 'B', phone: '2', country: 'PT', province: 'Lisboa', city: 'Lisboa', addressLine: 'Rua 1', postCode: '1000-001' },
      ],
    });
    await db.partnerBinding.createMany({
      data: [
        { tenantId: TENANT, partnerClientId: OTHER_PARTNER, externalUserId: `${UNICODE}-${detailed.memberId}`, memberId: detailed.memberId },
        // A binding written with another tenant (before clients had one): not the caller's.
        { tenantId: OTHER_TENANT, partnerClientId: PARTNER, externalUserId: `stray-${detailed.memberId}`, memberId: detailed.memberId },
      ],
    });
    const view = await same((reads) => reads.memberDetail({ tenantId: TENANT, memberId: detailed.memberId }));
    expect([view?.repaymentAuthorized, view?.wallet, view?.createdAt.toISOString()]).toStrictEqual([true, { balance: MAX_INT32 }, '2026-11-25T08:30:15.999Z']);
    expect(view?.addresses.map((address) => [address.isDefault, address.receiverName])).toStrictEqual([[true, UNICODE], [false, 'Ana Souza'], [false, 'B']]);
    expect(view?.bindings.map((binding) => binding.tenantId)).toStrictEqual([TENANT, TENANT]);

    for (const memberId of [member.memberId, emptyWallet.memberId, disabled.memberId, otherPartners.memberId, walletless.memberId]) {
      expect(await same((reads) => reads.memberDetail({ tenantId: TENANT, memberId }))).not.toBeNull();
      expect(await same((reads) => reads.memberDetail({ tenantId: OTHER_TENANT, memberId }))).toBeNull();
    }
    expect((await same((reads) => reads.memberDetail({ tenantId: TENANT, memberId: walletless.memberId })))?.wallet).toBeNull();
    expect((await same((reads) => reads.memberDetail({ tenantId: OTHER_TENANT, memberId: otherTenants.memberId })))?.id).toBe(otherTenants.memberId);
    expect(await same((reads) => reads.memberDetail({ tenantId: TENANT, memberId: otherTenants.memberId }))).toBeNull();
    expect(await same((reads) => reads.memberDetail({ tenantId: TENANT, memberId: MAX_INT32 }))).toBeNull();
  });
});

describe('hot partner reads see committed state only', () => {
  it('a balance changed in an open transaction reads as before until the commit', async () => {
    const { db } = testDb.database;
    const key = { partnerClientId: PARTNER, tenantId: TENANT, externalUserId: emptyWallet.externalUserId };
    await db.$transaction(async (tx) => {
      await tx.wallet.update({ where: { memberId: emptyWallet.memberId }, data: { balance: 4_321 } });
      expect(await hot.walletBalance(key)).toStrictEqual({ memberId: emptyWallet.memberId, balance: 0 });
    });
    expect(await hot.walletBalance(key)).toStrictEqual({ memberId: emptyWallet.memberId, balance: 4_321 });
  });
});
