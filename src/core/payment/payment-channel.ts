// The one interface every payment channel implements: the service creates the channel's payment,
// trusts a notification only after the channel verified it, and hands logistics to the channel.
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';

export interface ChannelPaymentRequest {
  /** The platform payment number (PO…). */
  orderNo: string;
  amountCents: number;
  currency: 'USD';
  subject: string | null;
  description: string | null;
  /** The channel stops taking the payment at this time. */
  expireTime: Date;
}

export interface ChannelPayment {
  /** The channel's order number. */
  paymentOrderId: string;
  /** Where the payer completes the payment. */
  payUrl: string;
}

/** A notification the channel has authenticated: signed by it, fresh, well-formed. */
export interface VerifiedNotification {
  paymentOrderId: string;
  /** Unique per delivery: a second delivery with the same nonce is a replay. */
  nonce: string;
  paidAt: Date;
  amountCents: number;
}

export interface LogisticsItem {
  logisticsProvider: string;
  logisticsProviderCode: string;
  logisticsCode: string;
}

export type NotificationHeaders = Readonly<Record<string, string | string[] | undefined>>;

export interface PaymentChannel {
  /** Stored on each payment order; the notification route names it (/pay/notify/<name>). */
  readonly name: string;
  createPayment(request: ChannelPaymentRequest): Promise<ChannelPayment>;
  /** Throws a ServiceError (1_030_041_NNN) when the notification is not authentic, fresh and well-formed. */
  verifyNotification(rawBody: Buffer, headers: NotificationHeaders): Promise<VerifiedNotification>;
  submitLogistics(paymentOrderId: string, items: readonly LogisticsItem[]): Promise<{ accepted: boolean }>;
}

/** The channels of this process; new payment orders go to the default one. */
export class PaymentChannels {
  private readonly byName: ReadonlyMap<string, PaymentChannel>;

  constructor(
    channels: readonly PaymentChannel[],
    readonly defaultChannel: string,
  ) {
    this.byName = new Map(channels.map((channel) => [channel.name, channel]));
    if (!this.byName.has(defaultChannel)) throw new Error(`default payment channel ${defaultChannel} is not registered`);
  }

  get(name: string): PaymentChannel {
    const channel = this.byName.get(name);
    if (!channel) throw new ServiceError(ErrorCatalogue.PAYMENT_CHANNEL_UNKNOWN, { channel: name });
    return channel;
  }
}
