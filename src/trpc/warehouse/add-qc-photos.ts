import { qcAddPhotosSchema } from '../../core/warehouse/warehouse-service';
import { staffProcedure } from '../trpc';

export const addQcPhotos = staffProcedure('ops:warehouse:update')
  .input(qcAddPhotosSchema)
  .mutation(({ ctx, input }) => ctx.core.warehouse.addQcPhotos(ctx.ctx, input));
