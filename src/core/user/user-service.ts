// Administrator users of a tenant (UserSaveReqVO, status, password) and each user's own profile.
// Usernames are unique per tenant; a user's department and posts exist in the tenant and are
// enabled; the tenant's accountCount caps its users. Disabling a user or changing a password ends
// the user's sessions; every change tells the permission caches (which also hold `me`'s profile).
// Which users a caller sees is limited by the data scope of their roles (src/core/user/data-scope.ts).
import type { AdminAuthService } from '../admin/admin-auth-service';
import { commonStatusSchema, optionalText, parseInput, recordIdSchema, type SaveShapeInput, saveShapeSchemas, uniqueIdsSchema } from '../admin/save-shape';
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Db, Prisma } from '../db/client';
import { columnSelect } from '../db/column-select';
import type { DatabaseProvider } from '../db/database-url';
import { isUniqueViolation } from '../db/unique-violation';
import { deptWithDescendants, type DeptService } from '../dept/dept-service';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type PermissionService, publishPermissionsChanged, signInRequired } from '../permission/permission-service';
import type { PostService } from '../post/post-service';
import { type RequestContext, tenantIdOf } from '../request-context';
import { hashSecret, verifySecret } from '../security/password-hash';
import { type TenantScopedDb, tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { visibleUsersWhere } from './data-scope';
import { linkedToUsers } from './user-links';
import { optionSchema } from '../options/option-sets';
import { fieldText } from '../validation-messages';

const ENABLED = 0;
/** Most posts one user may hold. */
export const MAX_USER_POSTS = 100;

/** Passwords: at least 4 characters; at most what sign-in accepts. */
export const passwordSchema = z.string().min(4).max(128);
const nicknameSchema = z.string().min(1).max(30);
const emailSchema = z.email().max(50).nullish();
const mobileSchema = optionalText(20);
const sexSchema = optionSchema('SEX').nullish();

export const userSaveSchemas = saveShapeSchemas({
  username: z.string().regex(/^[a-zA-Z0-9]{4,30}$/, fieldText('lettersOrDigits4To30')),
  nickname: nicknameSchema,
  name: z.string().min(1).max(50),
  remark: optionalText(500),
  deptId: recordIdSchema.nullish(),
  postIds: uniqueIdsSchema(MAX_USER_POSTS).nullish(),
  email: emailSchema,
  mobile: mobileSchema,
  sex: sexSchema,
  avatar: optionalText(512),
}, {
  /** Set on create; an update keeps the stored password (updatePassword changes it, with its own permission). */
  password: passwordSchema,
});

export type UserSaveInput = SaveShapeInput<z.input<typeof userSaveSchemas.create>, 'password'>;

export const userUpdateStatusSchema = z.object({ id: recordIdSchema, status: commonStatusSchema });
export const userUpdatePasswordSchema = z.object({ id: recordIdSchema, password: passwordSchema });
export const userProfileUpdateSchema = z.object({ nickname: nicknameSchema, email: emailSchema, mobile: mobileSchema, sex: sexSchema });
export const userProfilePasswordSchema = z.object({ oldPassword: z.string().min(1).max(128), newPassword: passwordSchema });

export type UserProfileUpdateInput = z.input<typeof userProfileUpdateSchema>;

export const userPageFilterSchema = z.object({
  username: z.string().max(30).nullish(),
  mobile: z.string().max(20).nullish(),
  status: commonStatusSchema.nullish(),
  /** The department and every department below it. */
  deptId: recordIdSchema.nullish(),
});

export type UserPageFilter = z.input<typeof userPageFilterSchema>;

/** A user as the console shows it: never the password hash. */
export interface UserRecord {
  id: number;
  username: string;
  nickname: string;
  name: string;
  remark: string | null;
  deptId: number | null;
  email: string | null;
  mobile: string | null;
  sex: number | null;
  avatar: string | null;
  status: number;
  loginIp: string | null;
  loginDate: Date | null;
  createdAt: Date;
}

export interface UserRoleSummary {
  id: number;
  name: string;
  code: string;
  status: number;
}

export const USER_FIELDS = {
  id: true,
  username: true,
  nickname: true,
  name: true,
  remark: true,
  deptId: true,
  email: true,
  mobile: true,
  sex: true,
  avatar: true,
  status: true,
  loginIp: true,
  loginDate: true,
  createdAt: true,
} as const satisfies Record<keyof UserRecord, true>;

/** A user of a page: its id (the key of its relations) and the columns the caller asked for. */
export type UserPageRow = Pick<UserRecord, 'id'> & Partial<UserRecord>;


/**
 * The first key of the advisory lock that makes one tenant's user creates take turns (the second is
 * the tenant). Advisory locks share one key space per database: distinct from tree-moves.ts's.
 */
const USER_CREATE_LOCK_CLASS = 100;

export interface UserServiceDeps {
  db: Db;
  provider: DatabaseProvider;
  bus: InvalidationBus;
  adminAuth: AdminAuthService;
  permissions: PermissionService;
  depts: DeptService;
  posts: PostService;
}

/** Newest first unless the request asks otherwise; by the columns an index led by the tenant serves. */
export const userPageSort = pageSort({ id: 'id', username: 'username', createTime: 'createdAt' }, [{ id: 'desc' }]);

export class UserService {
  constructor(private readonly deps: UserServiceDeps) {}

  private scoped(ctx: RequestContext): TenantScopedDb {
    return tenantScopedDb(this.deps.db, tenantIdOf(ctx));
  }

  /**
   * Creates a user unless the tenant already has `accountCount`. Concurrent creates of one tenant
   * take turns (a transaction-level advisory lock on PostgreSQL; SQLite runs one transaction at a
   * time), so exactly the free places are filled and the other creates refused.
   */
  async create(ctx: RequestContext, input: UserSaveInput): Promise<number> {
    const { id: _id, password, postIds, ...data } = parseInput(userSaveSchemas.create, input);
    const tenantId = tenantIdOf(ctx);
    const { accountCount } = await this.scoped(ctx).tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { accountCount: true } });
    const full = () => new ServiceError(ErrorCatalogue.USER_COUNT_MAX, { accountCount });
    if ((await this.scoped(ctx).adminUser.count()) >= accountCount) throw full();
    await this.checkRelations(ctx, data.deptId, postIds);
    const passwordHash = await hashSecret(password);

    let userId: number;
    try {
      userId = await this.deps.db.$transaction(async (tx) => {
        if (this.deps.provider === 'postgresql') await tx.$executeRaw`SELECT pg_advisory_xact_lock(${USER_CREATE_LOCK_CLASS}::int4, ${tenantId}::int4)`;
        if ((await tx.adminUser.count({ where: { tenantId } })) >= accountCount) throw full();
        const user = await tx.adminUser.create({
          data: { ...data, tenantId, passwordHash, posts: { create: (postIds ?? []).map((postId) => ({ tenantId, postId })) } },
          select: { id: true },
        });
        return user.id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.USER_USERNAME_EXISTS, { username: data.username });
      throw error;
    }
    await publishPermissionsChanged(this.deps.bus, tenantId);
    return userId;
  }

  /** Updates a user and replaces their posts; the password is kept (see userSaveSchemas). */
  async update(ctx: RequestContext, input: UserSaveInput): Promise<void> {
    const { id, password: _password, postIds, ...data } = parseInput(userSaveSchemas.update, input);
    const tenantId = tenantIdOf(ctx);
    const db = this.scoped(ctx);
    if (!(await db.adminUser.findFirst({ where: { id }, select: { id: true } }))) throw new ServiceError(ErrorCatalogue.USER_NOT_FOUND, { userId: id });
    await this.checkRelations(ctx, data.deptId, postIds);
    try {
      await db.adminUser.update({
        where: { id },
        data: {
          ...data,
          deptId: data.deptId ?? null,
          posts: { deleteMany: {}, create: (postIds ?? []).map((postId) => ({ tenantId, postId })) },
        },
        select: { id: true },
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.USER_USERNAME_EXISTS, { username: data.username });
      throw error;
    }
    await publishPermissionsChanged(this.deps.bus, tenantId);
  }

  /** Deletes a user (their role and post links go with them), ends their sessions, clears them as department leader. */
  async delete(ctx: RequestContext, userId: number): Promise<void> {
    if (ctx.actor.kind === 'admin' && ctx.actor.userId === userId) throw new ServiceError(ErrorCatalogue.USER_DELETE_SELF);
    const tenantId = tenantIdOf(ctx);
    const db = this.scoped(ctx);
    const { count } = await db.adminUser.deleteMany({ where: { id: userId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.USER_NOT_FOUND, { userId });
    await db.dept.updateMany({ where: { leaderUserId: userId }, data: { leaderUserId: null } });
    await this.deps.adminAuth.revokeUserSessions(tenantId, userId);
    await publishPermissionsChanged(this.deps.bus, tenantId);
  }

  /** Enables or disables a user; disabling ends their sessions at once. */
  async updateStatus(ctx: RequestContext, input: z.input<typeof userUpdateStatusSchema>): Promise<void> {
    const { id, status } = parseInput(userUpdateStatusSchema, input);
    const tenantId = tenantIdOf(ctx);
    const { count } = await this.scoped(ctx).adminUser.updateMany({ where: { id }, data: { status } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.USER_NOT_FOUND, { userId: id });
    if (status !== ENABLED) await this.deps.adminAuth.revokeUserSessions(tenantId, id);
    await publishPermissionsChanged(this.deps.bus, tenantId);
  }

  /** Sets a user's password and ends their sessions. */
  async updatePassword(ctx: RequestContext, input: z.input<typeof userUpdatePasswordSchema>): Promise<void> {
    const { id, password } = parseInput(userUpdatePasswordSchema, input);
    const passwordHash = await hashSecret(password);
    const { count } = await this.scoped(ctx).adminUser.updateMany({ where: { id }, data: { passwordHash } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.USER_NOT_FOUND, { userId: id });
    await this.deps.adminAuth.revokeUserSessions(tenantIdOf(ctx), id);
  }

  /** A user the caller's data scope shows; USER_NOT_FOUND otherwise (unknown, another tenant's, or outside the data scope). */
  async get(ctx: RequestContext, userId: number): Promise<UserRecord> {
    const visible = await this.visibleUsers(ctx);
    const user = await this.scoped(ctx).adminUser.findFirst({ where: { AND: [{ id: userId }, visible] }, select: USER_FIELDS });
    if (!user) throw new ServiceError(ErrorCatalogue.USER_NOT_FOUND, { userId });
    return user;
  }

  /**
   * A user the caller has just saved, whatever their data scope shows: saving is not bound by it,
   * and the caller wrote the fields it answers.
   */
  async saved(ctx: RequestContext, userId: number): Promise<UserRecord> {
    const user = await this.scoped(ctx).adminUser.findFirst({ where: { id: userId }, select: USER_FIELDS });
    if (!user) throw new ServiceError(ErrorCatalogue.USER_NOT_FOUND, { userId });
    return user;
  }

  /**
   * A page of the users the caller's data scope shows, newest first, each with its id and those of
   * `columns` that are columns of `USER_FIELDS` (a page reads only what its caller shows).
   */
  async page(ctx: RequestContext, page: PageRequest, filter: UserPageFilter, columns: Iterable<string>): Promise<{ list: UserPageRow[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, userPageSort);
    const { username, mobile, status, deptId } = parseInput(userPageFilterSchema, filter);
    const db = this.scoped(ctx);
    const conditions: Prisma.AdminUserWhereInput[] = [pageWhere, await this.visibleUsers(ctx)];
    if (username) conditions.push({ username: { contains: username } });
    if (mobile) conditions.push({ mobile: { contains: mobile } });
    if (status != null) conditions.push({ status });
    if (deptId != null) {
      const depts = await db.dept.findMany({ select: { id: true, parentId: true } });
      conditions.push({ deptId: { in: [...deptWithDescendants(depts, deptId)] } });
    }
    const where = { AND: conditions };
    const [list, total] = await Promise.all([
      db.adminUser.findMany({ where, select: columnSelect(USER_FIELDS, columns, ['id']), orderBy, ...window }),
      db.adminUser.count({ where }),
    ]);
    return { list, total };
  }

  /** Enabled users the caller's data scope shows, for pickers. */
  async simpleList(ctx: RequestContext): Promise<UserRecord[]> {
    const visible = await this.visibleUsers(ctx);
    return this.scoped(ctx).adminUser.findMany({ where: { AND: [{ status: ENABLED }, visible] }, select: USER_FIELDS, orderBy: { id: 'asc' } });
  }

  /** The roles each user holds (one query for all of them), enabled or not. */
  rolesOf(ctx: RequestContext, userIds: readonly number[]): Promise<Map<number, UserRoleSummary[]>> {
    return linkedToUsers(this.deps.db, 'roles', tenantIdOf(ctx), userIds, ['id', 'name', 'code', 'status'], (role) => ({
      id: Number(role.id),
      name: String(role.name),
      code: String(role.code),
      status: Number(role.status),
    }));
  }

  /** The signed-in user's own record. */
  async profile(ctx: RequestContext): Promise<UserRecord> {
    const userId = this.signedInUserId(ctx);
    const user = await this.scoped(ctx).adminUser.findFirst({ where: { id: userId }, select: USER_FIELDS });
    if (!user) throw signInRequired('accountGone');
    return user;
  }

  /** The signed-in user changes their own nickname, email, mobile and sex. */
  async updateProfile(ctx: RequestContext, input: UserProfileUpdateInput): Promise<void> {
    const data = parseInput(userProfileUpdateSchema, input);
    const userId = this.signedInUserId(ctx);
    const { count } = await this.scoped(ctx).adminUser.updateMany({ where: { id: userId }, data });
    if (count === 0) throw signInRequired('accountGone');
    await publishPermissionsChanged(this.deps.bus, tenantIdOf(ctx));
  }

  /** The signed-in user changes their own password, knowing the old one; every session of theirs ends. */
  async updateProfilePassword(ctx: RequestContext, input: z.input<typeof userProfilePasswordSchema>): Promise<void> {
    const { oldPassword, newPassword } = parseInput(userProfilePasswordSchema, input);
    const userId = this.signedInUserId(ctx);
    const db = this.scoped(ctx);
    const user = await db.adminUser.findFirst({ where: { id: userId }, select: { passwordHash: true } });
    if (!user) throw signInRequired('accountGone');
    if (!(await verifySecret(user.passwordHash, oldPassword))) throw new ServiceError(ErrorCatalogue.USER_OLD_PASSWORD_WRONG);
    // Conditional on the hash just verified: of two concurrent changes, one applies.
    const { count } = await db.adminUser.updateMany({ where: { id: userId, passwordHash: user.passwordHash }, data: { passwordHash: await hashSecret(newPassword) } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.USER_OLD_PASSWORD_WRONG);
    await this.deps.adminAuth.revokeUserSessions(tenantIdOf(ctx), userId);
  }

  /** The users the caller's roles let them see (data scope); `{}` for all. */
  private async visibleUsers(ctx: RequestContext): Promise<Prisma.AdminUserWhereInput> {
    const access = await this.deps.permissions.authorize(ctx, null);
    if (access.superAdmin) return {};
    const db = this.scoped(ctx);
    const links = await db.userRole.findMany({
      where: { userId: access.user.id, role: { status: ENABLED } },
      select: { role: { select: { dataScope: true, dataScopeDeptIds: true } } },
    });
    return visibleUsersWhere({
      userId: access.user.id,
      deptId: access.user.deptId,
      roles: links.map((link) => link.role),
      depts: () => db.dept.findMany({ select: { id: true, parentId: true } }),
    });
  }

  private async checkRelations(ctx: RequestContext, deptId: number | null | undefined, postIds: readonly number[] | null | undefined): Promise<void> {
    if (deptId != null) await this.deps.depts.assertAssignable(ctx, deptId);
    if (postIds?.length) await this.deps.posts.assertAssignable(ctx, postIds);
  }

  private signedInUserId(ctx: RequestContext): number {
    if (ctx.actor.kind !== 'admin') throw signInRequired();
    return ctx.actor.userId;
  }
}
