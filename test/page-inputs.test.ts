// Every page query of the administration schema takes the same page input (issue 14): an `ids`
// filter, a creation-time range `createTime: [start, end)` and a sort, `sortField` (the resource's
// own enum) with `sortDirection`. The page queries are found by introspection, so a new one fails
// here until it is in PAGES. For each: rows made from the model source (test/support/model-rows.ts)
// at known creation times, plus a row of another tenant; the ids filter answers exactly the asked
// rows of the caller's tenant, the range bounds them, every sort field orders them both ways (ties
// by id), and bad values are refused with a coded error naming the field.
import { buildClientSchema, getIntrospectionQuery, GraphQLEnumType, GraphQLInputObjectType, GraphQLNonNull, type IntrospectionQuery } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_ADMIN_USERNAME } from '../prisma/seed';
import { UserType } from '../src/core/request-context';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { createTenant, errorCode, graphql, seededAdminToken } from './support/admin';
import { useTestApp } from './support/app';
import { createRow, delegate, MODELS } from './support/model-rows';

const test = useTestApp('page_inputs');

interface PageCase {
  /** The model whose rows the page lists. */
  model: string;
  /** The model's creation-time column, when not createdAt. */
  createdColumn?: string;
  /** Fields every row of the case shares (a parent the page is scoped to, the signed-in recipient), made once. */
  shared?: () => Promise<Record<string, unknown>>;
  /** Input fields the page requires, from the shared fields. */
  input?: (shared: Record<string, unknown>) => Record<string, unknown>;
  /** Rows of every tenant are the platform's, listed to the system tenant (OAuth 2.0 clients). */
  platformWide?: true;
}

let seededAdminId: number;

const PAGES: Record<string, PageCase> = {
  commonClassifyPage: { model: 'CommonClassify' },
  countryPage: { model: 'BasicCountry' },
  currencyPage: { model: 'BasicCurrency' },
  currencyRatePolicyPage: { model: 'CurrencyRatePolicy' },
  dictDataPage: { model: 'DictData' },
  dictTypePage: { model: 'DictType' },
  errorCodePage: { model: 'ErrorCode' },
  gatewayIpBlacklistPage: { model: 'GatewayIpBlacklist' },
  informationPage: { model: 'Information' },
  mailAccountPage: { model: 'MailAccount' },
  mailLogPage: { model: 'MailLog' },
  mailTemplatePage: { model: 'MailTemplate' },
  myNotifyMessagePage: { model: 'NotifyMessage', shared: async () => ({ userId: seededAdminId, userType: UserType.ADMIN }) },
  noticePage: { model: 'Notice' },
  notifyMessagePage: { model: 'NotifyMessage' },
  notifyTemplatePage: { model: 'NotifyTemplate' },
  oauth2ClientPage: { model: 'OAuth2Client', platformWide: true },
  oauth2TokenPage: { model: 'OAuth2AccessToken' },
  operationLogPage: { model: 'OperationLog' },
  postPage: { model: 'Post' },
  protocolStatementPage: { model: 'ProtocolStatement' },
  regionPage: { model: 'BasicRegion' },
  rolePage: { model: 'Role' },
  sensitiveWordPage: { model: 'SensitiveWord' },
  shortLinkGroupPage: { model: 'ShortLinkGroup' },
  shortLinkPage: { model: 'ShortLinkRecord' },
  smsChannelPage: { model: 'SmsChannel' },
  smsLogPage: { model: 'SmsLog' },
  smsTemplatePage: { model: 'SmsTemplate' },
  socialClientPage: { model: 'SocialClient' },
  supportInfoPage: { model: 'SupportInfo' },
  systemLanguagePage: { model: 'SystemLanguage' },
  tenantPackagePage: { model: 'TenantPackage' },
  tenantPage: { model: 'Tenant' },
  userPage: { model: 'AdminUser' },
  verificationCodePage: { model: 'VerificationCode' },
  webhookDeliveryAttemptPage: {
    model: 'WebhookDeliveryAttempt',
    createdColumn: 'attemptedAt',
    shared: async () => ({ deliveryId: (await createRow(test.db, 'WebhookDelivery', SYSTEM_TENANT_ID)).id }),
    input: ({ deliveryId }) => ({ deliveryId }),
  },
  webhookDeliveryPage: {
    model: 'WebhookDelivery',
    shared: async () => ({ endpointId: (await createRow(test.db, 'WebhookEndpoint', SYSTEM_TENANT_ID)).id }),
    input: ({ endpointId }) => ({ endpointId }),
  },
  webhookEndpointPage: { model: 'WebhookEndpoint' },
};

/** Creation times of the three rows of a case: an hour apart, far from any other test row. */
const CREATED = [0, 1, 2].map((hours) => new Date(Date.UTC(2031, 0, 1, hours)));

interface PageQuery {
  inputType: string;
  sortFields: string[];
}

let token: string;
let otherTenantId: number;
const pageQueries = new Map<string, PageQuery>();

beforeAll(async () => {
  token = await seededAdminToken(test.core);
  seededAdminId = (await test.db.adminUser.findFirstOrThrow({ where: { tenantId: SYSTEM_TENANT_ID, username: SEED_ADMIN_USERNAME } })).id;
  otherTenantId = (await createTenant(test.db)).id;
  const introspection = await graphql<IntrospectionQuery>(test.app, getIntrospectionQuery(), { token });
  const schema = buildClientSchema(introspection.data as IntrospectionQuery);
  for (const field of Object.values(schema.getQueryType()!.getFields())) {
    const input = field.args.find((arg) => arg.name === 'input')?.type;
    const inputType = input instanceof GraphQLNonNull ? input.ofType : input;
    if (!(inputType instanceof GraphQLInputObjectType) || !('pageNo' in inputType.getFields())) continue;
    const sortType = inputType.getFields().sortField?.type;
    pageQueries.set(field.name, { inputType: inputType.name, sortFields: sortType instanceof GraphQLEnumType ? sortType.getValues().map((value) => value.name) : [] });
  }
});

it('covers every page query of the schema, each with ids, createTime, sortField and sortDirection', () => {
  expect([...pageQueries.keys()].sort()).toEqual(Object.keys(PAGES).sort());
  for (const [name, query] of pageQueries) expect(query.sortFields.length, `${name} sorts by nothing`).toBeGreaterThan(0);
});

type Row = Record<string, unknown>;

/** The order a sort field asks for: by the field's column, then by id, both in the direction asked. */
function sortedIds(rows: Row[], column: string, direction: 'ASC' | 'DESC'): number[] {
  const key = (value: unknown) => (value instanceof Date ? value.getTime() : typeof value === 'bigint' ? Number(value) : typeof value === 'boolean' ? Number(value) : value);
  const compare = (a: unknown, b: unknown) => (a === b ? 0 : a === null || a === undefined ? -1 : b === null || b === undefined ? 1 : (a as number) < (b as number) ? -1 : 1);
  const sign = direction === 'ASC' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (compare(key(a[column]), key(b[column])) || compare(a.id, b.id))).map((row) => row.id as number);
}

describe.each(Object.entries(PAGES))('%s', (name, pageCase) => {
  let rows: Row[];
  let foreignId: number | undefined;
  let baseInput: Record<string, unknown>;
  const createdColumn = pageCase.createdColumn ?? 'createdAt';
  const tenantOwned = !pageCase.platformWide && MODELS.get(pageCase.model)!.fields.some((field) => field.name === 'tenantId');

  const page = async (input: Record<string, unknown>) => {
    const { inputType } = pageQueries.get(name)!;
    return graphql<Record<string, { total: number; list: { id: number }[] }>>(test.app, `query($input: ${inputType}!) { ${name}(input: $input) { total list { id } } }`, {
      token,
      variables: { input: { pageNo: 1, pageSize: 100, ...baseInput, ...input } },
    });
  };
  const listed = async (input: Record<string, unknown>) => {
    const answer = await page(input);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data![name]!;
  };
  const ids = () => rows.map((row) => row.id as number);

  beforeAll(async () => {
    const shared = (await pageCase.shared?.()) ?? {};
    baseInput = pageCase.input?.(shared) ?? {};
    rows = [];
    for (const created of CREATED) {
      const row = await createRow(test.db, pageCase.model, SYSTEM_TENANT_ID, { [createdColumn]: created });
      // (createRow makes a new parent for every required relation: the shared parent is set after.)
      rows.push(Object.keys(shared).length ? ((await delegate(test.db, pageCase.model).update({ where: { id: row.id }, data: shared })) as Row) : row);
    }
    // A row of another tenant, where the model belongs to tenants.
    if (tenantOwned) {
      foreignId = (await createRow(test.db, pageCase.model, otherTenantId, { [createdColumn]: CREATED[1] })).id as number;
    }
    // Rows as stored, for the expected orders.
    rows = await delegate(test.db, pageCase.model).findMany({ where: { id: { in: ids() } } });
  });

  it('answers exactly the asked ids', async () => {
    const answer = await listed({ ids: ids() });
    expect(answer.list.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual(ids().sort((a, b) => a - b));
    expect(answer.total).toBe(3);
  });

  it.runIf(tenantOwned)("never answers another tenant's row, asked by id", async () => {
    const answer = await listed({ ids: [...ids(), foreignId!] });
    expect(answer.list.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual(ids().sort((a, b) => a - b));
    expect((await listed({ ids: [foreignId!] })).total).toBe(0);
  });

  it('bounds the rows by createTime [start, end)', async () => {
    const [first, second, third] = CREATED.map((time) => time.toISOString());
    const within = async (range: string[]) =>
      (await listed({ ids: ids(), createTime: range })).list.map((row) => Number(row.id)).sort((a, b) => a - b);
    const idAt = (time: Date) => rows.find((row) => (row[createdColumn] as Date).getTime() === time.getTime())!.id as number;
    expect(await within([first!, third!])).toEqual([idAt(CREATED[0]!), idAt(CREATED[1]!)].sort((a, b) => a - b));
    expect(await within([second!, new Date(CREATED[2]!.getTime() + 1).toISOString()])).toEqual([idAt(CREATED[1]!), idAt(CREATED[2]!)].sort((a, b) => a - b));
  });

  it('orders the rows by each sort field, ascending and descending, ties by id', async () => {
    for (const sortField of pageQueries.get(name)!.sortFields) {
      const column = sortField === 'createTime' ? createdColumn : sortField;
      for (const sortDirection of ['ASC', 'DESC'] as const) {
        const answer = await listed({ ids: ids(), sortField, sortDirection });
        expect(answer.list.map((row) => Number(row.id)), `${sortField} ${sortDirection}`).toEqual(sortedIds(rows, column, sortDirection));
      }
    }
  });

  it('refuses bad page inputs with a coded error naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ids: Array.from({ length: 101 }, (_, index) => index + 1) }, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: [0] }, 'ids'],
      [{ createTime: [CREATED[0]!.toISOString()] }, 'createTime'],
      [{ createTime: [CREATED[1]!.toISOString(), CREATED[0]!.toISOString()] }, 'createTime'],
      [{ sortDirection: 'DESC' }, 'sortField'],
      [{ sortField: 'notAField' }, 'sortField'],
      [{ sortField: pageQueries.get(name)!.sortFields[0], sortDirection: 'UP' }, 'sortDirection'],
    ];
    for (const [input, field] of cases) {
      const answer = await page(input);
      expect(errorCode(answer), JSON.stringify(input)).toBe(400);
      expect(answer.errors![0]!.message, JSON.stringify(input)).toContain(field);
    }
  });
});
