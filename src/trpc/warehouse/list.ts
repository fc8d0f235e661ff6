import { warehouseListSchema } from '../../core/warehouse/warehouse-service';
import { staffProcedure } from '../trpc';

export const listWarehouseItems = staffProcedure('ops:warehouse:query')
  .input(warehouseListSchema)
  .query(({ ctx, input }) => ctx.core.warehouse.list(ctx.ctx, input));
