// /trpc over Fastify. Batching is on for clients, capped here so one URL cannot carry unbounded work.
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core/core';
import { RequestContext } from '../core/request-context';
import { TRPC_MAX_BATCH_SIZE } from './limits';
import { type AppRouter, appRouter } from './router';

export async function trpcPlugin(app: FastifyInstance, options: { core: Core }): Promise<void> {
  const pluginOptions: FastifyTRPCPluginOptions<AppRouter> = {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: ({ req }) => ({
        ctx: new RequestContext(req.id, null, { kind: 'anonymous' }, req.ip, options.core.clock),
        core: options.core,
      }),
      onError: ({ error, ctx }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, reqId: ctx?.ctx.requestId }, 'unexpected tRPC error');
      },
    },
  };
  await app.register(fastifyTRPCPlugin, pluginOptions);
}
