// The internal tools' router. Tools import the type only (AppRouter) and get a fully typed client.
import { memberRouter } from './member/router';
import { reconciliationRouter } from './reconciliation/router';
import { healthProcedure } from './system/health';
import { router } from './trpc';
import { walletRouter } from './wallet/router';

export const appRouter = router({
  system: router({ health: healthProcedure }),
  member: memberRouter,
  wallet: walletRouter,
  reconciliation: reconciliationRouter,
});

export type AppRouter = typeof appRouter;
