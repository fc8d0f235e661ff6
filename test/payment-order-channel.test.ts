// The payment channel side of USD payment orders: signed notifications, expiry (on read and by the
// sweeper), logistics hand-over, and the built-in channel's checkout page.
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { RequestContext } from '../src/core/request-context';
import { createTestApp, envelope, getQuery, partnerToken, postJson, useTestApp } from './support/app';
import { createPaymentOrder, notify, PAYMENT_TEST_ENV, type PaymentOrderData, signedNotification } from './support/payment-orders';
import { inRounds, RACE_TEST_TIMEOUT_MS } from './support/races';

const test = useTestApp('payment_order_channel', { env: PAYMENT_TEST_ENV });
const { clock } = test;
let token: string;
const MINUTE = 60_000;

beforeEach(async () => {
  // Tokens live 2 hours; expiry tests move the clock.
  token = await partnerToken(test.app);
});
const getOrder = async (order: PaymentOrderData) =>
  envelope<PaymentOrderData>(await getQuery(test.app, token, '/open-api/pay/order/get', { orderNo: order.orderNo })).data;
const storedOrder = (order: PaymentOrderData) => test.db.paymentOrder.findUniqueOrThrow({ where: { orderNo: order.orderNo } });
const notificationCount = () => test.db.paymentNotification.count();

describe('signed notification', () => {
  it('marks a pending order paid at the notified time', async () => {
    const order = await createPaymentOrder(test.app, token, { payAmount: 12.5 });
    const paidAt = new Date(clock.now() - 5000).toISOString();
    const response = await notify(test.app, signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 12.5, paidAt }));
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({
      code: 0,
      data: { orderNo: order.orderNo, paymentOrderId: order.paymentOrderId, status: 10, paidTime: paidAt, alreadyPaid: false },
    });
    expect(await getOrder(order)).toMatchObject({ status: 10, paidTime: paidAt });
  });

  it('acknowledges a repeated valid notification for a paid order without changing it', async () => {
    const order = await createPaymentOrder(test.app, token, { payAmount: 3 });
    expect(envelope(await notify(test.app, signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 3 }))).code).toBe(0);
    const paid = await storedOrder(order);
    clock.advance(MINUTE);
    const repeated = await notify(test.app, signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 3 }));
    expect(envelope(repeated)).toMatchObject({ code: 0, data: { status: 10, alreadyPaid: true, paidTime: paid.paidTime?.toISOString() } });
    const after = await storedOrder(order);
    expect(after.paidTime).toEqual(paid.paidTime);
    expect(after.status).toBe(10);
  });

  it('refuses a replayed nonce', async () => {
    const order = await createPaymentOrder(test.app, token, { payAmount: 3 });
    const notification = signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 3 });
    expect(envelope(await notify(test.app, notification)).code).toBe(0);
    const before = await notificationCount();
    const replay = envelope(await notify(test.app, notification));
    expect(replay.code).toBe(ErrorCatalogue.PAYMENT_CHANNEL_NONCE_REPLAYED.code);
    // A fresh signature over the same body is still the same delivery.
    clock.advance(1000);
    const resigned = signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 3, nonce: JSON.parse(notification.rawBody).nonce });
    expect(envelope(await notify(test.app, resigned)).code).toBe(ErrorCatalogue.PAYMENT_CHANNEL_NONCE_REPLAYED.code);
    expect(await notificationCount()).toBe(before);
  });

  const nowSeconds = () => Math.floor(clock.now() / 1000);
  it.each([
    ['a bad signature', () => ({ secret: 'not-the-channel-secret-0123456789abcdef' }), ErrorCatalogue.PAYMENT_CHANNEL_SIGNATURE_INVALID],
    ['a stale timestamp', () => ({ timestampSeconds: nowSeconds() - 301 }), ErrorCatalogue.PAYMENT_CHANNEL_TIMESTAMP_OUT_OF_WINDOW],
    ['a timestamp from the future', () => ({ timestampSeconds: nowSeconds() + 301 }), ErrorCatalogue.PAYMENT_CHANNEL_TIMESTAMP_OUT_OF_WINDOW],
  ])('refuses %s and leaves the order pending', async (_case, options, error) => {
    const order = await createPaymentOrder(test.app, token, { payAmount: 8 });
    const before = await notificationCount();
    const response = await notify(test.app, signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 8 }, options()));
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({ code: error.code, data: null });
    expect((await storedOrder(order)).status).toBe(0);
    expect(await notificationCount()).toBe(before);
  });

  it('refuses a tampered body and missing signature headers', async () => {
    const order = await createPaymentOrder(test.app, token, { payAmount: 8 });
    const genuine = signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 0.01 });
    const tampered = { ...genuine, rawBody: genuine.rawBody.replace('"amount":0.01', '"amount":8') };
    expect(envelope(await notify(test.app, tampered)).code).toBe(ErrorCatalogue.PAYMENT_CHANNEL_SIGNATURE_INVALID.code);
    const unsigned = { rawBody: genuine.rawBody, headers: { 'content-type': 'application/json' } };
    expect(envelope(await notify(test.app, unsigned)).code).toBe(ErrorCatalogue.PAYMENT_CHANNEL_SIGNATURE_INVALID.code);
    expect((await storedOrder(order)).status).toBe(0);
  });

  it('refuses an amount other than the order amount', async () => {
    const order = await createPaymentOrder(test.app, token, { payAmount: 12.5 });
    for (const amount of [12.49, 125, 0.01]) {
      const body = envelope(await notify(test.app, signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount })));
      expect(body.code).toBe(ErrorCatalogue.PAYMENT_ORDER_AMOUNT_MISMATCH.code);
      expect(body.msg).toContain('1250 cents');
    }
    expect((await storedOrder(order)).status).toBe(0);
  });

  it('refuses an unknown channel order, an unknown channel and a signed but malformed body', async () => {
    const unknown = envelope(await notify(test.app, signedNotification(clock, { paymentOrderId: 'CH00000000000000000000', amount: 1 })));
    expect(unknown.code).toBe(ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND.code);
    const order = await createPaymentOrder(test.app, token, { payAmount: 1 });
    const otherChannel = envelope(await notify(test.app, signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 1 }), 'paypal'));
    expect(otherChannel.code).toBe(ErrorCatalogue.PAYMENT_CHANNEL_UNKNOWN.code);
    const malformed = envelope(await notify(test.app, signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 1, currency: 'EUR' })));
    expect(malformed.code).toBe(ErrorCatalogue.PAYMENT_CHANNEL_NOTIFICATION_INVALID.code);
    expect(malformed.msg).toContain('currency');
    expect((await storedOrder(order)).status).toBe(0);
  });

  it('takes one of many concurrent valid notifications as the payment and acknowledges the rest', async () => {
    await inRounds(async (round) => {
      const order = await createPaymentOrder(test.app, token, { payAmount: 2 });
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => notify(test.app, signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 2 }))),
      );
      const outcomes = answers.map((response) => envelope<{ alreadyPaid: boolean }>(response));
      expect(outcomes.map((outcome) => outcome.code), `round ${round}`).toEqual(Array(8).fill(0));
      expect(outcomes.filter((outcome) => !outcome.data.alreadyPaid), `round ${round}`).toHaveLength(1);
      expect((await storedOrder(order)).status, `round ${round}`).toBe(10);
    });
  }, RACE_TEST_TIMEOUT_MS);
});

describe('expiry', () => {
  it('closes a pending order when it is read after expireTime, and refuses its notification', async () => {
    const order = await createPaymentOrder(test.app, token, { payAmount: 4 });
    clock.advance(30 * MINUTE - 1);
    expect((await getOrder(order)).status).toBe(0);
    clock.advance(1);
    expect(await getOrder(order)).toMatchObject({ status: 20, paidTime: null });
    expect((await storedOrder(order)).closedTime).toEqual(new Date(clock.now()));
    const notification = signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 4 });
    const refused = envelope(await notify(test.app, notification));
    expect(refused.code).toBe(ErrorCatalogue.PAYMENT_ORDER_CLOSED.code);
    expect(refused.msg).toContain(order.orderNo);
    expect((await storedOrder(order)).status).toBe(20);
    // A refused notification does not use up its nonce: the refusal stays the same on retry.
    expect(envelope(await notify(test.app, notification)).code).toBe(ErrorCatalogue.PAYMENT_ORDER_CLOSED.code);
  });

  it('refuses the notification of an expired order nobody has read yet', async () => {
    const order = await createPaymentOrder(test.app, token, { payAmount: 4 });
    clock.advance(31 * MINUTE);
    const refused = envelope(await notify(test.app, signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 4 })));
    expect(refused.code).toBe(ErrorCatalogue.PAYMENT_ORDER_CLOSED.code);
    expect((await storedOrder(order)).status).toBe(20);
  });

  it('leaves paid orders alone and pages expired ones as closed', async () => {
    const paid = await createPaymentOrder(test.app, token, { payAmount: 6, outOrderNo: `expiry-page-paid-${clock.now()}` });
    const pending = await createPaymentOrder(test.app, token, { payAmount: 6, outOrderNo: `expiry-page-pending-${clock.now()}` });
    expect(envelope(await notify(test.app, signedNotification(clock, { paymentOrderId: paid.paymentOrderId, amount: 6 }))).code).toBe(0);
    clock.advance(45 * MINUTE);
    const pageWith = async (status: number) =>
      envelope<{ list: PaymentOrderData[] }>(
        await getQuery(test.app, token, '/open-api/pay/order/page', { pageNo: 1, pageSize: 1000, status, outOrderNo: 'expiry-page-' }),
      ).data.list.map((order) => order.orderNo);
    expect(await pageWith(0)).toEqual([]);
    expect(await pageWith(20)).toEqual([pending.orderNo]);
    expect(await pageWith(10)).toEqual([paid.orderNo]);
  });

  it('is applied by the sweeper to orders nobody reads', async () => {
    const orders = [await createPaymentOrder(test.app, token), await createPaymentOrder(test.app, token)];
    const survivor = await createPaymentOrder(test.app, token);
    await test.db.paymentOrder.update({ where: { orderNo: survivor.orderNo }, data: { expireTime: new Date(clock.now() + 2 * 60 * MINUTE) } });
    const sweep = () => test.core.paymentOrders.closeExpired(new RequestContext('test-sweep', null, { kind: 'anonymous' }, '', clock));
    clock.advance(29 * MINUTE);
    await sweep();
    for (const order of orders) expect((await storedOrder(order)).status).toBe(0);
    clock.advance(MINUTE);
    // Pending orders of earlier tests that expired unread are closed by the same sweep.
    const due = await test.db.paymentOrder.count({ where: { status: 0, expireTime: { lte: new Date(clock.now()) } } });
    expect(await sweep()).toBe(due);
    for (const order of orders) expect(await storedOrder(order)).toMatchObject({ status: 20, closedTime: new Date(clock.now()) });
    expect((await storedOrder(survivor)).status).toBe(0);
    expect(await sweep()).toBe(0);
  });
});

describe('logistics submit', () => {
  const parcels = [
    { logisticsProvider: 'DHL Express', logisticsProviderCode: 'dhl', logisticsCode: 'JD014600006281234567' },
    { logisticsProvider: 'Correios', logisticsProviderCode: 'correios', logisticsCode: 'LB123456789CN' },
  ];
  const submit = (body: unknown) => postJson(test.app, token, '/open-api/pay/order/logistics/submit', body);
  const logisticsCount = () => test.db.paymentOrderLogistics.count();

  async function paidOrder() {
    const order = await createPaymentOrder(test.app, token, { payAmount: 9.99 });
    expect(envelope(await notify(test.app, signedNotification(clock, { paymentOrderId: order.paymentOrderId, amount: 9.99 }))).code).toBe(0);
    return order;
  }

  it('stores the parcels of a paid order and hands them to the channel', async () => {
    const order = await paidOrder();
    const response = await submit({ paymentOrderId: order.paymentOrderId, logisticsList: parcels });
    expect(response.statusCode).toBe(200);
    const createTime = new Date(clock.now()).toISOString();
    expect(envelope(response)).toEqual({
      code: 0,
      msg: '',
      error_detail: '',
      data: { paymentOrderId: order.paymentOrderId, accepted: true, logisticsList: parcels.map((parcel) => ({ ...parcel, createTime })) },
    });
    const stored = await test.db.paymentOrderLogistics.findMany({ where: { paymentOrder: { orderNo: order.orderNo } }, orderBy: { id: 'asc' } });
    expect(stored.map(({ logisticsProvider, logisticsProviderCode, logisticsCode, channelAccepted }) => ({ logisticsProvider, logisticsProviderCode, logisticsCode, channelAccepted }))).toEqual(
      parcels.map((parcel) => ({ ...parcel, channelAccepted: true })),
    );
    expect(test.core.builtinPaymentChannel.receivedLogistics(order.paymentOrderId)).toEqual(parcels);
    // A later submission adds to the earlier one.
    await submit({ paymentOrderId: order.paymentOrderId, logisticsList: [parcels[0]] });
    expect(test.core.builtinPaymentChannel.receivedLogistics(order.paymentOrderId)).toEqual([...parcels, parcels[0]]);
    expect(await test.db.paymentOrderLogistics.count({ where: { paymentOrder: { orderNo: order.orderNo } } })).toBe(3);
  });

  it('refuses pending and closed orders, and unknown ones, storing nothing', async () => {
    const pending = await createPaymentOrder(test.app, token);
    const before = await logisticsCount();
    const refused = envelope(await submit({ paymentOrderId: pending.paymentOrderId, logisticsList: parcels }));
    expect(refused.code).toBe(ErrorCatalogue.PAYMENT_ORDER_NOT_PAID.code);
    expect(refused.msg).toContain('status 0');
    clock.advance(31 * MINUTE);
    const closed = envelope(await submit({ paymentOrderId: pending.paymentOrderId, logisticsList: parcels }));
    expect(closed.code).toBe(ErrorCatalogue.PAYMENT_ORDER_NOT_PAID.code);
    expect(closed.msg).toContain('status 20');
    expect(envelope(await submit({ paymentOrderId: 'CH00000000000000000000', logisticsList: parcels })).code).toBe(ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND.code);
    expect(await logisticsCount()).toBe(before);
    expect(test.core.builtinPaymentChannel.receivedLogistics(pending.paymentOrderId)).toEqual([]);
  });

  const parcel = parcels[0] as (typeof parcels)[number];
  it.each([
    ['no paymentOrderId', { logisticsList: [parcel] }, 'paymentOrderId: required'],
    ['an empty paymentOrderId', { paymentOrderId: '', logisticsList: [parcel] }, 'paymentOrderId'],
    ['a paymentOrderId of 65 characters', { paymentOrderId: 'x'.repeat(65), logisticsList: [parcel] }, 'paymentOrderId'],
    ['no logisticsList', { paymentOrderId: 'CH1' }, 'logisticsList: required'],
    ['an empty logisticsList', { paymentOrderId: 'CH1', logisticsList: [] }, 'logisticsList'],
    ['a logisticsList that is an object', { paymentOrderId: 'CH1', logisticsList: parcel }, 'logisticsList'],
    ['51 parcels', { paymentOrderId: 'CH1', logisticsList: Array.from({ length: 51 }, () => parcel) }, 'logisticsList'],
    ['a parcel without provider', { paymentOrderId: 'CH1', logisticsList: [{ ...parcel, logisticsProvider: undefined }] }, 'logisticsList[0].logisticsProvider: required'],
    ['an empty provider code', { paymentOrderId: 'CH1', logisticsList: [parcel, { ...parcel, logisticsProviderCode: '' }] }, 'logisticsList[1].logisticsProviderCode'],
    ['a tracking number of 65 characters', { paymentOrderId: 'CH1', logisticsList: [{ ...parcel, logisticsCode: 'x'.repeat(65) }] }, 'logisticsList[0].logisticsCode'],
    ['a numeric tracking number', { paymentOrderId: 'CH1', logisticsList: [{ ...parcel, logisticsCode: 12345 }] }, 'logisticsList[0].logisticsCode'],
    ['a provider of 101 characters', { paymentOrderId: 'CH1', logisticsList: [{ ...parcel, logisticsProvider: 'x'.repeat(101) }] }, 'logisticsList[0].logisticsProvider'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_case, body, field) => {
    const before = await logisticsCount();
    const response = await submit(body);
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain(field);
    expect(await logisticsCount()).toBe(before);
  });
});

describe('checkout page', () => {
  it('shows a pending order with a demo button whose signed notification pays it', async () => {
    const order = await createPaymentOrder(test.app, token, { payAmount: 12.5, subject: 'Order <b>1001</b>' });
    const response = await test.app.inject({ method: 'GET', url: new URL(order.payUrl).pathname });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.body).toContain('USD 12.50');
    expect(response.body).toContain('Order &#60;b&#62;1001&#60;/b&#62;');
    expect(response.body).not.toContain('<b>1001');
    const embedded = /const notification = (\{.*\});/.exec(response.body)?.[1];
    expect(embedded).toBeDefined();
    const notification = JSON.parse(embedded as string) as { rawBody: string; headers: Record<string, string> };
    expect(envelope(await notify(test.app, notification))).toMatchObject({ code: 0, data: { status: 10 } });
    expect((await getOrder(order)).status).toBe(10);
    const paidPage = await test.app.inject({ method: 'GET', url: new URL(order.payUrl).pathname });
    expect(paidPage.body).toContain('Paid');
    expect(paidPage.body).not.toContain('const notification');
  });

  it('answers 404 for an unknown payment', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/pay/checkout/CH00000000000000000000' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Payment not found');
  });

  it('offers no demo button when the demo is off', async () => {
    const quiet = await createTestApp({ database: test.database, clock, env: { ...PAYMENT_TEST_ENV, PAYMENT_CHECKOUT_DEMO: 'false' } });
    try {
      const order = await createPaymentOrder(quiet.app, await partnerToken(quiet.app));
      const response = await quiet.app.inject({ method: 'GET', url: new URL(order.payUrl).pathname });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Waiting for the payment to be confirmed');
      expect(response.body).not.toContain('<script');
    } finally {
      await quiet.close();
    }
  });
});

describe('configuration', () => {
  it('needs PAYMENT_CHANNEL_SECRET in production and documents the defaults elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_CHANNEL_SECRET: required in production/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_CHANNEL_SECRET: 'x'.repeat(32) }).PAYMENT_CHANNEL_SECRET).toBe('x'.repeat(32));
    expect(() => loadConfig({ PAYMENT_CHANNEL_SECRET: 'too-short' })).toThrow(/PAYMENT_CHANNEL_SECRET/);
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ PAYMENT_ORDER_TTL_MINUTES: 30, PAYMENT_EXPIRY_SWEEP_SECONDS: 60 });
    expect(defaults.PAYMENT_CHANNEL_SECRET).toBeUndefined();
    expect(() => loadConfig({ PAYMENT_ORDER_TTL_MINUTES: '0' })).toThrow(/PAYMENT_ORDER_TTL_MINUTES/);
  });

  it('closes orders PAYMENT_ORDER_TTL_MINUTES after they were made', async () => {
    const short = await createTestApp({ database: test.database, clock, env: { ...PAYMENT_TEST_ENV, PAYMENT_ORDER_TTL_MINUTES: '5' } });
    try {
      const order = await createPaymentOrder(short.app, await partnerToken(short.app));
      expect(order.expireTime).toBe(new Date(clock.now() + 5 * MINUTE).toISOString());
      const sweep = () => short.core.paymentOrders.closeExpired(new RequestContext('test-sweep', null, { kind: 'anonymous' }, '', clock));
      clock.advance(5 * MINUTE - 1);
      await sweep();
      expect((await storedOrder(order)).status).toBe(0);
      clock.advance(1);
      await sweep();
      expect(await storedOrder(order)).toMatchObject({ status: 20, closedTime: new Date(clock.now()) });
    } finally {
      await short.close();
    }
  });
});
