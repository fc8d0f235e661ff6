import { router } from '../trpc';
import { autoDebitSupplements } from './auto-debit';
import { supplementsOfMember } from './of-member';
import { raiseSupplement } from './raise';

export const supplementRouter = router({ raise: raiseSupplement, autoDebit: autoDebitSupplements, ofMember: supplementsOfMember });
