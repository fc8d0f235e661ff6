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
    /** The code's catalogue name (`POST_CODE_EXISTS`) and the message's parameters: enough to word the message here. */
    readonly codeName?: string,
    readonly params: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }

  /**
   * The session is gone (expired, revoked, signed out elsewhere): sign in again. A query answers it as
   * its fields' error code with HTTP 200 (an unknown token is anonymous), a refused token as HTTP 401.
   */
  get unauthenticated(): boolean {
    return this.status === 401 || this.code === 401;
  }
}

/**
 * An answer's root fields. The schema makes every root field nullable so that one refused field does
 * not blank the others; a null root field comes with an error, which is thrown, so what is returned
 * has them all.
 */
export type Answer<R> = { [K in keyof R]: NonNullable<R[K]> };

async function post<R, V>(document: TypedDocumentString<R, V>, variables: V | undefined, token: string | undefined): Promise<Answer<R>> {
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
    throw new ApiError(first.message, first.extensions?.code, response.status, fieldErrors, first.extensions?.name, first.extensions?.params);
  }
  if (!response.ok || !body.data) throw new ApiError(response.statusText || 'Request failed', undefined, response.status, []);
  const missing = Object.keys(body.data).find((field) => body.data?.[field as keyof R] == null);
  if (missing !== undefined) throw new ApiError(`No answer for ${missing}`, undefined, response.status, []);
  return body.data as Answer<R>;
}

/** Runs a document as the signed-in administrator (refreshing the session first when it is about to end). */
export async function execute<R, V>(document: TypedDocumentString<R, V>, ...[variables]: V extends Record<string, never> ? [] | [V] : [V]): Promise<Answer<R>> {
  const token = await session.accessToken();
  try {
    return await post(document, variables, token);
  } catch (error) {
    if (error instanceof ApiError && error.unauthenticated && token) session.end();
    throw error;
  }
}

/** Runs a document with no session (sign-in, refresh). */
export const executeAnonymous = <R, V>(document: TypedDocumentString<R, V>, variables: V): Promise<Answer<R>> => post(document, variables, undefined);
