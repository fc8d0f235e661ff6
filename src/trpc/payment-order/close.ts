import { paymentOrderStaffActionSchema } from '../../core/payment/payment-order-service';
import { staffProcedure } from '../trpc';

/** Pending -> closed, with a reason (operation log). */
export const closePaymentOrder = staffProcedure('ops:pay-order:update')
  .input(paymentOrderStaffActionSchema)
  .mutation(({ ctx, input }) => ctx.core.paymentOrders.staffClose(ctx.ctx, input));
