import { bagShippingSchema } from '../../core/bag/bag-service';
import { staffProcedure } from '../trpc';

export const setBagShipping = staffProcedure('ops:bag:update')
  .input(bagShippingSchema)
  .mutation(({ ctx, input }) => ctx.core.bags.setShipping(ctx.ctx, input));
