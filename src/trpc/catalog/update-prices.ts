import { priceUpdateSchema } from '../../core/catalog/catalog-service';
import { staffProcedure } from '../trpc';

/** SKU prices (cents); each goods' price follows its lowest SKU. */
export const updatePrices = staffProcedure('ops:goods:update')
  .input(priceUpdateSchema)
  .mutation(({ ctx, input }) => ctx.core.catalog.updatePrices(ctx.ctx, input));
