// The volume generator (npm run bench:data) at a tiny scale: exactly the planned rows, consistent
// enough that the service runs on them (partner reads, the console's user page, wallet reconciliation).
import { beforeAll, describe, expect, it } from 'vitest';
import { generateVolume, memberBalance, type VolumeResult } from '../bench/data';
import { createClient } from '../src/trpc/client';
import { envelope, getQuery, partnerToken, useTestApp } from './support/app';
import { graphql, seededAdminToken } from './support/admin';
import { SEED } from './support/database';

const test = useTestApp('bench_data');
let volume: VolumeResult;
let token: string;

beforeAll(async () => {
  volume = await generateVolume(test.database.target, { scale: 0.001, partnerClientId: SEED.partnerClientId });
  token = await partnerToken(test.app);
}, 60_000);

describe('bench:data at scale 0.001', () => {
  it('writes the planned rows of every table', async () => {
    const { db } = test;
    expect(volume.rows).toEqual({
      Member: 100, Wallet: 100, MemberAddress: 100, PartnerBinding: 100, WalletLedger: 200, Goods: 50, GoodsSku: 500, PurchaseOrder: 300,
      BagOrder: 50, PurchaseOrderItem: 1000, PayOrder: 310, SupplementBill: 20, QcRecord: 120, QcPhoto: 240, Dept: 1, Role: 1, Post: 1,
      AdminUser: 10, UserRole: 10, UserPost: 10, OperationLog: 200,
    });
    const counts = await Promise.all([db.member.count(), db.purchaseOrder.count(), db.purchaseOrderItem.count(), db.goodsSku.count(), db.bagOrder.count(), db.qcPhoto.count()]);
    expect(counts).toEqual([100, 300, 1000, 500, 50, 240]);
    // Every status of items and orders is present.
    expect((await db.purchaseOrderItem.groupBy({ by: ['status'], _count: true, orderBy: { status: 'asc' } })).map((group) => group.status)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect((await db.purchaseOrder.groupBy({ by: ['status'], _count: true, orderBy: { status: 'asc' } })).map((group) => [group.status, group._count])).toEqual([[0, 30], [10, 240], [20, 30]]);
  });

  it('serves partner reads on the generated members, orders and catalog', async () => {
    const balance = envelope<{ balance: number }>(await getQuery(test.app, token, '/open-api/pay/wallet/balance', { externalUserId: `${volume.externalUserIdPrefix}7` }));
    expect([balance.code, balance.data.balance]).toEqual([0, memberBalance(7)]);
    // Member 0 has orders 0, 1 and 2: 4 + 3 + 3 items.
    const member = await test.db.partnerBinding.findUniqueOrThrow({ where: { partnerClientId_externalUserId: { partnerClientId: SEED.partnerClientId, externalUserId: `${volume.externalUserIdPrefix}0` } } });
    const items = envelope<{ total: number; list: unknown[] }>(await getQuery(test.app, token, '/open-api/order/item/page', { pageNo: 1, pageSize: 5, memberId: member.memberId }));
    expect([items.code, items.data.total, items.data.list.length]).toEqual([0, 10, 5]);
    const detail = envelope<{ goodsId: string; skus: unknown[] }>(await getQuery(test.app, token, '/open-api/goods/detail', { goodsId: `${volume.goodsIdPrefix}3`, source: 1 }));
    expect([detail.code, detail.data.goodsId, detail.data.skus.length]).toEqual([0, `${volume.goodsIdPrefix}3`, 10]);
  });

  it('keeps every wallet equal to its ledger and pages the administrators with their organisation', async () => {
    const adminToken = await seededAdminToken(test.core);
    const staff = createClient(await test.app.listen({ host: '127.0.0.1', port: 0 }), adminToken);
    expect((await staff.reconciliation.wallets.query()).differences).toEqual([]);
    const page = await graphql<{ userPage: { total: number; list: { dept: { id: number } | null; roles: unknown[]; posts: unknown[] }[] } }>(
      test.app,
      'query($input: UserPageReqVO!) { userPage(input: $input) { total list { dept { id } roles { id } posts { id } } } }',
      { token: adminToken, variables: { input: { pageNo: 1, pageSize: 100 } } },
    );
    expect(page.errors).toBeUndefined();
    // The 10 generated administrators and the seeded one.
    expect(page.data?.userPage.total).toBe(11);
    expect(page.data?.userPage.list.filter((user) => user.dept !== null && user.roles.length === 1 && user.posts.length === 1)).toHaveLength(10);
  });
});
