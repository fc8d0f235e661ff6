// The console's view of issued access tokens (the records of interface.md 2.2): a tenant pages its
// own records (partner tokens and console sessions alike) and revokes one, which takes effect at
// once in every process (TokenService publishes the revocation on the invalidation bus).
import type { Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { pageInputSchema, pageWindow } from '../paging';
import { type RequestContext, tenantIdOf } from '../request-context';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import type { TokenService } from './token-service';

export const tokenRecordPageSchema = pageInputSchema.extend({
  clientId: z.string().max(64).nullish(),
  userType: z.number().int().min(1).max(3).nullish(),
  userId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
});

export type TokenRecordPageInput = z.infer<typeof tokenRecordPageSchema>;

export const accessTokenSchema = z.string().min(1).max(128);

export interface TokenRecord {
  id: number;
  accessToken: string;
  refreshToken: string;
  userId: number;
  userType: number;
  clientId: string;
  expiresTime: Date;
  createTime: Date;
}

const RECORD_FIELDS = {
  id: true,
  accessToken: true,
  refreshToken: true,
  userId: true,
  userType: true,
  clientId: true,
  expiresTime: true,
  createdAt: true,
} as const;

export class TokenRecordService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
  ) {}

  /** The tenant's token records by client, user type and user, newest first. */
  async page(ctx: RequestContext, rawQuery: TokenRecordPageInput): Promise<{ list: TokenRecord[]; total: number }> {
    const query = tokenRecordPageSchema.parse(rawQuery);
    const db = tenantScopedDb(this.db, tenantIdOf(ctx));
    const where = {
      ...(query.clientId ? { clientId: query.clientId } : {}),
      ...(query.userType != null ? { userType: query.userType } : {}),
      ...(query.userId != null ? { userId: query.userId } : {}),
    };
    const [records, total] = await Promise.all([
      db.oAuth2AccessToken.findMany({ where, select: RECORD_FIELDS, orderBy: { id: 'desc' }, ...pageWindow(query) }),
      db.oAuth2AccessToken.count({ where }),
    ]);
    return { list: records.map(({ createdAt, ...record }) => ({ ...record, createTime: createdAt })), total };
  }

  /**
   * Revokes one of the tenant's access tokens, and the refresh token of its session (a console
   * session could otherwise renew itself). Unknown tokens and other tenants' are NOT_FOUND alike.
   */
  async revoke(ctx: RequestContext, rawAccessToken: string): Promise<void> {
    const accessToken = accessTokenSchema.parse(rawAccessToken);
    const tenantId = tenantIdOf(ctx);
    const db = tenantScopedDb(this.db, tenantId);
    const record = await db.oAuth2AccessToken.findFirst({ where: { accessToken }, select: { refreshToken: true } });
    if (!record) throw new ServiceError(ErrorCatalogue.OAUTH2_TOKEN_NOT_FOUND);
    await this.tokens.revokeAll({ accessToken, tenantId });
    if (record.refreshToken !== '') {
      await db.oAuth2RefreshToken.deleteMany({ where: { refreshToken: record.refreshToken } });
      await this.tokens.revokeAll({ refreshToken: record.refreshToken, tenantId });
    }
  }
}
