// Currencies through /graphql: CRUD, page and simple list, the bounds of BasicCurrencySaveReqVO, the
// exchange rate kept exactly, permissions, and the system tenant as the only writer.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { useTestApp } from './support/app';
import { answeredNothing, errorCode, graphql } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';

const test = useTestApp('currencies');

const CREATE = 'mutation($input: BasicCurrencySaveReqVO!) { createCurrency(input: $input) { id } }';
const UPDATE = 'mutation($input: BasicCurrencySaveReqVO!) { updateCurrency(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteCurrency(id: $id) }';
const GET = 'query($id: Int64!) { currency(id: $id) { id name abbreviationCode exchangeRate icon symbol showStatus status sort createTime } }';
const PAGE = 'query($input: BasicCurrencyPageReqVO!) { currencyPage(input: $input) { total list { id abbreviationCode exchangeRate status showStatus } } }';
const SIMPLE = '{ currencySimpleList { id abbreviationCode sort status } }';

const ALL = ['basic:currency:query', 'basic:currency:create', 'basic:currency:update', 'basic:currency:delete'];
let system: SignedInAdmin;

/** A fresh ISO-4217-shaped code per call (the test database is this file's own). */
let codeCount = 0;
function nextCode(): string {
  codeCount += 1;
  return [26 * 26, 26, 1].map((weight) => String.fromCharCode(65 + (Math.floor(codeCount / weight) % 26))).join('');
}

const currency = (overrides: Record<string, unknown> = {}) => ({ name: 'US dollar', abbreviationCode: nextCode(), exchangeRate: 0.138, ...overrides });

async function call<T>(query: string, variables: Record<string, unknown>, token = system.token): Promise<T> {
  const answer = await graphql<T>(test.app, query, { token, variables });
  expect(answer.errors).toBeUndefined();
  return answer.data!;
}

async function createCurrency(overrides: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  const input = currency(overrides);
  const { createCurrency: { id: id } } = await call<{ createCurrency: { id: number } }>(CREATE, { input });
  return { id, code: input.abbreviationCode as string };
}

const getCurrency = async (id: number) => (await call<{ currency: Record<string, unknown> }>(GET, { id })).currency;

beforeAll(async () => {
  const tenant = await test.db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } });
  system = await signedInAdmin(test.core, { tenant: { id: tenant.id, name: tenant.name }, permissions: ALL });
});

describe('currencies', () => {
  it('creates, reads, updates, pages, lists and deletes', async () => {
    const { id, code } = await createCurrency({ name: 'Euro', exchangeRate: 0.128456, icon: 'https://cdn.example/eur.svg', symbol: '€', showStatus: 0, status: 1, sort: 5 });
    expect(await getCurrency(id)).toMatchObject({
      id,
      name: 'Euro',
      abbreviationCode: code,
      exchangeRate: 0.128456,
      icon: 'https://cdn.example/eur.svg',
      symbol: '€',
      showStatus: 0,
      status: 1,
      sort: 5,
    });
    expect((await test.db.basicCurrency.findUniqueOrThrow({ where: { id } })).exchangeRateMicros).toBe(128_456n);

    await call(UPDATE, { input: currency({ id, name: 'Euro (EU)', abbreviationCode: code, exchangeRate: 0.13, symbol: null, showStatus: 1, status: 0, sort: 6 }) });
    expect(await getCurrency(id)).toMatchObject({ name: 'Euro (EU)', exchangeRate: 0.13, symbol: null, showStatus: 1, status: 0, sort: 6 });

    const page = await call<{ currencyPage: { total: number; list: unknown[] } }>(PAGE, { input: { pageNo: 1, pageSize: 10, abbreviationCode: code, status: 0, showStatus: 1 } });
    expect(page.currencyPage).toEqual({ total: 1, list: [{ id, abbreviationCode: code, exchangeRate: 0.13, status: 0, showStatus: 1 }] });
    const byName = await call<{ currencyPage: { total: number } }>(PAGE, { input: { pageNo: 1, pageSize: 10, name: 'Euro (EU)' } });
    expect(byName.currencyPage.total).toBe(1);
    const hidden = await call<{ currencyPage: { total: number } }>(PAGE, { input: { pageNo: 1, pageSize: 10, abbreviationCode: code, showStatus: 0 } });
    expect(hidden.currencyPage.total).toBe(0);

    expect(await call(DELETE, { id })).toEqual({ deleteCurrency: true });
    const deleted = await graphql(test.app, GET, { token: system.token, variables: { id } });
    expect(errorCode(deleted)).toBe(ErrorCatalogue.CURRENCY_NOT_FOUND.code);
    expect(answeredNothing(deleted)).toBe(true);
    expect(errorCode(await graphql(test.app, DELETE, { token: system.token, variables: { id } }))).toBe(ErrorCatalogue.CURRENCY_NOT_FOUND.code);
  });

  it('defaults showStatus and status to 1 and sort to 999, and keeps them when an update omits them', async () => {
    const { id, code } = await createCurrency();
    expect(await getCurrency(id)).toMatchObject({ showStatus: 1, status: 1, sort: 999, icon: null, symbol: null });
    await call(UPDATE, { input: currency({ id, abbreviationCode: code, showStatus: 0, status: 0, sort: 3 }) });
    await call(UPDATE, { input: currency({ id, abbreviationCode: code, name: 'Renamed', showStatus: null }) });
    expect(await getCurrency(id)).toMatchObject({ name: 'Renamed', showStatus: 0, status: 0, sort: 3 });
  });

  it('lists enabled currencies by sort, for pickers', async () => {
    const late = await createCurrency({ sort: 900 });
    const early = await createCurrency({ sort: 1 });
    const disabled = await createCurrency({ sort: 2, status: 0 });
    const { currencySimpleList } = await call<{ currencySimpleList: { id: number; sort: number; status: number }[] }>(SIMPLE, {});
    const ids = currencySimpleList.map((entry) => entry.id);
    expect(ids).not.toContain(disabled.id);
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(late.id));
    expect(currencySimpleList.every((entry) => entry.status === 1)).toBe(true);
    const sorts = currencySimpleList.map((entry) => entry.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('keeps abbreviation codes unique', async () => {
    const first = await createCurrency();
    const again = await graphql(test.app, CREATE, { token: system.token, variables: { input: currency({ abbreviationCode: first.code }) } });
    expect(errorCode(again)).toBe(ErrorCatalogue.CURRENCY_CODE_EXISTS.code);
    const second = await createCurrency();
    const clash = await graphql(test.app, UPDATE, { token: system.token, variables: { input: currency({ id: second.id, abbreviationCode: first.code }) } });
    expect(errorCode(clash)).toBe(ErrorCatalogue.CURRENCY_CODE_EXISTS.code);
    expect(await getCurrency(second.id)).toMatchObject({ abbreviationCode: second.code });
  });

  it.each([
    ['id', { id: 5 }],
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(51) }],
    ['abbreviationCode', { abbreviationCode: 'usd' }],
    ['abbreviationCode', { abbreviationCode: 'US' }],
    ['abbreviationCode', { abbreviationCode: 'USDT' }],
    ['abbreviationCode', { abbreviationCode: 'U$D' }],
    ['exchangeRate', { exchangeRate: 0 }],
    ['exchangeRate', { exchangeRate: -1 }],
    ['exchangeRate', { exchangeRate: 0.0000001 }],
    ['exchangeRate', { exchangeRate: 7.1234567 }],
    ['exchangeRate', { exchangeRate: 0.1 + 0.2 }],
    ['exchangeRate', { exchangeRate: 1_000_000_001 }],
    ['icon', { icon: 'x'.repeat(501) }],
    ['symbol', { symbol: 'x'.repeat(11) }],
    ['showStatus', { showStatus: 2 }],
    ['showStatus', { showStatus: -1 }],
    ['status', { status: 2 }],
    ['status', { status: -1 }],
    ['sort', { sort: 0 }],
    ['sort', { sort: 1000 }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.basicCurrency.count();
    const answer = await graphql(test.app, CREATE, { token: system.token, variables: { input: currency(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.basicCurrency.count()).toBe(before);
  });

  it.each([
    ['the smallest rate and sort', { exchangeRate: 0.000001, sort: 1 }, 0.000001],
    ['the largest rate and sort', { exchangeRate: 1_000_000_000, sort: 999 }, 1_000_000_000],
    ['six decimals', { exchangeRate: 123456.654321 }, 123456.654321],
    ['the longest name, icon and symbol', { name: 'n'.repeat(50), icon: 'i'.repeat(500), symbol: 's'.repeat(10) }, 0.138],
  ])('accepts %s', async (_case, overrides, rate) => {
    const { id } = await createCurrency(overrides);
    expect(await getCurrency(id)).toMatchObject({ exchangeRate: rate });
  });

  it('refuses an update with a bad rate, changing nothing; requires the id; answers CURRENCY_NOT_FOUND for a missing one', async () => {
    const { id, code } = await createCurrency({ exchangeRate: 7.1 });
    const bad = await graphql(test.app, UPDATE, { token: system.token, variables: { input: currency({ id, abbreviationCode: code, exchangeRate: 7.1000001 }) } });
    expect(errorCode(bad)).toBe(400);
    expect(bad.errors![0]!.message).toContain('exchangeRate');
    expect(await getCurrency(id)).toMatchObject({ exchangeRate: 7.1 });
    const noId = await graphql(test.app, UPDATE, { token: system.token, variables: { input: currency() } });
    expect(errorCode(noId)).toBe(400);
    expect(noId.errors![0]!.message).toContain('id');
    expect(errorCode(await graphql(test.app, UPDATE, { token: system.token, variables: { input: currency({ id: 999_999 }) } }))).toBe(
      ErrorCatalogue.CURRENCY_NOT_FOUND.code,
    );
  });

  it('lets every tenant read currencies and only the system tenant change them', async () => {
    const { id, code } = await createCurrency({ name: 'Shared' });
    const other = await signedInAdmin(test.core, { permissions: ALL });
    const read = await call<{ currency: { name: string } }>(GET, { id }, other.token);
    expect(read.currency.name).toBe('Shared');
    const page = await call<{ currencyPage: { total: number } }>(PAGE, { input: { pageNo: 1, pageSize: 10, abbreviationCode: code } }, other.token);
    expect(page.currencyPage.total).toBe(1);
    expect((await call<{ currencySimpleList: { id: number }[] }>(SIMPLE, {}, other.token)).currencySimpleList.map((entry) => entry.id)).toContain(id);

    const before = await test.db.basicCurrency.count();
    for (const [query, variables] of [
      [CREATE, { input: currency() }],
      [UPDATE, { input: currency({ id, abbreviationCode: code, name: 'Theirs' }) }],
      [DELETE, { id }],
    ] as const) {
      expect(errorCode(await graphql(test.app, query, { token: other.token, variables }))).toBe(ErrorCatalogue.TENANT_MANAGED_BY_SYSTEM.code);
    }
    expect(await test.db.basicCurrency.count()).toBe(before);
    expect(await getCurrency(id)).toMatchObject({ name: 'Shared' });
  });

  it("needs each operation's permission", async () => {
    const { id, code } = await createCurrency();
    const tenant = { id: system.tenantId, name: system.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['basic:currency:query'] });
    for (const [query, variables, permission] of [
      [CREATE, { input: currency() }, 'basic:currency:create'],
      [UPDATE, { input: currency({ id, abbreviationCode: code }) }, 'basic:currency:update'],
      [DELETE, { id }, 'basic:currency:delete'],
    ] as const) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:dept:query'] });
    for (const query of [GET, PAGE]) {
      expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables: { id, input: { pageNo: 1, pageSize: 10 } } }))).toBe(403);
    }
  });
});
