// Dictionaries through /graphql: types and data, their bounds, the rename carried over to data, the
// delete refused while data exist, the simple list hiding disabled types, permissions, and the
// system tenant as the only writer.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { useTestApp } from './support/app';
import { errorCode, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';

const test = useTestApp('dict');

const CREATE_TYPE = 'mutation($input: DictTypeSaveReqVO!) { createDictType(input: $input) { id } }';
const UPDATE_TYPE = 'mutation($input: DictTypeSaveReqVO!) { updateDictType(input: $input) { id } }';
const DELETE_TYPE = 'mutation($id: Int64!) { deleteDictType(id: $id) }';
const GET_TYPE = 'query($id: Int64!) { dictType(id: $id) { id name type status remark createTime } }';
const TYPE_PAGE = 'query($input: DictTypePageReqVO!) { dictTypePage(input: $input) { total list { id type } } }';
const TYPE_SIMPLE = '{ dictTypeSimpleList { id type status } }';
const CREATE_DATA = 'mutation($input: DictDataSaveReqVO!) { createDictData(input: $input) { id } }';
const UPDATE_DATA = 'mutation($input: DictDataSaveReqVO!) { updateDictData(input: $input) { id } }';
const DELETE_DATA = 'mutation($id: Int64!) { deleteDictData(id: $id) }';
const GET_DATA = 'query($id: Int64!) { dictData(id: $id) { id sort label value dictType status colorType cssClass remark createTime } }';
const DATA_PAGE = 'query($input: DictDataPageReqVO!) { dictDataPage(input: $input) { total list { id label value dictType } } }';
const DATA_SIMPLE = 'query($dictType: String) { dictDataSimpleList(dictType: $dictType) { id value dictType } }';

const ALL = ['system:dict:query', 'system:dict:create', 'system:dict:update', 'system:dict:delete'];
let system: SignedInAdmin;

const dictType = (overrides: Record<string, unknown> = {}) => ({ name: 'Gender', type: unique('gender_'), status: 0, ...overrides });
const dictData = (type: string, overrides: Record<string, unknown> = {}) => ({
  sort: 1,
  label: 'Male',
  value: unique('v'),
  dictType: type,
  status: 0,
  ...overrides,
});

async function call<T>(query: string, variables: Record<string, unknown>, token = system.token): Promise<T> {
  const answer = await graphql<T>(test.app, query, { token, variables });
  expect(answer.errors).toBeUndefined();
  return answer.data!;
}

async function createType(overrides: Record<string, unknown> = {}): Promise<{ id: number; type: string }> {
  const input = dictType(overrides);
  const { createDictType: { id: id } } = await call<{ createDictType: { id: number } }>(CREATE_TYPE, { input });
  return { id, type: input.type as string };
}

async function createData(type: string, overrides: Record<string, unknown> = {}): Promise<number> {
  return (await call<{ createDictData: { id: number } }>(CREATE_DATA, { input: dictData(type, overrides) })).createDictData.id;
}

beforeAll(async () => {
  const tenant = await test.db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } });
  system = await signedInAdmin(test.core, { tenant: { id: tenant.id, name: tenant.name }, permissions: ALL });
});

describe('dictionary types', () => {
  it('creates, reads, updates, pages, lists and deletes', async () => {
    const { id, type } = await createType({ name: 'Colours', remark: 'paint' });
    const got = await call<{ dictType: Record<string, unknown> }>(GET_TYPE, { id });
    expect(got.dictType).toEqual({ id, name: 'Colours', type, status: 0, remark: 'paint', createTime: new Date(test.clock.now()).toISOString() });

    await call(UPDATE_TYPE, { input: dictType({ id, name: 'Colors', type, status: 1 }) });
    expect((await call<{ dictType: { name: string; status: number } }>(GET_TYPE, { id })).dictType).toMatchObject({ name: 'Colors', status: 1 });
    const page = await call<{ dictTypePage: unknown }>(TYPE_PAGE, { input: { pageNo: 1, pageSize: 10, name: 'Colo', type, status: 1 } });
    expect(page.dictTypePage).toEqual({ total: 1, list: [{ id, type }] });
    const simple = await call<{ dictTypeSimpleList: { id: number }[] }>(TYPE_SIMPLE, {});
    expect(simple.dictTypeSimpleList.map((entry) => entry.id)).not.toContain(id);

    expect(await call(DELETE_TYPE, { id })).toEqual({ deleteDictType: true });
    expect(errorCode(await graphql(test.app, GET_TYPE, { token: system.token, variables: { id } }))).toBe(ErrorCatalogue.DICT_TYPE_NOT_FOUND.code);
  });

  it('pages by creation time', async () => {
    const tag = unique('range_');
    // Minutes, not days: the tokens of this file live an hour on the same clock.
    const minute = 60_000;
    const old = await createType({ type: `${tag}_old` });
    const oldTime = test.clock.now();
    test.clock.advance(10 * minute);
    const recent = await createType({ type: `${tag}_new` });
    const at = (time: number) => new Date(time).toISOString();
    const within = async (from: string, to: string) =>
      (await call<{ dictTypePage: { list: { id: number }[] } }>(TYPE_PAGE, { input: { pageNo: 1, pageSize: 10, type: tag, createTime: [from, to] } })).dictTypePage.list.map(
        (entry) => entry.id,
      );
    expect(await within(at(oldTime + minute), at(test.clock.now() + minute))).toEqual([recent.id]);
    expect(await within(at(oldTime - minute), at(oldTime + minute))).toEqual([old.id]);
    // The end is exclusive: a range ending at a creation time leaves that record out.
    expect(await within(at(oldTime), at(test.clock.now()))).toEqual([old.id]);
    expect(await within(at(oldTime), at(test.clock.now() + 1))).toEqual([recent.id, old.id]);
    const reversed = await graphql(test.app, TYPE_PAGE, {
      token: system.token,
      variables: { input: { pageNo: 1, pageSize: 10, createTime: [at(test.clock.now()), at(oldTime)] } },
    });
    expect(errorCode(reversed)).toBe(400);
    expect(reversed.errors![0]!.message).toContain('createTime');
  });

  it('keeps type strings unique', async () => {
    const { type } = await createType();
    expect(errorCode(await graphql(test.app, CREATE_TYPE, { token: system.token, variables: { input: dictType({ type }) } }))).toBe(
      ErrorCatalogue.DICT_TYPE_EXISTS.code,
    );
    const other = await createType();
    expect(errorCode(await graphql(test.app, UPDATE_TYPE, { token: system.token, variables: { input: dictType({ id: other.id, type }) } }))).toBe(
      ErrorCatalogue.DICT_TYPE_EXISTS.code,
    );
  });

  it('carries a renamed type string over to its data', async () => {
    const { id, type } = await createType();
    const dataId = await createData(type);
    const renamed = unique('renamed_');
    await call(UPDATE_TYPE, { input: dictType({ id, type: renamed }) });
    expect((await call<{ dictData: { dictType: string } }>(GET_DATA, { id: dataId })).dictData.dictType).toBe(renamed);
    const list = await call<{ dictDataSimpleList: { id: number }[] }>(DATA_SIMPLE, { dictType: renamed });
    expect(list.dictDataSimpleList.map((entry) => entry.id)).toEqual([dataId]);
    expect((await call<{ dictDataSimpleList: unknown[] }>(DATA_SIMPLE, { dictType: type })).dictDataSimpleList).toEqual([]);
  });

  it('refuses to delete a type with data, naming how many', async () => {
    const { id, type } = await createType();
    const first = await createData(type);
    await createData(type);
    const answer = await graphql(test.app, DELETE_TYPE, { token: system.token, variables: { id } });
    expect(errorCode(answer)).toBe(ErrorCatalogue.DICT_TYPE_HAS_DATA.code);
    expect(answer.errors![0]!.message).toBe(`Dictionary type ${type} has 2 data entries: delete them first`);
    expect(await test.db.dictType.count({ where: { id } })).toBe(1);
    await call(DELETE_DATA, { id: first });
    expect(errorCode(await graphql(test.app, DELETE_TYPE, { token: system.token, variables: { id } }))).toBe(ErrorCatalogue.DICT_TYPE_HAS_DATA.code);
  });

  it.each([
    ['id', { id: 5 }],
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(101) }],
    ['type', { type: '' }],
    ['type', { type: 't'.repeat(101) }],
    ['status', { status: 2 }],
    ['remark', { remark: 'r'.repeat(501) }],
  ])('refuses a type with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.dictType.count();
    const answer = await graphql(test.app, CREATE_TYPE, { token: system.token, variables: { input: dictType(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.dictType.count()).toBe(before);
  });

  it('accepts the longest name and type', async () => {
    const longest = { name: 'n'.repeat(100), type: unique('t'.repeat(90)) };
    const { id } = await createType(longest);
    expect(await test.db.dictType.findUniqueOrThrow({ where: { id } })).toMatchObject(longest);
  });
});

describe('dictionary data', () => {
  it('creates, reads, updates, pages and deletes', async () => {
    const { type } = await createType();
    const id = await createData(type, { label: 'Female', value: 'F', sort: 2, colorType: 'danger', cssClass: 'pink', remark: 'r' });
    const got = await call<{ dictData: Record<string, unknown> }>(GET_DATA, { id });
    expect(got.dictData).toEqual({
      id,
      sort: 2,
      label: 'Female',
      value: 'F',
      dictType: type,
      status: 0,
      colorType: 'danger',
      cssClass: 'pink',
      remark: 'r',
      createTime: new Date(test.clock.now()).toISOString(),
    });
    await call(UPDATE_DATA, { input: dictData(type, { id, label: 'Woman', value: 'W', colorType: null }) });
    expect((await call<{ dictData: Record<string, unknown> }>(GET_DATA, { id })).dictData).toMatchObject({ label: 'Woman', value: 'W', colorType: null });
    const page = await call<{ dictDataPage: unknown }>(DATA_PAGE, { input: { pageNo: 1, pageSize: 10, dictType: type, label: 'oma', status: 0 } });
    expect(page.dictDataPage).toEqual({ total: 1, list: [{ id, label: 'Woman', value: 'W', dictType: type }] });
    expect(await call(DELETE_DATA, { id })).toEqual({ deleteDictData: true });
    expect(errorCode(await graphql(test.app, GET_DATA, { token: system.token, variables: { id } }))).toBe(ErrorCatalogue.DICT_DATA_NOT_FOUND.code);
    expect(errorCode(await graphql(test.app, DELETE_DATA, { token: system.token, variables: { id } }))).toBe(ErrorCatalogue.DICT_DATA_NOT_FOUND.code);
  });

  it('needs an existing type, and a value unique within it', async () => {
    const unknown = await graphql(test.app, CREATE_DATA, { token: system.token, variables: { input: dictData(unique('missing_')) } });
    expect(errorCode(unknown)).toBe(ErrorCatalogue.DICT_DATA_TYPE_UNKNOWN.code);
    const { type } = await createType();
    const other = await createType();
    const id = await createData(type, { value: 'same' });
    await createData(other.type, { value: 'same' });
    expect(errorCode(await graphql(test.app, CREATE_DATA, { token: system.token, variables: { input: dictData(type, { value: 'same' }) } }))).toBe(
      ErrorCatalogue.DICT_DATA_VALUE_EXISTS.code,
    );
    const moved = await graphql(test.app, UPDATE_DATA, { token: system.token, variables: { input: dictData(other.type, { id, value: 'same' }) } });
    expect(errorCode(moved)).toBe(ErrorCatalogue.DICT_DATA_VALUE_EXISTS.code);
    const lost = await graphql(test.app, UPDATE_DATA, { token: system.token, variables: { input: dictData(unique('missing_'), { id }) } });
    expect(errorCode(lost)).toBe(ErrorCatalogue.DICT_DATA_TYPE_UNKNOWN.code);
    const missing = await graphql(test.app, UPDATE_DATA, { token: system.token, variables: { input: dictData(type, { id: 999_999_999 }) } });
    expect(errorCode(missing)).toBe(ErrorCatalogue.DICT_DATA_NOT_FOUND.code);
  });

  it('lists enabled data of enabled types only, by type and sort', async () => {
    const shown = await createType();
    const hidden = await createType();
    const second = await createData(shown.type, { sort: 2 });
    const first = await createData(shown.type, { sort: 1 });
    await createData(shown.type, { sort: 0, status: 1 });
    await createData(hidden.type);
    await call(UPDATE_TYPE, { input: dictType({ id: hidden.id, type: hidden.type, status: 1 }) });

    const ids = async (dictTypeFilter?: string) =>
      (await call<{ dictDataSimpleList: { id: number; dictType: string }[] }>(DATA_SIMPLE, { dictType: dictTypeFilter })).dictDataSimpleList;
    expect((await ids(shown.type)).map((entry) => entry.id)).toEqual([first, second]);
    expect(await ids(hidden.type)).toEqual([]);
    const all = await ids();
    expect(all.map((entry) => entry.id)).toEqual(expect.arrayContaining([first, second]));
    expect(all.some((entry) => entry.dictType === hidden.type)).toBe(false);
  });

  it.each([
    ['id', { id: 5 }],
    ['label', { label: '' }],
    ['label', { label: 'l'.repeat(101) }],
    ['value', { value: '' }],
    ['value', { value: 'v'.repeat(101) }],
    ['dictType', { dictType: '' }],
    ['dictType', { dictType: 'd'.repeat(101) }],
    ['status', { status: 2 }],
    ['colorType', { colorType: 'purple' }],
    ['colorType', { colorType: '' }],
    ['cssClass', { cssClass: 'c'.repeat(101) }],
    ['remark', { remark: 'r'.repeat(501) }],
  ])('refuses data with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const { type } = await createType();
    const before = await test.db.dictData.count();
    const answer = await graphql(test.app, CREATE_DATA, { token: system.token, variables: { input: dictData(type, overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.dictData.count()).toBe(before);
  });

  it.each(['default', 'primary', 'success', 'info', 'warning', 'danger'])('accepts colorType %s', async (colorType) => {
    const { type } = await createType();
    const longest = { colorType, label: 'l'.repeat(100), value: unique('v'.repeat(90)) };
    const id = await createData(type, longest);
    expect(await test.db.dictData.findUniqueOrThrow({ where: { id } })).toMatchObject(longest);
  });
});

describe('who may read and write dictionaries', () => {
  it('lets every tenant read, and only the system tenant write', async () => {
    const { id, type } = await createType();
    const dataId = await createData(type);
    const tenantAdmin = await signedInAdmin(test.core, { permissions: ALL });
    expect((await call<{ dictType: { id: number } }>(GET_TYPE, { id }, tenantAdmin.token)).dictType.id).toBe(id);
    const list = await call<{ dictDataSimpleList: { id: number }[] }>(DATA_SIMPLE, { dictType: type }, tenantAdmin.token);
    expect(list.dictDataSimpleList.map((entry) => entry.id)).toEqual([dataId]);

    const writes = [
      [CREATE_TYPE, { input: dictType() }],
      [UPDATE_TYPE, { input: dictType({ id, type, name: 'Theirs' }) }],
      [DELETE_TYPE, { id }],
      [CREATE_DATA, { input: dictData(type) }],
      [UPDATE_DATA, { input: dictData(type, { id: dataId, label: 'Theirs' }) }],
      [DELETE_DATA, { id: dataId }],
    ] as const;
    for (const [query, variables] of writes) {
      expect(errorCode(await graphql(test.app, query, { token: tenantAdmin.token, variables }))).toBe(ErrorCatalogue.TENANT_MANAGED_BY_SYSTEM.code);
    }
    expect(await test.db.dictType.findUnique({ where: { id } })).toMatchObject({ name: 'Gender' });
    expect(await test.db.dictData.findUnique({ where: { id: dataId } })).toMatchObject({ label: 'Male' });
  });

  it("needs each operation's permission", async () => {
    const { id, type } = await createType();
    const dataId = await createData(type);
    const tenant = { id: system.tenantId, name: system.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['system:dict:query'] });
    const calls = [
      [CREATE_TYPE, { input: dictType() }, 'system:dict:create'],
      [UPDATE_TYPE, { input: dictType({ id, type }) }, 'system:dict:update'],
      [DELETE_TYPE, { id }, 'system:dict:delete'],
      [CREATE_DATA, { input: dictData(type) }, 'system:dict:create'],
      [UPDATE_DATA, { input: dictData(type, { id: dataId }) }, 'system:dict:update'],
      [DELETE_DATA, { id: dataId }, 'system:dict:delete'],
    ] as const;
    for (const [query, variables, permission] of calls) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:post:query'] });
    const page = { pageNo: 1, pageSize: 10 };
    for (const [query, variables] of [
      [GET_TYPE, { id }],
      [TYPE_PAGE, { input: page }],
      [GET_DATA, { id: dataId }],
      [DATA_PAGE, { input: page }],
    ] as const) {
      expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables }))).toBe(403);
    }
    // Simple lists are pickers, readable by any signed-in administrator of the tenant.
    for (const query of [TYPE_SIMPLE, DATA_SIMPLE]) expect((await graphql(test.app, query, { token: nobody.token, variables: {} })).errors).toBeUndefined();
  });
});
