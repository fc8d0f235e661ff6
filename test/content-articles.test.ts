// Support info, information and protocol statements through /graphql: CRUD and pages, the bounds of
// their save shapes, classification and uuidCode rules, the statement a page shows, sensitive words
// refused with nothing saved, permissions and tenants.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { useTestApp } from './support/app';
import { errorCode, type GraphQLAnswer, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';

const test = useTestApp('content_articles');

const SENSITIVE_WORD = 'contraband';

interface Resource {
  /** The GraphQL name: create<Name>, update<Name>, delete<Name>, <name>(id), <name>Page. */
  name: string;
  permission: string;
  notFound: number;
  fields: string;
  input(overrides?: Record<string, unknown>): Record<string, unknown>;
  count(): Promise<number>;
}

let admin: SignedInAdmin;
let classifyId: number;
let classifyUuid: string;

const supportInfos: Resource = {
  name: 'SupportInfo',
  permission: 'content:support-info',
  notFound: ErrorCatalogue.SUPPORT_INFO_NOT_FOUND.code,
  fields: 'id uuidCode title content classifyId classifyUuid language coverImg terminalType sort status hot createTime updateTime',
  input: (overrides = {}) => ({ uuidCode: unique('si-'), title: 'Shipping times', content: '<p>Ten days</p>', classifyId, language: 'en', terminalType: 21, status: 0, hot: false, ...overrides }),
  count: () => test.db.supportInfo.count(),
};

const information: Resource = {
  name: 'Information',
  permission: 'content:information',
  notFound: ErrorCatalogue.INFORMATION_NOT_FOUND.code,
  fields: 'id uuidCode title summary content topicType language coverImg businessType terminalType sort status recommend createTime updateTime',
  input: (overrides = {}) => ({
    title: 'Holiday hours',
    summary: 'We rest',
    content: '<p>Closed on Sunday</p>',
    topicType: 3,
    language: 'en',
    businessType: 1,
    terminalType: 1,
    status: true,
    recommend: false,
    ...overrides,
  }),
  count: () => test.db.information.count(),
};

const protocolStatements: Resource = {
  name: 'ProtocolStatement',
  permission: 'content:protocol-statement',
  notFound: ErrorCatalogue.PROTOCOL_STATEMENT_NOT_FOUND.code,
  fields: 'id uuidCode title content positionType language sort status createTime updateTime',
  input: (overrides = {}) => ({ title: 'Terms of use', content: 'Be nice', positionType: 1, language: 'en', status: true, ...overrides }),
  count: () => test.db.protocolStatement.count(),
};

const lower = (name: string) => name[0]!.toLowerCase() + name.slice(1);
const ops = (resource: Resource) => ({
  create: `mutation($input: ${resource.name}SaveReqVO!) { create${resource.name}(input: $input) { id } }`,
  update: `mutation($input: ${resource.name}SaveReqVO!) { update${resource.name}(input: $input) { id } }`,
  delete: `mutation($id: Int64!) { delete${resource.name}(id: $id) }`,
  get: `query($id: Int64!) { ${lower(resource.name)}(id: $id) { ${resource.fields} } }`,
  page: `query($input: ${resource.name}PageReqVO!) { ${lower(resource.name)}Page(input: $input) { total list { id title } } }`,
});
const permissionsOf = (resource: Resource) => ['query', 'create', 'update', 'delete'].map((action) => `${resource.permission}:${action}`);

function call<T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, token = admin.token): Promise<GraphQLAnswer<T>> {
  return graphql<T>(test.app, query, { token, variables });
}

async function create(resource: Resource, overrides: Record<string, unknown> = {}, token = admin.token): Promise<number> {
  const answer = await call<Record<string, { id: number }>>(ops(resource).create, { input: resource.input(overrides) }, token);
  expect(answer.errors).toBeUndefined();
  return answer.data![`create${resource.name}`]!.id;
}

async function get(resource: Resource, id: number, token = admin.token): Promise<Record<string, unknown>> {
  const answer = await call<Record<string, Record<string, unknown>>>(ops(resource).get, { id }, token);
  expect(answer.errors).toBeUndefined();
  return answer.data![lower(resource.name)]!;
}

async function newClassify(token: string, overrides: Record<string, unknown> = {}): Promise<{ id: number; uuidCode: string }> {
  const uuidCode = unique('cl-');
  const input = { uuidCode, className: 'Shipping', parentId: 0, positionType: 1, language: 'en', sort: 1, status: 0, ...overrides };
  const answer = await call<{ createCommonClassify: { id: number } }>('mutation($input: CommonClassifySaveReqVO!) { createCommonClassify(input: $input) { id } }', { input }, token);
  expect(answer.errors).toBeUndefined();
  return { id: answer.data!.createCommonClassify.id, uuidCode: (overrides.uuidCode as string | undefined) ?? uuidCode };
}

const ALL = [
  ...[supportInfos, information, protocolStatements].flatMap(permissionsOf),
  'content:classify:create',
  'content:classify:update',
  'system:sensitive-word:create',
];

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ALL });
  ({ id: classifyId, uuidCode: classifyUuid } = await newClassify(admin.token));
  const word = await call('mutation($input: SensitiveWordSaveVO!) { createSensitiveWord(input: $input) { id } }', { input: { name: SENSITIVE_WORD, tags: ['content'], status: 0 } });
  if (word.errors) throw new Error(`setup: createSensitiveWord failed: ${JSON.stringify(word.errors)}`);
});

describe('support info', () => {
  it('creates, reads, updates, pages and deletes; classifyUuid comes from the classification', async () => {
    const uuidCode = unique('ship-');
    const id = await create(supportInfos, { uuidCode, coverImg: 'https://cdn.example.com/a.png', sort: 4, hot: true, language: 'EN' });
    expect(await get(supportInfos, id)).toMatchObject({
      id,
      uuidCode,
      title: 'Shipping times',
      classifyId,
      classifyUuid,
      language: 'en',
      coverImg: 'https://cdn.example.com/a.png',
      terminalType: 21,
      sort: 4,
      status: 0,
      hot: true,
    });

    const changed = await call(ops(supportInfos).update, { input: supportInfos.input({ id, uuidCode, title: 'Delivery times', classifyUuid, terminalType: 31, status: 1 }) });
    expect(changed.errors).toBeUndefined();
    // coverImg and sort omitted keep the stored values.
    expect(await get(supportInfos, id)).toMatchObject({ title: 'Delivery times', terminalType: 31, status: 1, hot: false, coverImg: 'https://cdn.example.com/a.png', sort: 4 });

    const page = await call<{ supportInfoPage: unknown }>(ops(supportInfos).page, {
      input: { pageNo: 1, pageSize: 10, title: 'Delivery', classifyId, language: 'en', terminalType: 31, status: 1, hot: false },
    });
    expect(page.data!.supportInfoPage).toEqual({ total: 1, list: [{ id, title: 'Delivery times' }] });

    expect((await call(ops(supportInfos).delete, { id })).data).toEqual({ deleteSupportInfo: true });
    expect(errorCode(await call(ops(supportInfos).get, { id }))).toBe(ErrorCatalogue.SUPPORT_INFO_NOT_FOUND.code);
  });

  it('follows its classification when that changes its uuidCode', async () => {
    const own = await newClassify(admin.token);
    const id = await create(supportInfos, { classifyId: own.id });
    const renamed = unique('renamed-');
    const input = { id: own.id, uuidCode: renamed, className: 'Shipping', parentId: 0, positionType: 1, language: 'en', sort: 1, status: 0 };
    expect((await call('mutation($input: CommonClassifySaveReqVO!) { updateCommonClassify(input: $input) { id } }', { input })).errors).toBeUndefined();
    expect(await get(supportInfos, id)).toMatchObject({ classifyId: own.id, classifyUuid: renamed });
  });

  it('needs a classification of the tenant in its language, and a classifyUuid that is its uuidCode', async () => {
    const stranger = await signedInAdmin(test.core, { permissions: ['content:classify:create'] });
    const foreign = await newClassify(stranger.token);
    const spanish = await newClassify(admin.token, { language: 'es' });
    const before = await supportInfos.count();
    const refusals: [Record<string, unknown>, number][] = [
      [{ classifyId: 987_654_321 }, ErrorCatalogue.CLASSIFY_NOT_FOUND.code],
      [{ classifyId: foreign.id }, ErrorCatalogue.CLASSIFY_NOT_FOUND.code],
      [{ classifyUuid: foreign.uuidCode }, ErrorCatalogue.SUPPORT_INFO_CLASSIFY_UUID_MISMATCH.code],
      [{ classifyId: spanish.id }, ErrorCatalogue.SUPPORT_INFO_LANGUAGE_MISMATCH.code],
    ];
    for (const [overrides, code] of refusals) expect(errorCode(await call(ops(supportInfos).create, { input: supportInfos.input(overrides) }))).toBe(code);
    expect(await supportInfos.count()).toBe(before);
    await create(supportInfos, { classifyId: spanish.id, classifyUuid: spanish.uuidCode, language: 'es' });
    await create(supportInfos, { classifyUuid: '' });
  });

  it('keeps uuidCodes unique per tenant', async () => {
    const uuidCode = unique('dup-');
    await create(supportInfos, { uuidCode });
    expect(errorCode(await call(ops(supportInfos).create, { input: supportInfos.input({ uuidCode }) }))).toBe(ErrorCatalogue.SUPPORT_INFO_UUID_EXISTS.code);
  });

  it.each([
    ['id', { id: 5 }],
    ['uuidCode', { uuidCode: '' }],
    ['uuidCode', { uuidCode: 'x'.repeat(65) }],
    ['title', { title: ' ' }],
    ['title', { title: 'x'.repeat(201) }],
    ['content', { content: '' }],
    ['content', { content: 'x'.repeat(100_001) }],
    ['classifyId', { classifyId: 0 }],
    ['classifyUuid', { classifyUuid: 'not valid!' }],
    ['language', { language: 'english' }],
    ['coverImg', { coverImg: 'x'.repeat(513) }],
    ['terminalType', { terminalType: 1 }],
    ['terminalType', { terminalType: 22 }],
    ['status', { status: 2 }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await supportInfos.count();
    const answer = await call(ops(supportInfos).create, { input: supportInfos.input(overrides) });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await supportInfos.count()).toBe(before);
  });

  it('accepts the longest texts', async () => {
    const longest = { uuidCode: unique('u'.repeat(54)), title: 't'.repeat(200), content: 'c'.repeat(100_000), coverImg: 'i'.repeat(512) };
    const id = await create(supportInfos, longest);
    expect(await test.db.supportInfo.findUniqueOrThrow({ where: { id } })).toMatchObject(longest);
  });
});

describe('information', () => {
  it('creates with a generated uuidCode, reads, updates, pages and deletes', async () => {
    const id = await create(information, { topicType: Number.MAX_SAFE_INTEGER, coverImg: 'https://cdn.example.com/b.png', sort: 2 });
    const created = await get(information, id);
    expect(created).toMatchObject({ id, title: 'Holiday hours', summary: 'We rest', topicType: Number.MAX_SAFE_INTEGER, businessType: 1, terminalType: 1, status: true, recommend: false, sort: 2 });
    expect(created.uuidCode).toMatch(/^[0-9a-f-]{36}$/);
    const fromEmpty = await get(information, await create(information, { uuidCode: '' }));
    expect(fromEmpty.uuidCode).toMatch(/^[0-9a-f-]{36}$/);
    expect(fromEmpty.uuidCode).not.toBe(created.uuidCode);

    // No uuidCode on update keeps the stored one.
    const updated = await call(ops(information).update, { input: information.input({ id, title: 'Holiday opening hours', topicType: Number.MAX_SAFE_INTEGER, businessType: 2, terminalType: 2, status: false, recommend: true }) });
    expect(updated.errors).toBeUndefined();
    expect(await get(information, id)).toMatchObject({ uuidCode: created.uuidCode, title: 'Holiday opening hours', businessType: 2, terminalType: 2, status: false, recommend: true, sort: 2 });

    const page = await call<{ informationPage: unknown }>(ops(information).page, {
      input: { pageNo: 1, pageSize: 10, title: 'opening', language: 'en', topicType: Number.MAX_SAFE_INTEGER, businessType: 2, terminalType: 2, status: false, recommend: true },
    });
    expect(page.data!.informationPage).toEqual({ total: 1, list: [{ id, title: 'Holiday opening hours' }] });

    expect((await call(ops(information).delete, { id })).data).toEqual({ deleteInformation: true });
    expect(errorCode(await call(ops(information).get, { id }))).toBe(ErrorCatalogue.INFORMATION_NOT_FOUND.code);
  });

  it('keeps a given uuidCode, unique per tenant', async () => {
    const uuidCode = unique('news-');
    const id = await create(information, { uuidCode });
    expect((await get(information, id)).uuidCode).toBe(uuidCode);
    expect(errorCode(await call(ops(information).create, { input: information.input({ uuidCode }) }))).toBe(ErrorCatalogue.INFORMATION_UUID_EXISTS.code);
  });

  it.each([
    ['id', { id: 5 }],
    ['uuidCode', { uuidCode: 'x'.repeat(65) }],
    ['title', { title: '' }],
    ['title', { title: 'x'.repeat(201) }],
    ['summary', { summary: '' }],
    ['summary', { summary: 'x'.repeat(501) }],
    ['content', { content: '  ' }],
    ['topicType', { topicType: -1 }],
    ['language', { language: 'e1' }],
    ['coverImg', { coverImg: 'x'.repeat(513) }],
    ['businessType', { businessType: 0 }],
    ['businessType', { businessType: 3 }],
    ['terminalType', { terminalType: 21 }],
    ['terminalType', { terminalType: 3 }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await information.count();
    const answer = await call(ops(information).create, { input: information.input(overrides) });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await information.count()).toBe(before);
  });
});

describe('protocol statements', () => {
  const FOR = 'query($positionType: Int!, $language: String!) { protocolStatementFor(positionType: $positionType, language: $language) { id language } }';
  const statementFor = async (token: string, positionType: number, language: string) => {
    const answer = await call<{ protocolStatementFor: { id: number; language: string } | null }>(FOR, { positionType, language }, token);
    expect(answer.errors).toBeUndefined();
    return answer.data!.protocolStatementFor;
  };

  it('creates, reads, updates, pages and deletes', async () => {
    const uuidCode = unique('terms-');
    const id = await create(protocolStatements, { uuidCode, positionType: 7, sort: 5 });
    expect(await get(protocolStatements, id)).toMatchObject({ id, uuidCode, title: 'Terms of use', positionType: 7, language: 'en', sort: 5, status: true });
    expect((await call(ops(protocolStatements).update, { input: protocolStatements.input({ id, title: 'Goods terms', positionType: 6, status: false }) })).errors).toBeUndefined();
    expect(await get(protocolStatements, id)).toMatchObject({ uuidCode, title: 'Goods terms', positionType: 6, status: false, sort: 5 });
    const page = await call<{ protocolStatementPage: unknown }>(ops(protocolStatements).page, {
      input: { pageNo: 1, pageSize: 10, title: 'Goods', positionType: 6, language: 'en', status: false },
    });
    expect(page.data!.protocolStatementPage).toEqual({ total: 1, list: [{ id, title: 'Goods terms' }] });
    expect((await call(ops(protocolStatements).delete, { id })).data).toEqual({ deleteProtocolStatement: true });
    expect(errorCode(await call(ops(protocolStatements).get, { id }))).toBe(ErrorCatalogue.PROTOCOL_STATEMENT_NOT_FOUND.code);
  });

  it('answers the first shown statement of a page by sort, in the language or else in en', async () => {
    const owner = await signedInAdmin(test.core, { permissions: permissionsOf(protocolStatements) });
    await create(protocolStatements, { positionType: 2, language: 'pt', sort: 1, status: false }, owner.token);
    const shown = await create(protocolStatements, { positionType: 2, language: 'pt', sort: 2 }, owner.token);
    await create(protocolStatements, { positionType: 2, language: 'pt', sort: 3 }, owner.token);
    const english = await create(protocolStatements, { positionType: 2, language: 'en', sort: 9 }, owner.token);
    await create(protocolStatements, { positionType: 3, language: 'en', status: false }, owner.token);

    expect(await statementFor(owner.token, 2, 'PT')).toEqual({ id: shown, language: 'pt' });
    expect(await statementFor(owner.token, 2, 'fr')).toEqual({ id: english, language: 'en' });
    expect(await statementFor(owner.token, 2, 'en')).toEqual({ id: english, language: 'en' });
    expect(await statementFor(owner.token, 3, 'en')).toBeNull();
    expect(await statementFor(owner.token, 4, 'pt')).toBeNull();
    expect(errorCode(await call(FOR, { positionType: 8, language: 'en' }, owner.token))).toBe(400);
    // Another tenant's statements are not shown.
    expect(await statementFor(admin.token, 2, 'pt')).toBeNull();
  });

  it.each([1, 7])('accepts positionType %i', async (positionType) => {
    const id = await create(protocolStatements, { positionType });
    expect(await test.db.protocolStatement.findUniqueOrThrow({ where: { id } })).toMatchObject({ positionType });
  });

  it.each([
    ['id', { id: 5 }],
    ['uuidCode', { uuidCode: 'with space' }],
    ['title', { title: '' }],
    ['title', { title: 'x'.repeat(201) }],
    ['content', { content: '' }],
    ['positionType', { positionType: 0 }],
    ['positionType', { positionType: 8 }],
    ['language', { language: '' }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await protocolStatements.count();
    const answer = await call(ops(protocolStatements).create, { input: protocolStatements.input(overrides) });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await protocolStatements.count()).toBe(before);
  });
});

describe.each([
  ['support info', supportInfos, ['title', 'content']],
  ['information', information, ['title', 'summary', 'content']],
  ['protocol statements', protocolStatements, ['title', 'content']],
] as const)('%s: sensitive words, permissions, tenants', (_label, resource, fields) => {
  it.each(fields)('refuse a sensitive word in %s on create and update, saving nothing', async (field) => {
    const before = await resource.count();
    const dirty = { [field]: `Some ${SENSITIVE_WORD.toUpperCase()} here` };
    const created = await call(ops(resource).create, { input: resource.input(dirty) });
    expect(errorCode(created)).toBe(ErrorCatalogue.SENSITIVE_WORD_FOUND.code);
    expect(created.errors![0]!.message).toBe(`${field} contains sensitive words: ${SENSITIVE_WORD}`);
    expect(await resource.count()).toBe(before);

    const id = await create(resource);
    const stored = await get(resource, id);
    const updated = await call(ops(resource).update, { input: resource.input({ ...dirty, id, uuidCode: stored.uuidCode }) });
    expect(errorCode(updated)).toBe(ErrorCatalogue.SENSITIVE_WORD_FOUND.code);
    expect(await get(resource, id)).toEqual(stored);
  });

  it("needs each operation's permission", async () => {
    const id = await create(resource);
    const tenant = { id: admin.tenantId, name: admin.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: [`${resource.permission}:query`] });
    const calls = [
      [ops(resource).create, { input: resource.input() }, 'create'],
      [ops(resource).update, { input: resource.input({ id }) }, 'update'],
      [ops(resource).delete, { id }, 'delete'],
    ] as const;
    for (const [query, variables, action] of calls) {
      const answer = await call(query, variables, reader.token);
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(`${resource.permission}:${action}`);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:dept:query'] });
    for (const query of [ops(resource).get, ops(resource).page]) {
      expect(errorCode(await call(query, { id, input: { pageNo: 1, pageSize: 10 } }, nobody.token))).toBe(403);
    }
  });

  it('keeps each tenant to its own records, guessed ids included', async () => {
    const id = await create(resource, { title: 'Mine' });
    const stored = await get(resource, id);
    const intruder = await signedInAdmin(test.core, { permissions: permissionsOf(resource) });
    expect(errorCode(await call(ops(resource).get, { id }, intruder.token))).toBe(resource.notFound);
    const page = await call<Record<string, { total: number }>>(ops(resource).page, { input: { pageNo: 1, pageSize: 100 } }, intruder.token);
    expect(page.data![`${lower(resource.name)}Page`]!.total).toBe(0);
    expect(errorCode(await call(ops(resource).update, { input: resource.input({ id, title: 'Theirs' }) }, intruder.token))).toBe(resource.notFound);
    expect(errorCode(await call(ops(resource).delete, { id }, intruder.token))).toBe(resource.notFound);
    expect(await get(resource, id)).toEqual(stored);
  });

  it('requires the id on update, and refuses bad page bounds', async () => {
    const answer = await call(ops(resource).update, { input: resource.input() });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('id');
    for (const page of [{ pageNo: 0, pageSize: 10 }, { pageNo: 1, pageSize: 101 }]) {
      expect(errorCode(await call(ops(resource).page, { input: page }))).toBe(400);
    }
  });
});
