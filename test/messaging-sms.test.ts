// SMS through /graphql: channels (credential masking round-trips, channel codes), templates
// (parameters parsed, codes unique per tenant), sending through the LOG channel and a WEBHOOK
// endpoint served by the test, the send log, the bounds of each shape, permissions and tenants.
import type { IncomingHttpHeaders } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { webhookSignature } from '../src/core/messaging/sms-webhook-client';
import { RequestContext, UserType } from '../src/core/request-context';
import { errorCode, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';
import { TEST_START, useTestApp } from './support/app';
import { closedPort } from './support/free-port';
import { expectData, expectPermissionRefusals } from './support/graphql-expect';
import { LOG_CHANNEL_MESSAGE, memoryServiceLog } from './support/messaging';
import { useStubServer } from './support/stub-server';

/** The service log (the LOG channel writes there). */
const serviceLog = memoryServiceLog();
const test = useTestApp('messaging_sms', { logger: serviceLog.logger });

/** What the WEBHOOK endpoint received; it answers with the status and body of `webhookAnswer`. */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let webhookAnswer = { status: 200, body: '{"code":"0","msg":"queued","requestId":"req-1","serialNo":"sn-1"}' };
const webhook = useStubServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    response.writeHead(webhookAnswer.status, { 'content-type': 'application/json' }).end(webhookAnswer.body);
  });
});

const CHANNEL_FIELDS = 'id signature code status remark apiKey apiSecret callbackUrl createTime';
const CREATE_CHANNEL = 'mutation($input: SmsChannelSaveReqVO!) { createSmsChannel(input: $input) { id } }';
const UPDATE_CHANNEL = 'mutation($input: SmsChannelSaveReqVO!) { updateSmsChannel(input: $input) { id } }';
const DELETE_CHANNEL = 'mutation($id: Int64!) { deleteSmsChannel(id: $id) }';
const GET_CHANNEL = `query($id: Int64!) { smsChannel(id: $id) { ${CHANNEL_FIELDS} } }`;
const CHANNEL_PAGE = 'query($input: SmsChannelPageReqVO!) { smsChannelPage(input: $input) { total list { id signature code status } } }';
const CHANNEL_SIMPLE = '{ smsChannelSimpleList { id code } }';
const CHANNEL_CLIENTS = '{ smsChannelClients { code description } }';

const TEMPLATE_FIELDS = 'id type status code name content params remark apiTemplateId channelId channelCode createTime';
const CREATE_TEMPLATE = 'mutation($input: SmsTemplateSaveReqVO!) { createSmsTemplate(input: $input) { id } }';
const UPDATE_TEMPLATE = 'mutation($input: SmsTemplateSaveReqVO!) { updateSmsTemplate(input: $input) { id } }';
const DELETE_TEMPLATE = 'mutation($id: Int64!) { deleteSmsTemplate(id: $id) }';
const GET_TEMPLATE = `query($id: Int64!) { smsTemplate(id: $id) { ${TEMPLATE_FIELDS} } }`;
const TEMPLATE_PAGE = 'query($input: SmsTemplatePageReqVO!) { smsTemplatePage(input: $input) { total list { id code name type status channelId } } }';
const SEND = 'mutation($input: SmsTemplateSendReqVO!) { sendSms(input: $input) }';
const LOG_PAGE = `query($input: SmsLogPageReqVO!) {
  smsLogPage(input: $input) { total list {
    id channelId channelCode templateId templateCode templateType apiTemplateId mobile userId userType content params
    sendStatus sendTime apiSendCode apiSendMsg apiRequestId apiSerialNo createTime
  } }
}`;

const CHANNEL_PERMISSIONS = ['system:sms-channel:query', 'system:sms-channel:create', 'system:sms-channel:update', 'system:sms-channel:delete'];
const TEMPLATE_PERMISSIONS = ['system:sms-template:query', 'system:sms-template:create', 'system:sms-template:update', 'system:sms-template:delete', 'system:sms-template:send-sms'];
const ALL = [...CHANNEL_PERMISSIONS, ...TEMPLATE_PERMISSIONS, 'system:sms-log:query'];

const API_KEY = 'LTAI5tQ8aBcDeFgH9xYz';
const channel = (overrides: Record<string, unknown> = {}) => ({ signature: 'OpenBuy', code: 'LOG', status: 0, apiKey: API_KEY, apiSecret: 'top-secret-1', ...overrides });
const template = (channelId: number, overrides: Record<string, unknown> = {}) => ({
  type: 1,
  status: 0,
  code: unique('login-'),
  name: 'Sign-in code',
  content: 'Your code is {code}; it expires in {minutes} minutes',
  apiTemplateId: 'SMS_0001',
  channelId,
  ...overrides,
});

let admin: SignedInAdmin;

const ok = <T>(token: string, query: string, variables: Record<string, unknown>) => expectData<T>(test.app, token, query, variables);

const createChannel = async (token: string, overrides: Record<string, unknown> = {}) =>
  (await ok<{ createSmsChannel: { id: number } }>(token, CREATE_CHANNEL, { input: channel(overrides) })).createSmsChannel.id;
const createTemplate = async (token: string, channelId: number, overrides: Record<string, unknown> = {}) =>
  (await ok<{ createSmsTemplate: { id: number } }>(token, CREATE_TEMPLATE, { input: template(channelId, overrides) })).createSmsTemplate.id;
const getChannel = async (token: string, id: number) => (await ok<{ smsChannel: Record<string, unknown> }>(token, GET_CHANNEL, { id })).smsChannel;

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ALL });
});

describe('SMS channels', () => {
  it('creates, reads (credentials masked), updates, pages, lists and deletes', async () => {
    const id = await createChannel(admin.token, { remark: 'primary', callbackUrl: 'https://sms.example.com/receipt' });
    expect(await getChannel(admin.token, id)).toEqual({
      id,
      signature: 'OpenBuy',
      code: 'LOG',
      status: 0,
      remark: 'primary',
      apiKey: 'LTA****xYz',
      apiSecret: '******',
      callbackUrl: 'https://sms.example.com/receipt',
      createTime: new Date(TEST_START).toISOString(),
    });

    await ok(admin.token, UPDATE_CHANNEL, { input: channel({ id, signature: 'OpenBuy Shop', status: 1, apiKey: 'LTA****xYz', apiSecret: '******' }) });
    const page = await ok<{ smsChannelPage: { total: number; list: unknown[] } }>(admin.token, CHANNEL_PAGE, {
      input: { pageNo: 1, pageSize: 10, signature: 'Shop', code: 'LOG', status: 1 },
    });
    expect(page.smsChannelPage).toEqual({ total: 1, list: [{ id, signature: 'OpenBuy Shop', code: 'LOG', status: 1 }] });

    const enabled = await createChannel(admin.token);
    const simple = await ok<{ smsChannelSimpleList: { id: number }[] }>(admin.token, CHANNEL_SIMPLE, {});
    expect(simple.smsChannelSimpleList.map((entry) => entry.id)).toEqual([enabled]);

    expect(await ok(admin.token, DELETE_CHANNEL, { id })).toEqual({ deleteSmsChannel: true });
    expect(errorCode(await graphql(test.app, GET_CHANNEL, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.SMS_CHANNEL_NOT_FOUND.code);
  });

  it('keeps the stored apiKey and apiSecret when the masked values come back, and changes them when new ones do', async () => {
    const id = await createChannel(admin.token);
    const shown = await getChannel(admin.token, id);
    await ok(admin.token, UPDATE_CHANNEL, { input: channel({ id, signature: 'Renamed', apiKey: shown.apiKey, apiSecret: shown.apiSecret }) });
    expect(await test.db.smsChannel.findUniqueOrThrow({ where: { id } })).toMatchObject({ signature: 'Renamed', apiKey: API_KEY, apiSecret: 'top-secret-1' });

    await ok(admin.token, UPDATE_CHANNEL, { input: channel({ id, apiKey: 'AKIDnewkey000111222', apiSecret: 'next-secret' }) });
    expect(await test.db.smsChannel.findUniqueOrThrow({ where: { id } })).toMatchObject({ apiKey: 'AKIDnewkey000111222', apiSecret: 'next-secret' });
    expect(await getChannel(admin.token, id)).toMatchObject({ apiKey: 'AKI****222', apiSecret: '******' });

    // A key that merely looks masked but is not this key's mask is a new key.
    await ok(admin.token, UPDATE_CHANNEL, { input: channel({ id, apiKey: 'LTA****xYz', apiSecret: '******' }) });
    expect(await test.db.smsChannel.findUniqueOrThrow({ where: { id } })).toMatchObject({ apiKey: 'LTA****xYz', apiSecret: 'next-secret' });

    // No secret: reads null; ****** then keeps "none".
    await ok(admin.token, UPDATE_CHANNEL, { input: channel({ id, apiSecret: null }) });
    expect((await getChannel(admin.token, id)).apiSecret).toBeNull();
    await ok(admin.token, UPDATE_CHANNEL, { input: channel({ id, apiSecret: '******' }) });
    expect((await test.db.smsChannel.findUniqueOrThrow({ where: { id } })).apiSecret).toBeNull();
  });

  it('shows a short key as ****** and keeps it when ****** comes back', async () => {
    const id = await createChannel(admin.token, { apiKey: 'short-key' });
    expect((await getChannel(admin.token, id)).apiKey).toBe('******');
    await ok(admin.token, UPDATE_CHANNEL, { input: channel({ id, apiKey: '******' }) });
    expect((await test.db.smsChannel.findUniqueOrThrow({ where: { id } })).apiKey).toBe('short-key');
  });

  it('lists the channel codes and refuses an unknown one, naming the accepted codes', async () => {
    const clients = await ok<{ smsChannelClients: { code: string }[] }>(admin.token, CHANNEL_CLIENTS, {});
    expect(clients.smsChannelClients.map((client) => client.code)).toEqual(['LOG', 'WEBHOOK']);
    const before = await test.db.smsChannel.count();
    const answer = await graphql(test.app, CREATE_CHANNEL, { token: admin.token, variables: { input: channel({ code: 'ALIYUN' }) } });
    expect(errorCode(answer)).toBe(ErrorCatalogue.SMS_CHANNEL_CODE_UNKNOWN.code);
    expect(answer.errors![0]!.message).toBe('Unknown SMS channel code ALIYUN; accepted codes: LOG, WEBHOOK');
    expect(await test.db.smsChannel.count()).toBe(before);
  });

  it.each([
    ['callbackUrl', { callbackUrl: null }],
    ['apiSecret', { callbackUrl: 'https://relay.example.com/sms', apiSecret: '' }],
  ])('refuses a WEBHOOK channel without %s', async (field, overrides) => {
    const answer = await graphql(test.app, CREATE_CHANNEL, { token: admin.token, variables: { input: channel({ code: 'WEBHOOK', ...overrides }) } });
    expect(errorCode(answer)).toBe(ErrorCatalogue.SMS_CHANNEL_CONFIG_INVALID.code);
    expect(answer.errors![0]!.message).toContain(field);
  });

  it.each([
    ['id', { id: 5 }],
    ['signature', { signature: '' }],
    ['signature', { signature: 's'.repeat(41) }],
    ['code', { code: '' }],
    ['status', { status: 2 }],
    ['remark', { remark: 'r'.repeat(501) }],
    ['apiKey', { apiKey: '' }],
    ['apiKey', { apiKey: 'k'.repeat(256) }],
    ['apiSecret', { apiSecret: 's'.repeat(256) }],
    ['apiSecret', { apiSecret: '******' }],
    ['callbackUrl', { callbackUrl: 'ftp://example.com/x' }],
    ['callbackUrl', { callbackUrl: `https://example.com/${'p'.repeat(500)}` }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.smsChannel.count();
    const answer = await graphql(test.app, CREATE_CHANNEL, { token: admin.token, variables: { input: channel(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.smsChannel.count()).toBe(before);
  });

  it('accepts the longest signature, apiKey and remark, and requires the id on update', async () => {
    await createChannel(admin.token, { signature: 's'.repeat(40), apiKey: 'k'.repeat(255), remark: 'r'.repeat(500) });
    const answer = await graphql(test.app, UPDATE_CHANNEL, { token: admin.token, variables: { input: channel() } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('id');
  });

  it('refuses to delete a channel a template uses', async () => {
    const id = await createChannel(admin.token);
    const templateId = await createTemplate(admin.token, id);
    const answer = await graphql(test.app, DELETE_CHANNEL, { token: admin.token, variables: { id } });
    expect(errorCode(answer)).toBe(ErrorCatalogue.SMS_CHANNEL_IN_USE.code);
    expect(await test.db.smsChannel.count({ where: { id } })).toBe(1);
    await ok(admin.token, DELETE_TEMPLATE, { id: templateId });
    await ok(admin.token, DELETE_CHANNEL, { id });
  });
});

describe('SMS templates', () => {
  let channelId: number;
  beforeAll(async () => {
    channelId = await createChannel(admin.token);
  });

  it('creates (parameters parsed), reads, updates, pages and deletes', async () => {
    const code = unique('notice-');
    const id = await createTemplate(admin.token, channelId, { code, type: 2, remark: 'shipping' });
    const got = await ok<{ smsTemplate: Record<string, unknown> }>(admin.token, GET_TEMPLATE, { id });
    expect(got.smsTemplate).toEqual({
      id,
      type: 2,
      status: 0,
      code,
      name: 'Sign-in code',
      content: 'Your code is {code}; it expires in {minutes} minutes',
      params: ['code', 'minutes'],
      remark: 'shipping',
      apiTemplateId: 'SMS_0001',
      channelId,
      channelCode: 'LOG',
      createTime: new Date(TEST_START).toISOString(),
    });

    await ok(admin.token, UPDATE_TEMPLATE, { input: template(channelId, { id, code, name: 'Parcel shipped', content: 'Parcel {bagNo} shipped to {name}', status: 1 }) });
    expect((await ok<{ smsTemplate: { params: string[] } }>(admin.token, GET_TEMPLATE, { id })).smsTemplate.params).toEqual(['bagNo', 'name']);
    const page = await ok<{ smsTemplatePage: { total: number; list: unknown[] } }>(admin.token, TEMPLATE_PAGE, {
      input: { pageNo: 1, pageSize: 10, code, name: 'Parcel', type: 1, status: 1, channelId },
    });
    expect(page.smsTemplatePage).toEqual({ total: 1, list: [{ id, code, name: 'Parcel shipped', type: 1, status: 1, channelId }] });

    await ok(admin.token, DELETE_TEMPLATE, { id });
    expect(errorCode(await graphql(test.app, GET_TEMPLATE, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.SMS_TEMPLATE_NOT_FOUND.code);
  });

  it('keeps codes unique per tenant, not across tenants', async () => {
    const code = unique('dup-');
    await createTemplate(admin.token, channelId, { code });
    expect(errorCode(await graphql(test.app, CREATE_TEMPLATE, { token: admin.token, variables: { input: template(channelId, { code }) } }))).toBe(
      ErrorCatalogue.SMS_TEMPLATE_CODE_EXISTS.code,
    );
    const other = await signedInAdmin(test.core, { permissions: ALL });
    await createTemplate(other.token, await createChannel(other.token), { code });
  });

  it('refuses a channel of another tenant or none at all', async () => {
    const other = await signedInAdmin(test.core, { permissions: ALL });
    const foreignChannel = await createChannel(other.token);
    for (const id of [foreignChannel, 999_999]) {
      const answer = await graphql(test.app, CREATE_TEMPLATE, { token: admin.token, variables: { input: template(id) } });
      expect(errorCode(answer)).toBe(ErrorCatalogue.SMS_CHANNEL_NOT_FOUND.code);
    }
  });

  it.each([
    ['id', { id: 5 }],
    ['type', { type: 0 }],
    ['type', { type: 4 }],
    ['status', { status: -1 }],
    ['code', { code: '' }],
    ['code', { code: 'c'.repeat(64) }],
    ['name', { name: '' }],
    ['name', { name: 'n'.repeat(64) }],
    ['content', { content: '' }],
    ['content', { content: 'c'.repeat(501) }],
    ['remark', { remark: 'r'.repeat(501) }],
    ['apiTemplateId', { apiTemplateId: '' }],
    ['apiTemplateId', { apiTemplateId: 'a'.repeat(101) }],
    ['channelId', { channelId: 0 }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.smsTemplate.count();
    const answer = await graphql(test.app, CREATE_TEMPLATE, { token: admin.token, variables: { input: template(channelId, overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.smsTemplate.count()).toBe(before);
  });

  it('accepts the longest code, name, content and apiTemplateId', async () => {
    const longest = { code: unique('c'.repeat(53)), name: 'n'.repeat(63), content: 'c'.repeat(500), apiTemplateId: 'a'.repeat(100) };
    const id = await createTemplate(admin.token, channelId, longest);
    expect(await test.db.smsTemplate.findUniqueOrThrow({ where: { id } })).toMatchObject(longest);
  });
});

describe('sending SMS', () => {
  let logChannel: number;
  let token: string;
  beforeAll(async () => {
    const sender = await signedInAdmin(test.core, { permissions: ALL });
    token = sender.token;
    logChannel = await createChannel(token, { signature: 'Dry run' });
  });

  const logPage = async (filter: Record<string, unknown>) =>
    (await ok<{ smsLogPage: { total: number; list: Record<string, unknown>[] } }>(token, LOG_PAGE, { input: { pageNo: 1, pageSize: 10, ...filter } })).smsLogPage;

  it('renders the template, writes it to the service log through the LOG channel, and logs the send', async () => {
    const code = unique('login-');
    const templateId = await createTemplate(token, logChannel, { code });
    const answer = await ok<{ sendSms: number }>(token, SEND, { input: { mobile: '+8613800000001', templateCode: code, templateParams: { code: '482913', minutes: 5, unused: 'x' } } });
    const logId = answer.sendSms;

    const line = serviceLog.entries().find((entry) => entry.smsLogId === logId);
    expect(line).toMatchObject({ msg: LOG_CHANNEL_MESSAGE, mobile: '+8613800000001', content: 'Your code is 482913; it expires in 5 minutes', signature: 'Dry run' });

    const page = await logPage({ mobile: '8613800000001' });
    expect(page.total).toBe(1);
    expect(page.list[0]).toEqual({
      id: logId,
      channelId: logChannel,
      channelCode: 'LOG',
      templateId,
      templateCode: code,
      templateType: 1,
      apiTemplateId: 'SMS_0001',
      mobile: '+8613800000001',
      userId: null,
      userType: null,
      content: 'Your code is 482913; it expires in 5 minutes',
      params: { code: '482913', minutes: 5 },
      sendStatus: 10,
      sendTime: new Date(TEST_START).toISOString(),
      apiSendCode: 'OK',
      apiSendMsg: 'written to the service log',
      apiRequestId: null,
      apiSerialNo: `log-${logId}`,
      createTime: new Date(TEST_START).toISOString(),
    });
  });

  it('is callable from the core, recording the recipient user and keeping secret parameters out of the log', async () => {
    const code = unique('core-');
    await createTemplate(token, logChannel, { code, content: 'Code {code} for {name}' });
    const tenantId = (await test.db.smsChannel.findUniqueOrThrow({ where: { id: logChannel } })).tenantId;
    const ctx = new RequestContext('test', tenantId, { kind: 'anonymous' }, '127.0.0.1', test.clock);
    const request = { mobile: '15550100', templateCode: code, params: { code: 1234, name: 'Ana' }, secretParams: ['code'], userId: 42, userType: UserType.MEMBER };
    const { logId } = await test.core.smsSender.sendSms(ctx, request);
    expect(serviceLog.entries().find((entry) => entry.smsLogId === logId)).toMatchObject({ content: 'Code ****** for Ana' });
    expect(await test.db.smsLog.findUniqueOrThrow({ where: { id: logId } })).toMatchObject({
      content: 'Code ****** for Ana',
      params: { code: '******', name: 'Ana' },
      userId: 42,
      userType: 1,
      sendStatus: 10,
    });
  });

  it('refuses a missing parameter, a disabled template or channel, and an unknown code, without sending or logging', async () => {
    const code = unique('strict-');
    const templateId = await createTemplate(token, logChannel, { code });
    const send = (input: Record<string, unknown>) => graphql(test.app, SEND, { token, variables: { input: { mobile: '15550101', templateCode: code, ...input } } });
    const before = await test.db.smsLog.count();

    const missing = await send({ templateParams: { code: '1' } });
    expect(errorCode(missing)).toBe(ErrorCatalogue.MESSAGE_TEMPLATE_PARAM_MISSING.code);
    expect(missing.errors![0]!.message).toBe(`Template ${code} needs parameter minutes`);
    expect(errorCode(await send({}))).toBe(ErrorCatalogue.MESSAGE_TEMPLATE_PARAM_MISSING.code);
    expect(errorCode(await send({ templateCode: 'no-such-template' }))).toBe(ErrorCatalogue.SMS_TEMPLATE_CODE_NOT_FOUND.code);

    await ok(token, UPDATE_TEMPLATE, { input: template(logChannel, { id: templateId, code, status: 1 }) });
    expect(errorCode(await send({ templateParams: { code: '1', minutes: 1 } }))).toBe(ErrorCatalogue.SMS_TEMPLATE_DISABLED.code);

    const disabledChannel = await createChannel(token, { status: 1 });
    const viaDisabled = unique('via-disabled-');
    await createTemplate(token, disabledChannel, { code: viaDisabled });
    expect(errorCode(await send({ templateCode: viaDisabled, templateParams: { code: '1', minutes: 1 } }))).toBe(ErrorCatalogue.SMS_CHANNEL_DISABLED.code);
    expect(await test.db.smsLog.count()).toBe(before);
  });

  it.each([
    ['mobile', { mobile: '' }],
    ['mobile', { mobile: '555-0100' }],
    ['mobile', { mobile: '1'.repeat(21) }],
    ['templateCode', { templateCode: '' }],
    ['params', { templateParams: { code: { nested: true } } }],
    ['params', { templateParams: { code: 'x'.repeat(1001) } }],
  ])('refuses a send with a bad %s', async (field, overrides) => {
    const answer = await graphql(test.app, SEND, { token, variables: { input: { mobile: '15550102', templateCode: 'any', ...overrides } } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
  });

  describe('through a WEBHOOK channel', () => {
    let code: string;
    let channelId: number;
    beforeAll(async () => {
      channelId = await createChannel(token, { code: 'WEBHOOK', signature: 'Relay', apiKey: 'relay-key-0001', apiSecret: 'hook-secret', callbackUrl: `${webhook.base}/sms` });
      code = unique('hook-');
      await createTemplate(token, channelId, { code, content: 'Code {code}', apiTemplateId: 'TPL_9' });
    });

    it('posts the message as signed JSON and logs what the endpoint answered', async () => {
      webhookAnswer = { status: 200, body: '{"code":"0","msg":"queued","requestId":"req-1","serialNo":"sn-1"}' };
      received.length = 0;
      const logId = (await ok<{ sendSms: number }>(token, SEND, { input: { mobile: '+15550103', templateCode: code, templateParams: { code: '7788' } } })).sendSms;

      expect(received).toHaveLength(1);
      const [{ headers, body }] = received as [(typeof received)[0]];
      expect(JSON.parse(body)).toEqual({ logId, signature: 'Relay', mobile: '+15550103', apiTemplateId: 'TPL_9', params: { code: '7788' }, content: 'Code 7788' });
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-api-key']).toBe('relay-key-0001');
      expect(headers['x-sms-timestamp']).toBe(String(TEST_START));
      expect(headers['x-sms-signature']).toBe(webhookSignature('hook-secret', String(TEST_START), body));

      expect(await test.db.smsLog.findUniqueOrThrow({ where: { id: logId } })).toMatchObject({
        channelCode: 'WEBHOOK',
        sendStatus: 10,
        apiSendCode: '0',
        apiSendMsg: 'queued',
        apiRequestId: 'req-1',
        apiSerialNo: 'sn-1',
      });
    });

    it('records a refusal as a failure and answers SMS_SEND_FAILED naming the log row', async () => {
      webhookAnswer = { status: 503, body: 'gateway overloaded' };
      const answer = await graphql(test.app, SEND, { token, variables: { input: { mobile: '+15550104', templateCode: code, templateParams: { code: '1' } } } });
      expect(errorCode(answer)).toBe(ErrorCatalogue.SMS_SEND_FAILED.code);
      const failed = await test.db.smsLog.findFirstOrThrow({ where: { mobile: '+15550104' } });
      expect(answer.errors![0]!.message).toBe(`Sending the SMS failed (log ${failed.id}): gateway overloaded`);
      expect(failed).toMatchObject({ sendStatus: 20, apiSendCode: '503', apiSendMsg: 'gateway overloaded' });
      expect((await logPage({ sendStatus: 20, templateId: failed.templateId })).list.map((row) => row.id)).toEqual([failed.id]);
    });

    it('records an unreachable endpoint as a failure', async () => {
      await test.db.smsChannel.update({ where: { id: channelId }, data: { callbackUrl: `http://127.0.0.1:${await closedPort()}/sms` } });
      const answer = await graphql(test.app, SEND, { token, variables: { input: { mobile: '+15550105', templateCode: code, templateParams: { code: '1' } } } });
      expect(errorCode(answer)).toBe(ErrorCatalogue.SMS_SEND_FAILED.code);
      const failed = await test.db.smsLog.findFirstOrThrow({ where: { mobile: '+15550105' } });
      expect(failed).toMatchObject({ sendStatus: 20, sendTime: new Date(TEST_START) });
      expect(failed.apiSendMsg).toMatch(/ECONNREFUSED/);
      expect(answer.errors![0]!.message).toMatch(/ECONNREFUSED/);
    });
  });

  it('pages the log by time range and refuses a reversed range', async () => {
    const code = unique('later-');
    await createTemplate(token, logChannel, { code, content: 'Hello' });
    test.clock.advance(1_200_000);
    const later = (await ok<{ sendSms: number }>(token, SEND, { input: { mobile: '15550106', templateCode: code } })).sendSms;
    const from = new Date(TEST_START + 600_000).toISOString();
    expect((await logPage({ createTime: [from, '2100-01-01T00:00:00.000Z'] })).list.map((row) => row.id)).toEqual([later]);
    expect((await logPage({ createTime: ['2000-01-01T00:00:00.000Z', from] })).list.map((row) => row.id)).not.toContain(later);
    const reversed = await graphql(test.app, LOG_PAGE, { token, variables: { input: { pageNo: 1, pageSize: 10, createTime: [from, new Date(TEST_START).toISOString()] } } });
    expect(errorCode(reversed)).toBe(400);
    expect(reversed.errors![0]!.message).toContain('createTime');
    expect(errorCode(await graphql(test.app, LOG_PAGE, { token, variables: { input: { pageNo: 1, pageSize: 10, sendStatus: 5 } } }))).toBe(400);
  });
});

describe('permissions and tenants', () => {
  it("needs each operation's permission", async () => {
    const channelId = await createChannel(admin.token);
    const templateId = await createTemplate(admin.token, channelId);
    const tenant = { id: admin.tenantId, name: admin.tenantName };
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:post:query'] });
    const page = { pageNo: 1, pageSize: 10 };
    await expectPermissionRefusals(test.app, nobody.token, [
      [CREATE_CHANNEL, { input: channel() }, 'system:sms-channel:create'],
      [UPDATE_CHANNEL, { input: channel({ id: channelId }) }, 'system:sms-channel:update'],
      [DELETE_CHANNEL, { id: channelId }, 'system:sms-channel:delete'],
      [GET_CHANNEL, { id: channelId }, 'system:sms-channel:query'],
      [CHANNEL_PAGE, { input: page }, 'system:sms-channel:query'],
      [CHANNEL_CLIENTS, {}, 'system:sms-channel:query'],
      [CREATE_TEMPLATE, { input: template(channelId) }, 'system:sms-template:create'],
      [UPDATE_TEMPLATE, { input: template(channelId, { id: templateId }) }, 'system:sms-template:update'],
      [DELETE_TEMPLATE, { id: templateId }, 'system:sms-template:delete'],
      [GET_TEMPLATE, { id: templateId }, 'system:sms-template:query'],
      [TEMPLATE_PAGE, { input: page }, 'system:sms-template:query'],
      [SEND, { input: { mobile: '15550107', templateCode: 'x' } }, 'system:sms-template:send-sms'],
      [LOG_PAGE, { input: page }, 'system:sms-log:query'],
    ]);
    // Simple lists are pickers, readable by any signed-in administrator of the tenant.
    expect((await graphql(test.app, CHANNEL_SIMPLE, { token: nobody.token })).errors).toBeUndefined();
  });

  it('keeps each tenant to its own channels, templates and log, guessed ids included', async () => {
    const channelId = await createChannel(admin.token, { signature: 'Mine' });
    const code = unique('mine-');
    const templateId = await createTemplate(admin.token, channelId, { code, content: 'Hi' });
    await ok(admin.token, SEND, { input: { mobile: '15550108', templateCode: code } });

    const intruder = await signedInAdmin(test.core, { permissions: ALL });
    const as = (query: string, variables: Record<string, unknown>) => graphql(test.app, query, { token: intruder.token, variables });
    expect(errorCode(await as(GET_CHANNEL, { id: channelId }))).toBe(ErrorCatalogue.SMS_CHANNEL_NOT_FOUND.code);
    expect(errorCode(await as(UPDATE_CHANNEL, { input: channel({ id: channelId, signature: 'Theirs' }) }))).toBe(ErrorCatalogue.SMS_CHANNEL_NOT_FOUND.code);
    expect(errorCode(await as(DELETE_CHANNEL, { id: channelId }))).toBe(ErrorCatalogue.SMS_CHANNEL_NOT_FOUND.code);
    expect(errorCode(await as(GET_TEMPLATE, { id: templateId }))).toBe(ErrorCatalogue.SMS_TEMPLATE_NOT_FOUND.code);
    expect(errorCode(await as(UPDATE_TEMPLATE, { input: template(channelId, { id: templateId }) }))).toBe(ErrorCatalogue.SMS_TEMPLATE_NOT_FOUND.code);
    expect(errorCode(await as(DELETE_TEMPLATE, { id: templateId }))).toBe(ErrorCatalogue.SMS_TEMPLATE_NOT_FOUND.code);
    expect(errorCode(await as(SEND, { input: { mobile: '15550109', templateCode: code } }))).toBe(ErrorCatalogue.SMS_TEMPLATE_CODE_NOT_FOUND.code);
    const page = { pageNo: 1, pageSize: 100 };
    expect((await as(CHANNEL_PAGE, { input: page })).data).toEqual({ smsChannelPage: { total: 0, list: [] } });
    expect((await as(TEMPLATE_PAGE, { input: page })).data).toEqual({ smsTemplatePage: { total: 0, list: [] } });
    expect((await as(LOG_PAGE, { input: page })).data).toEqual({ smsLogPage: { total: 0, list: [] } });
    expect(await test.db.smsChannel.findUniqueOrThrow({ where: { id: channelId } })).toMatchObject({ signature: 'Mine', tenantId: admin.tenantId });
  });
});
