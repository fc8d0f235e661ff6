// The console's view of issued access tokens (the records of interface.md 2.2): a tenant pages its
// own records (partner tokens and console sessions alike) and revokes one by record id, which takes
// effect at once in every process (TokenService publishes the revocation on the invalidation bus).
// The console never reads a token back: whoever may page tokens could otherwise act as their holders
// (a super administrator's session, a partner's token), so the page shows them masked.
import { recordIdSchema } from '../admin/save-shape';
import type { Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { pageInputSchema } from '../paging';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { maskKey } from '../security/masking';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import type { TokenService } from './token-service';

export const tokenRecordPageSchema = pageInputSchema.extend({
  clientId: z.string().max(64).nullish(),
  userType: z.number().int().min(1).max(3).nullish(),
  userId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
});

export type TokenRecordPageInput = z.infer<typeof tokenRecordPageSchema> & PageRequest;

/** Newest first; by id only, the order the index led by the tenant serves (tokens grow without bound). */
export const tokenRecordPageSort = pageSort({ id: 'id' }, [{ id: 'desc' }]);

export interface TokenRecord {
  id: number;
  /** Masked (`abc****xyz`): enough to tell tokens apart, never usable. */
  accessToken: string;
  /** Masked like accessToken; empty for tokens issued without one (client credentials). */
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
    const { window, where: pageWhere, orderBy } = pageQuery(rawQuery, tokenRecordPageSort);
    const query = tokenRecordPageSchema.parse(rawQuery);
    const db = tenantScopedDb(this.db, tenantIdOf(ctx));
    const where = {
      ...pageWhere,
      ...(query.clientId ? { clientId: query.clientId } : {}),
      ...(query.userType != null ? { userType: query.userType } : {}),
      ...(query.userId != null ? { userId: query.userId } : {}),
    };
    const [records, total] = await Promise.all([
      db.oAuth2AccessToken.findMany({ where, select: RECORD_FIELDS, orderBy, ...window }),
      db.oAuth2AccessToken.count({ where }),
    ]);
    const list = records.map(({ createdAt, accessToken, refreshToken, ...record }) => ({
      ...record,
      accessToken: maskKey(accessToken),
      refreshToken: refreshToken === '' ? '' : maskKey(refreshToken),
      createTime: createdAt,
    }));
    return { list, total };
  }

  /**
   * Revokes one of the tenant's access tokens by its record id, and the refresh token of its
   * session (a console session could otherwise renew itself). Unknown records and other tenants'
   * are NOT_FOUND alike.
   */
  async revoke(ctx: RequestContext, rawId: number): Promise<void> {
    const id = recordIdSchema.parse(rawId);
    const tenantId = tenantIdOf(ctx);
    const db = tenantScopedDb(this.db, tenantId);
    const record = await db.oAuth2AccessToken.findFirst({ where: { id }, select: { accessToken: true, refreshToken: true } });
    if (!record) throw new ServiceError(ErrorCatalogue.OAUTH2_TOKEN_NOT_FOUND);
    await this.tokens.revokeAll({ accessToken: record.accessToken, tenantId });
    if (record.refreshToken !== '') {
      await db.oAuth2RefreshToken.deleteMany({ where: { refreshToken: record.refreshToken } });
      await this.tokens.revokeAll({ refreshToken: record.refreshToken, tenantId });
    }
  }
}
