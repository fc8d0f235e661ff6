import { router } from '../trpc';
import { importGoods } from './import';
import { registerImages } from './register-images';
import { updatePrices } from './update-prices';

export const catalogRouter = router({ import: importGoods, updatePrices, registerImages });
