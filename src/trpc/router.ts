// The internal tools' router. Tools import the type only (AppRouter) and get a fully typed client.
import { bagRouter } from './bag/router';
import { catalogRouter } from './catalog/router';
import { paymentOrderRouter } from './payment-order/router';
import { purchasingRouter } from './purchasing/router';
import { supplementRouter } from './supplement/router';
import { memberRouter } from './member/router';
import { reconciliationRouter } from './reconciliation/router';
import { healthProcedure } from './system/health';
import { router } from './trpc';
import { walletRouter } from './wallet/router';
import { warehouseRouter } from './warehouse/router';

export const appRouter = router({
  system: router({ health: healthProcedure }),
  member: memberRouter,
  wallet: walletRouter,
  reconciliation: reconciliationRouter,
  warehouse: warehouseRouter,
  bag: bagRouter,
  catalog: catalogRouter,
  purchasing: purchasingRouter,
  supplement: supplementRouter,
  paymentOrder: paymentOrderRouter,
});

export type AppRouter = typeof appRouter;
