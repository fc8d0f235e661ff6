import { router } from '../trpc';
import { awaitingPurchase } from './awaiting';
import { cancelItem } from './cancel';
import { markPurchased } from './mark-purchased';

export const purchasingRouter = router({ awaiting: awaitingPurchase, markPurchased, cancel: cancelItem });
