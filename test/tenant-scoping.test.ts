// Tenant scoping on the real database, for every model the generated client has: rows of two
// tenants are made (from the model source, so a model added later is covered without a fixture),
// and the client scoped to the first tenant must neither see, change nor delete the second's rows.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Prisma } from '../src/core/db/client';
import { isServiceError } from '../src/core/errors/service-error';
import { OWNED_THROUGH, scalarFieldsOf, TENANT_WIDE_MODELS, tenancyOf, tenantScopedDb } from '../src/core/tenant/tenant-scoped-db';
import { createTenant } from './support/admin';
import { useTestDatabase } from './support/app';
import { createRow, delegate, keyOf, MODELS, type ModelDef, uniqueOf } from './support/model-rows';

/** A plain field a scoped write may change (not a key, a foreign key, unique or the tenant). */
function touchOf(def: ModelDef): Record<string, unknown> {
  const foreignKeys = new Set(def.parents.flatMap((parent) => parent.fields));
  const field = def.fields.find(
    (candidate) =>
      ['String', 'Int', 'Boolean'].includes(candidate.type) &&
      !candidate.list &&
      !def.key.includes(candidate.name) &&
      !foreignKeys.has(candidate.name) &&
      !def.uniques.has(candidate.name) &&
      candidate.name !== 'tenantId',
  );
  if (!field) throw new Error(`${def.name} has no plain field for the write checks: teach touchOf one`);
  return { [field.name]: field.type === 'String' ? 'touched' : field.type === 'Int' ? 7 : true };
}

/** Expects the scoped client to refuse the write (403) before it reaches the database. */
async function expectRefused(promise: Promise<unknown>): Promise<void> {
  const outcome = await promise.then(
    () => 'written',
    (error: unknown) => (isServiceError(error) ? error.code : error),
  );
  expect(outcome).toBe(403);
}

/** Prisma's "record to update/delete not found": the scoped where matched no row. */
const NOT_FOUND = expect.objectContaining({ code: 'P2025' });

const test = useTestDatabase('tenant_scoping');
const allModels = Object.values(Prisma.ModelName);
const scopedModels = allModels.filter((model) => ['tenant', 'owned'].includes(tenancyOf(model).kind));
const tenantModels = scopedModels.filter((model) => tenancyOf(model).kind === 'tenant');
const ownedModels = scopedModels.filter((model) => tenancyOf(model).kind === 'owned');

describe('the model source', () => {
  it('is the generated client\'s: every model parsed, every tenantId model scoped or listed as tenant-wide', () => {
    expect([...MODELS.keys()].sort()).toEqual([...allModels].sort());
    for (const model of allModels) {
      const hasTenantId = scalarFieldsOf(model).has('tenantId');
      expect(MODELS.get(model)!.fields.some((field) => field.name === 'tenantId'), model).toBe(hasTenantId);
      expect(!hasTenantId || tenancyOf(model).kind === 'tenant' || TENANT_WIDE_MODELS.includes(model), model).toBe(true);
    }
    for (const [model, ownership] of Object.entries(OWNED_THROUGH)) {
      expect(MODELS.get(model)!.parents.map((parent) => parent.model), model).toContain(ownership.owner);
    }
  });
});

describe.each(scopedModels)('%s through the client scoped to one tenant', (model) => {
  it("sees, changes and deletes only that tenant's rows", async () => {
    const { db } = test;
    const def = MODELS.get(model)!;
    const [mine, theirs] = [await createTenant(db), await createTenant(db)];
    const own = await createRow(db, model, mine.id);
    const foreign = await createRow(db, model, theirs.id);
    const scoped = delegate(tenantScopedDb(db, mine.id), model);
    const [ownKey, foreignKey] = [keyOf(def, own), keyOf(def, foreign)];
    const [ownUnique, foreignUnique] = [uniqueOf(def, own), uniqueOf(def, foreign)];

    // Reads.
    expect((await scoped.findMany({ where: { OR: [ownKey, foreignKey] } })).map((row) => keyOf(def, row))).toEqual([ownKey]);
    expect(await scoped.findUnique({ where: foreignUnique })).toBeNull();
    expect(await scoped.findUnique({ where: ownUnique })).not.toBeNull();
    expect(await scoped.findFirst({ where: foreignKey })).toBeNull();
    expect(await scoped.count({ where: foreignKey })).toBe(0);
    expect(await scoped.count({ where: ownKey })).toBe(1);
    expect((await scoped.aggregate({ where: foreignKey, _count: { _all: true } }))._count._all).toBe(0);
    expect(await scoped.groupBy({ by: [def.key[0]], where: foreignKey })).toEqual([]);

    // Writes: taking the row over into one's own tenant is the worst a scoped write could do.
    const change = tenancyOf(model).kind === 'tenant' ? { tenantId: mine.id } : touchOf(def);
    expect((await scoped.updateMany({ where: foreignKey, data: change })).count).toBe(0);
    await expect(scoped.update({ where: foreignUnique, data: change })).rejects.toEqual(NOT_FOUND);
    expect((await scoped.updateMany({ where: ownKey, data: change })).count).toBe(1);
    expect((await scoped.deleteMany({ where: foreignKey })).count).toBe(0);
    await expect(scoped.delete({ where: foreignUnique })).rejects.toEqual(NOT_FOUND);
    expect(await delegate(db, model).findUnique({ where: foreignUnique })).toEqual(foreign);
    expect((await scoped.deleteMany({ where: ownKey })).count).toBe(1);
  });
});

describe.each(tenantModels)('%s created through the client scoped to one tenant', (model) => {
  it("gets that tenant, and another tenant's row is refused", async () => {
    const { db } = test;
    const def = MODELS.get(model)!;
    const [mine, theirs] = [await createTenant(db), await createTenant(db)];
    const scoped = delegate(tenantScopedDb(db, mine.id), model);
    // A valid row (its parents exist), removed again so that its unique values are free.
    const template = await createRow(db, model, mine.id);
    await delegate(db, model).delete({ where: uniqueOf(def, template) });
    const { tenantId: _tenantId, ...withoutTenant } = template;
    const created = await scoped.create({ data: withoutTenant });
    expect(created.tenantId).toBe(mine.id);
    await delegate(db, model).delete({ where: uniqueOf(def, created) });
    await expectRefused(scoped.create({ data: { ...withoutTenant, tenantId: theirs.id } }));
    expect(await delegate(db, model).count({ where: keyOf(def, template) })).toBe(0);
  });
});

describe.each(ownedModels)('%s created through the client scoped to one tenant', (model) => {
  it('is refused: owned records are created only through the core services that check the owner', async () => {
    const { db } = test;
    const def = MODELS.get(model)!;
    const mine = await createTenant(db);
    const template = await createRow(db, model, mine.id);
    await delegate(db, model).delete({ where: uniqueOf(def, template) });
    const { [def.key[0]!]: _key, ...data } = template;
    await expectRefused(delegate(tenantScopedDb(db, mine.id), model).create({ data }));
    expect(await delegate(db, model).count({ where: keyOf(def, template) })).toBe(0);
  });
});

describe('the scoped client', () => {
  it('stays scoped inside an interactive transaction (the generated types still ask for tenantId on create)', async () => {
    const { db } = test;
    const [mine, theirs] = [await createTenant(db), await createTenant(db)];
    const foreign = await createRow(db, 'Member', theirs.id);
    const seen = await tenantScopedDb(db, mine.id).$transaction(async (tx) => {
      const created = await tx.member.create({ data: { tenantId: mine.id, unionId: `u-${randomBytes(6).toString('hex')}`, nickname: 'in a transaction' } });
      return { created, foreign: await tx.member.findUnique({ where: { id: foreign.id as number } }) };
    });
    expect(seen.created.tenantId).toBe(mine.id);
    expect(seen.foreign).toBeNull();
  });

  it('refuses raw SQL, which it cannot scope', async () => {
    const scoped = tenantScopedDb(test.db, 1);
    await expectRefused(scoped.$queryRawUnsafe('SELECT 1'));
    await expectRefused(scoped.$executeRawUnsafe('DELETE FROM "Member"'));
  });

  it('reads tenant-wide and shared records of every tenant', async () => {
    const { db } = test;
    const tenant = await createTenant(db);
    const scoped = tenantScopedDb(db, tenant.id);
    expect(await scoped.tenant.count()).toBe(await db.tenant.count());
    expect(await scoped.menu.count()).toBe(await db.menu.count());
    expect(await scoped.oAuth2Client.count()).toBe(await db.oAuth2Client.count());
  });
});
