// POST /open-api/system/oauth2/token and /token/revoke, black-box through the real app.
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { CLIENT_AUTH_FAILURE_LIMITS } from '../src/core/oauth2/partner-auth';
import { OPEN_API_SCOPES } from '../src/core/oauth2/scopes';
import { UserType } from '../src/core/request-context';
import { basicAuth, envelope, partnerToken, requestToken, tokenOf, useTestApp } from './support/app';
import { createTenant } from './support/admin';
import { SEED } from './support/database';
import { randomIp } from './support/admin';
import { createPartner, type TestPartner, updatePartner } from './support/partner-clients';

const test = useTestApp('oauth2_token');
const { clock } = test;

const tokenCount = () => test.db.oAuth2AccessToken.count();

/** Wrong secrets are tried against a client of this run only: failure budgets are shared over Redis. */
let wrongSecretPartner: TestPartner;
beforeAll(async () => {
  wrongSecretPartner = await createPartner(test.core);
});

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

  it('rejects a scope the client was not granted as RFC 6749 5.2 invalid_scope (HTTP 400), and writes nothing', async () => {
    const partner = await createPartner(test.core, { scopes: ['goods:search:read'] });
    const before = await tokenCount();
    const response = await requestToken(test.app, { authorization: basicAuth(partner.clientId, partner.secret), scope: 'goods:search:read pay:wallet:write' });
    expect(response.statusCode).toBe(400);
    const msg = `invalid_scope: client ${partner.clientId} was not granted pay:wallet:write`;
    expect(response.json()).toEqual({ code: ErrorCatalogue.OAUTH2_SCOPE_NOT_ALLOWED.code, data: null, msg, error_detail: '', error: 'invalid_scope', error_description: msg });
    expect(await tokenCount()).toBe(before);
  });

  it.each([
    ['a wrong secret', () => basicAuth(wrongSecretPartner.clientId, 'wrong-secret')],
    ['an unknown client', () => basicAuth('no-such-client', SEED.partnerClientSecret)],
    ['no credentials', () => undefined],
    ['a malformed Basic header', () => 'Basic !!!'],
    ['a Bearer header', () => 'Bearer abc'],
  ])('answers 401 invalid_client with a Basic challenge for %s', async (_case, authorization) => {
    const header = authorization();
    const response = await test.app.inject({
      method: 'POST',
      url: '/open-api/system/oauth2/token?grant_type=client_credentials',
      remoteAddress: randomIp(),
      headers: header ? { authorization: header } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Basic realm="open-api"');
    expect(envelope(response)).toMatchObject({ code: 401, data: null, error: 'invalid_client' });
  });

  it('gives a disabled client no token', async () => {
    const partner = await createPartner(test.core);
    await updatePartner(test.core, partner, { status: 1 });
    const response = await requestToken(test.app, { authorization: basicAuth(partner.clientId, partner.secret) });
    expect(response.statusCode).toBe(401);
    expect(envelope(response).msg).toContain('disabled');
  });

  it('refuses a client without the client_credentials grant as RFC 6749 unauthorized_client (HTTP 400)', async () => {
    const partner = await createPartner(test.core, { authorizedGrantTypes: ['authorization_code'], scopes: [] });
    const response = await requestToken(test.app, { authorization: basicAuth(partner.clientId, partner.secret) });
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({ code: ErrorCatalogue.OAUTH2_GRANT_TYPE_NOT_ALLOWED.code, error: 'unauthorized_client' });
  });

  it.each([
    ['grant_type=password', 'grant_type: unsupported_grant_type', 'unsupported_grant_type'],
    ['grant_type=', 'grant_type: unsupported_grant_type', 'unsupported_grant_type'],
    ['scope=goods:search:read', 'grant_type: required', 'invalid_request'],
  ])('answers 400 naming the field for %s', async (query, message, error) => {
    const response = await test.app.inject({ method: 'POST', url: `/open-api/system/oauth2/token?${query}`, headers: { authorization: basicAuth() } });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toContain(message);
    expect(envelope(response)).toMatchObject({ code: 400, error });
  });

  it("issues the token in the client's own tenant, with or without a tenant-id header naming it", async () => {
    // Not the default tenant (1): a client whose tenant was ignored would pass too.
    const tenant = await createTenant(test.db);
    const partner = await createPartner(test.core, { tenantId: tenant.id });
    const authorization = basicAuth(partner.clientId, partner.secret);
    for (const headers of [{}, { 'tenant-id': String(tenant.id) }] as Record<string, string>[]) {
      const answer = envelope<{ access_token: string }>(await requestToken(test.app, { authorization, headers }));
      expect(answer.code).toBe(0);
      expect(await test.db.oAuth2AccessToken.findUnique({ where: { accessToken: answer.data.access_token } })).toMatchObject({ tenantId: tenant.id });
    }
  });

  it('refuses a tenant-id header naming another tenant, existing or not, alike and issuing nothing', async () => {
    const other = await createTenant(test.db);
    const before = await test.db.oAuth2AccessToken.count();
    for (const tenantId of [other.id, 999_999]) {
      const refused = await requestToken(test.app, { headers: { 'tenant-id': String(tenantId) } });
      expect(refused.statusCode).toBe(403);
      expect(envelope(refused)).toMatchObject({ code: 403, data: null, msg: `tenant-id ${tenantId} is not the tenant of this client` });
    }
    expect(await test.db.oAuth2AccessToken.count()).toBe(before);
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
    expect((await revoke(token, basicAuth(wrongSecretPartner.clientId, 'wrong'))).statusCode).toBe(401);
    const noToken = await test.app.inject({ method: 'POST', url: '/open-api/system/oauth2/token/revoke', headers: { authorization: basicAuth() } });
    expect(noToken.statusCode).toBe(400);
    expect(envelope(noToken).msg).toContain('token: required');
  });
});

describe('form body (RFC 6749 4.4.2 and 2.3.1)', () => {
  const url = '/open-api/system/oauth2/token';
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'POST',
      url,
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  it('takes grant_type and scope from the body, with HTTP Basic credentials', async () => {
    const response = await form({ grant_type: 'client_credentials', scope: 'pay:wallet:read' }, { authorization: basicAuth() });
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({ code: 0, data: { token_type: 'bearer', scope: 'pay:wallet:read' } });
  });

  it('takes client_id and client_secret from the body, and ignores fields it does not know', async () => {
    const partner = await createPartner(test.core);
    const response = await form({ grant_type: 'client_credentials', client_id: partner.clientId, client_secret: partner.secret, audience: 'ignored' });
    expect(response.statusCode).toBe(200);
    const token = envelope<{ access_token: string }>(response).data.access_token;
    expect(await test.db.oAuth2AccessToken.findUnique({ where: { accessToken: token } })).toMatchObject({ clientId: partner.clientId });
  });

  it('refuses a wrong client_secret in the body as invalid_client', async () => {
    const response = await form({ grant_type: 'client_credentials', client_id: wrongSecretPartner.clientId, client_secret: 'wrong' });
    expect(response.statusCode).toBe(401);
    expect(envelope(response)).toMatchObject({ code: 401, error: 'invalid_client' });
  });

  it.each([
    ['credentials both in the header and in the body', { grant_type: 'client_credentials', client_id: SEED.partnerClientId, client_secret: SEED.partnerClientSecret }, true, 400, 'client_id: send the client credentials once'],
    ['a client_id without its secret', { grant_type: 'client_credentials', client_id: SEED.partnerClientId }, false, 401, 'invalid_client: client_id and client_secret go together'],
    ['a field given twice', 'grant_type=client_credentials&grant_type=client_credentials', true, 400, 'grant_type: given more than once'],
    ['an unsupported grant type in the body', { grant_type: 'password' }, true, 400, 'grant_type: unsupported_grant_type'],
  ])('refuses %s, naming it', async (_case, fields, withBasic, status, message) => {
    const response = await test.app.inject({
      method: 'POST',
      url,
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(withBasic ? { authorization: basicAuth() } : {}) },
      payload: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    });
    expect(response.statusCode).toBe(status);
    expect(envelope(response).msg).toContain(message);
  });

  it('refuses grant_type given both in the query and in the body', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: `${url}?grant_type=client_credentials`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth() },
      payload: 'grant_type=client_credentials',
    });
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({ msg: 'Invalid request: grant_type: given both in the query and in the body', error: 'invalid_request' });
  });

  it('refuses a form body over 8 KiB with 413', async () => {
    const response = await form({ grant_type: 'client_credentials', scope: 'x'.repeat(9000) }, { authorization: basicAuth() });
    expect(response.statusCode).toBe(413);
  });

  it('revokes a token named in a form body (RFC 7009 2.1)', async () => {
    const token = await partnerToken(test.app);
    const response = await test.app.inject({
      method: 'POST',
      url: `${url}/revoke`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth() },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(envelope(response)).toMatchObject({ code: 0, data: true });
  });
});

describe('failure budgets: wrong secrets buy no key derivation once spent', () => {
  const { perNetwork, perClient } = CLIENT_AUTH_FAILURE_LIMITS;

  function tokenFrom(ip: string, partner: { clientId: string; secret: string }) {
    return requestToken(test.app, { authorization: basicAuth(partner.clientId, partner.secret), remoteAddress: ip });
  }

  it(`refuses a caller network after ${perNetwork} wrong secrets a minute with 429, before verifying anything`, async () => {
    const ip = randomIp();
    const partner = await createPartner(test.core);
    const known = await createPartner(test.core);
    expect((await tokenFrom(ip, known)).statusCode).toBe(200); // verified once: known from now on
    const failures = [];
    for (let i = 0; i < perNetwork; i++) {
      const response = await tokenFrom(ip, { clientId: partner.clientId, secret: `wrong-${i}` });
      failures.push([response.statusCode, response.headers['ratelimit-limit'], response.headers['ratelimit-remaining']]);
    }
    expect(failures).toEqual(Array.from({ length: perNetwork }, (_, i) => [401, String(perNetwork), String(perNetwork - 1 - i)]));

    const refused = await tokenFrom(ip, { clientId: partner.clientId, secret: 'wrong-again' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(envelope(refused)).toMatchObject({ code: ErrorCatalogue.OAUTH2_CLIENT_AUTH_RATE_LIMITED.code, data: null });
    // The proof that nothing is verified any more: even the right secret, never verified yet, is refused.
    expect((await tokenFrom(ip, partner)).statusCode).toBe(429);
    // A secret verified before is recognised without a verification, so it still works from there.
    expect((await tokenFrom(ip, known)).statusCode).toBe(200);
    // Another network is not affected, and a minute later this one is free again.
    expect((await tokenFrom(randomIp(), partner)).statusCode).toBe(200);
    clock.advance(60_000);
    const another = await createPartner(test.core);
    expect((await tokenFrom(ip, another)).statusCode).toBe(200);
  });

  it('gives a correct secret its place back, so successes never spend the budget', async () => {
    const ip = randomIp();
    for (let i = 0; i < perNetwork + 2; i++) {
      const partner = await createPartner(test.core);
      expect((await tokenFrom(ip, partner)).statusCode).toBe(200);
    }
  });

  it(`refuses a client after ${perClient} wrong secrets a minute from any networks, and only that client`, async () => {
    const partner = await createPartner(test.core);
    const other = await createPartner(test.core);
    const statuses = [];
    for (let i = 0; i < perClient; i++) statuses.push((await tokenFrom(randomIp(), { clientId: partner.clientId, secret: `wrong-${i}` })).statusCode);
    expect(statuses).toEqual(Array.from({ length: perClient }, () => 401));
    const fresh = randomIp();
    expect((await tokenFrom(fresh, partner)).statusCode).toBe(429);
    expect((await tokenFrom(fresh, other)).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one network', async () => {
    const partner = await createPartner(test.core);
    const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    for (let i = 0; i < perNetwork; i++) await tokenFrom(`${prefix}::${i + 1}`, { clientId: partner.clientId, secret: 'wrong' });
    expect((await tokenFrom(`${prefix}:ffff:ffff:ffff:ffff`, partner)).statusCode).toBe(429);
  });
});

describe('a refusal answered on arrival', () => {
  // The plain call (exactly `?grant_type=client_credentials`, no body) has its client authenticated
  // on arrival, before parsing and validation; the same call with an empty form body takes the full
  // chain. Each refusal must be the same answer both ways, and the flood's refusal is pinned whole.
  const { perNetwork } = CLIENT_AUTH_FAILURE_LIMITS;
  const plainCall = (authorization: string | undefined, remoteAddress: string) =>
    test.app.inject({ method: 'POST', url: '/open-api/system/oauth2/token?grant_type=client_credentials', remoteAddress, headers: authorization ? { authorization } : {} });
  const fullChainCall = (authorization: string | undefined, remoteAddress: string) =>
    test.app.inject({
      method: 'POST',
      url: '/open-api/system/oauth2/token?grant_type=client_credentials',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
      payload: '',
    });
  /** Status, headers and body, without what differs on every answer (request id, date). */
  const answer = (response: LightMyRequestResponse) => {
    const { 'x-request-id': requestId, date, ...headers } = response.headers;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    return { status: response.statusCode, headers, body: response.json() as unknown };
  };

  it('is the answer of the full chain for every kind of refusal, and for a success', async () => {
    // One partner and one caller network per way, so both ways spend equal budgets.
    const [plain, full] = [{ partner: await createPartner(test.core), ip: randomIp() }, { partner: await createPartner(test.core), ip: randomIp() }];
    const both = async (authorization: (partner: TestPartner) => string | undefined) => [
      answer(await plainCall(authorization(plain.partner), plain.ip)),
      answer(await fullChainCall(authorization(full.partner), full.ip)),
    ];
    const cases: Array<[string, (partner: TestPartner) => string | undefined, number]> = [
      ['no credentials', () => undefined, 401],
      ['a malformed Basic header', () => 'Basic !!!', 401],
      ['an unknown client', () => basicAuth(`no-such-${randomBytes(4).toString('hex')}`, 'secret'), 401],
      ...Array.from({ length: perNetwork }, (_, i): [string, (partner: TestPartner) => string, number] => [`wrong secret ${i + 1}`, (partner) => basicAuth(partner.clientId, `wrong-${i}`), 401]),
      ['a wrong secret over the budget', (partner) => basicAuth(partner.clientId, 'wrong-again'), 429],
    ];
    for (const [name, authorization, status] of cases) {
      const [onArrival, fullChain] = await both(authorization);
      expect({ name, ...onArrival }).toEqual({ name, ...fullChain });
      expect({ name, status: onArrival?.status }).toEqual({ name, status });
    }
    // A known secret passes both ways (from a fresh network: these are over their budgets).
    const plainSuccess = await plainCall(basicAuth(plain.partner.clientId, plain.partner.secret), randomIp());
    const fullSuccess = await fullChainCall(basicAuth(full.partner.clientId, full.partner.secret), randomIp());
    expect([plainSuccess.statusCode, fullSuccess.statusCode]).toEqual([200, 200]);
    expect(Object.keys(plainSuccess.headers).sort()).toEqual(Object.keys(fullSuccess.headers).sort());
  });

  it("is the flood's refusal exactly: security, rate-limit and no-store headers, the 429 envelope", async () => {
    const partner = await createPartner(test.core);
    const ip = randomIp();
    for (let i = 0; i < perNetwork; i++) await plainCall(basicAuth(partner.clientId, `wrong-${i}`), ip);
    const refused = answer(await plainCall(basicAuth(partner.clientId, 'wrong-again'), ip));
    expect(refused).toEqual({
      status: 429,
      headers: {
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'content-length': '121',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'content-type': 'application/json; charset=utf-8',
        'cross-origin-resource-policy': 'same-origin',
        pragma: 'no-cache',
        'ratelimit-limit': String(perNetwork),
        'ratelimit-remaining': '0',
        'ratelimit-reset': '60',
        'retry-after': '60',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      },
      body: {
        code: ErrorCatalogue.OAUTH2_CLIENT_AUTH_RATE_LIMITED.code,
        data: null,
        msg: 'Too many failed client authentications: try again in 60 seconds',
        error_detail: '',
      },
    });
  });
});

describe("the client's rateLimitQps on the token calls", () => {
  it('limits token calls per client apart from its operations, with the RateLimit headers', async () => {
    const partner = await createPartner(test.core, { rateLimitQps: 2 });
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await requestToken(test.app, { authorization: basicAuth(partner.clientId, partner.secret) });
      answers.push([response.statusCode, response.headers['ratelimit-limit'], response.headers['ratelimit-remaining'], response.headers['retry-after']]);
    }
    expect(answers).toEqual([
      [200, '2', '1', undefined],
      [200, '2', '0', undefined],
      [429, '2', '0', '1'],
    ]);
    clock.advance(1000);
    expect((await requestToken(test.app, { authorization: basicAuth(partner.clientId, partner.secret) })).statusCode).toBe(200);
  });

  it('announces no limit for a client with rateLimitQps 0', async () => {
    const response = await requestToken(test.app);
    expect(response.statusCode).toBe(200);
    expect(response.headers['ratelimit-limit']).toBeUndefined();
  });
});
