// Mail through /graphql: accounts (address and credential masking round-trips), templates per
// language, sending over real SMTP to a server the test runs (smtp-server on 127.0.0.1), failures,
// the send log, the bounds of each shape, permissions and tenants.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { errorCode, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';
import { TEST_START, useTestApp } from './support/app';
import { closedPort } from './support/free-port';
import { expectData, expectPermissionRefusals } from './support/graphql-expect';
import { type BadField, LANGUAGE_TEMPLATE_BOUNDS } from './support/messaging';
import { mailBody, mailHeader, type ReceivedMail, useSmtpServer } from './support/smtp-server';

const test = useTestApp('messaging_mail');

const SMTP_USER = 'smtp-user-0001';
const SMTP_PASSWORD = 'long-smtp-password-1';
const BLOCKED = 'blocked@example.net';

/** It asks for SMTP_USER/SMTP_PASSWORD and refuses BLOCKED. */
const smtp = useSmtpServer({ credentials: { username: SMTP_USER, password: SMTP_PASSWORD }, refused: [BLOCKED] });
const inbox = smtp.received;

const ACCOUNT_FIELDS = 'id mail username password host port sslEnable createTime';
const CREATE_ACCOUNT = 'mutation($input: MailAccountSaveReqVO!) { createMailAccount(input: $input) { id } }';
const UPDATE_ACCOUNT = 'mutation($input: MailAccountSaveReqVO!) { updateMailAccount(input: $input) { id } }';
const DELETE_ACCOUNT = 'mutation($id: Int64!) { deleteMailAccount(id: $id) }';
const GET_ACCOUNT = `query($id: Int64!) { mailAccount(id: $id) { ${ACCOUNT_FIELDS} } }`;
const ACCOUNT_PAGE = 'query($input: MailAccountPageReqVO!) { mailAccountPage(input: $input) { total list { id mail username } } }';
const ACCOUNT_SIMPLE = '{ mailAccountSimpleList { id mail } }';

const TEMPLATE_FIELDS = 'id name code languageCode accountId nickname title content params status remark createTime';
const CREATE_TEMPLATE = 'mutation($input: MailTemplateSaveReqVO!) { createMailTemplate(input: $input) { id } }';
const UPDATE_TEMPLATE = 'mutation($input: MailTemplateSaveReqVO!) { updateMailTemplate(input: $input) { id } }';
const DELETE_TEMPLATE = 'mutation($id: Int64!) { deleteMailTemplate(id: $id) }';
const GET_TEMPLATE = `query($id: Int64!) { mailTemplate(id: $id) { ${TEMPLATE_FIELDS} } }`;
const TEMPLATE_PAGE = 'query($input: MailTemplatePageReqVO!) { mailTemplatePage(input: $input) { total list { id code languageCode status } } }';
const SEND = 'mutation($input: MailTemplateSendReqVO!) { sendMail(input: $input) }';
const LOG_PAGE = `query($input: MailLogPageReqVO!) {
  mailLogPage(input: $input) { total list {
    id accountId fromMail templateId templateCode languageCode nickname toMail userId userType title content params
    sendStatus sendTime sendMessageId sendException createTime
  } }
}`;

const ALL = [
  ...['query', 'create', 'update', 'delete'].map((action) => `system:mail-account:${action}`),
  ...['query', 'create', 'update', 'delete', 'send-mail'].map((action) => `system:mail-template:${action}`),
  'system:mail-log:query',
];

const account = (overrides: Record<string, unknown> = {}) => ({
  mail: 'sender@example.com',
  username: SMTP_USER,
  password: SMTP_PASSWORD,
  host: '127.0.0.1',
  port: smtp.port,
  sslEnable: false,
  ...overrides,
});
const template = (accountId: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Welcome',
  code: unique('welcome-'),
  languageCode: 'en',
  accountId,
  nickname: 'OpenBuy Support',
  title: 'Welcome, {name}',
  content: '<p>Hello {name}, your code is <b>{code}</b>.</p>',
  status: 0,
  ...overrides,
});

let admin: SignedInAdmin;

const ok = <T>(token: string, query: string, variables: Record<string, unknown>) => expectData<T>(test.app, token, query, variables);

const createAccount = async (token: string, overrides: Record<string, unknown> = {}) =>
  (await ok<{ createMailAccount: { id: number } }>(token, CREATE_ACCOUNT, { input: account(overrides) })).createMailAccount.id;
const createTemplate = async (token: string, accountId: number, overrides: Record<string, unknown> = {}) =>
  (await ok<{ createMailTemplate: { id: number } }>(token, CREATE_TEMPLATE, { input: template(accountId, overrides) })).createMailTemplate.id;
const getAccount = async (token: string, id: number) => (await ok<{ mailAccount: Record<string, unknown> }>(token, GET_ACCOUNT, { id })).mailAccount;

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ALL });
});

describe('mail accounts', () => {
  it('creates, reads (masked), updates, pages, lists and deletes', async () => {
    const id = await createAccount(admin.token);
    expect(await getAccount(admin.token, id)).toEqual({
      id,
      mail: 's****@example.com',
      username: 'smt****001',
      password: '******',
      host: '127.0.0.1',
      port: smtp.port,
      sslEnable: false,
      createTime: new Date(TEST_START).toISOString(),
    });
    await ok(admin.token, UPDATE_ACCOUNT, { input: account({ id, mail: 'alerts@example.org', host: 'smtp.example.org', port: 465, sslEnable: true }) });
    const page = await ok<{ mailAccountPage: { total: number; list: unknown[] } }>(admin.token, ACCOUNT_PAGE, {
      input: { pageNo: 1, pageSize: 10, mail: 'alerts@', username: SMTP_USER },
    });
    expect(page.mailAccountPage).toEqual({ total: 1, list: [{ id, mail: 'a****@example.org', username: 'smt****001' }] });
    const simple = await ok<{ mailAccountSimpleList: { id: number }[] }>(admin.token, ACCOUNT_SIMPLE, {});
    expect(simple.mailAccountSimpleList.map((entry) => entry.id)).toContain(id);

    await ok(admin.token, DELETE_ACCOUNT, { id });
    expect(errorCode(await graphql(test.app, GET_ACCOUNT, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.MAIL_ACCOUNT_NOT_FOUND.code);
  });

  it('keeps the stored mail, username and password when the masked values come back, and changes them when new ones do', async () => {
    const id = await createAccount(admin.token);
    const shown = await getAccount(admin.token, id);
    await ok(admin.token, UPDATE_ACCOUNT, { input: account({ id, mail: shown.mail, username: shown.username, password: shown.password, port: 2525 }) });
    expect(await test.db.mailAccount.findUniqueOrThrow({ where: { id } })).toMatchObject({
      mail: 'sender@example.com',
      username: SMTP_USER,
      password: SMTP_PASSWORD,
      port: 2525,
    });

    // The password's own mask (first and last 3 characters) keeps it too.
    await ok(admin.token, UPDATE_ACCOUNT, { input: account({ id, mail: shown.mail, username: shown.username, password: 'lon****d-1' }) });
    expect((await test.db.mailAccount.findUniqueOrThrow({ where: { id } })).password).toBe(SMTP_PASSWORD);

    await ok(admin.token, UPDATE_ACCOUNT, { input: account({ id, mail: 'x@example.com', username: 'other-user', password: 'new-password' }) });
    expect(await test.db.mailAccount.findUniqueOrThrow({ where: { id } })).toMatchObject({ mail: 'x@example.com', username: 'other-user', password: 'new-password' });
    expect(await getAccount(admin.token, id)).toMatchObject({ mail: '****@example.com', username: '******', password: '******' });

    // Another address's mask is not an address.
    const answer = await graphql(test.app, UPDATE_ACCOUNT, { token: admin.token, variables: { input: account({ id, mail: 's****@example.com' }) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('mail');
    expect((await test.db.mailAccount.findUniqueOrThrow({ where: { id } })).mail).toBe('x@example.com');
  });

  it.each([
    ['id', { id: 5 }],
    ['mail', { mail: '' }],
    ['mail', { mail: 'not-an-address' }],
    ['mail', { mail: `${'m'.repeat(250)}@example.com` }],
    ['username', { username: '' }],
    ['username', { username: 'u'.repeat(256) }],
    ['password', { password: '' }],
    ['password', { password: '******' }],
    ['host', { host: '' }],
    ['host', { host: 'smtp example com' }],
    ['port', { port: 0 }],
    ['port', { port: 65_536 }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.mailAccount.count();
    const answer = await graphql(test.app, CREATE_ACCOUNT, { token: admin.token, variables: { input: account(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.mailAccount.count()).toBe(before);
  });

  it('requires the id on update and refuses to delete an account a template uses', async () => {
    const noId = await graphql(test.app, UPDATE_ACCOUNT, { token: admin.token, variables: { input: account() } });
    expect(errorCode(noId)).toBe(400);
    expect(noId.errors![0]!.message).toContain('id');

    const id = await createAccount(admin.token);
    const templateId = await createTemplate(admin.token, id);
    expect(errorCode(await graphql(test.app, DELETE_ACCOUNT, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.MAIL_ACCOUNT_IN_USE.code);
    expect(await test.db.mailAccount.count({ where: { id } })).toBe(1);
    await ok(admin.token, DELETE_TEMPLATE, { id: templateId });
    await ok(admin.token, DELETE_ACCOUNT, { id });
  });
});

describe('mail templates', () => {
  let accountId: number;
  beforeAll(async () => {
    accountId = await createAccount(admin.token);
  });

  it('creates (parameters of title and content parsed), reads, updates, pages and deletes', async () => {
    const code = unique('welcome-');
    const id = await createTemplate(admin.token, accountId, { code, remark: 'sign-up' });
    expect((await ok<{ mailTemplate: Record<string, unknown> }>(admin.token, GET_TEMPLATE, { id })).mailTemplate).toEqual({
      id,
      name: 'Welcome',
      code,
      languageCode: 'en',
      accountId,
      nickname: 'OpenBuy Support',
      title: 'Welcome, {name}',
      content: '<p>Hello {name}, your code is <b>{code}</b>.</p>',
      params: ['name', 'code'],
      status: 0,
      remark: 'sign-up',
      createTime: new Date(TEST_START).toISOString(),
    });
    await ok(admin.token, UPDATE_TEMPLATE, { input: template(accountId, { id, code, title: 'Order {orderNo}', content: 'Shipped', status: 1 }) });
    expect((await ok<{ mailTemplate: { params: string[] } }>(admin.token, GET_TEMPLATE, { id })).mailTemplate.params).toEqual(['orderNo']);
    const page = await ok<{ mailTemplatePage: { total: number; list: unknown[] } }>(admin.token, TEMPLATE_PAGE, {
      input: { pageNo: 1, pageSize: 10, code, name: 'Wel', languageCode: 'en', accountId, status: 1 },
    });
    expect(page.mailTemplatePage).toEqual({ total: 1, list: [{ id, code, languageCode: 'en', status: 1 }] });
    await ok(admin.token, DELETE_TEMPLATE, { id });
    expect(errorCode(await graphql(test.app, GET_TEMPLATE, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.MAIL_TEMPLATE_NOT_FOUND.code);
  });

  it('keeps (code, language) unique per tenant, languages in their canonical case', async () => {
    const code = unique('dup-');
    await createTemplate(admin.token, accountId, { code });
    const chinese = await createTemplate(admin.token, accountId, { code, languageCode: 'ZH-cn' });
    expect((await ok<{ mailTemplate: { languageCode: string } }>(admin.token, GET_TEMPLATE, { id: chinese })).mailTemplate.languageCode).toBe('zh-CN');
    for (const languageCode of ['en', 'EN', 'zh-CN']) {
      const again = await graphql(test.app, CREATE_TEMPLATE, { token: admin.token, variables: { input: template(accountId, { code, languageCode }) } });
      expect(errorCode(again), languageCode).toBe(ErrorCatalogue.MAIL_TEMPLATE_CODE_EXISTS.code);
    }
    const other = await signedInAdmin(test.core, { permissions: ALL });
    await createTemplate(other.token, await createAccount(other.token), { code });
  });

  it('refuses an account of another tenant', async () => {
    const other = await signedInAdmin(test.core, { permissions: ALL });
    const foreign = await createAccount(other.token);
    expect(errorCode(await graphql(test.app, CREATE_TEMPLATE, { token: admin.token, variables: { input: template(foreign) } }))).toBe(
      ErrorCatalogue.MAIL_ACCOUNT_NOT_FOUND.code,
    );
  });

  it.each<BadField>([
    ...LANGUAGE_TEMPLATE_BOUNDS,
    ['accountId', { accountId: 0 }],
    ['nickname', { nickname: 'n'.repeat(256) }],
    ['title', { title: '' }],
    ['title', { title: 't'.repeat(256) }],
    ['content', { content: '' }],
    ['content', { content: 'c'.repeat(20_001) }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.mailTemplate.count();
    const answer = await graphql(test.app, CREATE_TEMPLATE, { token: admin.token, variables: { input: template(accountId, overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.mailTemplate.count()).toBe(before);
  });

  it('accepts the longest fields', async () => {
    const longest = {
      name: 'n'.repeat(63),
      code: unique('c'.repeat(53)),
      languageCode: 'zh-Hant-TW'.slice(0, 10),
      nickname: 'n'.repeat(255),
      title: 't'.repeat(255),
      content: 'c'.repeat(20_000),
    };
    const id = await createTemplate(admin.token, accountId, longest);
    expect(await test.db.mailTemplate.findUniqueOrThrow({ where: { id } })).toMatchObject(longest);
  });
});

describe('sending mail over SMTP', () => {
  let token: string;
  let accountId: number;
  beforeAll(async () => {
    token = (await signedInAdmin(test.core, { permissions: ALL })).token;
    accountId = await createAccount(token);
  });

  const send = (input: Record<string, unknown>) => graphql<{ sendMail: number }>(test.app, SEND, { token, variables: { input } });
  const logPage = async (filter: Record<string, unknown>) =>
    (await ok<{ mailLogPage: { total: number; list: Record<string, unknown>[] } }>(token, LOG_PAGE, { input: { pageNo: 1, pageSize: 10, ...filter } })).mailLogPage;

  it('delivers the rendered template from the account (nickname <mail>), signed in with the stored credentials, and logs it', async () => {
    const code = unique('welcome-');
    const templateId = await createTemplate(token, accountId, { code });
    inbox.length = 0;
    const answer = await send({ mail: 'buyer@example.net', templateCode: code, templateParams: { name: 'Ana & <Bo>', code: 123456 } });
    expect(answer.errors).toBeUndefined();
    const logId = answer.data!.sendMail;

    expect(inbox).toHaveLength(1);
    const [mail] = inbox as [ReceivedMail];
    expect(mail).toMatchObject({ envelopeFrom: 'sender@example.com', envelopeTo: ['buyer@example.net'], user: SMTP_USER });
    expect(mailHeader(mail.raw, 'From')).toBe('OpenBuy Support <sender@example.com>');
    expect(mailHeader(mail.raw, 'To')).toBe('buyer@example.net');
    expect(mailHeader(mail.raw, 'Subject')).toBe('Welcome, Ana & <Bo>');
    expect(mailHeader(mail.raw, 'Content-Type')).toContain('text/html');
    const html = '<p>Hello Ana &amp; &lt;Bo&gt;, your code is <b>123456</b>.</p>';
    expect(mailBody(mail.raw).trim()).toBe(html);

    const page = await logPage({ toMail: 'buyer@', templateId });
    expect(page.total).toBe(1);
    expect(page.list[0]).toEqual({
      id: logId,
      accountId,
      fromMail: 'sender@example.com',
      templateId,
      templateCode: code,
      languageCode: 'en',
      nickname: 'OpenBuy Support',
      toMail: 'buyer@example.net',
      userId: null,
      userType: null,
      title: 'Welcome, Ana & <Bo>',
      content: html,
      params: { name: 'Ana & <Bo>', code: 123456 },
      sendStatus: 10,
      sendTime: new Date(TEST_START).toISOString(),
      sendMessageId: mailHeader(mail.raw, 'Message-ID'),
      sendException: null,
      createTime: new Date(TEST_START).toISOString(),
    });
  });

  it("picks the recipient's language, else English, else the oldest; disabled templates are skipped", async () => {
    const code = unique('lang-');
    await createTemplate(token, accountId, { code, languageCode: 'pt', title: 'Olá', content: 'pt' });
    const sentTitle = async (languageCode?: string) => {
      inbox.length = 0;
      expect((await send({ mail: 'lang@example.net', templateCode: code, ...(languageCode ? { languageCode } : {}) })).errors).toBeUndefined();
      return mailHeader(inbox[0]!.raw, 'Subject');
    };
    expect(await sentTitle()).toBe('=?UTF-8?Q?Ol=C3=A1?=');
    const english = await createTemplate(token, accountId, { code, languageCode: 'en', title: 'Hello', content: 'en' });
    const chinese = await createTemplate(token, accountId, { code, languageCode: 'zh-CN', title: 'Nihao', content: 'zh' });
    expect(await sentTitle()).toBe('Hello');
    expect(await sentTitle('zh-cn')).toBe('Nihao');
    expect(await sentTitle('fr')).toBe('Hello');

    await ok(token, UPDATE_TEMPLATE, { input: template(accountId, { id: chinese, code, languageCode: 'zh-CN', title: 'Nihao', content: 'zh', status: 1 }) });
    expect(await sentTitle('zh-CN')).toBe('Hello');

    await test.db.mailTemplate.updateMany({ where: { code }, data: { status: 1 } });
    expect(errorCode(await send({ mail: 'lang@example.net', templateCode: code }))).toBe(ErrorCatalogue.MAIL_TEMPLATE_DISABLED.code);
    expect(errorCode(await send({ mail: 'lang@example.net', templateCode: 'no-such-template' }))).toBe(ErrorCatalogue.MAIL_TEMPLATE_CODE_NOT_FOUND.code);
    expect(english).toBeGreaterThan(0);
  });

  it('refuses a missing parameter without sending or logging', async () => {
    const code = unique('strict-');
    await createTemplate(token, accountId, { code });
    const before = await test.db.mailLog.count();
    inbox.length = 0;
    const answer = await send({ mail: 'buyer@example.net', templateCode: code, templateParams: { name: 'Ana' } });
    expect(errorCode(answer)).toBe(ErrorCatalogue.MESSAGE_TEMPLATE_PARAM_MISSING.code);
    expect(answer.errors![0]!.message).toBe(`Template ${code} needs parameter code`);
    expect(inbox).toHaveLength(0);
    expect(await test.db.mailLog.count()).toBe(before);
  });

  it('records a recipient the server refuses as a failure and answers MAIL_SEND_FAILED naming the log row', async () => {
    const code = unique('refused-');
    await createTemplate(token, accountId, { code, title: 'Hi', content: 'Hi' });
    const answer = await send({ mail: BLOCKED, templateCode: code });
    expect(errorCode(answer)).toBe(ErrorCatalogue.MAIL_SEND_FAILED.code);
    const failed = await test.db.mailLog.findFirstOrThrow({ where: { toMail: BLOCKED } });
    expect(answer.errors![0]!.message).toMatch(new RegExp(`^Sending the mail failed \\(log ${failed.id}\\): .*Mailbox unavailable`));
    expect(failed).toMatchObject({ sendStatus: 20, sendMessageId: null, sendTime: new Date(TEST_START) });
    expect(failed.sendException).toContain('550');
    expect((await logPage({ sendStatus: 20, toMail: BLOCKED })).list.map((row) => row.id)).toEqual([failed.id]);
  });

  it('records wrong credentials and an unreachable server as failures', async () => {
    const wrongPassword = await createAccount(token, { password: 'wrong-password' });
    const unreachable = await createAccount(token, { port: await closedPort() });
    for (const [id, recipient, reason] of [
      [wrongPassword, 'auth@example.net', /Invalid username or password/],
      [unreachable, 'down@example.net', /ECONNREFUSED/],
    ] as const) {
      const code = unique('fail-');
      await createTemplate(token, id, { code, title: 'Hi', content: 'Hi' });
      expect(errorCode(await send({ mail: recipient, templateCode: code }))).toBe(ErrorCatalogue.MAIL_SEND_FAILED.code);
      const row = await test.db.mailLog.findFirstOrThrow({ where: { toMail: recipient } });
      expect(row.sendStatus).toBe(20);
      expect(row.sendException).toMatch(reason);
    }
  });

  it.each([
    ['mail', { mail: 'nobody' }],
    ['templateCode', { templateCode: '' }],
    ['languageCode', { languageCode: 'x!' }],
    ['params', { templateParams: { name: ['a'] } }],
  ])('refuses a send with a bad %s', async (field, overrides) => {
    const answer = await send({ mail: 'buyer@example.net', templateCode: 'any', ...overrides });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
  });
});

describe('permissions and tenants', () => {
  it("needs each operation's permission", async () => {
    const accountId = await createAccount(admin.token);
    const templateId = await createTemplate(admin.token, accountId);
    const nobody = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName }, permissions: ['system:post:query'] });
    const page = { pageNo: 1, pageSize: 10 };
    await expectPermissionRefusals(test.app, nobody.token, [
      [CREATE_ACCOUNT, { input: account() }, 'system:mail-account:create'],
      [UPDATE_ACCOUNT, { input: account({ id: accountId }) }, 'system:mail-account:update'],
      [DELETE_ACCOUNT, { id: accountId }, 'system:mail-account:delete'],
      [GET_ACCOUNT, { id: accountId }, 'system:mail-account:query'],
      [ACCOUNT_PAGE, { input: page }, 'system:mail-account:query'],
      [CREATE_TEMPLATE, { input: template(accountId) }, 'system:mail-template:create'],
      [UPDATE_TEMPLATE, { input: template(accountId, { id: templateId }) }, 'system:mail-template:update'],
      [DELETE_TEMPLATE, { id: templateId }, 'system:mail-template:delete'],
      [GET_TEMPLATE, { id: templateId }, 'system:mail-template:query'],
      [TEMPLATE_PAGE, { input: page }, 'system:mail-template:query'],
      [SEND, { input: { mail: 'a@example.net', templateCode: 'x' } }, 'system:mail-template:send-mail'],
      [LOG_PAGE, { input: page }, 'system:mail-log:query'],
    ]);
    // Simple lists are pickers, readable by any signed-in administrator of the tenant.
    expect((await graphql(test.app, ACCOUNT_SIMPLE, { token: nobody.token })).errors).toBeUndefined();
  });

  it('keeps each tenant to its own accounts, templates and log, guessed ids included', async () => {
    const accountId = await createAccount(admin.token, { host: 'mine.example.com' });
    const code = unique('mine-');
    const templateId = await createTemplate(admin.token, accountId, { code });
    await test.db.mailLog.create({
      data: {
        tenantId: admin.tenantId,
        accountId,
        fromMail: 'sender@example.com',
        templateId,
        templateCode: code,
        languageCode: 'en',
        toMail: 'buyer@example.net',
        title: 't',
        content: 'c',
        params: {},
        sendStatus: 10,
        createdAt: new Date(TEST_START),
        updatedAt: new Date(TEST_START),
      },
    });

    const intruder = await signedInAdmin(test.core, { permissions: ALL });
    const as = (query: string, variables: Record<string, unknown>) => graphql(test.app, query, { token: intruder.token, variables });
    expect(errorCode(await as(GET_ACCOUNT, { id: accountId }))).toBe(ErrorCatalogue.MAIL_ACCOUNT_NOT_FOUND.code);
    expect(errorCode(await as(UPDATE_ACCOUNT, { input: account({ id: accountId, host: 'theirs.example.com' }) }))).toBe(ErrorCatalogue.MAIL_ACCOUNT_NOT_FOUND.code);
    expect(errorCode(await as(DELETE_ACCOUNT, { id: accountId }))).toBe(ErrorCatalogue.MAIL_ACCOUNT_NOT_FOUND.code);
    expect(errorCode(await as(GET_TEMPLATE, { id: templateId }))).toBe(ErrorCatalogue.MAIL_TEMPLATE_NOT_FOUND.code);
    expect(errorCode(await as(UPDATE_TEMPLATE, { input: template(accountId, { id: templateId }) }))).toBe(ErrorCatalogue.MAIL_TEMPLATE_NOT_FOUND.code);
    expect(errorCode(await as(DELETE_TEMPLATE, { id: templateId }))).toBe(ErrorCatalogue.MAIL_TEMPLATE_NOT_FOUND.code);
    expect(errorCode(await as(SEND, { input: { mail: 'a@example.net', templateCode: code } }))).toBe(ErrorCatalogue.MAIL_TEMPLATE_CODE_NOT_FOUND.code);
    const page = { pageNo: 1, pageSize: 100 };
    expect((await as(ACCOUNT_PAGE, { input: page })).data).toEqual({ mailAccountPage: { total: 0, list: [] } });
    expect((await as(TEMPLATE_PAGE, { input: page })).data).toEqual({ mailTemplatePage: { total: 0, list: [] } });
    expect((await as(LOG_PAGE, { input: page })).data).toEqual({ mailLogPage: { total: 0, list: [] } });
    expect(await test.db.mailAccount.findUniqueOrThrow({ where: { id: accountId } })).toMatchObject({ host: 'mine.example.com', tenantId: admin.tenantId });
  });
});
