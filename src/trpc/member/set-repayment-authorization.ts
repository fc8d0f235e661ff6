import { repaymentAuthorizationSchema } from '../../core/member/member-service';
import { staffProcedure } from '../trpc';

/** When on, supplement bills of the member are debited from the wallet automatically. */
export const setRepaymentAuthorization = staffProcedure('ops:member:update')
  .input(repaymentAuthorizationSchema)
  .mutation(({ ctx, input }) => ctx.core.members.setRepaymentAuthorization(ctx.ctx, input));
