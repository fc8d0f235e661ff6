import { bagRefSchema } from '../../core/bag/bag-service';
import { staffProcedure } from '../trpc';

export const markBagDelivered = staffProcedure('ops:bag:update')
  .input(bagRefSchema)
  .mutation(({ ctx, input }) => ctx.core.bags.markDelivered(ctx.ctx, input));
