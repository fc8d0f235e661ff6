import { recordIdSchema } from '../../core/admin/save-shape';
import { z } from '../../core/validation';
import { staffProcedure } from '../trpc';

export const getMember = staffProcedure('ops:member:query')
  .input(z.object({ memberId: recordIdSchema }))
  .query(async ({ ctx, input }) => {
    // The member first: an unknown (or another tenant's) member answers MEMBER_NOT_FOUND, always.
    const member = await ctx.core.members.get(ctx.ctx, input.memberId);
    const [bindings, addresses, wallet] = await Promise.all([
      ctx.core.members.bindings(ctx.ctx, input.memberId),
      ctx.core.members.addresses(ctx.ctx, input.memberId),
      ctx.core.wallets.balance(ctx.ctx, input.memberId),
    ]);
    return { member, bindings, addresses, balance: wallet.balance };
  });
