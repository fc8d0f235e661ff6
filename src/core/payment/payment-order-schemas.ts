// Inputs of the payment-order operations (interface.md 2.3, 4.2, 8), shared by every face.
import { countryByAlpha2, isCallingCode } from '../geo/countries';
import { formatUsd, usdAmount } from '../money/usd';
import { z } from '../validation';
import { fieldIssue, fieldText } from '../validation-messages';

/** An optional text field: trimmed; an empty string means "not given". */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

/** An ISO 3166-1 alpha-2 code (any case, stored upper case); an empty string means "not given". */
const optionalCountry = z
  .string()
  .trim()
  .regex(/^([A-Za-z]{2})?$/, fieldText('countryAlpha2'))
  .optional()
  .transform((code, ctx) => {
    if (!code) return undefined;
    const country = countryByAlpha2(code);
    if (country) return country.alpha2;
    ctx.addIssue({ code: 'custom', ...fieldIssue('countryAlpha2'), input: code });
    return z.NEVER;
  });

/** OpenPayShippingInfoVO: every field optional; stored with the order and answered back. */
export const shippingInfoSchema = z
  .object({
    firstName: optionalText(64),
    lastName: optionalText(64),
    country: optionalCountry.describe('Destination country: ISO 3166-1 alpha-2 code such as BR or US (case-insensitive; answered upper case)'),
    addressLine: optionalText(255),
    city: optionalText(100),
    zipcode: optionalText(20),
    phone: optionalText(32)
      .describe('Digits with spaces, ( ) . / - and an optional leading +')
      .refine((phone) => phone === undefined || /^\+?[0-9][0-9 ()./-]*$/.test(phone), fieldText('phoneCharacters')),
    email: optionalText(254).pipe(z.email().optional()).describe('An email address'),
    callingCodeCountry: optionalCountry.describe('Country of the phone number: ISO 3166-1 alpha-2 code such as BR; callingCode must be its calling code'),
    callingCode: optionalText(8)
      .describe('Country calling code such as 55 or +55')
      .refine((code) => code === undefined || isCallingCode(code), fieldText('callingCode')),
  })
  .superRefine((info, ctx) => {
    // The calling code belongs to callingCodeCountry when both are given.
    if (info.callingCode === undefined || info.callingCodeCountry === undefined) return;
    const expected = countryByAlpha2(info.callingCodeCountry)?.callingCode;
    if (expected !== undefined && info.callingCode.replace(/^\+/, '') !== expected) {
      ctx.addIssue({ code: 'custom', path: ['callingCode'], ...fieldIssue('notCallingCodeOf', { country: info.callingCodeCountry, expected }) });
    }
  });

export type ShippingInfo = z.output<typeof shippingInfoSchema>;

export const SHIPPING_INFO_FIELDS = [
  'firstName',
  'lastName',
  'country',
  'addressLine',
  'city',
  'zipcode',
  'phone',
  'email',
  'callingCodeCountry',
  'callingCode',
] as const satisfies readonly (keyof ShippingInfo)[];

/** interface.md 8: outOrderNo, orderNo and paymentOrderId are at most 64 characters. */
export const orderNumber = z.string().trim().min(1).max(64);

/** 10,000,000.00 USD: the largest payment order; its cents fit the 32-bit amount column. */
export const MAX_PAYMENT_ORDER_CENTS = 1_000_000_000;

/** The bounds of a payment order's USD amount as JSON Schema keywords (the document states what usdAmount checks). */
export const PAY_AMOUNT_BOUNDS = { minimum: 0.01, maximum: MAX_PAYMENT_ORDER_CENTS / 100, multipleOf: 0.01 };

export const paymentOrderCreateSchema = z.object({
  outOrderNo: orderNumber.describe('Your payment number, unique within your system (at most 64 characters)'),
  payAmount: usdAmount({ min: 1 })
    .refine((cents) => cents <= MAX_PAYMENT_ORDER_CENTS, fieldIssue('atMost', { max: formatUsd(MAX_PAYMENT_ORDER_CENTS) }))
    .meta(PAY_AMOUNT_BOUNDS)
    .describe('USD, 0.01 to 10000000.00, at most two decimals (a JSON number such as 12.5)'),
  subject: optionalText(256).describe('Shown to the payer (at most 256 characters)'),
  description: optionalText(2000).describe('At most 2000 characters'),
  shippingInfo: shippingInfoSchema.optional().describe('Where the goods paid for are shipped'),
});

export type PaymentOrderCreateInput = z.output<typeof paymentOrderCreateSchema>;

export const logisticsItemSchema = z.object({
  logisticsProvider: z.string().trim().min(1).max(100).describe('Carrier name'),
  logisticsProviderCode: z.string().trim().min(1).max(32).describe('Carrier code'),
  logisticsCode: z.string().trim().min(1).max(64).describe('Tracking number'),
});

/** Parcels of one submission: at least one, at most MAX_LOGISTICS_ITEMS. */
export const MAX_LOGISTICS_ITEMS = 50;

export const logisticsSubmitSchema = z.object({
  paymentOrderId: orderNumber.describe('The channel order number of a paid payment order'),
  logisticsList: z.array(logisticsItemSchema).min(1).max(MAX_LOGISTICS_ITEMS),
});

export type LogisticsSubmitInput = z.output<typeof logisticsSubmitSchema>;
