// The guarded part of /open-api: every route here declares the scope it needs (a route without one
// fails at start-up), and the guard checks token, tenant, IP whitelist, rate limit and scope
// before the handler runs.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Core } from '../core/core';
import type { AuthorizedPartner } from '../core/oauth2/partner-auth';
import type { OpenApiScope } from '../core/oauth2/scopes';
import { rateLimitHeaders } from '../core/ratelimit/rate-limiter';
import { RequestContext } from '../core/request-context';
import { routeConfig } from '../http/route-config';
import { tenantIdHeader } from './tenant-header';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The OAuth 2.0 scope a partner operation needs. */
    scope?: OpenApiScope;
  }
  interface FastifyRequest {
    partner?: AuthorizedPartner;
  }
}

export type PartnerRoutes = FastifyPluginAsyncZod<{ core: Core }>;

/** The caller's context for a partner operation (after the guard ran). */
export function partnerContext(request: FastifyRequest, core: Core): RequestContext {
  const { token, client } = request.partner as AuthorizedPartner;
  return new RequestContext(
    request.id,
    token.tenantId,
    { kind: 'partner', clientId: client.clientId, clientRecordId: client.id, scopes: token.scopes },
    request.ip,
    core.clock,
  );
}

function admit(request: FastifyRequest, reply: FastifyReply, partner: AuthorizedPartner, done: HookHandlerDoneFunction): void {
  request.partner = partner;
  // Set now, so every answer to this request carries them, errors included.
  reply.headers(rateLimitHeaders(partner.rateLimit));
  done();
}

export async function partnerRoutes(app: FastifyInstance, options: { core: Core; routes: readonly PartnerRoutes[] }): Promise<void> {
  const { core } = options;
  app.addHook('onRoute', (route) => {
    if (!route.config?.scope) throw new Error(`open-api route ${route.method} ${route.url} declares no scope`);
    route.schema = { ...route.schema, security: [{ bearerAuth: [route.config.scope] }] };
  });
  // A callback hook: with the token, its client and the limit in memory (every call but a token's
  // first, on the memory limiter) the guard costs no promise. A throw here is answered as a rejection.
  app.addHook('onRequest', (request, reply, done) => {
    const authorized = core.partnerAuth.authorize({
      authorization: request.headers.authorization,
      ip: request.ip,
      tenantId: tenantIdHeader(request),
      scope: routeConfig(request).scope as OpenApiScope,
    });
    if (authorized instanceof Promise) authorized.then((partner) => admit(request, reply, partner, done), done);
    else admit(request, reply, authorized, done);
  });
  for (const routes of options.routes) await app.register(routes, { core });
}
