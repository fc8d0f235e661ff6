// The demo catalog (prisma/demo/catalog.ts): idempotent, covering every source, and usable
// through the goods operations.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GOODS, seedDemoCatalog } from '../prisma/demo/catalog';
import { ManualClock } from '../src/core/clock';
import { envelope, getQuery, partnerToken, useTestApp } from './support/app';

const test = useTestApp('goods_demo', { prepare: seedDemoCatalog, clock: new ManualClock(Date.UTC(2026, 10, 21)) });
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
