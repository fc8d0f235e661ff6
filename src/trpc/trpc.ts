// The tRPC building blocks: the context every procedure receives, and the mapping of service errors
// to TRPCError (the numeric service code travels in the error's data, described in one place).
import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { Core } from '../core/core';
import { describeError } from '../core/errors/describe-error';
import type { RequestContext } from '../core/request-context';

export interface TrpcContext {
  ctx: RequestContext;
  core: Core;
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

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error, ctx }) {
    const description = describeError(error.cause ?? error, ctx?.ctx.requestId ?? 'unknown');
    return {
      ...shape,
      message: description.unexpected ? description.message : shape.message,
      data: { ...shape.data, stack: undefined, serviceCode: description.code, detail: description.detail },
    };
  },
});

/** Service errors thrown by a procedure become TRPCErrors with the matching code and the service error as cause. */
const serviceErrors = t.middleware(async ({ next, ctx }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause ?? result.error;
    const description = describeError(cause, ctx.ctx.requestId);
    if (description.unexpected) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: description.message, cause });
    throw new TRPCError({ code: TRPC_CODES[description.httpStatus] ?? 'BAD_REQUEST', message: description.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(serviceErrors);
