// /trpc over Fastify. Batching is on for clients, capped here so one URL cannot carry unbounded work.
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core/core';
import { acceptedLanguages } from '../core/language/accept-language';
import { describeError } from '../core/errors/describe-error';
import { refusalCode } from '../http/metrics';
import { TRPC_MAX_BATCH_SIZE } from './limits';
import { type AppRouter, appRouter } from './router';
import { toTrpcError } from './trpc';

export async function trpcPlugin(app: FastifyInstance, options: { core: Core }): Promise<void> {
  const pluginOptions: FastifyTRPCPluginOptions<AppRouter> = {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      // Staff sign in to the console and use the same access token here (Bearer); any other token
      // (a partner's) is refused before a procedure runs.
      createContext: async ({ req }) => {
        const acceptLanguage = req.headers['accept-language'];
        try {
          const { ctx } = await options.core.adminAuth.contextFor({ requestId: req.id, ip: req.ip, authorization: req.headers.authorization });
          // Accept-Language only words error messages: parsed on the first error, not on every call.
          let languages: readonly string[] | undefined;
          return {
            ctx,
            core: options.core,
            log: req.log,
            get languages() {
              return (languages ??= acceptedLanguages(acceptLanguage));
            },
          };
        } catch (error) {
          throw toTrpcError(error, req.id, options.core.errorCodes.messages, acceptedLanguages(acceptLanguage));
        }
      },
      // Headers an error asks for (Retry-After on 503) go on the HTTP answer, as on the other faces.
      responseMeta: ({ errors }) =>
        errors.length === 0 ? {} : { headers: Object.assign({}, ...errors.map((error) => describeError(error.cause ?? error, '').headers)) as Record<string, string> },
      onError: ({ error, ctx }) => {
        app.metrics.refused('trpc', refusalCode(error.cause ?? error));
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, reqId: ctx?.ctx.requestId }, 'unexpected tRPC error');
      },
    },
  };
  await app.register(fastifyTRPCPlugin, pluginOptions);
}
