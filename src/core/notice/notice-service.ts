// Notices and announcements of a tenant (NoticeSaveReqVO). Their title and content must be free of
// the tenant's sensitive words: a text carrying one is refused and nothing is saved.
import type { Db } from '../db/client';
import { commonStatusSchema, parseInput, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import type { SensitiveWordService } from '../sensitive-word/sensitive-word-service';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { optionSchema } from '../options/option-sets';

/** Notice types: 1 notice, 2 announcement. */
const noticeTypeSchema = optionSchema('NOTICE_TYPE');

export const noticeSaveSchemas = saveShapeSchemas({
  title: z.string().trim().min(1).max(50),
  type: noticeTypeSchema,
  /** Rich text (HTML) as the console's editor writes it. */
  content: z.string().trim().min(1).max(65_535),
  status: commonStatusSchema,
});

export type NoticeSaveInput = SaveShapeInput<z.input<typeof noticeSaveSchemas.create>>;

export const noticePageFilterSchema = z.object({
  title: z.string().max(50).nullish(),
  type: noticeTypeSchema.nullish(),
  status: commonStatusSchema.nullish(),
});

export type NoticePageFilter = z.input<typeof noticePageFilterSchema>;

export interface NoticeRecord {
  id: number;
  title: string;
  type: number;
  content: string;
  status: number;
  createdAt: Date;
  updatedAt: Date;
}

const FIELDS = { id: true, title: true, type: true, content: true, status: true, createdAt: true, updatedAt: true } as const;

/** Newest first unless the request asks otherwise (the tenant's creation-time index serves it). */
export const noticePageSort = pageSort({ id: 'id', title: 'title', type: 'type', status: 'status', createTime: 'createdAt' }, [{ createdAt: 'desc' }, { id: 'desc' }]);

export class NoticeService {
  constructor(
    private readonly db: Db,
    private readonly sensitiveWords: SensitiveWordService,
  ) {}

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  async create(ctx: RequestContext, input: NoticeSaveInput): Promise<number> {
    const { id: _id, ...data } = parseInput(noticeSaveSchemas.create, input);
    await this.sensitiveWords.assertClean(ctx, { title: data.title, content: data.content });
    const now = ctx.now();
    const notice = await this.scoped(ctx).notice.create({ data: { ...data, tenantId: tenantIdOf(ctx), createdAt: now, updatedAt: now }, select: { id: true } });
    return notice.id;
  }

  async update(ctx: RequestContext, input: NoticeSaveInput): Promise<void> {
    const { id, ...data } = parseInput(noticeSaveSchemas.update, input);
    await this.sensitiveWords.assertClean(ctx, { title: data.title, content: data.content });
    const { count } = await this.scoped(ctx).notice.updateMany({ where: { id }, data: { ...data, updatedAt: ctx.now() } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.NOTICE_NOT_FOUND, { noticeId: id });
  }

  async delete(ctx: RequestContext, noticeId: number): Promise<void> {
    const { count } = await this.scoped(ctx).notice.deleteMany({ where: { id: noticeId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.NOTICE_NOT_FOUND, { noticeId });
  }

  /** A notice of the caller's tenant; NOTICE_NOT_FOUND otherwise. */
  async get(ctx: RequestContext, noticeId: number): Promise<NoticeRecord> {
    const notice = await this.scoped(ctx).notice.findFirst({ where: { id: noticeId }, select: FIELDS });
    if (!notice) throw new ServiceError(ErrorCatalogue.NOTICE_NOT_FOUND, { noticeId });
    return notice;
  }

  /** Newest first; title matches when contained. */
  async page(ctx: RequestContext, page: PageRequest, filter: NoticePageFilter = {}): Promise<{ list: NoticeRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, noticePageSort);
    const { title, type, status } = parseInput(noticePageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(title ? { title: { contains: title } } : {}),
      ...(type != null ? { type } : {}),
      ...(status != null ? { status } : {}),
    };
    const db = this.scoped(ctx);
    const [list, total] = await Promise.all([
      db.notice.findMany({ where, select: FIELDS, orderBy, ...window }),
      db.notice.count({ where }),
    ]);
    return { list, total };
  }
}
