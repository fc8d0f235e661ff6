// Announcements and information articles of a tenant (InformationSaveReqVO). A create without a
// uuidCode gets a generated one (a UUID); an update without one keeps the stored code. Titles,
// summaries and contents carrying the tenant's sensitive words are refused.
import { optionalText, parseInput, type SaveShapeInput, saveShapeSchemas } from '../admin/save-shape';
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
  newUuidCode,
  optionalUuidCodeSchema,
  requiredText,
  sortSchema,
  SUMMARY_MAX,
  type TextGuard,
  TITLE_MAX,
  writingUuidCode,
} from './content-fields';
import { optionSchema } from '../options/option-sets';


const topicTypeSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const informationSaveSchemas = saveShapeSchemas({
  uuidCode: optionalUuidCodeSchema,
  title: requiredText(TITLE_MAX),
  summary: requiredText(SUMMARY_MAX),
  content: requiredText(CONTENT_MAX),
  topicType: topicTypeSchema,
  language: languageCodeSchema,
  coverImg: optionalText(COVER_IMG_MAX),
  businessType: optionSchema('INFORMATION_BUSINESS_TYPE'),
  terminalType: optionSchema('INFORMATION_TERMINAL_TYPE'),
  sort: sortSchema.nullish(),
  /** true = shown. */
  status: z.boolean(),
  recommend: z.boolean(),
});

export type InformationSaveInput = SaveShapeInput<z.input<typeof informationSaveSchemas.create>>;

export const informationPageFilterSchema = z.object({
  title: z.string().max(TITLE_MAX).nullish(),
  language: languageCodeSchema.nullish(),
  topicType: topicTypeSchema.nullish(),
  businessType: optionSchema('INFORMATION_BUSINESS_TYPE').nullish(),
  terminalType: optionSchema('INFORMATION_TERMINAL_TYPE').nullish(),
  status: z.boolean().nullish(),
  recommend: z.boolean().nullish(),
});

export type InformationPageFilter = z.input<typeof informationPageFilterSchema>;

export interface InformationRecord {
  id: number;
  uuidCode: string;
  title: string;
  summary: string;
  content: string;
  topicType: number;
  language: string;
  coverImg: string | null;
  businessType: number;
  terminalType: number;
  sort: number;
  status: boolean;
  recommend: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const INFORMATION_FIELDS = {
  id: true,
  uuidCode: true,
  title: true,
  summary: true,
  content: true,
  topicType: true,
  language: true,
  coverImg: true,
  businessType: true,
  terminalType: true,
  sort: true,
  status: true,
  recommend: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Record<keyof InformationRecord, true>;

/** topicType is an int64 column; the wire's Int64 is a safe integer, so a number holds it. */
const recordOf = (row: Omit<InformationRecord, 'topicType'> & { topicType: bigint }): InformationRecord => ({ ...row, topicType: Number(row.topicType) });

/** By sort, then id, unless the request asks otherwise. */
export const informationPageSort = pageSort({ id: 'id', title: 'title', sort: 'sort', createTime: 'createdAt' }, CONTENT_ORDER);

export class InformationService {
  constructor(
    private readonly db: Db,
    private readonly textGuard: TextGuard,
  ) {}

  private scoped(ctx: RequestContext): TenantScopedDb {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  async create(ctx: RequestContext, input: InformationSaveInput): Promise<number> {
    const { id: _id, ...data } = parseInput(informationSaveSchemas.create, input);
    await this.textGuard.assertClean(ctx, { title: data.title, summary: data.summary, content: data.content });
    const uuidCode = data.uuidCode ?? newUuidCode();
    const now = ctx.now();
    const created = await writingUuidCode(
      () =>
        this.scoped(ctx).information.create({
          data: { ...data, uuidCode, topicType: BigInt(data.topicType), sort: data.sort ?? 0, tenantId: tenantIdOf(ctx), createdAt: now, updatedAt: now },
          select: { id: true },
        }),
      ErrorCatalogue.INFORMATION_UUID_EXISTS,
      uuidCode,
    );
    return created.id;
  }

  /** uuidCode and sort omitted keep the stored values. */
  async update(ctx: RequestContext, input: InformationSaveInput): Promise<void> {
    const { id, ...data } = parseInput(informationSaveSchemas.update, input);
    const db = this.scoped(ctx);
    await this.require(db, id);
    await this.textGuard.assertClean(ctx, { title: data.title, summary: data.summary, content: data.content });
    await writingUuidCode(
      () => db.information.updateMany({ where: { id }, data: { ...data, uuidCode: data.uuidCode ?? undefined, topicType: BigInt(data.topicType), sort: data.sort ?? undefined, updatedAt: ctx.now() } }),
      ErrorCatalogue.INFORMATION_UUID_EXISTS,
      data.uuidCode ?? undefined,
    );
  }

  async delete(ctx: RequestContext, informationId: number): Promise<void> {
    const { count } = await this.scoped(ctx).information.deleteMany({ where: { id: informationId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.INFORMATION_NOT_FOUND, { informationId });
  }

  /** An information of the caller's tenant; INFORMATION_NOT_FOUND otherwise. */
  get(ctx: RequestContext, informationId: number): Promise<InformationRecord> {
    return this.require(this.scoped(ctx), informationId);
  }

  async page(ctx: RequestContext, page: PageRequest, filter: InformationPageFilter = {}): Promise<{ list: InformationRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, informationPageSort);
    const { title, language, topicType, businessType, terminalType, status, recommend } = parseInput(informationPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(title ? { title: { contains: title } } : {}),
      ...(language ? { language } : {}),
      ...(topicType != null ? { topicType: BigInt(topicType) } : {}),
      ...(businessType != null ? { businessType } : {}),
      ...(terminalType != null ? { terminalType } : {}),
      ...(status != null ? { status } : {}),
      ...(recommend != null ? { recommend } : {}),
    };
    const db = this.scoped(ctx);
    const [rows, total] = await Promise.all([
      db.information.findMany({ where, select: INFORMATION_FIELDS, orderBy, ...window }),
      db.information.count({ where }),
    ]);
    return { list: rows.map(recordOf), total };
  }

  private async require(db: TenantScopedDb, informationId: number): Promise<InformationRecord> {
    const information = await db.information.findFirst({ where: { id: informationId }, select: INFORMATION_FIELDS });
    if (!information) throw new ServiceError(ErrorCatalogue.INFORMATION_NOT_FOUND, { informationId });
    return recordOf(information);
  }
}
