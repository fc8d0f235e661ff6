// Tenant isolation as a matrix (issue 10, item 2): EVERY tRPC procedure (from the router) and EVERY
// console mutation (from the schema the server builds), called by tenant B's super administrator on
// tenant A's ids, must be refused as not found (or as the system tenant's business) and change
// nothing. Tenant A holds a row of every tenant-owned model at one id (made from the model source),
// so whatever record an id argument names, A has one there; string keys (a partner's externalUserId,
// an order number) are A's too. Nothing of A may differ afterwards, row by row.
import { randomBytes } from 'node:crypto';
import { TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../src/core/db/client';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { tenancyOf } from '../src/core/tenant/tenant-scoped-db';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { createClient } from '../src/trpc/client';
import { createAdmin, createTenant, graphql, issuedAdminToken } from './support/admin';
import { useTestApp } from './support/app';
import { callProcedure, type ProcedureCall, procedureCalls, type RootCall, rootCalls, type WalkValues } from './support/console-walk';
import { SEED } from './support/database';
import { createRow, delegate, MODELS } from './support/model-rows';

const test = useTestApp('tenant_isolation_matrix');

/** The id every tenant-owned model of tenant A has a row at (within int32, as record ids are). */
const TARGET_ID = 2_000_000_000 + (randomBytes(3).readUIntBE(0, 3) % 100_000_000);
const TENANT_A = SYSTEM_TENANT_ID;

/** Refusals that say "not yours" without saying whether it exists: not found, or the system tenant's business. */
const REFUSALS = new Set(
  Object.entries(ErrorCatalogue)
    .filter(([name]) => /NOT_FOUND$|NOT_BOUND$|^TENANT_MANAGED_BY_SYSTEM$/.test(name))
    .map(([, error]) => error.code),
);

type Snapshot = Map<string, Map<string, string>>;

const json = (row: unknown) => JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? value.toString() : value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value));

/** Every row of every model, by model and key, except tenant B's own. */
async function snapshot(tenantB: number): Promise<Snapshot> {
  const all: Snapshot = new Map();
  for (const model of Object.values(Prisma.ModelName)) {
    const def = MODELS.get(model)!;
    const rows = await delegate(test.db, model).findMany({});
    all.set(model, new Map(rows.filter((row) => row.tenantId !== tenantB).map((row) => [json(def.key.map((field) => row[field])), json(row)])));
  }
  return all;
}

/** Rows that existed before and differ now (or are gone), as `Model key`. */
function changed(before: Snapshot, after: Snapshot): string[] {
  const differences: string[] = [];
  for (const [model, rows] of before) {
    for (const [key, row] of rows) if (after.get(model)?.get(key) !== row) differences.push(`${model} ${key}`);
  }
  return differences;
}

let tenantB: number;
let values: WalkValues;
let trpcB: ReturnType<typeof createClient>;
let tokenB: string;

beforeAll(async () => {
  const { db } = test;
  // A row of every tenant-owned model of tenant A at TARGET_ID.
  const targets: Record<string, Record<string, unknown>> = {};
  const overrides: Record<string, Record<string, unknown>> = { PartnerBinding: { partnerClientId: SEED.partnerClientId } };
  for (const model of Object.values(Prisma.ModelName)) {
    const def = MODELS.get(model)!;
    if (!['tenant', 'owned'].includes(tenancyOf(model).kind) || def.key.join() !== 'id') continue;
    targets[model] = await createRow(db, model, TENANT_A, { id: TARGET_ID, ...overrides[model] });
  }
  // A guard, not a test: the matrix means little unless tenant A owns rows of most models.
  if (Object.keys(targets).length < 40) throw new Error(`only ${Object.keys(targets).length} tenant-owned models got a row of tenant A`);
  values = {
    'type:Int64': TARGET_ID,
    '*Id': TARGET_ID,
    partnerClientId: SEED.partnerClientId,
    externalUserId: targets.PartnerBinding!.externalUserId,
    orderNo: targets.PaymentOrder!.orderNo,
    bizNo: targets.PurchaseOrder!.orderNo,
    // Valid where the type says too little, so calls get past validation to the tenant check.
    language: 'en',
    languageCode: 'en',
    password: 'a-valid-password-1',
    username: 'matrixuser1',
    country: 'BR',
    countryCode: 'BR',
    terminalType: 21,
    policyType: 2,
    targetUrl: 'https://example.com/target',
    urls: ['https://example.com/photo.png'],
  };
  const tenant = await createTenant(db);
  tenantB = tenant.id;
  const admin = await createAdmin(test.core, { tenant, superAdmin: true });
  tokenB = await issuedAdminToken(test.core, admin);
  trpcB = createClient(await test.app.listen({ host: '127.0.0.1', port: 0 }), tokenB);
}, 120_000);

/** Whether a generated input names tenant A's records (an id or a key of them). */
function aimsAtTenantA(input: unknown): boolean {
  const text = json(input) ?? '';
  return targetsOf(values).some((target) => text.includes(target));
}

const targetsOf = (of: WalkValues) => [String(of['*Id']), String(of.externalUserId), String(of.orderNo), String(of.bizNo)];

/**
 * The same values aimed at records that do not exist. Below TARGET_ID: SQLite's AUTOINCREMENT goes on
 * above the largest id ever used, so the rows made after the targets take TARGET_ID + 1 and up.
 */
const MISSING_ID = TARGET_ID - 1;
const missing = (): WalkValues => ({
  ...values,
  'type:Int64': MISSING_ID,
  '*Id': MISSING_ID,
  externalUserId: 'missing-external-user',
  orderNo: 'missing-order-no',
  bizNo: 'missing-biz-no',
});

/** An answer with the ids and keys it was aimed at blanked, to compare answers for A's records and for missing ones. */
function blanked(answer: unknown, of: WalkValues): string {
  let text = json(answer) ?? 'undefined';
  for (const target of targetsOf(of)) text = text.split(target).join('<target>');
  return text;
}

interface Outcome {
  refused: boolean;
  /** Answered an error (a refusal or any other). */
  failed: boolean;
  answer: unknown;
}

async function trpcOutcome(call: ProcedureCall): Promise<Outcome> {
  try {
    return { refused: false, failed: false, answer: await callProcedure(trpcB, call) };
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    const data = error.data as { code?: string; serviceCode?: number } | undefined;
    return { refused: REFUSALS.has(data?.serviceCode ?? 0), failed: true, answer: { code: data?.code, serviceCode: data?.serviceCode, message: error.message } };
  }
}

async function graphqlOutcome(call: RootCall): Promise<Outcome> {
  const answer = await graphql(test.app, call.query, { token: tokenB, variables: call.variables });
  const error = answer.errors?.[0];
  const refused = error !== undefined && REFUSALS.has(Number(error.extensions.code));
  return { refused, failed: error !== undefined, answer: error ? { code: error.extensions.code, message: error.message } : answer.data };
}

/**
 * 'refused' (not found, or the system tenant's), 'as if missing' (answered data exactly as the same
 * call on records that do not exist: `markRead` of ids that are not one's own), or what it answered
 * instead. Any other error fails the matrix: a validation error never reached the tenant check (the
 * values above must be made valid for it), a 401 or a permission 403 proves nothing.
 */
async function verdict<T>(call: T, again: T, outcome: (call: T) => Promise<Outcome>): Promise<string> {
  const first = await outcome(call);
  if (first.refused) return 'refused';
  const second = await outcome(again);
  if (!first.failed && blanked(first.answer, values) === blanked(second.answer, missing())) return 'as if missing';
  return `${blanked(first.answer, values)} (for missing records: ${blanked(second.answer, missing())})`;
}

const ACCEPTED = ['refused', 'as if missing'];

/** Values one operation needs beyond the shared ones: a name meaning another thing there, an Int64 that is no id. */
const OVERRIDES: Record<string, WalkValues> = {
  createInformation: { terminalType: 1, topicType: 1 },
  updateInformation: { terminalType: 1, topicType: 1 },
  createCurrencyRatePolicy: { countryCode: undefined },
  updateCurrencyRatePolicy: { countryCode: undefined },
};

/**
 * Calls every operation aimed at tenant A (each paired with the same call on missing records) and
 * answers the verdicts that are not accepted; nothing of tenant A may have changed.
 */
async function unacceptedVerdicts<T>(pairs: [name: string, call: T, missing: T, input: unknown][], outcome: (call: T) => Promise<Outcome>, atLeast: number) {
  const before = await snapshot(tenantB);
  const verdicts: Record<string, string> = {};
  for (const [name, call, again, input] of pairs) if (aimsAtTenantA(input)) verdicts[name] = await verdict(call, again, outcome);
  expect(Object.keys(verdicts).length).toBeGreaterThanOrEqual(atLeast);
  expect(changed(before, await snapshot(tenantB))).toEqual([]);
  return Object.entries(verdicts).filter(([, answer]) => !ACCEPTED.includes(answer));
}

describe("tenant B's super administrator on tenant A's ids", () => {
  it('every tRPC procedure answers as for records that do not exist, and changes nothing', async () => {
    const calls = procedureCalls(values);
    const missingCalls = new Map(procedureCalls(missing()).map((call) => [call.path, call]));
    expect(calls.length).toBeGreaterThanOrEqual(35);
    const pairs = calls.map((call) => [call.path, call, missingCalls.get(call.path)!, call.input] as [string, ProcedureCall, ProcedureCall, unknown]);
    expect(await unacceptedVerdicts(pairs, trpcOutcome, 25)).toEqual([]);
  }, 120_000);

  it('every console mutation answers as for records that do not exist (or the system tenant only), and changes nothing', async () => {
    // A create takes no id of its own (its other ids, parents and the like, are aimed at A's).
    const forMutation = (of: WalkValues) => (field: string) => ({ ...of, ...(field.startsWith('create') ? { id: undefined } : {}), ...OVERRIDES[field] });
    const calls = await rootCalls('mutation', forMutation(values));
    const missingCalls = new Map((await rootCalls('mutation', forMutation(missing()))).map((call) => [call.field, call]));
    expect(calls.length).toBeGreaterThanOrEqual(100);
    const pairs = calls.map((call) => [call.field, call, missingCalls.get(call.field)!, call.args] as [string, RootCall, RootCall, unknown]);
    expect(await unacceptedVerdicts(pairs, graphqlOutcome, 60)).toEqual([]);
  }, 120_000);
});
