// The one place that turns any thrown value into what a caller is told. Each face (REST envelope,
// GraphQL extensions.code, TRPCError) formats this description; none inspects errors on its own.
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { isValueOutOfRange } from '../db/value-out-of-range';
import { ErrorCatalogue } from './catalogue';
import { type ErrorParams, type FieldError, isServiceError, renderTemplate, ServiceError } from './service-error';
import { serviceUnavailable } from './service-unavailable';

export interface ErrorDescription {
  code: number;
  /** The code's catalogue name (`POST_CODE_EXISTS`), stable for clients that switch on it. */
  name: string;
  /** The message's parameters, so a client can word the message itself. */
  params: ErrorParams;
  /** Each refused input field with its message; empty when the error is about no one field. */
  fieldErrors: FieldError[];
  httpStatus: number;
  message: string;
  detail: string;
  headers: Record<string, string>;
  /**
   * True for faults of the service itself (500): logged with the request id, answered without internals.
   * An unreachable dependency (503) is not one: it is answered as such, with a Retry-After.
   */
  unexpected: boolean;
}

/** `items[0].qty` style path of a validation issue; `(root)` for the whole input. */
export function issuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${String(key)}`;
  return text || '(root)';
}

export function validationError(zodError: ZodError, prefix?: string): ServiceError {
  const fieldErrors = zodError.issues.map((issue) => ({ field: issuePath(prefix ? [prefix, ...issue.path] : issue.path), message: issue.message }));
  return badInput(fieldErrors);
}

/** BAD_REQUEST refusing these fields: the reason names the first, the detail lists them all. */
export function badInput(fieldErrors: readonly FieldError[]): ServiceError {
  const issues = fieldErrors.map(({ field, message }) => `${field}: ${message}`);
  return new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: issues[0] ?? 'invalid input' }, issues.join('; '), {}, fieldErrors);
}

const NAME_OF_CODE: ReadonlyMap<number, string> = new Map(Object.entries(ErrorCatalogue).map(([name, definition]) => [definition.code, name]));

/**
 * Per-language message overrides (the console's error codes): the template that replaces the
 * catalogue's for `code` in `language`, or undefined to keep the catalogue's.
 */
export type ErrorMessages = (code: number, language: string) => string | undefined;

/** The catalogue's own language: a caller accepting it before any overridden language gets the catalogue's message. */
const CATALOGUE_LANGUAGE = 'en';

/**
 * The override of `code` in the first of `languages` (most wanted first) that has one, unless the
 * catalogue's own language comes first; undefined keeps the catalogue's message.
 */
function overrideOf(messages: ErrorMessages, code: number, languages: readonly string[]): string | undefined {
  for (const language of languages) {
    const override = messages(code, language);
    if (override !== undefined) return override;
    if (language.toLowerCase().split('-')[0] === CATALOGUE_LANGUAGE) return undefined;
  }
  return undefined;
}

/**
 * What the caller is told about `error`. With `messages` and the request's accepted `languages`
 * (Accept-Language, most wanted first), the message is rendered from the first accepted language's
 * override of the code, when there is one, with the same parameters.
 */
export function describeError(error: unknown, requestId: string, messages?: ErrorMessages, languages: readonly string[] = []): ErrorDescription {
  // Service errors first: they are most of what is described (every refusal).
  const known = isServiceError(error)
    ? error
    : error instanceof ZodError
      ? validationError(error)
      : isValueOutOfRange(error)
        ? new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: 'a number is outside the range the service stores' })
        : isDatabaseUnavailable(error)
          ? serviceUnavailable('database')
          : error;
  const service = isServiceError(known) ? known : new ServiceError(ErrorCatalogue.INTERNAL_SERVER_ERROR, { requestId });
  const override = messages ? overrideOf(messages, service.code, languages) : undefined;
  const message = override === undefined ? service.message : renderTemplate(override, service.params);
  const { field } = service.definition;
  return {
    code: service.code,
    name: NAME_OF_CODE.get(service.code) ?? String(service.code),
    params: service.params,
    fieldErrors: field === undefined ? [...service.fieldErrors] : [{ field: renderTemplate(field, service.params), message }],
    httpStatus: service.definition.httpStatus,
    message,
    detail: service.detail,
    headers: service.headers,
    unexpected: service !== known || (service.definition.httpStatus >= 500 && service.definition.httpStatus !== 503),
  };
}
