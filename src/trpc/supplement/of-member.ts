import { recordIdSchema } from '../../core/admin/save-shape';
import { z } from '../../core/validation';
import { staffProcedure } from '../trpc';

/** Every bill of a member, newest first. */
export const supplementsOfMember = staffProcedure('ops:supplement:query')
  .input(z.object({ memberId: recordIdSchema }))
  .query(({ ctx, input }) => ctx.core.supplements.billsOf(ctx.ctx, input.memberId));
