// Countries and regions through /graphql: the seeded ISO 3166-1 countries, CRUD, page and simple
// lists, the bounds of BasicCountrySaveReqVO and BasicRegionSaveReqVO, a country with regions kept
// from deletion, permissions, and the system tenant as the only writer.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { COUNTRIES } from '../src/core/geo/countries';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { useTestApp } from './support/app';
import { answeredNothing, errorCode, graphql } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';

const test = useTestApp('geography');

const CREATE_COUNTRY = 'mutation($input: BasicCountrySaveReqVO!) { createCountry(input: $input) { id } }';
const UPDATE_COUNTRY = 'mutation($input: BasicCountrySaveReqVO!) { updateCountry(input: $input) { id } }';
const DELETE_COUNTRY = 'mutation($id: Int64!) { deleteCountry(id: $id) }';
const GET_COUNTRY = 'query($id: Int64!) { country(id: $id) { id enName localName enShortName areaId alpha3 numericCode callingCode sort status createTime } }';
const COUNTRY_PAGE = 'query($input: BasicCountryPageReqVO!) { countryPage(input: $input) { total list { id enShortName areaId status } } }';
const COUNTRY_SIMPLE = '{ countrySimpleList { id enShortName status } }';
const CREATE_REGION = 'mutation($input: BasicRegionSaveReqVO!) { createRegion(input: $input) { id } }';
const UPDATE_REGION = 'mutation($input: BasicRegionSaveReqVO!) { updateRegion(input: $input) { id } }';
const DELETE_REGION = 'mutation($id: Int64!) { deleteRegion(id: $id) }';
const GET_REGION = 'query($id: Int64!) { region(id: $id) { id name province regionCode countryId postalCode status sort createTime } }';
const REGION_PAGE = 'query($input: BasicRegionPageReqVO!) { regionPage(input: $input) { total list { id name province countryId status } } }';
const REGION_SIMPLE = 'query($countryId: Int64!) { regionSimpleList(countryId: $countryId) { id name sort } }';

const CRUD = ['query', 'create', 'update', 'delete'];
const ALL = [...CRUD.map((button) => `basic:country:${button}`), ...CRUD.map((button) => `basic:region:${button}`)];
let system: SignedInAdmin;

/** Two-letter codes no seeded country has, handed out one per created country. */
const assigned = new Set<string>(COUNTRIES.map((entry) => entry.alpha2));
const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const spareCodes = letters.flatMap((first) => letters.map((second) => first + second)).filter((code) => !assigned.has(code));
const nextCode = () => spareCodes.pop()!;

const country = (overrides: Record<string, unknown> = {}) => ({
  enName: 'Kosovo',
  localName: 'Kosova',
  enShortName: nextCode(),
  areaId: 'EU',
  sort: 300,
  status: 0,
  ...overrides,
});
const region = (countryId: number, overrides: Record<string, unknown> = {}) => ({ name: 'Prishtina', province: 1, countryId, status: 0, sort: 1, ...overrides });

async function call<T>(query: string, variables: Record<string, unknown>, token = system.token): Promise<T> {
  const answer = await graphql<T>(test.app, query, { token, variables });
  expect(answer.errors).toBeUndefined();
  return answer.data!;
}

async function createCountry(overrides: Record<string, unknown> = {}): Promise<number> {
  return (await call<{ createCountry: { id: number } }>(CREATE_COUNTRY, { input: country(overrides) })).createCountry.id;
}

async function createRegion(countryId: number, overrides: Record<string, unknown> = {}): Promise<number> {
  return (await call<{ createRegion: { id: number } }>(CREATE_REGION, { input: region(countryId, overrides) })).createRegion.id;
}

const getCountry = async (id: number) => (await call<{ country: Record<string, unknown> }>(GET_COUNTRY, { id })).country;
const countryIdOf = async (code: string) => (await test.db.basicCountry.findUniqueOrThrow({ where: { enShortName: code } })).id;

beforeAll(async () => {
  const tenant = await test.db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } });
  system = await signedInAdmin(test.core, { tenant: { id: tenant.id, name: tenant.name }, permissions: ALL });
});

describe('seeded countries', () => {
  it('answers all 249 ISO 3166-1 countries, enabled, in code order', async () => {
    const { countrySimpleList } = await call<{ countrySimpleList: { enShortName: string; status: number }[] }>(COUNTRY_SIMPLE, {});
    expect(countrySimpleList.map((entry) => entry.enShortName)).toEqual(COUNTRIES.map((entry) => entry.alpha2));
    expect(countrySimpleList.every((entry) => entry.status === 0)).toBe(true);
    const page = await call<{ countryPage: { total: number; list: unknown[] } }>(COUNTRY_PAGE, { input: { pageNo: 3, pageSize: 100 } });
    expect(page.countryPage.total).toBe(249);
    expect(page.countryPage.list).toHaveLength(49);
    expect(await getCountry(await countryIdOf('DE'))).toMatchObject({
      enName: 'Germany',
      localName: 'Deutschland',
      enShortName: 'DE',
      areaId: 'EU',
      alpha3: 'DEU',
      numericCode: '276',
      callingCode: '49',
      status: 0,
    });
  });

  it('filters the page by names, code, area and status', async () => {
    const page = async (filter: Record<string, unknown>) =>
      (await call<{ countryPage: { total: number; list: { enShortName: string; areaId: string }[] } }>(COUNTRY_PAGE, { input: { pageNo: 1, pageSize: 100, ...filter } }))
        .countryPage;
    expect((await page({ enShortName: 'JP' })).list.map((entry) => entry.enShortName)).toEqual(['JP']);
    expect((await page({ enName: 'Japan' })).list.map((entry) => entry.enShortName)).toEqual(['JP']);
    expect((await page({ localName: '日本' })).list.map((entry) => entry.enShortName)).toEqual(['JP']);
    const antarctic = await page({ areaId: 'AN' });
    expect(antarctic.total).toBe(COUNTRIES.filter((entry) => entry.area === 'AN').length);
    expect(antarctic.list.every((entry) => entry.areaId === 'AN')).toBe(true);
    expect((await page({ areaId: 'AN', status: 1 })).total).toBe(0);
  });
});

describe('countries', () => {
  it('creates, reads, updates, pages, lists and deletes', async () => {
    const code = nextCode();
    const id = await createCountry({ enShortName: code, sort: 7 });
    expect(await getCountry(id)).toMatchObject({ id, enName: 'Kosovo', localName: 'Kosova', enShortName: code, areaId: 'EU', alpha3: null, callingCode: null, sort: 7, status: 0 });
    await call(UPDATE_COUNTRY, { input: country({ id, enShortName: code, enName: 'Republic of Kosovo', areaId: 'AS', sort: 8, status: 1 }) });
    expect(await getCountry(id)).toMatchObject({ enName: 'Republic of Kosovo', areaId: 'AS', sort: 8, status: 1 });
    const page = await call<{ countryPage: unknown }>(COUNTRY_PAGE, { input: { pageNo: 1, pageSize: 10, enShortName: code, status: 1 } });
    expect(page.countryPage).toEqual({ total: 1, list: [{ id, enShortName: code, areaId: 'AS', status: 1 }] });
    const simple = await call<{ countrySimpleList: { id: number }[] }>(COUNTRY_SIMPLE, {});
    expect(simple.countrySimpleList.map((entry) => entry.id)).not.toContain(id);

    expect(await call(DELETE_COUNTRY, { id })).toEqual({ deleteCountry: true });
    const deleted = await graphql(test.app, GET_COUNTRY, { token: system.token, variables: { id } });
    expect(errorCode(deleted)).toBe(ErrorCatalogue.COUNTRY_NOT_FOUND.code);
    expect(answeredNothing(deleted)).toBe(true);
    expect(errorCode(await graphql(test.app, UPDATE_COUNTRY, { token: system.token, variables: { input: country({ id }) } }))).toBe(
      ErrorCatalogue.COUNTRY_NOT_FOUND.code,
    );
  });

  it('keeps codes unique', async () => {
    expect(errorCode(await graphql(test.app, CREATE_COUNTRY, { token: system.token, variables: { input: country({ enShortName: 'CN' }) } }))).toBe(
      ErrorCatalogue.COUNTRY_CODE_EXISTS.code,
    );
    const id = await createCountry();
    const clash = await graphql(test.app, UPDATE_COUNTRY, { token: system.token, variables: { input: country({ id, enShortName: 'FR' }) } });
    expect(errorCode(clash)).toBe(ErrorCatalogue.COUNTRY_CODE_EXISTS.code);
  });

  it.each([
    ['id', { id: 5 }],
    ['enName', { enName: '' }],
    ['enName', { enName: 'x'.repeat(101) }],
    ['localName', { localName: '' }],
    ['localName', { localName: 'x'.repeat(101) }],
    ['enShortName', { enShortName: 'xk' }],
    ['enShortName', { enShortName: 'XKX' }],
    ['enShortName', { enShortName: 'X1' }],
    ['areaId', { areaId: 'XX' }],
    ['areaId', { areaId: 'eu' }],
    ['sort', { sort: -1 }],
    ['status', { status: 2 }],
    ['status', { status: -1 }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.basicCountry.count();
    const answer = await graphql(test.app, CREATE_COUNTRY, { token: system.token, variables: { input: country(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.basicCountry.count()).toBe(before);
  });

  it('accepts the longest names and every continent code', async () => {
    for (const areaId of ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA']) {
      const id = await createCountry({ enName: 'e'.repeat(100), localName: 'l'.repeat(100), areaId, sort: 0 });
      expect(await getCountry(id)).toMatchObject({ areaId, sort: 0 });
    }
  });

  it('refuses to delete a country with regions', async () => {
    const id = await createCountry();
    const regionId = await createRegion(id);
    const answer = await graphql(test.app, DELETE_COUNTRY, { token: system.token, variables: { id } });
    expect(errorCode(answer)).toBe(ErrorCatalogue.COUNTRY_HAS_REGIONS.code);
    expect(answer.errors![0]!.message).toContain('1 region');
    expect(await test.db.basicCountry.count({ where: { id } })).toBe(1);
    await call(DELETE_REGION, { id: regionId });
    await call(DELETE_COUNTRY, { id });
    expect(await test.db.basicCountry.count({ where: { id } })).toBe(0);
  });
});

describe('regions', () => {
  it('creates, reads, updates, pages, lists by country and deletes', async () => {
    const countryId = await countryIdOf('KR');
    const id = await createRegion(countryId, { name: 'Seoul', province: 1, regionCode: 'KR-11', postalCode: '04524', sort: 2 });
    const got = await call<{ region: Record<string, unknown> }>(GET_REGION, { id });
    expect(got.region).toMatchObject({ id, name: 'Seoul', province: 1, regionCode: 'KR-11', countryId, postalCode: '04524', status: 0, sort: 2 });
    const city = await createRegion(countryId, { name: 'Busan', province: 2, sort: 1 });
    const disabled = await createRegion(countryId, { name: 'Closed', province: 3, status: 1 });

    await call(UPDATE_REGION, { input: region(countryId, { id, name: 'Seoul Special City', province: 1, regionCode: null, sort: 3 }) });
    expect((await call<{ region: Record<string, unknown> }>(GET_REGION, { id })).region).toMatchObject({ name: 'Seoul Special City', regionCode: null, sort: 3 });

    const page = await call<{ regionPage: { total: number; list: { id: number }[] } }>(REGION_PAGE, { input: { pageNo: 1, pageSize: 10, countryId, province: 2, status: 0 } });
    expect(page.regionPage).toEqual({ total: 1, list: [{ id: city, name: 'Busan', province: 2, countryId, status: 0 }] });
    const byName = await call<{ regionPage: { total: number } }>(REGION_PAGE, { input: { pageNo: 1, pageSize: 10, countryId, name: 'Seoul' } });
    expect(byName.regionPage.total).toBe(1);

    const simple = await call<{ regionSimpleList: { id: number }[] }>(REGION_SIMPLE, { countryId });
    expect(simple.regionSimpleList.map((entry) => entry.id)).toEqual([city, id]);
    expect(simple.regionSimpleList.map((entry) => entry.id)).not.toContain(disabled);

    expect(await call(DELETE_REGION, { id })).toEqual({ deleteRegion: true });
    expect(errorCode(await graphql(test.app, GET_REGION, { token: system.token, variables: { id } }))).toBe(ErrorCatalogue.REGION_NOT_FOUND.code);
    expect(errorCode(await graphql(test.app, DELETE_REGION, { token: system.token, variables: { id } }))).toBe(ErrorCatalogue.REGION_NOT_FOUND.code);
    expect(errorCode(await graphql(test.app, UPDATE_REGION, { token: system.token, variables: { input: region(countryId, { id }) } }))).toBe(
      ErrorCatalogue.REGION_NOT_FOUND.code,
    );
  });

  it("hides a disabled country's regions from the simple list", async () => {
    const countryId = await createCountry({ status: 1 });
    await createRegion(countryId);
    expect((await call<{ regionSimpleList: unknown[] }>(REGION_SIMPLE, { countryId })).regionSimpleList).toEqual([]);
    expect((await call<{ regionPage: { total: number } }>(REGION_PAGE, { input: { pageNo: 1, pageSize: 10, countryId } })).regionPage.total).toBe(1);
  });

  it('needs an existing country, on create and on update', async () => {
    const before = await test.db.basicRegion.count();
    expect(errorCode(await graphql(test.app, CREATE_REGION, { token: system.token, variables: { input: region(999_999) } }))).toBe(
      ErrorCatalogue.COUNTRY_NOT_FOUND.code,
    );
    expect(await test.db.basicRegion.count()).toBe(before);
    const id = await createRegion(await countryIdOf('BR'));
    expect(errorCode(await graphql(test.app, UPDATE_REGION, { token: system.token, variables: { input: region(999_999, { id }) } }))).toBe(
      ErrorCatalogue.COUNTRY_NOT_FOUND.code,
    );
  });

  it.each([
    ['id', { id: 5 }],
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(101) }],
    ['province', { province: 0 }],
    ['province', { province: 4 }],
    ['regionCode', { regionCode: 'x'.repeat(33) }],
    ['countryId', { countryId: 0 }],
    ['postalCode', { postalCode: 'x'.repeat(21) }],
    ['status', { status: 2 }],
    ['sort', { sort: -1 }],
    ['sort', { sort: 2_147_483_648 }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const countryId = await countryIdOf('IT');
    const before = await test.db.basicRegion.count();
    const answer = await graphql(test.app, CREATE_REGION, { token: system.token, variables: { input: region(countryId, overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.basicRegion.count()).toBe(before);
  });

  it('accepts the bounds of each field', async () => {
    const countryId = await countryIdOf('IT');
    for (const overrides of [
      { name: 'n'.repeat(100), province: 3, regionCode: 'r'.repeat(32), postalCode: 'p'.repeat(20), sort: 2_147_483_647 },
      { province: 1, sort: 0, status: 1 },
    ]) {
      const id = await createRegion(countryId, overrides);
      expect((await call<{ region: Record<string, unknown> }>(GET_REGION, { id })).region).toMatchObject(overrides);
    }
  });
});

describe('geography and tenants', () => {
  it('lets every tenant read countries and regions and only the system tenant change them', async () => {
    const countryId = await createCountry({ enName: 'Shared' });
    const regionId = await createRegion(countryId, { name: 'Shared region' });
    const other = await signedInAdmin(test.core, { permissions: ALL });
    expect((await call<{ country: { enName: string } }>(GET_COUNTRY, { id: countryId }, other.token)).country.enName).toBe('Shared');
    expect((await call<{ region: { name: string } }>(GET_REGION, { id: regionId }, other.token)).region.name).toBe('Shared region');
    expect((await call<{ countryPage: { total: number } }>(COUNTRY_PAGE, { input: { pageNo: 1, pageSize: 1 } }, other.token)).countryPage.total).toBeGreaterThan(249);
    expect((await call<{ regionSimpleList: unknown[] }>(REGION_SIMPLE, { countryId }, other.token)).regionSimpleList).toHaveLength(1);

    const before = await Promise.all([test.db.basicCountry.count(), test.db.basicRegion.count()]);
    for (const [query, variables] of [
      [CREATE_COUNTRY, { input: country() }],
      [UPDATE_COUNTRY, { input: country({ id: countryId, enName: 'Theirs' }) }],
      [DELETE_COUNTRY, { id: countryId }],
      [CREATE_REGION, { input: region(countryId) }],
      [UPDATE_REGION, { input: region(countryId, { id: regionId, name: 'Theirs' }) }],
      [DELETE_REGION, { id: regionId }],
    ] as const) {
      expect(errorCode(await graphql(test.app, query, { token: other.token, variables }))).toBe(ErrorCatalogue.TENANT_MANAGED_BY_SYSTEM.code);
    }
    expect(await Promise.all([test.db.basicCountry.count(), test.db.basicRegion.count()])).toEqual(before);
    expect(await getCountry(countryId)).toMatchObject({ enName: 'Shared' });
  });

  it("needs each operation's permission", async () => {
    const countryId = await countryIdOf('ES');
    const regionId = await createRegion(countryId);
    const tenant = { id: system.tenantId, name: system.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['basic:country:query', 'basic:region:query'] });
    for (const [query, variables, permission] of [
      [CREATE_COUNTRY, { input: country() }, 'basic:country:create'],
      [UPDATE_COUNTRY, { input: country({ id: countryId }) }, 'basic:country:update'],
      [DELETE_COUNTRY, { id: countryId }, 'basic:country:delete'],
      [CREATE_REGION, { input: region(countryId) }, 'basic:region:create'],
      [UPDATE_REGION, { input: region(countryId, { id: regionId }) }, 'basic:region:update'],
      [DELETE_REGION, { id: regionId }, 'basic:region:delete'],
    ] as const) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['basic:currency:query'] });
    for (const query of [GET_COUNTRY, COUNTRY_PAGE, GET_REGION, REGION_PAGE]) {
      const variables = { id: regionId, countryId, input: { pageNo: 1, pageSize: 10 } };
      expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables }))).toBe(403);
    }
  });
});
