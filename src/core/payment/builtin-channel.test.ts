import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { BuiltinPaymentChannel, newChannelOrderId, NOTIFICATION_TOLERANCE_MS, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './builtin-channel';

const SECRET = 'unit-test-secret-0123456789abcdef0123';
const clock = new ManualClock(Date.UTC(2026, 10, 21, 10, 0, 0));
const channel = new BuiltinPaymentChannel({ secret: SECRET, publicBaseUrl: 'https://pay.example.com/', now: () => clock.now() });

/** Signs as an independent sender would, without the channel's own code. */
function signed(body: unknown, timestampSeconds = Math.floor(clock.now() / 1000), secret = SECRET) {
  const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = String(timestampSeconds);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return { rawBody: Buffer.from(rawBody), headers: { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signature } };
}

const body = { paymentOrderId: 'CH7M3KQ0ZC9XW2TB5RHNDF', nonce: 'n0nce-0123456789abcdef', amount: 12.5, currency: 'USD', paidAt: '2026-11-21T10:00:00Z' };

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('built-in payment channel', () => {
  it('creates CH payment numbers with a checkout URL under the public base', async () => {
    const payment = await channel.createPayment({
      orderNo: 'PO1',
      amountCents: 1250,
      currency: 'USD',
      subject: null,
      description: null,
      expireTime: new Date(clock.now() + 60_000),
    });
    expect(payment.paymentOrderId).toMatch(/^CH[0-9A-HJKMNP-TV-Z]{20}$/);
    expect(payment.payUrl).toBe(`https://pay.example.com/pay/checkout/${payment.paymentOrderId}`);
  });

  it('draws unguessable channel order numbers: 20 random base32 characters, not the time', () => {
    const ids = Array.from({ length: 2000 }, () => newChannelOrderId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^CH[0-9A-HJKMNP-TV-Z]{20}$/);
    // Every character position takes every one of the 32 symbols: no fixed time stamp or counter part.
    for (let position = 2; position < 22; position++) expect(new Set(ids.map((id) => id[position])).size).toBe(32);
  });

  it('verifies a notification signed over timestamp.body and answers its fields in cents', async () => {
    const { rawBody, headers } = signed(body);
    await expect(channel.verifyNotification(rawBody, headers)).resolves.toEqual({
      paymentOrderId: body.paymentOrderId,
      nonce: body.nonce,
      amountCents: 1250,
      paidAt: new Date('2026-11-21T10:00:00Z'),
    });
  });

  it('verifies its own signed notifications (the checkout page sends these)', async () => {
    const notification = channel.signNotification({ paymentOrderId: 'CH1', amountCents: 1999, paidAt: new Date(clock.now()) });
    const verified = await channel.verifyNotification(Buffer.from(notification.rawBody), notification.headers);
    expect(verified).toMatchObject({ paymentOrderId: 'CH1', amountCents: 1999 });
    const again = channel.signNotification({ paymentOrderId: 'CH1', amountCents: 1999, paidAt: new Date(clock.now()) });
    expect(JSON.parse(again.rawBody).nonce).not.toBe(JSON.parse(notification.rawBody).nonce);
  });

  it.each([
    ['a tampered body', () => ({ ...signed(body), rawBody: Buffer.from(JSON.stringify({ ...body, amount: 1 })) })],
    ['another secret', () => signed(body, undefined, 'another-secret-0123456789abcdef0123')],
    ['no signature', () => ({ rawBody: signed(body).rawBody, headers: { [TIMESTAMP_HEADER]: signed(body).headers[TIMESTAMP_HEADER] } })],
    ['no timestamp', () => ({ rawBody: signed(body).rawBody, headers: { [SIGNATURE_HEADER]: signed(body).headers[SIGNATURE_HEADER] } })],
    ['a signature that is not hex', () => ({ ...signed(body), headers: { ...signed(body).headers, [SIGNATURE_HEADER]: 'z'.repeat(64) } })],
    ['a short signature', () => ({ ...signed(body), headers: { ...signed(body).headers, [SIGNATURE_HEADER]: 'ab' } })],
    ['a signature of another timestamp', () => ({ ...signed(body), headers: { ...signed(body).headers, [TIMESTAMP_HEADER]: '1' } })],
  ])('refuses %s', async (_case, make) => {
    const { rawBody, headers } = make();
    const error = await rejection(channel.verifyNotification(rawBody, headers));
    expect(error.code).toBe(ErrorCatalogue.PAYMENT_CHANNEL_SIGNATURE_INVALID.code);
  });

  it('accepts timestamps up to the tolerance either way and refuses beyond', async () => {
    const nowSeconds = Math.floor(clock.now() / 1000);
    const tolerance = NOTIFICATION_TOLERANCE_MS / 1000;
    for (const offset of [-tolerance, tolerance]) {
      const { rawBody, headers } = signed(body, nowSeconds + offset);
      await expect(channel.verifyNotification(rawBody, headers)).resolves.toMatchObject({ nonce: body.nonce });
    }
    for (const offset of [-tolerance - 1, tolerance + 1]) {
      const { rawBody, headers } = signed(body, nowSeconds + offset);
      const error = await rejection(channel.verifyNotification(rawBody, headers));
      expect(error.code).toBe(ErrorCatalogue.PAYMENT_CHANNEL_TIMESTAMP_OUT_OF_WINDOW.code);
    }
  });

  it.each([
    ['not JSON', '{"paymentOrderId":', 'body is not JSON'],
    ['a third decimal', { ...body, amount: 12.505 }, 'amount'],
    ['a zero amount', { ...body, amount: 0 }, 'amount'],
    ['another currency', { ...body, currency: 'EUR' }, 'currency'],
    ['a short nonce', { ...body, nonce: 'abc' }, 'nonce'],
    ['a paidAt without offset', { ...body, paidAt: '2026-11-21 10:00' }, 'paidAt'],
  ])('refuses a signed but malformed notification: %s', async (_case, payload, field) => {
    const { rawBody, headers } = signed(payload);
    const error = await rejection(channel.verifyNotification(rawBody, headers));
    expect(error.code).toBe(ErrorCatalogue.PAYMENT_CHANNEL_NOTIFICATION_INVALID.code);
    expect(error.message).toContain(field);
  });

  it('remembers the logistics handed to it, per channel order', async () => {
    const parcel = { logisticsProvider: 'DHL', logisticsProviderCode: 'dhl', logisticsCode: 'JD0001' };
    await expect(channel.submitLogistics('CH-A', [parcel])).resolves.toEqual({ accepted: true });
    await channel.submitLogistics('CH-A', [{ ...parcel, logisticsCode: 'JD0002' }]);
    expect(channel.receivedLogistics('CH-A').map((item) => item.logisticsCode)).toEqual(['JD0001', 'JD0002']);
    expect(channel.receivedLogistics('CH-B')).toEqual([]);
  });
});
