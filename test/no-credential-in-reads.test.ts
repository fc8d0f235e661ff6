// No read of the console hands out a usable credential (issue 10, item 1). After a flow that issues
// console sessions (access and refresh tokens), partner tokens, client secrets, a verification code
// and a stored file, a super administrator walks EVERY GraphQL query (the root fields of the schema
// the server builds, generated arguments, every scalar leaf selected) and EVERY tRPC query procedure
// (from the router). Every string answered, and every token-like piece of one, is then tried as a
// bearer token on /graphql, /trpc and /open-api, as a client secret on the token endpoint, as a
// refresh token, as the verification code and as a file key: none may work. Positive controls show
// each check recognises the real credential; guards show the walk really covered the faces.
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderItemStatus } from '../src/core/order/statuses';
import { SCENES } from '../src/core/verification/verification-scenes';
import { createClient } from '../src/trpc/client';
import { basicAuth, tokenOf, useTestApp } from './support/app';
import { createAdmin, errorCode, graphql, login, randomIp, type TokensAnswer } from './support/admin';
import { createBag, createBoundMember, createPurchaseOrder } from './support/commerce-fixtures';
import { callProcedure, procedureCalls, rootCalls, stringsIn } from './support/console-walk';
import { SEED } from './support/database';
import { PNG_BASE64 } from './support/ops-client';
import { createPartner } from './support/partner-clients';
import { PROBE_URL, probeRoutes } from './support/probe-routes';

const test = useTestApp('no_credential_in_reads', { openApiRoutes: [probeRoutes] });

const LOGIN_SCENE = 1;
const CODE_MOBILE = '+5511912345678';
/** Secrets the console stores for outgoing calls: shown masked, never as they are. */
const STORED_SECRETS = ['sms-api-secret-0123456789', 'smtp-password-0123456789', 'social-secret-0123456789'];
const CONSOLE_CLIENT_SECRET = 'console-client-secret-0123456789';

interface Flow {
  admin: TokensAnswer;
  /** A second session, kept for the refresh check's positive control. */
  spare: TokensAnswer;
  consoleClient: { clientId: string; secret: string };
  url: string;
  trpcValues: Record<string, unknown>;
}
let flow: Flow;

async function issueEverything(): Promise<Flow> {
  const { db, app, core } = test;
  const now = new Date(test.clock.now());
  const superAdmin = await createAdmin(core, { superAdmin: true });
  const signedIn = async () => {
    const answer = await login(app, superAdmin);
    expect(answer.errors).toBeUndefined();
    return answer.data!.login;
  };
  // A session renewed once (a used and a live refresh token), and a spare one.
  const first = await signedIn();
  const renewed = await graphql<{ refresh: TokensAnswer }>(app, 'mutation($r: String!) { refresh(refreshToken: $r) { userId accessToken refreshToken expiresTime refreshExpiresTime } }', {
    variables: { r: first.refreshToken },
  });
  expect(renewed.errors).toBeUndefined();
  const spare = await signedIn();

  // A second client, and partner tokens of it and of the seed's.
  const partner = await createPartner(core, { secret: CONSOLE_CLIENT_SECRET, scopes: ['goods:search:read'] });
  const consoleClient = { clientId: partner.clientId, secret: CONSOLE_CLIENT_SECRET };
  await tokenOf(app, consoleClient);
  await tokenOf(app, { clientId: SEED.partnerClientId, secret: SEED.partnerClientSecret });

  // Stored secrets of outgoing channels, and a verification code sent through the LOG SMS channel.
  const stamps = { tenantId: superAdmin.tenantId, createdAt: now, updatedAt: now };
  const channel = await db.smsChannel.create({ data: { ...stamps, signature: 'OpenBuy', code: 'LOG', status: 0, apiKey: 'log-key-0123456789', apiSecret: STORED_SECRETS[0] } });
  const templateCode = SCENES.find((scene) => scene.scene === LOGIN_SCENE)!.templateCode;
  await db.smsTemplate.create({
    data: { ...stamps, type: 1, status: 0, code: templateCode, name: templateCode, content: 'Your OpenBuy code is {code}', params: ['code'], apiTemplateId: 'tpl-1', channelId: channel.id },
  });
  await db.mailAccount.create({ data: { ...stamps, mail: 'codes@openbuy.test', username: 'codes-user', password: STORED_SECRETS[1]!, host: '127.0.0.1', port: 25, sslEnable: false } });
  await db.socialClient.create({ data: { ...stamps, name: 'Walk social', socialType: 10, userType: 2, clientId: 'social-client-id', clientSecret: STORED_SECRETS[2]!, agentId: '' } });
  const sent = await graphql(app, 'mutation($input: SmsCodeSendReqDTO!) { sendSmsCode(input: $input) }', {
    token: renewed.data!.refresh.accessToken,
    variables: { input: { mobile: CODE_MOBILE, scene: LOGIN_SCENE, createIp: '198.51.100.7' } },
  });
  expect(sent.errors).toBeUndefined();

  // A QC photo uploaded through /trpc: a stored file with a key.
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const staff = createClient(url, renewed.data!.refresh.accessToken);
  const member = await createBoundMember(db);
  const order = await createPurchaseOrder(db, member, { paid: true, itemStatus: OrderItemStatus.ARRIVED });
  const orderItemId = order.items[0]!.id;
  const record = await staff.warehouse.startQc.mutate({ orderItemId });
  await staff.warehouse.addQcPhotos.mutate({ qcRecordId: record.qcId, uploads: [{ contentType: 'image/png', data: PNG_BASE64 }] });
  const bag = await createBag(db, member, []);

  // A webhook endpoint, its secret rotated (the old one still signs), and a delivery of a test event.
  const adminToken = renewed.data!.refresh.accessToken;
  const created = await graphql<{ createWebhookEndpoint: { endpoint: { id: number } } }>(
    app,
    'mutation($input: WebhookEndpointSaveReqVO!) { createWebhookEndpoint(input: $input) { secret endpoint { id } } }',
    { token: adminToken, variables: { input: { partnerClientId: SEED.partnerClientId, url: 'http://127.0.0.1:9/hook', eventTypes: [] } } },
  );
  expect(created.errors).toBeUndefined();
  const webhookEndpointId = created.data!.createWebhookEndpoint.endpoint.id;
  for (const mutation of [
    'mutation($id: Int64!) { rotateWebhookEndpointSecret(input: { id: $id, overlapSeconds: 3600 }) { secret } }',
    'mutation($id: Int64!) { sendWebhookEndpointTestEvent(id: $id) }',
  ]) {
    expect((await graphql(app, mutation, { token: adminToken, variables: { id: webhookEndpointId } })).errors).toBeUndefined();
  }

  return {
    admin: renewed.data!.refresh,
    spare,
    consoleClient,
    url,
    trpcValues: { memberId: member.memberId, bagId: bag.bagId, status: OrderItemStatus.ARRIVED, pageNo: 1, pageSize: 100 },
  };
}

/** Every credential in the database after the flow (the plain secrets are the flow's own). */
async function credentialsInDatabase() {
  const { db } = test;
  const webhookSecrets = (await db.webhookEndpoint.findMany({ select: { secret: true, previousSecret: true } })).flatMap((row) => [row.secret, row.previousSecret ?? []].flat());
  return {
    accessTokens: (await db.oAuth2AccessToken.findMany({ select: { accessToken: true } })).map((row) => row.accessToken),
    refreshTokens: (await db.oAuth2RefreshToken.findMany({ select: { refreshToken: true } })).map((row) => row.refreshToken),
    codes: (await db.verificationCode.findMany({ select: { code: true } })).map((row) => row.code),
    fileKeys: (await db.storedFile.findMany({ select: { key: true } })).map((row) => row.key),
    secrets: [SEED.partnerClientSecret, CONSOLE_CLIENT_SECRET, ...STORED_SECRETS],
    webhookSecrets,
  };
}

// The checks: each answers whether `candidate` works as that kind of credential.
const bearer = (candidate: string) => ({ authorization: `Bearer ${candidate}` });

async function worksOnGraphql(candidate: string): Promise<boolean> {
  return errorCode(await graphql(test.app, '{ me { user { id } } }', { token: candidate })) !== 401;
}

async function worksOnTrpc(candidate: string): Promise<boolean> {
  const response = await test.app.inject({ method: 'GET', url: '/trpc/reconciliation.wallets', headers: bearer(candidate) });
  return response.statusCode !== 401;
}

async function worksOnOpenApi(candidate: string): Promise<boolean> {
  const response = await test.app.inject({ method: 'GET', url: PROBE_URL, headers: bearer(candidate) });
  return response.statusCode !== 401;
}

async function worksAsRefreshToken(candidate: string): Promise<boolean> {
  const answer = await graphql(test.app, 'mutation($r: String!) { refresh(refreshToken: $r) { accessToken } }', { variables: { r: candidate } });
  return answer.errors === undefined;
}

async function worksAsClientSecret(clientId: string, candidate: string): Promise<boolean> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/open-api/system/oauth2/token?grant_type=client_credentials',
    remoteAddress: randomIp(),
    headers: { authorization: basicAuth(clientId, candidate) },
  });
  return response.statusCode === 200;
}

async function worksAsCode(candidate: string): Promise<boolean> {
  // Wrong tries count against the code: start every try from none, so the code stays checkable.
  await test.db.verificationCode.updateMany({ where: { target: CODE_MOBILE }, data: { attempts: 0 } });
  const answer = await graphql<{ validateSmsCode: boolean }>(test.app, 'mutation($input: SmsCodeValidateReqDTO!) { validateSmsCode(input: $input) }', {
    token: flow.admin.accessToken,
    variables: { input: { mobile: CODE_MOBILE, scene: LOGIN_SCENE, code: candidate } },
  });
  return answer.data?.validateSmsCode === true;
}

async function worksAsFileKey(candidate: string): Promise<boolean> {
  const response = await test.app.inject({ method: 'GET', url: `/files/${encodeURIComponent(candidate)}` });
  return response.statusCode === 200;
}

/** The strings and every token-like piece of them (a URL's path segments, a masked token's ends). */
function candidatesOf(strings: Iterable<string>): string[] {
  const candidates = new Set<string>();
  for (const value of strings) {
    candidates.add(value);
    for (const piece of value.split(/[^A-Za-z0-9_-]+/)) if (piece.length >= 4) candidates.add(piece);
  }
  return [...candidates];
}

/** Runs `check` on every candidate, a few at a time; answers the candidates it accepted. */
async function accepted(candidates: readonly string[], check: (candidate: string) => Promise<boolean>, parallel = 8): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < candidates.length; start += parallel) {
    const batch = candidates.slice(start, start + parallel);
    const results = await Promise.all(batch.map(check));
    batch.forEach((candidate, index) => results[index] && found.push(candidate));
  }
  return found;
}

beforeAll(async () => {
  flow = await issueEverything();
}, 60_000);

describe('every console read', () => {
  let strings: Set<string>;

  beforeAll(async () => {
    strings = new Set();
    const token = flow.admin.accessToken;
    const calls = await rootCalls('query', { pageNo: 1, pageSize: 100 });
    let answered = 0;
    for (const call of calls) {
      const answer = await graphql(test.app, call.query, { token, variables: call.variables });
      stringsIn(answer.data, strings);
      stringsIn(answer.errors?.map((error) => error.message), strings);
      if (answer.errors === undefined) answered += 1;
    }
    const staff = createClient(flow.url, token);
    const queries = procedureCalls(flow.trpcValues).filter((call) => call.type === 'query');
    for (const call of queries) stringsIn(await callProcedure(staff, call), strings);
    walked = {
      queryFields: calls.length,
      answered,
      procedures: queries.map((call) => call.path),
      oauth2TokenPage: calls.some((call) => call.field === 'oauth2TokenPage'),
      webhookEndpointPage: calls.some((call) => call.field === 'webhookEndpointPage'),
    };
  }, 120_000);

  let walked: { queryFields: number; answered: number; procedures: string[]; oauth2TokenPage: boolean; webhookEndpointPage: boolean };

  it('really walked both faces, over a database holding every kind of credential', async () => {
    expect(walked.queryFields).toBeGreaterThanOrEqual(100);
    // Reads aimed at ids that do not exist answer errors; most must answer data.
    expect(walked.answered).toBeGreaterThanOrEqual(Math.floor(walked.queryFields * 0.6));
    expect(walked.oauth2TokenPage).toBe(true);
    expect(walked.procedures).toEqual(expect.arrayContaining(['member.get', 'member.search', 'warehouse.list', 'bag.get', 'wallet.balance', 'supplement.ofMember']));
    expect(strings.size).toBeGreaterThanOrEqual(300);

    const found = await credentialsInDatabase();
    expect(found.accessTokens.length).toBeGreaterThanOrEqual(4);
    expect(found.accessTokens).toContain(flow.admin.accessToken);
    expect(found.refreshTokens.length).toBeGreaterThanOrEqual(3);
    expect(found.codes).toHaveLength(1);
    expect(found.fileKeys).toHaveLength(1);
    // The token page was read with its records in it: shown masked.
    const masked = `${flow.admin.accessToken.slice(0, 3)}****${flow.admin.accessToken.slice(-3)}`;
    expect(strings).toContain(masked);
    // The webhook endpoint page was read with the endpoint in it: its secret shown masked.
    expect(walked.webhookEndpointPage).toBe(true);
    expect(found.webhookSecrets).toHaveLength(2);
    expect(strings).toContain(`whsec_****${found.webhookSecrets[0]!.slice(-4)}`);
  });

  it('each check recognises the real credential (positive controls)', async () => {
    const found = await credentialsInDatabase();
    const partnerToken = await tokenOf(test.app, flow.consoleClient);
    expect(await worksOnGraphql(flow.admin.accessToken)).toBe(true);
    expect(await worksOnTrpc(flow.admin.accessToken)).toBe(true);
    expect(await worksOnOpenApi(partnerToken)).toBe(true);
    expect(await worksAsClientSecret(flow.consoleClient.clientId, flow.consoleClient.secret)).toBe(true);
    expect(await worksAsClientSecret(SEED.partnerClientId, SEED.partnerClientSecret)).toBe(true);
    expect(await worksAsCode(found.codes[0]!)).toBe(true);
    expect(await worksAsFileKey(found.fileKeys[0]!)).toBe(true);
    expect(await worksAsRefreshToken(flow.spare.refreshToken)).toBe(true);
  });

  it('answers no credential, whole or inside a longer string', async () => {
    const found = await credentialsInDatabase();
    // A webhook secret is also looked for without its whsec_ prefix: the HMAC key is the base64 after it.
    const webhookKeys = found.webhookSecrets.map((secret) => secret.slice('whsec_'.length));
    const all = [...found.accessTokens, ...found.refreshTokens, ...found.codes, ...found.fileKeys, ...found.secrets, ...webhookKeys];
    const leaks = [...strings].flatMap((value) => all.filter((credential) => value.includes(credential)).map((credential) => ({ value, credential })));
    expect(leaks).toEqual([]);
  });

  it('answers no string that works as a bearer token, refresh token, client secret, verification code or file key', async () => {
    const candidates = candidatesOf(strings);
    // A header carries visible ASCII only (RFC 9110 5.5; a bearer token has no spaces, RFC 6750 2.1).
    const inHeader = candidates.filter((candidate) => /^[\x21-\x7e]+$/.test(candidate));
    expect(inHeader.length).toBeGreaterThanOrEqual(200);
    expect(await accepted(inHeader, worksOnGraphql)).toEqual([]);
    expect(await accepted(inHeader, worksOnTrpc)).toEqual([]);
    expect(await accepted(inHeader, worksOnOpenApi)).toEqual([]);
    expect(await accepted(candidates, worksAsRefreshToken)).toEqual([]);
    expect(await accepted(candidates, worksAsFileKey)).toEqual([]);
    // Codes are short: only pieces of a code's length can be one (each try costs an attempt).
    const codeLength = (await credentialsInDatabase()).codes[0]!.length;
    expect(await accepted(candidates.filter((candidate) => candidate.length === codeLength), worksAsCode, 1)).toEqual([]);
    // A client secret is checked by key derivation (tens of milliseconds each), so not every
    // candidate goes to the token endpoint: the secrets of every client in the database are known
    // here (the guard below), and no answer contains one (the test above); what the console shows in
    // their place, the masked forms, must not work as a secret either.
    const clients = (await test.db.oAuth2Client.findMany({ select: { clientId: true } })).map((client) => client.clientId).sort();
    expect(clients).toEqual([flow.consoleClient.clientId, SEED.partnerClientId].sort());
    const maskedForms = inHeader.filter((candidate) => candidate.includes('*'));
    expect(maskedForms).toContain('******');
    for (const clientId of clients) expect(await accepted(maskedForms, (candidate) => worksAsClientSecret(clientId, candidate), 4)).toEqual([]);
  }, 180_000);
});
