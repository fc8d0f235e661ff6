// A partner operation that does nothing but answer who called: for testing the guard itself and
// for benchmarking its cost, apart from any business logic.
import type { PartnerRoutes } from '../../src/openapi/partner-routes';
import { partnerContext } from '../../src/openapi/partner-routes';
import { ok } from '../../src/openapi/envelope';

export const PROBE_URL = '/open-api/probe';
export const PROBE_SCOPE = 'goods:search:read';

export const probeRoutes: PartnerRoutes = async (app, { core }) => {
  app.get('/probe', { config: { scope: PROBE_SCOPE } }, async (request) => {
    const ctx = partnerContext(request, core);
    return ok({ clientId: ctx.actor.kind === 'partner' ? ctx.actor.clientId : null, tenantId: ctx.tenantId });
  });
};
