// Goods details from memory (core CatalogGoodsProvider): the partner's goods page and live pricing
// read a goods once; a catalog import or price update is honoured on the very next call, here and,
// through Redis, in another process over the same database.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { createClient } from '../src/trpc/client';
import { envelope, getQuery, partnerToken, postJson, type TestApp, useTestApp } from './support/app';
import { seededAdminToken } from './support/admin';
import { createBoundMember, createCatalogGoods, type GoodsFixture } from './support/commerce-fixtures';
import { TEST_REDIS_URL } from './support/environment';
import { eventually } from './support/propagation';
import { statementRecorder } from './support/statements';
import { useTwoInstances } from './support/two-instances';

const DETAIL = '/open-api/goods/detail';
const sql = statementRecorder();
const test = useTestApp('goods_detail_cache', { databaseOptions: { onQuery: sql.onQuery } });
let token: string;
let staff: ReturnType<typeof createClient>;

beforeAll(async () => {
  token = await partnerToken(test.app);
  staff = createClient(await test.app.listen({ host: '127.0.0.1', port: 0 }), await seededAdminToken(test.core));
});

type Detail = { price: number; title: string; skus: { skuId: string; price: number }[] };
const detailOf = async (app: TestApp['app'], goods: GoodsFixture) => envelope<Detail>(await getQuery(app, token, DETAIL, { goodsId: goods.goodsId, source: goods.source }));
const statementsOf = async (call: () => Promise<unknown>) => (await sql.during(call)).statements;
const setPrice = (goods: GoodsFixture, price: number) => staff.catalog.updatePrices.mutate({ prices: [{ source: goods.source, goodsId: goods.goodsId, skuId: goods.skuIds[0] as string, price }] });

describe('in one process', () => {
  it('reads a goods once: the detail and the pricing of quotes and orders answer from memory after', async () => {
    const goods = await createCatalogGoods(test.db, { skus: [{ price: 1200 }] });
    expect(await statementsOf(async () => expect((await detailOf(test.app, goods)).data.price).toBe(1200))).toHaveLength(2);
    expect(await statementsOf(async () => expect((await detailOf(test.app, goods)).data.price).toBe(1200))).toEqual([]);
    const member = await createBoundMember(test.db);
    const create = await statementsOf(async () => {
      const body = envelope(await postJson(test.app, token, '/open-api/order/purchase/create', { outOrderNo: `cache-${goods.goodsId}`, externalUserId: member.externalUserId, items: [{ platformChannel: goods.source, goodsId: goods.goodsId, skuId: goods.skuIds[0], qty: 1 }] }));
      expect(body.code, body.msg).toBe(0);
    });
    expect(create.filter((statement) => /Goods/.test(statement))).toEqual([]);
  });

  it('a price update is seen at once', async () => {
    const goods = await createCatalogGoods(test.db, { skus: [{ price: 1000 }, { price: 3000 }] });
    expect((await detailOf(test.app, goods)).data.skus.map((sku) => sku.price)).toEqual([1000, 3000]);
    await setPrice(goods, 900);
    const detail = (await detailOf(test.app, goods)).data;
    expect(detail.skus.map((sku) => sku.price)).toEqual([900, 3000]);
    expect(detail.price).toBe(900);
  });

  it('an import that changes or delists the goods is seen at once', async () => {
    const goods = await createCatalogGoods(test.db, { title: 'Old title', skus: [{ skuId: 'cache-sku-1', price: 500 }] });
    expect((await detailOf(test.app, goods)).data.title).toBe('Old title');
    const imported = { source: goods.source, goodsId: goods.goodsId, title: 'New title', skus: [{ skuId: 'cache-sku-1', price: 500, stock: 5, props: {} }] };
    await staff.catalog.import.mutate({ goods: [imported] });
    expect((await detailOf(test.app, goods)).data.title).toBe('New title');
    await staff.catalog.import.mutate({ goods: [{ ...imported, status: 1 }] });
    expect((await detailOf(test.app, goods)).code).toBe(ErrorCatalogue.GOODS_NOT_FOUND.code);
  });
});

describe.skipIf(!TEST_REDIS_URL)('two instances over one database with Redis', () => {
  const instances = useTwoInstances(test);

  it('a price update through one is honoured by the other', async () => {
    const goods = await createCatalogGoods(test.db, { skus: [{ price: 700 }] });
    expect((await detailOf(instances.first().app, goods)).data.price).toBe(700);
    expect((await detailOf(instances.second().app, goods)).data.price).toBe(700);
    await instances.first().core.catalog.updatePrices(test.staff(), { prices: [{ source: goods.source, goodsId: goods.goodsId, skuId: goods.skuIds[0] as string, price: 650 }] });
    expect((await detailOf(instances.first().app, goods)).data.price).toBe(650);
    expect(await eventually(async () => (await detailOf(instances.second().app, goods)).data.price, 650)).toBe(650);
  });
});
