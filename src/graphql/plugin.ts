// /graphql: the administration console's API. Apollo Server over a type-graphql schema; each request
// gets its own context. Service errors become GraphQL errors whose extensions.code is the numeric
// service code, described in the same one place as the REST envelope. A request with an
// administrator's bearer token runs as that administrator, in their tenant; every operation but
// login and refresh is guarded by `authChecker` (src/graphql/auth/auth-checker.ts).
import 'reflect-metadata';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerErrorCode } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { type BuildSchemaOptions, buildSchema } from 'type-graphql';
import type { Core } from '../core/core';
import { acceptedLanguages } from '../core/language/accept-language';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { describeError, type ErrorMessages } from '../core/errors/describe-error';
import { ServiceError } from '../core/errors/service-error';
import { authChecker } from './auth/auth-checker';
import { AuthResolver } from './auth/auth.resolver';
import { clientErrorFields } from './client-error-fields';
import { CompiledQueries } from './compiled-queries';
import { createGraphQLContext, type GraphQLContext } from './context';
import { errorExtensions } from './error-extensions';
import { callFieldResolversDirectly, ResolverInstances } from './field-resolvers';
import { explorerLandingPage, explorerRoutes } from './explorer';
import { ErrorCodeResolver } from './error-code/error-code.resolver';
import { auditPlugin } from './audit/audit-plugin';
import { OperationLogResolver } from './audit/operation-log.resolver';
import { watchListBounds } from './limits/list-bounds';
import { GRAPHQL_MAX_TOKENS, type QueryLimits, queryLimitsPlugin } from './limits/query-limits';
import { resolvePlainFieldsByDefault } from './plain-fields';
import { OAuth2ClientResolver } from './oauth2/oauth2-client.resolver';
import { OAuth2TokenResolver } from './oauth2/oauth2-token.resolver';
import { SocialClientResolver } from './social/social-client.resolver';
import { MenuResolver, MenuSimpleViewResolver } from './menu/menu.resolver';
import { RoleResolver } from './role/role.resolver';
import { TenantPackageResolver, TenantResolver } from './tenant/tenant.resolver';
import { DeptResolver } from './dept/dept.resolver';
import { PostResolver } from './post/post.resolver';
import { MailAccountResolver, MailLogResolver, MailTemplateResolver } from './messaging/mail.resolver';
import { SmsChannelResolver, SmsLogResolver, SmsTemplateResolver } from './messaging/sms.resolver';
import { NotifyMessageResolver, NotifyTemplateResolver } from './notify/notify.resolver';
import { VerificationCodeResolver } from './verification/verification-code.resolver';
import { ShortLinkGroupResolver, ShortLinkRecordResolver } from './short-link/short-link.resolver';
import { WebhookEndpointResolver } from './webhook/webhook-endpoint.resolver';
import { GatewayIpBlacklistResolver } from './gateway/ip-blacklist.resolver';
import { CurrencyRatePolicyResolver, CurrencyResolver } from './currency/currency.resolver';
import { CountryResolver, RegionResolver } from './geo/geo.resolver';
import { DictResolver } from './dict/dict.resolver';
import { NoticeResolver } from './notice/notice.resolver';
import { OptionsResolver } from './options/options.resolver';
import { SensitiveWordResolver } from './sensitive-word/sensitive-word.resolver';
import { ClassifyResolver } from './content/classify.resolver';
import { InformationResolver } from './content/information.resolver';
import { ProtocolStatementResolver } from './content/protocol-statement.resolver';
import { SupportInfoResolver } from './content/support-info.resolver';
import { SystemLanguageResolver } from './language/system-language.resolver';
import { UserResolver } from './user/user.resolver';

export const RESOLVERS = [AuthResolver, ErrorCodeResolver, UserResolver, DeptResolver, PostResolver, SmsChannelResolver, SmsTemplateResolver, SmsLogResolver, MailAccountResolver, MailTemplateResolver, MailLogResolver, NotifyTemplateResolver, NotifyMessageResolver, VerificationCodeResolver, RoleResolver, MenuResolver, MenuSimpleViewResolver, TenantResolver, TenantPackageResolver, OAuth2ClientResolver, OAuth2TokenResolver, SocialClientResolver, OperationLogResolver, SensitiveWordResolver, DictResolver, NoticeResolver, CurrencyResolver, CurrencyRatePolicyResolver, CountryResolver, RegionResolver, ShortLinkGroupResolver, ShortLinkRecordResolver, GatewayIpBlacklistResolver, ClassifyResolver, SupportInfoResolver, InformationResolver, ProtocolStatementResolver, SystemLanguageResolver, WebhookEndpointResolver, OptionsResolver] as const;

export async function buildGraphQLSchema() {
  const container = new ResolverInstances();
  const options: BuildSchemaOptions = { resolvers: RESOLVERS, validate: false, authChecker, authMode: 'error', container };
  const schema = await buildSchema(options);
  resolvePlainFieldsByDefault(schema, options);
  callFieldResolversDirectly(schema, options, container);
  return schema;
}

export interface GraphQLOptions {
  core: Core;
  /** Introspection and the GraphiQL explorer at GET /graphql (config GRAPHQL_INTROSPECTION). */
  introspection: boolean;
  /** Depth and cost limits of operations (config GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_COST). */
  limits: QueryLimits;
}

/** Apollo formats errors without their request; this remembers each error's request id and language first. */
const errorRequests = new WeakMap<object, { requestId: string; languages: readonly string[] }>();
const rememberErrorRequests: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        for (const error of errors) errorRequests.set(error, { requestId: contextValue.ctx.requestId, languages: contextValue.languages });
      },
    };
  },
};

/** Apollo's codes of a request the caller got wrong (syntax, validation, variables): its message says what. */
const CLIENT_ERROR_CODES: ReadonlySet<unknown> = new Set([
  ApolloServerErrorCode.GRAPHQL_PARSE_FAILED,
  ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED,
  ApolloServerErrorCode.BAD_USER_INPUT,
  ApolloServerErrorCode.BAD_REQUEST,
  ApolloServerErrorCode.OPERATION_RESOLUTION_FAILURE,
  ApolloServerErrorCode.PERSISTED_QUERY_NOT_FOUND,
  ApolloServerErrorCode.PERSISTED_QUERY_NOT_SUPPORTED,
]);

/**
 * GraphQL-level errors (syntax, validation, variables), also when a scalar's parser threw them
 * (`menu(id: 1.5)`), keep Apollo's message in the service's shape: BAD_REQUEST (400) with the fields
 * they name. Errors thrown by resolvers are described, in the request's language where `messages`
 * overrides the code's message.
 */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
  log: Pick<FastifyInstance['log'], 'error'>,
  messages?: ErrorMessages,
): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? error.originalError : undefined;
  const { locations, path } = formatted;
  const { requestId, languages } = errorRequests.get(error as object) ?? { requestId: 'unknown', languages: [] };
  if (original instanceof GraphQLError || CLIENT_ERROR_CODES.has(formatted.extensions?.code)) {
    // GraphQL's own message stays as it is; the fields it names are worded in the request's language.
    const refusal = new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: formatted.message }, formatted.message, {}, clientErrorFields(formatted.message));
    return { message: formatted.message, locations, path, extensions: errorExtensions(describeError(refusal, requestId, messages, languages)) };
  }
  if (!original) return formatted;
  const description = describeError(original, requestId, messages, languages);
  if (description.unexpected) log.error({ err: original, reqId: requestId }, 'unexpected GraphQL resolver error');
  return { message: description.message, locations, path, extensions: errorExtensions(description) };
}

/**
 * Headers an error asks for (Retry-After on 503, WWW-Authenticate on 401) go on the HTTP answer, as
 * on the other faces; Apollo keeps resolver errors at HTTP 200, but a client reads the header.
 */
const errorHeaders: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response, errors }) {
        for (const error of errors ?? []) {
          const original = error.originalError;
          if (!original || original instanceof GraphQLError) continue;
          for (const [name, value] of Object.entries(describeError(original, '').headers)) response.http.headers.set(name.toLowerCase(), value);
        }
      },
    };
  },
};

/**
 * Answers are never stored by caches. Apollo's cache-control plugin said so too, but it hooks every
 * field of every operation (a per-field hook makes Apollo wrap each resolver) to compute hints this
 * schema never gives: it is disabled and the header set here.
 */
const answersNotStored: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        response.http.headers.set('cache-control', 'no-store');
      },
    };
  },
};

export async function graphqlPlugin(app: FastifyInstance, options: GraphQLOptions): Promise<void> {
  const schema = await buildGraphQLSchema();
  watchListBounds(schema, (details) => app.log.warn(details, 'a list answered more items than its bound in src/graphql/limits/list-bounds.ts: raise the bound'));
  const plugins: ApolloServerPlugin<GraphQLContext>[] = [
    fastifyApolloDrainPlugin(app),
    rememberErrorRequests,
    errorHeaders,
    answersNotStored,
    ApolloServerPluginCacheControlDisabled(),
    queryLimitsPlugin(options.limits),
    auditPlugin(options.core, app.log),
    app.metrics.apolloPlugin(),
    options.introspection ? explorerLandingPage : ApolloServerPluginLandingPageDisabled(),
  ];
  const apollo = new ApolloServer<GraphQLContext>({
    // Errors never carry server internals, in development either (resolver errors are described in one place).
    includeStacktraceInErrorResponses: false,
    gateway: new CompiledQueries(schema).gateway(),
    introspection: options.introspection,
    csrfPrevention: true,
    // With introspection off, "Did you mean ..." suggestions would map the schema all the same.
    hideSchemaDetailsFromClientErrors: !options.introspection,
    parseOptions: { maxTokens: GRAPHQL_MAX_TOKENS },
    plugins,
    formatError: (formatted, error) => formatGraphQLError(formatted, error, app.log, options.core.errorCodes.messages),
  });
  await apollo.start();
  if (options.introspection) await explorerRoutes(app);

  // Who is calling is settled before Apollo sees the request: an administrator's token gives their
  // context; a token of another user type (a partner's) is refused with HTTP 401 right here.
  const callers = new WeakMap<FastifyRequest, Awaited<ReturnType<Core['adminAuth']['contextFor']>>>();
  app.addHook('onRequest', async (request, reply) => {
    try {
      callers.set(request, await options.core.adminAuth.contextFor({ requestId: request.id, ip: request.ip, authorization: request.headers.authorization }));
    } catch (error) {
      const description = describeError(error, request.id, options.core.errorCodes.messages, acceptedLanguages(request.headers['accept-language']));
      if (description.unexpected) throw error;
      return reply
        .code(description.httpStatus)
        .headers(description.headers)
        .send({ errors: [{ message: description.message, extensions: errorExtensions(description) }] });
    }
  });

  await app.register(fastifyApollo(apollo), {
    path: '/graphql',
    context: async (request) => {
      const caller = callers.get(request);
      if (!caller) throw new Error('the caller of a /graphql request was not authenticated');
      return createGraphQLContext(options.core, caller.ctx, caller.session, acceptedLanguages(request.headers['accept-language']));
    },
  });
}
