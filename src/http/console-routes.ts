// The administration console at /console/: the static build of console/ (Vite writes console/dist).
// Hashed assets are cached for a year; index.html never, and every other path under /console/ is a
// deep link into the app and gets index.html. Without a build, /console/ says how to make one.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CONSOLE_HEADERS } from './browser-security';

export const CONSOLE_DIST = fileURLToPath(new URL('../../console/dist/', import.meta.url));

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

export async function consoleRoutes(app: FastifyInstance, options: { root?: string } = {}): Promise<void> {
  const root = options.root ?? CONSOLE_DIST;
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, securityHeaders: CONSOLE_HEADERS };
  });
  app.get('/console', { schema: { hide: true } }, (_request, reply) => reply.redirect('/console/', 301));
  if (!existsSync(join(root, 'index.html'))) {
    app.get('/console/*', { schema: { hide: true } }, (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send('The console is not built: run `npm run console:build`.\n'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/console/',
    // Routes for the files present now; the fallback below answers every other path.
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (response, path) => {
      response.setHeader('cache-control', path.includes('/assets/') ? IMMUTABLE : NO_CACHE);
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', NO_CACHE).sendFile('index.html', root, { cacheControl: false });
  app.get('/console/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/console/*', { schema: { hide: true } }, (request, reply) =>
    // A missing asset is a 404, not the app's page (a stale tab after a deploy must see it fail).
    request.url.startsWith('/console/assets/') ? reply.code(404).type('text/plain; charset=utf-8').send('Not found\n') : sendIndex(reply),
  );
}
