import { awaitingPurchaseSchema } from '../../core/purchasing/purchasing-service';
import { staffProcedure } from '../trpc';

/** Paid items awaiting purchase on the marketplace, oldest first. */
export const awaitingPurchase = staffProcedure('ops:purchase:query')
  .input(awaitingPurchaseSchema)
  .query(({ ctx, input }) => ctx.core.purchasing.awaiting(ctx.ctx, input));
