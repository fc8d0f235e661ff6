// Short-link groups of a tenant (SysShortLinkGroupSaveReqVO). groupCode is unique in the tenant; a
// create without one gets a random code (the console may leave it out), an update without one keeps
// the stored code. A group holding links is not deleted: its links would silently lose their group.
import { type Db, Prisma } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { optionalText, parseInput, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { randomBase62, withUniqueCode } from './short-code';
import { fieldText } from '../validation-messages';

const GROUP_CODE = /^[A-Za-z0-9_.-]*$/;

export const shortLinkGroupSaveSchemas = saveShapeSchemas({
  groupName: z.string().trim().min(1).max(64),
  /** Empty means "not given". */
  groupCode: z
    .string()
    .max(64)
    .regex(GROUP_CODE, fieldText('groupCodeCharacters'))
    .nullish()
    .transform((code) => code || null),
  sort: z.number().int().min(0).max(999_999).nullish(),
  description: optionalText(255),
  remark: optionalText(500),
});

export type ShortLinkGroupSaveInput = SaveShapeInput<z.input<typeof shortLinkGroupSaveSchemas.create>>;

export const shortLinkGroupPageFilterSchema = z.object({
  groupName: z.string().max(64).nullish(),
  groupCode: z.string().max(64).nullish(),
});

export type ShortLinkGroupPageFilter = z.input<typeof shortLinkGroupPageFilterSchema>;

export interface ShortLinkGroupRecord {
  id: number;
  groupName: string;
  groupCode: string;
  sort: number;
  description: string | null;
  remark: string | null;
  createdAt: Date;
}

const GROUP_FIELDS = { id: true, groupName: true, groupCode: true, sort: true, description: true, remark: true, createdAt: true } as const;
const GROUP_ORDER = [{ sort: 'asc' }, { id: 'asc' }] as const satisfies Prisma.ShortLinkGroupOrderByWithRelationInput[];

/** By sort, then id, unless the request asks otherwise (groups are few). */
export const shortLinkGroupPageSort = pageSort({ id: 'id', groupName: 'groupName', groupCode: 'groupCode', sort: 'sort', createTime: 'createdAt' }, GROUP_ORDER);

export class ShortLinkGroupService {
  constructor(private readonly db: Db) {}

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  async create(ctx: RequestContext, input: ShortLinkGroupSaveInput): Promise<number> {
    const { id: _id, groupCode, sort, ...data } = parseInput(shortLinkGroupSaveSchemas.create, input);
    const save = (code: string) =>
      this.scoped(ctx).shortLinkGroup.create({
        data: { ...data, groupCode: code, sort: sort ?? 0, tenantId: tenantIdOf(ctx), createdAt: ctx.now(), updatedAt: ctx.now() },
        select: { id: true },
      });
    if (!groupCode) return (await withUniqueCode(randomBase62, save)).id;
    try {
      return (await save(groupCode)).id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.SHORT_LINK_GROUP_CODE_EXISTS, { groupCode });
      throw error;
    }
  }

  async update(ctx: RequestContext, input: ShortLinkGroupSaveInput): Promise<void> {
    const { id, groupCode, sort, ...data } = parseInput(shortLinkGroupSaveSchemas.update, input);
    try {
      const { count } = await this.scoped(ctx).shortLinkGroup.updateMany({
        where: { id },
        data: { ...data, groupCode: groupCode ?? undefined, sort: sort ?? undefined, updatedAt: ctx.now() },
      });
      if (count === 0) throw new ServiceError(ErrorCatalogue.SHORT_LINK_GROUP_NOT_FOUND, { groupId: id });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.SHORT_LINK_GROUP_CODE_EXISTS, { groupCode: groupCode ?? '' });
      throw error;
    }
  }

  /** Refused while the group holds links (the database restricts it too, against a concurrent create). */
  async delete(ctx: RequestContext, groupId: number): Promise<void> {
    const db = this.scoped(ctx);
    const group = await this.get(ctx, groupId);
    const inUse = async () => {
      const recordCount = await db.shortLinkRecord.count({ where: { groupId } });
      return recordCount > 0 ? new ServiceError(ErrorCatalogue.SHORT_LINK_GROUP_IN_USE, { groupName: group.groupName, recordCount }) : null;
    };
    const refusal = await inUse();
    if (refusal) throw refusal;
    try {
      await db.shortLinkGroup.deleteMany({ where: { id: groupId } });
    } catch (error) {
      // P2003: a link joined the group between the count and the delete.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') throw (await inUse()) ?? error;
      throw error;
    }
  }

  /** A group of the caller's tenant; SHORT_LINK_GROUP_NOT_FOUND otherwise. */
  async get(ctx: RequestContext, groupId: number): Promise<ShortLinkGroupRecord> {
    const group = await this.scoped(ctx).shortLinkGroup.findFirst({ where: { id: groupId }, select: GROUP_FIELDS });
    if (!group) throw new ServiceError(ErrorCatalogue.SHORT_LINK_GROUP_NOT_FOUND, { groupId });
    return group;
  }

  async page(ctx: RequestContext, page: PageRequest, filter: ShortLinkGroupPageFilter = {}): Promise<{ list: ShortLinkGroupRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, shortLinkGroupPageSort);
    const { groupName, groupCode } = parseInput(shortLinkGroupPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(groupName ? { groupName: { contains: groupName } } : {}),
      ...(groupCode ? { groupCode: { contains: groupCode } } : {}),
    };
    const db = this.scoped(ctx);
    const [list, total] = await Promise.all([
      db.shortLinkGroup.findMany({ where, select: GROUP_FIELDS, orderBy, ...window }),
      db.shortLinkGroup.count({ where }),
    ]);
    return { list, total };
  }

  /** Every group of the tenant (groups have no status), for the link form's picker. */
  simpleList(ctx: RequestContext): Promise<ShortLinkGroupRecord[]> {
    return this.scoped(ctx).shortLinkGroup.findMany({ select: GROUP_FIELDS, orderBy: GROUP_ORDER });
  }

  /** Throws SHORT_LINK_GROUP_NOT_FOUND unless the group is the caller's tenant's. */
  async assertExists(ctx: RequestContext, groupId: number): Promise<void> {
    const group = await this.scoped(ctx).shortLinkGroup.findFirst({ where: { id: groupId }, select: { id: true } });
    if (!group) throw new ServiceError(ErrorCatalogue.SHORT_LINK_GROUP_NOT_FOUND, { groupId });
  }
}
