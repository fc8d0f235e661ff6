// Help-center classifications of a tenant (CommonClassifySaveReqVO): one tree per positionType and
// language. A parent is a classification of the same tenant, positionType and language (a child in
// another language would show in neither tree), never the classification itself or one below it
// (moves run one at a time per tenant, db/tree-moves.ts).
// A classification with children or support infos is not deleted, and keeps its positionType and
// language (its children and articles share them).
import { commonStatusSchema, parseInput, type SaveShapeInput, saveShapeSchemas } from '../admin/save-shape';
import { type Db, Prisma } from '../db/client';
import type { TreeMoves } from '../db/tree-moves';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { languageCodeSchema } from '../language/language-code';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { type TenantScopedDb, tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { CONTENT_ORDER, requiredText, sortSchema, uuidCodeSchema, writingUuidCode } from './content-fields';
import { optionSchema } from '../options/option-sets';

/** parentId of a top-level classification. */
export const CLASSIFY_ROOT_ID = 0;
export const CLASS_NAME_MAX = 100;
/** positionType values: where the classification tree is shown. */
const positionTypeSchema = optionSchema('CLASSIFY_POSITION_TYPE');
const parentIdSchema = z.number().int().min(CLASSIFY_ROOT_ID).max(Number.MAX_SAFE_INTEGER);

export const classifySaveSchemas = saveShapeSchemas({
  uuidCode: uuidCodeSchema,
  className: requiredText(CLASS_NAME_MAX),
  parentId: parentIdSchema,
  positionType: positionTypeSchema,
  isHot: z.boolean().nullish(),
  language: languageCodeSchema,
  sort: sortSchema,
  status: commonStatusSchema,
});

export type ClassifySaveInput = SaveShapeInput<z.input<typeof classifySaveSchemas.create>>;

export const classifyPageFilterSchema = z.object({
  className: z.string().max(CLASS_NAME_MAX).nullish(),
  language: languageCodeSchema.nullish(),
  positionType: positionTypeSchema.nullish(),
  status: commonStatusSchema.nullish(),
  parentId: parentIdSchema.nullish(),
});

export type ClassifyPageFilter = z.input<typeof classifyPageFilterSchema>;

const treeScopeSchema = z.object({ positionType: positionTypeSchema, language: languageCodeSchema });
const listScopeSchema = z.object({ positionType: positionTypeSchema.nullish(), language: languageCodeSchema.nullish() });

export interface ClassifyRecord {
  id: number;
  uuidCode: string;
  className: string;
  parentId: number;
  positionType: number;
  isHot: boolean;
  language: string;
  sort: number;
  status: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface ClassifyTreeNode extends ClassifyRecord {
  children: ClassifyTreeNode[];
}

const CLASSIFY_FIELDS = {
  id: true,
  uuidCode: true,
  className: true,
  parentId: true,
  positionType: true,
  isHot: true,
  language: true,
  sort: true,
  status: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Record<keyof ClassifyRecord, true>;
const ENABLED = 0;

/** Classifications (in display order) nested under their parents; children keep that order. */
export function classifyTree(records: readonly ClassifyRecord[]): ClassifyTreeNode[] {
  const nodes = new Map(records.map((record) => [record.id, { ...record, children: [] as ClassifyTreeNode[] }]));
  const roots: ClassifyTreeNode[] = [];
  for (const node of nodes.values()) (nodes.get(node.parentId)?.children ?? roots).push(node);
  return roots;
}

/** By sort, then id, unless the request asks otherwise. */
export const classifyPageSort = pageSort({ id: 'id', className: 'className', sort: 'sort', status: 'status', createTime: 'createdAt' }, CONTENT_ORDER);

export class ClassifyService {
  constructor(
    private readonly db: Db,
    private readonly trees: TreeMoves,
  ) {}

  private scoped(ctx: RequestContext): TenantScopedDb {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  async create(ctx: RequestContext, input: ClassifySaveInput): Promise<number> {
    const { id: _id, ...data } = parseInput(classifySaveSchemas.create, input);
    const db = this.scoped(ctx);
    await this.assertParent(db, data);
    const now = ctx.now();
    const created = await writingUuidCode(
      () =>
        db.commonClassify.create({
          data: { ...data, isHot: data.isHot ?? false, tenantId: tenantIdOf(ctx), createdAt: now, updatedAt: now },
          select: { id: true },
        }),
      ErrorCatalogue.CLASSIFY_UUID_EXISTS,
      data.uuidCode,
    );
    return created.id;
  }

  /** isHot omitted keeps the stored value. */
  async update(ctx: RequestContext, input: ClassifySaveInput): Promise<void> {
    const { id, ...data } = parseInput(classifySaveSchemas.update, input);
    const db = this.scoped(ctx);
    const current = await this.require(db, id);
    if (current.positionType !== data.positionType || current.language !== data.language) {
      const [children, supportInfos] = await Promise.all([db.commonClassify.count({ where: { parentId: id } }), db.supportInfo.count({ where: { classifyId: id } })]);
      if (children + supportInfos > 0) throw new ServiceError(ErrorCatalogue.CLASSIFY_SCOPE_LOCKED, { className: current.className });
    }
    await this.assertParent(db, data);
    const tenantId = tenantIdOf(ctx);
    // The move's transaction is not tenant-scoped (it takes a raw lock): its queries name the tenant.
    await writingUuidCode(
      () =>
        this.trees.run({
          tree: 'classify',
          scope: tenantId,
          nodeId: id,
          parentId: data.parentId,
          links: (tx) => tx.commonClassify.findMany({ where: { tenantId }, select: { id: true, parentId: true } }),
          cycle: () => new ServiceError(ErrorCatalogue.CLASSIFY_PARENT_CYCLE, { classifyId: id }),
          write: (tx) => tx.commonClassify.updateMany({ where: { id, tenantId }, data: { ...data, isHot: data.isHot ?? undefined, updatedAt: ctx.now() } }),
        }),
      ErrorCatalogue.CLASSIFY_UUID_EXISTS,
      data.uuidCode,
    );
  }

  /** Refused while the classification has children or support infos (the database restricts the latter too). */
  async delete(ctx: RequestContext, classifyId: number): Promise<void> {
    const db = this.scoped(ctx);
    const { className } = await this.require(db, classifyId);
    if ((await db.commonClassify.count({ where: { parentId: classifyId } })) > 0) throw new ServiceError(ErrorCatalogue.CLASSIFY_HAS_CHILDREN, { className });
    const holdsArticles = (count: number) => new ServiceError(ErrorCatalogue.CLASSIFY_HAS_SUPPORT_INFOS, { className, count });
    const articleCount = await db.supportInfo.count({ where: { classifyId } });
    if (articleCount > 0) throw holdsArticles(articleCount);
    try {
      await db.commonClassify.deleteMany({ where: { id: classifyId } });
    } catch (error) {
      // P2003: a support info was filed under it between the count and the delete.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') throw holdsArticles(await db.supportInfo.count({ where: { classifyId } }));
      throw error;
    }
  }

  /** A classification of the caller's tenant; CLASSIFY_NOT_FOUND otherwise. */
  get(ctx: RequestContext, classifyId: number): Promise<ClassifyRecord> {
    return this.require(this.scoped(ctx), classifyId);
  }

  async page(ctx: RequestContext, page: PageRequest, filter: ClassifyPageFilter = {}): Promise<{ list: ClassifyRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, classifyPageSort);
    const { className, language, positionType, status, parentId } = parseInput(classifyPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(className ? { className: { contains: className } } : {}),
      ...(language ? { language } : {}),
      ...(positionType != null ? { positionType } : {}),
      ...(status != null ? { status } : {}),
      ...(parentId != null ? { parentId } : {}),
    };
    const db = this.scoped(ctx);
    const [list, total] = await Promise.all([
      db.commonClassify.findMany({ where, select: CLASSIFY_FIELDS, orderBy, ...window }),
      db.commonClassify.count({ where }),
    ]);
    return { list, total };
  }

  /** Every classification (enabled or not) of one positionType and language, as a tree. */
  async tree(ctx: RequestContext, scope: { positionType: number; language: string }): Promise<ClassifyTreeNode[]> {
    const where = parseInput(treeScopeSchema, scope);
    return classifyTree(await this.scoped(ctx).commonClassify.findMany({ where, select: CLASSIFY_FIELDS, orderBy: CONTENT_ORDER }));
  }

  /** Enabled classifications, flat, for pickers; optionally of one positionType and language. */
  async simpleList(ctx: RequestContext, scope: { positionType?: number | null; language?: string | null } = {}): Promise<ClassifyRecord[]> {
    const { positionType, language } = parseInput(listScopeSchema, scope);
    return this.scoped(ctx).commonClassify.findMany({
      where: { status: ENABLED, ...(positionType != null ? { positionType } : {}), ...(language ? { language } : {}) },
      select: CLASSIFY_FIELDS,
      orderBy: CONTENT_ORDER,
    });
  }

  private async require(db: TenantScopedDb, classifyId: number): Promise<ClassifyRecord> {
    const classify = await db.commonClassify.findFirst({ where: { id: classifyId }, select: CLASSIFY_FIELDS });
    if (!classify) throw new ServiceError(ErrorCatalogue.CLASSIFY_NOT_FOUND, { classifyId });
    return classify;
  }

  /** The parent exists in the tenant with the same positionType and language (a moved classification's cycle check runs with the move). */
  private async assertParent(db: TenantScopedDb, data: { parentId: number; positionType: number; language: string }): Promise<void> {
    const { parentId, positionType, language } = data;
    if (parentId === CLASSIFY_ROOT_ID) return;
    const parent = await db.commonClassify.findFirst({ where: { id: parentId }, select: { positionType: true, language: true } });
    if (!parent) throw new ServiceError(ErrorCatalogue.CLASSIFY_PARENT_NOT_FOUND, { parentId });
    if (parent.positionType !== positionType || parent.language !== language) {
      throw new ServiceError(ErrorCatalogue.CLASSIFY_PARENT_MISMATCH, { parentId, parentPositionType: parent.positionType, parentLanguage: parent.language, positionType, language });
    }
  }
}
