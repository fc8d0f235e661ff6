import { bagCreateSchema } from '../../core/bag/bag-service';
import { staffProcedure } from '../trpc';

export const createBag = staffProcedure('ops:bag:create')
  .input(bagCreateSchema)
  .mutation(({ ctx, input }) => ctx.core.bags.create(ctx.ctx, input));
