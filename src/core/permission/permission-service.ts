// What an administrator may do: the button permissions (`system:user:create`) of the menus held by
// the user's enabled roles, within the tenant's package; a super administrator holds every menu.
// Computed once per (tenant, user) and kept in memory; whoever changes roles, role menus, user
// roles, user status, menus or packages calls `publishPermissionsChanged`, on every process.
import { tenantMenuScope } from '../tenant/tenant-menu-scope';
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { type ReasonName, refusal } from '../errors/reasons';
import { ServiceError } from '../errors/service-error';
import type { RequestContext } from '../request-context';
import type { TenantDirectory } from '../tenant/tenant-directory';
import { catalogPermissions, MenuType } from './menu-catalogue';
import { MENU_FIELDS, type MenuRecord, type MenuTreeRecord } from './menu-record';

/** The role whose holders have every permission of their tenant (all of them in the system tenant). */
export const SUPER_ADMIN_ROLE_CODE = 'super_admin';

const ENABLED = 0;
const MAX_CACHED_USERS = 10_000;

export interface AdminProfileUser {
  id: number;
  username: string;
  nickname: string;
  name: string;
  avatar: string | null;
  email: string | null;
  mobile: string | null;
  sex: number | null;
  deptId: number | null;
}

export interface AdminRoleSummary {
  id: number;
  name: string;
  code: string;
}

/** Everything the console needs to know about a signed-in administrator (`me`). */
export interface AdminAccess {
  tenantId: number;
  user: AdminProfileUser;
  enabled: boolean;
  superAdmin: boolean;
  /** Enabled roles only. */
  roles: AdminRoleSummary[];
  permissions: ReadonlySet<string>;
  /** The directories and menus (never buttons) the console shows, with their visible children. */
  menus: MenuTreeRecord[];
}

/** Tells every process that permissions changed: of one tenant, or (null) of all, for menu and package changes. */
export function publishPermissionsChanged(bus: InvalidationBus, tenantId: number | null): Promise<void> {
  return bus.publish({ kind: 'permissions-changed', tenantId });
}

const SIGN_IN_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="admin"' };

export function signInRequired(reason: ReasonName = 'signInAsAdministrator'): ServiceError {
  return refusal(ErrorCatalogue.UNAUTHORIZED, reason, {}, { headers: SIGN_IN_CHALLENGE });
}

export class PermissionService {
  private readonly users = new Map<string, Promise<AdminAccess | null>>();
  private menus: Promise<Map<number, MenuRecord>> | undefined;

  constructor(
    private readonly db: Db,
    private readonly tenants: TenantDirectory,
    bus: InvalidationBus,
  ) {
    bus.subscribe((message) => {
      if (message.kind === 'permissions-changed' && message.tenantId === null) this.forgetAll();
      else if (message.kind === 'permissions-changed' || message.kind === 'tenant-changed') {
        for (const key of this.users.keys()) if (key.startsWith(`${message.tenantId}:`)) this.users.delete(key);
      }
    }, () => this.forgetAll());
  }

  private forgetAll(): void {
    this.users.clear();
    this.menus = undefined;
  }

  /**
   * The signed-in administrator of `ctx`, when `permission` is null or one of theirs. Throws
   * UNAUTHORIZED (401) for anyone else or a user disabled or deleted since signing in, the
   * tenant's error when it is disabled or expired, FORBIDDEN (403) naming a missing permission.
   */
  async authorize(ctx: RequestContext, permission: string | null): Promise<AdminAccess> {
    const { actor, tenantId } = ctx;
    if (actor.kind !== 'admin' || tenantId === null) throw signInRequired();
    await this.tenants.assertActive(tenantId, ctx.now().getTime());
    const access = await this.access(tenantId, actor.userId);
    if (!access?.enabled) throw signInRequired('accountDisabledOrGone');
    if (permission !== null && !access.permissions.has(permission)) {
      throw refusal(ErrorCatalogue.FORBIDDEN, 'permissionRequired', { permission });
    }
    return access;
  }

  /** Whether the signed-in administrator of `ctx` holds `permission` (false for anyone else). */
  async has(ctx: RequestContext, permission: string): Promise<boolean> {
    if (ctx.actor.kind !== 'admin' || ctx.tenantId === null) return false;
    const access = await this.access(ctx.tenantId, ctx.actor.userId);
    return access?.enabled === true && access.permissions.has(permission);
  }

  /** The user's access, from memory when known; null when the user does not exist in the tenant. */
  access(tenantId: number, userId: number): Promise<AdminAccess | null> {
    const key = `${tenantId}:${userId}`;
    let pending = this.users.get(key);
    if (!pending) {
      if (this.users.size >= MAX_CACHED_USERS) this.users.clear();
      pending = this.load(tenantId, userId);
      this.users.set(key, pending);
      // A failed load is not remembered.
      pending.catch(() => this.users.get(key) === pending && this.users.delete(key));
    }
    return pending;
  }

  private async load(tenantId: number, userId: number): Promise<AdminAccess | null> {
    const user = await this.db.adminUser.findFirst({
      where: { id: userId, tenantId },
      include: { roles: { where: { tenantId }, include: { role: true } } },
    });
    if (!user) return null;
    const roles = user.roles.map((link) => link.role).filter((role) => role.status === ENABLED && role.tenantId === tenantId);
    const superAdmin = roles.some((role) => role.code === SUPER_ADMIN_ROLE_CODE);
    const [menus, packageMenuIds] = await Promise.all([this.allMenus(), tenantMenuScope(this.db, tenantId)]);

    let heldIds: number[];
    if (superAdmin) heldIds = [...menus.keys()];
    else {
      const links = await this.db.roleMenu.findMany({ where: { tenantId, roleId: { in: roles.map((role) => role.id) } }, select: { menuId: true } });
      heldIds = links.map((link) => link.menuId);
    }
    const held = heldIds
      .filter((id) => packageMenuIds === null || packageMenuIds.has(id))
      .map((id) => menus.get(id))
      .filter((menu): menu is MenuRecord => menu !== undefined);

    const permissions = new Set(held.filter((menu) => menu.type === MenuType.BUTTON && menu.permission !== '').map((menu) => menu.permission));
    // The system tenant's super administrator also holds permissions whose menus are not (yet) stored.
    if (superAdmin && packageMenuIds === null) for (const permission of catalogPermissions()) permissions.add(permission);

    return {
      tenantId,
      user: {
        id: user.id,
        username: user.username,
        nickname: user.nickname,
        name: user.name,
        avatar: user.avatar,
        email: user.email,
        mobile: user.mobile,
        sex: user.sex,
        deptId: user.deptId,
      },
      enabled: user.status === ENABLED,
      superAdmin,
      roles: roles.map((role) => ({ id: role.id, name: role.name, code: role.code })),
      permissions,
      menus: menuTree(held, menus),
    };
  }

  /** Every enabled menu, by id (menus are shared by all tenants). */
  private allMenus(): Promise<Map<number, MenuRecord>> {
    if (!this.menus) {
      const pending = this.db.menu
        .findMany({ where: { status: ENABLED }, select: MENU_FIELDS, orderBy: [{ sort: 'asc' }, { id: 'asc' }] })
        .then((records) => new Map(records.map((record) => [record.id, record])));
      pending.catch(() => this.menus === pending && (this.menus = undefined));
      this.menus = pending;
    }
    return this.menus;
  }
}

/** Directories and menus the user holds, or holds buttons of, with their ancestors, as a tree. */
function menuTree(held: readonly MenuRecord[], menus: ReadonlyMap<number, MenuRecord>): MenuTreeRecord[] {
  const shown = new Set<number>();
  for (const menu of held) {
    // A chain through a disabled (absent) ancestor is cut off: its subtree is not reachable. So is a
    // chain that comes back on itself (a cycle written to the table by hand): the walk stops there.
    const chain: number[] = [];
    const walked = new Set<number>();
    let current: MenuRecord | undefined = menu;
    while (current && !shown.has(current.id) && !walked.has(current.id)) {
      walked.add(current.id);
      if (current.type !== MenuType.BUTTON) chain.push(current.id);
      if (current.parentId === 0) {
        for (const id of chain) shown.add(id);
        break;
      }
      current = menus.get(current.parentId);
    }
    if (current && shown.has(current.id)) for (const id of chain) shown.add(id);
  }
  const nodes = new Map<number, MenuTreeRecord>();
  for (const menu of menus.values()) if (shown.has(menu.id)) nodes.set(menu.id, { ...menu, children: [] });
  const roots: MenuTreeRecord[] = [];
  // `menus` is in (sort, id) order, so children come out in order too.
  for (const node of nodes.values()) (node.parentId === 0 ? roots : nodes.get(node.parentId)?.children)?.push(node);
  return roots;
}
