// Which menus a tenant's roles may hold: every menu for the system tenant (no package), the
// package's menus otherwise. Read by permissions, roles, menus and packages alike.
import type { Db, DbTransaction } from '../db/client';

const ENABLED = 0;

/** The menu ids stored in a package's Json column (ids only: anything else is ignored). */
export function packageMenuIds(stored: unknown): number[] {
  return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
}

/**
 * The menus a tenant's roles may hold: null for a tenant without a package (the system tenant:
 * every menu); the package's menus otherwise (none when the package is disabled).
 */
export async function tenantMenuScope(db: Db | DbTransaction, tenantId: number): Promise<ReadonlySet<number> | null> {
  const tenant = await db.tenant.findUnique({ where: { id: tenantId }, include: { package: true } });
  if (!tenant) return new Set();
  if (tenant.packageId === null) return null;
  if (!tenant.package || tenant.package.status !== ENABLED) return new Set();
  return new Set(packageMenuIds(tenant.package.menuIds));
}
