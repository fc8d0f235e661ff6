// USD payment orders (open-api.md): create, query, page, logistics submit.
import { PAYMENT_ORDER_ERRORS } from '../core/payment/payment-order-service';
import { centsToUsd } from '../core/money/usd';
import { PaymentOrderStatus } from '../core/order/statuses';
import {
  logisticsSubmitSchema,
  orderNumber,
  PAY_AMOUNT_BOUNDS,
  paymentOrderCreateSchema,
  SHIPPING_INFO_FIELDS,
} from '../core/payment/payment-order-schemas';
import type { PaymentOrderKey, PaymentOrderLogisticsRecord, PaymentOrderRecord } from '../core/payment/payment-order-service';
import { z } from '../core/validation';
import { envelopeOf, ok } from './envelope';
import { type PartnerRoutes, partnerContext } from './partner-routes';
import { codeOut, dateTimeOut, dateTimeRangeParam, pageOf, pageParams, statusCode } from './params';
import { registerRead } from './read-route';
import { fieldIssue } from '../core/validation-messages';

const TAGS = ['Payment orders'];
const PAYMENT_ORDER_STATUSES = 'Payment order status (0 pending, 10 paid, 20 closed)';

/** A filter a partner may also send empty (`?outOrderNo=`), meaning "no filter". */
function optionalFilter<T extends z.ZodType>(schema: T) {
  return z
    .union([z.literal(''), schema])
    .optional()
    .transform((value) => (value === '' ? undefined : (value as z.output<T> | undefined)));
}

const statusParam = statusCode(PaymentOrderStatus, PAYMENT_ORDER_STATUSES);

const shippingInfoOut = z.object(Object.fromEntries(SHIPPING_INFO_FIELDS.map((field) => [field, z.string().nullable()])) as Record<
  (typeof SHIPPING_INFO_FIELDS)[number],
  z.ZodNullable<z.ZodString>
>);

export const paymentOrderOut = z.object({
  orderNo: z.string().describe('Platform payment number'),
  outOrderNo: z.string().describe('Your payment number'),
  paymentOrderId: z.string().describe("The channel's order number"),
  payAmount: z.number().meta(PAY_AMOUNT_BOUNDS).describe('USD, at most two decimals'),
  status: codeOut(Object.values(PaymentOrderStatus), PAYMENT_ORDER_STATUSES),
  subject: z.string().nullable(),
  description: z.string().nullable(),
  shippingInfo: shippingInfoOut.nullable(),
  createTime: dateTimeOut,
  paidTime: dateTimeOut.nullable(),
  expireTime: dateTimeOut.describe('A pending order closes at this time'),
  payUrl: z.string().describe('Where the payer pays'),
}).meta({ id: 'PaymentOrder' });

export function paymentOrderData(order: PaymentOrderRecord): z.output<typeof paymentOrderOut> {
  const stored = order.shippingInfo as Record<string, unknown> | null;
  return {
    orderNo: order.orderNo,
    outOrderNo: order.outOrderNo,
    paymentOrderId: order.paymentOrderId,
    payAmount: centsToUsd(order.payAmount),
    status: order.status,
    subject: order.subject,
    description: order.description,
    shippingInfo:
      stored === null
        ? null
        : (Object.fromEntries(SHIPPING_INFO_FIELDS.map((field) => [field, typeof stored[field] === 'string' ? stored[field] : null])) as Record<
            (typeof SHIPPING_INFO_FIELDS)[number],
            string | null
          >),
    createTime: order.createdAt,
    paidTime: order.paidTime,
    expireTime: order.expireTime,
    payUrl: order.payUrl,
  };
}

const KEY_FIELDS = ['orderNo', 'outOrderNo', 'paymentOrderId'] as const;

const getParams = z
  .object({
    orderNo: optionalFilter(orderNumber).describe('Platform payment number'),
    outOrderNo: optionalFilter(orderNumber).describe('Your payment number'),
    paymentOrderId: optionalFilter(orderNumber).describe("The channel's order number"),
  })
  .transform((params, ctx): PaymentOrderKey => {
    const given = KEY_FIELDS.filter((field) => params[field] !== undefined);
    const [field] = given;
    if (given.length === 1 && field) return { field, value: params[field] as string };
    ctx.addIssue({ code: 'custom', ...fieldIssue('exactlyOnePaymentOrderKey'), input: params });
    return z.NEVER;
  });

const pageParamsSchema = z.object({
  ...pageParams(1000),
  status: optionalFilter(statusParam),
  outOrderNo: optionalFilter(orderNumber).describe('Part of your payment number (case-sensitive)'),
  orderNo: optionalFilter(orderNumber).describe('Platform payment number (exact)'),
  paymentOrderId: optionalFilter(orderNumber).describe("The channel's order number (exact)"),
  createTime: dateTimeRangeParam.optional().describe('[start, end) of creation'),
  paidTime: dateTimeRangeParam.optional().describe('[start, end) of successful payment'),
});

const logisticsOut = z.object({
  paymentOrderId: z.string(),
  accepted: z.boolean().describe('Whether the channel took the logistics'),
  logisticsList: z.array(
    z.object({
      logisticsProvider: z.string(),
      logisticsProviderCode: z.string(),
      logisticsCode: z.string(),
      createTime: dateTimeOut,
    }),
  ),
}).meta({ id: 'PaymentOrderLogistics' });

function logisticsItemData(row: PaymentOrderLogisticsRecord) {
  return {
    logisticsProvider: row.logisticsProvider,
    logisticsProviderCode: row.logisticsProviderCode,
    logisticsCode: row.logisticsCode,
    createTime: row.createdAt,
  };
}

export const paymentOrderRoutes: PartnerRoutes = async (app, { core }) => {
  app.post(
    '/pay/order/create',
    {
      config: { scope: 'pay:order:write' },
      schema: {
        summary: 'Create a payment order (USD)',
        description:
          'Creates a pending payment order at the payment channel; the payer pays at payUrl before expireTime. ' +
          'The same outOrderNo with the same body answers the first order; with a different body it is refused.',
        tags: TAGS,
        body: paymentOrderCreateSchema,
        response: { 200: envelopeOf(paymentOrderOut, PAYMENT_ORDER_ERRORS.create) },
      },
    },
    async (request) => ok(paymentOrderData(await core.paymentOrders.create(partnerContext(request, core), request.body))),
  );

  registerRead(app, {
    url: '/pay/order/get',
    scope: 'pay:order:read',
    summary: 'Query a payment order',
    description: 'By exactly one of orderNo, outOrderNo, paymentOrderId; only your own orders.',
    tags: TAGS,
    params: getParams,
    response: envelopeOf(paymentOrderOut, PAYMENT_ORDER_ERRORS.get),
    handler: async (key, request) => ok(paymentOrderData(await core.paymentOrders.get(partnerContext(request, core), key))),
  });

  registerRead(app, {
    url: '/pay/order/page',
    scope: 'pay:order:read',
    summary: 'Page of payment orders',
    description: 'Your payment orders, newest first.',
    tags: TAGS,
    params: pageParamsSchema,
    response: envelopeOf(pageOf(paymentOrderOut, 'PaymentOrderPage'), PAYMENT_ORDER_ERRORS.page),
    handler: async (filter, request) => {
      const page = await core.paymentOrders.page(partnerContext(request, core), filter);
      return ok({ list: page.list.map(paymentOrderData), total: page.total });
    },
  });

  app.post(
    '/pay/order/logistics/submit',
    {
      config: { scope: 'pay:order:write' },
      schema: {
        summary: 'Submit logistics of a paid payment order',
        description: 'Stores the parcels and hands them to the payment channel. Only paid orders take logistics.',
        tags: TAGS,
        body: logisticsSubmitSchema,
        response: { 200: envelopeOf(logisticsOut, PAYMENT_ORDER_ERRORS.submitLogistics) },
      },
    },
    async (request) => {
      const submission = await core.paymentOrders.submitLogistics(partnerContext(request, core), request.body);
      return ok({ paymentOrderId: submission.paymentOrderId, accepted: submission.accepted, logisticsList: submission.logistics.map(logisticsItemData) });
    },
  );
};
