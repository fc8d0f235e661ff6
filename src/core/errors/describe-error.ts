// The one place that turns any thrown value into what a caller is told. Each face (REST envelope,
// GraphQL extensions.code, TRPCError) formats this description; none inspects errors on its own.
import { ZodError } from 'zod';
import { ErrorCatalogue } from './catalogue';
import { isServiceError, ServiceError } from './service-error';

export interface ErrorDescription {
  code: number;
  httpStatus: number;
  message: string;
  detail: string;
  headers: Record<string, string>;
  /** True for faults the caller did not cause: logged with the request id, answered without internals. */
  unexpected: boolean;
}

/** `items[0].qty` style path of a validation issue; `(root)` for the whole input. */
export function issuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${String(key)}`;
  return text || '(root)';
}

export function validationError(zodError: ZodError, prefix?: string): ServiceError {
  const issues = zodError.issues.map((issue) => {
    const path = issuePath(prefix ? [prefix, ...issue.path] : issue.path);
    return `${path}: ${issue.message}`;
  });
  return new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: issues[0] ?? 'invalid input' }, issues.join('; '));
}

export function describeError(error: unknown, requestId: string): ErrorDescription {
  const known = error instanceof ZodError ? validationError(error) : error;
  if (isServiceError(known)) {
    return {
      code: known.code,
      httpStatus: known.definition.httpStatus,
      message: known.message,
      detail: known.detail,
      headers: known.headers,
      unexpected: known.definition.httpStatus >= 500,
    };
  }
  const internal = new ServiceError(ErrorCatalogue.INTERNAL_SERVER_ERROR, { requestId });
  return { code: internal.code, httpStatus: 500, message: internal.message, detail: '', headers: {}, unexpected: true };
}
