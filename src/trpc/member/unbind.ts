import { bindingKeySchema } from '../../core/member/member-service';
import { staffProcedure } from '../trpc';

export const unbindMember = staffProcedure('ops:member:bind')
  .input(bindingKeySchema)
  .mutation(({ ctx, input }) => ctx.core.members.unbind(ctx.ctx, input));
