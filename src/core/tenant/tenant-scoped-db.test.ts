import { describe, expect, it } from 'vitest';
import { Prisma } from '../db/client';
import { isServiceError } from '../errors/service-error';
import { OWNED_THROUGH, scalarFieldsOf, scopeArgs, TENANT_WIDE_MODELS, tenancyOf, tenantFilter } from './tenant-scoped-db';

const TENANT = 7;
const MODELS = Object.values(Prisma.ModelName);
const withTenantId = MODELS.filter((model) => scalarFieldsOf(model).has('tenantId'));
const scoped = MODELS.filter((model) => tenantFilter(model, TENANT) !== null);

/** Expects `run` to be refused with 403, and returns the refusal's message. */
function expectRefusal(run: () => unknown): string {
  let refused: unknown = 'not refused';
  try {
    run();
  } catch (error) {
    refused = error;
  }
  expect(isServiceError(refused) ? refused.code : refused).toBe(403);
  return (refused as Error).message;
}

describe('which models are scoped', () => {
  it('scopes every model with a tenantId that is not listed as tenant-wide', () => {
    expect(withTenantId.length).toBeGreaterThan(10);
    for (const model of withTenantId) {
      const expected = TENANT_WIDE_MODELS.includes(model) ? 'tenant-wide' : 'tenant';
      expect(tenancyOf(model).kind, model).toBe(expected);
      expect(tenantFilter(model, TENANT), model).toEqual(expected === 'tenant' ? { tenantId: TENANT } : null);
    }
  });

  it('lists only models of the generated client, and scopes owned records through owners that are scoped', () => {
    for (const model of TENANT_WIDE_MODELS) expect(MODELS).toContain(model);
    for (const [model, ownership] of Object.entries(OWNED_THROUGH)) {
      expect(scalarFieldsOf(model).has('tenantId'), `${model} has a tenantId of its own`).toBe(false);
      expect(scalarFieldsOf(model).has(ownership.foreignKey), model).toBe(true);
      expect(tenantFilter(ownership.owner, TENANT), model).not.toBeNull();
    }
    expect(tenantFilter('WalletLedger', TENANT)).toEqual({ wallet: { member: { tenantId: TENANT } } });
  });

  it('passes the tenant-wide records and shared data through', () => {
    for (const model of ['Menu', 'Tenant', 'TenantPackage', 'OAuth2Client', 'Goods', 'GoodsSku']) {
      expect(tenantFilter(model, TENANT), model).toBeNull();
      const args = { where: { id: 1 }, data: { name: 'x' } };
      expect(scopeArgs(model, 'updateMany', args, TENANT)).toBe(args);
    }
  });
});

describe.each(scoped)('scoped arguments of %s', (model) => {
  const filter = tenantFilter(model, TENANT)!;
  const owned = tenancyOf(model).kind === 'owned';

  it.each(['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'count', 'aggregate', 'groupBy', 'updateMany', 'updateManyAndReturn', 'deleteMany', 'delete'])(
    '%s keeps the caller\'s where and adds the tenant beside it',
    (operation) => {
      expect(scopeArgs(model, operation, { where: { id: 5, AND: { status: 1 } } }, TENANT)).toEqual({ where: { id: 5, AND: [{ status: 1 }, filter] } });
      expect(scopeArgs(model, operation, {}, TENANT)).toEqual({ where: filter });
    },
  );

  it('adds the tenant to the where of update and upsert, and refuses data naming another tenant', () => {
    expect(scopeArgs(model, 'update', { where: { id: 5 }, data: { remark: 'x' } }, TENANT)).toEqual({ where: { id: 5, AND: [filter] }, data: { remark: 'x' } });
    expect(expectRefusal(() => scopeArgs(model, 'updateMany', { where: {}, data: { tenantId: TENANT + 1 } }, TENANT))).toContain(`tenant ${TENANT + 1}`);
    expect(expectRefusal(() => scopeArgs(model, 'update', { where: { id: 1 }, data: { tenantId: { set: TENANT + 1 } } }, TENANT))).toContain('not the caller');
  });

  if (owned) {
    it('refuses creates (owners are checked by core services) and moves to another owner', () => {
      const { relation, foreignKey } = OWNED_THROUGH[model]!;
      for (const operation of ['create', 'createMany', 'createManyAndReturn', 'upsert']) expectRefusal(() => scopeArgs(model, operation, { data: {} }, TENANT));
      expectRefusal(() => scopeArgs(model, 'updateMany', { where: {}, data: { [foreignKey]: 1 } }, TENANT));
      expectRefusal(() => scopeArgs(model, 'update', { where: { id: 1 }, data: { [relation]: { connect: { id: 1 } } } }, TENANT));
    });
  } else {
    it('sets the tenant on created rows, and refuses created rows of another tenant', () => {
      expect(scopeArgs(model, 'create', { data: { remark: 'x' } }, TENANT)).toEqual({ data: { tenantId: TENANT, remark: 'x' } });
      expect(scopeArgs(model, 'create', { data: { tenantId: TENANT } }, TENANT)).toEqual({ data: { tenantId: TENANT } });
      expect(scopeArgs(model, 'createMany', { data: [{ a: 1 }, { a: 2 }] }, TENANT)).toEqual({ data: [{ tenantId: TENANT, a: 1 }, { tenantId: TENANT, a: 2 }] });
      expect(scopeArgs(model, 'createManyAndReturn', { data: { a: 1 } }, TENANT)).toEqual({ data: { tenantId: TENANT, a: 1 } });
      expectRefusal(() => scopeArgs(model, 'create', { data: { tenantId: TENANT + 1 } }, TENANT));
      expectRefusal(() => scopeArgs(model, 'createMany', { data: [{ tenantId: TENANT }, { tenantId: TENANT + 1 }] }, TENANT));
    });

    it('adds the tenant to the where and the created row of upsert, and refuses a create naming another tenant', () => {
      expect(scopeArgs(model, 'upsert', { where: { id: 5 }, create: { remark: 'x' }, update: { remark: 'y' } }, TENANT)).toEqual({
        where: { id: 5, AND: [filter] },
        create: { tenantId: TENANT, remark: 'x' },
        update: { remark: 'y' },
      });
      expect(expectRefusal(() => scopeArgs(model, 'upsert', { where: { id: 5 }, create: { tenantId: TENANT + 1 }, update: {} }, TENANT))).toContain('not the caller');
    });
  }

  it('refuses nested writes of rows of another tenant', () => {
    const nested = (write: unknown) => ({ where: { id: 1 }, data: { children: write } });
    for (const write of [
      { create: { tenantId: TENANT + 1 } },
      { create: [{ tenantId: TENANT }, { tenantId: TENANT + 1 }] },
      { createMany: { data: [{ tenantId: TENANT + 1 }] } },
      { connectOrCreate: { where: { id: 2 }, create: { tenantId: TENANT + 1 } } },
      { upsert: { where: { id: 2 }, create: {}, update: { tenantId: TENANT + 1 } } },
      { updateMany: { where: {}, data: { tenantId: TENANT + 1 } } },
      { update: { where: { id: 2 }, data: { grandchildren: { create: { tenantId: TENANT + 1 } } } } },
    ]) {
      expectRefusal(() => scopeArgs(model, 'update', nested(write), TENANT));
    }
    expect(scopeArgs(model, 'update', nested({ create: { tenantId: TENANT } }), TENANT)).toBeDefined();
  });

  it('refuses an operation it does not know', () => {
    expectRefusal(() => scopeArgs(model, 'findRaw', {}, TENANT));
  });
});
