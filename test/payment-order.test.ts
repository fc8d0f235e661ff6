// USD payment orders through /open-api: create, query, page, isolation between partners, bad input.
import { beforeEach, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { envelope, getQuery, partnerToken, postJson, type QueryParams, tokenOf, useTestApp } from './support/app';
import { SEED } from './support/database';
import { createPartner } from './support/partner-clients';
import { inRounds, RACE_TEST_TIMEOUT_MS } from './support/races';
import {
  createPaymentOrder,
  notify,
  PAYMENT_TEST_ENV,
  type PaymentOrderData,
  PUBLIC_BASE_URL,
  signedNotification,
  uniqueOutOrderNo,
} from './support/payment-orders';

const test = useTestApp('payment_order', { env: PAYMENT_TEST_ENV });
const { clock } = test;
let token: string;
const MINUTE = 60_000;

beforeEach(async () => {
  // Tokens live 2 hours; some tests move the clock.
  token = await partnerToken(test.app);
});

const orderCount = () => test.db.paymentOrder.count();
const create = (body: unknown, as = token) => postJson(test.app, as, '/open-api/pay/order/create', body);
const get = (query: Record<string, string | undefined>, as = token) => getQuery(test.app, as, '/open-api/pay/order/get', query);
const page = (query: QueryParams, as = token) => getQuery(test.app, as, '/open-api/pay/order/page', query);

async function pay(order: PaymentOrderData) {
  const answer = envelope(await notify(test.app, signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: order.payAmount })));
  expect(answer.code).toBe(0);
}

describe('create', () => {
  it('creates a pending order at the built-in channel with the payment order answer shape', async () => {
    const outOrderNo = uniqueOutOrderNo();
    const response = await create({ outOrderNo, payAmount: 12.5, subject: 'Order 1001', description: 'Two pairs of shoes' });
    expect(response.statusCode).toBe(200);
    const body = envelope<PaymentOrderData>(response);
    expect(body.code).toBe(0);
    expect(Object.keys(body.data).sort()).toEqual(
      ['orderNo', 'outOrderNo', 'paymentOrderId', 'payAmount', 'status', 'subject', 'description', 'shippingInfo', 'createTime', 'paidTime', 'expireTime', 'payUrl'].sort(),
    );
    expect(body.data).toMatchObject({
      outOrderNo,
      payAmount: 12.5,
      status: 0,
      subject: 'Order 1001',
      description: 'Two pairs of shoes',
      shippingInfo: null,
      createTime: new Date(clock.now()).toISOString(),
      paidTime: null,
      expireTime: new Date(clock.now() + 30 * MINUTE).toISOString(),
    });
    expect(body.data.orderNo).toMatch(/^PO\d{20}$/);
    expect(body.data.paymentOrderId).toMatch(/^CH[0-9A-HJKMNP-TV-Z]{20}$/);
    expect(body.data.payUrl).toBe(`${PUBLIC_BASE_URL}/pay/checkout/${body.data.paymentOrderId}`);
    const stored = await test.db.paymentOrder.findUnique({ where: { orderNo: body.data.orderNo } });
    expect(stored).toMatchObject({ payAmount: 1250, channel: 'builtin', partnerClientId: SEED.partnerClientId, tenantId: 1, shippingInfo: null });
  });

  it.each([
    [0.01, 1],
    [12.5, 1250],
    [19.99, 1999],
    [100, 10_000],
    [10_000_000, 1_000_000_000],
  ])('stores payAmount %s as %s cents exactly and answers it back', async (payAmount, cents) => {
    const body = envelope<PaymentOrderData>(await create({ outOrderNo: uniqueOutOrderNo(), payAmount }));
    expect(body.data.payAmount).toBe(payAmount);
    expect((await test.db.paymentOrder.findUnique({ where: { orderNo: body.data.orderNo } }))?.payAmount).toBe(cents);
  });

  it.each([
    [0.001, 'at most two decimal places'],
    [0, 'at least 0.01'],
    [-5, 'at least 0.01'],
    [10_000_000.01, 'at most 10000000.00'],
    ['12.5', 'expected number'],
    [null, 'expected number'],
  ])('refuses payAmount %j with 400 naming payAmount, and writes nothing', async (payAmount, message) => {
    const before = await orderCount();
    const response = await create({ outOrderNo: uniqueOutOrderNo(), payAmount });
    expect(response.statusCode).toBe(400);
    const body = envelope(response);
    expect(body).toMatchObject({ code: 400, data: null });
    expect(body.msg).toContain('payAmount');
    expect(body.msg).toContain(message);
    expect(await orderCount()).toBe(before);
  });

  it('stores shipping info normalised and answers every field, null where not given', async () => {
    const shippingInfo = {
      firstName: 'Ana',
      lastName: 'Souza',
      country: 'br',
      addressLine: 'Rua Augusta 1000',
      city: 'São Paulo',
      zipcode: '01304-001',
      phone: '11 91234-5678',
      email: 'ana@example.com',
      callingCodeCountry: 'BR',
      callingCode: '+55',
    };
    const body = envelope<PaymentOrderData>(await create({ outOrderNo: uniqueOutOrderNo(), payAmount: 5, shippingInfo }));
    expect(body.code).toBe(0);
    expect(body.data.shippingInfo).toEqual({ ...shippingInfo, country: 'BR' });
    const partial = envelope<PaymentOrderData>(await create({ outOrderNo: uniqueOutOrderNo(), payAmount: 5, shippingInfo: { country: 'US', zipcode: '' } }));
    expect(partial.data.shippingInfo).toEqual({
      firstName: null,
      lastName: null,
      country: 'US',
      addressLine: null,
      city: null,
      zipcode: null,
      phone: null,
      email: null,
      callingCodeCountry: null,
      callingCode: null,
    });
  });

  it.each([
    [{ country: 'XX' }, 'shippingInfo.country'],
    [{ country: 'BRA' }, 'shippingInfo.country'],
    [{ callingCodeCountry: 'QQ' }, 'shippingInfo.callingCodeCountry'],
    [{ callingCode: '0000' }, 'shippingInfo.callingCode'],
    [{ callingCodeCountry: 'BR', callingCode: '+1' }, 'shippingInfo.callingCode'],
    [{ email: 'ana@' }, 'shippingInfo.email'],
    [{ firstName: 'A'.repeat(65) }, 'shippingInfo.firstName'],
    [{ addressLine: 'A'.repeat(256) }, 'shippingInfo.addressLine'],
    [{ zipcode: 12345 }, 'shippingInfo.zipcode'],
  ])('refuses shipping info %j with 400 naming %s, and writes nothing', async (shippingInfo, field) => {
    const before = await orderCount();
    const response = await create({ outOrderNo: uniqueOutOrderNo(), payAmount: 5, shippingInfo });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain(`${field}:`);
    expect(await orderCount()).toBe(before);
  });

  it('answers the first order for the same outOrderNo and body, and refuses a different body', async () => {
    const request = { outOrderNo: uniqueOutOrderNo(), payAmount: 7.25, subject: 'Cart 7', shippingInfo: { country: 'PT', city: 'Lisboa' } };
    const first = envelope<PaymentOrderData>(await create(request));
    const before = await orderCount();
    // Key order and empty optional texts do not make a request different.
    const again = envelope<PaymentOrderData>(await create({ shippingInfo: { city: 'Lisboa', country: 'pt' }, subject: 'Cart 7', description: '', payAmount: 7.25, outOrderNo: request.outOrderNo }));
    expect(again).toMatchObject({ code: 0, data: first.data });
    for (const changed of [{ payAmount: 7.26 }, { subject: 'Cart 8' }, { description: 'x' }, { shippingInfo: { country: 'PT' } }, { shippingInfo: undefined }]) {
      const body = envelope(await create({ ...request, ...changed }));
      expect(body.code).toBe(ErrorCatalogue.PAYMENT_ORDER_OUT_ORDER_NO_CONFLICT.code);
      expect(body.msg).toContain(request.outOrderNo);
      expect(body.msg).toContain(first.data.orderNo);
    }
    expect(await orderCount()).toBe(before);
  });

  it('takes concurrent creates of one outOrderNo as one order', async () => {
    await inRounds(async (round) => {
      const request = { outOrderNo: uniqueOutOrderNo(), payAmount: 3 };
      const before = await orderCount();
      const answers = await Promise.all(Array.from({ length: 8 }, () => create(request)));
      expect(answers.map((response) => envelope(response).code), `round ${round}`).toEqual(Array(8).fill(0));
      expect(new Set(answers.map((response) => envelope<PaymentOrderData>(response).data.orderNo)).size, `round ${round}`).toBe(1);
      expect(await orderCount(), `round ${round}`).toBe(before + 1);
    });
  }, RACE_TEST_TIMEOUT_MS);

  it('needs the pay:order:write scope', async () => {
    const readOnly = await partnerToken(test.app, 'pay:order:read');
    const response = await create({ outOrderNo: uniqueOutOrderNo(), payAmount: 1 }, readOnly);
    expect(response.statusCode).toBe(403);
  });
});

describe('query', () => {
  it('finds an order by each of its three numbers, as GET and as POST', async () => {
    const order = await createPaymentOrder(test.app, token, { payAmount: 42 });
    for (const field of ['orderNo', 'outOrderNo', 'paymentOrderId'] as const) {
      const byGet = envelope<PaymentOrderData>(await get({ [field]: order[field] }));
      expect(byGet).toMatchObject({ code: 0, data: order });
      const byPost = envelope<PaymentOrderData>(await postJson(test.app, token, '/open-api/pay/order/get', { [field]: order[field] }));
      expect(byPost).toMatchObject({ code: 0, data: order });
    }
  });

  it('answers PAYMENT_ORDER_NOT_FOUND for an unknown number', async () => {
    const body = envelope(await get({ paymentOrderId: 'CH00000000000000000000' }));
    expect(body).toMatchObject({ code: ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND.code, data: null });
    expect(body.msg).toContain('paymentOrderId CH00000000000000000000');
  });

  it.each([
    [{}, 'exactly one of orderNo, outOrderNo, paymentOrderId'],
    [{ orderNo: '' }, 'exactly one of orderNo, outOrderNo, paymentOrderId'],
    [{ orderNo: 'PO1', outOrderNo: 'A' }, 'exactly one of orderNo, outOrderNo, paymentOrderId'],
    [{ orderNo: 'P'.repeat(65) }, 'orderNo'],
    [{ outOrderNo: 'x'.repeat(65) }, 'outOrderNo'],
  ])('refuses %j with 400', async (query, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain(message);
  });
});

describe('isolation between partners', () => {
  it('keeps each partner to its own orders: query, page, logistics; outOrderNo is unique per partner only', async () => {
    const order = await createPaymentOrder(test.app, token);
    const other = await createPartner(test.core);
    const otherToken = await tokenOf(test.app, other);
    for (const field of ['orderNo', 'outOrderNo', 'paymentOrderId'] as const) {
      expect(envelope(await get({ [field]: order[field] }, otherToken)).code).toBe(ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND.code);
    }
    expect(envelope(await page({ pageNo: 1, pageSize: 100, orderNo: order.orderNo }, otherToken)).data).toEqual({ list: [], total: 0 });
    expect(envelope(await page({ pageNo: 1, pageSize: 100 }, otherToken)).data).toEqual({ list: [], total: 0 });
    await pay(order);
    const logistics = await postJson(test.app, otherToken, '/open-api/pay/order/logistics/submit', {
      paymentOrderId: order.paymentOrderId,
      logisticsList: [{ logisticsProvider: 'DHL', logisticsProviderCode: 'dhl', logisticsCode: 'X1' }],
    });
    expect(envelope(logistics).code).toBe(ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND.code);
    expect(await test.db.paymentOrderLogistics.count({ where: { paymentOrder: { orderNo: order.orderNo } } })).toBe(0);
    // The same outOrderNo is the other partner's own, separate order.
    const theirs = await createPaymentOrder(test.app, otherToken, { outOrderNo: order.outOrderNo, payAmount: 1 });
    expect(theirs.orderNo).not.toBe(order.orderNo);
    expect(envelope<PaymentOrderData>(await get({ outOrderNo: order.outOrderNo })).data.orderNo).toBe(order.orderNo);
    expect(envelope<PaymentOrderData>(await get({ outOrderNo: order.outOrderNo }, otherToken)).data.orderNo).toBe(theirs.orderNo);
  });
});

describe('page', () => {
  it('filters by status, fuzzy outOrderNo, exact numbers, createTime and paidTime, newest first', async () => {
    // A partner of its own, so the page holds exactly these orders.
    const partner = await createPartner(test.core);
    const as = await tokenOf(test.app, partner);
    const start = clock.now();
    const created: PaymentOrderData[] = [];
    for (const outOrderNo of ['shop_A-001', 'shopXA-002', 'SHOP_a-003', 'web%A-004', 'web-B-005']) {
      created.push(await createPaymentOrder(test.app, as, { outOrderNo, payAmount: 10 }));
      clock.advance(MINUTE);
    }
    const [first, second, third, fourth, fifth] = created as [PaymentOrderData, PaymentOrderData, PaymentOrderData, PaymentOrderData, PaymentOrderData];
    await pay(second);
    clock.advance(MINUTE);
    await pay(fourth);
    const paidTimeOf = async (order: PaymentOrderData) => envelope<PaymentOrderData>(await get({ orderNo: order.orderNo }, as)).data.paidTime as string;
    const secondPaid = await paidTimeOf(second);
    const fourthPaid = await paidTimeOf(fourth);

    const outOrderNos = async (query: Record<string, string | number | readonly string[] | undefined>) => {
      const response = await page({ pageNo: 1, pageSize: 1000, ...query }, as);
      const body = envelope<{ list: PaymentOrderData[]; total: number }>(response);
      expect(body.code).toBe(0);
      expect(body.data.total).toBe(body.data.list.length);
      return body.data.list.map((order) => order.outOrderNo);
    };
    expect(await outOrderNos({})).toEqual(['web-B-005', 'web%A-004', 'SHOP_a-003', 'shopXA-002', 'shop_A-001']);
    expect(await outOrderNos({ status: 10 })).toEqual(['web%A-004', 'shopXA-002']);
    expect(await outOrderNos({ status: 0 })).toEqual(['web-B-005', 'SHOP_a-003', 'shop_A-001']);
    expect(await outOrderNos({ status: 20 })).toEqual([]);
    // Literal, case-sensitive substring: `_` and `%` are characters, not wildcards, on both databases.
    expect(await outOrderNos({ outOrderNo: 'p_A' })).toEqual(['shop_A-001']);
    expect(await outOrderNos({ outOrderNo: 'shop' })).toEqual(['shopXA-002', 'shop_A-001']);
    expect(await outOrderNos({ outOrderNo: 'SHOP' })).toEqual(['SHOP_a-003']);
    expect(await outOrderNos({ outOrderNo: '%' })).toEqual(['web%A-004']);
    expect(await outOrderNos({ outOrderNo: 'A-00' })).toEqual(['web%A-004', 'shopXA-002', 'shop_A-001']);
    expect(await outOrderNos({ outOrderNo: 'nothing' })).toEqual([]);
    expect(await outOrderNos({ outOrderNo: '' })).toHaveLength(5);
    // Exact numbers: a part of one matches nothing.
    expect(await outOrderNos({ orderNo: third.orderNo })).toEqual(['SHOP_a-003']);
    expect(await outOrderNos({ orderNo: third.orderNo.slice(0, -1) })).toEqual([]);
    expect(await outOrderNos({ paymentOrderId: fifth.paymentOrderId })).toEqual(['web-B-005']);
    expect(await outOrderNos({ paymentOrderId: fifth.paymentOrderId, status: 10 })).toEqual([]);
    // [start, end): the second and third order were created at start + 1 and + 2 minutes.
    const at = (offset: number) => new Date(start + offset * MINUTE).toISOString();
    expect(await outOrderNos({ createTime: [at(1), at(3)] })).toEqual(['SHOP_a-003', 'shopXA-002']);
    expect(await outOrderNos({ createTime: [at(0), at(1)] })).toEqual(['shop_A-001']);
    expect(await outOrderNos({ createTime: ['2026-11-21T11:01:00+01:00', '2026-11-21T11:02:00+01:00'] })).toEqual(['shopXA-002']);
    expect(await outOrderNos({ paidTime: [secondPaid, fourthPaid] })).toEqual(['shopXA-002']);
    expect(await outOrderNos({ paidTime: [secondPaid, new Date(Date.parse(fourthPaid) + 1).toISOString()] })).toEqual(['web%A-004', 'shopXA-002']);
    expect(await outOrderNos({ paidTime: [at(-60), at(0)] })).toEqual([]);
    expect(await outOrderNos({ createTime: [at(0), at(10)], outOrderNo: 'shop', status: 0 })).toEqual(['shop_A-001']);
    // The POST form takes the same filters.
    const posted = envelope<{ list: PaymentOrderData[]; total: number }>(
      await postJson(test.app, as, '/open-api/pay/order/page', { pageNo: 1, pageSize: 10, outOrderNo: 'shop', createTime: [at(0), at(10)] }),
    );
    expect(posted.data.list.map((order) => order.outOrderNo)).toEqual(['shopXA-002', 'shop_A-001']);
    expect(posted.data.list[1]).toEqual(first);
  });

  it('pages with pageNo and pageSize, total over every page', async () => {
    const partner = await createPartner(test.core);
    const as = await tokenOf(test.app, partner);
    const created: string[] = [];
    for (let index = 0; index < 5; index++) {
      created.push((await createPaymentOrder(test.app, as, { outOrderNo: `paged-${index}` })).outOrderNo);
      clock.advance(1000);
    }
    const newestFirst = [...created].reverse();
    const pageOf = async (pageNo: number, pageSize: number) =>
      envelope<{ list: PaymentOrderData[]; total: number }>(await page({ pageNo, pageSize }, as)).data;
    expect(await pageOf(1, 2)).toMatchObject({ total: 5 });
    expect((await pageOf(1, 2)).list.map((order) => order.outOrderNo)).toEqual(newestFirst.slice(0, 2));
    expect((await pageOf(2, 2)).list.map((order) => order.outOrderNo)).toEqual(newestFirst.slice(2, 4));
    expect((await pageOf(3, 2)).list.map((order) => order.outOrderNo)).toEqual(newestFirst.slice(4));
    expect(await pageOf(4, 2)).toEqual({ list: [], total: 5 });
    expect((await pageOf(1, 1000)).list).toHaveLength(5);
  });

  it.each([
    [{ pageSize: 10 }, 'pageNo: required'],
    [{ pageNo: 1 }, 'pageSize: required'],
    [{ pageNo: 0, pageSize: 10 }, 'pageNo'],
    [{ pageNo: 1, pageSize: 0 }, 'pageSize'],
    [{ pageNo: 1, pageSize: 1001 }, 'pageSize'],
    [{ pageNo: 'one', pageSize: 10 }, 'pageNo'],
    [{ pageNo: 1, pageSize: 10, status: 5 }, 'status'],
    [{ pageNo: 1, pageSize: 10, status: 'paid' }, 'status'],
    [{ pageNo: 1, pageSize: 10, createTime: '2026-01-01T00:00:00Z' }, 'createTime'],
    [{ pageNo: 1, pageSize: 10, createTime: ['2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z'] }, 'createTime'],
    [{ pageNo: 1, pageSize: 10, paidTime: ['yesterday', 'today'] }, 'paidTime'],
    [{ pageNo: 1, pageSize: 10, paidTime: ['2026-01-01T00:00:00', '2026-02-01T00:00:00'] }, 'paidTime'],
    [{ pageNo: 1, pageSize: 10, outOrderNo: 'x'.repeat(65) }, 'outOrderNo'],
    [{ pageNo: 1, pageSize: 10, orderNo: 'x'.repeat(65) }, 'orderNo'],
    [{ pageNo: 1, pageSize: 10, paymentOrderId: 'x'.repeat(65) }, 'paymentOrderId'],
  ])('refuses %j with 400 naming the field', async (query, field) => {
    const response = await page(query);
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain(field);
  });
});

describe('create: bad input', () => {
  it.each([
    [{ payAmount: 1 }, 'outOrderNo: required'],
    [{ outOrderNo: '', payAmount: 1 }, 'outOrderNo'],
    [{ outOrderNo: '   ', payAmount: 1 }, 'outOrderNo'],
    [{ outOrderNo: 'x'.repeat(65), payAmount: 1 }, 'outOrderNo'],
    [{ outOrderNo: 'A1' }, 'payAmount: required'],
    [{ outOrderNo: 'A1', payAmount: 1, subject: 'x'.repeat(257) }, 'subject'],
    [{ outOrderNo: 'A1', payAmount: 1, subject: 5 }, 'subject'],
    [{ outOrderNo: 'A1', payAmount: 1, description: 'x'.repeat(2001) }, 'description'],
    [{ outOrderNo: 'A1', payAmount: 1, shippingInfo: 'Rua Augusta' }, 'shippingInfo'],
    [{ outOrderNo: 'A1', payAmount: 1, shippingInfo: [] }, 'shippingInfo'],
  ])('refuses %j with 400 naming the field, and writes nothing', async (body, field) => {
    const before = await orderCount();
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({ code: 400, data: null });
    expect(envelope(response).msg).toContain(field);
    expect(await orderCount()).toBe(before);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/open-api/pay/order/create',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"outOrderNo": "A1", ',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('OpenAPI document', () => {
  it('describes the four payment order operations with their scopes and fields', async () => {
    const document = (await test.app.inject('/open-api/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: unknown[]; parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
    };
    expect(document.paths['/open-api/pay/order/create']?.post?.security).toEqual([{ bearerAuth: ['pay:order:write'] }]);
    expect(document.paths['/open-api/pay/order/logistics/submit']?.post?.security).toEqual([{ bearerAuth: ['pay:order:write'] }]);
    expect(document.paths['/open-api/pay/order/get']?.get?.parameters?.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name).sort()).toEqual(['orderNo', 'outOrderNo', 'paymentOrderId']);
    expect(document.paths['/open-api/pay/order/page']?.get?.parameters?.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name).sort()).toEqual(
      ['createTime', 'orderNo', 'outOrderNo', 'pageNo', 'pageSize', 'paidTime', 'paymentOrderId', 'status'],
    );
    expect(document.paths['/open-api/pay/order/page']?.post?.security).toEqual([{ bearerAuth: ['pay:order:read'] }]);
  });
});
