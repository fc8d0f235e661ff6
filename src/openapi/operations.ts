// Every partner business operation of /open-api, one route plugin per domain.
import type { PartnerRoutes } from './partner-routes';

export const PARTNER_OPERATIONS: readonly PartnerRoutes[] = [];
