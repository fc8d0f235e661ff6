// Currency rate policies through /graphql: CRUD, page, the bounds of CurrencyRatePolicySaveReqVO, one
// enabled policy per country and per member, the effective rate (every combination of customer and
// country policy, exact rounding, disabled currencies), permissions and tenant isolation.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { COUNTRIES } from '../src/core/geo/countries';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { useTestApp } from './support/app';
import { answeredNothing, errorCode, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';

const test = useTestApp('currency_rate_policies');

const CREATE = 'mutation($input: CurrencyRatePolicySaveReqVO!) { createCurrencyRatePolicy(input: $input) { id } }';
const UPDATE = 'mutation($input: CurrencyRatePolicySaveReqVO!) { updateCurrencyRatePolicy(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteCurrencyRatePolicy(id: $id) }';
const GET = 'query($id: Int64!) { currencyRatePolicy(id: $id) { id policyType countryCode userId premiumRate status remark createTime } }';
const PAGE = `query($input: CurrencyRatePolicyPageReqVO!) {
  currencyRatePolicyPage(input: $input) { total list { id policyType countryCode userId premiumRate status } }
}`;
const EFFECTIVE = `query($currencyCode: String!, $userId: Int64, $countryCode: String) {
  effectiveCurrencyRate(currencyCode: $currencyCode, userId: $userId, countryCode: $countryCode) { currencyCode liveRate premiumRate rate source policyId }
}`;
const CREATE_CURRENCY = 'mutation($input: BasicCurrencySaveReqVO!) { createCurrency(input: $input) { id } }';
const UPDATE_CURRENCY = 'mutation($input: BasicCurrencySaveReqVO!) { updateCurrency(input: $input) { id } }';

const ALL = ['basic:currency-rate-policy:query', 'basic:currency-rate-policy:create', 'basic:currency-rate-policy:update', 'basic:currency-rate-policy:delete'];
let admin: SignedInAdmin;
let systemToken: string;

interface Effective {
  currencyCode: string;
  liveRate: number;
  premiumRate: number;
  rate: number;
  source: string;
  policyId: number | null;
}

async function call<T>(query: string, variables: Record<string, unknown>, token = admin.token): Promise<T> {
  const answer = await graphql<T>(test.app, query, { token, variables });
  expect(answer.errors).toBeUndefined();
  return answer.data!;
}

/** Countries of the seed, handed out one per test case so policies never collide. */
const spareCountries = COUNTRIES.map((country) => country.alpha2 as string).reverse();
const nextCountry = () => spareCountries.pop()!;

async function createMember(tenantId = admin.tenantId): Promise<number> {
  return (await test.db.member.create({ data: { tenantId, unionId: unique('union-'), nickname: 'Buyer' } })).id;
}

const byCountry = (countryCode: string, overrides: Record<string, unknown> = {}) => ({ policyType: 1, countryCode, premiumRate: 2.5, ...overrides });
const byCustomer = (userId: number, overrides: Record<string, unknown> = {}) => ({ policyType: 2, userId, premiumRate: 5, ...overrides });

async function createPolicy(input: Record<string, unknown>, token = admin.token): Promise<number> {
  return (await call<{ createCurrencyRatePolicy: { id: number } }>(CREATE, { input }, token)).createCurrencyRatePolicy.id;
}

async function createCurrency(abbreviationCode: string, exchangeRate: number, status = 1): Promise<void> {
  await call(CREATE_CURRENCY, { input: { name: abbreviationCode, abbreviationCode, exchangeRate, status } }, systemToken);
}

async function effective(variables: Record<string, unknown>, token = admin.token): Promise<Effective> {
  return (await call<{ effectiveCurrencyRate: Effective }>(EFFECTIVE, variables, token)).effectiveCurrencyRate;
}

beforeAll(async () => {
  const tenant = await test.db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } });
  const system = await signedInAdmin(test.core, { tenant: { id: tenant.id, name: tenant.name }, permissions: ['basic:currency:create', 'basic:currency:update'] });
  systemToken = system.token;
  admin = await signedInAdmin(test.core, { permissions: ALL });
  await createCurrency('USD', 0.138);
});

describe('currency rate policies', () => {
  it('creates, reads, updates, pages and deletes', async () => {
    const country = nextCountry();
    const id = await createPolicy(byCountry(country, { premiumRate: 2.5, remark: 'VIP country' }));
    const got = await call<{ currencyRatePolicy: Record<string, unknown> }>(GET, { id });
    expect(got.currencyRatePolicy).toMatchObject({ id, policyType: 1, countryCode: country, userId: null, premiumRate: 2.5, status: 1, remark: 'VIP country' });

    const member = await createMember();
    await call(UPDATE, { input: byCustomer(member, { id, premiumRate: -1.2345, status: 0 }) });
    const updated = await call<{ currencyRatePolicy: Record<string, unknown> }>(GET, { id });
    expect(updated.currencyRatePolicy).toMatchObject({ policyType: 2, countryCode: null, userId: member, premiumRate: -1.2345, status: 0 });

    const page = await call<{ currencyRatePolicyPage: { total: number; list: unknown[] } }>(PAGE, { input: { pageNo: 1, pageSize: 10, policyType: 2, userId: member, status: 0 } });
    expect(page.currencyRatePolicyPage).toEqual({ total: 1, list: [{ id, policyType: 2, countryCode: null, userId: member, premiumRate: -1.2345, status: 0 }] });
    const other = await call<{ currencyRatePolicyPage: { total: number } }>(PAGE, { input: { pageNo: 1, pageSize: 10, countryCode: country } });
    expect(other.currencyRatePolicyPage.total).toBe(0);

    expect(await call(DELETE, { id })).toEqual({ deleteCurrencyRatePolicy: true });
    const deleted = await graphql(test.app, GET, { token: admin.token, variables: { id } });
    expect(errorCode(deleted)).toBe(ErrorCatalogue.CURRENCY_RATE_POLICY_NOT_FOUND.code);
    expect(answeredNothing(deleted)).toBe(true);
    expect(errorCode(await graphql(test.app, UPDATE, { token: admin.token, variables: { input: byCountry(country, { id }) } }))).toBe(
      ErrorCatalogue.CURRENCY_RATE_POLICY_NOT_FOUND.code,
    );
  });

  it.each<[string, (member: number, country: string) => Record<string, unknown>]>([
    ['id', (_m, c) => byCountry(c, { id: 5 })],
    ['policyType', (_m, c) => byCountry(c, { policyType: 0 })],
    ['policyType', (_m, c) => byCountry(c, { policyType: 3 })],
    ['countryCode', () => ({ policyType: 1, premiumRate: 1 })],
    ['countryCode', () => byCountry('cn')],
    ['countryCode', () => byCountry('CHN')],
    ['userId', (m, c) => byCountry(c, { userId: m })],
    ['userId', () => ({ policyType: 2, premiumRate: 1 })],
    ['userId', (m) => byCustomer(m, { userId: 0 })],
    ['countryCode', (m, c) => byCustomer(m, { countryCode: c })],
    ['premiumRate', (_m, c) => byCountry(c, { premiumRate: -100 })],
    ['premiumRate', (_m, c) => byCountry(c, { premiumRate: -150 })],
    ['premiumRate', (_m, c) => byCountry(c, { premiumRate: 1000.0001 })],
    ['premiumRate', (_m, c) => byCountry(c, { premiumRate: 2.00001 })],
    ['status', (_m, c) => byCountry(c, { status: 2 })],
    ['status', (_m, c) => byCountry(c, { status: -1 })],
    ['remark', (_m, c) => byCountry(c, { remark: 'x'.repeat(501) })],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, input) => {
    const before = await test.db.currencyRatePolicy.count();
    const answer = await graphql(test.app, CREATE, { token: admin.token, variables: { input: input(await createMember(), nextCountry()) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.currencyRatePolicy.count()).toBe(before);
  });

  it.each([[-99.9999], [0], [1000], [0.0001], [12.3456]])('accepts a premium of %s percent', async (premiumRate) => {
    const id = await createPolicy(byCountry(nextCountry(), { premiumRate, remark: 'r'.repeat(500) }));
    expect((await call<{ currencyRatePolicy: { premiumRate: number } }>(GET, { id })).currencyRatePolicy.premiumRate).toBe(premiumRate);
  });

  it("refuses a country missing from the countries table and another tenant's member", async () => {
    const unknownCountry = await graphql(test.app, CREATE, { token: admin.token, variables: { input: byCountry('XK') } });
    expect(errorCode(unknownCountry)).toBe(ErrorCatalogue.COUNTRY_CODE_NOT_FOUND.code);
    const foreignMember = await createMember(SYSTEM_TENANT_ID);
    const answer = await graphql(test.app, CREATE, { token: admin.token, variables: { input: byCustomer(foreignMember) } });
    expect(errorCode(answer)).toBe(ErrorCatalogue.MEMBER_NOT_FOUND.code);
    expect(await test.db.currencyRatePolicy.count({ where: { userId: foreignMember } })).toBe(0);
  });

  it('allows one enabled policy per country and per member, any number of disabled ones', async () => {
    const country = nextCountry();
    const member = await createMember();
    for (const target of [byCountry(country), byCustomer(member)]) {
      const first = await createPolicy(target);
      const again = await graphql(test.app, CREATE, { token: admin.token, variables: { input: target } });
      expect(errorCode(again)).toBe(ErrorCatalogue.CURRENCY_RATE_POLICY_EXISTS.code);
      const disabled = await createPolicy({ ...target, status: 0 });
      await createPolicy({ ...target, status: 0 });
      // Enabling a second one is refused too; once the first is disabled it is allowed.
      const enable = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: { ...target, id: disabled, status: 1 } } });
      expect(errorCode(enable)).toBe(ErrorCatalogue.CURRENCY_RATE_POLICY_EXISTS.code);
      expect((await call<{ currencyRatePolicy: { status: number } }>(GET, { id: disabled })).currencyRatePolicy.status).toBe(0);
      await call(UPDATE, { input: { ...target, id: first, status: 0 } });
      await call(UPDATE, { input: { ...target, id: disabled, status: 1 } });
    }
    // Another tenant has policies of its own for the same country.
    const other = await signedInAdmin(test.core, { permissions: ALL });
    await createPolicy(byCountry(country), other.token);
  });

  it('keeps the stored status when an update omits it', async () => {
    const country = nextCountry();
    const id = await createPolicy(byCountry(country));
    await call(UPDATE, { input: byCountry(country, { id, premiumRate: 3 }) });
    expect((await call<{ currencyRatePolicy: { status: number; premiumRate: number } }>(GET, { id })).currencyRatePolicy).toMatchObject({ status: 1, premiumRate: 3 });
    // Still the enabled one: a second enabled policy for the country is refused.
    expect(errorCode(await graphql(test.app, CREATE, { token: admin.token, variables: { input: byCountry(country) } }))).toBe(
      ErrorCatalogue.CURRENCY_RATE_POLICY_EXISTS.code,
    );
    await call(UPDATE, { input: byCountry(country, { id, status: 0 }) });
    await call(UPDATE, { input: byCountry(country, { id, premiumRate: 4 }) });
    expect((await call<{ currencyRatePolicy: { status: number } }>(GET, { id })).currencyRatePolicy.status).toBe(0);
    await createPolicy(byCountry(country));
  });
});

describe('effective currency rate', () => {
  type PolicyState = 'none' | 'enabled' | 'disabled';
  const STATES: PolicyState[] = ['none', 'enabled', 'disabled'];
  const combinations = STATES.flatMap((customer) => STATES.map((country) => [customer, country] as const));

  it.each(combinations)('customer policy %s, country policy %s: the customer first, then the country, then the live rate', async (customerState, countryState) => {
    const member = await createMember();
    const country = nextCountry();
    const customerPolicy = customerState === 'none' ? null : await createPolicy(byCustomer(member, { premiumRate: 5, status: customerState === 'enabled' ? 1 : 0 }));
    const countryPolicy = countryState === 'none' ? null : await createPolicy(byCountry(country, { premiumRate: -2.5, status: countryState === 'enabled' ? 1 : 0 }));
    const customer = { source: 'CUSTOMER', premiumRate: 5, rate: 0.1449, policyId: customerPolicy };
    const byCountryRate = { source: 'COUNTRY', premiumRate: -2.5, rate: 0.13455, policyId: countryPolicy };
    const live = { source: 'LIVE', premiumRate: 0, rate: 0.138, policyId: null };
    for (const [userId, countryCode] of [
      [member, country],
      [member, null],
      [null, country],
      [null, null],
    ] as const) {
      const expected =
        userId !== null && customerState === 'enabled' ? customer : countryCode !== null && countryState === 'enabled' ? byCountryRate : live;
      expect({ userId, countryCode, ...(await effective({ currencyCode: 'USD', userId, countryCode })) }).toEqual({
        userId,
        countryCode,
        currencyCode: 'USD',
        liveRate: 0.138,
        ...expected,
      });
    }
  });

  it('rounds half up to six decimals, exactly', async () => {
    await createCurrency('EUR', 7.123457);
    await createCurrency('JPY', 0.000003);
    const member = await createMember();
    await createPolicy(byCustomer(member, { premiumRate: 0.3333 }));
    // 7.123457 × 1.003333 = 7.147199482181
    expect(await effective({ currencyCode: 'EUR', userId: member })).toMatchObject({ liveRate: 7.123457, premiumRate: 0.3333, rate: 7.147199, source: 'CUSTOMER' });
    const halfway = await createMember();
    await createPolicy(byCustomer(halfway, { premiumRate: 50 }));
    // 0.000003 × 1.5 = 0.0000045
    expect(await effective({ currencyCode: 'JPY', userId: halfway })).toMatchObject({ rate: 0.000005 });
  });

  it('follows changes of the live rate, and refuses disabled and unknown currencies', async () => {
    await createCurrency('GBP', 0.11);
    const country = nextCountry();
    await createPolicy(byCountry(country, { premiumRate: 10 }));
    expect(await effective({ currencyCode: 'GBP', countryCode: country })).toMatchObject({ liveRate: 0.11, rate: 0.121 });
    const gbp = await test.db.basicCurrency.findUniqueOrThrow({ where: { abbreviationCode: 'GBP' } });
    await call(UPDATE_CURRENCY, { input: { id: gbp.id, name: 'GBP', abbreviationCode: 'GBP', exchangeRate: 0.12 } }, systemToken);
    expect(await effective({ currencyCode: 'GBP', countryCode: country })).toMatchObject({ liveRate: 0.12, rate: 0.132 });

    await call(UPDATE_CURRENCY, { input: { id: gbp.id, name: 'GBP', abbreviationCode: 'GBP', exchangeRate: 0.12, status: 0 } }, systemToken);
    const disabled = await graphql(test.app, EFFECTIVE, { token: admin.token, variables: { currencyCode: 'GBP', countryCode: country } });
    expect(errorCode(disabled)).toBe(ErrorCatalogue.CURRENCY_DISABLED.code);
    expect(disabled.errors![0]!.message).toContain('GBP');
    expect(errorCode(await graphql(test.app, EFFECTIVE, { token: admin.token, variables: { currencyCode: 'XAU' } }))).toBe(ErrorCatalogue.CURRENCY_CODE_NOT_FOUND.code);
    for (const variables of [{ currencyCode: 'usd' }, { currencyCode: 'USD', countryCode: 'cn' }, { currencyCode: 'USD', userId: 0 }]) {
      expect(errorCode(await graphql(test.app, EFFECTIVE, { token: admin.token, variables }))).toBe(400);
    }
  });
});

describe('rate policies and tenants', () => {
  it("keeps each tenant to its own policies: another tenant's neither show nor apply", async () => {
    const member = await createMember();
    const country = nextCountry();
    const customerPolicy = await createPolicy(byCustomer(member, { premiumRate: 5 }));
    await createPolicy(byCountry(country, { premiumRate: 1 }));
    const intruder = await signedInAdmin(test.core, { permissions: ALL });
    const foreign = await graphql(test.app, GET, { token: intruder.token, variables: { id: customerPolicy } });
    expect(errorCode(foreign)).toBe(ErrorCatalogue.CURRENCY_RATE_POLICY_NOT_FOUND.code);
    expect(answeredNothing(foreign)).toBe(true);
    const page = await call<{ currencyRatePolicyPage: { total: number } }>(PAGE, { input: { pageNo: 1, pageSize: 100 } }, intruder.token);
    expect(page.currencyRatePolicyPage.total).toBe(0);
    expect(errorCode(await graphql(test.app, UPDATE, { token: intruder.token, variables: { input: byCountry(country, { id: customerPolicy }) } }))).toBe(
      ErrorCatalogue.CURRENCY_RATE_POLICY_NOT_FOUND.code,
    );
    expect(errorCode(await graphql(test.app, DELETE, { token: intruder.token, variables: { id: customerPolicy } }))).toBe(
      ErrorCatalogue.CURRENCY_RATE_POLICY_NOT_FOUND.code,
    );
    expect(await effective({ currencyCode: 'USD', userId: member, countryCode: country }, intruder.token)).toMatchObject({ source: 'LIVE', rate: 0.138 });
    expect(await test.db.currencyRatePolicy.findUniqueOrThrow({ where: { id: customerPolicy } })).toMatchObject({ tenantId: admin.tenantId, policyType: 2 });
  });

  it("needs each operation's permission", async () => {
    const id = await createPolicy(byCountry(nextCountry()));
    const tenant = { id: admin.tenantId, name: admin.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['basic:currency-rate-policy:query'] });
    for (const [query, variables, permission] of [
      [CREATE, { input: byCountry(nextCountry()) }, 'basic:currency-rate-policy:create'],
      [UPDATE, { input: byCountry(nextCountry(), { id }) }, 'basic:currency-rate-policy:update'],
      [DELETE, { id }, 'basic:currency-rate-policy:delete'],
    ] as const) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['basic:currency:query'] });
    for (const query of [GET, PAGE, EFFECTIVE]) {
      const variables = { id, input: { pageNo: 1, pageSize: 10 }, currencyCode: 'USD' };
      expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables }))).toBe(403);
    }
  });
});
