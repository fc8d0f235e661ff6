// The one place that turns any thrown value into what a caller is told. Each face (REST envelope,
// GraphQL extensions.code, TRPCError) formats this description; none inspects errors on its own.
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { isValueOutOfRange } from '../db/value-out-of-range';
import { FIELD_MESSAGE_LANGUAGES, type FieldMessageLanguage, fieldMessageIn, fieldProblemOf } from '../validation-messages';
import { ErrorCatalogue, type ErrorName } from './catalogue';
import { ErrorCatalogueZhCn } from './catalogue.zh-CN';
import { reasonIn, refusal } from './reasons';
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
  return badInput(zodError.issues.map((issue) => ({ field: issuePath(prefix ? [prefix, ...issue.path] : issue.path), ...fieldProblemOf(issue) })));
}

/** BAD_REQUEST refusing these fields: the reason names the first, the detail lists them all. */
export function badInput(fieldErrors: readonly FieldError[]): ServiceError {
  const { reason, detail } = reasonAndDetail(fieldErrors);
  return new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason }, detail, {}, fieldErrors);
}

function reasonAndDetail(fieldErrors: readonly FieldError[]): { reason: string; detail: string } {
  const issues = fieldErrors.map(({ field, message }) => `${field}: ${message}`);
  return { reason: issues[0] ?? 'invalid input', detail: issues.join('; ') };
}

const NAME_OF_CODE: ReadonlyMap<number, string> = new Map(Object.entries(ErrorCatalogue).map(([name, definition]) => [definition.code, name]));

/**
 * Per-language message overrides (the console's error codes): the template that replaces the
 * catalogue's for `code` in `language`, or undefined to keep the catalogue's.
 */
export type ErrorMessages = (code: number, language: string) => string | undefined;

/** The catalogue in the languages the service writes besides its own English. */
const BUILT_IN_CATALOGUES: Record<Exclude<FieldMessageLanguage, 'en'>, Readonly<Record<ErrorName, string>>> = { 'zh-CN': ErrorCatalogueZhCn };

/** The built-in language serving `tag`: the same tag, else the same primary language (`zh`, `zh-TW` -> `zh-CN`). */
function builtInLanguageOf(tag: string): FieldMessageLanguage | undefined {
  const lower = tag.toLowerCase();
  const primary = lower.split('-')[0];
  return FIELD_MESSAGE_LANGUAGES.find((language) => language.toLowerCase() === lower) ?? FIELD_MESSAGE_LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === primary);
}

/** How an error is worded: its template (undefined: the catalogue's English) and the language of its field messages. */
interface Wording {
  template: string | undefined;
  language: FieldMessageLanguage;
}

/**
 * For each accepted language, most wanted first: the console's override of the code in that
 * language, else the built-in catalogue of that language; English (the catalogue) ends the search.
 */
function wordingOf(messages: ErrorMessages | undefined, code: number, name: string, languages: readonly string[]): Wording {
  for (const language of languages) {
    const override = messages?.(code, language);
    const builtIn = builtInLanguageOf(language);
    if (override !== undefined) return { template: override, language: builtIn ?? 'en' };
    if (builtIn === 'en') break;
    const template = builtIn && BUILT_IN_CATALOGUES[builtIn][name as ErrorName];
    if (builtIn && template !== undefined) return { template, language: builtIn };
  }
  return { template: undefined, language: 'en' };
}

/**
 * What the caller is told about `error`, in the first of the request's accepted `languages`
 * (Accept-Language, most wanted first) that has the code's message: the console's override
 * (`messages`) or the built-in catalogue of that language, else English. Field messages follow.
 */
export function describeError(error: unknown, requestId: string, messages?: ErrorMessages, languages: readonly string[] = []): ErrorDescription {
  // Service errors first: they are most of what is described (every refusal).
  const known = isServiceError(error)
    ? error
    : error instanceof ZodError
      ? validationError(error)
      : isValueOutOfRange(error)
        ? refusal(ErrorCatalogue.BAD_REQUEST, 'numberOutOfRange')
        : isDatabaseUnavailable(error)
          ? serviceUnavailable('database')
          : error;
  const service = isServiceError(known) ? known : new ServiceError(ErrorCatalogue.INTERNAL_SERVER_ERROR, { requestId });
  const name = NAME_OF_CODE.get(service.code) ?? String(service.code);
  const { template, language } = wordingOf(messages, service.code, name, languages);
  let { params, detail, fieldErrors } = service;
  // A validation refusal's reason and detail are its fields' messages, worded again in the answer's language.
  if (language !== 'en' && fieldErrors.length > 0) {
    fieldErrors = fieldErrors.map((fieldError) => ({ ...fieldError, message: fieldMessageIn(fieldError, language) }));
    const worded = reasonAndDetail(fieldErrors);
    params = { ...params, reason: worded.reason };
    detail = worded.detail;
  }
  // A named reason (errors/reasons.ts) too; English answers keep the text the error was thrown with.
  const reason = language !== 'en' ? reasonIn(service, language) : undefined;
  if (reason !== undefined) {
    if (detail === service.params.reason) detail = reason;
    params = { ...params, reason };
  }
  const message = template === undefined ? service.message : renderTemplate(template, params);
  const { field } = service.definition;
  return {
    code: service.code,
    name,
    params,
    fieldErrors: field === undefined ? [...fieldErrors] : [{ field: renderTemplate(field, params), code: name, params, message }],
    httpStatus: service.definition.httpStatus,
    message,
    detail,
    headers: service.headers,
    unexpected: service !== known || (service.definition.httpStatus >= 500 && service.definition.httpStatus !== 503),
  };
}
