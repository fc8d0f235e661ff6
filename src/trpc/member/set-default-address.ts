import { addressDefaultSchema } from '../../core/member/member-service';
import { staffProcedure } from '../trpc';

export const setDefaultMemberAddress = staffProcedure('ops:member:update')
  .input(addressDefaultSchema)
  .mutation(({ ctx, input }) => ctx.core.members.setDefaultAddress(ctx.ctx, input));
