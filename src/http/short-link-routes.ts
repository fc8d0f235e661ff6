// GET /s/:code: the public face of short links. No token: the random code is the permission. An
// enabled, unexpired link of an active tenant answers 302 to its target and counts the visit; any
// other code answers the 404 envelope, like an unknown route (nothing tells a prober what exists).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Core } from '../core/core';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { ServiceError } from '../core/errors/service-error';
import { RequestContext } from '../core/request-context';
import { z } from '../core/validation';

export const shortLinkRoutes: FastifyPluginAsyncZod<{ core: Core }> = async (app, { core }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/s/:code',
    exposeHeadRoute: false,
    schema: { hide: true, params: z.object({ code: z.string() }) },
    handler: async (request, reply) => {
      const ctx = new RequestContext(request.id, null, { kind: 'anonymous' }, request.ip, core.clock);
      const target = await core.shortLinks.visit(ctx, request.params.code, request.method === 'GET');
      if (!target) throw new ServiceError(ErrorCatalogue.NOT_FOUND, { method: request.method, url: request.url.replace(/\?.*$/, '') });
      // Every visit must reach the server to be counted.
      return reply.header('Cache-Control', 'no-store').redirect(target, 302);
    },
  });
};
