// OAuth 2.0 clients and issued tokens in the console, black-box through /graphql: the client
// resource (system tenant only, secret shown once), token pages per tenant, and revocation taking
// effect on /open-api at once, in this instance and (through Redis) in another.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { OPEN_API_SCOPES } from '../src/core/oauth2/scopes';
import { adminToken, createAdmin, createTenant, errorCode, graphql, type TestAdmin } from './support/admin';
import { createTestApp, type TestApp, tokenOf, useTestApp } from './support/app';
import { REDIS_FOR_TESTS } from './support/environment';
import { consoleClientInput, createPartner } from './support/partner-clients';
import { PROBE_URL, probeRoutes } from './support/probe-routes';
import { eventually } from './support/propagation';

/** An address on the whitelist of the clients createClient makes: tokens are asked from there. */
const WHITELISTED_IP = '198.51.100.7';

const test = useTestApp('oauth2_admin', { openApiRoutes: [probeRoutes] });

const CLIENT_FIELDS = `id clientId secret name logo description status accessTokenValiditySeconds refreshTokenValiditySeconds
  redirectUris authorizedGrantTypes scopes autoApproveScopes authorities resourceIds additionalInformation partnerName
  partnerContact ipWhitelist rateLimitQps tenantId createTime updateTime`;
const CREATE = `mutation($input: OAuth2ClientSaveReqVO!) { createOauth2Client(input: $input) { id clientId secret } }`;
const UPDATE = `mutation($input: OAuth2ClientSaveReqVO!) { updateOauth2Client(input: $input) { id } }`;
const DELETE = `mutation($id: Int64!) { deleteOauth2Client(id: $id) }`;
const GET = `query($id: Int64!) { oauth2Client(id: $id) { ${CLIENT_FIELDS} } }`;
const PAGE = `query($input: OAuth2ClientPageReqVO!) { oauth2ClientPage(input: $input) { total list { id clientId name status secret } } }`;
const SIMPLE_LIST = `{ oauth2ClientSimpleList { id clientId name } }`;
const TOKEN_PAGE = `query($input: OAuth2AccessTokenPageReqVO!) {
  oauth2TokenPage(input: $input) { total list { id accessToken refreshToken userId userType expiresTime clientId createTime } }
}`;
const REVOKE = `mutation($id: Int64!) { deleteOauth2Token(id: $id) }`;
/** How the token page shows a token: its first and last 3 characters. */
const masked = (token: string) => `${token.slice(0, 3)}****${token.slice(-3)}`;
/** The record id the console revokes a token by. */
const recordIdOf = async (accessToken: string) => (await test.db.oAuth2AccessToken.findUniqueOrThrow({ where: { accessToken } })).id;

const CLIENT_PERMISSIONS = ['system:oauth2-client:query', 'system:oauth2-client:create', 'system:oauth2-client:update', 'system:oauth2-client:delete'];
const TOKEN_PERMISSIONS = ['system:oauth2-token:query', 'system:oauth2-token:delete'];

let systemToken: string;
let otherTenantToken: string;
let otherTenantAdmin: TestAdmin;
let readOnlyToken: string;

beforeAll(async () => {
  systemToken = await adminToken(test.app, await createAdmin(test.core, { permissions: [...CLIENT_PERMISSIONS, ...TOKEN_PERMISSIONS] }));
  readOnlyToken = await adminToken(test.app, await createAdmin(test.core, { permissions: ['system:oauth2-client:query'] }));
  otherTenantAdmin = await createAdmin(test.core, { tenant: await createTenant(test.db), permissions: [...CLIENT_PERMISSIONS, ...TOKEN_PERMISSIONS] });
  otherTenantToken = await adminToken(test.app, otherTenantAdmin);
});

let sequence = 0;
function clientInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return consoleClientInput({ clientId: `console-client-${sequence}-${Date.now().toString(36)}`, ...overrides });
}

async function createClient(overrides: Record<string, unknown> = {}) {
  const input = clientInput(overrides);
  const answer = await graphql<{ createOauth2Client: { id: number; clientId: string; secret: string } }>(test.app, CREATE, { token: systemToken, variables: { input } });
  expect(answer.errors).toBeUndefined();
  return { input, created: answer.data!.createOauth2Client };
}

const clientCount = () => test.db.oAuth2Client.count();

describe('OAuth 2.0 clients', () => {
  it('creates a client whose secret is answered once, then shown as ******; the secret works for tokens', async () => {
    const { input, created } = await createClient();
    expect(created).toMatchObject({ clientId: input.clientId, secret: input.secret });

    const read = await graphql<{ oauth2Client: Record<string, unknown> }>(test.app, GET, { token: systemToken, variables: { id: created.id } });
    expect(read.errors).toBeUndefined();
    const { additionalInformationJson: _flag, ...stored } = input;
    expect(read.data!.oauth2Client).toMatchObject({ ...stored, id: created.id, secret: '******', ipWhitelist: '203.0.113.0/24,198.51.100.7' });
    expect(JSON.stringify(read.data)).not.toContain(String(input.secret));

    expect(await tokenOf(test.app, { clientId: created.clientId, secret: String(input.secret) }, undefined, WHITELISTED_IP)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps the stored secret when ****** is sent on update, and replaces it otherwise (round trip)', async () => {
    const { input, created } = await createClient();
    const read = await graphql<{ oauth2Client: Record<string, unknown> }>(test.app, GET, { token: systemToken, variables: { id: created.id } });
    const { createTime: _c, updateTime: _u, ...shown } = read.data!.oauth2Client;
    // The console sends back what it read, secret ****** included, with one change.
    const kept = await graphql(test.app, UPDATE, { token: systemToken, variables: { input: { ...shown, name: 'Renamed' } } });
    expect(kept.errors).toBeUndefined();
    expect((await graphql<{ oauth2Client: { name: string } }>(test.app, GET, { token: systemToken, variables: { id: created.id } })).data!.oauth2Client.name).toBe('Renamed');
    expect(await tokenOf(test.app, { clientId: created.clientId, secret: String(input.secret) }, undefined, WHITELISTED_IP)).toBeTruthy();

    const replaced = await graphql(test.app, UPDATE, { token: systemToken, variables: { input: { ...shown, secret: 'the-new-secret' } } });
    expect(replaced.errors).toBeUndefined();
    await expect(tokenOf(test.app, { clientId: created.clientId, secret: String(input.secret) }, undefined, WHITELISTED_IP)).rejects.toThrow();
    expect(await tokenOf(test.app, { clientId: created.clientId, secret: 'the-new-secret' }, undefined, WHITELISTED_IP)).toBeTruthy();
  });

  it('pages by name, clientId and status, and lists enabled clients for pickers', async () => {
    const marker = `pg${Date.now().toString(36)}`;
    const enabled = await createClient({ name: `${marker} enabled`, clientId: `${marker}-enabled` });
    const disabled = await createClient({ name: `${marker} disabled`, clientId: `${marker}-disabled`, status: 1 });

    const byName = await graphql<{ oauth2ClientPage: { total: number; list: { id: number; secret: string }[] } }>(test.app, PAGE, {
      token: systemToken,
      variables: { input: { pageNo: 1, pageSize: 10, name: marker } },
    });
    expect(byName.errors).toBeUndefined();
    expect(byName.data!.oauth2ClientPage.total).toBe(2);
    expect(byName.data!.oauth2ClientPage.list.map((client) => client.id)).toEqual([disabled.created.id, enabled.created.id]);
    expect(byName.data!.oauth2ClientPage.list.every((client) => client.secret === '******')).toBe(true);

    const byStatus = await graphql<{ oauth2ClientPage: { total: number; list: { id: number }[] } }>(test.app, PAGE, {
      token: systemToken,
      variables: { input: { name: marker, status: 1 } },
    });
    expect(byStatus.data!.oauth2ClientPage.list.map((client) => client.id)).toEqual([disabled.created.id]);
    const byClientId = await graphql<{ oauth2ClientPage: { list: { id: number }[] } }>(test.app, PAGE, {
      token: systemToken,
      variables: { input: { clientId: `${marker}-en` } },
    });
    expect(byClientId.data!.oauth2ClientPage.list.map((client) => client.id)).toEqual([enabled.created.id]);
    const secondPage = await graphql<{ oauth2ClientPage: { total: number; list: { id: number }[] } }>(test.app, PAGE, {
      token: systemToken,
      variables: { input: { name: marker, pageNo: 2, pageSize: 1 } },
    });
    expect(secondPage.data!.oauth2ClientPage).toEqual({ total: 2, list: [{ id: enabled.created.id, clientId: `${marker}-enabled`, name: `${marker} enabled`, status: 0, secret: '******' }] });

    const simple = await graphql<{ oauth2ClientSimpleList: { id: number }[] }>(test.app, SIMPLE_LIST, { token: systemToken });
    const ids = simple.data!.oauth2ClientSimpleList.map((client) => client.id);
    expect(ids).toContain(enabled.created.id);
    expect(ids).not.toContain(disabled.created.id);
  });

  it('deletes a client and revokes its tokens at once', async () => {
    const { input, created } = await createClient({ scopes: [...OPEN_API_SCOPES], ipWhitelist: '' });
    const token = await tokenOf(test.app, { clientId: created.clientId, secret: String(input.secret) });
    expect((await test.app.inject({ method: 'GET', url: PROBE_URL, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);

    const deleted = await graphql(test.app, DELETE, { token: systemToken, variables: { id: created.id } });
    expect(deleted.errors).toBeUndefined();
    expect(await test.db.oAuth2Client.findUnique({ where: { id: created.id } })).toBeNull();
    expect(await test.db.oAuth2AccessToken.count({ where: { clientId: created.clientId } })).toBe(0);
    expect((await test.app.inject({ method: 'GET', url: PROBE_URL, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    expect(errorCode(await graphql(test.app, DELETE, { token: systemToken, variables: { id: created.id } }))).toBe(ErrorCatalogue.OAUTH2_CLIENT_NOT_FOUND.code);
    expect(errorCode(await graphql(test.app, GET, { token: systemToken, variables: { id: created.id } }))).toBe(ErrorCatalogue.OAUTH2_CLIENT_NOT_FOUND.code);
  });

  it("records the tenant a partner serves (the system tenant unless told), kept on update when omitted", async () => {
    const otherTenant = otherTenantAdmin.tenantId;
    const byDefault = await createClient();
    const served = await createClient({ tenantId: otherTenant });
    const read = async (id: number) => (await graphql<{ oauth2Client: { tenantId: number } }>(test.app, GET, { token: systemToken, variables: { id } })).data!.oauth2Client.tenantId;
    expect([await read(byDefault.created.id), await read(served.created.id)]).toEqual([1, otherTenant]);
    expect((await graphql(test.app, UPDATE, { token: systemToken, variables: { input: { ...served.input, tenantId: undefined, id: served.created.id, secret: '******', name: 'Kept' } } })).errors).toBeUndefined();
    expect(await read(served.created.id)).toBe(otherTenant);
    const before = await clientCount();
    expect(errorCode(await graphql(test.app, CREATE, { token: systemToken, variables: { input: clientInput({ tenantId: 2_000_000_000 }) } }))).toBe(ErrorCatalogue.TENANT_NOT_FOUND.code);
    expect(await clientCount()).toBe(before);
  });

  it('refuses an id on create and requires one on update, naming id', async () => {
    const before = await clientCount();
    const withId = await graphql(test.app, CREATE, { token: systemToken, variables: { input: clientInput({ id: 5 }) } });
    expect(errorCode(withId)).toBe(400);
    expect(withId.errors![0]!.message).toContain('id');
    const withoutId = await graphql(test.app, UPDATE, { token: systemToken, variables: { input: clientInput() } });
    expect(errorCode(withoutId)).toBe(400);
    expect(withoutId.errors![0]!.message).toContain('id');
    expect(await clientCount()).toBe(before);
  });

  it.each([
    ['clientId', 'ab'],
    ['clientId', 'has space'],
    ['secret', ''],
    ['secret', 'x'.repeat(129)],
    ['name', ''],
    ['name', 'x'.repeat(256)],
    ['logo', 'x'.repeat(501)],
    ['description', 'x'.repeat(501)],
    ['status', 2],
    ['status', -1],
    ['accessTokenValiditySeconds', 0],
    ['accessTokenValiditySeconds', 31_536_001],
    ['refreshTokenValiditySeconds', -1],
    ['redirectUris', ['']],
    ['authorizedGrantTypes', []],
    ['authorizedGrantTypes', ['magic']],
    ['additionalInformation', 'x'.repeat(4001)],
    ['partnerName', 'x'.repeat(101)],
    ['partnerContact', 'x'.repeat(101)],
    ['ipWhitelist', 'x'.repeat(2001)],
    ['rateLimitQps', -1],
  ])('refuses an invalid %s (case %#) with a 400 naming it, writing nothing', async (field, value) => {
    const before = await clientCount();
    const answer = await graphql(test.app, CREATE, { token: systemToken, variables: { input: clientInput({ [field]: value }) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await clientCount()).toBe(before);
  });

  it.each([
    ['scopes', ['no:such:scope'], ErrorCatalogue.OAUTH2_SCOPE_UNKNOWN.code],
    ['ipWhitelist', '300.1.1.1', ErrorCatalogue.OAUTH2_IP_WHITELIST_INVALID.code],
    ['additionalInformation', 'not json', ErrorCatalogue.OAUTH2_ADDITIONAL_INFORMATION_INVALID.code],
  ])('refuses %s = %j with its business code', async (field, value, code) => {
    const before = await clientCount();
    expect(errorCode(await graphql(test.app, CREATE, { token: systemToken, variables: { input: clientInput({ [field]: value }) } }))).toBe(code);
    expect(await clientCount()).toBe(before);
  });

  it('refuses a missing required field and a taken clientId', async () => {
    const { name: _name, ...withoutName } = clientInput();
    const missing = await graphql(test.app, CREATE, { token: systemToken, variables: { input: withoutName } });
    expect(missing.status).toBe(400);
    expect(missing.errors![0]!.message).toContain('name');
    const { input } = await createClient();
    expect(errorCode(await graphql(test.app, CREATE, { token: systemToken, variables: { input: { ...input, name: 'twin' } } }))).toBe(ErrorCatalogue.OAUTH2_CLIENT_EXISTS.code);
  });

  it('answers 403 to an administrator without the permission of each operation', async () => {
    const { created } = await createClient();
    const before = await clientCount();
    expect(errorCode(await graphql(test.app, CREATE, { token: readOnlyToken, variables: { input: clientInput() } }))).toBe(403);
    expect(errorCode(await graphql(test.app, UPDATE, { token: readOnlyToken, variables: { input: clientInput({ id: created.id }) } }))).toBe(403);
    expect(errorCode(await graphql(test.app, DELETE, { token: readOnlyToken, variables: { id: created.id } }))).toBe(403);
    expect(await clientCount()).toBe(before);
    expect((await graphql(test.app, GET, { token: readOnlyToken, variables: { id: created.id } })).errors).toBeUndefined();
    const noPermission = await adminToken(test.app, await createAdmin(test.core, { permissions: ['system:user:query'] }));
    for (const [query, variables] of [
      [GET, { id: created.id }],
      [PAGE, { input: {} }],
      [SIMPLE_LIST, {}],
    ] as const) {
      expect(errorCode(await graphql(test.app, query, { token: noPermission, variables }))).toBe(403);
    }
  });

  it("refuses administrators of other tenants, whatever their permissions: clients are the platform's", async () => {
    const { input, created } = await createClient();
    const refused = ErrorCatalogue.TENANT_MANAGED_BY_SYSTEM.code;
    const before = await clientCount();
    for (const [query, variables] of [
      [CREATE, { input: clientInput() }],
      [UPDATE, { input: { ...input, id: created.id, secret: '******', name: 'taken over' } }],
      [DELETE, { id: created.id }],
      [GET, { id: created.id }],
      [PAGE, { input: {} }],
      [SIMPLE_LIST, {}],
    ] as const) {
      expect(errorCode(await graphql(test.app, query, { token: otherTenantToken, variables })), query).toBe(refused);
    }
    expect(await clientCount()).toBe(before);
    expect(await test.db.oAuth2Client.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ name: input.name });
  });
});

const probe = (app: TestApp['app'], token: string) => app.inject({ method: 'GET', url: PROBE_URL, headers: { authorization: `Bearer ${token}` } });

describe('OAuth 2.0 token records', () => {
  it("pages the tenant's tokens by client, user type and user, with the fields of interface.md 2.2", async () => {
    const partner = await createPartner(test.core);
    const first = await tokenOf(test.app, partner);
    const second = await tokenOf(test.app, partner);
    const answer = await graphql<{ oauth2TokenPage: { total: number; list: Record<string, unknown>[] } }>(test.app, TOKEN_PAGE, {
      token: systemToken,
      variables: { input: { clientId: partner.clientId, userType: 3 } },
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.oauth2TokenPage.total).toBe(2);
    expect(answer.data!.oauth2TokenPage.list.map((record) => record.accessToken)).toEqual([masked(second), masked(first)]);
    expect(JSON.stringify(answer.data)).not.toContain(second);
    expect(answer.data!.oauth2TokenPage.list[0]).toMatchObject({
      accessToken: masked(second),
      refreshToken: '',
      userId: partner.id,
      userType: 3,
      clientId: partner.clientId,
      expiresTime: new Date(test.clock.now() + 3600 * 1000).toISOString(),
      createTime: expect.any(String),
    });

    // Console sessions are token records too: the signed-in administrator's own, by user.
    const admin = await createAdmin(test.core, { permissions: TOKEN_PERMISSIONS });
    const adminSession = await adminToken(test.app, admin);
    const mine = await graphql<{ oauth2TokenPage: { list: { accessToken: string; userType: number; refreshToken: string }[] } }>(test.app, TOKEN_PAGE, {
      token: adminSession,
      variables: { input: { userId: admin.id, userType: 2 } },
    });
    const sessionRecord = await test.db.oAuth2AccessToken.findUniqueOrThrow({ where: { accessToken: adminSession } });
    expect(mine.data!.oauth2TokenPage.list).toEqual([
      expect.objectContaining({ accessToken: masked(adminSession), userType: 2, refreshToken: masked(sessionRecord.refreshToken) }),
    ]);
  });

  it('revokes a token by the record id the page shows: /open-api refuses it at once', async () => {
    const partner = await createPartner(test.core);
    const token = await tokenOf(test.app, partner);
    expect((await probe(test.app, token)).statusCode).toBe(200);
    const page = await graphql<{ oauth2TokenPage: { list: { id: number }[] } }>(test.app, TOKEN_PAGE, { token: systemToken, variables: { input: { clientId: partner.clientId } } });
    const [{ id }] = page.data!.oauth2TokenPage.list as [{ id: number }];
    const revoked = await graphql(test.app, REVOKE, { token: systemToken, variables: { id } });
    expect(revoked.errors).toBeUndefined();
    expect((await probe(test.app, token)).statusCode).toBe(401);
    expect(await test.db.oAuth2AccessToken.count({ where: { accessToken: token } })).toBe(0);
    expect(errorCode(await graphql(test.app, REVOKE, { token: systemToken, variables: { id } }))).toBe(ErrorCatalogue.OAUTH2_TOKEN_NOT_FOUND.code);
    const invalid = await graphql(test.app, REVOKE, { token: systemToken, variables: { id: 0 } });
    expect(errorCode(invalid)).toBe(400);
    expect(invalid.errors![0]!.message).toContain('id');
  });

  it('revoking a console session ends it, refresh token included', async () => {
    const admin = await createAdmin(test.core, { permissions: ['system:user:query'] });
    const login = await graphql<{ login: { accessToken: string; refreshToken: string } }>(
      test.app,
      `mutation($u: String!, $p: String!, $t: String!) { login(username: $u, password: $p, tenant: $t) { accessToken refreshToken } }`,
      { variables: { u: admin.username, p: admin.password, t: admin.tenantName } },
    );
    const session = login.data!.login;
    expect((await graphql(test.app, REVOKE, { token: systemToken, variables: { id: await recordIdOf(session.accessToken) } })).errors).toBeUndefined();
    expect(errorCode(await graphql(test.app, '{ me { user { id } } }', { token: session.accessToken }))).toBe(401);
    const refresh = await graphql(test.app, `mutation($r: String!) { refresh(refreshToken: $r) { accessToken } }`, { variables: { r: session.refreshToken } });
    expect(errorCode(refresh)).toBe(ErrorCatalogue.AUTH_REFRESH_TOKEN_INVALID.code);
  });

  it("neither shows nor revokes another tenant's tokens", async () => {
    const partner = await createPartner(test.core);
    const token = await tokenOf(test.app, partner);
    const theirs = await graphql<{ oauth2TokenPage: { total: number } }>(test.app, TOKEN_PAGE, {
      token: otherTenantToken,
      variables: { input: { clientId: partner.clientId } },
    });
    expect(theirs.data!.oauth2TokenPage.total).toBe(0);
    const all = await graphql<{ oauth2TokenPage: { list: { userId: number; userType: number }[] } }>(test.app, TOKEN_PAGE, {
      token: otherTenantToken,
      variables: { input: { pageSize: 100 } },
    });
    expect(all.data!.oauth2TokenPage.list.every((record) => record.userType === 2 && record.userId === otherTenantAdmin.id)).toBe(true);
    expect(errorCode(await graphql(test.app, REVOKE, { token: otherTenantToken, variables: { id: await recordIdOf(token) } }))).toBe(ErrorCatalogue.OAUTH2_TOKEN_NOT_FOUND.code);
    expect((await probe(test.app, token)).statusCode).toBe(200);
  });

  it('answers 403 without the token permissions, and refuses bad filters with 400', async () => {
    const partner = await createPartner(test.core);
    const token = await tokenOf(test.app, partner);
    const queryOnly = await adminToken(test.app, await createAdmin(test.core, { permissions: ['system:oauth2-token:query'] }));
    expect(errorCode(await graphql(test.app, REVOKE, { token: queryOnly, variables: { id: await recordIdOf(token) } }))).toBe(403);
    expect((await probe(test.app, token)).statusCode).toBe(200);
    const none = await adminToken(test.app, await createAdmin(test.core, { permissions: ['system:user:query'] }));
    expect(errorCode(await graphql(test.app, TOKEN_PAGE, { token: none, variables: { input: {} } }))).toBe(403);
    for (const query of [{ userType: 4 }, { userType: 0 }, { userId: 0 }, { pageSize: 101 }, { pageNo: 0 }]) {
      const answer = await graphql(test.app, TOKEN_PAGE, { token: systemToken, variables: { input: query } });
      expect(errorCode(answer), JSON.stringify(query)).toBe(400);
      expect(answer.errors![0]!.message).toContain(Object.keys(query)[0]!);
    }
  });
});

// Two app instances stand for two processes; Redis carries the revocation between them.
async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_FOR_TESTS, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const redisUp = await redisReachable();
if (!redisUp && process.env.CI) throw new Error(`Redis unreachable at ${REDIS_FOR_TESTS}; required under CI`);

describe.skipIf(!redisUp)('token revocation across instances', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp({ database: test.database, clock: test.clock, redisUrl: REDIS_FOR_TESTS, openApiRoutes: [probeRoutes] });
    second = await createTestApp({ database: test.database, clock: test.clock, redisUrl: REDIS_FOR_TESTS, openApiRoutes: [probeRoutes] });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("reaches the other instance's token cache", async () => {
    const partner = await createPartner(first.core);
    const token = await tokenOf(first.app, partner);
    expect((await probe(second.app, token)).statusCode).toBe(200);
    const admin = await adminToken(first.app, await createAdmin(first.core, { permissions: TOKEN_PERMISSIONS }));
    expect((await graphql(first.app, REVOKE, { token: admin, variables: { id: await recordIdOf(token) } })).errors).toBeUndefined();
    expect(await eventually(async () => (await probe(second.app, token)).statusCode, 401)).toBe(401);
  });
});
