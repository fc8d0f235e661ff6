import { bagWeighSchema } from '../../core/bag/bag-service';
import { staffProcedure } from '../trpc';

export const weighBag = staffProcedure('ops:bag:update')
  .input(bagWeighSchema)
  .mutation(({ ctx, input }) => ctx.core.bags.weigh(ctx.ctx, input));
