// What every request pays around its route, whatever the face: the request id, the security headers,
// the IP blacklist, the metrics, the NUL guard and the REST error handling. Registered on the root
// instance before any route, so every route (unknown ones and early refusals included) gets all of it.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Core } from '../core/core';
import { API_HEADERS } from './browser-security';
import { ipBlacklistGuard } from './ip-blacklist-guard';
import { type AppMetrics, registerMetrics } from './metrics';
import { registerNulCharacterGuard } from './nul-character-guard';
import { registerRestErrorHandling, sendError } from './rest-errors';
import { registerRouteConfig, routeConfig } from './route-config';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's options for the envelope: a caller's X-Request-Id is kept when it is sane, so logs join up across services. */
export const REQUEST_ENVELOPE_OPTIONS: Pick<FastifyServerOptions, 'genReqId'> = {
  genReqId: (request) => {
    const header = request.headers['x-request-id'];
    return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
  },
};

export function registerRequestEnvelope(app: FastifyInstance, core: Core, metrics: AppMetrics, options: { metricsToken: string | undefined }): void {
  registerRestErrorHandling(app, core.errorCodes.messages);
  registerRouteConfig(app);
  const blacklistRefusal = ipBlacklistGuard(app, core);
  // One callback hook, first of all: the security headers and the request id go on every answer, a
  // blacklisted caller's refusal included. Each hook is a step of Fastify's hook runner per request.
  app.addHook('onRequest', (request, reply, done) => {
    const config = routeConfig(request);
    reply.headers(config.securityHeaders ?? API_HEADERS).header('x-request-id', request.id);
    const refused = blacklistRefusal(request, config);
    if (refused === undefined) done();
    else sendError(refused, request, reply);
  });
  registerMetrics(app, metrics, { token: options.metricsToken });
  registerNulCharacterGuard(app);
}
