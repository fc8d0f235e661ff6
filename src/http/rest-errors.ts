// REST error handling for the whole Fastify app: Fastify's own errors become coded service errors,
// and every error is answered as an envelope with its HTTP status (open-api.md), its message in the
// language of the request's Accept-Language where the console overrides it. Unexpected faults are
// logged with the request id and answered 500 without internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { refusal } from '../core/errors/reasons';
import { acceptedLanguages } from '../core/language/accept-language';
import type { z } from 'zod';
import { badInput, describeError, type ErrorDescription, type ErrorMessages, issuePath } from '../core/errors/describe-error';
import { fieldProblemOf } from '../core/validation-messages';
import { isServiceError, ServiceError } from '../core/errors/service-error';
import { errorEnvelope } from '../openapi/envelope';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-language message overrides error answers use (set by registerRestErrorHandling). */
    errorMessages?: ErrorMessages;
  }
}

/** A refused field as fastify-type-provider-zod reports it: the zod issue's code as `keyword`, its details as `params`. */
interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
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
    return badInput(
      (error.validation as ValidationIssue[]).map((issue) => {
        const zodIssue = { ...issue.params, code: issue.keyword ?? 'custom', path: [], message: issue.message ?? 'invalid' } as unknown as z.core.$ZodIssue;
        return { field: fieldOf(issue, error.validationContext), ...fieldProblemOf(zodIssue) };
      }),
    );
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ServiceError(ErrorCatalogue.UNSUPPORTED_MEDIA_TYPE, { contentType: request.headers['content-type'] ?? '(none)' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ServiceError(ErrorCatalogue.PAYLOAD_TOO_LARGE);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return refusal(ErrorCatalogue.BAD_REQUEST, 'malformedJson', {}, { detail: error.message });
  }
  if (error instanceof SyntaxError) return refusal(ErrorCatalogue.BAD_REQUEST, 'malformedJson', {}, { detail: error.message });
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: error.message });
  }
  return error;
}

type ExtraFields = (description: ErrorDescription) => Record<string, string>;

/** An error answer as sent: status, headers and the serialized envelope. */
interface ErrorAnswer {
  code: number;
  httpStatus: number;
  headers: Record<string, string>;
  body: string;
  extraFields: ExtraFields | undefined;
}

/**
 * The answers of frozen service errors, which are answered again and again as the same object (the
 * token calls' spent-budget 429, built once per limit and wait: the answer to every request of a
 * wrong-secret flood). In English (no Accept-Language) such an answer depends on nothing else, so it
 * is described and serialized once per way of answering (`extraFields`).
 */
const answersOfFrozenErrors = new WeakMap<ServiceError, ErrorAnswer>();

function errorAnswer(cause: unknown, error: unknown, request: FastifyRequest, extraFields: ExtraFields | undefined): ErrorAnswer {
  const languages = acceptedLanguages(request.headers['accept-language']);
  const reusable = languages.length === 0 && isServiceError(cause) && Object.isFrozen(cause);
  const kept = reusable ? answersOfFrozenErrors.get(cause) : undefined;
  if (kept !== undefined && kept.extraFields === extraFields) return kept;
  const description = describeError(cause, request.id, request.server.errorMessages, languages);
  if (description.unexpected) request.log.error({ err: error }, 'unexpected error');
  else if (description.httpStatus === 503) request.log.warn({ reason: description.message }, 'dependency unavailable');
  const envelope = extraFields === undefined ? errorEnvelope(description) : Object.assign(errorEnvelope(description), extraFields(description));
  const answer = { code: description.code, httpStatus: description.httpStatus, headers: description.headers, body: JSON.stringify(envelope), extraFields };
  if (reusable && !description.unexpected) answersOfFrozenErrors.set(cause, answer);
  return answer;
}

/**
 * Answers `error` as the envelope. `extraFields` adds fields a protocol wants beside the envelope
 * (the RFC 6749 `error` of the token calls).
 */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply, extraFields?: ExtraFields): FastifyReply {
  const cause = isServiceError(error) ? error : toServiceError(error as FastifyError, request);
  const answer = errorAnswer(cause, error, request, extraFields);
  request.envelopeCode = answer.code;
  // Sent serialized: an error envelope is not the route's success shape, so it skips the route's response serializer.
  return reply.status(answer.httpStatus).headers(answer.headers).type('application/json; charset=utf-8').send(answer.body);
}

export function registerRestErrorHandling(app: FastifyInstance, messages: ErrorMessages): void {
  // A decoration of the root instance, so every route's request.server (plugins included) sees it.
  app.decorate('errorMessages', messages);
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    sendError(new ServiceError(ErrorCatalogue.NOT_FOUND, { method: request.method, url: request.url.replace(/\?.*$/, '') }), request, reply),
  );
}
