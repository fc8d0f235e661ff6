// One description of an error, three faces: the REST envelope is covered through HTTP elsewhere;
// here the GraphQL error and the TRPCError made from the same service errors.
import { TRPCError } from '@trpc/server';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/core/clock';
import type { Core } from '../src/core/core';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { ServiceError } from '../src/core/errors/service-error';
import { RequestContext } from '../src/core/request-context';
import { formatGraphQLError } from '../src/graphql/plugin';
import { createCallerFactory, publicProcedure, router } from '../src/trpc/trpc';

const business = new ServiceError(ErrorCatalogue.OAUTH2_CLIENT_NOT_FOUND, { clientId: 'x' });

describe('GraphQL', () => {
  const logged: unknown[] = [];
  const log = { error: (...args: unknown[]) => void logged.push(args) } as never;

  it('carries the numeric service code in extensions.code', () => {
    const error = new GraphQLError(business.message, { originalError: business, path: ['client'] });
    expect(formatGraphQLError({ message: business.message, path: ['client'] }, error, log)).toEqual({
      message: 'OAuth 2.0 client x does not exist',
      locations: undefined,
      path: ['client'],
      extensions: { code: 1_002_020_000, name: 'OAUTH2_CLIENT_NOT_FOUND', params: { clientId: 'x' }, fieldErrors: [], httpStatus: 200, detail: '' },
    });
  });

  it('hides unexpected errors and logs them', () => {
    const fault = new Error('SELECT * FROM secrets');
    const formatted = formatGraphQLError({ message: fault.message }, new GraphQLError(fault.message, { originalError: fault }), log);
    expect(formatted.message).toMatch(/^Internal server error/);
    expect(formatted.extensions?.code).toBe(500);
    expect(logged).toHaveLength(1);
  });
});

describe('tRPC', () => {
  const testRouter = router({
    business: publicProcedure.query(() => {
      throw business;
    }),
    limited: publicProcedure.query(() => {
      throw new ServiceError(ErrorCatalogue.TOO_MANY_REQUESTS, { limit: 1 });
    }),
    fault: publicProcedure.query(() => {
      throw new Error('SELECT * FROM secrets');
    }),
  });
  const caller = createCallerFactory(testRouter)({
    ctx: new RequestContext('req-t', 1, { kind: 'anonymous' }, '127.0.0.1', new ManualClock()),
    // Only what error mapping reads: no message overrides.
    core: { errorCodes: { messages: () => undefined } } as unknown as Core,
  });

  it.each([
    ['business', 'UNPROCESSABLE_CONTENT', 'OAuth 2.0 client x does not exist'],
    ['limited', 'TOO_MANY_REQUESTS', 'Too many requests: the limit is 1 per second'],
    ['fault', 'INTERNAL_SERVER_ERROR', 'Internal server error (request req-t)'],
  ] as const)('maps %s to %s', async (procedure, code, message) => {
    const error = await caller[procedure]().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TRPCError);
    expect(error).toMatchObject({ code, message });
  });
});
