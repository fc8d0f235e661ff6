// PostgreSQL text cannot hold the NUL character (U+0000): a string carrying one would fail deep in
// a query with a 500. A root preValidation hook refuses it on every face (REST query and body,
// GraphQL variables, tRPC input) with 400 naming the field, before any validation or handler runs.
import type { FastifyInstance } from 'fastify';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { issuePath } from '../core/errors/describe-error';
import { ServiceError } from '../core/errors/service-error';

/** The path of the first string (value or key) in `value` holding U+0000, if any. */
function nulPath(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = [...path, Array.isArray(value) ? Number(key) : key];
    if (key.includes('\u0000')) return childPath;
    const found = nulPath(child, childPath);
    if (found) return found;
  }
  return undefined;
}

/** JSON text as what it encodes (tRPC carries its input as text: the `input` query parameter, a string body). */
function parsedJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function registerNulCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found =
      nulPath(request.query) ??
      nulPath(request.body) ??
      (request.url.startsWith('/trpc/')
        ? (nulPath(parsedJson((request.query as { input?: unknown } | undefined)?.input)) ?? nulPath(parsedJson(request.body)))
        : undefined);
    if (found) throw new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: `${found.length > 0 ? issuePath(found) : 'body'}: must not contain the NUL character` });
  });
}
