// Tenant status and expiry, held in memory for the sign-in and token paths; dropped on change.
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { type BusinessErrors, ServiceError } from '../errors/service-error';

/** The tenant created first by the seed; partner tokens are issued in it unless a tenant-id is sent. */
export const SYSTEM_TENANT_ID = 1;

const MAX_CACHED = 10_000;

interface TenantState {
  id: number;
  name: string;
  enabled: boolean;
  expiresAt: number;
}

/** TenantDirectory.assertActive. */
export const TENANT_ACTIVE_ERRORS: BusinessErrors = [ErrorCatalogue.TENANT_NOT_FOUND, ErrorCatalogue.TENANT_DISABLED, ErrorCatalogue.TENANT_EXPIRED];

export class TenantDirectory {
  private readonly tenants = new Map<number, TenantState | null>();

  constructor(
    private readonly db: Db,
    bus: InvalidationBus,
  ) {
    bus.subscribe((message) => {
      if (message.kind === 'tenant-changed') this.tenants.delete(message.tenantId);
    }, () => this.tenants.clear());
  }

  /** Throws unless the tenant exists, is enabled and has not expired at `now`. */
  async assertActive(tenantId: number, now: number): Promise<void> {
    const tenant = await this.lookup(tenantId);
    if (!tenant.enabled) throw new ServiceError(ErrorCatalogue.TENANT_DISABLED, { name: tenant.name });
    if (tenant.expiresAt <= now) throw new ServiceError(ErrorCatalogue.TENANT_EXPIRED, { name: tenant.name });
  }

  /** The tenant's id and name (what the console shows of who is signed in); TENANT_NOT_FOUND when it is gone. */
  async identity(tenantId: number): Promise<{ id: number; name: string }> {
    const { id, name } = await this.lookup(tenantId);
    return { id, name };
  }

  private async lookup(tenantId: number): Promise<TenantState> {
    let tenant = this.tenants.get(tenantId);
    if (tenant === undefined) {
      const record = await this.db.tenant.findUnique({ where: { id: tenantId } });
      tenant = record && { id: record.id, name: record.name, enabled: record.status === 0, expiresAt: record.expireTime.getTime() };
      if (this.tenants.size >= MAX_CACHED) this.tenants.clear(); // guessed ids must not grow memory
      this.tenants.set(tenantId, tenant);
    }
    if (!tenant) throw new ServiceError(ErrorCatalogue.TENANT_NOT_FOUND, { tenantId });
    return tenant;
  }
}
