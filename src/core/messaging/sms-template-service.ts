// SMS templates of a tenant (SmsTemplateSaveReqVO): a code unique in the tenant (what senders name),
// content with `{name}` parameters (parsed on save), the provider's template id and the channel
// that sends it.
import { commonStatusSchema, optionalText, parseInput, recordIdSchema, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import type { Db, Prisma } from '../db/client';
import { jsonStrings } from '../db/json-values';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { TEMPLATE_ENABLED, templateParams } from './template';
import { optionSchema } from '../options/option-sets';

/** 1 verification code, 2 notice, 3 marketing. */
export const smsTemplateTypeSchema = optionSchema('SMS_TEMPLATE_TYPE');

export const smsTemplateSaveSchemas = saveShapeSchemas({
  type: smsTemplateTypeSchema,
  status: commonStatusSchema,
  code: z.string().min(1).max(63),
  name: z.string().min(1).max(63),
  content: z.string().min(1).max(500),
  remark: optionalText(500),
  apiTemplateId: z.string().min(1).max(100),
  channelId: recordIdSchema,
});

export type SmsTemplateSaveInput = SaveShapeInput<z.input<typeof smsTemplateSaveSchemas.create>>;

export const smsTemplatePageFilterSchema = z.object({
  type: smsTemplateTypeSchema.nullish(),
  status: commonStatusSchema.nullish(),
  code: z.string().max(63).nullish(),
  name: z.string().max(63).nullish(),
  apiTemplateId: z.string().max(100).nullish(),
  channelId: recordIdSchema.nullish(),
});

export type SmsTemplatePageFilter = z.input<typeof smsTemplatePageFilterSchema>;

export interface SmsTemplateRecord {
  id: number;
  type: number;
  status: number;
  code: string;
  name: string;
  content: string;
  /** The `{name}` parameters of content, in order. */
  params: string[];
  remark: string | null;
  apiTemplateId: string;
  channelId: number;
  channelCode: string;
  createTime: Date;
}

const TEMPLATE_FIELDS = {
  id: true,
  type: true,
  status: true,
  code: true,
  name: true,
  content: true,
  params: true,
  remark: true,
  apiTemplateId: true,
  channelId: true,
  createdAt: true,
  channel: { select: { code: true } },
} as const;

type StoredTemplate = Prisma.SmsTemplateGetPayload<{ select: typeof TEMPLATE_FIELDS }>;

function toRecord({ channel, createdAt, params, ...fields }: StoredTemplate): SmsTemplateRecord {
  return { ...fields, params: jsonStrings(params), channelCode: channel.code, createTime: createdAt };
}

/** Newest first unless the request asks otherwise (templates are few). */
export const smsTemplatePageSort = pageSort({ id: 'id', name: 'name', code: 'code', type: 'type', status: 'status', createTime: 'createdAt' }, [{ id: 'desc' }]);

export class SmsTemplateService {
  constructor(private readonly db: Db) {}

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  private async assertChannel(ctx: RequestContext, channelId: number): Promise<void> {
    const channel = await this.scoped(ctx).smsChannel.findFirst({ where: { id: channelId }, select: { id: true } });
    if (!channel) throw new ServiceError(ErrorCatalogue.SMS_CHANNEL_NOT_FOUND, { channelId });
  }

  async create(ctx: RequestContext, input: SmsTemplateSaveInput): Promise<number> {
    const { id: _id, ...data } = parseInput(smsTemplateSaveSchemas.create, input);
    await this.assertChannel(ctx, data.channelId);
    const now = ctx.now();
    try {
      const created = await this.scoped(ctx).smsTemplate.create({
        data: { ...data, params: templateParams(data.content), tenantId: tenantIdOf(ctx), createdAt: now, updatedAt: now },
        select: { id: true },
      });
      return created.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.SMS_TEMPLATE_CODE_EXISTS, { code: data.code });
      throw error;
    }
  }

  async update(ctx: RequestContext, input: SmsTemplateSaveInput): Promise<void> {
    const { id, ...data } = parseInput(smsTemplateSaveSchemas.update, input);
    const db = this.scoped(ctx);
    if ((await db.smsTemplate.count({ where: { id } })) === 0) throw new ServiceError(ErrorCatalogue.SMS_TEMPLATE_NOT_FOUND, { templateId: id });
    await this.assertChannel(ctx, data.channelId);
    try {
      const { count } = await db.smsTemplate.updateMany({ where: { id }, data: { ...data, params: templateParams(data.content), updatedAt: ctx.now() } });
      if (count === 0) throw new ServiceError(ErrorCatalogue.SMS_TEMPLATE_NOT_FOUND, { templateId: id });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.SMS_TEMPLATE_CODE_EXISTS, { code: data.code });
      throw error;
    }
  }

  /** Its send log stays. */
  async delete(ctx: RequestContext, templateId: number): Promise<void> {
    const id = parseInput(recordIdSchema, templateId);
    const { count } = await this.scoped(ctx).smsTemplate.deleteMany({ where: { id } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.SMS_TEMPLATE_NOT_FOUND, { templateId: id });
  }

  async get(ctx: RequestContext, templateId: number): Promise<SmsTemplateRecord> {
    const id = parseInput(recordIdSchema, templateId);
    const stored = await this.scoped(ctx).smsTemplate.findFirst({ where: { id }, select: TEMPLATE_FIELDS });
    if (!stored) throw new ServiceError(ErrorCatalogue.SMS_TEMPLATE_NOT_FOUND, { templateId: id });
    return toRecord(stored);
  }

  /** Enabled templates by code, for pickers. */
  async simpleList(ctx: RequestContext): Promise<SmsTemplateRecord[]> {
    const stored = await this.scoped(ctx).smsTemplate.findMany({ where: { status: TEMPLATE_ENABLED }, select: TEMPLATE_FIELDS, orderBy: [{ code: 'asc' }, { id: 'asc' }] });
    return stored.map(toRecord);
  }

  async page(ctx: RequestContext, page: PageRequest, filter: SmsTemplatePageFilter = {}): Promise<{ list: SmsTemplateRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, smsTemplatePageSort);
    const { type, status, code, name, apiTemplateId, channelId } = parseInput(smsTemplatePageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(type != null ? { type } : {}),
      ...(status != null ? { status } : {}),
      ...(code ? { code: { contains: code } } : {}),
      ...(name ? { name: { contains: name } } : {}),
      ...(apiTemplateId ? { apiTemplateId } : {}),
      ...(channelId != null ? { channelId } : {}),
    };
    const db = this.scoped(ctx);
    const [stored, total] = await Promise.all([
      db.smsTemplate.findMany({ where, select: TEMPLATE_FIELDS, orderBy, ...window }),
      db.smsTemplate.count({ where }),
    ]);
    return { list: stored.map(toRecord), total };
  }
}
