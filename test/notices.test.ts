// Notices through /graphql: CRUD and page, the bounds of NoticeSaveReqVO, sensitive words refused
// in title and content (nothing saved), permissions, tenants.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { useTestApp } from './support/app';
import { errorCode, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';

const test = useTestApp('notices');

const CREATE = 'mutation($input: NoticeSaveReqVO!) { createNotice(input: $input) { id } }';
const UPDATE = 'mutation($input: NoticeSaveReqVO!) { updateNotice(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteNotice(id: $id) }';
const GET = 'query($id: Int64!) { notice(id: $id) { id title type content status createTime updateTime } }';
const PAGE = 'query($input: NoticePageReqVO!) { noticePage(input: $input) { total list { id title type status } } }';
const CREATE_WORD = 'mutation($input: SensitiveWordSaveVO!) { createSensitiveWord(input: $input) { id } }';

const ALL = ['system:notice:query', 'system:notice:create', 'system:notice:update', 'system:notice:delete'];
let admin: SignedInAdmin;

const notice = (overrides: Record<string, unknown> = {}) => ({ title: 'Maintenance', type: 1, content: '<p>Down at noon</p>', status: 0, ...overrides });

async function createNotice(token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const answer = await graphql<{ createNotice: { id: number } }>(test.app, CREATE, { token, variables: { input: notice(overrides) } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createNotice.id;
}

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: [...ALL, 'system:sensitive-word:create'] });
});

describe('notices', () => {
  it('creates, reads, updates, pages and deletes', async () => {
    const title = unique('Sale ');
    const id = await createNotice(admin.token, { title, type: 2, content: 'Half price' });
    const created = new Date(test.clock.now()).toISOString();
    const got = await graphql<{ notice: Record<string, unknown> }>(test.app, GET, { token: admin.token, variables: { id } });
    expect(got.data!.notice).toEqual({ id, title, type: 2, content: 'Half price', status: 0, createTime: created, updateTime: created });

    test.clock.advance(60_000);
    expect((await graphql(test.app, UPDATE, { token: admin.token, variables: { input: notice({ id, title, type: 1, status: 1 }) } })).errors).toBeUndefined();
    const updated = await graphql<{ notice: Record<string, unknown> }>(test.app, GET, { token: admin.token, variables: { id } });
    expect(updated.data!.notice).toMatchObject({ type: 1, status: 1, content: '<p>Down at noon</p>', createTime: created, updateTime: new Date(test.clock.now()).toISOString() });

    const page = await graphql<{ noticePage: unknown }>(test.app, PAGE, {
      token: admin.token,
      variables: { input: { pageNo: 1, pageSize: 10, title: title.slice(2), type: 1, status: 1 } },
    });
    expect(page.data!.noticePage).toEqual({ total: 1, list: [{ id, title, type: 1, status: 1 }] });

    expect((await graphql(test.app, DELETE, { token: admin.token, variables: { id } })).data).toEqual({ deleteNotice: true });
    expect(errorCode(await graphql(test.app, GET, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.NOTICE_NOT_FOUND.code);
    expect(errorCode(await graphql(test.app, DELETE, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.NOTICE_NOT_FOUND.code);
  });

  it('pages newest first', async () => {
    const owner = await signedInAdmin(test.core, { permissions: ALL });
    const first = await createNotice(owner.token);
    test.clock.advance(1000);
    const second = await createNotice(owner.token);
    const page = await graphql<{ noticePage: { total: number; list: { id: number }[] } }>(test.app, PAGE, { token: owner.token, variables: { input: { pageNo: 1, pageSize: 10 } } });
    expect(page.data!.noticePage.list.map((entry) => entry.id)).toEqual([second, first]);
  });

  it('refuses a title or content with a sensitive word, saving nothing', async () => {
    await graphql(test.app, CREATE_WORD, { token: admin.token, variables: { input: { name: 'casino', tags: ['gambling'], status: 0 } } });
    const before = await test.db.notice.count();
    const dirtyTitle = await graphql(test.app, CREATE, { token: admin.token, variables: { input: notice({ title: 'New CASINO open' }) } });
    expect(errorCode(dirtyTitle)).toBe(ErrorCatalogue.SENSITIVE_WORD_FOUND.code);
    expect(dirtyTitle.errors![0]!.message).toBe('title contains sensitive words: casino');
    const dirtyContent = await graphql(test.app, CREATE, { token: admin.token, variables: { input: notice({ content: '<b>casino</b> nights' }) } });
    expect(dirtyContent.errors![0]!.message).toBe('content contains sensitive words: casino');
    expect(await test.db.notice.count()).toBe(before);

    const id = await createNotice(admin.token, { title: 'Clean' });
    const dirtyUpdate = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: notice({ id, title: 'Clean', content: 'casino' }) } });
    expect(errorCode(dirtyUpdate)).toBe(ErrorCatalogue.SENSITIVE_WORD_FOUND.code);
    expect(await test.db.notice.findUnique({ where: { id } })).toMatchObject({ content: '<p>Down at noon</p>' });

    // Another tenant's words are not this tenant's.
    const other = await signedInAdmin(test.core, { permissions: ALL });
    await createNotice(other.token, { title: 'casino' });
  });

  it.each([
    ['id', { id: 5 }],
    ['title', { title: '' }],
    ['title', { title: 't'.repeat(51) }],
    ['type', { type: 0 }],
    ['type', { type: 3 }],
    ['content', { content: '' }],
    ['content', { content: 'c'.repeat(65_536) }],
    ['status', { status: 2 }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.notice.count();
    const answer = await graphql(test.app, CREATE, { token: admin.token, variables: { input: notice(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.notice.count()).toBe(before);
  });

  it('accepts the longest title and content', async () => {
    const longest = { title: 't'.repeat(50), content: 'c'.repeat(65_535) };
    const id = await createNotice(admin.token, longest);
    expect(await test.db.notice.findUniqueOrThrow({ where: { id } })).toMatchObject(longest);
  });

  it('requires the id on update, and refuses bad page bounds and filters', async () => {
    const answer = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: notice() } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('id');
    for (const input of [{ pageNo: 0, pageSize: 10 }, { pageNo: 1, pageSize: 101 }, { pageNo: 1, pageSize: 10, type: 9 }]) {
      expect(errorCode(await graphql(test.app, PAGE, { token: admin.token, variables: { input } }))).toBe(400);
    }
  });

  it("needs each operation's permission", async () => {
    const id = await createNotice(admin.token);
    const tenant = { id: admin.tenantId, name: admin.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['system:notice:query'] });
    for (const [query, variables, permission] of [
      [CREATE, { input: notice() }, 'system:notice:create'],
      [UPDATE, { input: notice({ id }) }, 'system:notice:update'],
      [DELETE, { id }, 'system:notice:delete'],
    ] as const) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:post:query'] });
    for (const query of [GET, PAGE]) {
      expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables: { id, input: { pageNo: 1, pageSize: 10 } } }))).toBe(403);
    }
  });

  it('keeps each tenant to its own notices, guessed ids included', async () => {
    const id = await createNotice(admin.token, { title: 'Mine' });
    const intruder = await signedInAdmin(test.core, { permissions: ALL });
    expect(errorCode(await graphql(test.app, GET, { token: intruder.token, variables: { id } }))).toBe(ErrorCatalogue.NOTICE_NOT_FOUND.code);
    const page = await graphql<{ noticePage: { total: number } }>(test.app, PAGE, { token: intruder.token, variables: { input: { pageNo: 1, pageSize: 100 } } });
    expect(page.data!.noticePage.total).toBe(0);
    expect(errorCode(await graphql(test.app, UPDATE, { token: intruder.token, variables: { input: notice({ id, title: 'Theirs' }) } }))).toBe(
      ErrorCatalogue.NOTICE_NOT_FOUND.code,
    );
    expect(errorCode(await graphql(test.app, DELETE, { token: intruder.token, variables: { id } }))).toBe(ErrorCatalogue.NOTICE_NOT_FOUND.code);
    expect(await test.db.notice.findUnique({ where: { id } })).toMatchObject({ title: 'Mine', tenantId: admin.tenantId });
  });
});
