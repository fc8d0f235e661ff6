import { supplementRaiseSchema } from '../../core/supplement/supplement-service';
import { staffProcedure } from '../trpc';

/** A bill on an order or bag of the member; debited at once when the member authorized repayment. */
export const raiseSupplement = staffProcedure('ops:supplement:create')
  .input(supplementRaiseSchema)
  .mutation(({ ctx, input }) => ctx.core.supplements.raise(ctx.ctx, input));
