import { router } from '../trpc';
import { reconcileWallets } from './wallets';

export const reconciliationRouter = router({ wallets: reconcileWallets });
