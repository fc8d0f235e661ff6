// The operation log, black-box through /graphql: every mutation leaves one row (success, business
// failure, permission refusal, refusal before execution, sign-in attempts without their password),
// queries leave none, and each tenant pages only its own rows.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { adminToken, createAdmin, createTenant, errorCode, graphql, randomIp, unique, type TestAdmin, type TestTenant } from './support/admin';
import { useTestApp } from './support/app';

const test = useTestApp('operation_log');

const CREATE = 'mutation($input: SocialClientSaveReqVO!) { createSocialClient(input: $input) { id } }';
const UPDATE = 'mutation($input: SocialClientSaveReqVO!) { updateSocialClient(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteSocialClient(id: $id) }';
const PAGE = `query($input: OperationLogPageReqVO!) {
  operationLogPage(input: $input) { total list { id userId username operation targetId success resultCode resultMsg durationMs ip requestId createTime } }
}`;

interface LogRow {
  id: number;
  userId: number | null;
  username: string | null;
  operation: string;
  targetId: string | null;
  success: boolean;
  resultCode: number;
  resultMsg: string | null;
  durationMs: number;
  ip: string;
  requestId: string;
  createTime: string;
}

let tenant: TestTenant;
let admin: TestAdmin;
let token: string;
let socialType = 100;

beforeAll(async () => {
  tenant = await createTenant(test.db);
  admin = await createAdmin(test.core, {
    tenant,
    permissions: ['system:social-client:create', 'system:social-client:update', 'system:social-client:delete', 'system:social-client:query', 'system:operate-log:query'],
  });
  token = await adminToken(test.app, admin);
});

function socialInput(overrides: Record<string, unknown> = {}) {
  socialType += 1;
  return { name: 'Audited', socialType, userType: 1, clientId: 'c', clientSecret: 's', agentId: '', status: 0, ...overrides };
}

/** A /graphql POST with a chosen request id and client IP (random by default: sign-in limits per IP live in Redis across runs). */
async function post(app: FastifyInstance, query: string, options: { token?: string; variables?: Record<string, unknown>; requestId: string; ip?: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: options.ip ?? randomIp(),
    headers: { 'x-request-id': options.requestId, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    payload: { query, variables: options.variables },
  });
  return response.json() as { data?: Record<string, unknown> | null; errors?: { extensions: { code: unknown } }[] };
}

const rowsOf = (requestId: string) => test.db.operationLog.findMany({ where: { requestId }, orderBy: { id: 'asc' } });
let requestSequence = 0;
const newRequestId = () => `audit-${Date.now().toString(36)}-${(requestSequence += 1)}`;

describe('the audit plugin', () => {
  it('logs a successful create with who, tenant, operation, the returned id, time, duration, IP and request id', async () => {
    const requestId = newRequestId();
    const answer = await post(test.app, CREATE, { token, variables: { input: socialInput() }, requestId, ip: '10.1.2.3' });
    const id = (answer.data!.createSocialClient as { id: number }).id;
    expect(await rowsOf(requestId)).toEqual([
      {
        id: expect.any(Number),
        tenantId: tenant.id,
        userId: admin.id,
        username: admin.username,
        operation: 'createSocialClient',
        targetId: String(id),
        resultCode: 0,
        resultMsg: null,
        durationMs: expect.any(Number),
        ip: '10.1.2.3',
        requestId,
        createdAt: new Date(test.clock.now()),
      },
    ]);
  });

  it('takes the target from input.id on update and from id on delete', async () => {
    const created = await graphql<{ createSocialClient: { id: number } }>(test.app, CREATE, { token, variables: { input: socialInput() } });
    const id = created.data!.createSocialClient.id;
    const updateId = newRequestId();
    await post(test.app, UPDATE, { token, variables: { input: { ...socialInput(), id } }, requestId: updateId });
    expect(await rowsOf(updateId)).toMatchObject([{ operation: 'updateSocialClient', targetId: String(id), resultCode: 0 }]);
    const deleteId = newRequestId();
    await post(test.app, DELETE, { token, variables: { id }, requestId: deleteId });
    expect(await rowsOf(deleteId)).toMatchObject([{ operation: 'deleteSocialClient', targetId: String(id), resultCode: 0 }]);
  });

  it('logs failed mutations with their code: a business error, a validation error, a missing permission', async () => {
    const notFound = newRequestId();
    await post(test.app, DELETE, { token, variables: { id: 987_654_321 }, requestId: notFound });
    expect(await rowsOf(notFound)).toMatchObject([
      { operation: 'deleteSocialClient', targetId: '987654321', resultCode: ErrorCatalogue.SOCIAL_CLIENT_NOT_FOUND.code, resultMsg: 'Social client 987654321 does not exist', userId: admin.id },
    ]);

    const invalid = newRequestId();
    await post(test.app, CREATE, { token, variables: { input: socialInput({ name: '' }) }, requestId: invalid });
    expect(await rowsOf(invalid)).toMatchObject([{ operation: 'createSocialClient', resultCode: 400, resultMsg: expect.stringContaining('name') }]);

    const limited = await adminToken(test.app, await createAdmin(test.core, { tenant, permissions: ['system:social-client:query'] }));
    const forbidden = newRequestId();
    await post(test.app, CREATE, { token: limited, variables: { input: socialInput() }, requestId: forbidden });
    expect(await rowsOf(forbidden)).toMatchObject([{ operation: 'createSocialClient', resultCode: 403, tenantId: tenant.id }]);
  });

  it('logs mutations refused before they ran (GraphQL validation), and every root field of a request', async () => {
    const refused = newRequestId();
    const answer = await post(test.app, 'mutation { deleteSocialClient(id: 1) { nope } }', { token, requestId: refused });
    expect(answer.errors).toHaveLength(1);
    expect(await rowsOf(refused)).toMatchObject([{ operation: 'deleteSocialClient', resultCode: 400, userId: admin.id, tenantId: tenant.id, targetId: null }]);

    const two = newRequestId();
    await post(test.app, 'mutation($a: SocialClientSaveReqVO!, $b: SocialClientSaveReqVO!) { a: createSocialClient(input: $a) { id } b: createSocialClient(input: $b) { id } }', {
      token,
      variables: { a: socialInput(), b: socialInput({ status: 9 }) },
      requestId: two,
    });
    expect(await rowsOf(two)).toMatchObject([
      { operation: 'createSocialClient', resultCode: 0 },
      { operation: 'createSocialClient', resultCode: 400 },
    ]);
  });

  it('logs nothing for queries', async () => {
    const requestId = newRequestId();
    await post(test.app, '{ socialClientSimpleList { id } }', { token, requestId });
    await post(test.app, PAGE, { token, variables: { input: {} }, requestId });
    expect(await rowsOf(requestId)).toEqual([]);
  });

  it('logs sign-ins with the username attempted, never the password', async () => {
    const user = await createAdmin(test.core, { tenant, permissions: ['system:user:query'] });
    const loginMutation = 'mutation($u: String!, $p: String!, $t: String!) { login(username: $u, password: $p, tenant: $t) { accessToken refreshToken } }';

    const ok = newRequestId();
    const signedIn = await post(test.app, loginMutation, { variables: { u: user.username, p: user.password, t: tenant.name }, requestId: ok });
    expect(signedIn.errors).toBeUndefined();
    expect(await rowsOf(ok)).toMatchObject([{ operation: 'login', tenantId: tenant.id, userId: user.id, username: user.username, resultCode: 0, targetId: null }]);

    const wrong = newRequestId();
    const wrongPassword = 'the-wrong-password-123';
    await post(test.app, loginMutation, { variables: { u: user.username, p: wrongPassword, t: tenant.name }, requestId: wrong });
    const failed = await rowsOf(wrong);
    expect(failed).toMatchObject([{ operation: 'login', tenantId: tenant.id, userId: null, username: user.username, resultCode: ErrorCatalogue.AUTH_BAD_CREDENTIALS.code }]);
    expect(JSON.stringify(failed)).not.toContain(wrongPassword);
    expect(JSON.stringify(await rowsOf(ok))).not.toContain(user.password);

    // A new username each run: sign-in limits per tenant name and username live in Redis across runs.
    const someone = unique('someone-');
    const unknownTenant = newRequestId();
    await post(test.app, loginMutation, { variables: { u: someone, p: 'whatever-password', t: 'no-such-tenant' }, requestId: unknownTenant });
    expect(await rowsOf(unknownTenant)).toMatchObject([{ tenantId: SYSTEM_TENANT_ID, username: someone, resultCode: ErrorCatalogue.AUTH_TENANT_NOT_FOUND.code }]);

    const refreshMutation = 'mutation($r: String!) { refresh(refreshToken: $r) { accessToken } }';
    const refreshed = newRequestId();
    const tokens = signedIn.data!.login as { refreshToken: string };
    await post(test.app, refreshMutation, { variables: { r: tokens.refreshToken }, requestId: refreshed });
    expect(await rowsOf(refreshed)).toMatchObject([{ operation: 'refresh', tenantId: tenant.id, userId: user.id, username: user.username, resultCode: 0 }]);
    const badRefresh = newRequestId();
    await post(test.app, refreshMutation, { variables: { r: tokens.refreshToken }, requestId: badRefresh });
    expect(await rowsOf(badRefresh)).toMatchObject([{ operation: 'refresh', tenantId: SYSTEM_TENANT_ID, userId: null, resultCode: ErrorCatalogue.AUTH_REFRESH_TOKEN_INVALID.code }]);
  });
});

describe('operationLogPage', () => {
  it('pages the tenant’s rows by user, operation, outcome and time range, newest first', async () => {
    const pageTenant = await createTenant(test.db);
    const reader = await createAdmin(test.core, { tenant: pageTenant, permissions: ['system:operate-log:query', 'system:social-client:create', 'system:social-client:delete'] });
    const readerToken = await adminToken(test.app, reader);
    const from = new Date(test.clock.now());
    const created = await graphql<{ createSocialClient: { id: number } }>(test.app, CREATE, { token: readerToken, variables: { input: socialInput() } });
    test.clock.advance(60_000);
    await graphql(test.app, DELETE, { token: readerToken, variables: { id: 999_999_999 } });
    const later = new Date(test.clock.now());

    const page = async (query: Record<string, unknown>) => {
      const answer = await graphql<{ operationLogPage: { total: number; list: LogRow[] } }>(test.app, PAGE, { token: readerToken, variables: { input: query } });
      expect(answer.errors).toBeUndefined();
      return answer.data!.operationLogPage;
    };
    const all = await page({});
    // The reader's login, the create, the failed delete: newest first.
    expect(all.list.map((row) => row.operation)).toEqual(['deleteSocialClient', 'createSocialClient', 'login']);
    expect(all.list[1]).toMatchObject({ userId: reader.id, username: reader.username, targetId: String(created.data!.createSocialClient.id), success: true, resultCode: 0 });
    expect(all.list[0]).toMatchObject({ success: false, resultCode: ErrorCatalogue.SOCIAL_CLIENT_NOT_FOUND.code, createTime: later.toISOString() });
    expect((await page({ success: false })).list.map((row) => row.operation)).toEqual(['deleteSocialClient']);
    expect((await page({ success: true })).total).toBe(2);
    expect((await page({ operation: 'createSocialClient' })).list.map((row) => row.operation)).toEqual(['createSocialClient']);
    expect((await page({ userId: reader.id })).total).toBe(3);
    expect((await page({ userId: admin.id })).total).toBe(0);
    expect((await page({ createTime: [later.toISOString(), '2100-01-01T00:00:00.000Z'] })).list.map((row) => row.operation)).toEqual(['deleteSocialClient']);
    expect((await page({ createTime: [from.toISOString(), new Date(from.getTime() + 1).toISOString()] })).total).toBe(2);
    expect(await page({ pageNo: 2, pageSize: 2 })).toMatchObject({ total: 3, list: [{ operation: 'login' }] });
  });

  it("shows no other tenant's rows", async () => {
    const other = await adminToken(test.app, await createAdmin(test.core, { tenant: await createTenant(test.db), permissions: ['system:operate-log:query'] }));
    const answer = await graphql<{ operationLogPage: { list: LogRow[] } }>(test.app, PAGE, { token: other, variables: { input: { pageSize: 100 } } });
    expect(answer.data!.operationLogPage.list.map((row) => row.operation)).toEqual(['login']);
    expect(answer.data!.operationLogPage.list.some((row) => row.userId === admin.id)).toBe(false);
  });

  it('answers 403 without system:operate-log:query, and 400 naming bad filters', async () => {
    const none = await adminToken(test.app, await createAdmin(test.core, { tenant, permissions: ['system:social-client:query'] }));
    expect(errorCode(await graphql(test.app, PAGE, { token: none, variables: { input: {} } }))).toBe(403);
    for (const [query, field] of [
      [{ pageSize: 101 }, 'pageSize'],
      [{ pageNo: 0 }, 'pageNo'],
      [{ userId: 0 }, 'userId'],
      [{ operation: 'x'.repeat(101) }, 'operation'],
      [{ createTime: ['2026-11-21T10:00:00Z', '2026-11-21T09:00:00Z'] }, 'createTime'],
    ] as const) {
      const answer = await graphql(test.app, PAGE, { token, variables: { input: query } });
      expect(errorCode(answer), field).toBe(400);
      expect(answer.errors![0]!.message).toContain(field);
    }
  });

  it('keeps the anonymous caller out', async () => {
    expect(errorCode(await graphql(test.app, PAGE, { variables: { input: {} } }))).toBe(401);
  });
});
