import { orderItemRefSchema } from '../../core/warehouse/warehouse-service';
import { staffProcedure } from '../trpc';

export const startQc = staffProcedure('ops:warehouse:update')
  .input(orderItemRefSchema)
  .mutation(({ ctx, input }) => ctx.core.warehouse.startQc(ctx.ctx, input));
