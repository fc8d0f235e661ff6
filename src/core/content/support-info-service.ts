// Help-center articles of a tenant (SupportInfoSaveReqVO), each under a classification of the same
// tenant and language. classifyUuid is not stored: it is the classification's uuidCode, checked when
// a caller sends it and answered from the classification. Titles and contents carrying the tenant's
// sensitive words are refused.
import { commonStatusSchema, optionalText, parseInput, recordIdSchema, type SaveShapeInput, saveShapeSchemas } from '../admin/save-shape';
import type { Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { languageCodeSchema } from '../language/language-code';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { type TenantScopedDb, tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import {
  CONTENT_MAX,
  CONTENT_ORDER,
  COVER_IMG_MAX,
  optionalUuidCodeSchema,
  requiredText,
  sortSchema,
  type TextGuard,
  TITLE_MAX,
  uuidCodeSchema,
  writingUuidCode,
} from './content-fields';
import { optionSchema } from '../options/option-sets';

export const supportInfoSaveSchemas = saveShapeSchemas({
  uuidCode: uuidCodeSchema,
  title: requiredText(TITLE_MAX),
  content: requiredText(CONTENT_MAX),
  classifyId: recordIdSchema,
  classifyUuid: optionalUuidCodeSchema,
  language: languageCodeSchema,
  coverImg: optionalText(COVER_IMG_MAX),
  terminalType: optionSchema('SUPPORT_INFO_TERMINAL_TYPE'),
  sort: sortSchema.nullish(),
  /** 0 normal, 1 closed. */
  status: commonStatusSchema,
  hot: z.boolean(),
});

export type SupportInfoSaveInput = SaveShapeInput<z.input<typeof supportInfoSaveSchemas.create>>;

export const supportInfoPageFilterSchema = z.object({
  title: z.string().max(TITLE_MAX).nullish(),
  classifyId: recordIdSchema.nullish(),
  language: languageCodeSchema.nullish(),
  terminalType: optionSchema('SUPPORT_INFO_TERMINAL_TYPE').nullish(),
  status: commonStatusSchema.nullish(),
  hot: z.boolean().nullish(),
});

export type SupportInfoPageFilter = z.input<typeof supportInfoPageFilterSchema>;

export interface SupportInfoRecord {
  id: number;
  uuidCode: string;
  title: string;
  content: string;
  classifyId: number;
  classifyUuid: string;
  language: string;
  coverImg: string | null;
  terminalType: number;
  sort: number;
  status: number;
  hot: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const SUPPORT_INFO_FIELDS = {
  id: true,
  uuidCode: true,
  title: true,
  content: true,
  classifyId: true,
  classify: { select: { uuidCode: true } },
  language: true,
  coverImg: true,
  terminalType: true,
  sort: true,
  status: true,
  hot: true,
  createdAt: true,
  updatedAt: true,
} as const;

type SupportInfoRow = Omit<SupportInfoRecord, 'classifyUuid'> & { classify: { uuidCode: string } };

const recordOf = ({ classify, ...row }: SupportInfoRow): SupportInfoRecord => ({ ...row, classifyUuid: classify.uuidCode });

/** By sort, then id, unless the request asks otherwise. */
export const supportInfoPageSort = pageSort({ id: 'id', title: 'title', sort: 'sort', status: 'status', createTime: 'createdAt' }, CONTENT_ORDER);

export class SupportInfoService {
  constructor(
    private readonly db: Db,
    private readonly textGuard: TextGuard,
  ) {}

  private scoped(ctx: RequestContext): TenantScopedDb {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  async create(ctx: RequestContext, input: SupportInfoSaveInput): Promise<number> {
    const { id: _id, classifyUuid, ...data } = parseInput(supportInfoSaveSchemas.create, input);
    const db = this.scoped(ctx);
    await this.textGuard.assertClean(ctx, { title: data.title, content: data.content });
    await this.assertClassify(db, { ...data, classifyUuid });
    const now = ctx.now();
    const created = await writingUuidCode(
      () => db.supportInfo.create({ data: { ...data, sort: data.sort ?? 0, tenantId: tenantIdOf(ctx), createdAt: now, updatedAt: now }, select: { id: true } }),
      ErrorCatalogue.SUPPORT_INFO_UUID_EXISTS,
      data.uuidCode,
    );
    return created.id;
  }

  /** sort and coverImg omitted keep the stored values. */
  async update(ctx: RequestContext, input: SupportInfoSaveInput): Promise<void> {
    const { id, classifyUuid, ...data } = parseInput(supportInfoSaveSchemas.update, input);
    const db = this.scoped(ctx);
    await this.require(db, id);
    await this.textGuard.assertClean(ctx, { title: data.title, content: data.content });
    await this.assertClassify(db, { ...data, classifyUuid });
    await writingUuidCode(
      () => db.supportInfo.updateMany({ where: { id }, data: { ...data, sort: data.sort ?? undefined, updatedAt: ctx.now() } }),
      ErrorCatalogue.SUPPORT_INFO_UUID_EXISTS,
      data.uuidCode,
    );
  }

  async delete(ctx: RequestContext, supportInfoId: number): Promise<void> {
    const { count } = await this.scoped(ctx).supportInfo.deleteMany({ where: { id: supportInfoId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.SUPPORT_INFO_NOT_FOUND, { supportInfoId });
  }

  /** A support info of the caller's tenant; SUPPORT_INFO_NOT_FOUND otherwise. */
  get(ctx: RequestContext, supportInfoId: number): Promise<SupportInfoRecord> {
    return this.require(this.scoped(ctx), supportInfoId);
  }

  async page(ctx: RequestContext, page: PageRequest, filter: SupportInfoPageFilter = {}): Promise<{ list: SupportInfoRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, supportInfoPageSort);
    const { title, classifyId, language, terminalType, status, hot } = parseInput(supportInfoPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(title ? { title: { contains: title } } : {}),
      ...(classifyId != null ? { classifyId } : {}),
      ...(language ? { language } : {}),
      ...(terminalType != null ? { terminalType } : {}),
      ...(status != null ? { status } : {}),
      ...(hot != null ? { hot } : {}),
    };
    const db = this.scoped(ctx);
    const [rows, total] = await Promise.all([
      db.supportInfo.findMany({ where, select: SUPPORT_INFO_FIELDS, orderBy, ...window }),
      db.supportInfo.count({ where }),
    ]);
    return { list: rows.map(recordOf), total };
  }

  private async require(db: TenantScopedDb, supportInfoId: number): Promise<SupportInfoRecord> {
    const row = await db.supportInfo.findFirst({ where: { id: supportInfoId }, select: SUPPORT_INFO_FIELDS });
    if (!row) throw new ServiceError(ErrorCatalogue.SUPPORT_INFO_NOT_FOUND, { supportInfoId });
    return recordOf(row);
  }

  /** The classification is the tenant's, in the article's language; classifyUuid, when sent, is its uuidCode. */
  private async assertClassify(db: TenantScopedDb, data: { classifyId: number; classifyUuid?: string | null; language: string }): Promise<void> {
    const { classifyId, classifyUuid, language } = data;
    const classify = await db.commonClassify.findFirst({ where: { id: classifyId }, select: { uuidCode: true, language: true } });
    if (!classify) throw new ServiceError(ErrorCatalogue.CLASSIFY_NOT_FOUND, { classifyId });
    if (classifyUuid != null && classifyUuid !== classify.uuidCode) {
      throw new ServiceError(ErrorCatalogue.SUPPORT_INFO_CLASSIFY_UUID_MISMATCH, { classifyUuid, classifyId, uuidCode: classify.uuidCode });
    }
    if (classify.language !== language) throw new ServiceError(ErrorCatalogue.SUPPORT_INFO_LANGUAGE_MISMATCH, { language, classifyId, classifyLanguage: classify.language });
  }
}
