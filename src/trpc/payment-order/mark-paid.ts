import { paymentOrderStaffActionSchema } from '../../core/payment/payment-order-service';
import { staffProcedure } from '../trpc';

/** Pending -> paid now, confirmed by staff instead of the channel, with a reason (operation log). */
export const markPaymentOrderPaid = staffProcedure('ops:pay-order:update')
  .input(paymentOrderStaffActionSchema)
  .mutation(({ ctx, input }) => ctx.core.paymentOrders.staffMarkPaid(ctx.ctx, input));
