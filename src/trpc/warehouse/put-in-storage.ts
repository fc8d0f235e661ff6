import { orderItemRefSchema } from '../../core/warehouse/warehouse-service';
import { staffProcedure } from '../trpc';

export const putInStorage = staffProcedure('ops:warehouse:update')
  .input(orderItemRefSchema)
  .mutation(({ ctx, input }) => ctx.core.warehouse.putInStorage(ctx.ctx, input));
