// Query operations of /graphql run as graphql-jit compiles them: once per document (from its second
// run), into a function that reads plain fields as property reads (see plain-fields.ts) instead of
// calling a resolver per field and value. A 100-user page answers ~1,500 fields, most of them plain.
//
// Apollo runs it through its executor interface (the `gateway` option, whose only part used here is
// the executor): parsing, validation, the plugins, error formatting and the answer stay Apollo's.
// Mutations (and anything not a query) still run on graphql-js. Answers and errors are graphql-js's:
// - variables are coerced by graphql-js first, whose refusals are answered as they are;
// - a resolver's error becomes the GraphQLError graphql-js makes of it (message, locations, path, the
//   thrown error as `originalError`, its extensions), so formatGraphQLError describes it as before;
// - errors graphql-js words itself (a null in a non-null field, a value a scalar refuses, an argument
//   refused at run time) carry no thrown error in graphql-jit: such a query runs again on graphql-js
//   and answers that. A read twice, on a path that is a server bug or a refused argument.
import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import {
  type DocumentNode,
  execute,
  type ExecutionResult,
  getVariableValues,
  GraphQLError,
  type GraphQLSchema,
  type Source,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { GraphQLContext } from './context';

type Gateway = ApolloServerOptionsWithGateway<GraphQLContext>['gateway'];
type Executor = NonNullable<Awaited<ReturnType<Gateway['load']>>['executor']>;
type ExecutorRequest = Parameters<Executor>[0];

/**
 * Documents whose operations are tracked (and compiled), least recently used dropped first. Apollo
 * keeps the parsed document of each query text it validated and hands that same object back for that
 * text, so a document is compiled once while Apollo keeps it. A compiled page query holds ~30 kB.
 */
export const MAX_COMPILED_DOCUMENTS = 500;

/**
 * An operation is compiled on its second run: compiling costs about twice what parsing and validating
 * it cost (the user page: 1.9-3.4 ms against 1.1-1.9 ms, load 15), so one-off documents run on
 * graphql-js and neither cost that nor hold memory.
 */
const COMPILED_FROM_RUN = 2;

/** graphql-js's own coercion limit (`execute` stops at 50 variable errors). */
const MAX_VARIABLE_ERRORS = 50;

/** A compiled operation, or null when graphql-jit cannot compile it (graphql-js then runs it). */
type Compiled = { query: CompiledQuery; lineStarts: number[] } | null;

/** An operation of a document: how often it ran, and once compiled, its compilation. */
interface TrackedOperation {
  runs: number;
  compiled?: Compiled;
}

/** Where each line of `source` starts, to turn graphql-jit's line and column back into a position. */
function lineStartsOf(source: Source | undefined): number[] {
  const starts = [0];
  for (const match of source?.body.matchAll(/\r\n|[\n\r]/g) ?? []) starts.push(match.index + match[0].length);
  return starts;
}

/**
 * graphql-jit's error for a field as graphql-js's `locatedError` makes it, or undefined when graphql-js
 * would word it itself (graphql-jit then kept no thrown error, or the thrown error placed itself).
 */
function asGraphQLJsError(error: GraphQLError, source: Source | undefined, lineStarts: number[]): GraphQLError | undefined {
  const thrown = error.originalError;
  if (!(thrown instanceof Error) || (thrown instanceof GraphQLError && (thrown.path !== undefined || thrown.nodes !== undefined))) return undefined;
  const positions = source && error.locations?.map(({ line, column }) => lineStarts[line - 1]! + column - 1);
  return new GraphQLError(thrown.message, { source, positions, path: error.path, originalError: thrown });
}

export class CompiledQueries {
  /** Operations by document, then by operation name ('' when the request names none). */
  private readonly documents = new Map<DocumentNode, Map<string, TrackedOperation>>();

  constructor(private readonly schema: GraphQLSchema) {}

  /** Apollo's executor interface over this schema: its only schema, loaded once. */
  gateway(): Gateway {
    return {
      onSchemaLoadOrUpdate: (callback) => {
        callback({ apiSchema: this.schema, coreSupergraphSdl: '' });
        return () => {};
      },
      load: async () => ({ executor: (request) => this.execute(request) }),
      stop: async () => {},
    };
  }

  private async execute(request: ExecutorRequest): Promise<ExecutionResult> {
    const { document, operation, context } = request;
    const { operationName, variables } = request.request;
    const graphqlJs = () => execute({ schema: this.schema, document, contextValue: context, variableValues: variables, operationName });
    if (operation?.operation !== 'query') return graphqlJs();
    const compiled = this.compiled(document, operationName ?? '');
    if (!compiled) return graphqlJs();
    if (operation.variableDefinitions?.length) {
      const coerced = getVariableValues(this.schema, operation.variableDefinitions, variables ?? {}, { maxErrors: MAX_VARIABLE_ERRORS });
      if (coerced.errors) return { errors: coerced.errors };
    }
    const result = await compiled.query.query(undefined, context, variables);
    // Variables graphql-js accepted and graphql-jit refused: graphql-js's answer counts.
    if (!('data' in result)) return graphqlJs();
    if (!result.errors) return result;
    const source = document.loc?.source;
    const errors = result.errors.map((error) => asGraphQLJsError(error, source, compiled.lineStarts));
    if (!errors.every((error) => error !== undefined)) return graphqlJs();
    return { data: result.data, errors };
  }

  /** The operation compiled, or null while graphql-js runs it. */
  private compiled(document: DocumentNode, operationName: string): Compiled {
    let operations = this.documents.get(document);
    if (operations) {
      this.documents.delete(document);
    } else {
      operations = new Map();
      if (this.documents.size >= MAX_COMPILED_DOCUMENTS) this.documents.delete(this.documents.keys().next().value!);
    }
    this.documents.set(document, operations);
    let operation = operations.get(operationName);
    if (!operation) operations.set(operationName, (operation = { runs: 0 }));
    operation.runs += 1;
    if (operation.runs < COMPILED_FROM_RUN) return null;
    if (operation.compiled === undefined) {
      const query = compileQuery(this.schema, document, operationName || undefined, { disablingCapturingStackErrors: true });
      operation.compiled = isCompiledQuery(query) ? { query, lineStarts: lineStartsOf(document.loc?.source) } : null;
    }
    return operation.compiled;
  }
}
