// Every page query of the administration schema (schema.graphql, so a new one is covered the day it
// is added), with each field of its page input at and past its extremes: none answers a 500.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSchema, getNamedType, type GraphQLInputType, GraphQLEnumType, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLScalarType } from 'graphql';
import { expect, it } from 'vitest';
import { graphql, seededAdminToken } from './support/admin';
import { useTestApp } from './support/app';
import { extremeCases, type JsonSchema } from './support/extreme-inputs';

const test = useTestApp('graphql_bad_input');

const SCALARS: Record<string, JsonSchema> = {
  Int: { type: 'integer', minimum: -2_147_483_648, maximum: 2_147_483_647 },
  Int64: { type: 'integer' },
  Float: { type: 'number' },
  String: { type: 'string' },
  ID: { type: 'string' },
  Boolean: { type: 'boolean' },
  DateTimeISO: { type: 'string', format: 'date-time' },
};

/** The page fields' bounds, which the schema states in its descriptions only (pageNo from 1, pageSize 1..100). */
const PAGE_FIELDS: Record<string, JsonSchema> = {
  pageNo: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100 },
};

/** A GraphQL input type as the JSON Schema the extremes are drawn from. */
function jsonSchemaOf(type: GraphQLInputType): JsonSchema {
  if (type instanceof GraphQLNonNull) return jsonSchemaOf(type.ofType);
  if (type instanceof GraphQLList) return { type: 'array', items: jsonSchemaOf(type.ofType) };
  if (type instanceof GraphQLEnumType) return { enum: type.getValues().map((value) => value.name) };
  if (type instanceof GraphQLScalarType) return SCALARS[type.name] ?? {};
  const fields = Object.values((type as GraphQLInputObjectType).getFields());
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field.name, PAGE_FIELDS[field.name] ?? jsonSchemaOf(field.type)])),
    required: fields.filter((field) => field.type instanceof GraphQLNonNull).map((field) => field.name),
  };
}

it('never answers 500 at the extremes of any page input', async () => {
  const schema = buildSchema(readFileSync(resolve(import.meta.dirname, '../schema.graphql'), 'utf8'));
  const token = await seededAdminToken(test.core);
  const failures: string[] = [];
  let cases = 0;
  let served = 0;
  for (const field of Object.values(schema.getQueryType()?.getFields() ?? {})) {
    const [argument] = field.args;
    const inputType = argument && getNamedType(argument.type);
    if (!argument || !(inputType instanceof GraphQLInputObjectType) || !('pageNo' in inputType.getFields())) continue;
    const query = `query($input: ${argument.type.toString()}) { ${field.name}(${argument.name}: $input) { __typename } }`;
    for (const { field: name, value, input } of extremeCases(jsonSchemaOf(inputType))) {
      const answer = await graphql(test.app, query, { token, variables: { input } });
      cases += 1;
      if (answer.data !== null) served += 1;
      const internal = answer.status >= 500 || (answer.errors ?? []).some((error) => error.extensions.httpStatus === 500 || error.extensions.code === 'INTERNAL_SERVER_ERROR');
      if (internal) failures.push(`${field.name} ${name}=${JSON.stringify(value)?.slice(0, 40)}: ${answer.status} ${JSON.stringify(answer.errors)?.slice(0, 200)}`);
    }
  }
  expect(failures).toEqual([]);
  expect(cases).toBeGreaterThan(300);
  // The calls reach the resolvers: the extremes within bounds are served.
  expect(served).toBeGreaterThan(50);
}, 300_000);
