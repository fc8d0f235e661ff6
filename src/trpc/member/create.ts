import { memberCreateSchema } from '../../core/member/member-service';
import { staffProcedure } from '../trpc';

export const createMember = staffProcedure('ops:member:create')
  .input(memberCreateSchema)
  .mutation(({ ctx, input }) => ctx.core.members.create(ctx.ctx, input));
