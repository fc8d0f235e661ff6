// The one guard of the console's GraphQL API: type-graphql calls it for every field marked
// @Authorized. `@Authorized('system:user:create')` needs that permission; `@Authorized()` with no
// permission needs only a signed-in administrator. Operations without @Authorized are public:
// only PUBLIC_OPERATIONS may be (a test walks the schema).
import type { AuthCheckerFn } from 'type-graphql';
import type { GraphQLContext } from '../context';

/** The only operations anyone may call without signing in. */
export const PUBLIC_OPERATIONS: readonly string[] = ['login', 'refresh'];

/** The permission an @Authorized declaration names; null for "any signed-in administrator". */
export function requiredPermission(roles: readonly string[]): string | null {
  if (roles.length > 1) throw new Error(`An operation declares one permission, not several (${roles.join(', ')})`);
  return roles[0] ?? null;
}

/** Throws UNAUTHORIZED (401) for anonymous callers, FORBIDDEN (403) naming a missing permission. */
export const authChecker: AuthCheckerFn<GraphQLContext> = async ({ context }, roles) => {
  await context.core.permissions.authorize(context.ctx, requiredPermission(roles));
  return true;
};
