import { addressCreateSchema } from '../../core/member/member-service';
import { staffProcedure } from '../trpc';

export const addMemberAddress = staffProcedure('ops:member:update')
  .input(addressCreateSchema)
  .mutation(({ ctx, input }) => ctx.core.members.addAddress(ctx.ctx, input));
