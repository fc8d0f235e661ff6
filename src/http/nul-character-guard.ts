// PostgreSQL text cannot hold the NUL character (U+0000): a string carrying one would fail deep in
// a query with a 500. A root preValidation hook refuses it on every face (REST query and body,
// GraphQL variables, tRPC input) with 400 naming the field, before any validation or handler runs.
import { Stream } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { refusal } from '../core/errors/reasons';
import { issuePath } from '../core/errors/describe-error';

/** Data to walk: not a streamed body (multipart, octet-stream) nor raw bytes. */
function isData(value: object): boolean {
  return !(value instanceof Stream) && !ArrayBuffer.isView(value);
}

/**
 * The path of the first string (value or key) in `value` holding U+0000, if any. Walked with an
 * explicit stack, so a deeply nested body cannot overflow the call stack, each object once.
 */
function nulPath(root: unknown): (string | number)[] | undefined {
  // Most requests bring no body and a short query: nothing to allocate for them.
  if (typeof root === 'string') return root.includes('\u0000') ? [] : undefined;
  if (root === null || typeof root !== 'object') return undefined;
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  const seen = new WeakSet<object>();
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
      continue;
    }
    if (value === null || typeof value !== 'object' || !isData(value) || seen.has(value)) continue;
    seen.add(value);
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!;
      const childPath = [...path, Array.isArray(value) ? Number(key) : key];
      if (key.includes('\u0000')) return childPath;
      pending.push({ value: child, path: childPath });
    }
  }
  return undefined;
}

/**
 * The path of U+0000 written as the escape \u0000 in JSON text (tRPC carries its input as text: the
 * `input` query parameter, a string body); a raw one is found in the text itself. Only text holding
 * the escape is parsed here: parsing every input twice (here, then in tRPC) cost every call.
 */
function escapedNulPath(text: unknown): (string | number)[] | undefined {
  if (typeof text !== 'string' || !text.includes('\\u0000')) return undefined;
  try {
    return nulPath(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * The query string can hold U+0000 only percent-encoded (the HTTP parser refuses a raw one, and the
 * query parser decodes nothing else into it): a URL without `%00` needs no walk of its query.
 */
function queryMayHoldNul(url: string): boolean {
  return url.includes('%00');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the JSON body parser when the body's text cannot hold U+0000 (see `jsonTextMayHoldNul`): no walk of the body. */
    bodyNulFree: boolean;
  }
}

/**
 * JSON text carries U+0000 only as the escape \u0000 (JSON.parse refuses a raw control character in
 * a string), so a body parsed from text without it holds none, and the guard need not walk it.
 */
export function jsonTextMayHoldNul(text: string): boolean {
  return text.includes('\\u0000');
}

export function registerNulCharacterGuard(app: FastifyInstance): void {
  app.decorateRequest('bodyNulFree', false);
  // A callback hook: no promise per request on the path every request takes.
  app.addHook('preValidation', (request, _reply, done) => {
    const trpc = request.url.startsWith('/trpc/');
    const found =
      (queryMayHoldNul(request.url) ? nulPath(request.query) : undefined) ??
      (request.bodyNulFree ? undefined : nulPath(request.body)) ??
      (trpc ? (escapedNulPath((request.query as { input?: unknown } | undefined)?.input) ?? escapedNulPath(request.body)) : undefined);
    done(found ? refusal(ErrorCatalogue.BAD_REQUEST, 'nulCharacter', { field: found.length > 0 ? issuePath(found) : 'body' }) : undefined);
  });
}
