import type { AdminSession } from '../core/admin/admin-auth-service';
import type { Core } from '../core/core';
import { signInRequired } from '../core/permission/permission-service';
import type { RequestContext } from '../core/request-context';
import { type TenantScopedDb, tenantScopedDb } from '../core/tenant/tenant-scoped-db';
import { RequestLoaders } from './loaders';

/** What every resolver receives: the caller's context first, the core services, this request's loaders. */
export interface GraphQLContext {
  ctx: RequestContext;
  core: Core;
  loaders: RequestLoaders;
  /**
   * The database confined to the caller's tenant (src/core/tenant/tenant-scoped-db.ts): what
   * resolvers query. Reading it as an anonymous caller throws UNAUTHORIZED.
   */
  readonly db: TenantScopedDb;
  /** The signed-in administrator's access token (logout ends its session); null when anonymous. */
  accessToken: string | null;
  /** The request's Accept-Language tags, most wanted first (labels and menu names are answered in the first the service writes). */
  languages: readonly string[];
}

/** Apollo copies the context's own properties per operation: `db` is a getter on the prototype, resolved on use. */
class RequestGraphQLContext implements GraphQLContext {
  readonly loaders: RequestLoaders;
  readonly accessToken: string | null;

  constructor(
    readonly ctx: RequestContext,
    readonly core: Core,
    private readonly session: AdminSession | null,
    readonly languages: readonly string[],
  ) {
    this.loaders = new RequestLoaders({ core, ctx });
    this.accessToken = session?.accessToken ?? null;
  }

  get db(): TenantScopedDb {
    if (!this.session) throw signInRequired();
    return tenantScopedDb(this.core.database.db, this.session.tenantId);
  }
}

export function createGraphQLContext(core: Core, ctx: RequestContext, session: AdminSession | null, languages: readonly string[]): GraphQLContext {
  return new RequestGraphQLContext(ctx, core, session, languages);
}
