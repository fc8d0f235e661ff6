import { staffProcedure } from '../trpc';
import { adjustmentBizRef, walletAdjustSchema } from './adjust.schema';

/** Never below zero: a debit over the balance is refused. */
export const debitWallet = staffProcedure('ops:member:wallet-adjust')
  .input(walletAdjustSchema)
  .mutation(({ ctx, input }) =>
    ctx.core.wallets.debit(ctx.ctx, { memberId: input.memberId, amount: input.amount, kind: 'debit', bizRef: adjustmentBizRef(input), remark: input.reason }),
  );
