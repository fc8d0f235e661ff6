// Wallet pay and wallet balance (interface.md 4.2, open-api.md "Business operations").
import { WALLET_PAY_ERRORS } from '../core/pay/wallet-pay-service';
import { MAX_INT32 } from '../core/int-bounds';
import { z } from '../core/validation';
import { envelopeOf, ok } from './envelope';
import { partnerContext, type PartnerRoutes } from './partner-routes';
import { dateTimeOut, externalUserIdParam, intParam } from './params';
import { registerRead } from './read-route';

const TAGS = ['Wallet'];

const payBody = z.object({
  externalUserId: externalUserIdParam.describe('The bound user who owns the pay order (for a purchase: the user who created it)'),
  paymentId: z.string().trim().min(1).max(64).describe('From purchase create or supplement trade-no'),
  payAmount: intParam(0, MAX_INT32).optional().describe('Expected amount, CNY cents; refused when it is not the pay order amount'),
});

const payData = z.object({
  paymentId: z.string(),
  payAmount: z.number().int().describe('Debited amount, CNY cents'),
  balance: z.number().int().describe('Wallet balance after the debit, CNY cents'),
  payTime: dateTimeOut,
}).meta({ id: 'WalletPayment' });

const balanceParams = z.object({ externalUserId: externalUserIdParam.describe('Must already be bound to a member') });

const balanceData = z.object({
  externalUserId: z.string(),
  memberId: z.number().int().describe('The platform member the externalUserId is bound to (as memberId of the order-item and bag pages)'),
  balance: z.number().int().describe('Available balance, CNY cents'),
}).meta({ id: 'WalletBalance' });

export const walletRoutes: PartnerRoutes = async (app, { core }) => {
  app.post(
    '/pay/wallet/pay',
    {
      config: { scope: 'pay:wallet:write' },
      schema: {
        summary: 'Pay a pay order from the member wallet',
        description:
          'Debits the wallet of the bound member and marks the pay order and its purchase order or supplement bills paid, all at once. ' +
          'Refused (business codes) when the pay order is unknown to this partner, belongs to another user, is paid or closed, ' +
          'when payAmount differs from it, when its order is no longer payable, or when the balance is short. A pay order is debited at most once.',
        tags: TAGS,
        body: payBody,
        response: { 200: envelopeOf(payData, WALLET_PAY_ERRORS.pay) },
      },
    },
    async (request) => ok(await core.walletPay.pay(partnerContext(request, core), request.body)),
  );

  registerRead(app, {
    url: '/pay/wallet/balance',
    scope: 'pay:wallet:read',
    summary: 'Wallet balance of a bound user',
    tags: TAGS,
    params: balanceParams,
    response: envelopeOf(balanceData, WALLET_PAY_ERRORS.balance),
    handler: async ({ externalUserId }, request) => ok(await core.walletPay.balance(partnerContext(request, core), externalUserId)),
  });
};
