// Roles of a tenant (RoleSaveReqVO, RoleUpdateStatusReqVO), the menus they hold, their data scope,
// and the roles of a user. Everything is read and written through the caller's tenant-scoped
// client, so ids of another tenant are simply not found. Built-in roles (the system tenant's super
// administrator, each tenant's administrator) keep their code, stay enabled, cannot be deleted,
// and hold what their tenant allows (every menu, or the package's) rather than assigned menus.
import type { InvalidationBus } from '../cache/invalidation-bus';
import { commonStatusSchema, type SaveShapeInput, optionalText, recordIdSchema, saveShapeSchemas, uniqueIdsSchema } from '../admin/save-shape';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { pageInputSchema } from '../paging';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { tenantMenuScope } from '../tenant/tenant-menu-scope';
import { assertMenusExist, TENANT_ADMIN_ROLE_CODE } from '../tenant/tenant-package-service';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { publishPermissionsChanged, SUPER_ADMIN_ROLE_CODE } from './permission-service';
import { optionSchema } from '../options/option-sets';
import { fieldIssue } from '../validation-messages';

export const RoleType = { BUILT_IN: 1, CUSTOM: 2 } as const;

/** 1 all, 2 custom departments, 3 own department, 4 own department and children, 5 self. */
export const DataScope = { ALL: 1, CUSTOM_DEPTS: 2, OWN_DEPT: 3, OWN_DEPT_AND_CHILDREN: 4, SELF: 5 } as const;

/** Codes only built-in roles carry: a custom role named so would pass for one. */
export const RESERVED_ROLE_CODES: readonly string[] = [SUPER_ADMIN_ROLE_CODE, TENANT_ADMIN_ROLE_CODE];

const ENABLED = 0;
const MAX_IDS = 2000;

export const roleSaveSchemas = saveShapeSchemas({
  name: z.string().trim().min(1).max(30),
  code: z.string().trim().min(1).max(100),
  sort: z.number().int(),
  remark: optionalText(500),
});
export type RoleCreateInput = z.input<typeof roleSaveSchemas.create>;
export type RoleSaveInput = SaveShapeInput<RoleCreateInput>;

export const roleUpdateStatusSchema = z.object({ id: recordIdSchema, status: commonStatusSchema });
export type RoleUpdateStatusInput = z.input<typeof roleUpdateStatusSchema>;

export const rolePageSchema = pageInputSchema.extend({
  /** Substring. */
  name: z.string().max(30).nullish(),
  /** Substring. */
  code: z.string().max(100).nullish(),
  status: commonStatusSchema.nullish(),
});
export type RolePageInput = z.input<typeof rolePageSchema> & PageRequest;

/** By sort, then id, unless the request asks otherwise (roles are few per tenant). */
export const rolePageSort = pageSort({ id: 'id', name: 'name', code: 'code', sort: 'sort', status: 'status', createTime: 'createdAt' }, [{ sort: 'asc' }, { id: 'asc' }]);

export const roleMenusSchema = z.object({ roleId: recordIdSchema, menuIds: uniqueIdsSchema(MAX_IDS) });
export type RoleMenusInput = z.input<typeof roleMenusSchema>;

export const roleDataScopeSchema = z
  .object({
    roleId: recordIdSchema,
    dataScope: optionSchema('DATA_SCOPE'),
    dataScopeDeptIds: uniqueIdsSchema(MAX_IDS).nullish(),
  })
  .refine((input) => input.dataScope === DataScope.CUSTOM_DEPTS || !input.dataScopeDeptIds?.length, {
    path: ['dataScopeDeptIds'],
    ...fieldIssue('deptIdsOnlyForCustomScope'),
  });
export type RoleDataScopeInput = z.input<typeof roleDataScopeSchema>;

export const userRolesSchema = z.object({ userId: recordIdSchema, roleIds: uniqueIdsSchema(MAX_IDS) });
export type UserRolesInput = z.input<typeof userRolesSchema>;

export interface RoleRecord {
  id: number;
  name: string;
  code: string;
  sort: number;
  status: number;
  type: number;
  dataScope: number;
  dataScopeDeptIds: number[];
  remark: string | null;
  createdAt: Date;
}

function recordOf(role: Omit<RoleRecord, 'dataScopeDeptIds'> & { dataScopeDeptIds: unknown }): RoleRecord {
  const deptIds = Array.isArray(role.dataScopeDeptIds) ? role.dataScopeDeptIds.filter((id): id is number => typeof id === 'number') : [];
  return {
    id: role.id,
    name: role.name,
    code: role.code,
    sort: role.sort,
    status: role.status,
    type: role.type,
    dataScope: role.dataScope,
    dataScopeDeptIds: deptIds,
    remark: role.remark,
    createdAt: role.createdAt,
  };
}

export class RoleService {
  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
  ) {}

  async create(ctx: RequestContext, rawInput: RoleSaveInput): Promise<number> {
    const input = roleSaveSchemas.create.parse(rawInput);
    if (RESERVED_ROLE_CODES.includes(input.code)) throw new ServiceError(ErrorCatalogue.ROLE_CODE_RESERVED, { code: input.code });
    const db = this.scoped(ctx);
    await this.assertCodeFree(ctx, input.code, null);
    const role = await this.withCodeCheck(input.code, () =>
      db.role.create({
        data: { tenantId: tenantIdOf(ctx), name: input.name, code: input.code, sort: input.sort, remark: input.remark ?? null, type: RoleType.CUSTOM, dataScope: DataScope.ALL, dataScopeDeptIds: [] },
      }),
    );
    await publishPermissionsChanged(this.bus, tenantIdOf(ctx));
    return role.id;
  }

  async update(ctx: RequestContext, rawInput: RoleSaveInput): Promise<void> {
    const input = roleSaveSchemas.update.parse(rawInput);
    const role = await this.require(ctx, input.id);
    if (input.code !== role.code) {
      if (role.type === RoleType.BUILT_IN) throw new ServiceError(ErrorCatalogue.ROLE_BUILT_IN, { code: role.code, action: 'change its code' });
      if (RESERVED_ROLE_CODES.includes(input.code)) throw new ServiceError(ErrorCatalogue.ROLE_CODE_RESERVED, { code: input.code });
      await this.assertCodeFree(ctx, input.code, role.id);
    }
    await this.withCodeCheck(input.code, () =>
      this.scoped(ctx).role.updateMany({ where: { id: role.id }, data: { name: input.name, code: input.code, sort: input.sort, remark: input.remark ?? null } }),
    );
    await publishPermissionsChanged(this.bus, tenantIdOf(ctx));
  }

  async updateStatus(ctx: RequestContext, rawInput: RoleUpdateStatusInput): Promise<void> {
    const input = roleUpdateStatusSchema.parse(rawInput);
    const role = await this.require(ctx, input.id);
    if (role.type === RoleType.BUILT_IN && input.status !== ENABLED) throw new ServiceError(ErrorCatalogue.ROLE_BUILT_IN, { code: role.code, action: 'be disabled' });
    await this.scoped(ctx).role.updateMany({ where: { id: role.id }, data: { status: input.status } });
    await publishPermissionsChanged(this.bus, tenantIdOf(ctx));
  }

  /** Deletes a custom role; its users lose it and its menus go with it. */
  async delete(ctx: RequestContext, id: number): Promise<void> {
    const role = await this.require(ctx, recordIdSchema.parse(id));
    if (role.type === RoleType.BUILT_IN) throw new ServiceError(ErrorCatalogue.ROLE_BUILT_IN, { code: role.code, action: 'be deleted' });
    await this.scoped(ctx).role.deleteMany({ where: { id: role.id, type: RoleType.CUSTOM } });
    await publishPermissionsChanged(this.bus, tenantIdOf(ctx));
  }

  async get(ctx: RequestContext, id: number): Promise<RoleRecord> {
    return this.require(ctx, recordIdSchema.parse(id));
  }

  async page(ctx: RequestContext, rawInput: RolePageInput): Promise<{ list: RoleRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(rawInput, rolePageSort);
    const input = rolePageSchema.parse(rawInput);
    const db = this.scoped(ctx);
    const where = {
      ...pageWhere,
      ...(input.name ? { name: { contains: input.name } } : {}),
      ...(input.code ? { code: { contains: input.code } } : {}),
      ...(input.status !== null && input.status !== undefined ? { status: input.status } : {}),
    };
    const [records, total] = await Promise.all([
      db.role.findMany({ where, orderBy, ...window }),
      db.role.count({ where }),
    ]);
    return { list: records.map(recordOf), total };
  }

  /** Enabled roles, for pickers. */
  async simpleList(ctx: RequestContext): Promise<{ id: number; name: string; code: string }[]> {
    return this.scoped(ctx).role.findMany({ where: { status: ENABLED }, select: { id: true, name: true, code: true }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
  }

  /**
   * Gives a custom role exactly `menuIds`: stored menus within the tenant's package. Built-in roles
   * hold what the tenant allows and are not assigned menus.
   */
  async assignMenus(ctx: RequestContext, rawInput: RoleMenusInput): Promise<void> {
    const input = roleMenusSchema.parse(rawInput);
    const role = await this.require(ctx, input.roleId);
    if (role.type === RoleType.BUILT_IN) throw new ServiceError(ErrorCatalogue.ROLE_BUILT_IN, { code: role.code, action: 'be assigned menus' });
    await assertMenusExist(this.db, input.menuIds);
    const allowed = await tenantMenuScope(this.db, tenantIdOf(ctx));
    const outside = allowed === null ? undefined : input.menuIds.find((menuId) => !allowed.has(menuId));
    if (outside !== undefined) throw new ServiceError(ErrorCatalogue.ROLE_MENU_OUTSIDE_PACKAGE, { menuId: outside });
    await this.scoped(ctx).$transaction(async (tx) => {
      await tx.roleMenu.deleteMany({ where: { roleId: role.id } });
      await tx.roleMenu.createMany({ data: input.menuIds.map((menuId) => ({ tenantId: tenantIdOf(ctx), roleId: role.id, menuId })) });
    });
    await publishPermissionsChanged(this.bus, tenantIdOf(ctx));
  }

  /** Sets which records the role's holders see; departments (for dataScope 2) must be the tenant's. */
  async assignDataScope(ctx: RequestContext, rawInput: RoleDataScopeInput): Promise<void> {
    const input = roleDataScopeSchema.parse(rawInput);
    const role = await this.require(ctx, input.roleId);
    const db = this.scoped(ctx);
    const deptIds = input.dataScope === DataScope.CUSTOM_DEPTS ? (input.dataScopeDeptIds ?? []) : [];
    if (deptIds.length > 0) {
      const found = new Set((await db.dept.findMany({ where: { id: { in: deptIds } }, select: { id: true } })).map((dept) => dept.id));
      const missing = deptIds.find((id) => !found.has(id));
      if (missing !== undefined) throw new ServiceError(ErrorCatalogue.ROLE_DEPT_NOT_FOUND, { deptId: missing });
    }
    await db.role.updateMany({ where: { id: role.id }, data: { dataScope: input.dataScope, dataScopeDeptIds: deptIds } });
    await publishPermissionsChanged(this.bus, tenantIdOf(ctx));
  }

  /** Gives a user of the tenant exactly `roleIds`, roles of the same tenant. */
  async assignUserRoles(ctx: RequestContext, rawInput: UserRolesInput): Promise<void> {
    const input = userRolesSchema.parse(rawInput);
    const db = this.scoped(ctx);
    if (!(await db.adminUser.findFirst({ where: { id: input.userId }, select: { id: true } }))) {
      throw new ServiceError(ErrorCatalogue.ROLE_USER_NOT_FOUND, { userId: input.userId });
    }
    const found = new Set((await db.role.findMany({ where: { id: { in: input.roleIds } }, select: { id: true } })).map((role) => role.id));
    const missing = input.roleIds.find((id) => !found.has(id));
    if (missing !== undefined) throw new ServiceError(ErrorCatalogue.ROLE_NOT_FOUND, { roleId: missing });
    await db.$transaction(async (tx) => {
      await tx.userRole.deleteMany({ where: { userId: input.userId } });
      await tx.userRole.createMany({ data: input.roleIds.map((roleId) => ({ tenantId: tenantIdOf(ctx), userId: input.userId, roleId })) });
    });
    await publishPermissionsChanged(this.bus, tenantIdOf(ctx));
  }

  /** The role ids of a user of the tenant. */
  async userRoleIds(ctx: RequestContext, userId: number): Promise<number[]> {
    const id = recordIdSchema.parse(userId);
    const db = this.scoped(ctx);
    if (!(await db.adminUser.findFirst({ where: { id }, select: { id: true } }))) throw new ServiceError(ErrorCatalogue.ROLE_USER_NOT_FOUND, { userId: id });
    const links = await db.userRole.findMany({ where: { userId: id }, select: { roleId: true }, orderBy: { roleId: 'asc' } });
    return links.map((link) => link.roleId);
  }

  /** Menu ids held by each role (by assignment), for a page of roles at once. */
  async menuIdsOfRoles(ctx: RequestContext, roleIds: readonly number[]): Promise<Map<number, number[]>> {
    const links = await this.scoped(ctx).roleMenu.findMany({ where: { roleId: { in: [...roleIds] } }, select: { roleId: true, menuId: true }, orderBy: { menuId: 'asc' } });
    const byRole = new Map<number, number[]>(roleIds.map((id) => [id, []]));
    for (const link of links) byRole.get(link.roleId)?.push(link.menuId);
    return byRole;
  }

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  private async require(ctx: RequestContext, id: number): Promise<RoleRecord> {
    const role = await this.scoped(ctx).role.findFirst({ where: { id } });
    if (!role) throw new ServiceError(ErrorCatalogue.ROLE_NOT_FOUND, { roleId: id });
    return recordOf(role);
  }

  private async assertCodeFree(ctx: RequestContext, code: string, ownId: number | null): Promise<void> {
    const existing = await this.scoped(ctx).role.findFirst({ where: { code }, select: { id: true } });
    if (existing && existing.id !== ownId) throw new ServiceError(ErrorCatalogue.ROLE_CODE_EXISTS, { code });
  }

  /** Codes are unique per tenant in the database too: a concurrent save of the same code loses here. */
  private async withCodeCheck<T>(code: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.ROLE_CODE_EXISTS, { code });
      throw error;
    }
  }
}
