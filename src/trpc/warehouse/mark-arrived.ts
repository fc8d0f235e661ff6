import { orderItemRefSchema } from '../../core/warehouse/warehouse-service';
import { staffProcedure } from '../trpc';

export const markArrived = staffProcedure('ops:warehouse:update')
  .input(orderItemRefSchema)
  .mutation(({ ctx, input }) => ctx.core.warehouse.markArrived(ctx.ctx, input));
