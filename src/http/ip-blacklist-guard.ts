// The gateway IP blacklist, enforced before anything else runs: a root onRequest hook (so it covers
// /open-api, /graphql, /trpc, /files, /s and unknown routes alike) answers a blacklisted caller 403
// in the REST envelope, with code 403 as open-api.md's status table says (the caller's IP is refused
// like one missing from a client's whitelist). The lookup is in memory (core.ipBlacklist.matcher): no
// database call per request. The caller is `request.ip`, which honours TRUST_PROXY.
//
// Health checks are exempt: a load balancer probing /healthz and /readyz from an address inside a
// blacklisted network must not take the instance out of service.
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core/core';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { refusal } from '../core/errors/reasons';
import { sendError } from './rest-errors';
import { routeConfig } from './route-config';

const EXEMPT_ROUTES: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

export function registerIpBlacklistGuard(app: FastifyInstance, core: Core): void {
  const { matcher } = core.ipBlacklist;
  matcher.onReloadFailure((error) => app.log.error({ err: error }, 'IP blacklist reload failed; the previous entries stay in force'));
  // A callback hook: no promise per request on the path every request takes.
  app.addHook('onRequest', (request, reply, done) => {
    if (!matcher.blocks(request.ip) || EXEMPT_ROUTES.has(routeConfig(request).url ?? '')) return done();
    sendError(refusal(ErrorCatalogue.FORBIDDEN, 'ipBlocked', { ip: request.ip }), request, reply);
  });
}
