// What every partner-facing order query starts from: the caller's partner and tenant (both go into
// the where), and the check that an id a partner sends fits the Int columns it is compared with.
import type { Prisma } from '../db/client';
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

// Rule (README "Business rules", partner guide: "you only ever see your own members, orders, bills and
// payment orders"): a member bound to several partners shares only its wallet; an order is the partner's
// that created it, an item its order's, a bag every partner's with an item in it (seeing only its own
// items, as its webhooks name them), a supplement bill its order's or bag's.

/** Order items of orders the partner created. */
export function partnerItems(partnerClientId: string) {
  return { order: { partnerClientId } } satisfies Prisma.PurchaseOrderItemWhereInput;
}

/** Bags holding at least one item of an order the partner created. */
export function partnerBags(partnerClientId: string) {
  return { items: { some: partnerItems(partnerClientId) } } satisfies Prisma.BagOrderWhereInput;
}
