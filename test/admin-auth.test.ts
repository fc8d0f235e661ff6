// Console sign-in and sessions through /graphql with the real app: login, its refusals and limits,
// refresh, logout, the separation of admin and partner tokens, and permission checks.
import { describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { publishPermissionsChanged } from '../src/core/permission/permission-service';
import { envelope, partnerToken, useTestApp } from './support/app';
import { adminToken, answeredNothing, createAdmin, createTenant, errorCode, grantPermissions, graphql, login, randomIp, seededAdminToken, type TestAdmin, type TokensAnswer, unique } from './support/admin';
import { PROBE_URL, probeRoutes } from './support/probe-routes';

const test = useTestApp('admin_auth', { openApiRoutes: [probeRoutes] });
const { clock } = test;

const ME = `{ me { user { id username nickname } roles { code } permissions menus { name path children { name path component } } } }`;
const ERROR_CODES = '{ errorCodes { name code } }';
const REFRESH = `mutation Refresh($refreshToken: String!) {
  refresh(refreshToken: $refreshToken) { userId accessToken refreshToken expiresTime refreshExpiresTime }
}`;
const LOGOUT = 'mutation { logout }';

interface MeAnswer {
  me: {
    user: { id: number; username: string };
    roles: { code: string }[];
    permissions: string[];
    menus: { name: string; path: string; children: { name: string; path: string; component: string }[] }[];
  };
}

async function newTenantAdmin(options: { permissions?: string[]; status?: number } = {}): Promise<TestAdmin> {
  const tenant = await createTenant(test.core.database.db);
  return createAdmin(test.core, { tenant, permissions: options.permissions ?? ['system:user:query'], status: options.status });
}

async function signedIn(admin: TestAdmin): Promise<TokensAnswer> {
  const answer = await login(test.app, admin);
  expect(answer.errors).toBeUndefined();
  return answer.data!.login;
}

describe('login', () => {
  it('returns an access and a refresh token; me answers with the access token', async () => {
    const admin = await newTenantAdmin({ permissions: ['system:user:query', 'system:user:create'] });
    const ip = randomIp();
    const answer = await login(test.app, admin, { ip });
    expect(answer.errors).toBeUndefined();
    const tokens = answer.data!.login;
    expect(tokens.userId).toBe(admin.id);
    expect(tokens.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.refreshToken).not.toBe(tokens.accessToken);
    expect(new Date(tokens.expiresTime).getTime()).toBe(clock.now() + 1800 * 1000);
    expect(new Date(tokens.refreshExpiresTime).getTime()).toBe(clock.now() + 2_592_000 * 1000);

    const me = await graphql<MeAnswer>(test.app, ME, { token: tokens.accessToken });
    expect(me.errors).toBeUndefined();
    expect(me.data!.me.user).toMatchObject({ id: admin.id, username: admin.username });
    expect(me.data!.me.permissions).toEqual(['system:user:create', 'system:user:query']);
    // The menu tree holds the directory and menu of the buttons, nothing else.
    expect(me.data!.me.menus).toEqual([{ name: 'System', path: '/system', children: [{ name: 'Users', path: 'user', component: 'system/user/index' }] }]);

    const record = await test.core.database.db.adminUser.findUniqueOrThrow({ where: { id: admin.id } });
    expect(record.loginIp).toBe(ip);
    expect(record.loginDate?.getTime()).toBe(clock.now());
    const tokenRecord = await test.core.database.db.oAuth2AccessToken.findUniqueOrThrow({ where: { accessToken: tokens.accessToken } });
    expect(tokenRecord).toMatchObject({ userType: 2, tenantId: admin.tenantId, clientId: 'admin-console', refreshToken: tokens.refreshToken });
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const admin = await newTenantAdmin();
    const wrongPassword = await login(test.app, admin, { password: 'not-the-password' });
    const unknownUser = await login(test.app, { ...admin, username: unique('nobody') });
    for (const answer of [wrongPassword, unknownUser]) {
      expect(answeredNothing(answer)).toBe(true);
      expect(errorCode(answer)).toBe(ErrorCatalogue.AUTH_BAD_CREDENTIALS.code);
    }
    expect(unknownUser.errors![0]!.message).toBe(wrongPassword.errors![0]!.message);
  });

  it('refuses an unknown tenant', async () => {
    const admin = await newTenantAdmin();
    const answer = await login(test.app, { ...admin, tenantName: unique('no-such-tenant-') });
    expect(errorCode(answer)).toBe(ErrorCatalogue.AUTH_TENANT_NOT_FOUND.code);
  });

  it('refuses a disabled user, and tells so only with the right password', async () => {
    const admin = await newTenantAdmin({ status: 1 });
    expect(errorCode(await login(test.app, admin))).toBe(ErrorCatalogue.AUTH_USER_DISABLED.code);
    expect(errorCode(await login(test.app, admin, { password: 'wrong-password' }))).toBe(ErrorCatalogue.AUTH_BAD_CREDENTIALS.code);
  });

  it('refuses a disabled tenant and an expired tenant', async () => {
    const { db } = test.core.database;
    const disabled = await createAdmin(test.core, { tenant: await createTenant(db, { status: 1 }), permissions: ['system:user:query'] });
    expect(errorCode(await login(test.app, disabled))).toBe(ErrorCatalogue.TENANT_DISABLED.code);
    const expired = await createAdmin(test.core, { tenant: await createTenant(db, { expireTime: new Date(clock.now()) }), permissions: ['system:user:query'] });
    expect(errorCode(await login(test.app, expired))).toBe(ErrorCatalogue.TENANT_EXPIRED.code);
  });

  it('refuses over-long input naming the field', async () => {
    const admin = await newTenantAdmin();
    const answer = await login(test.app, { ...admin, username: 'u'.repeat(65) });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('username');
  });
});

describe('sign-in limits', () => {
  it('allows 5 attempts per tenant and username in any 15 minutes, whatever the IP; each frees its place 15 minutes after it was made', async () => {
    const admin = await newTenantAdmin();
    expect(errorCode(await login(test.app, admin, { password: 'wrong-password' }))).toBe(ErrorCatalogue.AUTH_BAD_CREDENTIALS.code);
    clock.advance(60_000);
    for (let attempt = 1; attempt < 5; attempt++) {
      expect(errorCode(await login(test.app, admin, { password: 'wrong-password' }))).toBe(ErrorCatalogue.AUTH_BAD_CREDENTIALS.code);
    }
    const limited = await login(test.app, admin);
    expect(errorCode(limited)).toBe(ErrorCatalogue.AUTH_LOGIN_RATE_LIMITED.code);
    expect(limited.errors![0]!.extensions.httpStatus).toBe(429);
    expect(limited.errors![0]!.message).toBe('Too many sign-in attempts: try again in 840 seconds');

    clock.advance(839_000);
    expect(errorCode(await login(test.app, admin))).toBe(ErrorCatalogue.AUTH_LOGIN_RATE_LIMITED.code);
    clock.advance(1000);
    const allowed = await login(test.app, admin);
    expect(allowed.errors).toBeUndefined();
    expect(errorCode(await login(test.app, admin))).toBe(ErrorCatalogue.AUTH_LOGIN_RATE_LIMITED.code);
  });

  it('counts usernames case-insensitively', async () => {
    const admin = await newTenantAdmin();
    for (let attempt = 0; attempt < 5; attempt++) await login(test.app, { ...admin, username: attempt % 2 ? admin.username.toUpperCase() : admin.username }, { password: 'x' });
    expect(errorCode(await login(test.app, admin))).toBe(ErrorCatalogue.AUTH_LOGIN_RATE_LIMITED.code);
  });

  it('allows 30 attempts per IP in any minute, whatever the username', async () => {
    const admin = await newTenantAdmin();
    const ip = randomIp();
    for (let attempt = 0; attempt < 30; attempt++) {
      const answer = await login(test.app, { ...admin, tenantName: unique('no-such-tenant-') }, { ip });
      expect(errorCode(answer)).toBe(ErrorCatalogue.AUTH_TENANT_NOT_FOUND.code);
    }
    expect(errorCode(await login(test.app, admin, { ip }))).toBe(ErrorCatalogue.AUTH_LOGIN_RATE_LIMITED.code);
    // Another IP is not affected.
    expect((await login(test.app, admin)).errors).toBeUndefined();
    clock.advance(59_999);
    expect(errorCode(await login(test.app, admin, { ip }))).toBe(ErrorCatalogue.AUTH_LOGIN_RATE_LIMITED.code);
    clock.advance(1);
    expect((await login(test.app, admin, { ip })).errors).toBeUndefined();
  });
});

describe('refresh', () => {
  it('rotates: a new pair works, the old refresh token and the old access token are refused', async () => {
    const admin = await newTenantAdmin();
    const first = await signedIn(admin);
    const refreshed = await graphql<{ refresh: TokensAnswer }>(test.app, REFRESH, { variables: { refreshToken: first.refreshToken } });
    expect(refreshed.errors).toBeUndefined();
    const second = refreshed.data!.refresh;
    expect(second.userId).toBe(admin.id);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(errorCode(await graphql(test.app, ME, { token: first.accessToken }))).toBe(401);
    expect((await graphql(test.app, ME, { token: second.accessToken })).errors).toBeUndefined();

    // Presenting the used token again is a reuse: refused, and it ends the session (refresh-token-reuse.test.ts).
    expect(errorCode(await graphql(test.app, REFRESH, { variables: { refreshToken: first.refreshToken } }))).toBe(
      ErrorCatalogue.AUTH_REFRESH_TOKEN_INVALID.code,
    );
    expect(errorCode(await graphql(test.app, ME, { token: second.accessToken }))).toBe(401);
  });

  it('refuses an expired refresh token and a malformed one', async () => {
    const admin = await newTenantAdmin();
    const tokens = await signedIn(admin);
    clock.advance(2_592_000 * 1000);
    expect(errorCode(await graphql(test.app, REFRESH, { variables: { refreshToken: tokens.refreshToken } }))).toBe(
      ErrorCatalogue.AUTH_REFRESH_TOKEN_INVALID.code,
    );
    expect(errorCode(await graphql(test.app, REFRESH, { variables: { refreshToken: 'not a token' } }))).toBe(
      ErrorCatalogue.AUTH_REFRESH_TOKEN_INVALID.code,
    );
  });

  it('checks the user again: a user disabled since sign-in cannot renew', async () => {
    const admin = await newTenantAdmin();
    const tokens = await signedIn(admin);
    await test.core.database.db.adminUser.update({ where: { id: admin.id }, data: { status: 1 } });
    expect(errorCode(await graphql(test.app, REFRESH, { variables: { refreshToken: tokens.refreshToken } }))).toBe(
      ErrorCatalogue.AUTH_USER_DISABLED.code,
    );
  });

  it('checks the tenant again: a tenant disabled since sign-in cannot renew, and its sessions stop', async () => {
    const { db } = test.core.database;
    const tenant = await createTenant(db);
    const admin = await createAdmin(test.core, { tenant, permissions: ['system:user:query'] });
    const tokens = await signedIn(admin);
    await db.tenant.update({ where: { id: tenant.id }, data: { status: 1 } });
    await test.core.bus.publish({ kind: 'tenant-changed', tenantId: tenant.id });
    expect(errorCode(await graphql(test.app, ME, { token: tokens.accessToken }))).toBe(ErrorCatalogue.TENANT_DISABLED.code);
    expect(errorCode(await graphql(test.app, REFRESH, { variables: { refreshToken: tokens.refreshToken } }))).toBe(ErrorCatalogue.TENANT_DISABLED.code);
  });
});

describe('logout', () => {
  it('ends the session: the access token and its refresh token are refused afterwards', async () => {
    const admin = await newTenantAdmin();
    const tokens = await signedIn(admin);
    const other = await signedIn(admin);
    const answer = await graphql<{ logout: boolean }>(test.app, LOGOUT, { token: tokens.accessToken });
    expect(answer.data).toEqual({ logout: true });
    expect(errorCode(await graphql(test.app, ME, { token: tokens.accessToken }))).toBe(401);
    expect(errorCode(await graphql(test.app, REFRESH, { variables: { refreshToken: tokens.refreshToken } }))).toBe(
      ErrorCatalogue.AUTH_REFRESH_TOKEN_INVALID.code,
    );
    // Another session of the same user goes on.
    expect((await graphql(test.app, ME, { token: other.accessToken })).errors).toBeUndefined();
  });

  it('needs a signed-in administrator', async () => {
    expect(errorCode(await graphql(test.app, LOGOUT))).toBe(401);
  });
});

describe('token types', () => {
  it('/graphql refuses a partner token with 401', async () => {
    const token = await partnerToken(test.app);
    const answer = await graphql(test.app, ME, { token });
    expect(answer.status).toBe(401);
    expect(errorCode(answer)).toBe(401);
  });

  it('/open-api refuses an administrator token', async () => {
    const tokens = await signedIn(await newTenantAdmin());
    const response = await test.app.inject({ method: 'GET', url: PROBE_URL, headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(response.statusCode).toBe(401);
    expect(envelope(response).code).toBe(401);
  });

  it('treats a missing, unknown or expired token as anonymous', async () => {
    expect(errorCode(await graphql(test.app, ME))).toBe(401);
    expect(errorCode(await graphql(test.app, ME, { token: 'A'.repeat(43) }))).toBe(401);
    const tokens = await signedIn(await newTenantAdmin());
    clock.advance(1800 * 1000);
    expect(errorCode(await graphql(test.app, ME, { token: tokens.accessToken }))).toBe(401);
  });
});

describe('permissions', () => {
  it('refuses an operation whose permission the user lacks (403 naming it), and allows it once granted', async () => {
    const admin = await newTenantAdmin({ permissions: ['system:user:query'] });
    const token = await adminToken(test.app, admin);
    const denied = await graphql(test.app, ERROR_CODES, { token });
    expect(errorCode(denied)).toBe(403);
    expect(denied.errors![0]!.message).toBe('Permission system:error-code:query is required');

    await grantPermissions(test.core, admin.tenantId, admin.roleId!, ['system:error-code:query']);
    const allowed = await graphql<{ errorCodes: unknown[] }>(test.app, ERROR_CODES, { token });
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data!.errorCodes.length).toBeGreaterThan(0);
  });

  it('refuses anonymous callers with 401', async () => {
    expect(errorCode(await graphql(test.app, ERROR_CODES))).toBe(401);
  });

  it('ignores disabled roles', async () => {
    const admin = await newTenantAdmin({ permissions: ['system:error-code:query'] });
    const token = await adminToken(test.app, admin);
    expect((await graphql(test.app, ERROR_CODES, { token })).errors).toBeUndefined();
    await test.core.database.db.role.update({ where: { id: admin.roleId! }, data: { status: 1 } });
    await publishPermissionsChanged(test.core.bus, admin.tenantId);
    expect(errorCode(await graphql(test.app, ERROR_CODES, { token }))).toBe(403);
  });

  it('stops a user disabled since signing in (401)', async () => {
    const admin = await newTenantAdmin({ permissions: ['system:error-code:query'] });
    const token = await adminToken(test.app, admin);
    await test.core.database.db.adminUser.update({ where: { id: admin.id }, data: { status: 1 } });
    await publishPermissionsChanged(test.core.bus, admin.tenantId);
    expect(errorCode(await graphql(test.app, ERROR_CODES, { token }))).toBe(401);
  });

  it('gives a super administrator every permission and the whole menu tree', async () => {
    const admin = await createAdmin(test.core, { superAdmin: true });
    const token = await adminToken(test.app, admin);
    expect((await graphql(test.app, ERROR_CODES, { token })).errors).toBeUndefined();
    const me = await graphql<MeAnswer>(test.app, ME, { token });
    expect(me.data!.me.roles).toEqual([{ code: 'super_admin' }]);
    expect(me.data!.me.permissions).toContain('system:error-code:query');
    expect(me.data!.me.permissions).toContain('ops:reconciliation:query');
    expect(me.data!.me.menus.map((menu) => menu.name)).toEqual(['System', 'Tenancy', 'OAuth 2.0', 'Messaging', 'Content', 'Basic data', 'Gateway', 'Operations', 'Partners']);
  });

  it('keeps a super administrator of a packaged tenant to the menus of the package', async () => {
    const { db } = test.core.database;
    const users = await db.menu.findFirstOrThrow({ where: { name: 'Users', type: 2 } });
    const buttons = await db.menu.findMany({ where: { parentId: users.id } });
    const pkg = await db.tenantPackage.create({ data: { name: unique('package-'), menuIds: [users.id, ...buttons.map((button) => button.id)] } });
    const tenant = await createTenant(db, { packageId: pkg.id });
    const admin = await createAdmin(test.core, { tenant, superAdmin: true });
    const me = await graphql<MeAnswer>(test.app, ME, { token: await adminToken(test.app, admin) });
    expect(me.data!.me.permissions.every((permission) => permission.startsWith('system:user:'))).toBe(true);
    expect(me.data!.me.permissions).toContain('system:user:create');
    expect(me.data!.me.menus).toEqual([{ name: 'System', path: '/system', children: [{ name: 'Users', path: 'user', component: 'system/user/index' }] }]);
  });

  it('answers for the seeded administrator too', async () => {
    const token = await seededAdminToken(test.core);
    const me = await graphql<MeAnswer>(test.app, ME, { token });
    expect(me.data!.me.user.username).toBe('admin');
  });

  it('answers the menu tree in the shape menuTree answers (MenuTreeView)', async () => {
    const admin = await newTenantAdmin({ permissions: ['system:user:query'] });
    const fields = 'id name permission type sort parentId path icon component componentName status visible keepAlive alwaysShow createTime';
    const me = await graphql<{ me: { menus: unknown[] } }>(test.app, `{ me { menus { ${fields} children { ${fields} children { id } } } } }`, {
      token: await adminToken(test.app, admin),
    });
    expect(me.errors).toBeUndefined();
    const { db } = test.core.database;
    const system = await db.menu.findFirstOrThrow({ where: { name: 'System', type: 1 } });
    const users = await db.menu.findFirstOrThrow({ where: { name: 'Users', type: 2, parentId: system.id } });
    const view = ({ updatedAt: _updatedAt, createdAt, ...menu }: typeof system) => ({ ...menu, createTime: createdAt.toISOString() });
    expect(me.data!.me.menus).toEqual([{ ...view(system), children: [{ ...view(users), children: [] }] }]);
  });
});
