// The demo catalog (prisma/demo/catalog.ts): idempotent, covering every source, and usable
// through the goods operations.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GOODS, seedDemoCatalog } from '../prisma/demo/catalog';
import { ManualClock } from '../src/core/clock';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { PurchaseOrderStatus } from '../src/core/order/statuses';
import { envelope, getQuery, partnerToken, postJson, useTestApp } from './support/app';
import { createBoundMember } from './support/commerce-fixtures';

const test = useTestApp('goods_demo', { prepare: ({ db }) => seedDemoCatalog(db), clock: new ManualClock(Date.UTC(2026, 10, 21)) });
let token: string;

beforeAll(async () => {
  token = await partnerToken(test.app);
});

async function counts() {
  return { goods: await test.db.goods.count(), skus: await test.db.goodsSku.count(), images: await test.db.goodsImage.count() };
}

describe('demo catalog', () => {
  it('holds at least 20 goods, at least 3 of every source, each with 2..4 SKUs priced in cents', async () => {
    const goods = await test.db.goods.findMany({ include: { skus: true } });
    expect(goods.length).toBeGreaterThanOrEqual(20);
    for (const source of [1, 2, 3, 5]) expect(goods.filter((entry) => entry.source === source).length).toBeGreaterThanOrEqual(3);
    for (const entry of goods) {
      expect(entry.skus.length).toBeGreaterThanOrEqual(2);
      expect(entry.skus.length).toBeLessThanOrEqual(4);
      expect(entry.price).toBe(Math.min(...entry.skus.map((sku) => sku.price)));
      expect(entry.skus.every((sku) => Number.isInteger(sku.price) && sku.price > 0 && sku.stock >= 0)).toBe(true);
    }
    expect(await test.db.goodsImage.count({ where: { perceptualHash: { not: null } } })).toBeGreaterThan(0);
  });

  it('is idempotent', async () => {
    const before = await counts();
    await seedDemoCatalog(test.db);
    expect(await counts()).toEqual(before);
    expect(before.goods).toBe(DEMO_GOODS.length);
  });

  it('serves search, image search and detail', async () => {
    const search = envelope<{ list: { goodsId: string }[]; total: number }>(
      await getQuery(test.app, token, '/open-api/goods/search', { keyword: 'hoodie', page: 1, source: 1 }),
    );
    expect(search.data.total).toBeGreaterThan(0);

    // A Weidian product photo with resize parameters: the shop that registered it, then the shop
    // that re-uploaded the same photo (same perceptual hash).
    const image = envelope<{ list: { goodsId: string }[] }>(
      await getQuery(test.app, token, '/open-api/goods/image-search', {
        imagesUrl: 'https://si.geilicdn.com/wdseller1234-retrohigh-001.jpg?w=300&h=300',
        page: 1,
        source: 3,
      }),
    );
    expect(image.data.list.map((goods) => goods.goodsId)).toEqual(['7212345678', '7234262753']);

    const detail = envelope<{ skus: unknown[]; price: number }>(await getQuery(test.app, token, '/open-api/goods/detail', { goodsId: '675330231400', source: 1 }));
    expect(detail).toMatchObject({ code: 0, data: { price: 74900 } });
    expect(detail.data.skus).toHaveLength(3);
  });
});

describe('a source-5 (JD) demo good', () => {
  it('is found by search, then quoted, ordered and paid like goods of any other source', async () => {
    const member = await createBoundMember(test.db, { balance: 1_000_000 });
    const search = envelope<{ list: { goodsId: string; source: number; price: number }[] }>(
      await getQuery(test.app, token, '/open-api/goods/search', { keyword: 'anker', page: 1, source: 5 }),
    );
    const found = search.data.list[0];
    expect(found).toMatchObject({ goodsId: '100038004389', source: 5, price: 14900 });
    // JD has no goods-detail operation: a JD goods id is itself the id of one of its SKUs.
    const items = [{ platformChannel: 5, goodsId: found?.goodsId, skuId: found?.goodsId, qty: 2 }];

    const quote = envelope<{ goodsAmount: number; payAmount: number; items: { source: number }[] }>(
      await postJson(test.app, token, '/open-api/order/purchase/quote', { externalUserId: member.externalUserId, items }),
    );
    expect(quote).toMatchObject({ code: 0, data: { goodsAmount: 29_800, items: [{ source: 5 }] } });

    const created = envelope<{ orderNo: string; paymentId: string; payAmount: number }>(
      await postJson(test.app, token, '/open-api/order/purchase/create', { outOrderNo: 'jd-anker-1', externalUserId: member.externalUserId, items }),
    );
    expect(created).toMatchObject({ code: 0, data: { payAmount: quote.data.payAmount } });

    const paid = envelope(
      await postJson(test.app, token, '/open-api/pay/wallet/pay', { externalUserId: member.externalUserId, paymentId: created.data.paymentId, payAmount: created.data.payAmount }),
    );
    expect(paid).toMatchObject({ code: 0, data: { balance: 1_000_000 - created.data.payAmount } });
    const order = envelope(await getQuery(test.app, token, '/open-api/order/purchase/get', { orderNo: created.data.orderNo }));
    expect(order).toMatchObject({ code: 0, data: { status: PurchaseOrderStatus.PAID, paid: true, items: [{ source: 5, goodsId: '100038004389', qty: 2 }] } });
  });

  it('names a JD goods or SKU that does not exist with the business code, as for any source', async () => {
    const member = await createBoundMember(test.db);
    const quote = (skuId: string, goodsId = '100038004389') =>
      postJson(test.app, token, '/open-api/order/purchase/quote', { externalUserId: member.externalUserId, items: [{ platformChannel: 5, goodsId, skuId, qty: 1 }] });
    expect(envelope(await quote('100038004389', '999')).code).toBe(ErrorCatalogue.GOODS_NOT_FOUND.code);
    expect(envelope(await quote('999')).code).toBe(ErrorCatalogue.GOODS_SKU_NOT_FOUND.code);
  });

  it('still has no partner goods-detail operation (the contract offers detail for 1, 2, 3)', async () => {
    const response = await getQuery(test.app, token, '/open-api/goods/detail', { goodsId: '100038004389', source: 5 });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain('source');
  });
});
