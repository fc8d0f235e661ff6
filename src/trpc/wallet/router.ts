import { router } from '../trpc';
import { walletBalance } from './balance';
import { creditWallet } from './credit';
import { debitWallet } from './debit';

export const walletRouter = router({ balance: walletBalance, credit: creditWallet, debit: debitWallet });
