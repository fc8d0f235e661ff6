// The partner SDK (sdk/) against a real server of this repository, listening on a port: the token
// fetched once for concurrent callers, renewed before expiry and after a 401 (once for all the
// callers refused), the envelope unwrapped into data or an OpenBuyError, and safe calls sent again
// after 429 once Retry-After has passed (other calls not).
import { beforeAll, describe, expect, it } from 'vitest';
import { OpenBuyClient, type OpenBuyClientOptions, OpenBuyError } from '../sdk/src/index';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { basicAuth, useTestApp } from './support/app';
import { createBoundMember, createPurchaseOrder } from './support/commerce-fixtures';
import { createPartner, type TestPartner } from './support/partner-clients';

const TOKEN_PATH = '/open-api/system/oauth2/token';
const BALANCE = '/open-api/pay/wallet/balance';

const test = useTestApp('sdk_client');
let baseUrl: string;

beforeAll(async () => {
  baseUrl = await test.app.listen({ host: '127.0.0.1', port: 0 });
});

interface Sent {
  path: string;
  method: string;
  status: number;
  /** Real milliseconds, when the answer arrived. */
  at: number;
}

/** A partner of its own with a bound member, and an SDK client whose every request is recorded. */
async function partnerWithSdk(settings: { accessTokenValiditySeconds?: number; rateLimitQps?: number } = {}, options: Partial<OpenBuyClientOptions> = {}) {
  const partner = await createPartner(test.core, settings);
  const member = await createBoundMember(test.db, { partnerClientId: partner.clientId, balance: 50_000 });
  const sent: Sent[] = [];
  const sdk = new OpenBuyClient({
    baseUrl,
    clientId: partner.clientId,
    clientSecret: partner.secret,
    now: () => test.clock.now(),
    fetch: async (request) => {
      const response = await fetch(request);
      sent.push({ path: new URL(request.url).pathname, method: request.method, status: response.status, at: Date.now() });
      return response;
    },
    ...options,
  });
  const tokenCalls = () => sent.filter((request) => request.path === TOKEN_PATH).length;
  const balance = () => sdk.get(BALANCE, { params: { query: { externalUserId: member.externalUserId } } });
  return { partner, member, sdk, sent, tokenCalls, balance };
}

async function revoke(partner: TestPartner, token: string) {
  const response = await test.app.inject({ method: 'POST', url: `${TOKEN_PATH}/revoke?token=${token}`, headers: { authorization: basicAuth(partner.clientId, partner.secret) } });
  expect(response.json()).toMatchObject({ code: 0, data: true });
}

describe('access token', () => {
  it('is fetched once for concurrent first calls, whose answers are the unwrapped data', async () => {
    const { member, tokenCalls, balance } = await partnerWithSdk();
    const answers = await Promise.all(Array.from({ length: 8 }, () => balance()));
    expect(answers).toEqual(Array.from({ length: 8 }, () => ({ externalUserId: member.externalUserId, memberId: member.memberId, balance: 50_000 })));
    // The data is typed from the document: a number, without a cast.
    const balanceCents: number = answers[0]?.balance ?? 0;
    expect(balanceCents).toBe(50_000);
    expect(tokenCalls()).toBe(1);
  });

  it('is renewed before it expires (at most half its lifetime, 60 s by default), not earlier', async () => {
    const { sdk, tokenCalls, balance } = await partnerWithSdk({ accessTokenValiditySeconds: 100 });
    const first = await sdk.accessToken();
    await balance();
    test.clock.advance(49_000);
    await balance();
    expect(tokenCalls()).toBe(1);
    test.clock.advance(2000);
    // 51 s into a 100 s token: still valid at the server, renewed by the SDK all the same.
    await balance();
    expect(tokenCalls()).toBe(2);
    expect(await sdk.accessToken()).not.toBe(first);
  });

  it('is renewed once after a 401 (a revoked token) for all the callers refused, who are answered after it', async () => {
    const { partner, member, sdk, sent, tokenCalls, balance } = await partnerWithSdk();
    const revoked = await sdk.accessToken();
    await revoke(partner, revoked);
    const answers = await Promise.all(Array.from({ length: 5 }, () => balance()));
    expect(answers.map((answer) => answer.balance)).toEqual([50_000, 50_000, 50_000, 50_000, 50_000]);
    expect(sent.filter((request) => request.path === BALANCE).map((request) => request.status).sort()).toEqual([200, 200, 200, 200, 200, 401, 401, 401, 401, 401]);
    expect(tokenCalls()).toBe(2);
    expect(await sdk.accessToken()).not.toBe(revoked);
    // A write is resent after a 401 too: the server refused it before doing anything.
    await revoke(partner, await sdk.accessToken());
    const order = await createPurchaseOrder(test.db, member, { partnerClientId: partner.clientId });
    const paid = await sdk.post('/open-api/pay/wallet/pay', { body: { externalUserId: member.externalUserId, paymentId: order.paymentId } });
    expect(paid.paymentId).toBe(order.paymentId);
    expect(tokenCalls()).toBe(3);
  });

  it('refused at the token call is an OpenBuyError with the HTTP status', async () => {
    const { partner } = await partnerWithSdk();
    const sdk = new OpenBuyClient({ baseUrl, clientId: partner.clientId, clientSecret: 'wrong-secret' });
    const refusal = await sdk.accessToken().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OpenBuyError);
    expect(refusal).toMatchObject({ code: 401, httpStatus: 401, isBusinessError: false });
  });
});

describe('refusals', () => {
  it('throws an OpenBuyError carrying the business code and message', async () => {
    const { sdk } = await partnerWithSdk();
    const refusal = await sdk.get(BALANCE, { params: { query: { externalUserId: 'nobody-here' } } }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OpenBuyError);
    expect(refusal).toMatchObject({ code: ErrorCatalogue.MEMBER_NOT_BOUND.code, httpStatus: 200, isBusinessError: true });
    expect((refusal as OpenBuyError).message).toContain('nobody-here');
    expect((refusal as OpenBuyError).requestId).toEqual(expect.any(String));
  });

  it('throws an OpenBuyError with code = HTTP status for invalid input, naming the field', async () => {
    const { sdk } = await partnerWithSdk();
    const refusal = await sdk.get('/open-api/order/item/page', { params: { query: { pageNo: 1, pageSize: 101, externalUserId: 'x' } } }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 400, httpStatus: 400 });
    expect((refusal as OpenBuyError).message).toContain('pageSize');
  });
});

describe('429', () => {
  it('sends a safe call again once Retry-After has passed', async () => {
    const { sent, balance } = await partnerWithSdk({ rateLimitQps: 1 });
    await balance();
    const startedAt = Date.now();
    // The server's clock moves the second the SDK waits (it stands still otherwise in tests).
    const moving = setTimeout(() => test.clock.advance(1000), 500);
    const answer = await balance();
    clearTimeout(moving);
    expect(answer.balance).toBe(50_000);
    const statuses = sent.filter((request) => request.path === BALANCE).map((request) => request.status);
    expect(statuses.slice(-2)).toEqual([429, 200]);
    const [refused, accepted] = sent.filter((request) => request.path === BALANCE).slice(-2);
    // Retry-After: 1 (second) was waited for.
    expect((accepted?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(950);
  });

  it('does not send a write that is not idempotent again: the refusal is thrown, and nothing is paid', async () => {
    const { partner, member, sent, balance, sdk } = await partnerWithSdk({ rateLimitQps: 1 });
    const order = await createPurchaseOrder(test.db, member, { partnerClientId: partner.clientId });
    test.clock.advance(1000);
    await balance();
    const refusal = await sdk.post('/open-api/pay/wallet/pay', { body: { externalUserId: member.externalUserId, paymentId: order.paymentId } }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 429, httpStatus: 429 });
    expect(sent.filter((request) => request.path === '/open-api/pay/wallet/pay').map((request) => request.status)).toEqual([429]);
    expect((await test.db.wallet.findUniqueOrThrow({ where: { memberId: member.memberId } })).balance).toBe(50_000);
  });

  it('does not wait for a Retry-After beyond maxRetryDelayMs', async () => {
    const { sent, balance } = await partnerWithSdk({ rateLimitQps: 1 }, { maxRetryDelayMs: 500 });
    test.clock.advance(1000);
    await balance();
    await expect(balance()).rejects.toMatchObject({ code: 429 });
    expect(sent.filter((request) => request.path === BALANCE).map((request) => request.status)).toEqual([200, 429]);
  });
});

