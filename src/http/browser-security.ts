// What browsers are told: security headers on every answer (@fastify/helmet) and CORS for the two
// faces a browser application on another origin calls (/graphql, /trpc; config CORS_ORIGINS).
// Answers are JSON for programs, so the default policy lets a page load nothing at all; the few HTML
// pages (docs UI, GraphQL explorer, payment checkout) and the file downloads declare their own.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** An API answer is never a page: nothing loads, nothing frames it. */
const API_POLICY = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * A page built from this server's own assets only: scripts and styles from 'self' (no inline script;
 * the UI libraries set inline style attributes), calls to this origin only, never framed.
 */
export const SELF_HOSTED_PAGE_POLICY =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * Route options of /files/:key: shown inline by the browser (images, PDF) and embeddable by partner
 * pages on other origins, which is what the public file links are for.
 */
export const FILE_DOWNLOAD_HEADERS = {
  helmet: {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], imgSrc: ["'self'"], objectSrc: ["'self'"], styleSrc: ["'unsafe-inline'"] } },
    crossOriginResourcePolicy: { policy: 'cross-origin' as const },
  },
};

/** The paths a browser application on another origin may call (CORS_ORIGINS). */
const CORS_PATH = /^\/(graphql|trpc)(\/|\?|$)/;

export async function registerBrowserSecurity(app: FastifyInstance, options: { corsOrigins: readonly string[] }): Promise<void> {
  await app.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: API_POLICY }, frameguard: { action: 'deny' } });
  const allowed = new Set(options.corsOrigins);
  await app.register(cors, {
    // Tokens travel in the Authorization header, never in cookies: no credentials mode.
    delegator: (request: FastifyRequest, callback) =>
      callback(null, {
        origin: CORS_PATH.test(request.url) && allowed.size > 0 ? (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)) : false,
        methods: ['GET', 'POST'],
        exposedHeaders: ['x-request-id'],
        maxAge: 600,
      }),
  });
}
