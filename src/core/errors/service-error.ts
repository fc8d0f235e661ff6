// One error type for the whole service: a numeric code, a message template and the HTTP status the
// REST face answers with. Services throw these; each face maps them in one place (see describe-error).

export interface ErrorDefinition {
  code: number;
  /** Message template; `{name}` is replaced by the parameter of that name. */
  template: string;
  /** HTTP status on the REST face: 200 for business rejections (the envelope carries the code). */
  httpStatus: number;
  /** The input field the error is about, for a form to show it there; `{name}` takes a parameter. */
  field?: string;
}

/**
 * One refused input field: its path in the input (`items[0].qty`), what is wrong with it as a code
 * and parameters (so a client can word it itself), and the message in the answer's language.
 */
export interface FieldError {
  field: string;
  /** A validation message's name (`required`), zod's issue code (`too_small`), or the business error's name. */
  code: string;
  /** The bounds and values the message names (`minimum`, `expected`, ...), or the business error's parameters. */
  params: Readonly<Record<string, unknown>>;
  message: string;
}

/**
 * The business errors an operation can answer, declared beside the code that raises them: the
 * partner document lists them per operation, and the test suite fails an answer with any other code.
 */
export type BusinessErrors = readonly ErrorDefinition[];

export type ErrorParams = Record<string, string | number>;

export class ServiceError extends Error {
  override readonly name = 'ServiceError';

  constructor(
    readonly definition: ErrorDefinition,
    readonly params: ErrorParams = {},
    /** Extra text for `error_detail` (a validation error lists the fields here). */
    readonly detail = '',
    /** Headers the REST face adds (Retry-After, WWW-Authenticate). */
    readonly headers: Record<string, string> = {},
    /** The fields a validation error refuses (a field-bound business error names its field in its definition). */
    readonly fieldErrors: readonly FieldError[] = [],
    /** The name of `params.reason` in errors/reasons.ts, to word it again in the request's language. */
    readonly reasonName?: string,
  ) {
    // An answer, not a fault: its stack is never logged or shown (unexpected errors are, and they
    // are not ServiceErrors), and capturing one costs ~15 us, a large share of a refused request.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(renderTemplate(definition.template, params));
    Error.stackTraceLimit = stackTraceLimit;
  }

  get code(): number {
    return this.definition.code;
  }
}

/** Templates split at their placeholders once: text, name, text, ..., text (refusals render one each). */
const splitTemplates = new Map<string, readonly string[]>();
/** Console overrides are templates too: a bound on how many are kept split. */
const MAX_SPLIT_TEMPLATES = 2000;

/** `template` split at its placeholders: text, name, text, ..., text. */
export function splitTemplate(template: string): readonly string[] {
  return template.split(/\{(\w+)\}/);
}

export function renderTemplate(template: string, params: ErrorParams): string {
  let parts = splitTemplates.get(template);
  if (!parts) {
    if (splitTemplates.size >= MAX_SPLIT_TEMPLATES) splitTemplates.clear();
    parts = splitTemplate(template);
    splitTemplates.set(template, parts);
  }
  return renderParts(parts, params);
}

/** A template split by splitTemplate with `params`; a placeholder without its parameter stays as written. */
export function renderParts(parts: readonly string[], params: ErrorParams): string {
  let text = parts[0] as string;
  for (let index = 1; index < parts.length; index += 2) {
    const key = parts[index] as string;
    text += (key in params ? String(params[key]) : `{${key}}`) + (parts[index + 1] as string);
  }
  return text;
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}
