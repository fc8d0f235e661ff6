import { bagRefSchema } from '../../core/bag/bag-service';
import { staffProcedure } from '../trpc';

export const getBag = staffProcedure('ops:bag:query')
  .input(bagRefSchema)
  .query(({ ctx, input }) => ctx.core.bags.get(ctx.ctx, input));
