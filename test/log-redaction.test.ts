// Nothing secret in the log, as a class: a partner flow (token, order, wallet pay, invoice and its
// file, revoke), a console flow (sign-in, refresh, an OAuth client with a secret) and a verification
// code sent through the LOG SMS channel run with every log line captured, at debug and at the default
// level; then no line may contain any credential issued or presented during the run.
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Core } from '../src/core/core';
import { censorLogLine, OneLineAccessLog, REDACTED, redactingLoggerOptions, redactUrl } from '../src/http/log-redaction';
import { createTestApp, envelope, postJson, requestToken, useTestDatabase } from './support/app';
import { createAdmin, graphql, login, type TokensAnswer } from './support/admin';
import { createBag, createBoundMember, createCatalogGoods } from './support/commerce-fixtures';
import { SEED } from './support/database';
import { consoleClientInput } from './support/partner-clients';

const testDb = useTestDatabase('log_redaction');

const REFRESH = 'mutation($refreshToken: String!) { refresh(refreshToken: $refreshToken) { accessToken refreshToken } }';
const CREATE_CLIENT = 'mutation($input: OAuth2ClientSaveReqVO!) { createOauth2Client(input: $input) { id clientId secret } }';
const SEND_SMS_CODE = 'mutation($input: SmsCodeSendReqDTO!) { sendSmsCode(input: $input) }';

/** Runs every flow once on `app`; answers every credential that was issued or presented. */
async function runFlows(app: FastifyInstance, core: Core): Promise<{ secrets: string[]; fileKey: string }> {
  const { db } = core.database;
  const secrets: string[] = [SEED.partnerClientSecret];
  const tag = Math.random().toString(36).slice(2, 8);

  // Partner: token, order create, wallet pay, invoice generate and its file, revoke, a dead token.
  const issued = envelope<{ access_token: string }>(await requestToken(app));
  expect(issued.code).toBe(0);
  const token = issued.data.access_token;
  secrets.push(token);
  const member = await createBoundMember(db, { balance: 1_000_000 });
  const goods = await createCatalogGoods(db, { skus: [{ price: 1_000, stock: 100 }] });
  const created = envelope<{ orderNo: string; paymentId: string; payAmount: number }>(
    await postJson(app, token, '/open-api/order/purchase/create', {
      outOrderNo: `log-${tag}`,
      externalUserId: member.externalUserId,
      items: [{ platformChannel: goods.source, goodsId: goods.goodsId, skuId: goods.skuIds[0], qty: 1 }],
    }),
  );
  expect(created.code, created.msg).toBe(0);
  const paid = envelope(await postJson(app, token, '/open-api/pay/wallet/pay', { externalUserId: member.externalUserId, paymentId: created.data.paymentId, payAmount: created.data.payAmount }));
  expect(paid.code, paid.msg).toBe(0);
  const items = await db.purchaseOrderItem.findMany({ where: { order: { orderNo: created.data.orderNo } }, select: { id: true } });
  await createBag(db, member, items.map((item) => item.id));
  const invoices = envelope<{ url: string }[]>(await postJson(app, token, '/open-api/order/invoice/generate', { orderNos: [created.data.orderNo], language: 'en' }));
  expect(invoices.code, invoices.msg).toBe(0);
  const filePath = new URL(invoices.data[0]!.url).pathname;
  const fileKey = filePath.replace('/files/', '');
  secrets.push(fileKey);
  expect((await app.inject({ method: 'GET', url: filePath })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: `${filePath}x?download=1` })).statusCode).toBe(404);
  const basic = `Basic ${Buffer.from(`${SEED.partnerClientId}:${SEED.partnerClientSecret}`).toString('base64')}`;
  const revoked = await app.inject({ method: 'POST', url: `/open-api/system/oauth2/token/revoke?token=${encodeURIComponent(token)}`, headers: { authorization: basic } });
  expect(envelope(revoked).data).toBe(true);
  expect((await postJson(app, token, '/open-api/pay/wallet/balance', { externalUserId: member.externalUserId })).statusCode).toBe(401);
  const wrongSecret = `wrong-secret-${tag}-0123456789`;
  secrets.push(wrongSecret);
  expect(envelope(await requestToken(app, { authorization: `Basic ${Buffer.from(`${SEED.partnerClientId}:${wrongSecret}`).toString('base64')}` })).code).not.toBe(0);

  // Console: a wrong password, sign-in, refresh, an OAuth client created with its secret.
  const admin = await createAdmin(core, { superAdmin: true });
  secrets.push(admin.password);
  const wrongPassword = `not-the-password-${tag}`;
  secrets.push(wrongPassword);
  expect((await login(app, admin, { password: wrongPassword })).errors).toBeDefined();
  const signedIn = (await login(app, admin)).data!.login as TokensAnswer;
  secrets.push(signedIn.accessToken, signedIn.refreshToken);
  const refreshed = await graphql<{ refresh: { accessToken: string; refreshToken: string } }>(app, REFRESH, { variables: { refreshToken: signedIn.refreshToken } });
  expect(refreshed.errors).toBeUndefined();
  const { accessToken, refreshToken } = refreshed.data!.refresh;
  secrets.push(accessToken, refreshToken);
  const clientSecret = `console-made-secret-${tag}-0123456789`;
  secrets.push(clientSecret);
  const client = await graphql(app, CREATE_CLIENT, { token: accessToken, variables: { input: consoleClientInput({ clientId: `log-client-${tag}`, secret: clientSecret, ipWhitelist: '' }) } });
  expect(client.errors).toBeUndefined();
  const partnerOfConsole = envelope<{ access_token: string }>(await requestToken(app, { authorization: `Basic ${Buffer.from(`log-client-${tag}:${clientSecret}`).toString('base64')}` }));
  expect(partnerOfConsole.code).toBe(0);
  secrets.push(partnerOfConsole.data.access_token);

  // A verification code through the LOG SMS channel (set up by the first run).
  if (!(await db.smsTemplate.findFirst({ where: { tenantId: admin.tenantId, code: 'member-login-code' } }))) {
    const now = new Date();
    const stamps = { tenantId: admin.tenantId, createdAt: now, updatedAt: now };
    const channel = await db.smsChannel.create({ data: { ...stamps, signature: 'OpenBuy', code: 'LOG', status: 0, apiKey: 'log-key' } });
    await db.smsTemplate.create({
      data: { ...stamps, type: 1, status: 0, code: 'member-login-code', name: 'login code', content: 'Your OpenBuy code is {code}', params: ['code'], apiTemplateId: 'tpl-1', channelId: channel.id },
    });
  }
  const mobile = `+8613${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const sent = await graphql(app, SEND_SMS_CODE, { token: accessToken, variables: { input: { mobile, scene: 1, createIp: '198.51.100.7' } } });
  expect(sent.errors).toBeUndefined();
  const code = (await db.verificationCode.findFirstOrThrow({ where: { target: mobile }, orderBy: { id: 'desc' } })).code;
  expect(code).toMatch(/^\d{6}$/);
  secrets.push(code);
  return { secrets, fileKey };
}

describe.each(['debug', 'info'])('with logging at %s', (level) => {
  it('no log line carries any credential of a partner flow, a console flow or a verification code', async () => {
    const lines: string[] = [];
    const test = await createTestApp({ database: testDb.database, logger: { level, stream: { write: (line: string) => lines.push(line) } } });
    try {
      const { secrets, fileKey } = await runFlows(test.app, test.core);
      expect(secrets).toHaveLength(13);
      const log = lines.join('');
      // The flows were logged: the LOG channel's message and the access log (info, the default level).
      expect(log).toContain('SMS written to the log (LOG channel)');
      expect(log).toContain('Your OpenBuy code is ******');
      expect(log).toContain(`/open-api/system/oauth2/token/revoke?token=${REDACTED}`);
      expect(log).toContain(`/files/${REDACTED}`);
      for (const secret of secrets) {
        const leaks = lines.filter((line) => line.includes(secret) || line.includes(encodeURIComponent(secret)));
        expect(leaks, `a log line carries ${secret === fileKey ? 'the file key' : 'a credential'}`).toEqual([]);
      }
    } finally {
      await test.close();
    }
  }, 60_000);
});

describe('redactUrl', () => {
  it.each([
    ['/open-api/system/oauth2/token/revoke?token=abc', `/open-api/system/oauth2/token/revoke?token=${REDACTED}`],
    ['/open-api/system/oauth2/token?grant_type=client_credentials&client_secret=s&scope=a', `/open-api/system/oauth2/token?grant_type=client_credentials&client_secret=${REDACTED}&scope=a`],
    ['/files/AbC_12-x', `/files/${REDACTED}`],
    ['/files/AbC_12-x?download=1', `/files/${REDACTED}?download=1`],
    ['/pay/checkout/CH123', `/pay/checkout/${REDACTED}`],
    ['/graphql?query=mutation%7Blogin%7D&variables=%7B%7D', `/graphql?query=${REDACTED}&variables=${REDACTED}`],
    ['/trpc/member.page?input=%7B%7D', `/trpc/member.page?input=${REDACTED}`],
    ['/x?Access%5FToken=1&apiKey=2&password=3&code=4&sig=5&signature=6&x-api-key=7', `/x?Access%5FToken=${REDACTED}&apiKey=${REDACTED}&password=${REDACTED}&code=${REDACTED}&sig=${REDACTED}&signature=${REDACTED}&x-api-key=${REDACTED}`],
    ['/open-api/goods/page?pageNo=1&pageSize=10&keyword=shirt&key=k', `/open-api/goods/page?pageNo=1&pageSize=10&keyword=shirt&key=${REDACTED}`],
    ['/open-api/order/purchase/get?orderNo=O1', '/open-api/order/purchase/get?orderNo=O1'],
    ['/healthz', '/healthz'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('censorLogLine', () => {
  it("censors every line of the app's logger, child loggers' bindings included", async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { ...redactingLoggerOptions('info'), stream: { write: (line: string) => lines.push(line) } } });
    app.log.child({ token: 't0' }).info({ headers: { authorization: 'Bearer t1' } }, 'called');
    await app.close();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ token: REDACTED, headers: { authorization: REDACTED }, msg: 'called' });
  });

  it('replaces a censored field at any depth, in any case, inside arrays too', () => {
    const line = `${JSON.stringify({
      level: 30,
      Authorization: 'Basic c2VjcmV0',
      req: { headers: { authorization: 'Bearer t1', cookie: 'c=1', host: 'h' } },
      body: { client_secret: 's1', nested: [{ Password: 'p1', keep: 1 }], refreshToken: { value: 'r1' } },
      msg: 'done',
    })}\n`;
    const censored = censorLogLine(line);
    expect(censored.endsWith('\n')).toBe(true);
    expect(JSON.parse(censored)).toEqual({
      level: 30,
      Authorization: REDACTED,
      req: { headers: { authorization: REDACTED, cookie: REDACTED, host: 'h' } },
      body: { client_secret: REDACTED, nested: [{ Password: REDACTED, keep: 1 }], refreshToken: REDACTED },
      msg: 'done',
    });
  });

  it('leaves a line without a censored field as it is, a field name inside a text included', () => {
    const line = `${JSON.stringify({ level: 30, reqId: 'r', msg: 'the "token": field was refused', tokenCount: 2 })}\n`;
    expect(censorLogLine(line)).toBe(line);
  });
});

describe('OneLineAccessLog', () => {
  it('logs each answered request once, its redacted request line with its status and time', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { ...redactingLoggerOptions('info'), stream: { write: (line: string) => lines.push(line) } }, logController: new OneLineAccessLog() });
    app.get('/x', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/x?token=t1&page=2' });
    await app.inject({ method: 'GET', url: '/missing' });
    await app.close();
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).not.toContain('incoming request');
    const logged = lines
      .map((line) => JSON.parse(line) as { msg: string; reqId: string; req: { method: string; url: string }; res: { statusCode: number }; responseTime: number })
      .filter((line) => line.msg === 'request completed');
    expect(logged.map(({ msg, req, res }) => ({ msg, req: { method: req.method, url: req.url }, res }))).toEqual([
      { msg: 'request completed', req: { method: 'GET', url: `/x?token=${REDACTED}&page=2` }, res: { statusCode: 200 } },
      { msg: 'request completed', req: { method: 'GET', url: '/missing' }, res: { statusCode: 404 } },
    ]);
    expect(logged[0]!.reqId).toBeDefined();
    expect(logged[0]!.responseTime).toBeGreaterThan(0);
  });
});
