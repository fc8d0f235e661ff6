// Purchase orders through the partner API: quote, create, query (interface.md 4.2, open-api.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { OrderItemStatus, PayOrderKind, PayOrderStatus, PurchaseOrderStatus } from '../src/core/order/statuses';
import { envelope, getQuery, partnerToken, postJson, tokenOf, useTestApp } from './support/app';
import { createBoundMember, createCatalogGoods, type GoodsFixture, type MemberFixture } from './support/commerce-fixtures';
import { SEED } from './support/database';
import { createPartner } from './support/partner-clients';
import { inRounds, RACE_TEST_TIMEOUT_MS } from './support/races';

const QUOTE = '/open-api/order/purchase/quote';
const CREATE = '/open-api/order/purchase/create';
const GET = '/open-api/order/purchase/get';

// The rules stated explicitly, so the expected amounts below do not hang on the defaults.
const test = useTestApp('order_purchase', {
  env: { PRICING_DOMESTIC_FREIGHT_CENTS: '800', PRICING_SERVICE_FEE_PERCENT: '5', ORDER_PRICE_DEVIATION_PERCENT: '1' },
});
const { clock } = test;
let token: string;
let outSeq = 0;
const nextOutOrderNo = () => `out-${Date.now()}-${++outSeq}`;

beforeAll(async () => {
  token = await partnerToken(test.app);
});

async function counts() {
  const [orders, items, payOrders] = await Promise.all([test.db.purchaseOrder.count(), test.db.purchaseOrderItem.count(), test.db.payOrder.count()]);
  return { orders, items, payOrders };
}

/** Catalog goods sold by its own shop (freight is charged per distinct shop). */
async function goodsOfShop(shopName: string, skus: { price: number; stock?: number }[]): Promise<GoodsFixture> {
  const goods = await createCatalogGoods(test.db, { skus });
  await test.db.goods.update({ where: { source_goodsId: { source: goods.source, goodsId: goods.goodsId } }, data: { shopName } });
  return goods;
}

const line = (goods: GoodsFixture, skuIndex: number, qty: number, extra: Record<string, unknown> = {}) => ({
  platformChannel: goods.source,
  goodsId: goods.goodsId,
  skuId: goods.skuIds[skuIndex],
  qty,
  ...extra,
});

interface QuoteData {
  items: { goodsId: string; skuId: string; qty: number; unitPrice: number; amount: number }[];
  goodsAmount: number;
  freightAmount: number;
  serviceFee: number;
  payAmount: number;
}
interface CreateData {
  orderNo: string;
  outOrderNo: string;
  paymentId: string;
  payAmount: number;
  status: number;
}

describe('quote', () => {
  it('prices at the catalog SKU prices, ignores client prices, charges freight per shop, and creates nothing', async () => {
    const member = await createBoundMember(test.db);
    const shirts = await goodsOfShop('Shop A', [{ price: 5990 }, { price: 6990 }]);
    const socks = await goodsOfShop('Shop B', [{ price: 1000 }]);
    const before = await counts();
    const response = await postJson(test.app, token, QUOTE, {
      externalUserId: member.externalUserId,
      items: [line(shirts, 0, 2, { price: 1, unitPrice: 1, amount: 2 }), line(shirts, 1, 1), line(socks, 0, 3, { remarks: 'white' })],
      payAmount: 1,
    });
    expect(response.statusCode).toBe(200);
    const body = envelope<QuoteData>(response);
    expect(body.code).toBe(0);
    expect(body.data.items).toEqual([
      expect.objectContaining({ goodsId: shirts.goodsId, skuId: shirts.skuIds[0], qty: 2, unitPrice: 5990, amount: 11_980 }),
      expect.objectContaining({ goodsId: shirts.goodsId, skuId: shirts.skuIds[1], qty: 1, unitPrice: 6990, amount: 6990 }),
      expect.objectContaining({ goodsId: socks.goodsId, skuId: socks.skuIds[0], qty: 3, unitPrice: 1000, amount: 3000 }),
    ]);
    // 21 970 goods; 2 shops × 800 freight; 5 % fee = 1098.5 -> 1099 (half up).
    expect(body.data).toMatchObject({ goodsAmount: 21_970, freightAmount: 1600, serviceFee: 1099, payAmount: 24_669 });
    expect(await counts()).toEqual(before);
  });

  it('follows the live price', async () => {
    const member = await createBoundMember(test.db);
    const goods = await goodsOfShop('Shop C', [{ price: 2000 }]);
    const quote = async () => envelope<QuoteData>(await postJson(test.app, token, QUOTE, { externalUserId: member.externalUserId, items: [line(goods, 0, 1)] })).data;
    expect((await quote()).goodsAmount).toBe(2000);
    // Through the catalog's writer: it tells every process's goods cache.
    await test.core.catalog.updatePrices(test.staff(), { prices: [{ source: goods.source, goodsId: goods.goodsId, skuId: goods.skuIds[0] as string, price: 2500 }] });
    expect((await quote()).items[0]?.unitPrice).toBe(2500);
  });

  it.each([
    ['unknown goods', (goods: GoodsFixture) => ({ ...line(goods, 0, 1), goodsId: '999999999' }), ErrorCatalogue.GOODS_NOT_FOUND.code, '999999999'],
    ['goods of another source', (goods: GoodsFixture) => ({ ...line(goods, 0, 1), platformChannel: 2 }), ErrorCatalogue.GOODS_NOT_FOUND.code, 'source 2'],
    ['a SKU of other goods', (goods: GoodsFixture) => ({ ...line(goods, 0, 1), skuId: 'not-a-sku' }), ErrorCatalogue.GOODS_SKU_NOT_FOUND.code, 'not-a-sku'],
    ['more than the stock', (goods: GoodsFixture) => line(goods, 0, 6), ErrorCatalogue.ORDER_SKU_OUT_OF_STOCK.code, '5 in stock, 6 ordered'],
  ])('refuses %s, naming it', async (_case, makeLine, code, text) => {
    const member = await createBoundMember(test.db);
    const goods = await goodsOfShop('Shop D', [{ price: 1000, stock: 5 }]);
    const response = await postJson(test.app, token, QUOTE, { externalUserId: member.externalUserId, items: [makeLine(goods)] });
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({ code, data: null });
    expect(envelope(response).msg).toContain(text);
  });

  it('refuses an externalUserId not bound to the caller', async () => {
    const partner = await createPartner(test.core);
    const elsewhere = await createBoundMember(test.db, { partnerClientId: partner.clientId });
    const goods = await goodsOfShop('Shop E', [{ price: 1000 }]);
    for (const externalUserId of ['nobody', elsewhere.externalUserId]) {
      const body = envelope(await postJson(test.app, token, QUOTE, { externalUserId, items: [line(goods, 0, 1)] }));
      expect(body.code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
    }
  });

  it('needs the order:purchase:write scope', async () => {
    const readOnly = await partnerToken(test.app, 'order:purchase:read');
    const response = await postJson(test.app, readOnly, QUOTE, { externalUserId: 'x', items: [] });
    expect(response.statusCode).toBe(403);
  });
});

describe('create', () => {
  let member: MemberFixture;
  let goods: GoodsFixture;

  beforeAll(async () => {
    member = await createBoundMember(test.db);
    // One line of 10 000: payAmount = 10 000 + 800 freight + 500 fee = 11 300; 1 % of it is 113.
    goods = await goodsOfShop('Shop F', [{ price: 10_000, stock: 1000 }, { price: 500, stock: 1000 }]);
  });

  const createBody = (extra: Record<string, unknown> = {}) => ({
    outOrderNo: nextOutOrderNo(),
    externalUserId: member.externalUserId,
    items: [line(goods, 0, 1, { remarks: 'gift wrap' })],
    ...extra,
  });

  it('creates the order, its unpaid items and the pay order wallet pay settles, with the default address', async () => {
    const body = createBody({ orderComment: 'please hurry', expectedPayAmount: 11_300 });
    const response = await postJson(test.app, token, CREATE, body);
    const answer = envelope<CreateData>(response);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ outOrderNo: body.outOrderNo, payAmount: 11_300, status: PurchaseOrderStatus.UNPAID });
    expect(answer.data.orderNo).toMatch(/^O\d{20}$/);
    expect(answer.data.paymentId).toMatch(/^PAY\d{20}$/);

    const order = await test.db.purchaseOrder.findUniqueOrThrow({ where: { orderNo: answer.data.orderNo }, include: { items: true } });
    expect(order).toMatchObject({
      tenantId: 1,
      partnerClientId: SEED.partnerClientId,
      externalUserId: member.externalUserId,
      memberId: member.memberId,
      addressId: member.addressId,
      orderComment: 'please hurry',
      goodsAmount: 10_000,
      freightAmount: 800,
      serviceFee: 500,
      payAmount: 11_300,
      paymentId: answer.data.paymentId,
      paidAt: null,
    });
    expect(order.requestHash).toMatch(/^[0-9a-f]{64}$/);
    // Written on the driver: the client reads back the times, defaults and JSON it would have written itself.
    expect(order.createdAt.getTime()).toBe(clock.now());
    expect(order.updatedAt.getTime()).toBe(clock.now());
    expect(order.address).toEqual({ addressId: member.addressId, receiverName: 'Ana Souza', phone: '+55 11 91234-5678', country: 'BR', province: null, city: 'São Paulo', addressLine: 'Rua Augusta 1000', postCode: '01304-001' });
    expect(order.items).toHaveLength(1);
    expect(order.items[0]?.skuProps).toEqual({ Size: 'S' });
    expect(order.items[0]?.image).toBe(`https://img.example.com/${goods.goodsId}.jpg`);
    expect([order.items[0]?.createdAt.getTime(), order.items[0]?.updatedAt.getTime()]).toEqual([clock.now(), clock.now()]);
    expect(order.items[0]).toMatchObject({
      orderItemNo: expect.stringMatching(/^PI\d{22}$/),
      memberId: member.memberId,
      source: 1,
      platformChannel: 1,
      goodsId: goods.goodsId,
      skuId: goods.skuIds[0],
      qty: 1,
      unitPrice: 10_000,
      amount: 10_000,
      remarks: 'gift wrap',
      status: OrderItemStatus.UNPAID,
      title: `Test goods ${goods.goodsId}`,
    });
    const payOrder = await test.db.payOrder.findUniqueOrThrow({ where: { paymentId: answer.data.paymentId } });
    expect(payOrder).toMatchObject({
      kind: PayOrderKind.PURCHASE,
      bizNo: answer.data.orderNo,
      amount: 11_300,
      status: PayOrderStatus.UNPAID,
      memberId: member.memberId,
      partnerClientId: SEED.partnerClientId,
      paidAt: null,
    });
    expect([payOrder.createdAt.getTime(), payOrder.updatedAt.getTime()]).toEqual([clock.now(), clock.now()]);
  });

  it('ships to the named address of the member', async () => {
    const second = await test.db.memberAddress.create({
      data: { memberId: member.memberId, receiverName: 'João Lima', phone: '+55 21 99999-0000', country: 'BR', city: 'Rio de Janeiro', addressLine: 'Av. Atlântica 1', isDefault: false },
    });
    const answer = envelope<CreateData>(await postJson(test.app, token, CREATE, createBody({ addressId: second.id })));
    expect(answer.code).toBe(0);
    const order = await test.db.purchaseOrder.findUniqueOrThrow({ where: { orderNo: answer.data.orderNo } });
    expect(order.addressId).toBe(second.id);
    expect(order.address).toMatchObject({ receiverName: 'João Lima', city: 'Rio de Janeiro' });
  });

  it.each([
    ['an address of another member', async () => (await createBoundMember(test.db)).addressId, ErrorCatalogue.ORDER_ADDRESS_NOT_FOUND.code],
    ['an address that does not exist', async () => 2_000_000_000, ErrorCatalogue.ORDER_ADDRESS_NOT_FOUND.code],
    ['an id beyond any record', async () => 9_007_199_254_740_991, ErrorCatalogue.ORDER_ADDRESS_NOT_FOUND.code],
  ])('refuses %s and creates nothing', async (_case, addressOf, code) => {
    const addressId = await addressOf();
    const before = await counts();
    const answer = envelope(await postJson(test.app, token, CREATE, createBody({ addressId })));
    expect(answer.code).toBe(code);
    expect(answer.msg).toContain(String(addressId));
    expect(await counts()).toEqual(before);
  });

  it('refuses a member without a default address when no addressId is given', async () => {
    const homeless = await createBoundMember(test.db);
    await test.db.memberAddress.updateMany({ where: { memberId: homeless.memberId }, data: { isDefault: false } });
    const before = await counts();
    const answer = envelope(await postJson(test.app, token, CREATE, createBody({ externalUserId: homeless.externalUserId })));
    expect(answer.code).toBe(ErrorCatalogue.ORDER_NO_DEFAULT_ADDRESS.code);
    expect(await counts()).toEqual(before);
  });

  it.each([11_300 + 113, 11_300 - 113])('accepts expectedPayAmount %i against a live 11 300 with a 1 %% threshold', async (expectedPayAmount) => {
    const answer = envelope<CreateData>(await postJson(test.app, token, CREATE, createBody({ expectedPayAmount })));
    expect(answer.code).toBe(0);
    expect(answer.data.payAmount).toBe(11_300);
  });

  it.each([11_300 + 114, 11_300 - 114, 0])('refuses expectedPayAmount %i against a live 11 300 with a 1 %% threshold, creating nothing', async (expectedPayAmount) => {
    const before = await counts();
    const answer = envelope<CreateData>(await postJson(test.app, token, CREATE, createBody({ expectedPayAmount })));
    expect(answer.code).toBe(ErrorCatalogue.ORDER_PRICE_DEVIATION.code);
    expect(answer.msg).toContain('11300');
    expect(await counts()).toEqual(before);
  });

  it('refuses unknown goods and short stock, creating nothing', async () => {
    const before = await counts();
    const unknown = envelope(await postJson(test.app, token, CREATE, createBody({ items: [{ ...line(goods, 0, 1), goodsId: '123' }] })));
    expect(unknown.code).toBe(ErrorCatalogue.GOODS_NOT_FOUND.code);
    const short = envelope(await postJson(test.app, token, CREATE, createBody({ items: [line(goods, 0, 1001)] })));
    expect(short.code).toBe(ErrorCatalogue.ORDER_SKU_OUT_OF_STOCK.code);
    expect(await counts()).toEqual(before);
  });

  it('answers the first order when the same outOrderNo comes with the same body', async () => {
    const body = createBody({ orderComment: 'same', items: [line(goods, 0, 1), line(goods, 1, 2, { remarks: '' })] });
    const first = envelope<CreateData>(await postJson(test.app, token, CREATE, body));
    expect(first.code).toBe(0);
    const before = await counts();
    // Normalized: surrounding spaces and an empty remark do not make another request; prices changing meanwhile do not matter.
    await test.db.goodsSku.updateMany({ where: { skuId: goods.skuIds[1] }, data: { price: 501 } });
    const again = envelope<CreateData>(
      await postJson(test.app, token, CREATE, { ...body, orderComment: '  same ', items: [line(goods, 0, 1), line(goods, 1, 2)] }),
    );
    await test.db.goodsSku.updateMany({ where: { skuId: goods.skuIds[1] }, data: { price: 500 } });
    expect(again).toEqual(first);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['another quantity', (body: ReturnType<typeof createBody>) => ({ ...body, items: [line(goods, 0, 2)] })],
    ['another SKU', (body: ReturnType<typeof createBody>) => ({ ...body, items: [line(goods, 1, 1)] })],
    ['another comment', (body: ReturnType<typeof createBody>) => ({ ...body, orderComment: 'changed' })],
    ['an expectedPayAmount added', (body: ReturnType<typeof createBody>) => ({ ...body, expectedPayAmount: 11_300 })],
    ['another user', (body: ReturnType<typeof createBody>) => ({ ...body, externalUserId: 'someone-else' })],
  ])('refuses the same outOrderNo with %s, creating nothing', async (_case, change) => {
    const body = createBody();
    const first = envelope<CreateData>(await postJson(test.app, token, CREATE, body));
    expect(first.code).toBe(0);
    const before = await counts();
    const answer = envelope(await postJson(test.app, token, CREATE, change(body)));
    expect(answer.code).toBe(ErrorCatalogue.ORDER_OUT_ORDER_NO_CONFLICT.code);
    expect(answer.msg).toContain(body.outOrderNo);
    expect(await counts()).toEqual(before);
  });

  it('keeps outOrderNo unique per partner only', async () => {
    const partner = await createPartner(test.core);
    const theirMember = await createBoundMember(test.db, { partnerClientId: partner.clientId });
    const outOrderNo = nextOutOrderNo();
    const ours = envelope<CreateData>(await postJson(test.app, token, CREATE, createBody({ outOrderNo })));
    const theirs = envelope<CreateData>(
      await postJson(test.app, await tokenOf(test.app, partner), CREATE, { outOrderNo, externalUserId: theirMember.externalUserId, items: [line(goods, 0, 1)] }),
    );
    expect([ours.code, theirs.code]).toEqual([0, 0]);
    expect(theirs.data.orderNo).not.toBe(ours.data.orderNo);
  });

  it('makes exactly one order of concurrent identical creates', async () => {
    await inRounds(async (round) => {
      const body = createBody({ items: [line(goods, 0, 1), line(goods, 1, 3)] });
      const before = await counts();
      const responses = await Promise.all(Array.from({ length: 16 }, () => postJson(test.app, token, CREATE, body)));
      expect(responses.map((response) => response.statusCode), `round ${round}`).toEqual(Array(16).fill(200));
      const answers = responses.map((response) => envelope<CreateData>(response));
      expect(answers.map((answer) => answer.code), `round ${round}`).toEqual(Array(16).fill(0));
      expect(new Set(answers.map((answer) => answer.data.orderNo)).size, `round ${round}`).toBe(1);
      expect(new Set(answers.map((answer) => answer.data.paymentId)).size, `round ${round}`).toBe(1);
      expect(await counts(), `round ${round}`).toEqual({ orders: before.orders + 1, items: before.items + 2, payOrders: before.payOrders + 1 });
    });
  }, RACE_TEST_TIMEOUT_MS);
});

describe('get', () => {
  interface OrderData {
    orderNo: string;
    outOrderNo: string;
    externalUserId: string;
    status: number;
    payAmount: number;
    paid: boolean;
    items: { orderItemNo: string; goodsId: string; skuId: string; qty: number; status: number }[];
    createTime: string;
  }
  let member: MemberFixture;
  let created: CreateData;
  let goods: GoodsFixture;

  beforeAll(async () => {
    member = await createBoundMember(test.db);
    goods = await goodsOfShop('Shop G', [{ price: 1000 }, { price: 2000 }]);
    created = envelope<CreateData>(
      await postJson(test.app, token, CREATE, { outOrderNo: nextOutOrderNo(), externalUserId: member.externalUserId, items: [line(goods, 0, 1), line(goods, 1, 2)] }),
    ).data;
  });

  it('finds the order by orderNo and by outOrderNo, as GET and as POST', async () => {
    const expected = {
      orderNo: created.orderNo,
      outOrderNo: created.outOrderNo,
      externalUserId: member.externalUserId,
      status: PurchaseOrderStatus.UNPAID,
      payAmount: created.payAmount,
      paid: false,
      createTime: new Date(clock.now()).toISOString(),
      items: [
        { orderItemNo: expect.stringMatching(/^PI/), goodsId: goods.goodsId, skuId: goods.skuIds[0], qty: 1, status: OrderItemStatus.UNPAID },
        { orderItemNo: expect.stringMatching(/^PI/), goodsId: goods.goodsId, skuId: goods.skuIds[1], qty: 2, status: OrderItemStatus.UNPAID },
      ],
    };
    for (const response of [
      await getQuery(test.app, token, GET, { orderNo: created.orderNo }),
      await getQuery(test.app, token, GET, { outOrderNo: created.outOrderNo }),
      await postJson(test.app, token, GET, { orderNo: created.orderNo }),
    ]) {
      const body = envelope<OrderData>(response);
      expect(body.code).toBe(0);
      // toMatchObject matches arrays element by element, their length included.
      expect(body.data).toMatchObject(expected);
    }
  });

  it('reports paid once wallet pay marked the order paid', async () => {
    await test.db.purchaseOrder.update({ where: { orderNo: created.orderNo }, data: { status: PurchaseOrderStatus.PAID, paidAt: new Date(clock.now()) } });
    const body = envelope<OrderData>(await getQuery(test.app, token, GET, { orderNo: created.orderNo }));
    expect(body.data).toMatchObject({ status: PurchaseOrderStatus.PAID, paid: true });
    await test.db.purchaseOrder.update({ where: { orderNo: created.orderNo }, data: { status: PurchaseOrderStatus.UNPAID, paidAt: null } });
  });

  it('does not show another partner the order', async () => {
    const partner = await createPartner(test.core);
    const theirToken = await tokenOf(test.app, partner);
    for (const query of [{ orderNo: created.orderNo }, { outOrderNo: created.outOrderNo }]) {
      const body = envelope(await getQuery(test.app, theirToken, GET, query));
      expect(body.code).toBe(ErrorCatalogue.ORDER_NOT_FOUND.code);
    }
  });

  it('answers not found for an unknown number', async () => {
    const body = envelope(await getQuery(test.app, token, GET, { orderNo: 'O00000000000000000000' }));
    expect(body).toMatchObject({ code: ErrorCatalogue.ORDER_NOT_FOUND.code, data: null });
    expect(body.msg).toContain('O00000000000000000000');
  });
});

describe('bad input', () => {
  let member: MemberFixture;
  let goods: GoodsFixture;
  beforeAll(async () => {
    member = await createBoundMember(test.db);
    goods = await goodsOfShop('Shop H', [{ price: 1000 }]);
  });
  const item = (extra: Record<string, unknown> = {}) => ({ ...line(goods, 0, 1), ...extra });
  const withoutKey = (key: string) => Object.fromEntries(Object.entries(item()).filter(([name]) => name !== key));
  const quoteBody = (extra: Record<string, unknown> = {}) => ({ externalUserId: member.externalUserId, items: [item()], ...extra });
  const itemRows: [string, () => Record<string, unknown>, string][] = [
    ['no externalUserId', () => ({ items: [item()] }), 'externalUserId: required'],
    ['an externalUserId of 65 characters', () => quoteBody({ externalUserId: 'x'.repeat(65) }), 'externalUserId'],
    ['no items', () => ({ externalUserId: member.externalUserId }), 'items: required'],
    ['an empty items list', () => quoteBody({ items: [] }), 'items'],
    ['51 items', () => quoteBody({ items: Array.from({ length: 51 }, () => item()) }), 'items'],
    ['qty 0', () => quoteBody({ items: [item({ qty: 0 })] }), 'items[0].qty'],
    ['qty 10000', () => quoteBody({ items: [item({ qty: 10_000 })] }), 'items[0].qty'],
    ['qty 1.5', () => quoteBody({ items: [item({ qty: 1.5 })] }), 'items[0].qty'],
    ['qty as text', () => quoteBody({ items: [item({ qty: '1' })] }), 'items[0].qty'],
    ['no qty', () => quoteBody({ items: [withoutKey('qty')] }), 'items[0].qty: required'],
    ['platformChannel 4 (no source)', () => quoteBody({ items: [item({ platformChannel: 4 })] }), 'items[0].platformChannel'],
    ['no platformChannel', () => quoteBody({ items: [withoutKey('platformChannel')] }), 'items[0].platformChannel: required'],
    ['goodsId 0', () => quoteBody({ items: [item({ goodsId: '0' })] }), 'items[0].goodsId'],
    ['an empty goodsId', () => quoteBody({ items: [item({ goodsId: '' })] }), 'items[0].goodsId'],
    ['no skuId', () => quoteBody({ items: [withoutKey('skuId')] }), 'items[0].skuId: required'],
    ['a skuId of 65 characters', () => quoteBody({ items: [item({ skuId: '1'.repeat(65) })] }), 'items[0].skuId'],
    ['remarks of 501 characters', () => quoteBody({ items: [item(), item({ remarks: 'r'.repeat(501) })] }), 'items[1].remarks'],
  ];

  it.each(itemRows)('quote answers 400 for %s', async (_case, body, field) => {
    const response = await postJson(test.app, token, QUOTE, body());
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({ code: 400, data: null });
    expect(envelope(response).msg).toContain(field);
  });

  const createRows: [string, () => Record<string, unknown>, string][] = [
    ...itemRows.map(([name, body, field]): [string, () => Record<string, unknown>, string] => [name, () => ({ outOrderNo: nextOutOrderNo(), ...body() }), field]),
    ['no outOrderNo', () => quoteBody(), 'outOrderNo: required'],
    ['an outOrderNo of 65 characters', () => quoteBody({ outOrderNo: 'o'.repeat(65) }), 'outOrderNo'],
    ['a blank outOrderNo', () => quoteBody({ outOrderNo: '   ' }), 'outOrderNo'],
    ['an orderComment of 501 characters', () => quoteBody({ outOrderNo: nextOutOrderNo(), orderComment: 'c'.repeat(501) }), 'orderComment'],
    ['a negative expectedPayAmount', () => quoteBody({ outOrderNo: nextOutOrderNo(), expectedPayAmount: -1 }), 'expectedPayAmount'],
    ['a fractional expectedPayAmount', () => quoteBody({ outOrderNo: nextOutOrderNo(), expectedPayAmount: 11.5 }), 'expectedPayAmount'],
    ['an expectedPayAmount beyond int32', () => quoteBody({ outOrderNo: nextOutOrderNo(), expectedPayAmount: 2 ** 31 }), 'expectedPayAmount'],
    ['addressId 0', () => quoteBody({ outOrderNo: nextOutOrderNo(), addressId: 0 }), 'addressId'],
    ['addressId as text', () => quoteBody({ outOrderNo: nextOutOrderNo(), addressId: 'home' }), 'addressId'],
  ];

  it.each(createRows)('create answers 400 for %s and writes nothing', async (_case, body, field) => {
    const before = await counts();
    const response = await postJson(test.app, token, CREATE, body());
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['neither number', {}, 'orderNo: pass exactly one'],
    ['both numbers', { orderNo: 'O1', outOrderNo: 'x' }, 'orderNo: pass exactly one'],
    ['an orderNo of 65 characters', { orderNo: 'O'.repeat(65) }, 'orderNo'],
    ['an outOrderNo of 65 characters', { outOrderNo: 'o'.repeat(65) }, 'outOrderNo'],
  ])('get answers 400 for %s', async (_case, query, field) => {
    for (const response of [await getQuery(test.app, token, GET, query), await postJson(test.app, token, GET, query)]) {
      expect(response.statusCode).toBe(400);
      expect(envelope(response).msg).toContain(field);
    }
  });
});
