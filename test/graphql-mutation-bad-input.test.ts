// Every mutation of the administration schema, found by introspection of the running server (so a
// new one is covered the day it is added), with each of its input fields (arguments, and fields of
// input objects and their lists, a few levels down) set in turn to a value no field may accept:
// past its integer range, of the wrong type, holding NUL, far too long, a negative id. Each must be
// refused with a coded error, never INTERNAL_SERVER_ERROR or a 500, and change nothing stored.
import { createHash } from 'node:crypto';
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  type IntrospectionQuery,
} from 'graphql';
import { expect, it } from 'vitest';
import type { Db } from '../src/core/db/client';
import { graphql, randomIp, seededAdminToken } from './support/admin';
import { useTestApp } from './support/app';
import { delegate, MODELS } from './support/model-rows';

const test = useTestApp('graphql_mutation_bad_input');

/** Rows no refusal may change. The operation log records every mutation, refused ones included (its purpose). */
const WATCHED_MODELS = [...MODELS.values()].filter((model) => model.name !== 'OperationLog');

/** A digest of every stored row of the watched models. */
async function storedState(db: Db): Promise<string> {
  const hash = createHash('sha256');
  for (const model of WATCHED_MODELS) {
    const rows = await delegate(db, model.name).findMany({ orderBy: model.key.map((field) => ({ [field]: 'asc' })) });
    hash.update(model.name).update(JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)));
  }
  return hash.digest('hex');
}

/** Past every column: past int32, past 2^53, past int64, a double, and the wrong types. */
const INT64_BAD = [2 ** 53 + 2, 2 ** 63, -(2 ** 63), 1e17, 0.5, 'twelve', true];
const LONG_STRING = 'x'.repeat(200_000);

function isIdField(name: string): boolean {
  return /(^id|Id|Ids)$/.test(name);
}

/** Values the field `name` of `type` must refuse. */
function badValues(type: GraphQLInputType, name: string): unknown[] {
  const named = type instanceof GraphQLNonNull ? type.ofType : type;
  if (named instanceof GraphQLList) return badValues(named.ofType, name).map((value) => [value]);
  if (named instanceof GraphQLEnumType) return ['NOT_A_VALUE', 1];
  if (named instanceof GraphQLInputObjectType) return ['not an object', 1];
  switch ((named as GraphQLScalarType).name) {
    case 'Int':
      return [2_147_483_648, -2_147_483_649, 1e308, 0.5, 'twelve'];
    case 'Int64':
      return isIdField(name) ? [...INT64_BAD, -1] : INT64_BAD;
    case 'Float':
      return ['twelve', true];
    case 'Boolean':
      return ['true', 1];
    case 'DateTimeISO':
      return ['yesterday', '99999-01-01T00:00:00Z', 12];
    case 'JSONObject':
      return ['not an object', [1]];
    default:
      return ['\u0000', `a\u0000b`, LONG_STRING, 12_345, true];
  }
}

/** A value of `type` for the fields left alone: required fields only, each at a plain value. */
function baseline(type: GraphQLInputType): unknown {
  const named = type instanceof GraphQLNonNull ? type.ofType : type;
  if (named instanceof GraphQLList) return [];
  if (named instanceof GraphQLEnumType) return named.getValues()[0]?.name;
  if (named instanceof GraphQLInputObjectType) return requiredOf(Object.values(named.getFields()));
  switch ((named as GraphQLScalarType).name) {
    case 'Boolean':
      return false;
    case 'DateTimeISO':
      return '2026-01-01T00:00:00Z';
    case 'JSONObject':
      return {};
    case 'Int':
    case 'Int64':
    case 'Float':
      return 1;
    default:
      return 'x';
  }
}

function requiredOf(fields: readonly { name: string; type: GraphQLInputType }[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field.type instanceof GraphQLNonNull).map((field) => [field.name, baseline(field.type)]));
}

interface BadCase {
  path: string;
  value: unknown;
  variables: Record<string, unknown>;
}

/** For each field of `fields` (and, `depth` levels down, of its input objects), its bad values over the baseline of the rest. */
function badCases(fields: readonly { name: string; type: GraphQLInputType }[], depth: number): BadCase[] {
  const base = requiredOf(fields);
  const cases: BadCase[] = [];
  for (const field of fields) {
    for (const value of badValues(field.type, field.name)) cases.push({ path: field.name, value, variables: { ...base, [field.name]: value } });
    const inner = getNamedType(field.type);
    if (!(inner instanceof GraphQLInputObjectType) || depth === 0) continue;
    const isList = (field.type instanceof GraphQLNonNull ? field.type.ofType : field.type) instanceof GraphQLList;
    for (const nested of badCases(Object.values(inner.getFields()), depth - 1)) {
      cases.push({ path: `${field.name}.${nested.path}`, value: nested.value, variables: { ...base, [field.name]: isList ? [nested.variables] : nested.variables } });
    }
  }
  return cases;
}

/** What is wrong with the answer to a bad input: it must be refused with a code, and never as an internal error. */
function problemOf(status: number, body: { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: unknown; httpStatus?: unknown } }[]; code?: unknown }, field: string): string | undefined {
  if (status >= 500) return `HTTP ${status}`;
  // Refused before GraphQL (the NUL guard, the body limit): the envelope with its code.
  if (body.errors === undefined && typeof body.code === 'number' && body.code !== 0 && status >= 400) return undefined;
  if (!body.errors?.length) return 'accepted';
  if (body.data?.[field] !== undefined && body.data?.[field] !== null) return 'answered data beside its errors';
  // Service errors carry their numeric code, GraphQL's own (bad variables) a string code.
  const uncoded = body.errors.find(({ extensions }) => {
    const code = extensions?.code;
    return !(typeof code === 'number' || typeof code === 'string') || code === 'INTERNAL_SERVER_ERROR' || code === 500 || extensions?.httpStatus === 500;
  });
  return uncoded && `error ${JSON.stringify(uncoded).slice(0, 200)}`;
}

it('refuses extreme input to every mutation with a coded error, never a 500, and changes nothing', async () => {
  const token = await seededAdminToken(test.core);
  const introspection = await graphql<IntrospectionQuery>(test.app, getIntrospectionQuery(), { token });
  const schema = buildClientSchema(introspection.data as IntrospectionQuery);
  const mutations = Object.values(schema.getMutationType()?.getFields() ?? {});
  expect(mutations.length).toBeGreaterThan(100);
  const db = test.core.database.db;
  const failures: string[] = [];
  let cases = 0;
  let state = await storedState(db);
  for (const mutation of mutations) {
    const declarations = mutation.args.map((argument) => `$${argument.name}: ${argument.type.toString()}`).join(', ');
    const passing = mutation.args.map((argument) => `${argument.name}: $${argument.name}`).join(', ');
    const selection = getNamedType(mutation.type) instanceof GraphQLObjectType ? ' { __typename }' : '';
    const query = mutation.args.length > 0 ? `mutation(${declarations}) { ${mutation.name}(${passing})${selection} }` : '';
    for (const { path, value, variables } of query ? badCases(mutation.args, 3) : []) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: randomIp(),
        headers: { authorization: `Bearer ${token}` },
        payload: { query, variables },
      });
      cases += 1;
      const problem = problemOf(response.statusCode, response.json(), mutation.name);
      if (problem) failures.push(`${mutation.name} ${path}=${JSON.stringify(value)?.slice(0, 40)}: ${problem}`);
    }
    const after = await storedState(db);
    if (after !== state) failures.push(`${mutation.name}: a refused input changed stored rows`);
    state = after;
  }
  expect(failures).toEqual([]);
  expect(cases).toBeGreaterThan(2_000);
}, 900_000);
