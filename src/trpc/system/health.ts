import { performance } from 'node:perf_hooks';
import { publicProcedure } from '../trpc';

/** Whether the service and its database answer: for tools that check before a batch run. */
export const healthProcedure = publicProcedure.query(async ({ ctx }) => {
  const started = performance.now();
  await ctx.core.database.ping();
  return {
    status: 'ok' as const,
    database: ctx.core.database.target.provider,
    databaseLatencyMs: Math.round((performance.now() - started) * 100) / 100,
  };
});
