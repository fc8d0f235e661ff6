// The gateway IP blacklist, enforced before anything else runs: checked by the root onRequest hook of
// the request envelope (so it covers /open-api, /graphql, /trpc, /files, /s and unknown routes alike),
// which answers a blacklisted caller 403 in the REST envelope, with code 403 as open-api.md's status
// table says (the caller's IP is refused like one missing from a client's whitelist). The lookup is in
// memory (core.ipBlacklist.matcher): no database call per request. The caller is `request.ip`, which
// honours TRUST_PROXY.
//
// Health checks are exempt: a load balancer probing /healthz and /readyz from an address inside a
// blacklisted network must not take the instance out of service.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../core/core';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { refusal } from '../core/errors/reasons';
import type { ServiceError } from '../core/errors/service-error';
import type { RouteConfig } from './route-config';

const EXEMPT_ROUTES: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/** The refusal of a request from a blacklisted address (undefined for any other); `config` is the request's route config. */
export type IpBlacklistGuard = (request: FastifyRequest, config: RouteConfig) => ServiceError | undefined;

export function ipBlacklistGuard(app: FastifyInstance, core: Core): IpBlacklistGuard {
  const { matcher } = core.ipBlacklist;
  matcher.onReloadFailure((error) => app.log.error({ err: error }, 'IP blacklist reload failed; the previous entries stay in force'));
  return (request, config) =>
    matcher.blocks(request.ip) && !EXEMPT_ROUTES.has(config.url ?? '') ? refusal(ErrorCatalogue.FORBIDDEN, 'ipBlocked', { ip: request.ip }) : undefined;
}
