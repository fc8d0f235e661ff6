// Help-center classifications through /graphql: CRUD, page, tree and list, the tree rules (parent in
// the same tenant, positionType and language; no cycles; no delete with children or support infos),
// the bounds of CommonClassifySaveReqVO, permissions and tenants.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { useTestApp } from './support/app';
import { errorCode, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';
import { expectOppositeMovesNeverCycle } from './support/tree-moves';

const test = useTestApp('content_classify');

const CREATE = 'mutation($input: CommonClassifySaveReqVO!) { createCommonClassify(input: $input) { id } }';
const UPDATE = 'mutation($input: CommonClassifySaveReqVO!) { updateCommonClassify(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteCommonClassify(id: $id) }';
const FIELDS = 'id uuidCode className parentId positionType isHot language sort status';
const GET = `query($id: Int64!) { commonClassify(id: $id) { ${FIELDS} createTime updateTime } }`;
const PAGE = `query($input: CommonClassifyPageReqVO!) { commonClassifyPage(input: $input) { total list { id className } } }`;
const TREE = `query($positionType: Int!, $language: String!) {
  commonClassifyTree(positionType: $positionType, language: $language) { id className children { id className children { id } } }
}`;
const SIMPLE = 'query($language: String) { commonClassifySimpleList(positionType: 1, language: $language) { id status } }';
const CREATE_SUPPORT_INFO = 'mutation($input: SupportInfoSaveReqVO!) { createSupportInfo(input: $input) { id } }';

const ALL = ['content:classify:query', 'content:classify:create', 'content:classify:update', 'content:classify:delete', 'content:support-info:create'];
let admin: SignedInAdmin;

const classify = (overrides: Record<string, unknown> = {}) => ({
  uuidCode: unique('cl-'),
  className: 'Shipping',
  parentId: 0,
  positionType: 1,
  language: 'en',
  sort: 1,
  status: 0,
  ...overrides,
});

async function createClassify(token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const answer = await graphql<{ createCommonClassify: { id: number } }>(test.app, CREATE, { token, variables: { input: classify(overrides) } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createCommonClassify.id;
}

async function fileSupportInfo(classifyId: number, language = 'en'): Promise<void> {
  const input = { uuidCode: unique('si-'), title: 'How to ship', content: 'Like this', classifyId, language, terminalType: 21, status: 0, hot: false };
  const answer = await graphql(test.app, CREATE_SUPPORT_INFO, { token: admin.token, variables: { input } });
  expect(answer.errors).toBeUndefined();
}

const update = (id: number, overrides: Record<string, unknown> = {}) => graphql(test.app, UPDATE, { token: admin.token, variables: { input: classify({ id, ...overrides }) } });

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ALL });
});

describe('help-center classifications', () => {
  it('creates, reads, updates, pages and deletes', async () => {
    const uuidCode = unique('faq-');
    const id = await createClassify(admin.token, { uuidCode, className: 'FAQ', sort: 3, isHot: true, language: 'PT-br' });
    const got = await graphql<{ commonClassify: Record<string, unknown> }>(test.app, GET, { token: admin.token, variables: { id } });
    expect(got.data!.commonClassify).toMatchObject({ id, uuidCode, className: 'FAQ', parentId: 0, positionType: 1, isHot: true, language: 'pt-BR', sort: 3, status: 0 });
    expect(got.data!.commonClassify.createTime).toBe(new Date(test.clock.now()).toISOString());

    test.clock.advance(60_000);
    expect((await update(id, { uuidCode, className: 'Questions', language: 'pt-BR', status: 1 })).errors).toBeUndefined();
    const updated = await graphql<{ commonClassify: Record<string, unknown> }>(test.app, GET, { token: admin.token, variables: { id } });
    // isHot omitted keeps the stored value.
    expect(updated.data!.commonClassify).toMatchObject({ className: 'Questions', status: 1, isHot: true, updateTime: new Date(test.clock.now()).toISOString() });

    const page = await graphql<{ commonClassifyPage: unknown }>(test.app, PAGE, {
      token: admin.token,
      variables: { input: { pageNo: 1, pageSize: 10, className: 'Quest', language: 'pt-br', positionType: 1, status: 1, parentId: 0 } },
    });
    expect(page.data!.commonClassifyPage).toEqual({ total: 1, list: [{ id, className: 'Questions' }] });

    expect((await graphql(test.app, DELETE, { token: admin.token, variables: { id } })).data).toEqual({ deleteCommonClassify: true });
    expect(errorCode(await graphql(test.app, GET, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.CLASSIFY_NOT_FOUND.code);
    expect(errorCode(await graphql(test.app, DELETE, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.CLASSIFY_NOT_FOUND.code);
  });

  it('answers the tree of one positionType and language, nested in (sort, id) order, and lists enabled ones', async () => {
    const owner = await signedInAdmin(test.core, { permissions: ALL });
    const root = await createClassify(owner.token, { className: 'Orders', sort: 2 });
    const first = await createClassify(owner.token, { className: 'Payments', sort: 1 });
    const child = await createClassify(owner.token, { className: 'Refunds', parentId: root, sort: 2 });
    const earlierChild = await createClassify(owner.token, { className: 'Cancel', parentId: root, sort: 1, status: 1 });
    const grandchild = await createClassify(owner.token, { className: 'Partial', parentId: child });
    await createClassify(owner.token, { className: 'Pedidos', language: 'es' });

    const tree = await graphql<{ commonClassifyTree: unknown }>(test.app, TREE, { token: owner.token, variables: { positionType: 1, language: 'en' } });
    expect(tree.data!.commonClassifyTree).toEqual([
      { id: first, className: 'Payments', children: [] },
      {
        id: root,
        className: 'Orders',
        children: [
          { id: earlierChild, className: 'Cancel', children: [] },
          { id: child, className: 'Refunds', children: [{ id: grandchild }] },
        ],
      },
    ]);
    expect(errorCode(await graphql(test.app, TREE, { token: owner.token, variables: { positionType: 2, language: 'en' } }))).toBe(400);

    const simple = await graphql<{ commonClassifySimpleList: { id: number; status: number }[] }>(test.app, SIMPLE, { token: owner.token, variables: { language: 'en' } });
    expect(simple.data!.commonClassifySimpleList.map((entry) => entry.id)).toEqual([first, grandchild, root, child]); // flat, by (sort, id)
  });

  it('keeps uuidCodes unique per tenant, not across tenants', async () => {
    const uuidCode = unique('dup-');
    const id = await createClassify(admin.token, { uuidCode });
    expect(errorCode(await graphql(test.app, CREATE, { token: admin.token, variables: { input: classify({ uuidCode }) } }))).toBe(ErrorCatalogue.CLASSIFY_UUID_EXISTS.code);
    const other = await createClassify(admin.token);
    expect(errorCode(await update(other, { uuidCode }))).toBe(ErrorCatalogue.CLASSIFY_UUID_EXISTS.code);
    const stranger = await signedInAdmin(test.core, { permissions: ALL });
    await createClassify(stranger.token, { uuidCode });
    expect((await graphql(test.app, GET, { token: admin.token, variables: { id } })).errors).toBeUndefined();
  });

  it('needs a parent of the same tenant, positionType and language', async () => {
    const enParent = await createClassify(admin.token);
    const stranger = await signedInAdmin(test.core, { permissions: ALL });
    const foreignParent = await createClassify(stranger.token);
    const before = await test.db.commonClassify.count();
    const refusals: [number, number][] = [
      [987_654_321, ErrorCatalogue.CLASSIFY_PARENT_NOT_FOUND.code],
      [foreignParent, ErrorCatalogue.CLASSIFY_PARENT_NOT_FOUND.code],
    ];
    for (const [parentId, code] of refusals) {
      expect(errorCode(await graphql(test.app, CREATE, { token: admin.token, variables: { input: classify({ parentId }) } }))).toBe(code);
    }
    const mismatch = await graphql(test.app, CREATE, { token: admin.token, variables: { input: classify({ parentId: enParent, language: 'es' }) } });
    expect(errorCode(mismatch)).toBe(ErrorCatalogue.CLASSIFY_PARENT_MISMATCH.code);
    expect(mismatch.errors![0]!.message).toContain('language en');
    expect(await test.db.commonClassify.count()).toBe(before);
    await createClassify(admin.token, { parentId: enParent });
  });

  it('refuses to move a classification under itself or below itself', async () => {
    const top = await createClassify(admin.token);
    const middle = await createClassify(admin.token, { parentId: top });
    const bottom = await createClassify(admin.token, { parentId: middle });
    const stored = await test.db.commonClassify.findUniqueOrThrow({ where: { id: top } });
    for (const parentId of [top, middle, bottom]) {
      expect(errorCode(await update(top, { uuidCode: stored.uuidCode, parentId }))).toBe(ErrorCatalogue.CLASSIFY_PARENT_CYCLE.code);
    }
    expect((await test.db.commonClassify.findUniqueOrThrow({ where: { id: top } })).parentId).toBe(0);
    // Moving the bottom one to the top level, and the top one under another tree, are fine.
    const bottomCode = (await test.db.commonClassify.findUniqueOrThrow({ where: { id: bottom } })).uuidCode;
    expect((await update(bottom, { uuidCode: bottomCode, parentId: 0 })).errors).toBeUndefined();
    const elsewhere = await createClassify(admin.token);
    expect((await update(top, { uuidCode: stored.uuidCode, parentId: elsewhere })).errors).toBeUndefined();
  });

  it('saves one of two opposite moves sent at once and refuses the other as a cycle', async () => {
    const stored = async (id: number) => test.db.commonClassify.findUniqueOrThrow({ where: { id } });
    await expectOppositeMovesNeverCycle({
      a: await createClassify(admin.token),
      b: await createClassify(admin.token),
      root: 0,
      cycleCode: ErrorCatalogue.CLASSIFY_PARENT_CYCLE.code,
      move: async (id, parentId) => update(id, { uuidCode: (await stored(id)).uuidCode, parentId }),
      parentOf: async (id) => (await stored(id)).parentId,
    });
  });

  it('fixes positionType and language while children or support infos depend on them', async () => {
    const parent = await createClassify(admin.token);
    await createClassify(admin.token, { parentId: parent });
    const withArticle = await createClassify(admin.token);
    await fileSupportInfo(withArticle);
    const lonely = await createClassify(admin.token);
    for (const id of [parent, withArticle]) {
      const { uuidCode } = await test.db.commonClassify.findUniqueOrThrow({ where: { id } });
      expect(errorCode(await update(id, { uuidCode, language: 'es' }))).toBe(ErrorCatalogue.CLASSIFY_SCOPE_LOCKED.code);
      expect((await test.db.commonClassify.findUniqueOrThrow({ where: { id } })).language).toBe('en');
      expect((await update(id, { uuidCode, className: 'Renamed' })).errors).toBeUndefined();
    }
    const { uuidCode } = await test.db.commonClassify.findUniqueOrThrow({ where: { id: lonely } });
    expect((await update(lonely, { uuidCode, language: 'es' })).errors).toBeUndefined();
  });

  it('refuses to delete a classification with children or support infos', async () => {
    const parent = await createClassify(admin.token, { className: 'Parent' });
    const child = await createClassify(admin.token, { parentId: parent });
    const withChild = await graphql(test.app, DELETE, { token: admin.token, variables: { id: parent } });
    expect(errorCode(withChild)).toBe(ErrorCatalogue.CLASSIFY_HAS_CHILDREN.code);
    expect(withChild.errors![0]!.message).toContain('Parent');
    await fileSupportInfo(child);
    await fileSupportInfo(child);
    const withArticles = await graphql(test.app, DELETE, { token: admin.token, variables: { id: child } });
    expect(errorCode(withArticles)).toBe(ErrorCatalogue.CLASSIFY_HAS_SUPPORT_INFOS.code);
    expect(withArticles.errors![0]!.message).toContain('2 support info');
    expect(await test.db.commonClassify.count({ where: { id: { in: [parent, child] } } })).toBe(2);
  });

  it.each([
    ['id', { id: 5 }],
    ['uuidCode', { uuidCode: '' }],
    ['uuidCode', { uuidCode: 'x'.repeat(65) }],
    ['uuidCode', { uuidCode: 'has space' }],
    ['className', { className: '' }],
    ['className', { className: '   ' }],
    ['className', { className: 'x'.repeat(101) }],
    ['parentId', { parentId: -1 }],
    ['positionType', { positionType: 2 }],
    ['positionType', { positionType: 0 }],
    ['language', { language: '' }],
    ['language', { language: 'e' }],
    ['language', { language: 'en_US' }],
    ['language', { language: 'zh-Hant-TWN' }],
    ['status', { status: 2 }],
    ['status', { status: -1 }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.commonClassify.count();
    const answer = await graphql(test.app, CREATE, { token: admin.token, variables: { input: classify(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.commonClassify.count()).toBe(before);
  });

  it('accepts the longest uuidCode, className and language, and requires the fields the spec requires', async () => {
    await createClassify(admin.token, { uuidCode: unique('u'.repeat(53)), className: 'n'.repeat(100), language: 'zh-Hant-TW' });
    for (const field of ['uuidCode', 'className', 'parentId', 'positionType', 'language', 'sort', 'status']) {
      const input: Record<string, unknown> = classify();
      delete input[field];
      const answer = await graphql(test.app, CREATE, { token: admin.token, variables: { input } });
      expect(answer.errors?.[0]?.message, field).toContain(field);
    }
  });

  it('requires the id on update, and refuses bad page bounds', async () => {
    const answer = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: classify() } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('id');
    for (const page of [{ pageNo: 0, pageSize: 10 }, { pageNo: 1, pageSize: 101 }]) {
      expect(errorCode(await graphql(test.app, PAGE, { token: admin.token, variables: { input: page } }))).toBe(400);
    }
  });

  it("needs each operation's permission", async () => {
    const id = await createClassify(admin.token);
    const tenant = { id: admin.tenantId, name: admin.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['content:classify:query'] });
    const calls = [
      [CREATE, { input: classify() }, 'content:classify:create'],
      [UPDATE, { input: classify({ id }) }, 'content:classify:update'],
      [DELETE, { id }, 'content:classify:delete'],
    ] as const;
    for (const [query, variables, permission] of calls) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:dept:query'] });
    for (const query of [GET, PAGE, TREE]) {
      const variables = { id, input: { pageNo: 1, pageSize: 10 }, positionType: 1, language: 'en' };
      expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables }))).toBe(403);
    }
    // Simple lists are pickers, readable by any signed-in administrator of the tenant.
    expect((await graphql(test.app, SIMPLE, { token: nobody.token, variables: { language: 'en' } })).errors).toBeUndefined();
  });

  it('keeps each tenant to its own classifications, guessed ids included', async () => {
    const id = await createClassify(admin.token, { className: 'Mine' });
    const intruder = await signedInAdmin(test.core, { permissions: ALL });
    const notFound = ErrorCatalogue.CLASSIFY_NOT_FOUND.code;
    expect(errorCode(await graphql(test.app, GET, { token: intruder.token, variables: { id } }))).toBe(notFound);
    const page = await graphql<{ commonClassifyPage: { total: number } }>(test.app, PAGE, { token: intruder.token, variables: { input: { pageNo: 1, pageSize: 100 } } });
    expect(page.data!.commonClassifyPage.total).toBe(0);
    const tree = await graphql<{ commonClassifyTree: unknown[] }>(test.app, TREE, { token: intruder.token, variables: { positionType: 1, language: 'en' } });
    expect(tree.data!.commonClassifyTree).toEqual([]);
    expect(errorCode(await graphql(test.app, UPDATE, { token: intruder.token, variables: { input: classify({ id, className: 'Theirs' }) } }))).toBe(notFound);
    expect(errorCode(await graphql(test.app, DELETE, { token: intruder.token, variables: { id } }))).toBe(notFound);
    expect(await test.db.commonClassify.findUnique({ where: { id } })).toMatchObject({ className: 'Mine', tenantId: admin.tenantId });
  });
});
