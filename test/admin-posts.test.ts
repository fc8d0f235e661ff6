// Posts through /graphql: CRUD, page and list, the bounds of PostSaveReqVO, permissions, tenants.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { useTestApp } from './support/app';
import { TEST_DATABASE } from './support/environment';
import { answeredNothing, errorCode, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';

const test = useTestApp('admin_posts');

const CREATE = 'mutation($input: PostSaveReqVO!) { createPost(input: $input) { id } }';
const UPDATE = 'mutation($input: PostSaveReqVO!) { updatePost(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deletePost(id: $id) }';
const GET = 'query($id: Int64!) { post(id: $id) { id name code sort status remark createTime } }';
const PAGE = `query($input: PostPageReqVO!) {
  postPage(input: $input) { total list { id name code sort status } }
}`;
const SIMPLE = '{ postSimpleList { id code status } }';

const ALL = ['system:post:query', 'system:post:create', 'system:post:update', 'system:post:delete'];
let admin: SignedInAdmin;

const post = (overrides: Record<string, unknown> = {}) => ({ name: 'Engineer', code: unique('eng-'), sort: 1, status: 0, ...overrides });

async function createPost(token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const answer = await graphql<{ createPost: { id: number } }>(test.app, CREATE, { token, variables: { input: post(overrides) } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createPost.id;
}

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ALL });
});

describe('posts', () => {
  it('creates, reads, updates, pages, lists and deletes', async () => {
    const code = unique('ceo-');
    const id = await createPost(admin.token, { name: 'Chief', code, sort: 3, remark: 'top' });
    const got = await graphql<{ post: Record<string, unknown> }>(test.app, GET, { token: admin.token, variables: { id } });
    expect(got.data!.post).toMatchObject({ id, name: 'Chief', code, sort: 3, status: 0, remark: 'top' });

    const updated = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: post({ id, name: 'Chief officer', code, status: 1 }) } });
    expect(updated.errors).toBeUndefined();
    const page = await graphql<{ postPage: { total: number; list: { id: number; name: string; status: number }[] } }>(test.app, PAGE, {
      token: admin.token,
      variables: { input: { pageNo: 1, pageSize: 10, code, status: 1 } },
    });
    expect(page.data!.postPage).toEqual({ total: 1, list: [{ id, name: 'Chief officer', code, sort: 1, status: 1 }] });

    const enabled = await createPost(admin.token);
    const simple = await graphql<{ postSimpleList: { id: number }[] }>(test.app, SIMPLE, { token: admin.token });
    expect(simple.data!.postSimpleList.map((entry) => entry.id)).toEqual([enabled]);

    expect((await graphql(test.app, DELETE, { token: admin.token, variables: { id } })).data).toEqual({ deletePost: true });
    const deleted = await graphql<{ post: null }>(test.app, GET, { token: admin.token, variables: { id } });
    expect(errorCode(deleted)).toBe(ErrorCatalogue.POST_NOT_FOUND.code);
    expect(answeredNothing(deleted)).toBe(true);
  });

  it('keeps codes unique per tenant, not across tenants', async () => {
    const code = unique('dup-');
    await createPost(admin.token, { code });
    const again = await graphql(test.app, CREATE, { token: admin.token, variables: { input: post({ code }) } });
    expect(errorCode(again)).toBe(ErrorCatalogue.POST_CODE_EXISTS.code);
    const other = await signedInAdmin(test.core, { permissions: ALL });
    await createPost(other.token, { code });
  });

  it('refuses to delete a post a user holds', async () => {
    const id = await createPost(admin.token);
    await test.db.userPost.create({ data: { tenantId: admin.tenantId, userId: admin.id, postId: id } });
    const answer = await graphql(test.app, DELETE, { token: admin.token, variables: { id } });
    expect(errorCode(answer)).toBe(ErrorCatalogue.POST_IN_USE.code);
    expect(await test.db.post.count({ where: { id } })).toBe(1);
  });

  it.each([
    ['id', { id: 5 }],
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(51) }],
    ['code', { code: '' }],
    ['code', { code: 'x'.repeat(65) }],
    ['status', { status: 2 }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.post.count();
    const answer = await graphql(test.app, CREATE, { token: admin.token, variables: { input: post(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.post.count()).toBe(before);
  });

  it('accepts the longest name and code', async () => {
    const longest = { name: 'n'.repeat(50), code: unique('c'.repeat(54)) };
    const id = await createPost(admin.token, longest);
    expect(await test.db.post.findUniqueOrThrow({ where: { id } })).toMatchObject(longest);
  });

  it('answers an id beyond the 32-bit store as not found (SQLite) or a bad request (PostgreSQL), never a fault', async () => {
    const tooLarge = 2 ** 31;
    const got = await graphql(test.app, GET, { token: admin.token, variables: { id: tooLarge } });
    expect(errorCode(got)).toBe(TEST_DATABASE === 'postgresql' ? 400 : ErrorCatalogue.POST_NOT_FOUND.code);
    const deleted = await graphql(test.app, DELETE, { token: admin.token, variables: { id: tooLarge } });
    expect(errorCode(deleted)).toBe(TEST_DATABASE === 'postgresql' ? 400 : ErrorCatalogue.POST_NOT_FOUND.code);
    const updated = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: post({ id: tooLarge }) } });
    expect(errorCode(updated)).toBe(400);
    expect(updated.errors![0]!.message).toContain('id');
  });

  it('requires the id on update, and refuses bad page bounds', async () => {
    const answer = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: post() } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('id');
    for (const page of [{ pageNo: 0, pageSize: 10 }, { pageNo: 1, pageSize: 101 }, { pageNo: 1, pageSize: 0 }]) {
      expect(errorCode(await graphql(test.app, PAGE, { token: admin.token, variables: { input: page } }))).toBe(400);
    }
  });

  it('needs each operation\'s permission', async () => {
    const id = await createPost(admin.token);
    const reader = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName }, permissions: ['system:post:query'] });
    const calls = [
      [CREATE, { input: post() }, 'system:post:create'],
      [UPDATE, { input: post({ id }) }, 'system:post:update'],
      [DELETE, { id }, 'system:post:delete'],
    ] as const;
    for (const [query, variables, permission] of calls) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName }, permissions: ['system:dept:query'] });
    for (const query of [GET, PAGE]) {
      expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables: { id, input: { pageNo: 1, pageSize: 10 } } }))).toBe(403);
    }
  });

  it('keeps each tenant to its own posts, guessed ids included', async () => {
    const id = await createPost(admin.token, { name: 'Mine' });
    const intruder = await signedInAdmin(test.core, { permissions: ALL });
    const foreign = await graphql<{ post: null }>(test.app, GET, { token: intruder.token, variables: { id } });
    expect(errorCode(foreign)).toBe(ErrorCatalogue.POST_NOT_FOUND.code);
    expect(answeredNothing(foreign)).toBe(true);
    const page = await graphql<{ postPage: { total: number } }>(test.app, PAGE, { token: intruder.token, variables: { input: { pageNo: 1, pageSize: 100 } } });
    expect(page.data!.postPage.total).toBe(0);
    expect(errorCode(await graphql(test.app, UPDATE, { token: intruder.token, variables: { input: post({ id, name: 'Theirs' }) } }))).toBe(
      ErrorCatalogue.POST_NOT_FOUND.code,
    );
    expect(errorCode(await graphql(test.app, DELETE, { token: intruder.token, variables: { id } }))).toBe(ErrorCatalogue.POST_NOT_FOUND.code);
    expect(await test.db.post.findUnique({ where: { id } })).toMatchObject({ name: 'Mine', tenantId: admin.tenantId });
  });
});
