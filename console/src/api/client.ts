// The one data layer: typed GraphQL documents posted to /graphql with the session's bearer token and
// the chosen language, and GraphQL errors turned into ApiError (code, message, the fields they name).
import type { TypedDocumentString } from '../gql/graphql';
import { currentLanguage } from '../i18n';
import { session } from '../auth/session';

export interface FieldError {
  field: string;
  message: string;
}

interface GraphQLErrorBody {
  message: string;
  extensions?: { code?: number | string; name?: string; params?: Record<string, unknown>; fieldErrors?: FieldError[] };
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number | string | undefined,
    readonly status: number,
    readonly fieldErrors: readonly FieldError[],
  ) {
    super(message);
  }

  /** The session is gone (expired, revoked, signed out elsewhere): sign in again. */
  get unauthenticated(): boolean {
    return this.status === 401;
  }
}

async function post<R, V>(document: TypedDocumentString<R, V>, variables: V | undefined, token: string | undefined): Promise<Answered<R>> {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': currentLanguage(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query: document.toString(), variables }),
  });
  const body = (await response.json().catch(() => ({}))) as { data?: R | null; errors?: GraphQLErrorBody[] };
  const first = body.errors?.[0];
  if (first) {
    const fieldErrors = body.errors!.flatMap((error) => error.extensions?.fieldErrors ?? []);
    throw new ApiError(first.message, first.extensions?.code, response.status, fieldErrors);
  }
  if (!response.ok || !body.data) throw new ApiError(response.statusText || 'Request failed', undefined, response.status, []);
  return body.data as Answered<R>;
}

/** Runs a document as the signed-in administrator (refreshing the session first when it is about to end). */
/**
 * An answer's root fields: nullable in the schema (one refused field must not blank the rest), but
 * a null one always comes with an error, and any error is thrown.
 */
export type Answered<R> = { [K in keyof R]: NonNullable<R[K]> };

export async function execute<R, V>(document: TypedDocumentString<R, V>, ...[variables]: V extends Record<string, never> ? [] | [V] : [V]): Promise<Answered<R>> {
  const token = await session.accessToken();
  try {
    return await post(document, variables, token);
  } catch (error) {
    if (error instanceof ApiError && error.unauthenticated && token) session.end();
    throw error;
  }
}

/** Runs a document with no session (sign-in, refresh). */
export const executeAnonymous = <R, V>(document: TypedDocumentString<R, V>, variables: V): Promise<Answered<R>> => post(document, variables, undefined);
