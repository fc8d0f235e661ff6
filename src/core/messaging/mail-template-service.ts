// Mail templates of a tenant (MailTemplateSaveReqVO): one per code and language, each sent from a
// mail account; title and content carry `{name}` parameters (parsed on save).
import { optionalText, parseInput, recordIdSchema, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import {
  LANGUAGE_TEMPLATE_COLUMNS,
  type LanguageTemplateRecord,
  languageTemplatePageFilterSchema,
  languageTemplatePageWhere,
  languageTemplateSaveFields,
  templateParams,
  TEMPLATE_ENABLED,
  templateRecord,
} from './template';

export const mailTemplateSaveSchemas = saveShapeSchemas({
  ...languageTemplateSaveFields,
  accountId: recordIdSchema,
  nickname: optionalText(255),
  title: z.string().min(1).max(255),
  content: z.string().min(1).max(20_000),
});

export type MailTemplateSaveInput = SaveShapeInput<z.input<typeof mailTemplateSaveSchemas.create>>;

export const mailTemplatePageFilterSchema = languageTemplatePageFilterSchema.extend({ accountId: recordIdSchema.nullish() });

export type MailTemplatePageFilter = z.input<typeof mailTemplatePageFilterSchema>;

export interface MailTemplateRecord extends LanguageTemplateRecord {
  accountId: number;
  nickname: string | null;
  title: string;
}

const TEMPLATE_FIELDS = { ...LANGUAGE_TEMPLATE_COLUMNS, accountId: true, nickname: true, title: true } as const;

/** The parameters a mail template needs: those of its title, then those of its content. */
export const mailTemplateParams = (template: { title: string; content: string }) => templateParams(`${template.title}\n${template.content}`);

/** Newest first unless the request asks otherwise (templates are few). */
export const mailTemplatePageSort = pageSort({ id: 'id', name: 'name', code: 'code', languageCode: 'languageCode', status: 'status', createTime: 'createdAt' }, [{ id: 'desc' }]);

export class MailTemplateService {
  constructor(private readonly db: Db) {}

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  private async assertAccount(ctx: RequestContext, accountId: number): Promise<void> {
    const account = await this.scoped(ctx).mailAccount.findFirst({ where: { id: accountId }, select: { id: true } });
    if (!account) throw new ServiceError(ErrorCatalogue.MAIL_ACCOUNT_NOT_FOUND, { accountId });
  }

  private exists(data: { code: string; languageCode: string }): ServiceError {
    return new ServiceError(ErrorCatalogue.MAIL_TEMPLATE_CODE_EXISTS, { code: data.code, languageCode: data.languageCode });
  }

  async create(ctx: RequestContext, input: MailTemplateSaveInput): Promise<number> {
    const { id: _id, ...data } = parseInput(mailTemplateSaveSchemas.create, input);
    await this.assertAccount(ctx, data.accountId);
    const now = ctx.now();
    try {
      const created = await this.scoped(ctx).mailTemplate.create({
        data: { ...data, params: mailTemplateParams(data), tenantId: tenantIdOf(ctx), createdAt: now, updatedAt: now },
        select: { id: true },
      });
      return created.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw this.exists(data);
      throw error;
    }
  }

  async update(ctx: RequestContext, input: MailTemplateSaveInput): Promise<void> {
    const { id, ...data } = parseInput(mailTemplateSaveSchemas.update, input);
    const db = this.scoped(ctx);
    if ((await db.mailTemplate.count({ where: { id } })) === 0) throw new ServiceError(ErrorCatalogue.MAIL_TEMPLATE_NOT_FOUND, { templateId: id });
    await this.assertAccount(ctx, data.accountId);
    try {
      const { count } = await db.mailTemplate.updateMany({ where: { id }, data: { ...data, params: mailTemplateParams(data), updatedAt: ctx.now() } });
      if (count === 0) throw new ServiceError(ErrorCatalogue.MAIL_TEMPLATE_NOT_FOUND, { templateId: id });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.exists(data);
      throw error;
    }
  }

  /** Its send log stays. */
  async delete(ctx: RequestContext, templateId: number): Promise<void> {
    const id = parseInput(recordIdSchema, templateId);
    const { count } = await this.scoped(ctx).mailTemplate.deleteMany({ where: { id } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.MAIL_TEMPLATE_NOT_FOUND, { templateId: id });
  }

  async get(ctx: RequestContext, templateId: number): Promise<MailTemplateRecord> {
    const id = parseInput(recordIdSchema, templateId);
    const stored = await this.scoped(ctx).mailTemplate.findFirst({ where: { id }, select: TEMPLATE_FIELDS });
    if (!stored) throw new ServiceError(ErrorCatalogue.MAIL_TEMPLATE_NOT_FOUND, { templateId: id });
    return templateRecord(stored);
  }

  /** Enabled templates by code and language, for pickers. */
  async simpleList(ctx: RequestContext): Promise<MailTemplateRecord[]> {
    const stored = await this.scoped(ctx).mailTemplate.findMany({ where: { status: TEMPLATE_ENABLED }, select: TEMPLATE_FIELDS, orderBy: [{ code: 'asc' }, { languageCode: 'asc' }] });
    return stored.map(templateRecord);
  }

  async page(ctx: RequestContext, page: PageRequest, filter: MailTemplatePageFilter = {}): Promise<{ list: MailTemplateRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, mailTemplatePageSort);
    const { accountId, ...shared } = parseInput(mailTemplatePageFilterSchema, filter);
    const where = { ...pageWhere, ...languageTemplatePageWhere(shared), ...(accountId != null ? { accountId } : {}) };
    const db = this.scoped(ctx);
    const [stored, total] = await Promise.all([
      db.mailTemplate.findMany({ where, select: TEMPLATE_FIELDS, orderBy, ...window }),
      db.mailTemplate.count({ where }),
    ]);
    return { list: stored.map(templateRecord), total };
  }
}
