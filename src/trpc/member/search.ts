import { memberSearchSchema } from '../../core/member/member-service';
import { staffProcedure } from '../trpc';

export const searchMembers = staffProcedure('ops:member:query')
  .input(memberSearchSchema)
  .query(({ ctx, input }) => ctx.core.members.search(ctx.ctx, input));
