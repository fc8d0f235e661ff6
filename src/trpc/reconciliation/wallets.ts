import { staffProcedure } from '../trpc';

/** Every wallet of the tenant whose balance differs from the sum of its ledger (empty when sound). */
export const reconcileWallets = staffProcedure('ops:reconciliation:query').query(async ({ ctx }) => {
  const differences = await ctx.core.wallets.reconcile(ctx.ctx);
  return { checkedAt: ctx.ctx.now().toISOString(), differences };
});
