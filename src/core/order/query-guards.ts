// What every partner-facing order query starts from: the caller's partner and tenant (both go into
// the where), and the check that an id a partner sends fits the Int columns it is compared with.
import { partnerClientIdOf } from '../member/partner-binding';
import { MAX_INT32 } from '../int-bounds';
import { type RequestContext, tenantIdOf } from '../request-context';

export { MAX_INT32 };

/** Whether a partner-sent int64 id can name a record at all (larger ids exist nowhere). */
export function isStoredId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_INT32;
}

export function partnerScope(ctx: RequestContext): { partnerClientId: string; tenantId: number } {
  return { partnerClientId: partnerClientIdOf(ctx), tenantId: tenantIdOf(ctx) };
}
