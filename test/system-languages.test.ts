// System languages through /graphql: CRUD by the system tenant, reads by every tenant, the bounds of
// SystemLanguageSaveReqVO, the whitelist rules (["ALL"] everyone, [] nobody, else the listed) and
// every combination of who sees a language, permissions.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { useTestApp } from './support/app';
import { errorCode, type GraphQLAnswer, graphql } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';

const test = useTestApp('system_languages');

const CREATE = 'mutation($input: SystemLanguageSaveReqVO!) { createSystemLanguage(input: $input) { id } }';
const UPDATE = 'mutation($input: SystemLanguageSaveReqVO!) { updateSystemLanguage(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteSystemLanguage(id: $id) }';
const FIELDS = 'id langCode langName showFlag whitelistUserIds whitelistCountries sort status remark createTime updateTime';
const GET = `query($id: Int64!) { systemLanguage(id: $id) { ${FIELDS} } }`;
const PAGE = 'query($input: SystemLanguagePageReqVO!) { systemLanguagePage(input: $input) { total list { id langCode } } }';
const SIMPLE = '{ systemLanguageSimpleList { id langCode status } }';
const VISIBLE = 'query($userId: String, $countryCode: String) { visibleSystemLanguages(userId: $userId, countryCode: $countryCode) { langCode sort } }';

const ALL = ['system:language:query', 'system:language:create', 'system:language:update', 'system:language:delete'];
let systemAdmin: SignedInAdmin;
let tenantAdmin: SignedInAdmin;

/** A new language tag: `qa-` and six hex digits (9 characters, already canonical). */
const newLangCode = () => `qa-${randomBytes(3).toString('hex')}`;

const language = (overrides: Record<string, unknown> = {}) => ({
  langCode: newLangCode(),
  langName: 'Test language',
  showFlag: true,
  whitelistUserIds: ['ALL'],
  whitelistCountries: ['ALL'],
  sort: 1,
  status: 0,
  ...overrides,
});

function call<T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, token = systemAdmin.token): Promise<GraphQLAnswer<T>> {
  return graphql<T>(test.app, query, { token, variables });
}

async function createLanguage(overrides: Record<string, unknown> = {}): Promise<{ id: number; langCode: string }> {
  const input = language(overrides);
  const answer = await call<{ createSystemLanguage: { id: number } }>(CREATE, { input });
  expect(answer.errors).toBeUndefined();
  return { id: answer.data!.createSystemLanguage.id, langCode: input.langCode as string };
}

async function getLanguage(id: number, token = systemAdmin.token): Promise<Record<string, unknown>> {
  const answer = await call<{ systemLanguage: Record<string, unknown> }>(GET, { id }, token);
  expect(answer.errors).toBeUndefined();
  return answer.data!.systemLanguage;
}

/** The languages `codes` among those visible to the viewer, in the order answered. */
async function visibleAmong(codes: readonly string[], viewer: { userId?: string | null; countryCode?: string | null }): Promise<string[]> {
  const answer = await call<{ visibleSystemLanguages: { langCode: string }[] }>(VISIBLE, viewer, tenantAdmin.token);
  expect(answer.errors).toBeUndefined();
  return answer.data!.visibleSystemLanguages.map((entry) => entry.langCode).filter((code) => codes.includes(code));
}

beforeAll(async () => {
  const systemName = (await test.db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } })).name;
  systemAdmin = await signedInAdmin(test.core, { tenant: { id: SYSTEM_TENANT_ID, name: systemName }, permissions: ALL });
  tenantAdmin = await signedInAdmin(test.core, { permissions: ALL });
});

describe('system languages', () => {
  it('are created, read, updated, paged, listed and deleted by the system tenant', async () => {
    const { id } = await createLanguage({ langCode: 'PT-br', langName: 'Português', whitelistUserIds: ['[ALL]'], whitelistCountries: ['br', 'PT'], sort: 3, remark: 'Brazil first' });
    expect(await getLanguage(id)).toMatchObject({
      id,
      langCode: 'pt-BR',
      langName: 'Português',
      showFlag: true,
      whitelistUserIds: ['ALL'],
      whitelistCountries: ['BR', 'PT'],
      sort: 3,
      status: 0,
      remark: 'Brazil first',
      createTime: new Date(test.clock.now()).toISOString(),
    });

    test.clock.advance(1000);
    const { whitelistUserIds: _users, whitelistCountries: _countries, ...withoutWhitelists } = language({ id, langCode: 'pt-BR', langName: 'Portuguese', status: 1 });
    expect((await call(UPDATE, { input: withoutWhitelists })).errors).toBeUndefined();
    // Whitelists omitted on update keep the stored lists.
    expect(await getLanguage(id)).toMatchObject({ langName: 'Portuguese', status: 1, whitelistUserIds: ['ALL'], whitelistCountries: ['BR', 'PT'], updateTime: new Date(test.clock.now()).toISOString() });
    expect((await call(UPDATE, { input: language({ id, langCode: 'pt-BR', whitelistUserIds: [], whitelistCountries: ['US'] }) })).errors).toBeUndefined();
    expect(await getLanguage(id)).toMatchObject({ whitelistUserIds: [], whitelistCountries: ['US'] });

    const page = await call<{ systemLanguagePage: unknown }>(PAGE, { input: { pageNo: 1, pageSize: 10, langCode: 'pt-B', langName: 'Test', showFlag: true, status: 0 } });
    expect(page.data!.systemLanguagePage).toEqual({ total: 1, list: [{ id, langCode: 'pt-BR' }] });

    const disabled = await createLanguage({ status: 1 });
    const simple = await call<{ systemLanguageSimpleList: { id: number; status: number }[] }>(SIMPLE, {});
    expect(simple.data!.systemLanguageSimpleList.map((entry) => entry.id)).toContain(id);
    expect(simple.data!.systemLanguageSimpleList.map((entry) => entry.id)).not.toContain(disabled.id);

    expect((await call(DELETE, { id })).data).toEqual({ deleteSystemLanguage: true });
    expect(errorCode(await call(GET, { id }))).toBe(ErrorCatalogue.SYSTEM_LANGUAGE_NOT_FOUND.code);
    expect(errorCode(await call(DELETE, { id }))).toBe(ErrorCatalogue.SYSTEM_LANGUAGE_NOT_FOUND.code);
    expect(errorCode(await call(UPDATE, { input: language({ id }) }))).toBe(ErrorCatalogue.SYSTEM_LANGUAGE_NOT_FOUND.code);
  });

  it('gives an omitted whitelist no one on create', async () => {
    const { whitelistUserIds: _users, whitelistCountries: _countries, ...input } = language();
    const answer = await call<{ createSystemLanguage: { id: number } }>(CREATE, { input });
    expect(await getLanguage(answer.data!.createSystemLanguage.id)).toMatchObject({ whitelistUserIds: [], whitelistCountries: [] });
    expect(await visibleAmong([input.langCode as string], { userId: '42', countryCode: 'BR' })).toEqual([]);
  });

  it('keeps langCode unique, in any case', async () => {
    const { id, langCode } = await createLanguage();
    expect(errorCode(await call(CREATE, { input: language({ langCode: langCode.toUpperCase() }) }))).toBe(ErrorCatalogue.SYSTEM_LANGUAGE_CODE_EXISTS.code);
    const other = await createLanguage();
    expect(errorCode(await call(UPDATE, { input: language({ id: other.id, langCode }) }))).toBe(ErrorCatalogue.SYSTEM_LANGUAGE_CODE_EXISTS.code);
    expect((await getLanguage(id)).langCode).toBe(langCode);
  });

  it.each([
    ['id', { id: 5 }],
    ['langCode', { langCode: '' }],
    ['langCode', { langCode: 'qa-abcdefgh' }],
    ['langCode', { langCode: 'en_US' }],
    ['langName', { langName: '' }],
    ['langName', { langName: '  ' }],
    ['langName', { langName: 'x'.repeat(65) }],
    ['status', { status: 2 }],
    ['remark', { remark: 'x'.repeat(501) }],
    ['whitelistUserIds', { whitelistUserIds: ['ALL', '7'] }],
    ['whitelistUserIds', { whitelistUserIds: ['7', '7'] }],
    ['whitelistUserIds', { whitelistUserIds: ['ALL', '[ALL]'] }],
    ['whitelistUserIds', { whitelistUserIds: ['alice'] }],
    ['whitelistUserIds', { whitelistUserIds: ['0'] }],
    ['whitelistUserIds', { whitelistUserIds: [''] }],
    ['whitelistUserIds', { whitelistUserIds: ['all'] }],
    ['whitelistUserIds', { whitelistUserIds: Array.from({ length: 1001 }, (_, index) => String(index + 1)) }],
    ['whitelistCountries', { whitelistCountries: ['XX'] }],
    ['whitelistCountries', { whitelistCountries: ['USA'] }],
    ['whitelistCountries', { whitelistCountries: ['BR', 'ALL'] }],
    ['whitelistCountries', { whitelistCountries: ['br', 'BR'] }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.systemLanguage.count();
    const answer = await call(CREATE, { input: language(overrides) });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.systemLanguage.count()).toBe(before);
  });

  it('accepts the longest langCode, langName and remark, and requires what the spec requires', async () => {
    await createLanguage({ langCode: `zh-${randomBytes(3).toString('hex')}x`, langName: 'n'.repeat(64), remark: 'r'.repeat(500), whitelistUserIds: ['9007199254740993'] });
    for (const field of ['langCode', 'langName', 'showFlag', 'sort', 'status']) {
      const input: Record<string, unknown> = language();
      delete input[field];
      expect((await call(CREATE, { input })).errors?.[0]?.message, field).toContain(field);
    }
  });

  it('are visible when enabled, shown, and admitted by both whitelists: every combination', async () => {
    const users = { all: ['ALL'], listed: ['7', '42'], other: ['7'], none: [] };
    const countries = { all: ['[ALL]'], listed: ['US', 'BR'], other: ['US'], none: [] };
    const admitted = new Set(['all', 'listed']);
    const expected: string[] = [];
    const codes: string[] = [];
    let sort = 100;
    for (const [userKind, whitelistUserIds] of Object.entries(users)) {
      for (const [countryKind, whitelistCountries] of Object.entries(countries)) {
        // Descending sorts: the answer must come back sorted, not in creation order.
        const { langCode } = await createLanguage({ whitelistUserIds, whitelistCountries, sort: sort-- });
        codes.push(langCode);
        if (admitted.has(userKind) && admitted.has(countryKind)) expected.unshift(langCode);
      }
    }
    const open = { whitelistUserIds: ['ALL'], whitelistCountries: ['ALL'] };
    codes.push((await createLanguage({ ...open, status: 1 })).langCode, (await createLanguage({ ...open, showFlag: false })).langCode);

    expect(expected).toHaveLength(4);
    expect(await visibleAmong(codes, { userId: '42', countryCode: 'br' })).toEqual(expected);
    // Unknown users and countries are admitted by ALL only.
    expect(await visibleAmong(codes, {})).toEqual([codes[0]]);
    expect(await visibleAmong(codes, { userId: ' ', countryCode: '' })).toEqual([codes[0]]);
    expect(await visibleAmong(codes, { userId: '42' })).toEqual([codes[4], codes[0]]);
    expect(await visibleAmong(codes, { countryCode: 'BR' })).toEqual([codes[1], codes[0]]);
    expect(await visibleAmong(codes, { userId: '43', countryCode: 'FR' })).toEqual([codes[0]]);
  });

  it('are read by every tenant and changed by the system tenant only', async () => {
    const { id, langCode } = await createLanguage({ langName: 'Shared' });
    expect(await getLanguage(id, tenantAdmin.token)).toMatchObject({ id, langCode, langName: 'Shared' });
    const page = await call<{ systemLanguagePage: { total: number } }>(PAGE, { input: { pageNo: 1, pageSize: 10, langCode } }, tenantAdmin.token);
    expect(page.data!.systemLanguagePage.total).toBe(1);

    const before = await test.db.systemLanguage.findUniqueOrThrow({ where: { id } });
    const count = await test.db.systemLanguage.count();
    for (const [query, variables] of [
      [CREATE, { input: language() }],
      [UPDATE, { input: language({ id, langCode, langName: 'Taken over' }) }],
      [DELETE, { id }],
    ] as const) {
      const answer = await call(query, variables, tenantAdmin.token);
      expect(errorCode(answer)).toBe(ErrorCatalogue.TENANT_MANAGED_BY_SYSTEM.code);
      expect(answer.errors![0]!.message).toContain('change system languages');
    }
    expect(await test.db.systemLanguage.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await test.db.systemLanguage.count()).toBe(count);
  });

  it("needs each operation's permission", async () => {
    const { id } = await createLanguage();
    const tenant = { id: systemAdmin.tenantId, name: systemAdmin.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['system:language:query'] });
    const calls = [
      [CREATE, { input: language() }, 'system:language:create'],
      [UPDATE, { input: language({ id }) }, 'system:language:update'],
      [DELETE, { id }, 'system:language:delete'],
    ] as const;
    for (const [query, variables, permission] of calls) {
      const answer = await call(query, variables, reader.token);
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:dept:query'] });
    for (const query of [GET, PAGE, VISIBLE]) {
      expect(errorCode(await call(query, { id, input: { pageNo: 1, pageSize: 10 } }, nobody.token))).toBe(403);
    }
    // Simple lists are pickers, readable by any signed-in administrator of the tenant.
    expect((await call(SIMPLE, {}, nobody.token)).errors).toBeUndefined();
  });

  it('requires the id on update, and refuses bad page bounds', async () => {
    const answer = await call(UPDATE, { input: language() });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('id');
    for (const page of [{ pageNo: 0, pageSize: 10 }, { pageNo: 1, pageSize: 101 }]) expect(errorCode(await call(PAGE, { input: page }))).toBe(400);
  });
});
