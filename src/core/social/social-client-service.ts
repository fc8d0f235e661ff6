// A tenant's apps on social platforms (SocialClientSaveReqVO): one per social type and user type.
// The client secret is stored as given (the platform needs it back) and read back masked; sending
// the masked value on update keeps the stored secret.
import { commonStatusSchema, parseInput, recordIdSchema, saveShapeSchemas } from '../admin/save-shape';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { refusal } from '../errors/reasons';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { MASKED_SECRET } from '../security/masking';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { optionSchema } from '../options/option-sets';

/** Social platform codes (10 Gitee, 20 DingTalk, 30..34 WeChat variants...): a positive code, not a closed list. */
const socialTypeSchema = z.number().int().min(1).max(999);
/** Members and administrators sign in with social accounts; open-platform clients do not. */
const socialUserTypeSchema = optionSchema('PERSON_USER_TYPE');

export const socialClientSaveSchemas = saveShapeSchemas({
  name: z.string().min(1).max(255),
  socialType: socialTypeSchema,
  userType: socialUserTypeSchema,
  clientId: z.string().min(1).max(255),
  clientSecret: z.string().min(1).max(255),
  agentId: z.string().max(255),
  status: commonStatusSchema,
});

/** The save shape as sent: the id is refused on create and required on update. */
export type SocialClientSaveInput = Omit<z.input<typeof socialClientSaveSchemas.update>, 'id'> & { id?: number | null };

export const socialClientPageFilterSchema = z.object({
  name: z.string().max(255).nullish(),
  socialType: socialTypeSchema.nullish(),
  userType: socialUserTypeSchema.nullish(),
  status: commonStatusSchema.nullish(),
});

export type SocialClientPageFilter = z.input<typeof socialClientPageFilterSchema>;

export interface SocialClientRecord {
  id: number;
  name: string;
  socialType: number;
  userType: number;
  clientId: string;
  /** Always masked. */
  clientSecret: string;
  agentId: string;
  status: number;
  createTime: Date;
  updateTime: Date;
}

const ENABLED = 0;


type StoredSocialClient = NonNullable<Awaited<ReturnType<Db['socialClient']['findUnique']>>>;

function toRecord({ createdAt, updatedAt, tenantId: _tenantId, clientSecret: _secret, ...fields }: StoredSocialClient): SocialClientRecord {
  return { ...fields, clientSecret: MASKED_SECRET, createTime: createdAt, updateTime: updatedAt };
}

/** Newest first unless the request asks otherwise (social clients are few). */
export const socialClientPageSort = pageSort({ id: 'id', name: 'name', socialType: 'socialType', userType: 'userType', status: 'status', createTime: 'createdAt' }, [{ id: 'desc' }]);

export class SocialClientService {
  constructor(private readonly db: Db) {}

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  private exists(input: { socialType: number; userType: number }): ServiceError {
    return new ServiceError(ErrorCatalogue.SOCIAL_CLIENT_EXISTS, { socialType: input.socialType, userType: input.userType });
  }

  async create(ctx: RequestContext, input: SocialClientSaveInput): Promise<number> {
    const { id: _id, ...data } = parseInput(socialClientSaveSchemas.create, input);
    if (data.clientSecret === MASKED_SECRET) throw refusal(ErrorCatalogue.BAD_REQUEST, 'newClientSecret');
    try {
      const created = await this.scoped(ctx).socialClient.create({ data: { ...data, tenantId: tenantIdOf(ctx) }, select: { id: true } });
      return created.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw this.exists(data);
      throw error;
    }
  }

  /** A clientSecret of ****** keeps the stored secret. */
  async update(ctx: RequestContext, input: SocialClientSaveInput): Promise<void> {
    const { id, clientSecret, ...data } = parseInput(socialClientSaveSchemas.update, input);
    try {
      const { count } = await this.scoped(ctx).socialClient.updateMany({
        where: { id },
        data: clientSecret === MASKED_SECRET ? data : { ...data, clientSecret },
      });
      if (count === 0) throw new ServiceError(ErrorCatalogue.SOCIAL_CLIENT_NOT_FOUND, { id });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.exists(data);
      throw error;
    }
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    const { count } = await this.scoped(ctx).socialClient.deleteMany({ where: { id: parseInput(recordIdSchema, id) } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.SOCIAL_CLIENT_NOT_FOUND, { id });
  }

  async get(ctx: RequestContext, id: number): Promise<SocialClientRecord> {
    const stored = await this.scoped(ctx).socialClient.findFirst({ where: { id: parseInput(recordIdSchema, id) } });
    if (!stored) throw new ServiceError(ErrorCatalogue.SOCIAL_CLIENT_NOT_FOUND, { id });
    return toRecord(stored);
  }

  async page(ctx: RequestContext, page: PageRequest, filter: SocialClientPageFilter = {}): Promise<{ list: SocialClientRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, socialClientPageSort);
    const { name, socialType, userType, status } = parseInput(socialClientPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(name ? { name: { contains: name } } : {}),
      ...(socialType != null ? { socialType } : {}),
      ...(userType != null ? { userType } : {}),
      ...(status != null ? { status } : {}),
    };
    const db = this.scoped(ctx);
    const [stored, total] = await Promise.all([db.socialClient.findMany({ where, orderBy, ...window }), db.socialClient.count({ where })]);
    return { list: stored.map(toRecord), total };
  }

  /** Enabled clients, for pickers. */
  async simpleList(ctx: RequestContext): Promise<SocialClientRecord[]> {
    const stored = await this.scoped(ctx).socialClient.findMany({ where: { status: ENABLED }, orderBy: { id: 'asc' } });
    return stored.map(toRecord);
  }
}
