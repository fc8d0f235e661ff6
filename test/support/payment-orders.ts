// Payment-order calls as a partner and as the built-in channel makes them. Notifications are signed
// here independently of the channel's code (HMAC-SHA256 over `<timestamp>.<raw body>`).
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../src/core/clock';
import { envelope, postJson } from './app';

export const CHANNEL_SECRET = 'payment-test-channel-secret-0123456789';
export const PUBLIC_BASE_URL = 'https://buy.example.com';
/** Settings of the app under test: a known channel secret and public base. */
export const PAYMENT_TEST_ENV = { PAYMENT_CHANNEL_SECRET: CHANNEL_SECRET, PUBLIC_BASE_URL };

export interface PaymentOrderData {
  orderNo: string;
  outOrderNo: string;
  paymentOrderId: string;
  payAmount: number;
  status: number;
  subject: string | null;
  description: string | null;
  shippingInfo: Record<string, string | null> | null;
  createTime: string;
  paidTime: string | null;
  expireTime: string;
  payUrl: string;
}

export const uniqueOutOrderNo = (prefix = 'out') => `${prefix}-${randomBytes(5).toString('hex')}`;

export async function createPaymentOrder(app: FastifyInstance, token: string, body: Record<string, unknown> = {}): Promise<PaymentOrderData> {
  const response = await postJson(app, token, '/open-api/pay/order/create', { outOrderNo: uniqueOutOrderNo(), payAmount: 12.5, ...body });
  const answer = envelope<PaymentOrderData>(response);
  if (answer.code !== 0) throw new Error(`create failed: ${answer.msg}`);
  return answer.data;
}

export interface NotificationRequest {
  rawBody: string;
  headers: Record<string, string>;
}

/** A notification signed with the channel secret (or `secret`), at the clock's time unless told. */
export function signedNotification(
  clock: Clock,
  fields: { paymentOrderId: string; amount: number; nonce?: string; paidAt?: string; currency?: string },
  options: { timestampSeconds?: number; secret?: string } = {},
): NotificationRequest {
  const rawBody = JSON.stringify({
    paymentOrderId: fields.paymentOrderId,
    nonce: fields.nonce ?? randomBytes(16).toString('hex'),
    amount: fields.amount,
    currency: fields.currency ?? 'USD',
    paidAt: fields.paidAt ?? new Date(clock.now()).toISOString(),
  });
  const timestamp = String(options.timestampSeconds ?? Math.floor(clock.now() / 1000));
  const signature = createHmac('sha256', options.secret ?? CHANNEL_SECRET).update(`${timestamp}.${rawBody}`).digest('hex');
  return { rawBody, headers: { 'content-type': 'application/json', 'x-channel-timestamp': timestamp, 'x-channel-signature': signature } };
}

export function notify(app: FastifyInstance, notification: NotificationRequest, channel = 'builtin') {
  return app.inject({ method: 'POST', url: `/pay/notify/${channel}`, headers: notification.headers, payload: notification.rawBody });
}
