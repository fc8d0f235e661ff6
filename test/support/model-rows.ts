// Rows of any model, made from the model source (prisma/models/*.prisma), so a test covering every
// model needs no fixture per model: a valid row of each, with parent rows for its required relations.
import { randomBytes, randomInt } from 'node:crypto';
import { PROVIDERS, providerSchema } from '../../prisma/schema';
import type { Db } from '../../src/core/db/client';
import type { TenantScopedDb } from '../../src/core/tenant/tenant-scoped-db';

export interface FieldDef {
  name: string;
  type: string;
  optional: boolean;
  list: boolean;
  attributes: string;
}

export interface ModelDef {
  name: string;
  fields: FieldDef[];
  /** Primary key fields (`@id`, or `@@id([...])`). */
  key: string[];
  uniques: Set<string>;
  /** Required relations that hold the foreign key: field -> [related model, fk fields, referenced fields]. */
  parents: { model: string; fields: string[]; references: string[] }[];
}

/** The models of the schema source (prisma/models/*.prisma), enough to make a valid row of each. */
function parseModels(): Map<string, ModelDef> {
  const source = providerSchema(PROVIDERS[0]);
  const models = new Map<string, ModelDef>();
  for (const match of source.matchAll(/^model (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const [, name, body] = match as unknown as [string, string, string];
    const model: ModelDef = { name, fields: [], key: [], uniques: new Set(), parents: [] };
    for (const raw of body.split('\n')) {
      const line = raw.replace(/\/\/.*$/, '').trim();
      const compositeId = /^@@id\(\[([^\]]+)\]\)/.exec(line);
      if (compositeId) model.key = compositeId[1]!.split(',').map((field) => field.trim());
      const field = /^(\w+)\s+(\w+)(\?|\[\])?\s*(.*)$/.exec(line);
      if (!field || line.startsWith('@@')) continue;
      const [, fieldName, type, modifier, attributes] = field as unknown as [string, string, string, string | undefined, string];
      model.fields.push({ name: fieldName, type, optional: modifier === '?', list: modifier === '[]', attributes });
      if (/@id\b/.test(attributes)) model.key = [fieldName];
      if (/@unique\b/.test(attributes)) model.uniques.add(fieldName);
      const relation = /@relation\([^)]*fields:\s*\[([^\]]+)\][^)]*references:\s*\[([^\]]+)\]/.exec(attributes);
      if (relation && modifier !== '?') {
        const list = (text: string) => text.split(',').map((entry) => entry.trim());
        model.parents.push({ model: type, fields: list(relation[1]!), references: list(relation[2]!) });
      }
    }
    models.set(name, model);
  }
  return models;
}

export const MODELS = parseModels();
export type Delegate = {
  create(args: object): Promise<Record<string, unknown>>;
  findUnique(args: object): Promise<Record<string, unknown> | null>;
  findFirst(args: object): Promise<Record<string, unknown> | null>;
  findMany(args: object): Promise<Record<string, unknown>[]>;
  count(args: object): Promise<number>;
  aggregate(args: object): Promise<{ _count: { _all: number } }>;
  groupBy(args: object): Promise<unknown[]>;
  update(args: object): Promise<unknown>;
  updateMany(args: object): Promise<{ count: number }>;
  delete(args: object): Promise<unknown>;
  deleteMany(args: object): Promise<{ count: number }>;
};
export const delegate = (client: Db | TenantScopedDb, model: string) => (client as unknown as Record<string, Delegate>)[model[0]!.toLowerCase() + model.slice(1)]!;

function valueOf(type: string): unknown {
  switch (type) {
    case 'String':
      return `v-${randomBytes(6).toString('hex')}`;
    case 'Int':
      return randomInt(1, 1_000_000_000);
    case 'BigInt':
      return BigInt(randomInt(1, 1_000_000_000));
    case 'Float':
    case 'Decimal':
      return 1.5;
    case 'Boolean':
      return false;
    case 'DateTime':
      return new Date('2026-11-21T10:00:00Z');
    case 'Json':
      return {};
    case 'Bytes':
      return new Uint8Array([1, 2, 3]);
    default:
      throw new Error(`no test value for type ${type}`);
  }
}

/**
 * A new row of `model` in `tenantId`, with new parent rows (in the same tenant) for its required
 * relations; `overrides` set fields of the row itself (an explicit id, a key a test aims at).
 */
export async function createRow(db: Db, model: string, tenantId: number, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const def = MODELS.get(model)!;
  const data: Record<string, unknown> = { ...overrides };
  for (const parent of def.parents) {
    const row = await createRow(db, parent.model, tenantId);
    parent.fields.forEach((field, index) => (data[field] = row[parent.references[index]!]));
  }
  for (const field of def.fields) {
    if (field.name in data || field.optional || field.list || MODELS.has(field.type) || /@default|@updatedAt/.test(field.attributes)) continue;
    data[field.name] = field.name === 'tenantId' ? tenantId : valueOf(field.type);
  }
  return delegate(db, model).create({ data });
}

export const keyOf = (def: ModelDef, row: Record<string, unknown>) => Object.fromEntries(def.key.map((field) => [field, row[field]]));
/** The where of findUnique/update/delete: the key field, or the compound key `a_b: {a, b}`. */
export const uniqueOf = (def: ModelDef, row: Record<string, unknown>) => (def.key.length === 1 ? keyOf(def, row) : { [def.key.join('_')]: keyOf(def, row) });
