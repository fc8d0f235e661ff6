// Every partner business operation of /open-api, one route plugin per domain.
import { goodsRoutes } from './goods-routes';
import { invoiceRoutes } from './invoice-routes';
import { orderRoutes } from './order-routes';
import type { PartnerRoutes } from './partner-routes';
import { paymentOrderRoutes } from './payment-order-routes';
import { qcRoutes } from './qc-routes';
import { supplementRoutes } from './supplement-routes';
import { walletRoutes } from './wallet-routes';

export const PARTNER_OPERATIONS: readonly PartnerRoutes[] = [goodsRoutes, qcRoutes, walletRoutes, supplementRoutes, orderRoutes, paymentOrderRoutes, invoiceRoutes];
