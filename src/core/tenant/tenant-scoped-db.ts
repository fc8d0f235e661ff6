// Tenancy in one place: a Prisma client extension that confines every query to the caller's tenant,
// so no resolver or procedure can forget the tenant in a where clause. The console's GraphQL
// context (and any other caller acting for a tenant) gets its database from `tenantScopedDb`.
//
// Which models it scopes is derived from the generated client, not from a hand-kept list:
// - every model with a `tenantId` field is scoped by it, except the TENANT_WIDE_MODELS below;
// - tenant-owned children without a tenantId of their own (OWNED_THROUGH) are scoped through
//   the relation to their owner; they are created only by core services, which check the owner;
// - every other model (goods catalogue, processed payment notifications...) holds data shared by
//   all tenants and passes through.
//
// Access tokens and refresh tokens carry a tenantId and ARE scoped here: through the console a
// tenant sees and revokes only its own sessions and partner tokens. The sign-in and token paths
// (TokenService, AdminAuthService, PartnerAuth) run before any tenant is known and read them
// through the unscoped core database, which is the only exception to this rule.
//
// Limits, by design: raw SQL is refused on the scoped client (use core.database.db and name the
// tenant yourself); nested reads follow relations of rows already in scope; nested writes that
// name a tenantId must name the caller's; scalar foreign keys a caller writes (roleId, memberId...)
// are the caller's to check with a scoped read first.
import { Prisma, type Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { type ReasonName, refusal } from '../errors/reasons';
import type { ErrorParams, ServiceError } from '../errors/service-error';

/**
 * Records shared by every tenant, the only exceptions to tenant scoping (the list). None
 * of them has a tenantId today; listing a model here also exempts it should it gain one.
 */
export const TENANT_WIDE_MODELS: readonly Prisma.ModelName[] = ['Menu', 'Tenant', 'TenantPackage', 'OAuth2Client'];

export interface Ownership {
  /** The relation field leading to the owner. */
  relation: string;
  /** The scalar foreign key of that relation. */
  foreignKey: string;
  owner: Prisma.ModelName;
}

/** Tenant-owned records without a tenantId column: scoped through the record that owns them. */
export const OWNED_THROUGH: Readonly<Partial<Record<Prisma.ModelName, Ownership>>> = {
  Wallet: { relation: 'member', foreignKey: 'memberId', owner: 'Member' },
  WalletLedger: { relation: 'wallet', foreignKey: 'walletId', owner: 'Wallet' },
  MemberAddress: { relation: 'member', foreignKey: 'memberId', owner: 'Member' },
  QcPhoto: { relation: 'qcRecord', foreignKey: 'qcRecordId', owner: 'QcRecord' },
  PaymentOrderLogistics: { relation: 'paymentOrder', foreignKey: 'paymentOrderRecordId', owner: 'PaymentOrder' },
};

export type ModelTenancy =
  | { kind: 'tenant' }
  | ({ kind: 'owned' } & Ownership)
  | { kind: 'tenant-wide' }
  | { kind: 'shared' };

/** The scalar fields of a model, from the generated client (`<Model>ScalarFieldEnum`). */
export function scalarFieldsOf(model: string): ReadonlySet<string> {
  const fields = (Prisma as unknown as Record<string, Record<string, string> | undefined>)[`${model}ScalarFieldEnum`];
  if (!fields) throw new Error(`The generated client has no model ${model}`);
  return new Set(Object.values(fields));
}

const tenancies = new Map<string, ModelTenancy>();

/** How the scoped client treats a model. */
export function tenancyOf(model: string): ModelTenancy {
  let tenancy = tenancies.get(model);
  if (!tenancy) {
    const ownership = OWNED_THROUGH[model as Prisma.ModelName];
    if ((TENANT_WIDE_MODELS as readonly string[]).includes(model)) tenancy = { kind: 'tenant-wide' };
    else if (scalarFieldsOf(model).has('tenantId')) tenancy = { kind: 'tenant' };
    else if (ownership) tenancy = { kind: 'owned', ...ownership };
    else tenancy = { kind: 'shared' };
    tenancies.set(model, tenancy);
  }
  return tenancy;
}

/** The where condition that keeps a model's rows to one tenant; null for models not scoped. */
export function tenantFilter(model: string, tenantId: number): Record<string, unknown> | null {
  const tenancy = tenancyOf(model);
  if (tenancy.kind === 'tenant') return { tenantId };
  if (tenancy.kind === 'owned') return { [tenancy.relation]: tenantFilter(tenancy.owner, tenantId) };
  return null;
}

function refused(reason: ReasonName, params: ErrorParams): ServiceError {
  return refusal(ErrorCatalogue.FORBIDDEN, reason, params);
}

type Args = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Args =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Adds the tenant condition beside whatever the caller wrote (unique wheres accept AND too). */
function scopeWhere(where: unknown, filter: Args): Args {
  if (!isPlainObject(where)) return filter;
  const and = where.AND === undefined ? [] : Array.isArray(where.AND) ? where.AND : [where.AND];
  return { ...where, AND: [...and, filter] };
}

const NESTED_WRITES = ['create', 'createMany', 'connectOrCreate', 'upsert', 'update', 'updateMany'] as const;

/** Refuses write data (and nested relation writes in it) that names a tenant other than the caller's. */
function assertOwnTenant(model: string, data: unknown, tenantId: number): void {
  if (Array.isArray(data)) {
    for (const entry of data) assertOwnTenant(model, entry, tenantId);
    return;
  }
  if (!isPlainObject(data)) return;
  if ('tenantId' in data) {
    const value = isPlainObject(data.tenantId) && 'set' in data.tenantId ? data.tenantId.set : data.tenantId;
    if (value !== tenantId) throw refused('writeNamesOtherTenant', { model, value: JSON.stringify(value), tenantId });
  }
  for (const value of Object.values(data)) {
    if (!isPlainObject(value)) continue;
    for (const key of NESTED_WRITES) if (key in value) assertOwnTenant(model, nestedPayload(value[key]), tenantId);
  }
}

/** The records inside a nested write: `{data}` of createMany/update(Many), `{create, update}` of upsert. */
function nestedPayload(write: unknown): unknown {
  if (Array.isArray(write)) return write.map(nestedPayload);
  if (!isPlainObject(write)) return write;
  if ('data' in write) return write.data;
  if ('create' in write || 'update' in write) return [write.create, write.update];
  return write;
}

function withTenant(model: string, data: unknown, tenantId: number): unknown {
  if (Array.isArray(data)) return data.map((entry) => withTenant(model, entry, tenantId));
  assertOwnTenant(model, data, tenantId);
  return isPlainObject(data) ? { tenantId, ...data } : data;
}

const READS_AND_FILTERED_WRITES = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'delete',
  'deleteMany',
]);
const CREATES = new Set(['create', 'createMany', 'createManyAndReturn']);

/**
 * The arguments of one model operation confined to `tenantId`: the tenant condition in every
 * where, the tenant set on created rows, writes naming another tenant refused. Exported for tests.
 */
export function scopeArgs(model: string, operation: string, args: Args | undefined, tenantId: number): Args | undefined {
  const tenancy = tenancyOf(model);
  const filter = tenantFilter(model, tenantId);
  if (!filter) return args;
  const scoped: Args = { ...args };
  if (tenancy.kind === 'owned') {
    if (CREATES.has(operation) || operation === 'upsert') {
      throw refused('createThroughService', { model, owner: tenancy.owner });
    }
    if (isPlainObject(scoped.data) && (tenancy.relation in scoped.data || tenancy.foreignKey in scoped.data)) {
      throw refused('cannotMoveRecord', { model, owner: tenancy.owner });
    }
  }
  if (READS_AND_FILTERED_WRITES.has(operation)) {
    scoped.where = scopeWhere(scoped.where, filter);
    if ('data' in scoped) assertOwnTenant(model, scoped.data, tenantId);
    return scoped;
  }
  if (CREATES.has(operation)) {
    scoped.data = withTenant(model, scoped.data, tenantId);
    return scoped;
  }
  if (operation === 'upsert') {
    scoped.where = scopeWhere(scoped.where, filter);
    scoped.create = withTenant(model, scoped.create, tenantId);
    assertOwnTenant(model, scoped.update, tenantId);
    return scoped;
  }
  // An operation Prisma adds later must be classified here before the scoped client runs it.
  throw refused('unsupportedOperation', { operation, model });
}

function scope(db: Db, tenantId: number) {
  return db.$extends({
    name: `tenant-${tenantId}`,
    query: {
      async $allOperations({ model, operation, args, query }) {
        if (model === undefined) throw refused('rawSqlUnavailable', { operation });
        return query(scopeArgs(model, operation, args as Args | undefined, tenantId));
      },
    },
  });
}

/** A Prisma client confined to one tenant (see the top of this file). */
export type TenantScopedDb = ReturnType<typeof scope>;

const scopedClients = new WeakMap<Db, Map<number, TenantScopedDb>>();

/** The client of `db` confined to `tenantId`; one per tenant, built on first use. */
export function tenantScopedDb(db: Db, tenantId: number): TenantScopedDb {
  let byTenant = scopedClients.get(db);
  if (!byTenant) {
    byTenant = new Map();
    scopedClients.set(db, byTenant);
  }
  let client = byTenant.get(tenantId);
  if (!client) {
    client = scope(db, tenantId);
    byTenant.set(tenantId, client);
  }
  return client;
}
