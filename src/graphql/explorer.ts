// The GraphQL explorer a browser gets at GET /graphql (when introspection is on): GraphiQL from its
// npm package, served by this server with its React, so it works with no internet and its page
// loads nothing from another origin (SELF_HOSTED_PAGE_POLICY).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import { addPageHeadersToHtml, SELF_HOSTED_PAGE_POLICY } from '../http/browser-security';

export const EXPLORER_ASSET_PATH = '/graphql/explorer';

/** Mounts GraphiQL on the page; the administrator pastes `Authorization: Bearer …` in its headers tab. */
const START_SCRIPT = `const root = ReactDOM.createRoot(document.getElementById('graphiql'));
root.render(React.createElement(GraphiQL, {
  fetcher: GraphiQL.createFetcher({ url: '/graphql' }),
  defaultEditorToolsVisibility: 'headers',
  defaultHeaders: '{"Authorization": "Bearer "}',
}));
`;

const packageDir = (name: string) => dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));

interface Asset {
  contentType: string;
  body: Buffer | string;
}

function loadAssets(): Record<string, Asset> {
  const javascript = 'application/javascript; charset=utf-8';
  return {
    'react.js': { contentType: javascript, body: readFileSync(join(packageDir('react'), 'umd/react.production.min.js')) },
    'react-dom.js': { contentType: javascript, body: readFileSync(join(packageDir('react-dom'), 'umd/react-dom.production.min.js')) },
    'graphiql.js': { contentType: javascript, body: readFileSync(join(packageDir('graphiql'), 'graphiql.min.js')) },
    'graphiql.css': { contentType: 'text/css; charset=utf-8', body: readFileSync(join(packageDir('graphiql'), 'graphiql.min.css')) },
    'start.js': { contentType: javascript, body: START_SCRIPT },
  };
}

const EXPLORER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>OpenBuy GraphQL explorer</title>
<link rel="stylesheet" href="${EXPLORER_ASSET_PATH}/graphiql.css">
<style>body { margin: 0; height: 100vh; } #graphiql { height: 100vh; }</style>
</head><body><div id="graphiql">Loading the explorer…</div>
<script src="${EXPLORER_ASSET_PATH}/react.js"></script>
<script src="${EXPLORER_ASSET_PATH}/react-dom.js"></script>
<script src="${EXPLORER_ASSET_PATH}/graphiql.js"></script>
<script src="${EXPLORER_ASSET_PATH}/start.js"></script>
</body></html>
`;

/** Apollo answers a browser's GET /graphql with this page instead of its CDN-hosted sandbox. */
export const explorerLandingPage: ApolloServerPlugin = {
  async serverWillStart() {
    return { async renderLandingPage() { return { html: EXPLORER_HTML }; } };
  },
};

/** The explorer's files, and the page headers and policy on the HTML Apollo sends for GET /graphql (JSON otherwise). */
export async function explorerRoutes(app: FastifyInstance): Promise<void> {
  const assets = loadAssets();
  app.get<{ Params: { file: string } }>(
    `${EXPLORER_ASSET_PATH}/:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const asset = Object.hasOwn(assets, request.params.file) ? assets[request.params.file] : undefined;
      if (!asset) return reply.callNotFound();
      return reply.type(asset.contentType).header('cache-control', 'public, max-age=3600').send(asset.body);
    },
  );
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', SELF_HOSTED_PAGE_POLICY);
    }
  });
  app.addHook('onSend', addPageHeadersToHtml);
}
