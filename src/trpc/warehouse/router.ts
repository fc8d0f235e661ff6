import { router } from '../trpc';
import { addQcPhotos } from './add-qc-photos';
import { completeQc } from './complete-qc';
import { listWarehouseItems } from './list';
import { markArrived } from './mark-arrived';
import { putInStorage } from './put-in-storage';
import { startQc } from './start-qc';

export const warehouseRouter = router({
  list: listWarehouseItems,
  markArrived,
  startQc,
  addQcPhotos,
  completeQc,
  putInStorage,
});
