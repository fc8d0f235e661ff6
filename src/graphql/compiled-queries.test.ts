import { buildSchema, type DocumentNode, execute, type ExecutionResult, getOperationAST, GraphQLError, type GraphQLObjectType, parse } from 'graphql';
import * as jit from 'graphql-jit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { ServiceError } from '../core/errors/service-error';
import { CompiledQueries, MAX_COMPILED_DOCUMENTS } from './compiled-queries';

vi.mock('graphql-jit', async (importOriginal) => {
  const actual = await importOriginal<typeof import('graphql-jit')>();
  return { ...actual, compileQuery: vi.fn(actual.compileQuery) };
});

const notFound = new ServiceError(ErrorCatalogue.NOT_FOUND);
const refused = new GraphQLError('Access denied', { extensions: { code: 'FORBIDDEN' } });

const schema = buildSchema(`
  input Filter { name: String!, limit: Int = 2 }
  type Query {
    users(filter: Filter): [User!]!
    user(id: Int!): User
    missing: User
    forbidden: User
    broken: User!
    count(by: Int = 1): Int
  }
  type Mutation { rename(id: Int!, name: String!): User }
  type User { id: Int!, name: String!, role: Role, tags: [String!]!, badName: String! }
  type Role { id: Int!, name: String! }
`);
const users = [
  { id: 1, name: 'ada', role: { id: 10, name: 'admin' }, tags: ['a', 'b'], badName: null },
  { id: 2, name: 'bob', role: null, tags: [], badName: 'b' },
];
const resolvers: Record<string, Record<string, (source: unknown, args: Record<string, unknown>) => unknown>> = {
  Query: {
    users: (_, { filter }) => users.filter((user) => !filter || user.name.startsWith((filter as { name: string }).name)),
    user: async (_, { id }) => users.find((user) => user.id === id) ?? null,
    missing: () => Promise.reject(notFound),
    forbidden: () => {
      throw refused;
    },
    broken: () => null,
    count: (_, { by }) => (by as number) * 2,
  },
  Mutation: { rename: (_, { id, name }) => ({ ...users.find((user) => user.id === id), name }) },
};
for (const [typeName, fields] of Object.entries(resolvers)) {
  for (const [fieldName, resolve] of Object.entries(fields)) (schema.getType(typeName) as GraphQLObjectType).getFields()[fieldName]!.resolve = resolve;
}

/** Runs query texts as Apollo hands them to the executor: one parsed document per text. */
async function executorOf(queries: CompiledQueries) {
  const { executor } = await queries.gateway().load({ apollo: { graphRef: undefined, key: undefined, keyHash: undefined } });
  const documents = new Map<string, DocumentNode>();
  return async (query: string, variables?: Record<string, unknown>, operationName?: string) => {
    const document = documents.get(query) ?? parse(query);
    documents.set(query, document);
    const operation = getOperationAST(document, operationName) ?? undefined;
    return executor!({ document, operation, context: {}, request: { query, variables, operationName } } as unknown as Parameters<NonNullable<typeof executor>>[0]);
  };
}

/** What Apollo and formatGraphQLError read of an answer. */
function shapeOf(result: ExecutionResult) {
  return {
    data: result.data,
    errors: result.errors?.map((error) => ({
      message: error.message,
      locations: error.locations,
      path: error.path,
      extensions: error.extensions,
      thrown: error.originalError === undefined ? undefined : { kind: error.originalError.constructor.name, message: error.originalError.message },
      thrownSame: ([notFound, refused] as Error[]).includes(error.originalError as Error),
    })),
  };
}

const graphqlJs = async (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  execute({ schema, document: parse(query), variableValues: variables, operationName, contextValue: {} });

const compileQuery = vi.mocked(jit.compileQuery);

describe('compiled queries', () => {
  beforeEach(() => {
    compileQuery.mockClear();
  });

  it.each([
    ['fields, aliases, fragments, nested lists', 'query { users { id ...N role { id name } tags } first: user(id: 1) { name } } fragment N on User { name }', undefined],
    ['variables and input defaults', 'query($f: Filter) { users(filter: $f) { id name } count }', { f: { name: 'b' } }],
    ['an argument default', 'query($by: Int) { count(by: $by) }', {}],
    ['a service error and a GraphQL error thrown by resolvers', 'query {\n  missing { id }\n  ok: user(id: 2) { id }\n  forbidden { id }\n}', undefined],
    ['a null in a non-null field (graphql-js words it)', 'query { users { id badName } }', undefined],
    ['a null non-null root field', 'query { broken { id } }', undefined],
    ['refused variables', 'query($f: Filter, $id: Int!) { users(filter: $f) { id } user(id: $id) { id } }', { f: { name: 3, other: 1 }, id: 'x' }],
    ['a missing required variable', 'query($id: Int!) { user(id: $id) { id } }', {}],
    ['a mutation', 'mutation { rename(id: 1, name: "eve") { id name role { name } } }', undefined],
  ])('answer %s as graphql-js does, run on graphql-js and then compiled', async (_, query, variables) => {
    const run = await executorOf(new CompiledQueries(schema));
    const expected = shapeOf(await graphqlJs(query, variables));
    expect(shapeOf(await run(query, variables))).toEqual(expected);
    expect(shapeOf(await run(query, variables))).toEqual(expected);
    expect(compileQuery).toHaveBeenCalledTimes(query.startsWith('mutation') ? 0 : 1);
  });

  it('keep thrown errors as originalError, so service codes reach formatGraphQLError', async () => {
    const run = await executorOf(new CompiledQueries(schema));
    await run('{ missing { id } forbidden { id } }');
    const { errors } = await run('{ missing { id } forbidden { id } }');
    expect(compileQuery).toHaveBeenCalledTimes(1);
    const thrownAt = new Map(errors?.map((error) => [error.path?.[0], error.originalError]));
    expect(thrownAt.get('missing')).toBe(notFound);
    expect(thrownAt.get('forbidden')).toBe(refused);
    expect(errors?.every((error) => error instanceof GraphQLError)).toBe(true);
  });

  it('compile a query on its second run, once per document and operation, and never a mutation', async () => {
    const run = await executorOf(new CompiledQueries(schema));
    const query = 'query A { count } query B { users { id } } mutation C { rename(id: 2, name: "x") { id } }';
    for (let round = 0; round < 3; round++) {
      expect((await run(query, undefined, 'A')).data).toEqual({ count: 2 });
      expect((await run(query, undefined, 'B')).data).toEqual({ users: [{ id: 1 }, { id: 2 }] });
      expect((await run(query, undefined, 'C')).data).toEqual({ rename: { id: 2 } });
      expect(compileQuery.mock.calls.map(([, , operationName]) => operationName)).toEqual(round === 0 ? [] : ['A', 'B']);
    }
  });

  it('reuse a compiled document, and keep at most MAX_COMPILED_DOCUMENTS', async () => {
    const queries = new CompiledQueries(schema);
    const { executor } = await queries.gateway().load({ apollo: { graphRef: undefined, key: undefined, keyHash: undefined } });
    const documents = Array.from({ length: MAX_COMPILED_DOCUMENTS + 1 }, (_, index) => parse(`{ count(by: ${index}) }`));
    const run = (index: number) => {
      const document = documents[index]!;
      return executor!({ document, operation: getOperationAST(document), context: {}, request: {} } as unknown as Parameters<NonNullable<typeof executor>>[0]);
    };
    const twice = async (index: number) => {
      await run(index);
      return run(index);
    };
    expect(await twice(0)).toEqual({ data: { count: 0 } });
    expect(await run(0)).toEqual({ data: { count: 0 } });
    expect(compileQuery).toHaveBeenCalledTimes(1);
    for (let index = 1; index <= MAX_COMPILED_DOCUMENTS; index++) await twice(index);
    expect(compileQuery).toHaveBeenCalledTimes(MAX_COMPILED_DOCUMENTS + 1);
    // The first document was the least recently used: dropped, so counted and compiled anew; the last is kept.
    await run(MAX_COMPILED_DOCUMENTS);
    await run(0);
    expect(compileQuery).toHaveBeenCalledTimes(MAX_COMPILED_DOCUMENTS + 1);
    await run(0);
    expect(compileQuery).toHaveBeenCalledTimes(MAX_COMPILED_DOCUMENTS + 2);
  });
});
