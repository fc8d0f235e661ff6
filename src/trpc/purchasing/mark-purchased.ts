import { markPurchasedSchema } from '../../core/purchasing/purchasing-service';
import { staffProcedure } from '../trpc';

/** PAID -> PURCHASED; a higher actual price raises one purchase supplement bill, however often retried. */
export const markPurchased = staffProcedure('ops:purchase:update')
  .input(markPurchasedSchema)
  .mutation(({ ctx, input }) => ctx.core.purchasing.markPurchased(ctx.ctx, input));
