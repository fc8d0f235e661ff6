// Answers serialized by a function compiled from the route's zod response schema, instead of
// fastify-type-provider-zod's encode-then-stringify on every answer: zod's generic run (a payload
// object and an issues array per value, a check loop per field) was the largest part of a partner
// write's route layer. The compiled function checks every value as zod would and writes the same
// JSON; a value it does not accept, and any schema using a construct it does not model (refinements,
// unions, records other than of unknown values, other codecs...), goes to zod's serializer, so a wrong answer still fails with
// zod's error and the bytes never differ. Outside production every answer is serialized both ways
// and compared, so the test suite proves the two equal on every answer it receives.
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The JSON text of `value` if the schema accepts it, else undefined. */
type Writer = (value: unknown) => string | undefined;

interface Def {
  type: string;
  check?: string;
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: Def & { value?: unknown; inclusive?: boolean } } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: unknown;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  in?: z.ZodType;
  out?: z.ZodType;
  reverseTransform?: (value: unknown, payload: { value: unknown; issues: unknown[] }) => unknown;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The checks zod runs on a value of this schema: the schema's own (a format such as z.int()) first, then its list. */
function checksOf(def: Def): Def[] {
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  return def.check === undefined ? checks : [def, ...checks];
}

/** A number's checks as one predicate, or undefined when one is not modelled. */
function numberCheck(def: Def): ((value: number) => boolean) | undefined {
  const predicates: ((value: number) => boolean)[] = [(value) => Number.isFinite(value)];
  for (const check of checksOf(def) as (Def & { value?: number; inclusive?: boolean })[]) {
    if (check.check === 'number_format' && check.format === 'safeint') predicates.push(Number.isSafeInteger);
    else if (check.check === 'greater_than' && typeof check.value === 'number') {
      const { value: bound, inclusive } = check;
      predicates.push(inclusive ? (value) => value >= bound : (value) => value > bound);
    } else if (check.check === 'less_than' && typeof check.value === 'number') {
      const { value: bound, inclusive } = check;
      predicates.push(inclusive ? (value) => value <= bound : (value) => value < bound);
    } else return undefined;
  }
  return (value) => predicates.every((predicate) => predicate(value));
}

/** A string's checks: none, or an ISO date-time format (a pattern test, as zod's). */
function stringCheck(def: Def): ((value: string) => boolean) | undefined {
  const checks = checksOf(def);
  if (checks.length === 0) return () => true;
  const [only] = checks;
  const pattern = def.pattern;
  if (checks.length === 1 && only === def && def.check === 'string_format' && def.format === 'datetime' && pattern instanceof RegExp) {
    return (value) => {
      pattern.lastIndex = 0;
      return pattern.test(value);
    };
  }
  return undefined;
}

/** Object keys in the order JSON.stringify walks an object built in `keys` order (integer-like keys first). */
function ownKeyOrder(keys: string[]): string[] {
  return Object.keys(Object.fromEntries(keys.map((key) => [key, true])));
}

/** A writer for `schema` (see the top of this file), or undefined when it uses a construct not modelled here. */
function compileWriter(schema: z.ZodType): Writer | undefined {
  const def = defOf(schema);
  if ((def as { coerce?: boolean }).coerce) return undefined;
  switch (def.type) {
    case 'string': {
      const check = stringCheck(def);
      return check && ((value) => (typeof value === 'string' && check(value) ? JSON.stringify(value) : undefined));
    }
    case 'number': {
      const check = numberCheck(def);
      return check && ((value) => (typeof value === 'number' && check(value) ? JSON.stringify(value) : undefined));
    }
    case 'boolean':
      if (checksOf(def).length > 0) return undefined;
      return (value) => (value === true ? 'true' : value === false ? 'false' : undefined);
    case 'null':
      return (value) => (value === null ? 'null' : undefined);
    case 'literal':
    case 'enum': {
      const allowed = def.type === 'literal' ? (def.values ?? []) : Object.values(def.entries ?? {});
      if (checksOf(def).length > 0 || !allowed.every((value) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) return undefined;
      const texts = new Map<unknown, string>(allowed.map((value) => [value, JSON.stringify(value)]));
      return (value) => texts.get(value);
    }
    case 'nullable': {
      const inner = compileWriter(def.innerType as z.ZodType);
      return inner && ((value) => (value === null ? 'null' : inner(value)));
    }
    case 'date':
      // Only inside a codec: a Date has no JSON of its own here.
      return undefined;
    case 'pipe':
      return compileCodecWriter(def);
    case 'array': {
      if (checksOf(def).length > 0) return undefined;
      const element = compileWriter(def.element as z.ZodType);
      if (!element) return undefined;
      return (value) => {
        if (!Array.isArray(value)) return undefined;
        let text = '[';
        for (let index = 0; index < value.length; index++) {
          const item = element(value[index]);
          if (item === undefined) return undefined;
          text += index === 0 ? item : `,${item}`;
        }
        return `${text}]`;
      };
    }
    case 'object':
      return compileObjectWriter(def);
    case 'record':
      return compileOpenRecordWriter(def);
    default:
      return undefined;
  }
}

/**
 * A codec from a string to a Date (`dateTimeOut`), encoded as zod does: the Date checked, the
 * codec's own encode, then the string checked against the codec's input schema.
 */
function compileCodecWriter(def: Def): Writer | undefined {
  const encode = def.reverseTransform;
  if (!encode || !def.in || !def.out || defOf(def.out).type !== 'date' || checksOf(defOf(def.out)).length > 0) return undefined;
  const text = compileWriter(def.in);
  if (!text || defOf(def.in).type !== 'string') return undefined;
  return (value) => {
    if (!(value instanceof Date) || Number.isNaN(value.getTime())) return undefined;
    const payload = { value, issues: [] };
    const encoded = encode(value, payload);
    return payload.issues.length === 0 ? text(encoded) : undefined;
  };
}

/** An object as zod outputs it: the shape's keys only, an optional one left out when undefined. */
function compileObjectWriter(def: Def): Writer | undefined {
  if (def.catchall !== undefined || checksOf(def).length > 0 || !def.shape) return undefined;
  const shape = def.shape;
  const fields: { key: string; name: string; optional: boolean; write: Writer }[] = [];
  for (const key of ownKeyOrder(Object.keys(shape))) {
    let field = shape[key] as z.ZodType;
    const optional = defOf(field).type === 'optional';
    if (optional) field = defOf(field).innerType as z.ZodType;
    const write = key === '__proto__' ? undefined : compileWriter(field);
    if (!write) return undefined;
    fields.push({ key, name: `${JSON.stringify(key)}:`, optional, write });
  }
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    let text = '';
    for (const field of fields) {
      const member = record[field.key];
      if (member === undefined && field.optional) continue;
      const written = field.write(member);
      if (written === undefined) return undefined;
      text += text === '' ? field.name + written : `,${field.name}${written}`;
    }
    return `{${text}}`;
  };
}

/**
 * A record of string keys and unknown values (e.g. a SKU's properties, stored JSON): zod copies a
 * plain object's own keys and values as they are, so its JSON is the object's own. An object with an
 * own `__proto__` key (which the copy would drop) or any other prototype goes to zod.
 */
function compileOpenRecordWriter(def: Def): Writer | undefined {
  if (checksOf(def).length > 0 || !def.keyType || !def.valueType) return undefined;
  const key = defOf(def.keyType);
  if (key.type !== 'string' || checksOf(key).length > 0 || defOf(def.valueType).type !== 'unknown') return undefined;
  return (value) => {
    if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype || Object.hasOwn(value, '__proto__')) return undefined;
    return JSON.stringify(value);
  };
}

/**
 * The app's serializer compiler. `verify` (outside production): every answer is serialized by zod
 * too, and a difference fails the answer (500) with both texts in the error.
 */
export function compiledSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route) as (data: unknown) => string;
    const write = compileWriter(route.schema);
    if (!write) return viaZod;
    if (!options.verify) return (data) => write(data) ?? viaZod(data);
    return (data) => {
      const expected = viaZod(data);
      const written = write(data);
      if (written !== expected) throw new Error(`compiled serializer of ${route.method} ${route.url} wrote ${written} where zod wrote ${expected}`);
      return written;
    };
  };
}
