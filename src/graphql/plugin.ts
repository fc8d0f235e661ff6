// /graphql: the administration console's API. Apollo Server over a type-graphql schema; each request
// gets its own context. Service errors become GraphQL errors whose extensions.code is the numeric
// service code, described in the same one place as the REST envelope. A request with an
// administrator's bearer token runs as that administrator, in their tenant; every operation but
// login and refresh is guarded by `authChecker` (src/graphql/auth/auth-checker.ts).
import 'reflect-metadata';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { buildSchema } from 'type-graphql';
import type { Core } from '../core/core';
import { describeError } from '../core/errors/describe-error';
import { isServiceError } from '../core/errors/service-error';
import { authChecker } from './auth/auth-checker';
import { AuthResolver } from './auth/auth.resolver';
import { createGraphQLContext, type GraphQLContext } from './context';
import { ErrorCodeResolver } from './error-code/error-code.resolver';
import { auditPlugin } from './audit/audit-plugin';
import { OperationLogResolver } from './audit/operation-log.resolver';
import { type QueryLimits, queryLimitsPlugin } from './limits/query-limits';
import { OAuth2ClientResolver } from './oauth2/oauth2-client.resolver';
import { OAuth2TokenResolver } from './oauth2/oauth2-token.resolver';
import { SocialClientResolver } from './social/social-client.resolver';
import { MenuResolver } from './menu/menu.resolver';
import { RoleResolver } from './role/role.resolver';
import { TenantPackageResolver, TenantResolver } from './tenant/tenant.resolver';
import { DeptResolver } from './dept/dept.resolver';
import { PostResolver } from './post/post.resolver';
import { UserResolver } from './user/user.resolver';

export const RESOLVERS = [AuthResolver, ErrorCodeResolver, UserResolver, DeptResolver, PostResolver, RoleResolver, MenuResolver, TenantResolver, TenantPackageResolver, OAuth2ClientResolver, OAuth2TokenResolver, SocialClientResolver, OperationLogResolver] as const;

export function buildGraphQLSchema() {
  return buildSchema({ resolvers: RESOLVERS, validate: false, authChecker, authMode: 'error' });
}

export interface GraphQLOptions {
  core: Core;
  /** Introspection and the Apollo Sandbox landing page (config GRAPHQL_INTROSPECTION). */
  introspection: boolean;
  /** Depth and cost limits of operations (config GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_COST). */
  limits: QueryLimits;
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
  const plugins: ApolloServerPlugin<GraphQLContext>[] = [
    fastifyApolloDrainPlugin(app),
    rememberRequestIds,
    queryLimitsPlugin(options.limits),
    auditPlugin(options.core, app.log),
    options.introspection ? ApolloServerPluginLandingPageLocalDefault({ footer: false }) : ApolloServerPluginLandingPageDisabled(),
  ];
  const apollo = new ApolloServer<GraphQLContext>({
    // Errors never carry server internals, in development either (resolver errors are described in one place).
    includeStacktraceInErrorResponses: false,
    schema,
    introspection: options.introspection,
    csrfPrevention: true,
    plugins,
    formatError: (formatted, error) => formatGraphQLError(formatted, error, app.log),
  });
  await apollo.start();

  // Who is calling is settled before Apollo sees the request: an administrator's token gives their
  // context; a token of another user type (a partner's) is refused with HTTP 401 right here.
  const callers = new WeakMap<FastifyRequest, Awaited<ReturnType<Core['adminAuth']['contextFor']>>>();
  app.addHook('onRequest', async (request, reply) => {
    try {
      callers.set(request, await options.core.adminAuth.contextFor({ requestId: request.id, ip: request.ip, authorization: request.headers.authorization }));
    } catch (error) {
      if (!isServiceError(error)) throw error;
      const description = describeError(error, request.id);
      const extensions = { code: description.code, httpStatus: description.httpStatus, detail: description.detail };
      return reply.code(description.httpStatus).headers(description.headers).send({ errors: [{ message: description.message, extensions }] });
    }
  });

  await app.register(fastifyApollo(apollo), {
    path: '/graphql',
    context: async (request) => {
      const caller = callers.get(request);
      if (!caller) throw new Error('the caller of a /graphql request was not authenticated');
      return createGraphQLContext(options.core, caller.ctx, caller.session);
    },
  });
}
