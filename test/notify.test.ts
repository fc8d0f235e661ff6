// In-app notify templates and inboxes through /graphql: template CRUD, page and list, the bounds of
// NotifyTemplateSaveReqVO, sending (languages, parameters, recipients), the tenant's message log,
// the signed-in administrator's own inbox (read status, unread count, marking read), permissions
// and tenants.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { useTestApp } from './support/app';
import { errorCode, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';
import { expectPermissionRefusals } from './support/graphql-expect';
import { type BadField, LANGUAGE_TEMPLATE_BOUNDS } from './support/messaging';

const test = useTestApp('notify');

const CREATE = 'mutation($input: NotifyTemplateSaveReqVO!) { createNotifyTemplate(input: $input) { id } }';
const UPDATE = 'mutation($input: NotifyTemplateSaveReqVO!) { updateNotifyTemplate(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteNotifyTemplate(id: $id) }';
const GET = 'query($id: Int64!) { notifyTemplate(id: $id) { id name code languageCode type nickname content params status remark createTime } }';
const PAGE = `query($input: NotifyTemplatePageReqVO!) {
  notifyTemplatePage(input: $input) { total list { id code languageCode type status } }
}`;
const SIMPLE = '{ notifyTemplateSimpleList { id code status } }';
const SEND = 'mutation($input: NotifyTemplateSendReqVO!) { sendNotify(input: $input) }';
const MESSAGE_FIELDS = 'id userId userType templateId templateCode templateType templateNickname templateContent templateParams readStatus readTime createTime';
const MESSAGES = `query($input: NotifyMessagePageReqVO!) { notifyMessagePage(input: $input) { total list { ${MESSAGE_FIELDS} } } }`;
const MY_MESSAGES = `query($input: MyNotifyMessagePageReqVO!) { myNotifyMessagePage(input: $input) { total list { ${MESSAGE_FIELDS} } } }`;
const UNREAD = '{ myUnreadNotifyMessageCount }';
const MARK_READ = 'mutation($ids: [Int64!]!) { markNotifyMessagesRead(ids: $ids) }';
const MARK_ALL_READ = 'mutation { markAllNotifyMessagesRead }';

const TEMPLATE_PERMISSIONS = ['system:notify-template:query', 'system:notify-template:create', 'system:notify-template:update', 'system:notify-template:delete'];
const ALL = [...TEMPLATE_PERMISSIONS, 'system:notify-template:send-notify', 'system:notify-message:query'];
const ADMIN = 2;
const MEMBER = 1;

/** A NotifyMessageView as the tests read it (MESSAGE_FIELDS). */
type Message = Record<string, unknown> & { id: number; templateContent: string };

let admin: SignedInAdmin;
/** A second administrator of admin's tenant, without any permission: the inbox needs none. */
let colleague: SignedInAdmin;

const template = (overrides: Record<string, unknown> = {}) => ({
  name: 'Order shipped',
  code: unique('shipped-'),
  languageCode: 'en',
  type: 2,
  nickname: 'OpenBuy',
  content: 'Order {orderNo} shipped with {carrier}',
  status: 0,
  ...overrides,
});

async function createTemplate(token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const answer = await graphql<{ createNotifyTemplate: { id: number } }>(test.app, CREATE, { token, variables: { input: template(overrides) } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createNotifyTemplate.id;
}

function send(token: string, input: Record<string, unknown>) {
  return graphql<{ sendNotify: number }>(test.app, SEND, { token, variables: { input } });
}

async function sendTo(recipient: { id: number }, templateCode: string, templateParams: Record<string, unknown> = { orderNo: 'O1', carrier: 'DHL' }): Promise<number> {
  const answer = await send(admin.token, { userId: recipient.id, userType: ADMIN, templateCode, templateParams });
  expect(answer.errors).toBeUndefined();
  return answer.data!.sendNotify;
}

async function myMessages(token: string, input: Record<string, unknown> = {}) {
  const answer = await graphql<{ myNotifyMessagePage: { total: number; list: Message[] } }>(test.app, MY_MESSAGES, { token, variables: { input: { pageNo: 1, pageSize: 100, ...input } } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.myNotifyMessagePage;
}

async function unreadCount(token: string): Promise<number> {
  return (await graphql<{ myUnreadNotifyMessageCount: number }>(test.app, UNREAD, { token })).data!.myUnreadNotifyMessageCount;
}

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ALL });
  colleague = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName } });
});

describe('notify templates', () => {
  it('creates (parameters parsed from content), reads, updates, pages, lists and deletes', async () => {
    const code = unique('welcome-');
    const id = await createTemplate(admin.token, { code, name: 'Welcome', content: 'Hi {name}, welcome to {site}. {name}!', remark: 'first', languageCode: 'ZH-cn' });
    const got = await graphql<{ notifyTemplate: Record<string, unknown> }>(test.app, GET, { token: admin.token, variables: { id } });
    expect(got.data!.notifyTemplate).toMatchObject({ id, name: 'Welcome', code, languageCode: 'zh-CN', type: 2, nickname: 'OpenBuy', params: ['name', 'site'], status: 0, remark: 'first' });

    const updated = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: template({ id, code, languageCode: 'zh-CN', content: 'Hello {user}', status: 1, type: 1 }) } });
    expect(updated.errors).toBeUndefined();
    const after = await graphql<{ notifyTemplate: Record<string, unknown> }>(test.app, GET, { token: admin.token, variables: { id } });
    expect(after.data!.notifyTemplate).toMatchObject({ content: 'Hello {user}', params: ['user'], status: 1, type: 1, remark: 'first' });

    const page = await graphql<{ notifyTemplatePage: { total: number; list: { id: number }[] } }>(test.app, PAGE, {
      token: admin.token,
      variables: { input: { pageNo: 1, pageSize: 10, code, languageCode: 'ZH-cn', type: 1, status: 1 } },
    });
    expect(page.data!.notifyTemplatePage).toEqual({ total: 1, list: [{ id, code, languageCode: 'zh-CN', type: 1, status: 1 }] });

    const enabled = await createTemplate(admin.token);
    const simple = await graphql<{ notifyTemplateSimpleList: { id: number; status: number }[] }>(test.app, SIMPLE, { token: admin.token });
    expect(simple.data!.notifyTemplateSimpleList.map((entry) => entry.id)).toContain(enabled);
    expect(simple.data!.notifyTemplateSimpleList.map((entry) => entry.id)).not.toContain(id);

    expect((await graphql(test.app, DELETE, { token: admin.token, variables: { id } })).data).toEqual({ deleteNotifyTemplate: true });
    const deleted = await graphql(test.app, GET, { token: admin.token, variables: { id } });
    expect(errorCode(deleted)).toBe(ErrorCatalogue.NOTIFY_TEMPLATE_NOT_FOUND.code);
    expect(errorCode(await graphql(test.app, DELETE, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.NOTIFY_TEMPLATE_NOT_FOUND.code);
  });

  it('keeps a code unique per language in a tenant, not across languages or tenants', async () => {
    const code = unique('dup-');
    await createTemplate(admin.token, { code });
    const again = await graphql(test.app, CREATE, { token: admin.token, variables: { input: template({ code, languageCode: 'EN' }) } });
    expect(errorCode(again)).toBe(ErrorCatalogue.NOTIFY_TEMPLATE_CODE_EXISTS.code);
    const portuguese = await createTemplate(admin.token, { code, languageCode: 'pt' });
    const moved = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: template({ id: portuguese, code, languageCode: 'en' }) } });
    expect(errorCode(moved)).toBe(ErrorCatalogue.NOTIFY_TEMPLATE_CODE_EXISTS.code);
    const other = await signedInAdmin(test.core, { permissions: ALL });
    await createTemplate(other.token, { code });
  });

  it.each<BadField>([
    ...LANGUAGE_TEMPLATE_BOUNDS,
    ['languageCode', { languageCode: 'english' }],
    ['type', { type: 0 }],
    ['type', { type: 3 }],
    ['nickname', { nickname: '' }],
    ['nickname', { nickname: 'n'.repeat(256) }],
    ['content', { content: '' }],
    ['content', { content: 'c'.repeat(2001) }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.notifyTemplate.count();
    const answer = await graphql(test.app, CREATE, { token: admin.token, variables: { input: template(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.notifyTemplate.count()).toBe(before);
  });

  it('accepts the longest of every field', async () => {
    const longest = { name: 'n'.repeat(63), code: unique('c'.repeat(53)), languageCode: 'zh-Hant-TW', nickname: 'n'.repeat(255), content: 'c'.repeat(2000), remark: 'r'.repeat(500) };
    const id = await createTemplate(admin.token, longest);
    expect(await test.db.notifyTemplate.findUniqueOrThrow({ where: { id } })).toMatchObject(longest);
  });

  it('requires the id on update, and refuses bad page bounds', async () => {
    const answer = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: template() } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('id');
    for (const page of [{ pageNo: 0, pageSize: 10 }, { pageNo: 1, pageSize: 101 }]) {
      expect(errorCode(await graphql(test.app, PAGE, { token: admin.token, variables: { input: page } }))).toBe(400);
      expect(errorCode(await graphql(test.app, MESSAGES, { token: admin.token, variables: { input: page } }))).toBe(400);
      expect(errorCode(await graphql(test.app, MY_MESSAGES, { token: admin.token, variables: { input: page } }))).toBe(400);
    }
  });
});

describe('sending', () => {
  it("renders the template into the recipient's inbox, keeping only the parameters it used", async () => {
    const code = unique('ship-');
    const templateId = await createTemplate(admin.token, { code, type: 1, nickname: 'Warehouse' });
    const messageId = await sendTo(colleague, code, { orderNo: 'O-42', carrier: 'DHL', unused: 'x' });
    const inbox = await myMessages(colleague.token);
    expect(inbox.total).toBe(1);
    expect(inbox.list[0]).toEqual({
      id: messageId,
      userId: colleague.id,
      userType: ADMIN,
      templateId,
      templateCode: code,
      templateType: 1,
      templateNickname: 'Warehouse',
      templateContent: 'Order O-42 shipped with DHL',
      templateParams: { orderNo: 'O-42', carrier: 'DHL' },
      readStatus: false,
      readTime: null,
      createTime: new Date(test.clock.now()).toISOString(),
    });
    // The text is the message's own: changing or deleting the template leaves it.
    await graphql(test.app, DELETE, { token: admin.token, variables: { id: templateId } });
    expect((await myMessages(colleague.token)).list[0]!.templateContent).toBe('Order O-42 shipped with DHL');
  });

  it('picks the language asked for, else English, else the oldest enabled one', async () => {
    const code = unique('lang-');
    await createTemplate(admin.token, { code, languageCode: 'pt', content: 'Olá {orderNo} {carrier}' });
    const english = await createTemplate(admin.token, { code, languageCode: 'en', content: 'Hello {orderNo} {carrier}' });
    await createTemplate(admin.token, { code, languageCode: 'de', content: 'Hallo {orderNo} {carrier}', status: 1 });
    const contentOf = async (languageCode?: string) => {
      const answer = await send(admin.token, { userId: colleague.id, userType: ADMIN, templateCode: code, languageCode, templateParams: { orderNo: 'O1', carrier: 'UPS' } });
      expect(answer.errors).toBeUndefined();
      return (await test.db.notifyMessage.findUniqueOrThrow({ where: { id: answer.data!.sendNotify } })).templateContent;
    };
    expect(await contentOf('pt')).toBe('Olá O1 UPS');
    expect(await contentOf('PT')).toBe('Olá O1 UPS');
    expect(await contentOf()).toBe('Hello O1 UPS');
    expect(await contentOf('de')).toBe('Hello O1 UPS');
    expect(await contentOf('fr')).toBe('Hello O1 UPS');
    await graphql(test.app, DELETE, { token: admin.token, variables: { id: english } });
    expect(await contentOf('fr')).toBe('Olá O1 UPS');
  });

  it('refuses unknown and wholly disabled templates, and a missing parameter, writing nothing', async () => {
    const before = await test.db.notifyMessage.count();
    const unknown = await send(admin.token, { userId: colleague.id, userType: ADMIN, templateCode: unique('none-') });
    expect(errorCode(unknown)).toBe(ErrorCatalogue.NOTIFY_TEMPLATE_CODE_NOT_FOUND.code);
    const disabled = unique('off-');
    await createTemplate(admin.token, { code: disabled, status: 1 });
    expect(errorCode(await send(admin.token, { userId: colleague.id, userType: ADMIN, templateCode: disabled, templateParams: { orderNo: 'O', carrier: 'C' } }))).toBe(
      ErrorCatalogue.NOTIFY_TEMPLATE_DISABLED.code,
    );
    const code = unique('param-');
    await createTemplate(admin.token, { code });
    const missing = await send(admin.token, { userId: colleague.id, userType: ADMIN, templateCode: code, templateParams: { orderNo: 'O1' } });
    expect(errorCode(missing)).toBe(ErrorCatalogue.MESSAGE_TEMPLATE_PARAM_MISSING.code);
    expect(missing.errors![0]!.message).toContain('carrier');
    expect(errorCode(await send(admin.token, { userId: colleague.id, userType: ADMIN, templateCode: code }))).toBe(ErrorCatalogue.MESSAGE_TEMPLATE_PARAM_MISSING.code);
    expect(await test.db.notifyMessage.count()).toBe(before);
  });

  it('sends to administrators and members of the tenant only', async () => {
    const code = unique('who-');
    await createTemplate(admin.token, { code, content: 'Hello' });
    const member = await test.db.member.create({ data: { tenantId: admin.tenantId, unionId: unique('union-'), nickname: 'Member' } });
    const sent = await send(admin.token, { userId: member.id, userType: MEMBER, templateCode: code });
    expect(await test.db.notifyMessage.findUniqueOrThrow({ where: { id: sent.data!.sendNotify } })).toMatchObject({ userId: member.id, userType: MEMBER, tenantId: admin.tenantId });

    const stranger = await signedInAdmin(test.core);
    const foreignMember = await test.db.member.create({ data: { tenantId: stranger.tenantId, unionId: unique('union-'), nickname: 'Stranger' } });
    const before = await test.db.notifyMessage.count();
    for (const [userId, userType] of [
      [stranger.id, ADMIN],
      [foreignMember.id, MEMBER],
      [member.id, ADMIN],
      [admin.id, MEMBER],
      [999_999_999, ADMIN],
    ] as const) {
      const answer = await send(admin.token, { userId, userType, templateCode: code });
      expect(errorCode(answer), `${userType}:${userId}`).toBe(ErrorCatalogue.NOTIFY_RECIPIENT_NOT_FOUND.code);
      expect(answer.errors![0]!.message).toContain(String(userId));
    }
    expect(await test.db.notifyMessage.count()).toBe(before);
  });

  it.each([
    ['userId', { userId: 0 }],
    ['userType', { userType: 3 }],
    ['userType', { userType: 0 }],
    ['templateCode', { templateCode: '' }],
    ['templateCode', { templateCode: 't'.repeat(64) }],
    ['languageCode', { languageCode: 'not a language' }],
    ['templateParams', { templateParams: { orderNo: 'o'.repeat(1001), carrier: 'C' } }],
    ['templateParams', { templateParams: { orderNo: true, carrier: 'C' } }],
  ])('refuses a send with a bad %s (400 naming it)', async (field, overrides) => {
    const answer = await send(admin.token, { userId: colleague.id, userType: ADMIN, templateCode: 'any', ...overrides });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
  });
});

describe('inboxes', () => {
  it('shows each administrator their own messages, counts the unread ones and marks them read', async () => {
    const reader = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName } });
    const code = unique('inbox-');
    await createTemplate(admin.token, { code });
    const first = await sendTo(reader, code);
    test.clock.advance(1000);
    const second = await sendTo(reader, code);
    const third = await sendTo(reader, code);
    const others = await sendTo(colleague, code);

    const inbox = await myMessages(reader.token);
    expect(inbox.list.map((message) => message.id)).toEqual([third, second, first]);
    expect(await unreadCount(reader.token)).toBe(3);

    test.clock.advance(5000);
    const marked = await graphql<{ markNotifyMessagesRead: number }>(test.app, MARK_READ, { token: reader.token, variables: { ids: [first, others] } });
    expect(marked.data).toEqual({ markNotifyMessagesRead: 1 });
    expect(await unreadCount(reader.token)).toBe(2);
    expect(await test.db.notifyMessage.findUniqueOrThrow({ where: { id: first } })).toMatchObject({ readStatus: true, readTime: new Date(test.clock.now()) });
    // Someone else's message stays as it was; marking again marks nothing.
    expect(await test.db.notifyMessage.findUniqueOrThrow({ where: { id: others } })).toMatchObject({ readStatus: false, readTime: null });
    expect((await graphql(test.app, MARK_READ, { token: reader.token, variables: { ids: [first] } })).data).toEqual({ markNotifyMessagesRead: 0 });

    expect((await myMessages(reader.token, { readStatus: true })).list.map((message) => message.id)).toEqual([first]);
    expect((await myMessages(reader.token, { readStatus: false })).list.map((message) => message.id)).toEqual([third, second]);

    expect((await graphql(test.app, MARK_ALL_READ, { token: reader.token })).data).toEqual({ markAllNotifyMessagesRead: 2 });
    expect(await unreadCount(reader.token)).toBe(0);
    expect((await graphql(test.app, MARK_ALL_READ, { token: reader.token })).data).toEqual({ markAllNotifyMessagesRead: 0 });
    expect(await test.db.notifyMessage.findUniqueOrThrow({ where: { id: others } })).toMatchObject({ readStatus: false });
  });

  it("ignores members' messages with the same user id", async () => {
    const reader = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName } });
    const code = unique('same-id-');
    await createTemplate(admin.token, { code, content: 'Hi' });
    const now = new Date(test.clock.now());
    const memberMessage = await test.db.notifyMessage.create({
      data: { tenantId: admin.tenantId, userId: reader.id, userType: MEMBER, templateId: 1, templateCode: code, templateType: 2, templateNickname: 'x', templateContent: 'Hi', templateParams: {}, createdAt: now },
    });
    expect((await myMessages(reader.token)).total).toBe(0);
    expect(await unreadCount(reader.token)).toBe(0);
    expect((await graphql(test.app, MARK_READ, { token: reader.token, variables: { ids: [memberMessage.id] } })).data).toEqual({ markNotifyMessagesRead: 0 });
  });

  it.each([
    ['no ids', []],
    ['a repeated id', [1, 1]],
    ['more than 100 ids', Array.from({ length: 101 }, (_, index) => index + 1)],
    ['a non-positive id', [0]],
  ])('refuses marking %s (400)', async (_case, ids) => {
    expect(errorCode(await graphql(test.app, MARK_READ, { token: colleague.token, variables: { ids } }))).toBe(400);
  });

  it('needs only a signed-in administrator', async () => {
    for (const [query, variables] of [
      [MY_MESSAGES, { input: { pageNo: 1, pageSize: 10 } }],
      [UNREAD, {}],
      [MARK_READ, { ids: [1] }],
      [MARK_ALL_READ, {}],
    ] as const) {
      expect(errorCode(await graphql(test.app, query, { variables }))).toBe(401);
      expect((await graphql(test.app, query, { token: colleague.token, variables })).errors).toBeUndefined();
    }
  });
});

describe("the tenant's message log", () => {
  it('pages every message of the tenant with filters', async () => {
    const code = unique('log-');
    await createTemplate(admin.token, { code });
    const from = new Date(test.clock.now());
    const toColleague = await sendTo(colleague, code);
    test.clock.advance(60_000);
    const toAdmin = await sendTo(admin, code);
    await graphql(test.app, MARK_READ, { token: admin.token, variables: { ids: [toAdmin] } });
    const page = async (filter: Record<string, unknown>) => {
      const answer = await graphql<{ notifyMessagePage: { total: number; list: Message[] } }>(test.app, MESSAGES, {
        token: admin.token,
        variables: { input: { pageNo: 1, pageSize: 100, templateCode: code, ...filter } },
      });
      expect(answer.errors).toBeUndefined();
      return answer.data!.notifyMessagePage.list.map((message) => message.id);
    };
    expect(await page({})).toEqual([toAdmin, toColleague]);
    expect(await page({ userId: colleague.id, userType: ADMIN })).toEqual([toColleague]);
    expect(await page({ userType: MEMBER })).toEqual([]);
    expect(await page({ readStatus: true })).toEqual([toAdmin]);
    expect(await page({ readStatus: false })).toEqual([toColleague]);
    expect(await page({ createTime: [from.toISOString(), new Date(from.getTime() + 1).toISOString()] })).toEqual([toColleague]);
    expect(await page({ createTime: [new Date(from.getTime() + 1).toISOString(), '2100-01-01T00:00:00.000Z'] })).toEqual([toAdmin]);
    const reversed = await graphql(test.app, MESSAGES, {
      token: admin.token,
      variables: { input: { pageNo: 1, pageSize: 10, createTime: [new Date(from.getTime() + 1).toISOString(), from.toISOString()] } },
    });
    expect(errorCode(reversed)).toBe(400);
  });
});

describe('permissions and tenants', () => {
  it("needs each operation's permission", async () => {
    const id = await createTemplate(admin.token);
    const tenant = { id: admin.tenantId, name: admin.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['system:notify-template:query'] });
    await expectPermissionRefusals(test.app, reader.token, [
      [CREATE, { input: template() }, 'system:notify-template:create'],
      [UPDATE, { input: template({ id }) }, 'system:notify-template:update'],
      [DELETE, { id }, 'system:notify-template:delete'],
      [SEND, { input: { userId: colleague.id, userType: ADMIN, templateCode: 'x' } }, 'system:notify-template:send-notify'],
      [MESSAGES, { input: { pageNo: 1, pageSize: 10 } }, 'system:notify-message:query'],
    ]);
    for (const query of [GET, PAGE]) {
      expect(errorCode(await graphql(test.app, query, { token: colleague.token, variables: { id, input: { pageNo: 1, pageSize: 10 } } }))).toBe(403);
    }
    // Simple lists are pickers, readable by any signed-in administrator of the tenant.
    expect((await graphql(test.app, SIMPLE, { token: colleague.token })).errors).toBeUndefined();
  });

  it("keeps each tenant to its own templates and messages, guessed ids included", async () => {
    const code = unique('mine-');
    const id = await createTemplate(admin.token, { code, name: 'Mine' });
    const messageId = await sendTo(colleague, code);
    const intruder = await signedInAdmin(test.core, { permissions: ALL });
    expect(errorCode(await graphql(test.app, GET, { token: intruder.token, variables: { id } }))).toBe(ErrorCatalogue.NOTIFY_TEMPLATE_NOT_FOUND.code);
    expect(errorCode(await graphql(test.app, UPDATE, { token: intruder.token, variables: { input: template({ id, name: 'Theirs' }) } }))).toBe(
      ErrorCatalogue.NOTIFY_TEMPLATE_NOT_FOUND.code,
    );
    expect(errorCode(await graphql(test.app, DELETE, { token: intruder.token, variables: { id } }))).toBe(ErrorCatalogue.NOTIFY_TEMPLATE_NOT_FOUND.code);
    const page = await graphql<{ notifyTemplatePage: { total: number } }>(test.app, PAGE, { token: intruder.token, variables: { input: { pageNo: 1, pageSize: 100, code } } });
    expect(page.data!.notifyTemplatePage.total).toBe(0);
    // The code is unknown in the intruder's tenant, and the colleague is not their recipient.
    expect(errorCode(await send(intruder.token, { userId: intruder.id, userType: ADMIN, templateCode: code, templateParams: { orderNo: 'O', carrier: 'C' } }))).toBe(
      ErrorCatalogue.NOTIFY_TEMPLATE_CODE_NOT_FOUND.code,
    );
    const messages = await graphql<{ notifyMessagePage: { total: number } }>(test.app, MESSAGES, { token: intruder.token, variables: { input: { pageNo: 1, pageSize: 100 } } });
    expect(messages.data!.notifyMessagePage.total).toBe(0);
    expect((await graphql(test.app, MARK_READ, { token: intruder.token, variables: { ids: [messageId] } })).data).toEqual({ markNotifyMessagesRead: 0 });
    expect(await test.db.notifyTemplate.findUnique({ where: { id } })).toMatchObject({ name: 'Mine', tenantId: admin.tenantId });
    expect(await test.db.notifyMessage.findUnique({ where: { id: messageId } })).toMatchObject({ readStatus: false });
  });
});
