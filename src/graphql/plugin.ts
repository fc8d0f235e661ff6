// /graphql: the administration console's API. Apollo Server over a type-graphql schema; each request
// gets its own context. Service errors become GraphQL errors whose extensions.code is the numeric
// service code, described in the same one place as the REST envelope.
import 'reflect-metadata';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { FastifyInstance } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { buildSchema } from 'type-graphql';
import type { Core } from '../core/core';
import { describeError } from '../core/errors/describe-error';
import { RequestContext } from '../core/request-context';
import type { GraphQLContext } from './context';
import { RequestLoaders } from './loaders';
import { ErrorCodeResolver } from './error-code/error-code.resolver';

export const RESOLVERS = [ErrorCodeResolver] as const;

export function buildGraphQLSchema() {
  return buildSchema({ resolvers: RESOLVERS, validate: false });
}

export interface GraphQLOptions {
  core: Core;
  introspection: boolean;
}

/** Apollo formats errors without their request; this remembers each error's request id first. */
const requestIds = new WeakMap<object, string>();
const rememberRequestIds: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        for (const error of errors) requestIds.set(error, contextValue.ctx.requestId);
      },
    };
  },
};

/** GraphQL-level errors (syntax, validation) keep Apollo's format; errors thrown by resolvers are described. */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown, log: Pick<FastifyInstance['log'], 'error'>): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? error.originalError : undefined;
  if (!original || original instanceof GraphQLError) return formatted;
  const requestId = requestIds.get(error as object) ?? 'unknown';
  const description = describeError(original, requestId);
  if (description.unexpected) log.error({ err: original, reqId: requestId }, 'unexpected GraphQL resolver error');
  return {
    message: description.message,
    locations: formatted.locations,
    path: formatted.path,
    extensions: { code: description.code, httpStatus: description.httpStatus, detail: description.detail },
  };
}

export async function graphqlPlugin(app: FastifyInstance, options: GraphQLOptions): Promise<void> {
  const schema = await buildGraphQLSchema();
  const plugins: ApolloServerPlugin<GraphQLContext>[] = [fastifyApolloDrainPlugin(app), rememberRequestIds];
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: options.introspection,
    csrfPrevention: true,
    plugins,
    formatError: (formatted, error) => formatGraphQLError(formatted, error, app.log),
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    path: '/graphql',
    context: async (request) => {
      const ctx = new RequestContext(request.id, null, { kind: 'anonymous' }, request.ip, options.core.clock);
      return { ctx, core: options.core, loaders: new RequestLoaders({ core: options.core, ctx }) };
    },
  });
}
