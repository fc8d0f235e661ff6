// /open-api: the partner REST contract, its OpenAPI 3.1 document (generated from the route
// schemas) and a docs UI. The token calls and the docs are the only public routes.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Core } from '../core/core';
import { addPageHeadersToHtml, SELF_HOSTED_PAGE_POLICY } from '../http/browser-security';
import { finishOpenApiDocument } from './document';
import { oauth2Routes } from './oauth2-routes';
import { type PartnerRoutes, partnerRoutes } from './partner-routes';

export interface OpenApiOptions {
  core: Core;
  /** Partner operations, each a plugin of scoped routes. */
  routes: readonly PartnerRoutes[];
  /** The public origin of the service: the document's server. */
  publicBaseUrl: string;
}

export async function openApiPlugin(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'OpenBuy open platform',
        version: '1.0.0',
        description: [
          'Partner API of the OpenBuy purchasing agent. Every answer is the envelope {code, data, msg, error_detail}; code 0 is success.',
          'A business rejection is HTTP 200 with a non-zero code of the error-code catalogue and data null; HTTP errors carry the envelope with code = HTTP status.',
          'Reads are GET with query parameters or POST with the same fields as a JSON body; a parameter a read does not know is refused (400 naming it).',
          'Arrays in a query string repeat the name (createTime=a&createTime=b); integers in a query string are their digits.',
        ].join(' '),
      },
      servers: [{ url: options.publicBaseUrl.replace(/\/+$/, ''), description: 'This OpenBuy service' }],
      components: {
        securitySchemes: {
          basicAuth: { type: 'http', scheme: 'basic', description: 'The OAuth 2.0 client id and secret (the token calls only)' },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The access_token answered by POST /open-api/system/oauth2/token; each operation names the scope it needs in its security requirement',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: finishOpenApiDocument,
  });
  // indexPrefix: the page's asset links are absolute at /open-api/docs (no trailing slash), as printed at start-up.
  await app.register(async (docs) => {
    docs.addHook('onSend', addPageHeadersToHtml);
    await docs.register(swaggerUi, { routePrefix: '/docs', indexPrefix: app.prefix, staticCSP: SELF_HOSTED_PAGE_POLICY });
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(oauth2Routes, { core: options.core });
  await app.register(partnerRoutes, { core: options.core, routes: options.routes });
}
