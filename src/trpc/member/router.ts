import { router } from '../trpc';
import { addMemberAddress } from './add-address';
import { bindMember } from './bind';
import { createMember } from './create';
import { getMember } from './get';
import { searchMembers } from './search';
import { setDefaultMemberAddress } from './set-default-address';
import { setRepaymentAuthorization } from './set-repayment-authorization';
import { unbindMember } from './unbind';

export const memberRouter = router({
  create: createMember,
  get: getMember,
  search: searchMembers,
  bind: bindMember,
  unbind: unbindMember,
  addAddress: addMemberAddress,
  setDefaultAddress: setDefaultMemberAddress,
  setRepaymentAuthorization,
});
