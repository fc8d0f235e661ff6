import { bagShipSchema } from '../../core/bag/bag-service';
import { staffProcedure } from '../trpc';

export const shipBag = staffProcedure('ops:bag:update')
  .input(bagShipSchema)
  .mutation(({ ctx, input }) => ctx.core.bags.ship(ctx.ctx, input));
