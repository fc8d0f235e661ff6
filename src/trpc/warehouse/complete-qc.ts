import { qcCompleteSchema } from '../../core/warehouse/warehouse-service';
import { staffProcedure } from '../trpc';

export const completeQc = staffProcedure('ops:warehouse:update')
  .input(qcCompleteSchema)
  .mutation(({ ctx, input }) => ctx.core.warehouse.completeQc(ctx.ctx, input));
