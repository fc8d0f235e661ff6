// What browsers are told: security headers on every answer and CORS for the two faces a browser
// application on another origin calls (/graphql, /trpc; config CORS_ORIGINS). Most answers are JSON
// for programs and carry the API set (OWASP REST Security Cheat Sheet); HTML pages (console, docs UI,
// GraphQL explorer, payment checkout) carry helmet's full page set, and file downloads their own.
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Security headers of the route instead of the API ones (see FILE_DOWNLOAD_HEADERS); set on every answer by the request envelope. */
    securityHeaders?: Readonly<Record<string, string>>;
  }
}

/**
 * The headers helmet sets for `options`, worked out once: @fastify/helmet would rebuild helmet's
 * middleware on every request (tens of microseconds each), and these never change.
 */
function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

/**
 * A JSON answer is never a page, so it needs only what the OWASP REST Security Cheat Sheet lists for
 * an API: nothing caches it (a route that may be cached sets its own Cache-Control), nothing frames it
 * or loads anything from it, no browser sniffs it into HTML, HTTPS only, and no other origin embeds
 * it. helmet's other headers (COOP, Origin-Agent-Cluster, Referrer-Policy, DNS prefetch, legacy IE and
 * Flash ones) govern documents; every answer pays for each header it carries.
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** The API headers and `extra` (lower-case names), for a route's `securityHeaders`: one set written per answer. */
export function apiHeadersWith(extra: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.freeze({ ...API_HEADERS, ...extra });
}

/** An HTML page: helmet's full set; each page states its own policy (SELF_HOSTED_PAGE_POLICY, the checkout's nonce policy). */
const PAGE_HEADERS = helmetHeaders({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] } },
  frameguard: { action: 'deny' },
});

/** What a page carries beyond the API set. */
export const PAGE_ONLY_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(PAGE_HEADERS).filter(([name]) => !(name in API_HEADERS))),
);

/**
 * An onSend hook for routes that answer pages beside JSON (docs UI, GraphQL explorer, checkout): an
 * HTML answer gets the page headers too, so the kind of answer, not the route, decides the set.
 */
export function addPageHeadersToHtml(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.headers(PAGE_ONLY_HEADERS);
  done(null, payload);
}

/**
 * /files/:key: shown inline by the browser (images, PDF) and embeddable by partner pages on other
 * origins, which is what the public file links are for.
 */
export const FILE_DOWNLOAD_HEADERS = helmetHeaders({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], imgSrc: ["'self'"], objectSrc: ["'self'"], styleSrc: ["'unsafe-inline'"] } },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  frameguard: { action: 'deny' },
});

/**
 * A page built from this server's own assets only: scripts and styles from 'self' (no inline script;
 * the UI libraries set inline style attributes), calls to this origin only, never framed.
 */
export const SELF_HOSTED_PAGE_POLICY =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * The administration console (/console/): its own bundled scripts only; styles inline too, since antd
 * writes its CSS-in-JS into <style> elements at run time.
 */
export const CONSOLE_HEADERS = helmetHeaders({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
});

/** The paths CORS answers for; the plugin's catch-all OPTIONS route would otherwise answer any path. */
const CORS_PATH = /^\/(graphql|trpc)(\/|\?|$)/;

/**
 * CORS for the routes `register` adds (the /graphql and /trpc faces): the listed origins only. Its
 * hook runs on those routes alone (not on the partner API), and not at all when none is listed.
 */
export async function withCors(app: FastifyInstance, origins: readonly string[], register: (scope: FastifyInstance) => Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    if (origins.length > 0) {
      const listed = new Set(origins);
      const allowedOrigin = (request: FastifyRequest) => {
        const origin = request.headers.origin;
        return origin !== undefined && listed.has(origin) && CORS_PATH.test(request.url) ? origin : false;
      };
      await scope.register(cors, {
        // An origin not listed gets no CORS header at all. Tokens travel in the Authorization
        // header, never in cookies: no credentials mode.
        delegator: (request: FastifyRequest, callback) =>
          callback(null, { origin: allowedOrigin(request), methods: ['GET', 'POST'], exposedHeaders: ['x-request-id'], maxAge: 600 }),
      });
    }
    await register(scope);
  });
}
