// Tenant packages (TenantPackageSaveReqVO): the menus a tenant's roles may hold. Managed by the
// system tenant only. A package's menus are also the menus of the built-in administrator role of
// every tenant using it, so changing them rewrites those roles in the same transaction.
import type { InvalidationBus } from '../cache/invalidation-bus';
import { commonStatusSchema, type SaveShapeInput, optionalText, recordIdSchema, saveShapeSchemas, uniqueIdsSchema } from '../admin/save-shape';
import type { Db, DbTransaction } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { pageInputSchema } from '../paging';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { publishPermissionsChanged } from '../permission/permission-service';
import type { RequestContext } from '../request-context';
import { z } from '../validation';
import { SYSTEM_TENANT_ID } from './tenant-directory';
import { packageMenuIds } from './tenant-menu-scope';

/** The built-in role every new tenant's administrator holds: the package's menus, kept in step with it. */
export const TENANT_ADMIN_ROLE_CODE = 'tenant_admin';

const ENABLED = 0;
const MAX_MENUS = 2000;

export const tenantPackageSaveSchemas = saveShapeSchemas({
  name: z.string().trim().min(1).max(30),
  status: commonStatusSchema,
  remark: optionalText(500),
  menuIds: uniqueIdsSchema(MAX_MENUS),
});
export type TenantPackageCreateInput = z.input<typeof tenantPackageSaveSchemas.create>;
export type TenantPackageSaveInput = SaveShapeInput<TenantPackageCreateInput>;

export const tenantPackagePageSchema = pageInputSchema.extend({
  /** Substring. */
  name: z.string().max(30).nullish(),
  status: commonStatusSchema.nullish(),
});
export type TenantPackagePageInput = z.input<typeof tenantPackagePageSchema> & PageRequest;

/** Newest first unless the request asks otherwise (packages are few). */
export const tenantPackagePageSort = pageSort({ id: 'id', name: 'name', status: 'status', createTime: 'createdAt' }, [{ id: 'desc' }]);

export interface TenantPackageRecord {
  id: number;
  name: string;
  status: number;
  remark: string | null;
  menuIds: number[];
  createdAt: Date;
}

/** Refuses callers outside the system tenant: tenants, packages and menus are shared by every tenant. */
export function assertSystemTenant(ctx: RequestContext, action: string): void {
  if (ctx.tenantId !== SYSTEM_TENANT_ID) throw new ServiceError(ErrorCatalogue.TENANT_MANAGED_BY_SYSTEM, { action });
}

/** Refuses menu ids that are not stored menus. */
export async function assertMenusExist(db: Db | DbTransaction, menuIds: readonly number[]): Promise<void> {
  if (menuIds.length === 0) return;
  const found = new Set((await db.menu.findMany({ where: { id: { in: [...menuIds] } }, select: { id: true } })).map((menu) => menu.id));
  const missing = menuIds.find((id) => !found.has(id));
  if (missing !== undefined) throw new ServiceError(ErrorCatalogue.MENU_NOT_FOUND, { menuId: missing });
}

/** Makes the built-in administrator role of each tenant hold exactly `menuIds`. */
export async function setTenantAdminMenus(tx: DbTransaction, tenantIds: readonly number[], menuIds: readonly number[]): Promise<void> {
  if (tenantIds.length === 0) return;
  const roles = await tx.role.findMany({ where: { tenantId: { in: [...tenantIds] }, code: TENANT_ADMIN_ROLE_CODE, type: 1 }, select: { id: true, tenantId: true } });
  if (roles.length === 0) return;
  await tx.roleMenu.deleteMany({ where: { roleId: { in: roles.map((role) => role.id) } } });
  await tx.roleMenu.createMany({ data: roles.flatMap((role) => menuIds.map((menuId) => ({ tenantId: role.tenantId, roleId: role.id, menuId }))) });
}

/** Runs a write of a package's name; the unique index answers a name another package holds, races included. */
async function writingName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.TENANT_PACKAGE_NAME_EXISTS, { name });
    throw error;
  }
}

function recordOf(record: { id: number; name: string; status: number; remark: string | null; menuIds: unknown; createdAt: Date }): TenantPackageRecord {
  return { id: record.id, name: record.name, status: record.status, remark: record.remark, menuIds: packageMenuIds(record.menuIds), createdAt: record.createdAt };
}

export class TenantPackageService {
  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
  ) {}

  async create(ctx: RequestContext, rawInput: TenantPackageSaveInput): Promise<number> {
    assertSystemTenant(ctx, 'create tenant packages');
    const input = tenantPackageSaveSchemas.create.parse(rawInput);
    await assertMenusExist(this.db, input.menuIds);
    const record = await writingName(input.name, () =>
      this.db.tenantPackage.create({ data: { name: input.name, status: input.status, remark: input.remark ?? null, menuIds: input.menuIds } }),
    );
    return record.id;
  }

  /** Saves the package; its tenants' administrator roles take its menus. */
  async update(ctx: RequestContext, rawInput: TenantPackageSaveInput): Promise<void> {
    assertSystemTenant(ctx, 'update tenant packages');
    const input = tenantPackageSaveSchemas.update.parse(rawInput);
    await this.require(input.id);
    await assertMenusExist(this.db, input.menuIds);
    await this.db.$transaction(async (tx) => {
      await writingName(input.name, () =>
        tx.tenantPackage.update({ where: { id: input.id }, data: { name: input.name, status: input.status, remark: input.remark ?? null, menuIds: input.menuIds } }),
      );
      const tenants = await tx.tenant.findMany({ where: { packageId: input.id }, select: { id: true } });
      await setTenantAdminMenus(
        tx,
        tenants.map((tenant) => tenant.id),
        input.menuIds,
      );
    });
    // Every tenant of the package, and the status of the package itself, may have changed.
    await publishPermissionsChanged(this.bus, null);
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    assertSystemTenant(ctx, 'delete tenant packages');
    const record = await this.require(recordIdSchema.parse(id));
    const count = await this.db.tenant.count({ where: { packageId: record.id } });
    if (count > 0) throw new ServiceError(ErrorCatalogue.TENANT_PACKAGE_IN_USE, { name: record.name, count });
    await this.db.tenantPackage.deleteMany({ where: { id: record.id, tenants: { none: {} } } });
  }

  async get(ctx: RequestContext, id: number): Promise<TenantPackageRecord> {
    assertSystemTenant(ctx, 'read tenant packages');
    return recordOf(await this.require(recordIdSchema.parse(id)));
  }

  async page(ctx: RequestContext, rawInput: TenantPackagePageInput): Promise<{ list: TenantPackageRecord[]; total: number }> {
    assertSystemTenant(ctx, 'read tenant packages');
    const { window, where: pageWhere, orderBy } = pageQuery(rawInput, tenantPackagePageSort);
    const input = tenantPackagePageSchema.parse(rawInput);
    const where = {
      ...pageWhere,
      ...(input.name ? { name: { contains: input.name } } : {}),
      ...(input.status !== null && input.status !== undefined ? { status: input.status } : {}),
    };
    const [records, total] = await Promise.all([
      this.db.tenantPackage.findMany({ where, orderBy, ...window }),
      this.db.tenantPackage.count({ where }),
    ]);
    return { list: records.map(recordOf), total };
  }

  /** Enabled packages, for the tenant form's picker. */
  async simpleList(ctx: RequestContext): Promise<{ id: number; name: string }[]> {
    assertSystemTenant(ctx, 'read tenant packages');
    return this.db.tenantPackage.findMany({ where: { status: ENABLED }, select: { id: true, name: true }, orderBy: { id: 'asc' } });
  }

  /** Ids and names of packages, for a page of tenants. */
  async namesOf(ctx: RequestContext, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
    assertSystemTenant(ctx, 'read tenant packages');
    return this.db.tenantPackage.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true } });
  }

  /** An enabled package, for a tenant being saved. */
  async requireEnabled(db: Db | DbTransaction, packageId: number): Promise<TenantPackageRecord> {
    const record = await db.tenantPackage.findUnique({ where: { id: packageId } });
    if (!record) throw new ServiceError(ErrorCatalogue.TENANT_PACKAGE_NOT_FOUND, { packageId });
    if (record.status !== ENABLED) throw new ServiceError(ErrorCatalogue.TENANT_PACKAGE_DISABLED, { name: record.name });
    return recordOf(record);
  }

  private async require(id: number) {
    const record = await this.db.tenantPackage.findUnique({ where: { id } });
    if (!record) throw new ServiceError(ErrorCatalogue.TENANT_PACKAGE_NOT_FOUND, { packageId: id });
    return record;
  }
}
