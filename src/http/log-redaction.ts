// Nothing secret in the log: the request line is logged with the values of sensitive query
// parameters and capability path segments (file keys, checkout ids) replaced, and header or body
// fields holding credentials are censored wherever a log call passes them. One place, so every log
// line of the app goes through it.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * Query parameters whose values are not logged: credentials by name (token, secret, password, code,
 * key, signature...) and the GraphQL/tRPC payloads sent by GET, which may carry any of them.
 */
const SENSITIVE_PARAMETER = /token|secret|passw|credential|session|signature|api[_-]?key|^(key|sig|code|auth|input|variables|query|extensions)$/i;

/** Paths whose next segment is itself the permission: a file's key, a checkout page's payment id. */
const CAPABILITY_PATH = /^(\/files\/|\/pay\/checkout\/)[^/?#]+/;

/** `url` (path and query, as Fastify sees it) with its secrets replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart < 0 ? url : url.slice(0, queryStart)).replace(CAPABILITY_PATH, `$1${REDACTED}`);
  if (queryStart < 0) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      return SENSITIVE_PARAMETER.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fields censored wherever they appear in a logged object (headers, bodies, details), one level deep. */
const CENSORED_FIELDS = ['authorization', 'cookie', 'set-cookie', 'password', 'secret', 'clientSecret', 'client_secret', 'accessToken', 'access_token', 'refreshToken', 'refresh_token', 'token', 'apiKey', 'apiSecret'];

/** Pino settings of the app's logger; a caller's own settings (level, stream) are laid over them. */
export function redactingLoggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: { paths: CENSORED_FIELDS.flatMap((field) => [`["${field}"]`, `*["${field}"]`, `*.headers["${field}"]`]), censor: REDACTED },
  };
}
