// One error type for the whole service: a numeric code, a message template and the HTTP status the
// REST face answers with. Services throw these; each face maps them in one place (see describe-error).

export interface ErrorDefinition {
  code: number;
  /** Message template; `{name}` is replaced by the parameter of that name. */
  template: string;
  /** HTTP status on the REST face: 200 for business rejections (the envelope carries the code). */
  httpStatus: number;
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

export function renderTemplate(template: string, params: ErrorParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}
