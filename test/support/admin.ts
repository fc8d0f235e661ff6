// Administrators for console tests: tenants, users with roles holding chosen permissions, sign-in
// through /graphql, and GraphQL calls with a bearer token.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SEED_ADMIN_USERNAME } from '../../prisma/seed';
import { ADMIN_CONSOLE_CLIENT_ID } from '../../src/core/admin/admin-auth-service';
import type { Core } from '../../src/core/core';
import type { Db } from '../../src/core/db/client';
import { publishPermissionsChanged, SUPER_ADMIN_ROLE_CODE } from '../../src/core/permission/permission-service';
import { UserType } from '../../src/core/request-context';
import { hashSecret } from '../../src/core/security/password-hash';
import { SYSTEM_TENANT_ID } from '../../src/core/tenant/tenant-directory';

export const unique = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** A random client IP: sign-in limits are kept per IP, in Redis shared by every test file and run. */
export const randomIp = () => `10.${[0, 0, 0].map(() => randomBytes(1)[0]).join('.')}`;

export interface GraphQLAnswer<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors: { message: string; path?: (string | number)[]; extensions: { code: number | string; name?: string; params?: Record<string, unknown>; fieldErrors?: { field: string; message: string }[]; httpStatus?: number } }[] | undefined;
}

export async function graphql<T = Record<string, unknown>>(
  app: FastifyInstance,
  query: string,
  options: { variables?: Record<string, unknown>; token?: string; ip?: string; acceptLanguage?: string } = {},
): Promise<GraphQLAnswer<T>> {
  const response: LightMyRequestResponse = await app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: options.ip ?? randomIp(),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
    },
    payload: { query, variables: options.variables },
  });
  const body = response.json() as { data?: T | null; errors?: GraphQLAnswer['errors'] };
  return { status: response.statusCode, data: body.data ?? null, errors: body.errors };
}

/**
 * Whether a refused operation answered no data: a mutation's data is null; a query's root fields
 * are nullable (one refused field does not blank the others), so each refused one is null.
 */
export const answeredNothing = (answer: GraphQLAnswer<unknown>) => answer.data === null || Object.values(answer.data as object).every((value) => value === null);

/** The extensions.code of the first error (undefined when there is none). */
export const errorCode = (answer: GraphQLAnswer<unknown>) => answer.errors?.[0]?.extensions.code;

export interface TestTenant {
  id: number;
  name: string;
}

export async function createTenant(db: Db, overrides: { status?: number; expireTime?: Date; packageId?: number | null } = {}): Promise<TestTenant> {
  const tenant = await db.tenant.create({
    data: {
      name: unique('tenant-'),
      contactName: 'Test contact',
      status: overrides.status ?? 0,
      expireTime: overrides.expireTime ?? new Date('2099-01-01T00:00:00Z'),
      accountCount: 10,
      packageId: overrides.packageId ?? null,
    },
  });
  return { id: tenant.id, name: tenant.name };
}

export interface TestAdmin {
  id: number;
  tenantId: number;
  tenantName: string;
  username: string;
  password: string;
  roleId: number | null;
}

/**
 * A user in `tenant` (default: the system tenant) with one role: the super administrator role when
 * `superAdmin`, else a new role holding the button menus of `permissions` (none: no role).
 */
export async function createAdmin(
  core: Core,
  options: { tenant?: TestTenant; permissions?: readonly string[]; superAdmin?: boolean; status?: number } = {},
): Promise<TestAdmin> {
  const { db } = core.database;
  const tenant = options.tenant ?? { id: SYSTEM_TENANT_ID, name: (await db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } })).name };
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const user = await db.adminUser.create({
    data: {
      tenantId: tenant.id,
      username: unique('user'),
      passwordHash: await hashSecret(password),
      nickname: 'Tester',
      name: 'Test administrator',
      status: options.status ?? 0,
    },
  });
  let roleId: number | null = null;
  if (options.superAdmin) {
    const role =
      (await db.role.findUnique({ where: { tenantId_code: { tenantId: tenant.id, code: SUPER_ADMIN_ROLE_CODE } } })) ??
      (await db.role.create({ data: { tenantId: tenant.id, name: 'Super administrator', code: SUPER_ADMIN_ROLE_CODE, sort: 1, dataScopeDeptIds: [] } }));
    roleId = role.id;
  } else if (options.permissions?.length) {
    roleId = (await createRole(core, tenant.id, options.permissions)).id;
  }
  if (roleId !== null) await db.userRole.create({ data: { tenantId: tenant.id, userId: user.id, roleId } });
  return { id: user.id, tenantId: tenant.id, tenantName: tenant.name, username: user.username, password, roleId };
}

/** A role of `tenantId` holding the button menus of `permissions`. */
export async function createRole(core: Core, tenantId: number, permissions: readonly string[]): Promise<{ id: number }> {
  const { db } = core.database;
  const role = await db.role.create({ data: { tenantId, name: 'Test role', code: unique('role-'), sort: 1, dataScopeDeptIds: [] } });
  await grantPermissions(core, tenantId, role.id, permissions);
  return role;
}

/** Adds the button menus of `permissions` to a role, and tells the permission caches. */
export async function grantPermissions(core: Core, tenantId: number, roleId: number, permissions: readonly string[]): Promise<void> {
  const { db } = core.database;
  const menus = await db.menu.findMany({ where: { permission: { in: [...permissions] } }, select: { id: true, permission: true } });
  const missing = permissions.filter((permission) => !menus.some((menu) => menu.permission === permission));
  if (missing.length > 0) throw new Error(`no button menus for ${missing.join(', ')}`);
  await db.roleMenu.createMany({ data: menus.map((menu) => ({ tenantId, roleId, menuId: menu.id })) });
  await publishPermissionsChanged(core.bus, tenantId);
}

export const LOGIN = `mutation Login($username: String!, $password: String!, $tenant: String!) {
  login(username: $username, password: $password, tenant: $tenant) { userId accessToken refreshToken expiresTime refreshExpiresTime }
}`;

export interface TokensAnswer {
  userId: number;
  accessToken: string;
  refreshToken: string;
  expiresTime: string;
  refreshExpiresTime: string;
}

/** Signs in through the login mutation (from a random IP unless one is given). */
export function login(app: FastifyInstance, admin: Pick<TestAdmin, 'username' | 'password' | 'tenantName'>, options: { ip?: string; password?: string } = {}) {
  return graphql<{ login: TokensAnswer }>(app, LOGIN, {
    ip: options.ip,
    variables: { username: admin.username, password: options.password ?? admin.password, tenant: admin.tenantName },
  });
}

/** Signs in and answers the access token; throws when refused. */
export async function adminToken(app: FastifyInstance, admin: TestAdmin): Promise<string> {
  const answer = await login(app, admin);
  if (!answer.data?.login) throw new Error(`login refused: ${answer.errors?.[0]?.message}`);
  return answer.data.login.accessToken;
}

/**
 * An access token of an administrator, issued directly rather than through sign-in: sign-in limits
 * per IP and username live in Redis and are shared by every test file of a pass, so only the tests
 * of sign-in itself should spend attempts.
 */
export async function issuedAdminToken(core: Core, admin: { id: number; tenantId: number }): Promise<string> {
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

/** An access token of the seeded administrator (super administrator of the system tenant). */
export async function seededAdminToken(core: Core): Promise<string> {
  const admin = await core.database.db.adminUser.findFirstOrThrow({ where: { tenantId: SYSTEM_TENANT_ID, username: SEED_ADMIN_USERNAME } });
  return issuedAdminToken(core, admin);
}
