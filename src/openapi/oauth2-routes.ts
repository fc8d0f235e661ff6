// POST /open-api/system/oauth2/token and .../token/revoke (open-api.md, token operations). Both take
// their parameters from the query string (the seed's form) or from an
// application/x-www-form-urlencoded body (RFC 6749 4.4.2, RFC 7009 2.1), and the client's
// credentials from HTTP Basic or from client_id and client_secret in that body (RFC 6749 2.3.1).
import basicAuth from '@fastify/basic-auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { andThen, type MaybePromise } from '../core/maybe-async';
import { z } from '../core/validation';
import type { Core } from '../core/core';
import { ErrorCatalogue } from '../core/errors/catalogue';
import type { ErrorDescription } from '../core/errors/describe-error';
import { englishReason, type ReasonName, refusal } from '../core/errors/reasons';
import { type ErrorParams, ServiceError } from '../core/errors/service-error';
import type { ClientSettings } from '../core/oauth2/client-registry';
import { bearerToken, invalidClient, TOKEN_CALL_ERRORS } from '../core/oauth2/partner-auth';
import { rateLimitHeaders } from '../core/ratelimit/rate-limiter';
import { apiHeadersWith } from '../http/browser-security';
import { sendError } from '../http/rest-errors';
import { envelopeOf, ok } from './envelope';
import { tenantIdHeader } from './tenant-header';
import { fieldText } from '../core/validation-messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client authenticated by its credentials on the token routes. */
    basicClient?: ClientSettings;
    /** The client id and secret of an HTTP Basic header, as parsed (not yet checked). */
    basicCredentials?: BasicCredentials;
  }
}

interface BasicCredentials {
  clientId: string;
  secret: string;
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
const TOKEN_PATH = '/system/oauth2/token';
/** Token answers, errors included, must never be cached (RFC 6749 5.1): with the API's security headers, one set per answer. */
const TOKEN_ANSWER_HEADERS = apiHeadersWith({ 'cache-control': 'no-store', pragma: 'no-cache' });
/** A token call's form is a few short fields. */
const FORM_BODY_LIMIT = 8 * 1024;

const grantType = z.literal('client_credentials', { error: () => fieldText('unsupportedGrantType') });
const scope = z.string().max(2000).describe('Space-separated scopes; omitted = every scope of the client');
const clientCredentialFields = {
  client_id: z.string().max(128).optional().describe('With client_secret, instead of HTTP Basic (RFC 6749 2.3.1)'),
  client_secret: z.string().max(128).optional(),
};

const tokenQuery = z.object({ grant_type: grantType.optional(), scope: scope.optional() });
// Unknown form fields are ignored, as RFC 6749 3.2 asks of a token endpoint.
const tokenForm = z.object({ grant_type: grantType.optional(), scope: scope.optional(), ...clientCredentialFields }).nullish();

const tokenData = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
}).meta({ id: 'AccessToken' });

const revokedToken = z.string().min(1).max(512).describe('The access token to revoke');
const revokeQuery = z.object({ token: revokedToken.optional() });
const revokeForm = z.object({ token: revokedToken.optional(), ...clientCredentialFields }).nullish();

type Form = { client_id?: string; client_secret?: string } | null | undefined;

/** 400 whose detail repeats the reason (describeError words both in the request's language). */
function badRequest(reason: ReasonName, params: ErrorParams = {}): ServiceError {
  return refusal(ErrorCatalogue.BAD_REQUEST, reason, params, { detail: englishReason(reason, params) });
}

/** A form body; a field given twice is refused (RFC 6749 3.2: parameters are sent once). */
function parseForm(text: string): Record<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (fields.has(name)) throw badRequest('formFieldRepeated', { field: name });
    fields.set(name, value);
  }
  return Object.fromEntries(fields);
}

/** The one value of a parameter that may come in the query or in the form, not both. */
function parameter<T>(name: string, inQuery: T | undefined, inForm: T | undefined, required: boolean): T | undefined {
  if (inQuery !== undefined && inForm !== undefined) throw badRequest('formFieldTwice', { field: name });
  const value = inQuery ?? inForm;
  if (value === undefined && required) throw badRequest('formFieldRequired', { field: name });
  return value;
}

/**
 * A token call to `url` exactly (the token path with `?grant_type=client_credentials` as its whole
 * query) and without a body (Fastify's own test for a POST without one): its validation, the NUL
 * guard and the parameter checks can only pass, so authenticating its client first changes no answer.
 */
function isPlainTokenCall(request: FastifyRequest, url: string): boolean {
  const { headers } = request;
  return (
    request.url === url &&
    headers['content-type'] === undefined &&
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0')
  );
}

/** The RFC 6749 5.2 error code of a failed token call, for OAuth clients that read `error`. */
function oauthErrorCode(description: ErrorDescription): string | undefined {
  if (description.code === ErrorCatalogue.OAUTH2_SCOPE_NOT_ALLOWED.code) return 'invalid_scope';
  if (description.code === ErrorCatalogue.OAUTH2_GRANT_TYPE_NOT_ALLOWED.code) return 'unauthorized_client';
  if (description.httpStatus === 401) return 'invalid_client';
  if (description.httpStatus === 400) return description.detail.includes('unsupported_grant_type') ? 'unsupported_grant_type' : 'invalid_request';
  return undefined;
}

function oauthErrorFields(description: ErrorDescription): Record<string, string> {
  const error = oauthErrorCode(description);
  return error === undefined ? {} : { error, error_description: description.message };
}

export const oauth2Routes: FastifyPluginAsyncZod<{ core: Core }> = async (app, { core }) => {
  const { partnerAuth } = core;

  // @fastify/basic-auth parses the header only: checking the credentials is PartnerAuth's, whose
  // errors must not pass through the plugin (it would answer them all 401). Its validate is
  // synchronous, so the plugin calls back before basicAuth returns: no promise per refusal.
  await app.register(basicAuth, {
    utf8: false,
    validate: (clientId: string, secret: string, request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      request.basicCredentials = { clientId, secret };
      done();
    },
  });
  /** The client id and secret of the `Authorization: Basic` header, or undefined when it is missing or malformed. */
  function basicCredentials(request: FastifyRequest, reply: FastifyReply): BasicCredentials | undefined {
    let credentials: BasicCredentials | undefined;
    app.basicAuth(request, reply, (error?: Error) => {
      if (!error) credentials = request.basicCredentials;
    });
    return credentials;
  }

  /**
   * Authenticates the client of a token call by HTTP Basic or by the form's client_id and
   * client_secret: undefined, or the spent-budget refusal to send (see ClientAuthentication); other
   * refusals are thrown. Synchronous when PartnerAuth answers from memory.
   */
  function authenticateClient(request: FastifyRequest, reply: FastifyReply, form: Form): MaybePromise<ServiceError | undefined> {
    let credentials: BasicCredentials | undefined;
    if (form?.client_id !== undefined || form?.client_secret !== undefined) {
      if (request.headers.authorization !== undefined) throw badRequest('clientCredentialsOnce');
      if (!form.client_id || !form.client_secret) throw invalidClient('clientCredentialsTogether');
      credentials = { clientId: form.client_id, secret: form.client_secret };
    } else {
      credentials = basicCredentials(request, reply);
      if (!credentials) throw invalidClient('malformedBasicCredentials');
    }
    return andThen(partnerAuth.authenticateClient({ clientId: credentials.clientId, secret: credentials.secret, ip: request.ip }), (authentication) => {
      if (authentication instanceof ServiceError) return authentication;
      reply.headers(rateLimitHeaders(authentication.rateLimit));
      request.basicClient = authentication.client;
      return undefined;
    });
  }

  /**
   * The token call as nearly every client sends it (see isPlainTokenCall) has its client authenticated
   * on arrival: a refusal, the answer to every request of a wrong-secret flood, is then sent at once,
   * without the parsing, validation and hooks that could only have passed. Any other call is
   * authenticated in the preHandler, after its parameters are checked, as before.
   */
  const plainTokenCallUrl = `${app.prefix}${TOKEN_PATH}?grant_type=client_credentials`;
  function authenticateOnArrival(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    if (!isPlainTokenCall(request, plainTokenCallUrl)) return done();
    let refused: MaybePromise<ServiceError | undefined>;
    try {
      refused = authenticateClient(request, reply, undefined);
    } catch (error) {
      sendError(error, request, reply, oauthErrorFields);
      return;
    }
    // No named closure per call: the bundle's keepNames would define its name on each one.
    if (refused instanceof Promise) refused.then((refusal) => answerOnArrival(refusal, request, reply, done), (error: unknown) => sendError(error, request, reply, oauthErrorFields));
    else answerOnArrival(refused, request, reply, done);
  }
  function answerOnArrival(refusal: ServiceError | undefined, request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    if (refusal) sendError(refusal, request, reply, oauthErrorFields);
    else done();
  }

  app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, parseForm(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.setErrorHandler((error, request, reply) => sendError(error, request, reply, oauthErrorFields));

  app.post(
    TOKEN_PATH,
    {
      config: { securityHeaders: TOKEN_ANSWER_HEADERS },
      schema: {
        summary: 'Get an access token (client credentials)',
        description:
          'Parameters in the query or in an application/x-www-form-urlencoded body; client credentials by HTTP Basic or as client_id and client_secret in that body. Errors carry the RFC 6749 `error` code beside the envelope.',
        tags: ['OAuth 2.0'],
        security: [{ basicAuth: [] }],
        querystring: tokenQuery,
        consumes: [FORM_CONTENT_TYPE],
        body: tokenForm,
        response: { 200: envelopeOf(tokenData, [...TOKEN_CALL_ERRORS.authenticateClient, ...TOKEN_CALL_ERRORS.issueToken]) },
      },
      onRequest: authenticateOnArrival,
      preHandler: async (request, reply) => {
        if (request.basicClient) return;
        try {
          parameter('grant_type', request.query.grant_type, request.body?.grant_type, true);
          const refused = await authenticateClient(request, reply, request.body);
          if (refused) return sendError(refused, request, reply, oauthErrorFields);
        } catch (error) {
          // Answered here rather than through Fastify's error path (the same sendError, fewer steps).
          return sendError(error, request, reply, oauthErrorFields);
        }
      },
    },
    async (request) => {
      const scopeParameter = parameter('scope', request.query.scope, request.body?.scope, false);
      return ok(await partnerAuth.issueToken(request.basicClient as ClientSettings, scopeParameter, tenantIdHeader(request)));
    },
  );

  app.post(
    '/system/oauth2/token/revoke',
    {
      config: { securityHeaders: TOKEN_ANSWER_HEADERS },
      schema: {
        summary: 'Revoke an access token (RFC 7009)',
        description:
          "Authenticated by the client's credentials (as on the token call) or by the token itself as Bearer; `token` in the query or the form body. Answers true when a token of this client was revoked, false otherwise (never an error).",
        tags: ['OAuth 2.0'],
        security: [{ basicAuth: [] }, { bearerAuth: [] }],
        querystring: revokeQuery,
        consumes: [FORM_CONTENT_TYPE],
        body: revokeForm,
        response: { 200: envelopeOf(z.boolean(), TOKEN_CALL_ERRORS.authenticateClient) },
      },
      preHandler: async (request, reply) => {
        parameter('token', request.query.token, request.body?.token, true);
        if (bearerToken(request.headers.authorization)) {
          request.basicClient = (await partnerAuth.authenticateBearer(request.headers.authorization)).client;
        } else {
          const refused = await authenticateClient(request, reply, request.body);
          if (refused) return sendError(refused, request, reply, oauthErrorFields);
        }
      },
    },
    async (request) => {
      const token = parameter('token', request.query.token, request.body?.token, true) as string;
      return ok(await partnerAuth.revoke(token, (request.basicClient as ClientSettings).clientId));
    },
  );
};
