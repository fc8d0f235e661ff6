import { bindingCreateSchema } from '../../core/member/member-service';
import { staffProcedure } from '../trpc';

/** Binds a partner's user id (partner clientId + externalUserId) to a member. */
export const bindMember = staffProcedure('ops:member:bind')
  .input(bindingCreateSchema)
  .mutation(({ ctx, input }) => ctx.core.members.bind(ctx.ctx, input));
