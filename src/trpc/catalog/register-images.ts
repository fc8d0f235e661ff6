import { imageRegistrationSchema } from '../../core/catalog/catalog-service';
import { staffProcedure } from '../trpc';

/** Images partners' image search finds the goods by (URL, and perceptual hash when given). */
export const registerImages = staffProcedure('ops:goods:update')
  .input(imageRegistrationSchema)
  .mutation(({ ctx, input }) => ctx.core.catalog.registerImages(ctx.ctx, input));
