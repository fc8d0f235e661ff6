// /open-api: the partner REST contract, its OpenAPI 3.1 document (generated from the route
// schemas) and a docs UI. The token calls and the docs are the only public routes.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Core } from '../core/core';
import { SELF_HOSTED_PAGE_POLICY } from '../http/browser-security';
import { OPEN_API_SCOPES } from '../core/oauth2/scopes';
import { oauth2Routes } from './oauth2-routes';
import { type PartnerRoutes, partnerRoutes } from './partner-routes';

export interface OpenApiOptions {
  core: Core;
  /** Partner operations, each a plugin of scoped routes. */
  routes: readonly PartnerRoutes[];
}

export async function openApiPlugin(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'OpenBuy open platform',
        version: '1.0.0',
        description:
          'Partner API of the OpenBuy purchasing agent. Every answer is the envelope {code, data, msg, error_detail}; code 0 is success.',
      },
      components: {
        securitySchemes: {
          basicAuth: { type: 'http', scheme: 'basic', description: 'OAuth 2.0 client id and secret' },
          Authorization: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: '/open-api/system/oauth2/token',
                scopes: Object.fromEntries(OPEN_API_SCOPES.map((scope) => [scope, scope])),
              },
            },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // indexPrefix: the page's asset links are absolute at /open-api/docs (no trailing slash), as printed at start-up.
  await app.register(swaggerUi, { routePrefix: '/docs', indexPrefix: app.prefix, staticCSP: SELF_HOSTED_PAGE_POLICY });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(oauth2Routes, { core: options.core });
  await app.register(partnerRoutes, { core: options.core, routes: options.routes });
}
