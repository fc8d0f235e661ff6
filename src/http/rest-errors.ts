// REST error handling for the whole Fastify app: Fastify's own errors become coded service errors,
// and every error is answered as an envelope with its HTTP status (open-api.md), its message in the
// language of the request's Accept-Language where the console overrides it. Unexpected faults are
// logged with the request id and answered 500 without internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { acceptedLanguages } from '../core/language/accept-language';
import { describeError, type ErrorDescription, type ErrorMessages, issuePath } from '../core/errors/describe-error';
import { isServiceError, ServiceError } from '../core/errors/service-error';
import { errorEnvelope } from '../openapi/envelope';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-language message overrides error answers use (set by registerRestErrorHandling). */
    errorMessages?: ErrorMessages;
  }
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** The field a validation issue names, from its JSON pointer (`/items/0/qty` -> `items[0].qty`). */
function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const path = (issue.instancePath ?? '').split('/').filter(Boolean);
  if (path.length > 0) return issuePath(path.map((part) => (/^\d+$/.test(part) ? Number(part) : part)));
  return context === 'body' ? 'body' : '(root)';
}

/** Fastify's errors, as the service's coded errors. */
export function toServiceError(error: FastifyError, request: FastifyRequest): unknown {
  if (isServiceError(error)) return error;
  if (error.validation) {
    const issues = (error.validation as ValidationIssue[]).map(
      (issue) => `${fieldOf(issue, error.validationContext)}: ${issue.message ?? 'invalid'}`,
    );
    return new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: issues[0] ?? 'invalid input' }, issues.join('; '));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ServiceError(ErrorCatalogue.UNSUPPORTED_MEDIA_TYPE, { contentType: request.headers['content-type'] ?? '(none)' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ServiceError(ErrorCatalogue.PAYLOAD_TOO_LARGE);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: 'body: malformed JSON' }, error.message);
  }
  if (error instanceof SyntaxError) return new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: 'body: malformed JSON' }, error.message);
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: error.message });
  }
  return error;
}

/**
 * Answers `error` as the envelope. `extraFields` adds fields a protocol wants beside the envelope
 * (the RFC 6749 `error` of the token calls).
 */
export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  extraFields?: (description: ErrorDescription) => Record<string, string>,
): FastifyReply {
  const cause = isServiceError(error) ? error : toServiceError(error as FastifyError, request);
  const description = describeError(cause, request.id, request.server.errorMessages, acceptedLanguages(request.headers['accept-language']));
  if (description.unexpected) request.log.error({ err: error }, 'unexpected error');
  else if (description.httpStatus === 503) request.log.warn({ reason: description.message }, 'dependency unavailable');
  // An error envelope is not the route's success shape, so it skips the route's response serializer.
  return reply
    .status(description.httpStatus)
    .headers(description.headers)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ ...errorEnvelope(description), ...extraFields?.(description) });
}

export function registerRestErrorHandling(app: FastifyInstance, messages: ErrorMessages): void {
  // A decoration of the root instance, so every route's request.server (plugins included) sees it.
  app.decorate('errorMessages', messages);
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    sendError(new ServiceError(ErrorCatalogue.NOT_FOUND, { method: request.method, url: request.url.replace(/\?.*$/, '') }), request, reply),
  );
}
