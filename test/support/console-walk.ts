// Generic walks over the console's two faces, so that a field or procedure added later is covered
// with no change to the tests that use them: every root field of the GraphQL schema the server builds
// (arguments generated from their types, every scalar leaf selected) and every tRPC procedure of the
// router (input generated from its zod schema). Values come from `values` by field name first
// (ids and keys a test wants to aim at), else from the type.
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
} from 'graphql';
import { z } from 'zod';
import { buildGraphQLSchema } from '../../src/graphql/plugin';
import { appRouter } from '../../src/trpc/router';

/**
 * Values by field or argument name; besides, `type:<Scalar>` gives every GraphQL input field of that
 * scalar type (optional ones included), and `*Id` every integer field named like an id (`memberId`,
 * `id`; `orderItemIds` gets a list).
 */
export type WalkValues = Readonly<Record<string, unknown>>;

const ID_NAME = /(^id|Id)$/;
const IDS_NAME = /Ids$/;

let schema: Promise<GraphQLSchema> | undefined;
/** The schema /graphql serves. */
export const consoleSchema = () => (schema ??= buildGraphQLSchema());

/** How deep selections go into nested objects (root field = 1). */
const MAX_SELECTION_DEPTH = 4;

/** The selection of every scalar leaf of `type`, nested objects included (each type once per path). */
export function selectionOf(type: GraphQLOutputType, depth = 1, seen: ReadonlySet<string> = new Set()): string | null {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return '';
  if (isUnionType(named) || isInterfaceType(named)) {
    const members = isUnionType(named) ? named.getTypes() : [];
    const parts = members.map((member) => {
      const inner = selectionOf(member, depth, seen);
      return inner ? `... on ${member.name} ${inner}` : null;
    });
    return `{ __typename ${parts.filter(Boolean).join(' ')} }`;
  }
  if (!isObjectType(named) || seen.has(named.name) || depth > MAX_SELECTION_DEPTH) return null;
  const inside = new Set([...seen, named.name]);
  const fields = Object.values(named.getFields())
    .filter((field) => field.args.every((arg) => !isNonNullType(arg.type) || arg.defaultValue !== undefined))
    .map((field) => {
      const inner = selectionOf(field.type, depth + 1, inside);
      return inner === null ? null : `${field.name}${inner ? ` ${inner}` : ''}`;
    })
    .filter((field): field is string => field !== null);
  return fields.length > 0 ? `{ ${fields.join(' ')} }` : null;
}

/** A value for an input type: required input fields only (minimal), named values first. */
export function inputValueOf(type: GraphQLInputType, name: string, values: WalkValues): unknown {
  if (name in values) return values[name];
  const nullable = isNonNullType(type) ? type.ofType : type;
  if (isListType(nullable)) return [inputValueOf(nullable.ofType, name, values)];
  if (isInputObjectType(nullable)) {
    const object: Record<string, unknown> = {};
    for (const field of Object.values(nullable.getFields())) {
      const required = isNonNullType(field.type) && field.defaultValue === undefined;
      const typed = `type:${getNamedType(field.type).name}` in values;
      if (required || typed || field.name in values) object[field.name] = inputValueOf(field.type, field.name, values);
    }
    return object;
  }
  if (isEnumType(nullable)) return nullable.getValues()[0]!.value;
  if (`type:${nullable.name}` in values) return values[`type:${nullable.name}`];
  switch (nullable.name) {
    case 'Int':
    case 'Int64':
    case 'Float':
      return 1;
    case 'Boolean':
      return false;
    case 'DateTime':
    case 'DateTimeISO':
      return '2026-11-21T10:00:00.000Z';
    case 'JSONObject':
      return {};
    default:
      return 'x';
  }
}

export interface RootCall {
  field: string;
  query: string;
  variables: Record<string, unknown>;
  /** Every argument value, nested ones included, as generated. */
  args: Record<string, unknown>;
}

/** One operation calling `field` with generated arguments, selecting every scalar leaf of its answer. */
export function rootCall(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, values: WalkValues): RootCall {
  const args: Record<string, unknown> = {};
  const declared: string[] = [];
  const passed: string[] = [];
  for (const arg of field.args as readonly GraphQLArgument[]) {
    if (!(arg.name in values) && !isNonNullType(arg.type)) continue;
    args[arg.name] = inputValueOf(arg.type, arg.name, values);
    declared.push(`$${arg.name}: ${String(arg.type)}`);
    passed.push(`${arg.name}: $${arg.name}`);
  }
  const selection = selectionOf(field.type) ?? '';
  const head = declared.length ? `${kind}(${declared.join(', ')})` : kind;
  const call = passed.length ? `${field.name}(${passed.join(', ')})` : field.name;
  return { field: field.name, query: `${head} { ${call}${selection ? ` ${selection}` : ''} }`, variables: args, args };
}

/** Every root field of the query or mutation type, each as one operation; `values` may depend on the field's name. */
export async function rootCalls(kind: 'query' | 'mutation', values: WalkValues | ((field: string) => WalkValues)): Promise<RootCall[]> {
  const root = kind === 'query' ? (await consoleSchema()).getQueryType() : (await consoleSchema()).getMutationType();
  return Object.values(root?.getFields() ?? {}).map((field) => rootCall(kind, field, typeof values === 'function' ? values(field.name) : values));
}

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  const?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
}

/** A value for a JSON schema: required properties only (minimal), named values first. */
function jsonValueOf(schema: JsonSchema, name: string, values: WalkValues): unknown {
  if (name in values) return values[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return jsonValueOf(schema.anyOf[0]!, name, values);
  switch (schema.type) {
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (key in values || schema.required?.includes(key)) object[key] = jsonValueOf(property, key, values);
      }
      return object;
    }
    case 'array':
      if (IDS_NAME.test(name) && '*Id' in values) return [values['*Id']];
      return schema.items ? [jsonValueOf(schema.items, name, values)] : [];
    case 'integer':
    case 'number':
      if (ID_NAME.test(name) && '*Id' in values) return values['*Id'];
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'boolean':
      return false;
    default:
      return 'x';
  }
}

export interface ProcedureCall {
  path: string;
  type: 'query' | 'mutation';
  /** undefined for procedures without input. */
  input: unknown;
}

/** Every procedure of the router, with an input generated from its schema. */
export function procedureCalls(values: WalkValues): ProcedureCall[] {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string; inputs: z.ZodType[] } }> } })._def.procedures;
  return Object.entries(procedures).map(([path, procedure]) => {
    const [schema] = procedure._def.inputs;
    const input = schema ? jsonValueOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, '', values) : undefined;
    return { path, type: procedure._def.type as 'query' | 'mutation', input };
  });
}

/** Calls a procedure by its dotted path on a typed client. */
export function callProcedure(client: unknown, call: ProcedureCall): Promise<unknown> {
  const target = call.path.split('.').reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, client as Record<string, unknown>);
  const method = target[call.type === 'query' ? 'query' : 'mutate'] as (input: unknown) => Promise<unknown>;
  return method(call.input);
}

/** Every string in a JSON value (object keys excluded). */
export function stringsIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, into);
  return into;
}
