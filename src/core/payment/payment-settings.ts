// The configurable rules of USD payment orders (config.ts reads them from the PAYMENT_* variables
// and documents each default). Pay URLs start with the core's publicBaseUrl (PUBLIC_BASE_URL).
import { randomBytes } from 'node:crypto';

export interface PaymentSettings {
  /** HMAC-SHA256 key of the built-in channel's notifications. */
  channelSecret: string;
  /** A pending payment order closes this long after it was created. */
  orderTtlMinutes: number;
  /**
   * Whether the built-in channel's checkout page offers a "pay" button that sends a signed
   * notification. It lets anyone holding the pay URL mark the order paid, so it is for trying the
   * service, never for production.
   */
  checkoutDemo: boolean;
}

/** Defaults of the configuration variables (documented in config.ts). */
export const PAYMENT_SETTING_DEFAULTS = {
  orderTtlMinutes: 30,
  expirySweepSeconds: 60,
} as const;

/** A channel secret for one process: notifications signed by another process are refused. */
export function randomChannelSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function defaultPaymentSettings(): PaymentSettings {
  return {
    channelSecret: randomChannelSecret(),
    orderTtlMinutes: PAYMENT_SETTING_DEFAULTS.orderTtlMinutes,
    checkoutDemo: true,
  };
}
