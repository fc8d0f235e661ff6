import { router } from '../trpc';
import { createBag } from './create';
import { getBag } from './get';
import { markBagDelivered } from './mark-delivered';
import { setBagShipping } from './set-shipping';
import { shipBag } from './ship';
import { weighBag } from './weigh';

export const bagRouter = router({
  get: getBag,
  create: createBag,
  weigh: weighBag,
  setShipping: setBagShipping,
  ship: shipBag,
  markDelivered: markBagDelivered,
});
