// GET /files/:key: the files of FileStore, public by design: the unguessable key in the URL is the
// permission (invoice URLs are handed to partners, who pass them on to their users). Outside
// /open-api, so no token is needed; an unknown key answers the 404 envelope.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Core } from '../core/core';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { ServiceError } from '../core/errors/service-error';
import { z } from '../core/validation';
import { FILE_DOWNLOAD_HEADERS } from './browser-security';

/** Files never change under their key; browsers may keep them, shared caches may not (the URL is private). */
export const FILE_CACHE_CONTROL = 'private, max-age=86400, immutable';

export const fileRoutes: FastifyPluginAsyncZod<{ core: Core }> = async (app, { core }) => {
  app.get(
    '/files/:key',
    { config: { securityHeaders: FILE_DOWNLOAD_HEADERS }, schema: { hide: true, params: z.object({ key: z.string() }) } },
    async (request, reply) => {
      const file = await core.files.get(request.params.key);
      // A malformed key is answered like an unknown one: nothing tells a prober what a key looks like.
      if (!file) throw new ServiceError(ErrorCatalogue.NOT_FOUND, { method: request.method, url: request.url.replace(/\?.*$/, '') });
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `inline; filename="${file.fileName}"`)
        .header('Cache-Control', FILE_CACHE_CONTROL)
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.data);
    },
  );
};
