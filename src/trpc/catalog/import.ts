import { catalogImportSchema } from '../../core/catalog/catalog-service';
import { staffProcedure } from '../trpc';

/** Bulk import: goods created, or updated in place by (source, goodsId); SKUs upserted by skuId, missing ones deleted. */
export const importGoods = staffProcedure('ops:goods:import')
  .input(catalogImportSchema)
  .mutation(({ ctx, input }) => ctx.core.catalog.import(ctx.ctx, input));
