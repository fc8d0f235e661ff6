// POST /open-api/system/oauth2/token and /token/revoke, black-box through the real app.
import { describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { OPEN_API_SCOPES } from '../src/core/oauth2/scopes';
import { UserType } from '../src/core/request-context';
import { basicAuth, envelope, partnerToken, requestToken, tokenOf, useTestApp } from './support/app';
import { createTenant } from './support/admin';
import { SEED } from './support/database';
import { createPartner, updatePartner } from './support/partner-clients';

const test = useTestApp('oauth2_token');
const { clock } = test;

const tokenCount = () => test.db.oAuth2AccessToken.count();

function revoke(token: string, authorization: string) {
  return test.app.inject({ method: 'POST', url: `/open-api/system/oauth2/token/revoke?token=${encodeURIComponent(token)}`, headers: { authorization } });
}

describe('token', () => {
  it('issues a bearer token with every scope of the client, stored as the 2.2 record', async () => {
    const response = await requestToken(test.app);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = envelope<{ access_token: string; token_type: string; expires_in: number; scope: string }>(response);
    expect(body).toMatchObject({ code: 0, msg: '', data: { token_type: 'bearer', expires_in: 7200, scope: OPEN_API_SCOPES.join(' ') } });
    expect(body.data).not.toHaveProperty('refresh_token');
    const record = await test.db.oAuth2AccessToken.findUnique({ where: { accessToken: body.data.access_token } });
    expect(record).toMatchObject({ userType: UserType.OPEN_API, refreshToken: '', clientId: SEED.partnerClientId, tenantId: 1 });
    expect(record?.expiresTime.getTime()).toBe(clock.now() + 7200 * 1000);
  });

  it('grants a requested subset of scopes', async () => {
    const body = envelope<{ scope: string }>(await requestToken(test.app, { scope: 'goods:search:read pay:wallet:read' }));
    expect(body.code).toBe(0);
    expect(body.data.scope).toBe('goods:search:read pay:wallet:read');
  });

  it('rejects a scope the client was not granted, and writes nothing', async () => {
    const partner = await createPartner(test.core, { scopes: ['goods:search:read'] });
    const before = await tokenCount();
    const response = await requestToken(test.app, { authorization: basicAuth(partner.clientId, partner.secret), scope: 'goods:search:read pay:wallet:write' });
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({ code: ErrorCatalogue.OAUTH2_SCOPE_NOT_ALLOWED.code, data: null });
    expect(envelope(response).msg).toContain('pay:wallet:write');
    expect(await tokenCount()).toBe(before);
  });

  it.each([
    ['a wrong secret', basicAuth(SEED.partnerClientId, 'wrong-secret')],
    ['an unknown client', basicAuth('no-such-client', SEED.partnerClientSecret)],
    ['no credentials', undefined],
    ['a malformed Basic header', 'Basic !!!'],
    ['a Bearer header', 'Bearer abc'],
  ])('answers 401 with a Basic challenge for %s', async (_case, authorization) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/open-api/system/oauth2/token?grant_type=client_credentials',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Basic realm="open-api"');
    expect(envelope(response)).toMatchObject({ code: 401, data: null });
  });

  it('gives a disabled client no token', async () => {
    const partner = await createPartner(test.core);
    await updatePartner(test.core, partner, { status: 1 });
    const response = await requestToken(test.app, { authorization: basicAuth(partner.clientId, partner.secret) });
    expect(response.statusCode).toBe(401);
    expect(envelope(response).msg).toContain('disabled');
  });

  it('refuses a client without the client_credentials grant', async () => {
    const partner = await createPartner(test.core, { authorizedGrantTypes: ['authorization_code'], scopes: [] });
    const response = await requestToken(test.app, { authorization: basicAuth(partner.clientId, partner.secret) });
    expect(envelope(response).code).toBe(ErrorCatalogue.OAUTH2_GRANT_TYPE_NOT_ALLOWED.code);
  });

  it.each([
    ['grant_type=password', 'grant_type: unsupported_grant_type'],
    ['grant_type=', 'grant_type: unsupported_grant_type'],
    ['scope=goods:search:read', 'grant_type: required'],
  ])('answers 400 naming the field for %s', async (query, message) => {
    const response = await test.app.inject({ method: 'POST', url: `/open-api/system/oauth2/token?${query}`, headers: { authorization: basicAuth() } });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain(message);
  });

  it('issues the token in the tenant of the tenant-id header, and refuses an unknown tenant', async () => {
    // Not the default tenant (1): a header that was ignored would pass too.
    const tenant = await createTenant(test.db);
    const ok = envelope<{ access_token: string }>(await requestToken(test.app, { headers: { 'tenant-id': String(tenant.id) } }));
    expect(ok.code).toBe(0);
    expect(await test.db.oAuth2AccessToken.findUnique({ where: { accessToken: ok.data.access_token } })).toMatchObject({ tenantId: tenant.id });
    const missing = await requestToken(test.app, { headers: { 'tenant-id': '999' } });
    expect(envelope(missing).code).toBe(ErrorCatalogue.TENANT_NOT_FOUND.code);
    const malformed = await requestToken(test.app, { headers: { 'tenant-id': 'one' } });
    expect(malformed.statusCode).toBe(400);
    expect(envelope(malformed).msg).toContain('tenant-id');
  });

  it('tolerates an empty JSON body and rejects a malformed one', async () => {
    const url = '/open-api/system/oauth2/token?grant_type=client_credentials';
    const headers = { authorization: basicAuth(), 'content-type': 'application/json' };
    expect(envelope(await test.app.inject({ method: 'POST', url, headers, payload: '' })).code).toBe(0);
    const malformed = await test.app.inject({ method: 'POST', url, headers, payload: '{bad' });
    expect(malformed.statusCode).toBe(400);
    expect(envelope(malformed).msg).toContain('body: malformed JSON');
  });
});

describe('token records', () => {
  it('are purged a day after they expire, when tokens are issued', async () => {
    const partner = await createPartner(test.core, { accessTokenValiditySeconds: 60 });
    const oldToken = await tokenOf(test.app, partner);
    clock.advance(60_000 + 86_400_000 + 3_600_000);
    await partnerToken(test.app);
    expect(await test.db.oAuth2AccessToken.findUnique({ where: { accessToken: oldToken } })).toBeNull();
  });
});

describe('revoke', () => {
  it('revokes its own token with Basic credentials (true), after which the token is dead', async () => {
    const token = await partnerToken(test.app);
    const response = await revoke(token, basicAuth());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(envelope(response)).toMatchObject({ code: 0, data: true });
    expect(await test.db.oAuth2AccessToken.findUnique({ where: { accessToken: token } })).toBeNull();
    expect(envelope(await revoke(token, basicAuth())).data).toBe(false);
  });

  it('revokes a token presented as its own Bearer', async () => {
    const token = await partnerToken(test.app);
    expect(envelope(await revoke(token, `Bearer ${token}`)).data).toBe(true);
  });

  it('answers false for an unknown token (never an error)', async () => {
    expect(envelope(await revoke('not-a-token', basicAuth()))).toMatchObject({ code: 0, data: false });
  });

  it("does not touch another client's token", async () => {
    const other = await createPartner(test.core);
    await partnerToken(test.app);
    const othersToken = await tokenOf(test.app, other);
    expect(envelope(await revoke(othersToken, basicAuth())).data).toBe(false);
    expect(await test.db.oAuth2AccessToken.findUnique({ where: { accessToken: othersToken } })).not.toBeNull();
  });

  it('needs credentials: 401 without, 400 without the token parameter', async () => {
    const token = await partnerToken(test.app);
    const anonymous = await test.app.inject({ method: 'POST', url: `/open-api/system/oauth2/token/revoke?token=${token}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await revoke(token, basicAuth(SEED.partnerClientId, 'wrong'))).statusCode).toBe(401);
    const noToken = await test.app.inject({ method: 'POST', url: '/open-api/system/oauth2/token/revoke', headers: { authorization: basicAuth() } });
    expect(noToken.statusCode).toBe(400);
    expect(envelope(noToken).msg).toContain('token: required');
  });
});
