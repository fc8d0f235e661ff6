// Supplement bills: the list of outstanding bills of a user, and the supplement pay order that groups
// some of them for wallet pay (interface.md 4.2, open-api.md "Business operations").
import { SUPPLEMENT_ERRORS } from '../core/supplement/supplement-service';
import { SupplementBizType } from '../core/order/statuses';
import { z } from '../core/validation';
import { envelopeOf, ok } from './envelope';
import { partnerContext, type PartnerRoutes } from './partner-routes';
import { dateTimeOut, externalUserIdParam } from './params';
import { registerRead } from './read-route';
import { fieldText } from '../core/validation-messages';

const TAGS = ['Supplements'];

/** Bills one supplement pay order may group; interface.md only says non-empty. */
export const MAX_SUPPLEMENT_BILLS = 100;

const listParams = z.object({ externalUserId: externalUserIdParam });

const billRow = z.object({
  orderExpensesNo: z.string().describe('Expense number (E...)'),
  bizType: z.enum([SupplementBizType.PURCHASE, SupplementBizType.BAG]).describe('Raised on a purchase order or on a bag'),
  bizNo: z.string().describe('The purchase orderNo or the bagNo'),
  amount: z.number().int().describe('CNY cents'),
  reason: z.string(),
  createTime: dateTimeOut,
}).meta({ id: 'SupplementBill' });

const tradeNoBody = z.object({
  externalUserId: externalUserIdParam,
  orderExpensesNoList: z
    .array(z.string().trim().min(1).max(64))
    .min(1)
    .max(MAX_SUPPLEMENT_BILLS)
    .refine((list) => new Set(list).size === list.length, fieldText('noRepeatedExpenseNo'))
    .describe(`Expense numbers from the supplement list, 1..${MAX_SUPPLEMENT_BILLS}, all purchase or all bag bills`),
});

const tradeNoData = z.object({
  paymentId: z.string().describe('Pay it with wallet pay'),
  payAmount: z.number().int().describe('Sum of the bills, CNY cents'),
}).meta({ id: 'SupplementPayOrder' });

export const supplementRoutes: PartnerRoutes = async (app, { core }) => {
  registerRead(app, {
    url: '/order/supplement/list',
    scope: 'order:supplement:read',
    summary: 'Outstanding supplement bills of a bound user',
    description:
      'Unpaid bills, oldest first. With repayment authorization on, bills are debited automatically; ' +
      'those listed here are the ones auto-debit could not pay (short balance) or that wait for the partner (authorization off).',
    tags: TAGS,
    params: listParams,
    response: envelopeOf(z.array(billRow), SUPPLEMENT_ERRORS.listUnpaid),
    handler: async ({ externalUserId }, request) => {
      const bills = await core.supplements.listUnpaid(partnerContext(request, core), externalUserId);
      return ok(bills.map(({ orderExpensesNo, bizType, bizNo, amount, reason, createdAt }) => ({ orderExpensesNo, bizType, bizNo, amount, reason, createTime: createdAt })));
    },
  });

  app.post(
    '/order/supplement/trade-no',
    {
      config: { scope: 'order:supplement:write' },
      schema: {
        summary: 'Create a supplement pay order',
        description:
          'Groups unpaid bills of the user into one pay order for wallet pay. Purchase and bag bills are never mixed in one call. ' +
          'A bill already in an unpaid supplement pay order moves to the new one, and that older pay order is closed.',
        tags: TAGS,
        body: tradeNoBody,
        response: { 200: envelopeOf(tradeNoData, SUPPLEMENT_ERRORS.createPayOrder) },
      },
    },
    async (request) => ok(await core.supplements.createPayOrder(partnerContext(request, core), request.body)),
  );
};
