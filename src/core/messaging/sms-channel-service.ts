// SMS channels of a tenant (SmsChannelSaveReqVO): a signature and the client (channel code) that
// sends through it, with the provider credentials. The apiKey reads back masked (maskKey) and the
// apiSecret as ******; a save carrying exactly those values keeps what is stored.
import { commonStatusSchema, optionalText, parseInput, recordIdSchema, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import { type Db, Prisma } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { refusal } from '../errors/reasons';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { MASKED_SECRET, maskKey, unmasked } from '../security/masking';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import type { SmsClientRegistry } from './sms-client';
import { fieldText } from '../validation-messages';

/** An http(s) URL, or nothing (null or empty). */
const optionalHttpUrl = (max: number) =>
  z
    .string()
    .max(max)
    .refine((url) => url === '' || (/^https?:\/\/\S+$/i.test(url) && URL.canParse(url)), fieldText('httpUrl'))
    .nullish();

export const smsChannelSaveSchemas = saveShapeSchemas({
  signature: z.string().min(1).max(40),
  code: z.string().min(1).max(32),
  status: commonStatusSchema,
  remark: optionalText(500),
  apiKey: z.string().min(1).max(255),
  apiSecret: z.string().max(255).nullish(),
  callbackUrl: optionalHttpUrl(500),
});

export type SmsChannelSaveInput = SaveShapeInput<z.input<typeof smsChannelSaveSchemas.create>>;

export const smsChannelPageFilterSchema = z.object({
  signature: z.string().max(40).nullish(),
  code: z.string().max(32).nullish(),
  status: commonStatusSchema.nullish(),
});

export type SmsChannelPageFilter = z.input<typeof smsChannelPageFilterSchema>;

export interface SmsChannelRecord {
  id: number;
  signature: string;
  code: string;
  status: number;
  remark: string | null;
  /** Masked: first and last 3 characters (or ******). */
  apiKey: string;
  /** ****** when one is stored, else null. */
  apiSecret: string | null;
  callbackUrl: string | null;
  createTime: Date;
}

type StoredChannel = NonNullable<Awaited<ReturnType<Db['smsChannel']['findFirst']>>>;

function toRecord(stored: StoredChannel): SmsChannelRecord {
  return {
    id: stored.id,
    signature: stored.signature,
    code: stored.code,
    status: stored.status,
    remark: stored.remark,
    apiKey: maskKey(stored.apiKey),
    apiSecret: stored.apiSecret === null ? null : MASKED_SECRET,
    callbackUrl: stored.callbackUrl,
    createTime: stored.createdAt,
  };
}

const ENABLED = 0;

/** Newest first unless the request asks otherwise (channels are few). */
export const smsChannelPageSort = pageSort({ id: 'id', signature: 'signature', code: 'code', status: 'status', createTime: 'createdAt' }, [{ id: 'desc' }]);

export class SmsChannelService {
  constructor(
    private readonly db: Db,
    private readonly clients: SmsClientRegistry,
  ) {}

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  /** The codes a channel may have, with what each client does. */
  clientCodes(): { code: string; description: string }[] {
    return this.clients.codes.map((code) => ({ code, description: this.clients.client(code).description }));
  }

  async create(ctx: RequestContext, input: SmsChannelSaveInput): Promise<number> {
    const { id: _id, apiSecret, callbackUrl, ...fields } = parseInput(smsChannelSaveSchemas.create, input);
    if (apiSecret === MASKED_SECRET) throw refusal(ErrorCatalogue.BAD_REQUEST, 'newChannelSecret');
    const data = { ...fields, apiSecret: apiSecret || null, callbackUrl: callbackUrl || null };
    this.clients.client(data.code).checkSettings(data);
    const now = ctx.now();
    const created = await this.scoped(ctx).smsChannel.create({
      data: { ...data, tenantId: tenantIdOf(ctx), createdAt: now, updatedAt: now },
      select: { id: true },
    });
    return created.id;
  }

  /** The masked apiKey and ****** apiSecret the console was shown keep the stored ones. */
  async update(ctx: RequestContext, input: SmsChannelSaveInput): Promise<void> {
    const { id, apiKey, apiSecret, callbackUrl, ...fields } = parseInput(smsChannelSaveSchemas.update, input);
    const db = this.scoped(ctx);
    const stored = await db.smsChannel.findFirst({ where: { id }, select: { apiKey: true, apiSecret: true } });
    if (!stored) throw new ServiceError(ErrorCatalogue.SMS_CHANNEL_NOT_FOUND, { channelId: id });
    const data = {
      ...fields,
      apiKey: unmasked(apiKey, stored.apiKey, maskKey),
      apiSecret: apiSecret === MASKED_SECRET ? stored.apiSecret : apiSecret || null,
      callbackUrl: callbackUrl || null,
    };
    this.clients.client(data.code).checkSettings(data);
    const { count } = await db.smsChannel.updateMany({ where: { id }, data: { ...data, updatedAt: ctx.now() } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.SMS_CHANNEL_NOT_FOUND, { channelId: id });
  }

  /** Refused while a template uses the channel (the database restricts it too). */
  async delete(ctx: RequestContext, channelId: number): Promise<void> {
    const id = parseInput(recordIdSchema, channelId);
    const db = this.scoped(ctx);
    const channel = await db.smsChannel.findFirst({ where: { id }, select: { signature: true } });
    if (!channel) throw new ServiceError(ErrorCatalogue.SMS_CHANNEL_NOT_FOUND, { channelId: id });
    const inUse = async () => {
      const templateCount = await db.smsTemplate.count({ where: { channelId: id } });
      return templateCount > 0 ? new ServiceError(ErrorCatalogue.SMS_CHANNEL_IN_USE, { signature: channel.signature, templateCount }) : null;
    };
    const refusal = await inUse();
    if (refusal) throw refusal;
    try {
      await db.smsChannel.deleteMany({ where: { id } });
    } catch (error) {
      // P2003: a template was given the channel between the count and the delete.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') throw (await inUse()) ?? error;
      throw error;
    }
  }

  async get(ctx: RequestContext, channelId: number): Promise<SmsChannelRecord> {
    const id = parseInput(recordIdSchema, channelId);
    const stored = await this.scoped(ctx).smsChannel.findFirst({ where: { id } });
    if (!stored) throw new ServiceError(ErrorCatalogue.SMS_CHANNEL_NOT_FOUND, { channelId: id });
    return toRecord(stored);
  }

  async page(ctx: RequestContext, page: PageRequest, filter: SmsChannelPageFilter = {}): Promise<{ list: SmsChannelRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, smsChannelPageSort);
    const { signature, code, status } = parseInput(smsChannelPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(signature ? { signature: { contains: signature } } : {}),
      ...(code ? { code } : {}),
      ...(status != null ? { status } : {}),
    };
    const db = this.scoped(ctx);
    const [stored, total] = await Promise.all([db.smsChannel.findMany({ where, orderBy, ...window }), db.smsChannel.count({ where })]);
    return { list: stored.map(toRecord), total };
  }

  /** Enabled channels, for the template form's picker. */
  async simpleList(ctx: RequestContext): Promise<SmsChannelRecord[]> {
    const stored = await this.scoped(ctx).smsChannel.findMany({ where: { status: ENABLED }, orderBy: { id: 'asc' } });
    return stored.map(toRecord);
  }
}
