// Currencies and rate policies from memory (CurrencyService, CurrencyRatePolicyService): a currency
// read, the picker list and the effective rate read their rows once; a currency or policy change is
// honoured on the very next call, here and, through Redis, in another instance over the same database.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { type TestApp, useTestApp } from './support/app';
import { errorCode, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';
import { TEST_REDIS_URL } from './support/environment';
import { eventually } from './support/propagation';
import { statementRecorder } from './support/statements';
import { useTwoInstances } from './support/two-instances';

const sql = statementRecorder();
const test = useTestApp('currency_cache', { databaseOptions: { onQuery: sql.onQuery } });

const CREATE_CURRENCY = 'mutation($input: BasicCurrencySaveReqVO!) { createCurrency(input: $input) { id } }';
const UPDATE_CURRENCY = 'mutation($input: BasicCurrencySaveReqVO!) { updateCurrency(input: $input) { id } }';
const DELETE_CURRENCY = 'mutation($id: Int64!) { deleteCurrency(id: $id) }';
const GET_CURRENCY = 'query($id: Int64!) { currency(id: $id) { id exchangeRate status } }';
const SIMPLE = '{ currencySimpleList { abbreviationCode exchangeRate } }';
const CREATE_POLICY = 'mutation($input: CurrencyRatePolicySaveReqVO!) { createCurrencyRatePolicy(input: $input) { id } }';
const UPDATE_POLICY = 'mutation($input: CurrencyRatePolicySaveReqVO!) { updateCurrencyRatePolicy(input: $input) { id } }';
const DELETE_POLICY = 'mutation($id: Int64!) { deleteCurrencyRatePolicy(id: $id) }';
const EFFECTIVE = `query($currencyCode: String!, $userId: Int64, $countryCode: String) {
  effectiveCurrencyRate(currencyCode: $currencyCode, userId: $userId, countryCode: $countryCode) { liveRate premiumRate rate source policyId }
}`;

interface Effective {
  liveRate: number;
  premiumRate: number;
  rate: number;
  source: string;
  policyId: number | null;
}

let system: SignedInAdmin;
let tenantAdmin: SignedInAdmin;
let otherTenantAdmin: SignedInAdmin;

/** A fresh three-letter code per call (the test database is this file's own). */
let codes = 0;
const nextCode = () => {
  codes += 1;
  return [26 * 26, 26, 1].map((weight) => String.fromCharCode(65 + (Math.floor((codes + 2000) / weight) % 26))).join('');
};

async function call<T>(app: TestApp['app'], query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const answer = await graphql<T>(app, query, { token, variables });
  expect(answer.errors).toBeUndefined();
  return answer.data!;
}

const createCurrency = async (exchangeRate: number) => {
  const input = { name: 'Cached', abbreviationCode: nextCode(), exchangeRate };
  const { createCurrency: created } = await call<{ createCurrency: { id: number } }>(test.app, CREATE_CURRENCY, { input }, system.token);
  return { id: created.id, input };
};
const effective = async (app: TestApp['app'], variables: Record<string, unknown>, admin = tenantAdmin) =>
  (await call<{ effectiveCurrencyRate: Effective }>(app, EFFECTIVE, variables, admin.token)).effectiveCurrencyRate;
const statementsOf = async (call: () => Promise<unknown>) => (await sql.during(call)).statements;
const createMember = async (tenantId: number) => (await test.db.member.create({ data: { tenantId, unionId: unique('union-'), nickname: 'Buyer' } })).id;

beforeAll(async () => {
  const tenant = await test.db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } });
  system = await signedInAdmin(test.core, { tenant: { id: tenant.id, name: tenant.name }, permissions: ['basic:currency:create', 'basic:currency:update', 'basic:currency:delete', 'basic:currency:query'] });
  const policyPermissions = ['basic:currency-rate-policy:query', 'basic:currency-rate-policy:create', 'basic:currency-rate-policy:update', 'basic:currency-rate-policy:delete'];
  tenantAdmin = await signedInAdmin(test.core, { permissions: policyPermissions });
  otherTenantAdmin = await signedInAdmin(test.core, { permissions: policyPermissions });
});

describe('in one process', () => {
  it('reads currencies and policies once: a currency, the picker list and the effective rate answer from memory after', async () => {
    const { id, input } = await createCurrency(0.25);
    const variables = { currencyCode: input.abbreviationCode, countryCode: 'BR' };
    await call(test.app, GET_CURRENCY, { id }, system.token);
    await effective(test.app, variables);
    const reads = await statementsOf(async () => {
      expect((await call<{ currency: { exchangeRate: number } }>(test.app, GET_CURRENCY, { id }, system.token)).currency.exchangeRate).toBe(0.25);
      expect((await call<{ currencySimpleList: { abbreviationCode: string }[] }>(test.app, SIMPLE, {}, system.token)).currencySimpleList.map((row) => row.abbreviationCode)).toContain(input.abbreviationCode);
      expect(await effective(test.app, variables)).toMatchObject({ rate: 0.25, source: 'LIVE' });
    });
    expect(reads).toEqual([]);
  });

  it('a currency created, changed, disabled or deleted is seen at once', async () => {
    const { id, input } = await createCurrency(0.5);
    const variables = { currencyCode: input.abbreviationCode };
    expect(await effective(test.app, variables)).toMatchObject({ liveRate: 0.5 });
    await call(test.app, UPDATE_CURRENCY, { input: { ...input, id, exchangeRate: 0.75 } }, system.token);
    expect(await effective(test.app, variables)).toMatchObject({ liveRate: 0.75, rate: 0.75 });
    expect((await call<{ currency: { exchangeRate: number } }>(test.app, GET_CURRENCY, { id }, system.token)).currency.exchangeRate).toBe(0.75);
    await call(test.app, UPDATE_CURRENCY, { input: { ...input, id, exchangeRate: 0.75, status: 0 } }, system.token);
    const list = await call<{ currencySimpleList: { abbreviationCode: string }[] }>(test.app, SIMPLE, {}, system.token);
    expect(list.currencySimpleList.map((row) => row.abbreviationCode)).not.toContain(input.abbreviationCode);
    expect(errorCode(await graphql(test.app, EFFECTIVE, { token: tenantAdmin.token, variables }))).toBe(ErrorCatalogue.CURRENCY_DISABLED.code);
    await call(test.app, DELETE_CURRENCY, { id }, system.token);
    expect(errorCode(await graphql(test.app, EFFECTIVE, { token: tenantAdmin.token, variables }))).toBe(ErrorCatalogue.CURRENCY_CODE_NOT_FOUND.code);
  });

  it('a policy created, changed, disabled or deleted is seen at once, by its own tenant only', async () => {
    const { input } = await createCurrency(0.2);
    const memberId = await createMember(tenantAdmin.tenantId);
    const variables = { currencyCode: input.abbreviationCode, userId: memberId, countryCode: 'PT' };
    expect(await effective(test.app, variables)).toMatchObject({ source: 'LIVE' });
    const create = (policy: Record<string, unknown>, admin = tenantAdmin) => call<{ createCurrencyRatePolicy: { id: number } }>(test.app, CREATE_POLICY, { input: policy }, admin.token);
    const country = (await create({ policyType: 1, countryCode: 'PT', premiumRate: 10 })).createCurrencyRatePolicy.id;
    expect(await effective(test.app, variables)).toMatchObject({ source: 'COUNTRY', premiumRate: 10, rate: 0.22, policyId: country });
    const customer = (await create({ policyType: 2, userId: memberId, premiumRate: 50 })).createCurrencyRatePolicy.id;
    expect(await effective(test.app, variables)).toMatchObject({ source: 'CUSTOMER', rate: 0.3, policyId: customer });
    await call(test.app, UPDATE_POLICY, { input: { id: customer, policyType: 2, userId: memberId, premiumRate: 50, status: 0 } }, tenantAdmin.token);
    expect(await effective(test.app, variables)).toMatchObject({ source: 'COUNTRY', policyId: country });
    await call(test.app, UPDATE_POLICY, { input: { id: country, policyType: 1, countryCode: 'PT', premiumRate: 25 } }, tenantAdmin.token);
    expect(await effective(test.app, variables)).toMatchObject({ source: 'COUNTRY', rate: 0.25 });
    // Another tenant's policy for the same country changes nothing here, and this tenant's nothing there.
    await create({ policyType: 1, countryCode: 'PT', premiumRate: 100 }, otherTenantAdmin);
    expect(await effective(test.app, variables)).toMatchObject({ rate: 0.25, policyId: country });
    expect(await effective(test.app, { currencyCode: input.abbreviationCode, countryCode: 'PT' }, otherTenantAdmin)).toMatchObject({ rate: 0.4 });
    await call(test.app, DELETE_POLICY, { id: country }, tenantAdmin.token);
    expect(await effective(test.app, variables)).toMatchObject({ source: 'LIVE', rate: 0.2 });
  });
});

describe.skipIf(!TEST_REDIS_URL)('two instances over one database with Redis', () => {
  const instances = useTwoInstances(test);

  it('a rate or policy change through one is honoured by the other', async () => {
    const { id, input } = await createCurrency(0.4);
    const variables = { currencyCode: input.abbreviationCode, countryCode: 'JP' };
    const [first, second] = [instances.first().app, instances.second().app];
    for (const app of [first, second]) expect(await effective(app, variables)).toMatchObject({ rate: 0.4, source: 'LIVE' });
    await call(first, UPDATE_CURRENCY, { input: { ...input, id, exchangeRate: 0.8 } }, system.token);
    expect(await effective(first, variables)).toMatchObject({ rate: 0.8 });
    expect(await eventually(async () => (await effective(second, variables)).rate, 0.8)).toBe(0.8);
    await call(first, CREATE_POLICY, { input: { policyType: 1, countryCode: 'JP', premiumRate: 50 } }, tenantAdmin.token);
    expect(await effective(first, variables)).toMatchObject({ rate: 1.2, source: 'COUNTRY' });
    expect(await eventually(async () => (await effective(second, variables)).rate, 1.2)).toBe(1.2);
  });
});
