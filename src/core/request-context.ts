// Every service method takes the caller's context first (Vendure's RequestContext): who is calling,
// in which tenant, for which request, and what time it is.
import type { Clock } from './clock';
import { ErrorCatalogue } from './errors/catalogue';
import { refusal } from './errors/reasons';

export const UserType = { MEMBER: 1, ADMIN: 2, OPEN_API: 3 } as const;

export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'partner'; clientId: string; clientRecordId: number; scopes: ReadonlySet<string> }
  | { kind: 'admin'; userId: number };

export class RequestContext {
  constructor(
    readonly requestId: string,
    readonly tenantId: number | null,
    readonly actor: Actor,
    readonly ip: string,
    readonly clock: Clock,
  ) {}

  now(): Date {
    return new Date(this.clock.now());
  }
}

/**
 * The caller's tenant, for queries of tenant-owned records (members, wallets, orders, bills...), which
 * name it in their where clause. A context without a tenant (anonymous) may not touch them at all.
 */
export function tenantIdOf(ctx: RequestContext): number {
  if (ctx.tenantId === null) throw refusal(ErrorCatalogue.FORBIDDEN, 'tenantRequired');
  return ctx.tenantId;
}
