// Protocol statements of a tenant (ProtocolStatementSaveReqVO), shown on pages of the apps by
// positionType. A create without a uuidCode gets a generated one; an update without one keeps the
// stored code. `statementFor` answers what a page shows: the first enabled statement by (sort, id)
// in the page's language, else in the default language (en). Titles and contents carrying the
// tenant's sensitive words are refused.
import { parseInput, type SaveShapeInput, saveShapeSchemas } from '../admin/save-shape';
import type { Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { DEFAULT_LANGUAGE, languageCodeSchema } from '../language/language-code';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { type TenantScopedDb, tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import {
  CONTENT_MAX,
  CONTENT_ORDER,
  newUuidCode,
  optionalUuidCodeSchema,
  requiredText,
  sortSchema,
  type TextGuard,
  TITLE_MAX,
  writingUuidCode,
} from './content-fields';
import { optionSchema } from '../options/option-sets';

/** positionType: the page a statement is shown on. */
const positionTypeSchema = optionSchema('PROTOCOL_POSITION_TYPE');

export const protocolStatementSaveSchemas = saveShapeSchemas({
  uuidCode: optionalUuidCodeSchema,
  title: requiredText(TITLE_MAX),
  content: requiredText(CONTENT_MAX),
  positionType: positionTypeSchema,
  language: languageCodeSchema,
  sort: sortSchema.nullish(),
  /** true = shown. */
  status: z.boolean(),
});

export type ProtocolStatementSaveInput = SaveShapeInput<z.input<typeof protocolStatementSaveSchemas.create>>;

export const protocolStatementPageFilterSchema = z.object({
  title: z.string().max(TITLE_MAX).nullish(),
  positionType: positionTypeSchema.nullish(),
  language: languageCodeSchema.nullish(),
  status: z.boolean().nullish(),
});

export type ProtocolStatementPageFilter = z.input<typeof protocolStatementPageFilterSchema>;

const pageOfAppSchema = z.object({ positionType: positionTypeSchema, language: languageCodeSchema });

export interface ProtocolStatementRecord {
  id: number;
  uuidCode: string;
  title: string;
  content: string;
  positionType: number;
  language: string;
  sort: number;
  status: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const PROTOCOL_STATEMENT_FIELDS = {
  id: true,
  uuidCode: true,
  title: true,
  content: true,
  positionType: true,
  language: true,
  sort: true,
  status: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Record<keyof ProtocolStatementRecord, true>;

/** By sort, then id, unless the request asks otherwise. */
export const protocolStatementPageSort = pageSort({ id: 'id', title: 'title', positionType: 'positionType', sort: 'sort', createTime: 'createdAt' }, CONTENT_ORDER);

export class ProtocolStatementService {
  constructor(
    private readonly db: Db,
    private readonly textGuard: TextGuard,
  ) {}

  private scoped(ctx: RequestContext): TenantScopedDb {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  async create(ctx: RequestContext, input: ProtocolStatementSaveInput): Promise<number> {
    const { id: _id, ...data } = parseInput(protocolStatementSaveSchemas.create, input);
    await this.textGuard.assertClean(ctx, { title: data.title, content: data.content });
    const uuidCode = data.uuidCode ?? newUuidCode();
    const now = ctx.now();
    const created = await writingUuidCode(
      () =>
        this.scoped(ctx).protocolStatement.create({
          data: { ...data, uuidCode, sort: data.sort ?? 0, tenantId: tenantIdOf(ctx), createdAt: now, updatedAt: now },
          select: { id: true },
        }),
      ErrorCatalogue.PROTOCOL_STATEMENT_UUID_EXISTS,
      uuidCode,
    );
    return created.id;
  }

  /** uuidCode and sort omitted keep the stored values. */
  async update(ctx: RequestContext, input: ProtocolStatementSaveInput): Promise<void> {
    const { id, ...data } = parseInput(protocolStatementSaveSchemas.update, input);
    const db = this.scoped(ctx);
    await this.require(db, id);
    await this.textGuard.assertClean(ctx, { title: data.title, content: data.content });
    await writingUuidCode(
      () => db.protocolStatement.updateMany({ where: { id }, data: { ...data, uuidCode: data.uuidCode ?? undefined, sort: data.sort ?? undefined, updatedAt: ctx.now() } }),
      ErrorCatalogue.PROTOCOL_STATEMENT_UUID_EXISTS,
      data.uuidCode ?? undefined,
    );
  }

  async delete(ctx: RequestContext, protocolStatementId: number): Promise<void> {
    const { count } = await this.scoped(ctx).protocolStatement.deleteMany({ where: { id: protocolStatementId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.PROTOCOL_STATEMENT_NOT_FOUND, { protocolStatementId });
  }

  /** A protocol statement of the caller's tenant; PROTOCOL_STATEMENT_NOT_FOUND otherwise. */
  get(ctx: RequestContext, protocolStatementId: number): Promise<ProtocolStatementRecord> {
    return this.require(this.scoped(ctx), protocolStatementId);
  }

  async page(ctx: RequestContext, page: PageRequest, filter: ProtocolStatementPageFilter = {}): Promise<{ list: ProtocolStatementRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, protocolStatementPageSort);
    const { title, positionType, language, status } = parseInput(protocolStatementPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(title ? { title: { contains: title } } : {}),
      ...(positionType != null ? { positionType } : {}),
      ...(language ? { language } : {}),
      ...(status != null ? { status } : {}),
    };
    const db = this.scoped(ctx);
    const [list, total] = await Promise.all([
      db.protocolStatement.findMany({ where, select: PROTOCOL_STATEMENT_FIELDS, orderBy, ...window }),
      db.protocolStatement.count({ where }),
    ]);
    return { list, total };
  }

  /** What a page shows: the first enabled statement by (sort, id) in `language`, else in en; null when neither has one. */
  async statementFor(ctx: RequestContext, page: { positionType: number; language: string }): Promise<ProtocolStatementRecord | null> {
    const { positionType, language } = parseInput(pageOfAppSchema, page);
    const db = this.scoped(ctx);
    const shown = (lang: string) =>
      db.protocolStatement.findFirst({ where: { positionType, language: lang, status: true }, select: PROTOCOL_STATEMENT_FIELDS, orderBy: CONTENT_ORDER });
    return (await shown(language)) ?? (language === DEFAULT_LANGUAGE ? null : shown(DEFAULT_LANGUAGE));
  }

  private async require(db: TenantScopedDb, protocolStatementId: number): Promise<ProtocolStatementRecord> {
    const statement = await db.protocolStatement.findFirst({ where: { id: protocolStatementId }, select: PROTOCOL_STATEMENT_FIELDS });
    if (!statement) throw new ServiceError(ErrorCatalogue.PROTOCOL_STATEMENT_NOT_FOUND, { protocolStatementId });
    return statement;
  }
}
