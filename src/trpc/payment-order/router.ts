import { router } from '../trpc';
import { closePaymentOrder } from './close';
import { markPaymentOrderPaid } from './mark-paid';

export const paymentOrderRouter = router({ close: closePaymentOrder, markPaid: markPaymentOrderPaid });
