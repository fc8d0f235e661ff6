// Menus (MenuSaveVO): one tree shared by every tenant. Only the system tenant's administrators
// change it; every tenant reads the part its package allows (all of it in the system tenant).
// Type rules: 1 directory, 2 menu, 3 button; only buttons carry a permission, only directories and
// menus a path and an icon, only menus a component; buttons have no children; no cycles (moves run
// one at a time, db/tree-moves.ts).
import type { InvalidationBus } from '../cache/invalidation-bus';
import { commonStatusSchema, type SaveShapeInput, optionalText, recordIdSchema, saveShapeSchemas } from '../admin/save-shape';
import type { Db } from '../db/client';
import type { TreeMoves } from '../db/tree-moves';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type RequestContext, tenantIdOf } from '../request-context';
import { packageMenuIds, tenantMenuScope } from '../tenant/tenant-menu-scope';
import { assertSystemTenant } from '../tenant/tenant-package-service';
import { z } from '../validation';
import { MenuType } from './menu-catalogue';
import { MENU_FIELDS, type MenuRecord, type MenuTreeRecord } from './menu-record';
import { publishPermissionsChanged } from './permission-service';
import { optionSchema } from '../options/option-sets';
import { type FieldMessageName, fieldIssue } from '../validation-messages';

const ROOT = 0;
/** The scope of the menu tree's lock: one tree for every tenant. */
const SHARED_TREE = 0;

const menuFields = {
  name: z.string().trim().min(1).max(50),
  permission: optionalText(100),
  type: optionSchema('MENU_TYPE'),
  sort: z.number().int(),
  parentId: z.number().int().min(ROOT).max(Number.MAX_SAFE_INTEGER),
  path: optionalText(200),
  icon: optionalText(100),
  component: optionalText(200),
  componentName: optionalText(200),
  status: commonStatusSchema,
  visible: z.boolean().nullish(),
  keepAlive: z.boolean().nullish(),
  alwaysShow: z.boolean().nullish(),
};

interface TypedFields {
  type: number;
  permission?: string | null;
  path?: string | null;
  icon?: string | null;
  component?: string | null;
}

/** Which fields each menu type may carry, reported on the field that breaks the rule. */
function checkTypeRules(input: TypedFields, context: z.RefinementCtx): void {
  const given = (value: string | null | undefined) => value !== null && value !== undefined && value !== '';
  const refuse = (field: keyof TypedFields, refusal: FieldMessageName) => context.addIssue({ code: 'custom', path: [field], ...fieldIssue(refusal) });
  if (input.type !== MenuType.BUTTON && given(input.permission)) refuse('permission', 'permissionOnlyOnButtons');
  if (input.type === MenuType.BUTTON && given(input.path)) refuse('path', 'pathOnlyOnDirectoriesAndMenus');
  if (input.type === MenuType.BUTTON && given(input.icon)) refuse('icon', 'iconOnlyOnDirectoriesAndMenus');
  if (input.type !== MenuType.MENU && given(input.component)) refuse('component', 'componentOnlyOnMenus');
}

const shapes = saveShapeSchemas(menuFields);
export const menuSaveSchemas = {
  create: shapes.create.superRefine(checkTypeRules),
  update: shapes.update.superRefine(checkTypeRules),
};
export type MenuCreateInput = z.input<typeof menuSaveSchemas.create>;
export type MenuSaveInput = SaveShapeInput<MenuCreateInput>;

export const menuTreeFilterSchema = z.object({
  /** Substring. */
  name: z.string().max(50).nullish(),
  status: commonStatusSchema.nullish(),
});
export type MenuTreeFilter = z.input<typeof menuTreeFilterSchema>;

type SavedMenu = z.output<typeof shapes.create> | z.output<typeof shapes.update>;

function recordFields(input: SavedMenu) {
  return {
    name: input.name,
    permission: input.type === MenuType.BUTTON ? (input.permission ?? '') : '',
    type: input.type,
    sort: input.sort,
    parentId: input.parentId,
    path: input.path ?? null,
    icon: input.icon ?? null,
    component: input.component ?? null,
    componentName: input.componentName ?? null,
    status: input.status,
    visible: input.visible ?? true,
    keepAlive: input.keepAlive ?? true,
    alwaysShow: input.alwaysShow ?? true,
  };
}

export class MenuService {
  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
    private readonly trees: TreeMoves,
  ) {}

  async create(ctx: RequestContext, rawInput: MenuSaveInput): Promise<number> {
    assertSystemTenant(ctx, 'create menus');
    const input = menuSaveSchemas.create.parse(rawInput);
    await this.assertParent(input.parentId);
    await this.assertNameFree(input.name, input.parentId, null);
    const menu = await this.db.menu.create({ data: recordFields(input) });
    await publishPermissionsChanged(this.bus, null);
    return menu.id;
  }

  async update(ctx: RequestContext, rawInput: MenuSaveInput): Promise<void> {
    assertSystemTenant(ctx, 'update menus');
    const input = menuSaveSchemas.update.parse(rawInput);
    await this.require(input.id);
    await this.assertParent(input.parentId);
    await this.assertNameFree(input.name, input.parentId, input.id);
    if (input.type === MenuType.BUTTON && (await this.db.menu.count({ where: { parentId: input.id } })) > 0) {
      throw new ServiceError(ErrorCatalogue.MENU_PARENT_IS_BUTTON, { menuId: input.id });
    }
    await this.trees.run({
      tree: 'menu',
      scope: SHARED_TREE,
      nodeId: input.id,
      parentId: input.parentId,
      links: (tx) => tx.menu.findMany({ select: { id: true, parentId: true } }),
      cycle: () => new ServiceError(ErrorCatalogue.MENU_PARENT_CYCLE, { menuId: input.id }),
      write: (tx) => tx.menu.update({ where: { id: input.id }, data: recordFields(input) }),
    });
    await publishPermissionsChanged(this.bus, null);
  }

  /** Deletes a menu without children: roles lose it, packages no longer list it. */
  async delete(ctx: RequestContext, id: number): Promise<void> {
    assertSystemTenant(ctx, 'delete menus');
    const menuId = recordIdSchema.parse(id);
    await this.require(menuId);
    if ((await this.db.menu.count({ where: { parentId: menuId } })) > 0) throw new ServiceError(ErrorCatalogue.MENU_HAS_CHILDREN, { menuId });
    await this.db.$transaction(async (tx) => {
      await tx.menu.deleteMany({ where: { id: menuId } });
      for (const tenantPackage of await tx.tenantPackage.findMany({ select: { id: true, menuIds: true } })) {
        const menuIds = packageMenuIds(tenantPackage.menuIds);
        if (menuIds.includes(menuId)) await tx.tenantPackage.update({ where: { id: tenantPackage.id }, data: { menuIds: menuIds.filter((held) => held !== menuId) } });
      }
    });
    await publishPermissionsChanged(this.bus, null);
  }

  /** A menu the caller's tenant may use. */
  async get(ctx: RequestContext, id: number): Promise<MenuRecord> {
    const menuId = recordIdSchema.parse(id);
    const scope = await tenantMenuScope(this.db, tenantIdOf(ctx));
    const menu = scope === null || scope.has(menuId) ? await this.db.menu.findUnique({ where: { id: menuId }, select: MENU_FIELDS }) : null;
    if (!menu) throw new ServiceError(ErrorCatalogue.MENU_NOT_FOUND, { menuId });
    return menu;
  }

  /**
   * The menus the caller's tenant may use, as a tree in (sort, id) order. With filters, the
   * matching menus: one whose parent does not match is a root of the answer.
   */
  async tree(ctx: RequestContext, rawFilter: MenuTreeFilter): Promise<MenuTreeRecord[]> {
    const menus = await this.list(ctx, rawFilter);
    const nodes = new Map<number, MenuTreeRecord>(menus.map((menu) => [menu.id, { ...menu, children: [] }]));
    const roots: MenuTreeRecord[] = [];
    for (const node of nodes.values()) {
      const parent = nodes.get(node.parentId);
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  /** Enabled menus the caller's tenant may use, flat, for pickers (role menus, package menus). */
  /** The menus the caller's tenant may use, flat in (sort, id) order, matching the filters: a console builds its tree from parentId. */
  list(ctx: RequestContext, rawFilter: MenuTreeFilter): Promise<MenuRecord[]> {
    const filter = menuTreeFilterSchema.parse(rawFilter);
    return this.visibleMenus(ctx, {
      ...(filter.name ? { name: { contains: filter.name } } : {}),
      ...(filter.status !== null && filter.status !== undefined ? { status: filter.status } : {}),
    });
  }

  async simpleList(ctx: RequestContext): Promise<MenuRecord[]> {
    return this.visibleMenus(ctx, { status: 0 });
  }

  private async visibleMenus(ctx: RequestContext, where: Record<string, unknown>): Promise<MenuRecord[]> {
    const scope = await tenantMenuScope(this.db, tenantIdOf(ctx));
    return this.db.menu.findMany({
      where: { ...where, ...(scope === null ? {} : { id: { in: [...scope] } }) },
      select: MENU_FIELDS,
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    });
  }

  private async require(id: number) {
    const menu = await this.db.menu.findUnique({ where: { id }, select: { id: true } });
    if (!menu) throw new ServiceError(ErrorCatalogue.MENU_NOT_FOUND, { menuId: id });
    return menu;
  }

  /** The parent exists and is not a button (a moved menu's cycle check runs with the move). */
  private async assertParent(parentId: number): Promise<void> {
    if (parentId === ROOT) return;
    const parent = await this.db.menu.findUnique({ where: { id: parentId }, select: { id: true, type: true } });
    if (!parent) throw new ServiceError(ErrorCatalogue.MENU_PARENT_NOT_FOUND, { parentId });
    if (parent.type === MenuType.BUTTON) throw new ServiceError(ErrorCatalogue.MENU_PARENT_IS_BUTTON, { menuId: parentId });
  }

  private async assertNameFree(name: string, parentId: number, ownId: number | null): Promise<void> {
    const existing = await this.db.menu.findFirst({ where: { name, parentId }, select: { id: true } });
    if (existing && existing.id !== ownId) throw new ServiceError(ErrorCatalogue.MENU_NAME_EXISTS, { name, parentId });
  }
}
