// Tenants (TenantSaveReqVO), managed by the system tenant only. Creating a tenant creates, in one
// transaction, its administrator (username and password of the shape) holding a built-in role with
// the package's menus. accountCount is stored here and enforced where users are created; expireTime
// and status are enforced at sign-in and on every request by TenantDirectory, which learns of
// changes through `tenant-changed`.
import type { InvalidationBus } from '../cache/invalidation-bus';
import { commonStatusSchema, type SaveShapeInput, optionalText, recordIdSchema, saveShapeSchemas } from '../admin/save-shape';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { pageInputSchema } from '../paging';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { publishPermissionsChanged } from '../permission/permission-service';
import type { RequestContext } from '../request-context';
import { hashSecret } from '../security/password-hash';
import { z } from '../validation';
import { SYSTEM_TENANT_ID } from './tenant-directory';
import { assertSystemTenant, setTenantAdminMenus, TENANT_ADMIN_ROLE_CODE, type TenantPackageService } from './tenant-package-service';
import { fieldText } from '../validation-messages';

const BUILT_IN_ROLE = 1;

export const tenantSaveSchemas = saveShapeSchemas({
  name: z.string().trim().min(1).max(30),
  contactName: z.string().trim().min(1).max(30),
  contactMobile: optionalText(20),
  status: commonStatusSchema,
  website: optionalText(255),
  packageId: recordIdSchema,
  expireTime: z.date(),
  /** How many users the tenant may have, its administrator included. */
  accountCount: z.number().int().min(1).max(1_000_000),
}, {
  /** The administrator's sign-in name; used on create only. */
  username: z.string().regex(/^[a-zA-Z0-9]{4,30}$/, fieldText('lettersOrDigits4To30')),
  /** The administrator's password; used on create only (users change passwords through their own operations). */
  password: z.string().min(4).max(128),
});
export type TenantCreateInput = z.input<typeof tenantSaveSchemas.create>;
export type TenantSaveInput = SaveShapeInput<TenantCreateInput, 'username' | 'password'>;

export const tenantPageSchema = pageInputSchema.extend({
  /** Substring. */
  name: z.string().max(30).nullish(),
  /** Substring. */
  contactName: z.string().max(30).nullish(),
  /** Substring. */
  contactMobile: z.string().max(20).nullish(),
  status: commonStatusSchema.nullish(),
  packageId: recordIdSchema.nullish(),
});
export type TenantPageInput = z.input<typeof tenantPageSchema> & PageRequest;

/** Newest first unless the request asks otherwise (tenants are few). */
export const tenantPageSort = pageSort({ id: 'id', name: 'name', contactName: 'contactName', status: 'status', expireTime: 'expireTime', createTime: 'createdAt' }, [{ id: 'desc' }]);

export interface TenantRecord {
  id: number;
  name: string;
  contactUserId: number | null;
  contactName: string;
  contactMobile: string | null;
  status: number;
  website: string | null;
  /** null: the system tenant, which holds every menu. */
  packageId: number | null;
  expireTime: Date;
  accountCount: number;
  createdAt: Date;
}

const TENANT_FIELDS = {
  id: true,
  name: true,
  contactUserId: true,
  contactName: true,
  contactMobile: true,
  status: true,
  website: true,
  packageId: true,
  expireTime: true,
  accountCount: true,
  createdAt: true,
} as const satisfies Record<keyof TenantRecord, true>;

export class TenantService {
  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
    private readonly packages: TenantPackageService,
  ) {}

  /** Creates the tenant with its administrator and the administrator's built-in role; answers the tenant id. */
  async create(ctx: RequestContext, rawInput: TenantSaveInput): Promise<number> {
    assertSystemTenant(ctx, 'create tenants');
    const input = tenantSaveSchemas.create.parse(rawInput);
    await this.assertNameFree(input.name, null);
    const tenantPackage = await this.packages.requireEnabled(this.db, input.packageId);
    const passwordHash = await hashSecret(input.password);
    const tenantId = await this.withNameCheck(input.name, () =>
      this.db.$transaction(async (tx) => {
        const tenant = await tx.tenant.create({ data: { ...this.tenantFields(input) } });
        const role = await tx.role.create({
          data: { tenantId: tenant.id, name: 'Tenant administrator', code: TENANT_ADMIN_ROLE_CODE, sort: 0, type: BUILT_IN_ROLE, dataScopeDeptIds: [], remark: 'Built in: holds the menus of the tenant package' },
        });
        await setTenantAdminMenus(tx, [tenant.id], tenantPackage.menuIds);
        const user = await tx.adminUser.create({
          data: { tenantId: tenant.id, username: input.username, passwordHash, nickname: input.contactName, name: input.contactName, mobile: input.contactMobile ?? null },
        });
        await tx.userRole.create({ data: { tenantId: tenant.id, userId: user.id, roleId: role.id } });
        await tx.tenant.update({ where: { id: tenant.id }, data: { contactUserId: user.id } });
        return tenant.id;
      }),
    );
    // A guessed id may have been remembered as unknown.
    await this.bus.publish({ kind: 'tenant-changed', tenantId });
    return tenantId;
  }

  /**
   * Saves the tenant. A new package gives the administrator role the new package's menus. username
   * and password are checked but not applied: the administrator is a user like any other by now.
   */
  async update(ctx: RequestContext, rawInput: TenantSaveInput): Promise<void> {
    assertSystemTenant(ctx, 'update tenants');
    const input = tenantSaveSchemas.update.parse(rawInput);
    if (input.id === SYSTEM_TENANT_ID) throw new ServiceError(ErrorCatalogue.TENANT_SYSTEM_PROTECTED, { action: 'updated' });
    const existing = await this.require(input.id);
    await this.assertNameFree(input.name, input.id);
    const tenantPackage = await this.packages.requireEnabled(this.db, input.packageId);
    await this.withNameCheck(input.name, () =>
      this.db.$transaction(async (tx) => {
        await tx.tenant.update({ where: { id: input.id }, data: this.tenantFields(input) });
        if (existing.packageId !== input.packageId) await setTenantAdminMenus(tx, [input.id], tenantPackage.menuIds);
      }),
    );
    await this.bus.publish({ kind: 'tenant-changed', tenantId: input.id });
    await publishPermissionsChanged(this.bus, input.id);
  }

  /**
   * Deletes the tenant record: its sessions stop working at once (the tenant no longer exists).
   * Its users, roles and business records stay for audit and are unreachable.
   */
  async delete(ctx: RequestContext, id: number): Promise<void> {
    assertSystemTenant(ctx, 'delete tenants');
    const tenantId = recordIdSchema.parse(id);
    if (tenantId === SYSTEM_TENANT_ID) throw new ServiceError(ErrorCatalogue.TENANT_SYSTEM_PROTECTED, { action: 'deleted' });
    await this.require(tenantId);
    await this.db.tenant.deleteMany({ where: { id: tenantId } });
    await this.bus.publish({ kind: 'tenant-changed', tenantId });
  }

  async get(ctx: RequestContext, id: number): Promise<TenantRecord> {
    assertSystemTenant(ctx, 'read tenants');
    return this.require(recordIdSchema.parse(id));
  }

  async page(ctx: RequestContext, rawInput: TenantPageInput): Promise<{ list: TenantRecord[]; total: number }> {
    assertSystemTenant(ctx, 'read tenants');
    const { window, where: pageWhere, orderBy } = pageQuery(rawInput, tenantPageSort);
    const input = tenantPageSchema.parse(rawInput);
    const where = {
      ...pageWhere,
      ...(input.name ? { name: { contains: input.name } } : {}),
      ...(input.contactName ? { contactName: { contains: input.contactName } } : {}),
      ...(input.contactMobile ? { contactMobile: { contains: input.contactMobile } } : {}),
      ...(input.status !== null && input.status !== undefined ? { status: input.status } : {}),
      ...(input.packageId ? { packageId: input.packageId } : {}),
    };
    const [list, total] = await Promise.all([
      this.db.tenant.findMany({ where, select: TENANT_FIELDS, orderBy, ...window }),
      this.db.tenant.count({ where }),
    ]);
    return { list, total };
  }

  /** Every tenant's id and name, for pickers. */
  async simpleList(ctx: RequestContext): Promise<{ id: number; name: string }[]> {
    assertSystemTenant(ctx, 'read tenants');
    return this.db.tenant.findMany({ select: { id: true, name: true }, orderBy: { id: 'asc' } });
  }

  private tenantFields(input: z.output<typeof tenantSaveSchemas.create> | z.output<typeof tenantSaveSchemas.update>) {
    return {
      name: input.name,
      contactName: input.contactName,
      contactMobile: input.contactMobile ?? null,
      status: input.status,
      website: input.website ?? null,
      packageId: input.packageId,
      expireTime: input.expireTime,
      accountCount: input.accountCount,
    };
  }

  private async require(id: number): Promise<TenantRecord> {
    const record = await this.db.tenant.findUnique({ where: { id }, select: TENANT_FIELDS });
    if (!record) throw new ServiceError(ErrorCatalogue.TENANT_NOT_FOUND, { tenantId: id });
    return record;
  }

  private async assertNameFree(name: string, ownId: number | null): Promise<void> {
    const existing = await this.db.tenant.findUnique({ where: { name }, select: { id: true } });
    if (existing && existing.id !== ownId) throw new ServiceError(ErrorCatalogue.TENANT_NAME_EXISTS, { name });
  }

  /** Tenant names are unique in the database too: a concurrent save of the same name loses here. */
  private async withNameCheck<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.TENANT_NAME_EXISTS, { name });
      throw error;
    }
  }
}
