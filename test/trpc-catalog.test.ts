// The goods catalog over /trpc through the typed client: bulk import (idempotent by source and
// goodsId, SKUs upserted and removed), price updates, image registration; the partner then finds
// the goods over /open-api. Plus permission, tenant and validation denials.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { createClient } from '../src/trpc/client';
import { envelope, getQuery, partnerToken, useTestApp } from './support/app';
import { seededAdminToken } from './support/admin';
import { uniqueWord } from './support/goods';
import { clientWith, failure, type OpsClient, otherTenantClient } from './support/ops-client';

const test = useTestApp('trpc_catalog');
let url: string;
let staff: OpsClient;
let partner: string;

beforeAll(async () => {
  url = await test.app.listen({ host: '127.0.0.1', port: 0 });
  staff = createClient(url, await seededAdminToken(test.core));
  partner = await partnerToken(test.app);
});

let goodsSequence = 0;
const newGoodsId = () => `88${Date.now() % 1_000_000}${(goodsSequence += 1)}`;

interface SkuInput {
  skuId: string;
  price: number;
  stock: number;
  props: Record<string, string>;
}

function goodsInput(goodsId: string, word: string, skus: SkuInput[] = [{ skuId: `${goodsId}-s`, price: 2990, stock: 5, props: { Size: 'S' } }]) {
  return { source: 1, goodsId, title: `${word} cotton shirt`, images: [`https://img.example.com/${goodsId}.jpg`], shopName: 'Shirt shop', skus };
}

interface Detail {
  goodsId: string;
  price: number;
  skus: { skuId: string; price: number; stock: number; props: Record<string, string> }[];
}

describe('import', () => {
  it('creates goods with SKUs that the partner finds, then updates them in place on a re-import', async () => {
    const word = uniqueWord('cat');
    const first = newGoodsId();
    const second = newGoodsId();
    const created = await staff.catalog.import.mutate({
      goods: [
        goodsInput(first, word, [
          { skuId: 'red-m', price: 3990, stock: 10, props: { Color: 'Red', Size: 'M' } },
          { skuId: 'red-l', price: 4290, stock: 3, props: { Color: 'Red', Size: 'L' } },
        ]),
        goodsInput(second, word),
      ],
    });
    expect(created).toMatchObject({ created: 2, updated: 0 });

    const search = envelope<{ list: { goodsId: string; price: number }[]; total: number }>(
      await getQuery(test.app, partner, '/open-api/goods/search', { keyword: word, page: 1, source: 1, sort: 'price-asc' }),
    );
    expect(search.data.list.map((goods) => [goods.goodsId, goods.price])).toEqual([
      [second, 2990],
      [first, 3990],
    ]);
    const detail = envelope<Detail>(await getQuery(test.app, partner, '/open-api/goods/detail', { goodsId: first, source: 1 }));
    expect(detail.data.skus.map((sku) => [sku.skuId, sku.price, sku.stock])).toEqual([
      ['red-m', 3990, 10],
      ['red-l', 4290, 3],
    ]);

    // Re-import: red-m changes, red-l is gone, blue-m is new; the record is the same.
    const before = await test.db.goods.findUniqueOrThrow({ where: { source_goodsId: { source: 1, goodsId: first } } });
    const again = await staff.catalog.import.mutate({
      goods: [
        goodsInput(first, word, [
          { skuId: 'red-m', price: 3590, stock: 8, props: { Color: 'Red', Size: 'M' } },
          { skuId: 'blue-m', price: 3790, stock: 2, props: { Color: 'Blue', Size: 'M' } },
        ]),
      ],
    });
    expect(again).toMatchObject({ created: 0, updated: 1, goods: [{ goodsId: first, result: 'updated', skus: 2, skusDeleted: 1 }] });
    const after = await test.db.goods.findUniqueOrThrow({ where: { source_goodsId: { source: 1, goodsId: first } }, include: { skus: { orderBy: { skuId: 'asc' } } } });
    expect(after.id).toBe(before.id);
    expect(after.price).toBe(3590);
    expect(after.skus.map((sku) => [sku.skuId, sku.price, sku.stock])).toEqual([
      ['blue-m', 3790, 2],
      ['red-m', 3590, 8],
    ]);
  });

  it('makes one record of concurrent first imports of the same goods', async () => {
    const goodsId = newGoodsId();
    const input = { goods: [goodsInput(goodsId, uniqueWord())] };
    const outcomes = await Promise.all([staff.catalog.import.mutate(input), staff.catalog.import.mutate(input), staff.catalog.import.mutate(input)]);
    expect(outcomes.map((outcome) => outcome.created).sort()).toEqual([0, 0, 1]);
    expect(await test.db.goods.count({ where: { goodsId } })).toBe(1);
    expect(await test.db.goodsSku.count({ where: { goods: { goodsId } } })).toBe(1);
  });

  it('imports a batch of 200 goods', async () => {
    const word = uniqueWord('bulk');
    const goods = Array.from({ length: 200 }, () => goodsInput(newGoodsId(), word));
    expect(await staff.catalog.import.mutate({ goods })).toMatchObject({ created: 200, updated: 0 });
    expect(await test.db.goods.count({ where: { title: { startsWith: word } } })).toBe(200);
  });

  it.each([
    ['no goods', { goods: [] }, 'goods'],
    ['a goods without SKUs', { goods: [{ ...goodsInput('1', 'x'), skus: [] }] }, 'goods[0].skus'],
    ['an unknown source', { goods: [{ ...goodsInput('1', 'x'), source: 4 }] }, 'goods[0].source'],
    ['a negative price', { goods: [goodsInput('1', 'x', [{ skuId: 'a', price: -1, stock: 1, props: {} }])] }, 'goods[0].skus[0].price'],
    ['a duplicate skuId', { goods: [goodsInput('1', 'x', [{ skuId: 'a', price: 1, stock: 1, props: {} }, { skuId: 'a', price: 2, stock: 1, props: {} }])] }, 'goods[0].skus[1].skuId'],
    ['the same goods twice', { goods: [goodsInput('1', 'x'), goodsInput('1', 'x')] }, 'goods[1].goodsId'],
    ['a non-http image', { goods: [{ ...goodsInput('1', 'x'), images: ['ftp://img.example.com/a.jpg'] }] }, 'goods[0].images[0]'],
    ['201 goods', { goods: Array.from({ length: 201 }, (_, index) => goodsInput(String(index + 1), 'x')) }, 'goods'],
  ])('refuses %s, naming the field, and writes nothing', async (_case, input, field) => {
    const count = await test.db.goods.count();
    const result = await failure(staff.catalog.import.mutate(input as never));
    expect(result.code).toBe('BAD_REQUEST');
    expect(result.message).toContain(field);
    expect(await test.db.goods.count()).toBe(count);
  });
});

describe('prices', () => {
  it('updates SKU prices and keeps the goods price at the lowest SKU', async () => {
    const goodsId = newGoodsId();
    await staff.catalog.import.mutate({
      goods: [goodsInput(goodsId, uniqueWord(), [
        { skuId: 'a', price: 1000, stock: 1, props: {} },
        { skuId: 'b', price: 2000, stock: 1, props: {} },
      ])],
    });
    expect(await staff.catalog.updatePrices.mutate({ prices: [{ source: 1, goodsId, skuId: 'a', price: 2500 }] })).toEqual({ updated: 1 });
    const detail = envelope<Detail>(await getQuery(test.app, partner, '/open-api/goods/detail', { goodsId, source: 1 }));
    expect(detail.data.skus.map((sku) => sku.price)).toEqual([2500, 2000]);
    expect((await test.db.goods.findUniqueOrThrow({ where: { source_goodsId: { source: 1, goodsId } } })).price).toBe(2000);

    // All or nothing: an unknown SKU refuses the whole call.
    const unknown = await failure(
      staff.catalog.updatePrices.mutate({
        prices: [
          { source: 1, goodsId, skuId: 'b', price: 100 },
          { source: 1, goodsId, skuId: 'nope', price: 100 },
        ],
      }),
    );
    expect(unknown.serviceCode).toBe(ErrorCatalogue.GOODS_SKU_NOT_FOUND.code);
    expect((await test.db.goods.findUniqueOrThrow({ where: { source_goodsId: { source: 1, goodsId } } })).price).toBe(2000);
    expect((await failure(staff.catalog.updatePrices.mutate({ prices: [{ source: 1, goodsId: 'missing', skuId: 'a', price: 1 }] }))).serviceCode).toBe(
      ErrorCatalogue.GOODS_NOT_FOUND.code,
    );
    const invalid = await failure(staff.catalog.updatePrices.mutate({ prices: [{ source: 1, goodsId, skuId: 'a', price: 1.5 }] }));
    expect(invalid).toMatchObject({ code: 'BAD_REQUEST' });
    expect(invalid.message).toContain('prices[0].price');
  });
});

describe('images', () => {
  it('registers normalized image URLs with hashes that the partner image search finds', async () => {
    const goodsId = newGoodsId();
    await staff.catalog.import.mutate({ goods: [goodsInput(goodsId, uniqueWord())] });
    const image = `https://CDN.example.com/i/${goodsId}.jpg?w=400#main`;
    expect(await staff.catalog.registerImages.mutate({ images: [{ source: 1, goodsId, imageUrl: image, perceptualHash: 'ABCDEF0123456789' }] })).toEqual({
      registered: 1,
      updated: 0,
    });
    // Registering the same image again changes the hash, adds no row.
    expect(await staff.catalog.registerImages.mutate({ images: [{ source: 1, goodsId, imageUrl: `http://cdn.example.com/i/${goodsId}.jpg`, perceptualHash: 'fedcba9876543210' }] })).toEqual({
      registered: 0,
      updated: 1,
    });
    const rows = await test.db.goodsImage.findMany({ where: { goods: { goodsId } } });
    expect(rows.map((row) => [row.imageUrl, row.perceptualHash])).toEqual([[`https://cdn.example.com/i/${goodsId}.jpg`, 'fedcba9876543210']]);

    const found = envelope<{ list: { goodsId: string }[] }>(
      await getQuery(test.app, partner, '/open-api/goods/image-search', { imagesUrl: `https://cdn.example.com/i/${goodsId}.jpg?x=1`, page: 1, source: 1 }),
    );
    expect(found.data.list.map((goods) => goods.goodsId)).toEqual([goodsId]);

    expect((await failure(staff.catalog.registerImages.mutate({ images: [{ source: 1, goodsId: 'missing', imageUrl: image }] }))).serviceCode).toBe(ErrorCatalogue.GOODS_NOT_FOUND.code);
    const badHash = await failure(staff.catalog.registerImages.mutate({ images: [{ source: 1, goodsId, imageUrl: image, perceptualHash: 'xyz' }] }));
    expect(badHash.code).toBe('BAD_REQUEST');
    expect(badHash.message).toContain('images[0].perceptualHash');
    const badUrl = await failure(staff.catalog.registerImages.mutate({ images: [{ source: 1, goodsId, imageUrl: 'not a url' }] }));
    expect(badUrl.message).toContain('images[0].imageUrl');
  });
});

describe('denials', () => {
  it('refuses each procedure without its permission', async () => {
    const reader = await clientWith(test, url, ['ops:goods:query']);
    const goodsId = newGoodsId();
    const denied = await failure(reader.catalog.import.mutate({ goods: [goodsInput(goodsId, 'x')] }));
    expect(denied).toMatchObject({ code: 'FORBIDDEN', message: 'Permission ops:goods:import is required' });
    expect((await failure(reader.catalog.updatePrices.mutate({ prices: [{ source: 1, goodsId, skuId: 'a', price: 1 }] }))).message).toBe('Permission ops:goods:update is required');
    expect((await failure(reader.catalog.registerImages.mutate({ images: [{ source: 1, goodsId, imageUrl: 'https://a.example.com/a.jpg' }] }))).message).toBe(
      'Permission ops:goods:update is required',
    );
    const importer = await clientWith(test, url, ['ops:goods:import']);
    expect((await importer.catalog.import.mutate({ goods: [goodsInput(goodsId, 'x')] })).created).toBe(1);
    expect((await failure(createClient(url).catalog.import.mutate({ goods: [goodsInput(goodsId, 'x')] }))).code).toBe('UNAUTHORIZED');
  });

  it('lets only the system tenant change the catalog shared by every tenant', async () => {
    const goodsId = newGoodsId();
    await staff.catalog.import.mutate({ goods: [goodsInput(goodsId, 'x')] });
    const { client: other } = await otherTenantClient(test, url);
    const code = ErrorCatalogue.TENANT_MANAGED_BY_SYSTEM.code;
    expect((await failure(other.catalog.import.mutate({ goods: [goodsInput(goodsId, 'changed')] }))).serviceCode).toBe(code);
    expect((await failure(other.catalog.updatePrices.mutate({ prices: [{ source: 1, goodsId, skuId: `${goodsId}-s`, price: 1 }] }))).serviceCode).toBe(code);
    expect((await failure(other.catalog.registerImages.mutate({ images: [{ source: 1, goodsId, imageUrl: 'https://a.example.com/a.jpg' }] }))).serviceCode).toBe(code);
    const goods = await test.db.goods.findUniqueOrThrow({ where: { source_goodsId: { source: 1, goodsId } } });
    expect([goods.title, goods.price]).toEqual(['x cotton shirt', 2990]);
  });
});
