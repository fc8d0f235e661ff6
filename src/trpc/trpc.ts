// The tRPC building blocks: the context every procedure receives, and the mapping of service errors
// to TRPCError (the numeric service code travels in the error's data, described in one place).
import { performance } from 'node:perf_hooks';
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import type { FastifyBaseLogger } from 'fastify';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { Core } from '../core/core';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { describeError, type ErrorDescription, type ErrorMessages } from '../core/errors/describe-error';
import { ServiceError } from '../core/errors/service-error';
import type { RequestContext } from '../core/request-context';
import { type MutationOutcome, operationLogEntry } from './audit';

export interface TrpcContext {
  ctx: RequestContext;
  core: Core;
  /** The request's logger (absent for callers made in tests). */
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** The request's Accept-Language tags, most wanted first: error messages are answered in the first one overriding them. */
  languages?: readonly string[];
}

const TRPC_CODES: Record<number, TRPC_ERROR_CODE_KEY> = {
  200: 'UNPROCESSABLE_CONTENT',
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * tRPC's own refusals, raised before or around a procedure (a batch over the limit, an unknown
 * procedure, a wrong method or content type, input it cannot parse or deserialize): not a fault of
 * ours, and not an error our description knows. They keep tRPC's code, status and message.
 */
function isTrpcRefusal(error: TRPCError): boolean {
  return error.code !== 'INTERNAL_SERVER_ERROR' && describeError(error.cause ?? error, '').unexpected;
}

/** What a caller is told of a tRPC error: a refusal with its status's global code, anything else described. */
function describeTrpcError(error: TRPCError, httpStatus: number, ctx: TrpcContext | undefined): ErrorDescription {
  const requestId = ctx?.ctx.requestId ?? 'unknown';
  if (!isTrpcRefusal(error)) return describeError(error.cause ?? error, requestId, ctx?.core.errorCodes.messages, ctx?.languages);
  if (httpStatus === ErrorCatalogue.BAD_REQUEST.httpStatus) {
    return describeError(new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: error.message }), requestId, ctx?.core.errorCodes.messages, ctx?.languages);
  }
  return { code: httpStatus, name: error.code, params: {}, fieldErrors: [], httpStatus, message: error.message, detail: '', headers: {}, unexpected: false };
}

// superjson carries Dates (and other non-JSON values) as themselves, so the typed client's types
// are true at run time: a `Date` in a procedure's answer is a `Date` in the tool.
const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error, ctx }) {
    const description = describeTrpcError(error, shape.data.httpStatus, ctx);
    return {
      ...shape,
      message: description.message,
      data: { ...shape.data, stack: undefined, serviceCode: description.code, detail: description.detail },
    };
  },
});

/** A thrown service error as the TRPCError with the matching code (the service error is its cause). */
export function toTrpcError(cause: unknown, requestId: string, messages?: ErrorMessages, languages?: readonly string[]): TRPCError {
  const description = describeError(cause, requestId, messages, languages);
  const code = description.unexpected ? 'INTERNAL_SERVER_ERROR' : (TRPC_CODES[description.httpStatus] ?? 'BAD_REQUEST');
  return new TRPCError({ code, message: description.message, cause });
}

/**
 * Runs the rest of the call once the caller holds `permission` (none when null): a service error,
 * the refusal included, is thrown as the TRPCError with the matching code; tRPC's own refusals stay
 * failed results, as tRPC made them.
 */
async function withPermission<R extends { ok: true } | { ok: false; error: TRPCError }>(ctx: TrpcContext, permission: string | null, next: () => Promise<R>): Promise<R> {
  try {
    if (permission !== null) await ctx.core.permissions.authorize(ctx.ctx, permission);
  } catch (error) {
    throw toTrpcError(error, ctx.ctx.requestId, ctx.core.errorCodes.messages, ctx.languages);
  }
  const result = await next();
  if (!result.ok && !isTrpcRefusal(result.error)) throw toTrpcError(result.error.cause ?? result.error, ctx.ctx.requestId, ctx.core.errorCodes.messages, ctx.languages);
  return result;
}

/** Writes the operation-log row of one mutation (see audit.ts). */
async function recordMutation(ctx: TrpcContext, outcome: MutationOutcome): Promise<void> {
  try {
    await ctx.core.operationLogs.record([await operationLogEntry(ctx, outcome)]);
  } catch (error) {
    // The mutation has happened; a lost log row must not turn its answer into an error.
    ctx.log?.error({ err: error, reqId: ctx.ctx.requestId }, 'writing the operation log failed');
  }
}

/**
 * A procedure that wants `permission` (none when null) and answers service errors as TRPCErrors;
 * every mutation, refused ones included, leaves one operation-log row. One middleware for all of it:
 * each tRPC middleware copies the call's options twice and adds an await, on every call.
 */
function guardedProcedure(permission: string | null) {
  return t.procedure.use(async ({ ctx, type, path, getRawInput, next }) => {
    if (type !== 'mutation') return withPermission(ctx, permission, next);
    const started = performance.now();
    const outcome = await withPermission(ctx, permission, next).then(
      (result) => ({ result, error: result.ok ? undefined : result.error }),
      (error: TRPCError) => ({ result: undefined, error }),
    );
    const rawInput = await getRawInput().catch(() => undefined);
    const data = outcome.result?.ok ? outcome.result.data : undefined;
    await recordMutation(ctx, { path, rawInput, durationMs: Math.round(performance.now() - started), data, error: outcome.error });
    if (!outcome.result) throw outcome.error;
    return outcome.result;
  });
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = guardedProcedure(null);

/**
 * A procedure for staff holding `permission` (a catalogue permission such as `ops:member:create`):
 * anonymous callers get UNAUTHORIZED, others without it FORBIDDEN. The tenant is the token's.
 */
export function staffProcedure(permission: string) {
  return guardedProcedure(permission);
}
