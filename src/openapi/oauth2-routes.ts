// POST /open-api/system/oauth2/token and .../token/revoke (open-api.md, token operations).
import basicAuth from '@fastify/basic-auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../core/validation';
import type { Core } from '../core/core';
import type { ClientSettings } from '../core/oauth2/client-registry';
import { bearerToken } from '../core/oauth2/partner-auth';
import { SYSTEM_TENANT_ID } from '../core/tenant/tenant-directory';
import { envelopeOf, ok } from './envelope';
import { tenantIdHeader } from './tenant-header';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client authenticated by HTTP Basic credentials on the token routes. */
    basicClient?: ClientSettings;
  }
}

const tokenQuery = z.object({
  grant_type: z.literal('client_credentials', {
    error: (issue) => (issue.input === undefined ? 'required' : 'unsupported_grant_type: only client_credentials is supported'),
  }),
  scope: z.string().max(2000).optional().describe('Space-separated scopes; omitted = every scope of the client'),
});

const tokenData = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
}).meta({ id: 'AccessToken' });

const revokeQuery = z.object({ token: z.string().min(1).max(512).describe('The access token to revoke') });

export const oauth2Routes: FastifyPluginAsyncZod<{ core: Core }> = async (app, { core }) => {
  const { partnerAuth } = core;
  await app.register(basicAuth, {
    authenticate: { realm: 'open-api' },
    utf8: false,
    validate: async (clientId: string, secret: string, request: FastifyRequest) => {
      request.basicClient = await partnerAuth.authenticateClient(clientId, secret);
    },
  });
  const authenticateBasic = (request: FastifyRequest, reply: FastifyReply) =>
    new Promise<void>((resolve, reject) => app.basicAuth(request, reply, (error?: Error) => (error ? reject(error) : resolve())));

  // Token answers, errors included, must never be cached (RFC 6749 5.1).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
  });

  app.post(
    '/system/oauth2/token',
    {
      schema: {
        summary: 'Get an access token (client credentials)',
        tags: ['OAuth 2.0'],
        security: [{ basicAuth: [] }],
        querystring: tokenQuery,
        response: { 200: envelopeOf(tokenData) },
      },
      preHandler: authenticateBasic,
    },
    async (request) => {
      const tenantId = tenantIdHeader(request) ?? SYSTEM_TENANT_ID;
      return ok(await partnerAuth.issueToken(request.basicClient as ClientSettings, request.query.scope, tenantId));
    },
  );

  app.post(
    '/system/oauth2/token/revoke',
    {
      schema: {
        summary: 'Revoke an access token (RFC 7009)',
        description: 'Authenticated by the client\'s Basic credentials or by the token itself as Bearer. Answers true when a token of this client was revoked, false otherwise (never an error).',
        tags: ['OAuth 2.0'],
        security: [{ basicAuth: [] }, { bearerAuth: [] }],
        querystring: revokeQuery,
        response: { 200: envelopeOf(z.boolean()) },
      },
      preHandler: async (request, reply) => {
        if (bearerToken(request.headers.authorization)) {
          request.basicClient = (await partnerAuth.authenticateBearer(request.headers.authorization)).client;
        } else {
          await authenticateBasic(request, reply);
        }
      },
    },
    async (request) => ok(await partnerAuth.revoke(request.query.token, (request.basicClient as ClientSettings).clientId)),
  );
};

