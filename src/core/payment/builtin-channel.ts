// The built-in payment channel: the whole payment flow runs without an outside provider. A payment
// is confirmed by a notification whose JSON body is signed with HMAC-SHA256 over
// `<timestamp>.<raw body>` (timestamp in Unix seconds), sent as
//   X-Channel-Timestamp: 1795255200
//   X-Channel-Signature: <64 lower-case hex digits>
//   {"paymentOrderId":"CH…","nonce":"…","amount":12.5,"currency":"USD","paidAt":"2026-11-21T10:00:00.000Z"}
// A notification older or newer than NOTIFICATION_TOLERANCE_MS is refused, so a captured one cannot
// be replayed later; within the window the nonce (unique in PaymentNotification) stops replays.
//
// The channel's order number is `CH` and 20 random characters of Crockford's base32 alphabet
// (0-9 and A-Z without I, L, O, U: 100 random bits), e.g. `CH7M3KQ0ZC9XW2TB5RHNDF`. It is
// the key of the public checkout page, which shows the amount and subject, so it must not be
// guessable: unlike business numbers it carries no time stamp and no short random tail.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCatalogue } from '../errors/catalogue';
import { refusal } from '../errors/reasons';
import { ServiceError } from '../errors/service-error';
import { centsToUsd, usdAmount } from '../money/usd';
import { z } from '../validation';
import type { ChannelPayment, ChannelPaymentRequest, LogisticsItem, NotificationHeaders, PaymentChannel, VerifiedNotification } from './payment-channel';
import { fieldText } from '../validation-messages';

export const BUILTIN_CHANNEL = 'builtin';
export const TIMESTAMP_HEADER = 'x-channel-timestamp';
export const SIGNATURE_HEADER = 'x-channel-signature';
/** How far a notification's timestamp may be from the server's clock, either way. */
export const NOTIFICATION_TOLERANCE_MS = 5 * 60 * 1000;
/** Crockford's base32: digits and capitals without I, L, O and U, which read like others. */
const ORDER_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random characters of a channel order number (5 bits each). */
const ORDER_ID_RANDOM_CHARS = 20;
/** Channel orders whose logistics the channel remembers; the oldest are forgotten first. */
const LOGISTICS_MEMORY = 10_000;

const notificationBody = z.object({
  paymentOrderId: z.string().min(1).max(64),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, fieldText('nonceCharacters')),
  amount: usdAmount({ min: 1 }),
  currency: z.literal('USD'),
  paidAt: z.iso.datetime({ offset: true }),
});

export interface SignedNotification {
  rawBody: string;
  headers: { [TIMESTAMP_HEADER]: string; [SIGNATURE_HEADER]: string; 'content-type': 'application/json' };
}

/** A new channel order number: `CH` and ORDER_ID_RANDOM_CHARS random base32 characters. */
export function newChannelOrderId(): string {
  // 256 is a multiple of 32, so the low 5 bits of each random byte are uniform.
  const random = Array.from(randomBytes(ORDER_ID_RANDOM_CHARS), (byte) => ORDER_ID_ALPHABET[byte & 31]).join('');
  return `CH${random}`;
}

function headerValue(headers: NotificationHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

export class BuiltinPaymentChannel implements PaymentChannel {
  readonly name = BUILTIN_CHANNEL;
  /** Logistics handed over, per channel order, in submission order. */
  private readonly logistics = new Map<string, LogisticsItem[]>();

  constructor(
    private readonly options: { secret: string; publicBaseUrl: string; now: () => number },
  ) {
    if (options.secret.length === 0) throw new Error('the built-in payment channel needs a secret');
  }

  async createPayment(_request: ChannelPaymentRequest): Promise<ChannelPayment> {
    const paymentOrderId = newChannelOrderId();
    const base = this.options.publicBaseUrl.replace(/\/+$/, '');
    return { paymentOrderId, payUrl: `${base}/pay/checkout/${encodeURIComponent(paymentOrderId)}` };
  }

  /** The signature of a raw body sent at `timestamp` (Unix seconds). */
  signature(timestamp: string, rawBody: Buffer | string): string {
    return createHmac('sha256', this.options.secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  }

  /** A notification as the channel sends it when a payment succeeds (a fresh nonce each time). */
  signNotification(payment: { paymentOrderId: string; amountCents: number; paidAt: Date }): SignedNotification {
    const timestamp = String(Math.floor(this.options.now() / 1000));
    const rawBody = JSON.stringify({
      paymentOrderId: payment.paymentOrderId,
      nonce: randomBytes(16).toString('hex'),
      amount: centsToUsd(payment.amountCents),
      currency: 'USD',
      paidAt: payment.paidAt.toISOString(),
    });
    return {
      rawBody,
      headers: { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: this.signature(timestamp, rawBody), 'content-type': 'application/json' },
    };
  }

  async verifyNotification(rawBody: Buffer, headers: NotificationHeaders): Promise<VerifiedNotification> {
    const timestamp = headerValue(headers, TIMESTAMP_HEADER);
    const signature = headerValue(headers, SIGNATURE_HEADER);
    if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp) || signature === undefined || !/^[0-9a-f]{64}$/i.test(signature)) {
      throw new ServiceError(ErrorCatalogue.PAYMENT_CHANNEL_SIGNATURE_INVALID);
    }
    const expected = Buffer.from(this.signature(timestamp, rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new ServiceError(ErrorCatalogue.PAYMENT_CHANNEL_SIGNATURE_INVALID);
    if (Math.abs(this.options.now() - Number(timestamp) * 1000) > NOTIFICATION_TOLERANCE_MS) {
      throw new ServiceError(ErrorCatalogue.PAYMENT_CHANNEL_TIMESTAMP_OUT_OF_WINDOW, { timestamp, toleranceSeconds: NOTIFICATION_TOLERANCE_MS / 1000 });
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw refusal(ErrorCatalogue.PAYMENT_CHANNEL_NOTIFICATION_INVALID, 'notificationNotJson');
    }
    const parsed = notificationBody.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw issue
        ? refusal(ErrorCatalogue.PAYMENT_CHANNEL_NOTIFICATION_INVALID, 'bodyFieldProblem', { field: issue.path.join('.') || 'body', problem: issue.message })
        : refusal(ErrorCatalogue.PAYMENT_CHANNEL_NOTIFICATION_INVALID, 'notificationInvalidBody');
    }
    const { paymentOrderId, nonce, amount, paidAt } = parsed.data;
    return { paymentOrderId, nonce, amountCents: amount, paidAt: new Date(paidAt) };
  }

  async submitLogistics(paymentOrderId: string, items: readonly LogisticsItem[]): Promise<{ accepted: boolean }> {
    const known = this.logistics.get(paymentOrderId) ?? [];
    this.logistics.delete(paymentOrderId);
    this.logistics.set(paymentOrderId, [...known, ...items.map((item) => ({ ...item }))]);
    if (this.logistics.size > LOGISTICS_MEMORY) {
      const oldest = this.logistics.keys().next().value;
      if (oldest !== undefined) this.logistics.delete(oldest);
    }
    return { accepted: true };
  }

  /** Logistics this channel received for one of its orders (newest orders are remembered). */
  receivedLogistics(paymentOrderId: string): readonly LogisticsItem[] {
    return this.logistics.get(paymentOrderId) ?? [];
  }
}
