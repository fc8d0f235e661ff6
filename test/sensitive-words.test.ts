// Sensitive words through /graphql: CRUD, page and tags, the bounds of SensitiveWordSaveVO,
// validateText (against a naive matcher on random texts), permissions, tenants; and assertClean's
// in-memory matcher, which costs no query once compiled and follows every change.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { isServiceError } from '../src/core/errors/service-error';
import { useTestApp } from './support/app';
import { errorCode, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';
import { statementRecorder } from './support/statements';

const sql = statementRecorder();
const test = useTestApp('sensitive_words', { databaseOptions: { onQuery: sql.onQuery } });

const CREATE = 'mutation($input: SensitiveWordSaveVO!) { createSensitiveWord(input: $input) { id } }';
const UPDATE = 'mutation($input: SensitiveWordSaveVO!) { updateSensitiveWord(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteSensitiveWord(id: $id) }';
const GET = 'query($id: Int64!) { sensitiveWord(id: $id) { id name tags status description createTime } }';
const PAGE = 'query($input: SensitiveWordPageReqVO!) { sensitiveWordPage(input: $input) { total list { id name tags status } } }';
const TAGS = '{ sensitiveWordTags }';
const VALIDATE = 'query($text: String!, $tags: [String!]) { validateText(text: $text, tags: $tags) }';

const ALL = ['system:sensitive-word:query', 'system:sensitive-word:create', 'system:sensitive-word:update', 'system:sensitive-word:delete'];
let admin: SignedInAdmin;

const word = (overrides: Record<string, unknown> = {}) => ({ name: unique('w'), tags: ['ads'], status: 0, ...overrides });

async function createWord(token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const answer = await graphql<{ createSensitiveWord: { id: number } }>(test.app, CREATE, { token, variables: { input: word(overrides) } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createSensitiveWord.id;
}

async function validate(token: string, text: string, tags?: string[]): Promise<string[]> {
  const answer = await graphql<{ validateText: string[] }>(test.app, VALIDATE, { token, variables: { text, tags } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.validateText;
}

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ALL });
});

describe('sensitive words', () => {
  it('creates, reads, updates, pages and deletes', async () => {
    const name = unique('casino-');
    const id = await createWord(admin.token, { name, tags: ['gambling', 'ads', 'gambling'], description: 'no betting' });
    const got = await graphql<{ sensitiveWord: Record<string, unknown> }>(test.app, GET, { token: admin.token, variables: { id } });
    expect(got.data!.sensitiveWord).toMatchObject({ id, name, tags: ['gambling', 'ads'], status: 0, description: 'no betting' });
    expect(got.data!.sensitiveWord.createTime).toBe(new Date(test.clock.now()).toISOString());

    expect((await graphql(test.app, UPDATE, { token: admin.token, variables: { input: word({ id, name, tags: ['politics'], status: 1 }) } })).errors).toBeUndefined();
    const page = await graphql<{ sensitiveWordPage: unknown }>(test.app, PAGE, {
      token: admin.token,
      variables: { input: { pageNo: 1, pageSize: 10, name, tag: 'politics', status: 1 } },
    });
    expect(page.data!.sensitiveWordPage).toEqual({ total: 1, list: [{ id, name, tags: ['politics'], status: 1 }] });

    expect((await graphql(test.app, DELETE, { token: admin.token, variables: { id } })).data).toEqual({ deleteSensitiveWord: true });
    expect(errorCode(await graphql(test.app, GET, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.SENSITIVE_WORD_NOT_FOUND.code);
    expect(errorCode(await graphql(test.app, DELETE, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.SENSITIVE_WORD_NOT_FOUND.code);
  });

  it('filters pages by tag (exactly one of the word\'s tags) and pages the filtered words', async () => {
    const owner = await signedInAdmin(test.core, { permissions: ALL });
    const tag = unique('t');
    const tagged = [];
    for (let i = 0; i < 3; i++) tagged.push(await createWord(owner.token, { tags: ['other', tag] }));
    await createWord(owner.token, { tags: [`${tag}x`] });
    const second = await graphql<{ sensitiveWordPage: { total: number; list: { id: number }[] } }>(test.app, PAGE, {
      token: owner.token,
      variables: { input: { pageNo: 2, pageSize: 2, tag } },
    });
    expect(second.data!.sensitiveWordPage.total).toBe(3);
    expect(second.data!.sensitiveWordPage.list.map((entry) => entry.id)).toEqual([tagged[0]]);
  });

  it('lists the distinct tags of the tenant', async () => {
    const owner = await signedInAdmin(test.core, { permissions: ALL });
    await createWord(owner.token, { tags: ['b', 'a'] });
    await createWord(owner.token, { tags: ['c', 'a'], status: 1 });
    const answer = await graphql<{ sensitiveWordTags: string[] }>(test.app, TAGS, { token: owner.token });
    expect(answer.data!.sensitiveWordTags).toEqual(['a', 'b', 'c']);
  });

  it('keeps names unique per tenant, not across tenants', async () => {
    const name = unique('dup-');
    const first = await createWord(admin.token, { name });
    expect(errorCode(await graphql(test.app, CREATE, { token: admin.token, variables: { input: word({ name }) } }))).toBe(
      ErrorCatalogue.SENSITIVE_WORD_EXISTS.code,
    );
    const second = await createWord(admin.token);
    expect(errorCode(await graphql(test.app, UPDATE, { token: admin.token, variables: { input: word({ id: second, name }) } }))).toBe(
      ErrorCatalogue.SENSITIVE_WORD_EXISTS.code,
    );
    expect(first).toBeGreaterThan(0);
    const other = await signedInAdmin(test.core, { permissions: ALL });
    await createWord(other.token, { name });
  });

  it.each([
    ['id', { id: 5 }],
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(256) }],
    ['tags', { tags: [] }],
    ['tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }],
    ['tags[0]', { tags: [''] }],
    ['tags[1]', { tags: ['ok', 't'.repeat(51)] }],
    ['status', { status: 2 }],
    ['status', { status: -1 }],
    ['description', { description: 'd'.repeat(513) }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.sensitiveWord.count();
    const answer = await graphql(test.app, CREATE, { token: admin.token, variables: { input: word(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.sensitiveWord.count()).toBe(before);
  });

  it('accepts the longest name, tags and description', async () => {
    const longest = {
      name: unique('n'.repeat(244)),
      tags: Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(50, 't')),
      description: 'd'.repeat(512),
    };
    const id = await createWord(admin.token, longest);
    expect(await test.db.sensitiveWord.findUniqueOrThrow({ where: { id } })).toMatchObject(longest);
  });

  it('requires the id on update, and refuses bad page bounds', async () => {
    const answer = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: word() } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('id');
    for (const page of [{ pageNo: 0, pageSize: 10 }, { pageNo: 1, pageSize: 101 }]) {
      expect(errorCode(await graphql(test.app, PAGE, { token: admin.token, variables: { input: page } }))).toBe(400);
    }
  });

  it("needs each operation's permission", async () => {
    const id = await createWord(admin.token);
    const tenant = { id: admin.tenantId, name: admin.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['system:sensitive-word:query'] });
    const calls = [
      [CREATE, { input: word() }, 'system:sensitive-word:create'],
      [UPDATE, { input: word({ id }) }, 'system:sensitive-word:update'],
      [DELETE, { id }, 'system:sensitive-word:delete'],
    ] as const;
    for (const [query, variables, permission] of calls) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:post:query'] });
    for (const query of [GET, PAGE, TAGS, VALIDATE]) {
      const variables = { id, input: { pageNo: 1, pageSize: 10 }, text: 'x' };
      expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables }))).toBe(403);
    }
  });

  it('keeps each tenant to its own words, in pages, checks and guessed ids', async () => {
    const name = unique('mine-');
    const id = await createWord(admin.token, { name });
    const intruder = await signedInAdmin(test.core, { permissions: ALL });
    expect(errorCode(await graphql(test.app, GET, { token: intruder.token, variables: { id } }))).toBe(ErrorCatalogue.SENSITIVE_WORD_NOT_FOUND.code);
    const page = await graphql<{ sensitiveWordPage: { total: number } }>(test.app, PAGE, { token: intruder.token, variables: { input: { pageNo: 1, pageSize: 100 } } });
    expect(page.data!.sensitiveWordPage.total).toBe(0);
    expect(await validate(intruder.token, `text with ${name}`)).toEqual([]);
    expect(errorCode(await graphql(test.app, UPDATE, { token: intruder.token, variables: { input: word({ id, name: 'theirs' }) } }))).toBe(
      ErrorCatalogue.SENSITIVE_WORD_NOT_FOUND.code,
    );
    expect(errorCode(await graphql(test.app, DELETE, { token: intruder.token, variables: { id } }))).toBe(ErrorCatalogue.SENSITIVE_WORD_NOT_FOUND.code);
    expect(await test.db.sensitiveWord.findUnique({ where: { id } })).toMatchObject({ name, tenantId: admin.tenantId });
    expect(await validate(admin.token, `text with ${name}`)).toEqual([name]);
  });
});

describe('validateText', () => {
  let owner: SignedInAdmin;
  beforeAll(async () => {
    owner = await signedInAdmin(test.core, { permissions: ALL });
    await createWord(owner.token, { name: '赌博', tags: ['gambling'] });
    await createWord(owner.token, { name: '博彩', tags: ['gambling', 'ads'] });
    await createWord(owner.token, { name: 'Spam', tags: ['ads'] });
    await createWord(owner.token, { name: '代购', tags: ['ads'], status: 1 });
  });

  it('answers each enabled word once, in the order of first occurrence, case-insensitively', async () => {
    expect(await validate(owner.token, 'SPAM then 赌博博彩, spam and 赌博 again 代购')).toEqual(['Spam', '赌博', '博彩']);
    expect(await validate(owner.token, 'clean text')).toEqual([]);
    expect(await validate(owner.token, '')).toEqual([]);
  });

  it('keeps to words carrying one of the given tags (none or empty: every word)', async () => {
    const text = '赌博博彩 spam';
    expect(await validate(owner.token, text, ['ads'])).toEqual(['博彩', 'Spam']);
    expect(await validate(owner.token, text, ['gambling', 'unknown'])).toEqual(['赌博', '博彩']);
    expect(await validate(owner.token, text, ['unknown'])).toEqual([]);
    expect(await validate(owner.token, text, [])).toEqual(['赌博', '博彩', 'Spam']);
  });

  it('refuses an oversized text', async () => {
    const answer = await graphql(test.app, VALIDATE, { token: owner.token, variables: { text: 'x'.repeat(100_001) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('text');
  });

  it('agrees with a naive matcher on random texts over a small alphabet', async () => {
    // Overlapping words over {a, b, 中}: prefixes, suffixes and self-overlaps of each other.
    const words = ['a', 'ab', 'ba', 'aba', 'bab', 'abab', 'bb', '中a', 'a中b', 'bbb中'];
    const tenantAdmin = await signedInAdmin(test.core, { permissions: ALL });
    for (const [index, name] of words.entries()) await createWord(tenantAdmin.token, { name, tags: [index % 2 === 0 ? 'even' : 'odd'] });
    const alphabet = ['a', 'b', '中'];
    let seed = 20261121;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const naive = (text: string, wanted?: (index: number) => boolean) =>
      words
        .map((name, index) => ({ name, index, start: text.indexOf(name) }))
        .filter((hit) => hit.start >= 0 && (!wanted || wanted(hit.index)))
        .sort((left, right) => left.start - right.start || left.name.length - right.name.length)
        .map((hit) => hit.name);
    for (let round = 0; round < 40; round++) {
      const text = Array.from({ length: Math.floor(random() * 30) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(await validate(tenantAdmin.token, text), text).toEqual(naive(text));
      expect(await validate(tenantAdmin.token, text, ['odd']), text).toEqual(naive(text, (index) => index % 2 === 1));
    }
  });
});

describe('assertClean', () => {
  it('names the first dirty field and its words; compiles once, then checks without a query', async () => {
    const owner = await signedInAdmin(test.core, { permissions: ALL });
    const ctx = test.staff(owner.tenantId);
    const id = await createWord(owner.token, { name: 'lottery', tags: ['gambling'] });
    await createWord(owner.token, { name: 'casino', tags: ['other'] });
    await test.core.sensitiveWords.assertClean(ctx, { title: 'fine' }); // compiles the matcher

    const { result: error, statements } = await sql.during(async () => {
      const refusal = await test.core.sensitiveWords.assertClean(ctx, { title: 'clean', summary: null, content: 'Casino and LOTTERY tonight' }).catch((e) => e);
      await test.core.sensitiveWords.assertClean(ctx, { title: 'still clean', content: undefined });
      return refusal;
    });
    expect(statements).toEqual([]);
    expect(isServiceError(error) && error.code).toBe(ErrorCatalogue.SENSITIVE_WORD_FOUND.code);
    expect(error.message).toBe('content contains sensitive words: casino, lottery');

    // A change anywhere drops the compiled matcher: disabling the word lets the text through.
    await graphql(test.app, UPDATE, { token: owner.token, variables: { input: word({ id, name: 'lottery', status: 1 }) } });
    await expect(test.core.sensitiveWords.assertClean(ctx, { content: 'lottery' })).resolves.toBeUndefined();
    await createWord(owner.token, { name: 'raffle' });
    await expect(test.core.sensitiveWords.assertClean(ctx, { content: 'a raffle' })).rejects.toThrow('content contains sensitive words: raffle');
  });
});
