import { staffProcedure } from '../trpc';
import { adjustmentBizRef, walletAdjustSchema } from './adjust.schema';

export const creditWallet = staffProcedure('ops:member:wallet-adjust')
  .input(walletAdjustSchema)
  .mutation(({ ctx, input }) =>
    ctx.core.wallets.credit(ctx.ctx, { memberId: input.memberId, amount: input.amount, kind: 'credit', bizRef: adjustmentBizRef(input), remark: input.reason }),
  );
