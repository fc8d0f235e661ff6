// Inputs at and past the extremes of every field of a JSON Schema (from the OpenAPI document or a
// zod input): for each field in turn, a baseline that satisfies the rest of the schema with that
// field replaced by a value at or beyond its bounds. None of them may reach a 500.

export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  $ref?: string;
}

export interface ExtremeCase {
  field: string;
  value: unknown;
  input: Record<string, unknown>;
}

/** Integers beyond every column and every offset: past int32, past 2^53, past int64, and a double. */
const HUGE_INTEGERS = [2_147_483_648, -2_147_483_649, 2 ** 53 + 2, 1e17, 2 ** 63, -(2 ** 63), 1e308];

function branches(schema: JsonSchema): JsonSchema[] {
  return schema.anyOf ?? schema.oneOf ?? (schema.allOf ? [Object.assign({}, ...schema.allOf) as JsonSchema] : [schema]);
}

/** The first branch with a concrete type (an empty-string alternative comes last). */
function concrete(schema: JsonSchema): JsonSchema {
  const options = branches(schema);
  return options.find((option) => option.type !== undefined && option.enum?.[0] !== '' && option.const !== '') ?? options[0] ?? schema;
}

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

/**
 * A value that satisfies `schema` as far as its keywords tell (either/or rules may still refuse it):
 * integers at their maximum, so that whatever the server derives from them (offsets, sums) is as
 * large as the contract allows when another field goes past its bounds.
 */
export function validValue(schema: JsonSchema): unknown {
  const chosen = concrete(schema);
  if (chosen.const !== undefined) return chosen.const;
  if (chosen.enum) return chosen.enum[0];
  switch (typeOf(chosen)) {
    case 'integer':
      return chosen.maximum ?? Math.max(chosen.minimum ?? 1, 1);
    case 'number':
      return Math.max(chosen.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: chosen.minItems ?? 0 }, (_, index) => dateOrValue(chosen.items ?? {}, index));
    case 'object':
      return Object.fromEntries((chosen.required ?? []).map((name) => [name, validValue(chosen.properties?.[name] ?? {})]));
    default:
      return stringValue(chosen);
  }
}

/** Items of a valid array: date-times ascending (a range must start before it ends). */
function dateOrValue(schema: JsonSchema, index: number): unknown {
  return concrete(schema).format === 'date-time' ? new Date(Date.UTC(2026, 0, 1 + index)).toISOString() : validValue(schema);
}

function stringValue(schema: JsonSchema): string {
  switch (schema.format) {
    case 'uri':
      return 'https://img.example.com/extreme.jpg';
    case 'date-time':
      return '2026-01-01T00:00:00Z';
    case 'email':
      return 'extreme@example.com';
  }
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
}

/** Values at and past the bounds of `schema`. */
export function extremeValues(schema: JsonSchema): unknown[] {
  const chosen = concrete(schema);
  switch (typeOf(chosen)) {
    case 'integer':
    case 'number': {
      const bounds = [chosen.minimum, chosen.maximum, chosen.exclusiveMinimum, chosen.exclusiveMaximum].filter((bound): bound is number => bound !== undefined);
      return [...bounds.flatMap((bound) => [bound - 1, bound, bound + 1]), 0, -1, 0.5, ...HUGE_INTEGERS];
    }
    case 'string': {
      const longest = chosen.maxLength ?? 10_000;
      return ['', ' ', 'x'.repeat(longest), 'x'.repeat(longest + 1), '\u0000', '😀'.repeat(Math.min(longest, 5_000) + 1), '99999999999999999999999'];
    }
    case 'array':
      return [[], Array.from({ length: (chosen.maxItems ?? 1_000) + 1 }, () => validValue(chosen.items ?? {}))];
    case 'boolean':
      return ['true', 1];
    default:
      return [null];
  }
}

/** For every property of an object schema (one level into nested objects and array items), its extremes over a valid baseline. */
export function extremeCases(schema: JsonSchema): ExtremeCase[] {
  const baseline = validValue(schema) as Record<string, unknown>;
  const cases: ExtremeCase[] = [];
  for (const [name, property] of Object.entries(concrete(schema).properties ?? {})) {
    for (const value of extremeValues(property)) cases.push({ field: name, value, input: { ...baseline, [name]: value } });
    const inner = concrete(property);
    const nested = typeOf(inner) === 'array' ? concrete(inner.items ?? {}) : inner;
    if (typeOf(nested) !== 'object') continue;
    for (const [innerName, innerProperty] of Object.entries(nested.properties ?? {})) {
      for (const value of extremeValues(innerProperty)) {
        const element = { ...(validValue(nested) as Record<string, unknown>), [innerName]: value };
        cases.push({ field: `${name}.${innerName}`, value, input: { ...baseline, [name]: typeOf(inner) === 'array' ? [element] : element } });
      }
    }
  }
  return cases;
}

/** `schema` with every local `$ref` of `root` replaced by what it names. */
export function inlineRefs(schema: unknown, root: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((entry) => inlineRefs(entry, root));
  if (schema === null || typeof schema !== 'object') return schema;
  const { $ref, ...rest } = schema as { $ref?: string };
  if (typeof $ref === 'string' && $ref.startsWith('#/')) {
    const target = $ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    return inlineRefs({ ...(target as object), ...rest }, root);
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlineRefs(value, root)]));
}
