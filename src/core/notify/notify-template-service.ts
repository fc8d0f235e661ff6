// In-app notify templates of a tenant (NotifyTemplateSaveReqVO), one per code and language, and
// sending one to a recipient: the content rendered with the parameters lands in the recipient's
// inbox as a NotifyMessage (see notify-message-service.ts). Parameters are the `{name}`s of the
// content, parsed and rendered by the one template module of messaging.
import { parseInput, recordIdSchema, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { languageCodeSchema } from '../language/language-code';
import {
  LANGUAGE_TEMPLATE_COLUMNS,
  type LanguageTemplateRecord,
  languageTemplatePageFilterSchema,
  languageTemplatePageWhere,
  languageTemplateSaveFields,
  renderTemplate,
  type TemplateParams,
  templateParams,
  templateParamsSchema,
  templateRecord,
  templateToSend,
  usedParams,
} from '../messaging/template';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf, UserType } from '../request-context';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { optionSchema } from '../options/option-sets';

export const notifyTemplateSaveSchemas = saveShapeSchemas({
  ...languageTemplateSaveFields,
  type: optionSchema('NOTIFY_TEMPLATE_TYPE'),
  nickname: z.string().min(1).max(255),
  content: z.string().min(1).max(2000),
});

export type NotifyTemplateSaveInput = SaveShapeInput<z.input<typeof notifyTemplateSaveSchemas.create>>;

export const notifyTemplatePageFilterSchema = languageTemplatePageFilterSchema.extend({ type: optionSchema('NOTIFY_TEMPLATE_TYPE').nullish() });

export type NotifyTemplatePageFilter = z.input<typeof notifyTemplatePageFilterSchema>;

export const notifySendSchema = z.object({
  userId: recordIdSchema,
  userType: optionSchema('PERSON_USER_TYPE'),
  templateCode: languageTemplateSaveFields.code,
  languageCode: languageCodeSchema.nullish(),
  templateParams: templateParamsSchema.nullish(),
});

export type NotifySendInput = z.input<typeof notifySendSchema>;

export interface NotifyTemplateRecord extends LanguageTemplateRecord {
  type: number;
  nickname: string;
}

const TEMPLATE_FIELDS = { ...LANGUAGE_TEMPLATE_COLUMNS, type: true, nickname: true } as const;

const ENABLED = 0;

/** Newest first unless the request asks otherwise (templates are few). */
export const notifyTemplatePageSort = pageSort({ id: 'id', name: 'name', code: 'code', languageCode: 'languageCode', type: 'type', status: 'status', createTime: 'createdAt' }, [{ id: 'desc' }]);

export class NotifyTemplateService {
  constructor(private readonly db: Db) {}

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  async create(ctx: RequestContext, input: NotifyTemplateSaveInput): Promise<number> {
    const { id: _id, ...data } = parseInput(notifyTemplateSaveSchemas.create, input);
    const now = ctx.now();
    try {
      const template = await this.scoped(ctx).notifyTemplate.create({
        data: { ...data, params: templateParams(data.content), tenantId: tenantIdOf(ctx), createdAt: now, updatedAt: now },
        select: { id: true },
      });
      return template.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.NOTIFY_TEMPLATE_CODE_EXISTS, { code: data.code, languageCode: data.languageCode });
      throw error;
    }
  }

  async update(ctx: RequestContext, input: NotifyTemplateSaveInput): Promise<void> {
    const { id, ...data } = parseInput(notifyTemplateSaveSchemas.update, input);
    try {
      const { count } = await this.scoped(ctx).notifyTemplate.updateMany({
        where: { id },
        data: { ...data, params: templateParams(data.content), updatedAt: ctx.now() },
      });
      if (count === 0) throw new ServiceError(ErrorCatalogue.NOTIFY_TEMPLATE_NOT_FOUND, { templateId: id });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.NOTIFY_TEMPLATE_CODE_EXISTS, { code: data.code, languageCode: data.languageCode });
      throw error;
    }
  }

  /** Messages already sent keep their own copy of the text, so a template can always be deleted. */
  async delete(ctx: RequestContext, templateId: number): Promise<void> {
    const { count } = await this.scoped(ctx).notifyTemplate.deleteMany({ where: { id: templateId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.NOTIFY_TEMPLATE_NOT_FOUND, { templateId });
  }

  async get(ctx: RequestContext, templateId: number): Promise<NotifyTemplateRecord> {
    const template = await this.scoped(ctx).notifyTemplate.findFirst({ where: { id: templateId }, select: TEMPLATE_FIELDS });
    if (!template) throw new ServiceError(ErrorCatalogue.NOTIFY_TEMPLATE_NOT_FOUND, { templateId });
    return templateRecord(template);
  }

  async page(ctx: RequestContext, page: PageRequest, filter: NotifyTemplatePageFilter = {}): Promise<{ list: NotifyTemplateRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, notifyTemplatePageSort);
    const { type, ...shared } = parseInput(notifyTemplatePageFilterSchema, filter);
    const where = { ...pageWhere, ...languageTemplatePageWhere(shared), ...(type != null ? { type } : {}) };
    const db = this.scoped(ctx);
    const [rows, total] = await Promise.all([
      db.notifyTemplate.findMany({ where, select: TEMPLATE_FIELDS, orderBy, ...window }),
      db.notifyTemplate.count({ where }),
    ]);
    return { list: rows.map(templateRecord), total };
  }

  /** Enabled templates, for pickers. */
  async simpleList(ctx: RequestContext): Promise<NotifyTemplateRecord[]> {
    const rows = await this.scoped(ctx).notifyTemplate.findMany({ where: { status: ENABLED }, select: TEMPLATE_FIELDS, orderBy: [{ code: 'asc' }, { languageCode: 'asc' }] });
    return rows.map(templateRecord);
  }

  /**
   * Renders the enabled template of `templateCode` (in `languageCode`, else English, else the
   * oldest) and puts the message in the inbox of an administrator (userType 2) or a member
   * (userType 1) of the caller's tenant. Answers the message id.
   */
  async send(ctx: RequestContext, input: NotifySendInput): Promise<number> {
    const { userId, userType, templateCode, languageCode, templateParams: given } = parseInput(notifySendSchema, input);
    const db = this.scoped(ctx);
    await this.assertRecipient(ctx, userId, userType);
    const templates = await db.notifyTemplate.findMany({ where: { code: templateCode }, orderBy: { id: 'asc' } });
    const template = templateToSend(templates, { templateCode, languageCode }, { notFound: ErrorCatalogue.NOTIFY_TEMPLATE_CODE_NOT_FOUND, disabled: ErrorCatalogue.NOTIFY_TEMPLATE_DISABLED });
    const params: TemplateParams = given ?? {};
    const content = renderTemplate(template.content, params, template.code);
    // Only the values the template used are kept with the message.
    const used = usedParams(templateParams(template.content), params);
    const message = await db.notifyMessage.create({
      data: {
        tenantId: tenantIdOf(ctx),
        userId,
        userType,
        templateId: template.id,
        templateCode: template.code,
        templateType: template.type,
        templateNickname: template.nickname,
        templateContent: content,
        templateParams: used,
        createdAt: ctx.now(),
      },
      select: { id: true },
    });
    return message.id;
  }

  private async assertRecipient(ctx: RequestContext, userId: number, userType: number): Promise<void> {
    const db = this.scoped(ctx);
    const found =
      userType === UserType.ADMIN
        ? await db.adminUser.findFirst({ where: { id: userId }, select: { id: true } })
        : await db.member.findFirst({ where: { id: userId }, select: { id: true } });
    if (!found) throw new ServiceError(ErrorCatalogue.NOTIFY_RECIPIENT_NOT_FOUND, { recipientKind: userType === UserType.ADMIN ? 'administrator' : 'member', userId });
  }
}
