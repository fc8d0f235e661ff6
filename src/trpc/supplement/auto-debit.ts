import { autoDebitSchema } from '../../core/supplement/supplement-service';
import { staffProcedure } from '../trpc';

/** Debits unpaid bills of members with repayment authorization (the tenant's, or one member's). */
export const autoDebitSupplements = staffProcedure('ops:supplement:auto-debit')
  .input(autoDebitSchema)
  .mutation(({ ctx, input }) => ctx.core.supplements.autoDebit(ctx.ctx, input));
