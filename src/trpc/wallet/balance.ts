import { z } from '../../core/validation';
import { staffProcedure } from '../trpc';

export const walletBalance = staffProcedure('ops:member:query')
  .input(z.object({ memberId: z.number().int().positive() }))
  .query(({ ctx, input }) => ctx.core.wallets.balance(ctx.ctx, input.memberId));
