// Job posts of a tenant (PostSaveReqVO): a code unique per tenant; a post is deleted only once no
// user holds it (UserPost rows, restricted in the database too).
import { type Db, Prisma } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { commonStatusSchema, optionalText, parseInput, type SaveShapeInput, saveShapeSchemas } from '../admin/save-shape';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { linkedToUsers } from '../user/user-links';
import { z } from '../validation';

export const postSaveSchemas = saveShapeSchemas({
  name: z.string().min(1).max(50),
  code: z.string().min(1).max(64),
  sort: z.number().int(),
  status: commonStatusSchema,
  remark: optionalText(500),
});

export type PostSaveInput = SaveShapeInput<z.input<typeof postSaveSchemas.create>>;

export const postPageFilterSchema = z.object({
  name: z.string().max(50).nullish(),
  code: z.string().max(64).nullish(),
  status: commonStatusSchema.nullish(),
});

export type PostPageFilter = z.input<typeof postPageFilterSchema>;

export interface PostRecord {
  id: number;
  name: string;
  code: string;
  sort: number;
  status: number;
  remark: string | null;
  createdAt: Date;
}

const POST_FIELDS = { id: true, name: true, code: true, sort: true, status: true, remark: true, createdAt: true } as const;
const ENABLED = 0;

/** By sort, then id, unless the request asks otherwise (posts are few per tenant). */
export const postPageSort = pageSort({ id: 'id', name: 'name', code: 'code', sort: 'sort', status: 'status', createTime: 'createdAt' }, [{ sort: 'asc' }, { id: 'asc' }]);


export class PostService {
  constructor(private readonly db: Db) {}

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  async create(ctx: RequestContext, input: PostSaveInput): Promise<number> {
    const { id: _id, ...data } = parseInput(postSaveSchemas.create, input);
    try {
      const post = await this.scoped(ctx).post.create({ data: { ...data, tenantId: tenantIdOf(ctx) }, select: { id: true } });
      return post.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.POST_CODE_EXISTS, { code: data.code });
      throw error;
    }
  }

  async update(ctx: RequestContext, input: PostSaveInput): Promise<void> {
    const { id, ...data } = parseInput(postSaveSchemas.update, input);
    try {
      const { count } = await this.scoped(ctx).post.updateMany({ where: { id }, data });
      if (count === 0) throw new ServiceError(ErrorCatalogue.POST_NOT_FOUND, { postId: id });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.POST_CODE_EXISTS, { code: data.code });
      throw error;
    }
  }

  /** Refused while a user holds the post (the database restricts it too, against a concurrent assignment). */
  async delete(ctx: RequestContext, postId: number): Promise<void> {
    const db = this.scoped(ctx);
    const post = await db.post.findFirst({ where: { id: postId }, select: { name: true } });
    if (!post) throw new ServiceError(ErrorCatalogue.POST_NOT_FOUND, { postId });
    const userCount = await db.userPost.count({ where: { postId } });
    if (userCount > 0) throw new ServiceError(ErrorCatalogue.POST_IN_USE, { name: post.name, userCount });
    try {
      await db.post.deleteMany({ where: { id: postId } });
    } catch (error) {
      // P2003: a user was given the post between the count and the delete.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') {
        throw new ServiceError(ErrorCatalogue.POST_IN_USE, { name: post.name, userCount: await db.userPost.count({ where: { postId } }) });
      }
      throw error;
    }
  }

  /** A post of the caller's tenant; POST_NOT_FOUND otherwise. */
  async get(ctx: RequestContext, postId: number): Promise<PostRecord> {
    const post = await this.scoped(ctx).post.findFirst({ where: { id: postId }, select: POST_FIELDS });
    if (!post) throw new ServiceError(ErrorCatalogue.POST_NOT_FOUND, { postId });
    return post;
  }

  async page(ctx: RequestContext, page: PageRequest, filter: PostPageFilter = {}): Promise<{ list: PostRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, postPageSort);
    const { name, code, status } = parseInput(postPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(name ? { name: { contains: name } } : {}),
      ...(code ? { code: { contains: code } } : {}),
      ...(status != null ? { status } : {}),
    };
    const db = this.scoped(ctx);
    const [list, total] = await Promise.all([
      db.post.findMany({ where, select: POST_FIELDS, orderBy, ...window }),
      db.post.count({ where }),
    ]);
    return { list, total };
  }

  /** Enabled posts, for pickers. */
  simpleList(ctx: RequestContext): Promise<PostRecord[]> {
    return this.scoped(ctx).post.findMany({ where: { status: ENABLED }, select: POST_FIELDS, orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
  }

  /** The posts of each user (one query for all of them), in display order. */
  ofUsers(ctx: RequestContext, userIds: readonly number[]): Promise<Map<number, PostRecord[]>> {
    return linkedToUsers(this.db, 'posts', tenantIdOf(ctx), userIds, Object.keys(POST_FIELDS), (post) => ({
      id: Number(post.id),
      name: String(post.name),
      code: String(post.code),
      sort: Number(post.sort),
      status: Number(post.status),
      remark: post.remark === null ? null : String(post.remark),
      createdAt: new Date(typeof post.createdAt === 'bigint' ? Number(post.createdAt) : (post.createdAt as Date | string | number)),
    }));
  }

  /** Throws unless every post exists in the caller's tenant and is enabled. */
  async assertAssignable(ctx: RequestContext, postIds: readonly number[]): Promise<void> {
    if (postIds.length === 0) return;
    const posts = await this.scoped(ctx).post.findMany({ where: { id: { in: [...postIds] } }, select: { id: true, name: true, status: true } });
    const missing = postIds.find((id) => !posts.some((post) => post.id === id));
    if (missing !== undefined) throw new ServiceError(ErrorCatalogue.POST_NOT_FOUND, { postId: missing });
    const disabled = posts.find((post) => post.status !== ENABLED);
    if (disabled) throw new ServiceError(ErrorCatalogue.POST_DISABLED, { name: disabled.name });
  }
}
