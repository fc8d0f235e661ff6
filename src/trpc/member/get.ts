import { recordIdSchema } from '../../core/admin/save-shape';
import { z } from '../../core/validation';
import { staffProcedure } from '../trpc';

export const getMember = staffProcedure('ops:member:query')
  .input(z.object({ memberId: recordIdSchema }))
  .query(({ ctx, input }) => ctx.core.members.detail(ctx.ctx, input.memberId));
