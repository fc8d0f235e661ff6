// Members, wallets and supplement bills belong to one tenant; every query of them names the caller's
// tenant in its where clause. A context without a tenant (anonymous) may not touch them at all.
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import type { RequestContext } from '../request-context';

export function tenantIdOf(ctx: RequestContext): number {
  if (ctx.tenantId === null) throw new ServiceError(ErrorCatalogue.FORBIDDEN, { reason: 'a tenant is required' });
  return ctx.tenantId;
}
