// Console tests of users, departments and posts: tokens issued directly (no sign-in limits, no
// password hashing), and tenants with an administrator holding chosen permissions.
import { ADMIN_CONSOLE_CLIENT_ID } from '../../src/core/admin/admin-auth-service';
import type { Core } from '../../src/core/core';
import { UserType } from '../../src/core/request-context';
import { createAdmin, createTenant, type TestAdmin, type TestTenant } from './admin';

/** An access token of `admin`, issued as sign-in would. */
export async function tokenFor(core: Core, admin: Pick<TestAdmin, 'id' | 'tenantId'>): Promise<string> {
  const token = await core.tokens.issue({
    userId: admin.id,
    userType: UserType.ADMIN,
    tenantId: admin.tenantId,
    clientId: ADMIN_CONSOLE_CLIENT_ID,
    scopes: [],
    validitySeconds: 3600,
  });
  return token.accessToken;
}

export interface SignedInAdmin extends TestAdmin {
  token: string;
}

/** An administrator of `tenant` (a new tenant unless given) holding `permissions`, with a token. */
export async function signedInAdmin(
  core: Core,
  options: { tenant?: TestTenant; permissions?: readonly string[]; superAdmin?: boolean } = {},
): Promise<SignedInAdmin> {
  const tenant = options.tenant ?? (await createTenant(core.database.db));
  const admin = await createAdmin(core, { tenant, permissions: options.permissions, superAdmin: options.superAdmin });
  return { ...admin, token: await tokenFor(core, admin) };
}
