import { cancelItemSchema } from '../../core/purchasing/purchasing-service';
import { staffProcedure } from '../trpc';

/** A paid or purchased item is refunded to the wallet once; an unpaid item cancels its unpaid order. */
export const cancelItem = staffProcedure('ops:purchase:cancel')
  .input(cancelItemSchema)
  .mutation(({ ctx, input }) => ctx.core.purchasing.cancel(ctx.ctx, input));
