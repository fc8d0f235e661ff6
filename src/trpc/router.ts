// The internal tools' router. Tools import the type only (AppRouter) and get a fully typed client.
import { healthProcedure } from './system/health';
import { router } from './trpc';

export const appRouter = router({
  system: router({ health: healthProcedure }),
});

export type AppRouter = typeof appRouter;
