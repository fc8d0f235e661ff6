// The matched route's config (its `url` included; {} with no url for an unmatched request), read by
// the hooks that run on every answer. `request.routeOptions` builds a fresh object of a dozen fields
// on every read, so the first read is kept on the request.
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';

export type RouteConfig = FastifyContextConfig & { url?: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `routeConfig` on first use. */
    matchedRouteConfig: RouteConfig | undefined;
  }
}

/** Declares the request field once (a fixed request shape); call on the root instance. */
export function registerRouteConfig(app: FastifyInstance): void {
  app.decorateRequest('matchedRouteConfig', undefined);
}

export function routeConfig(request: FastifyRequest): RouteConfig {
  return (request.matchedRouteConfig ??= request.routeOptions.config);
}
