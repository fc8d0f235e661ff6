// Administrator sign-in and sessions for the console. A session is an access token (the token
// record of interface.md 2.2, user type ADMIN, checked from memory on every request) and a refresh
// token that renews it once. Admin tokens and partner tokens share the token store but are never
// accepted by each other's face: /open-api takes OPEN_API tokens only, the console ADMIN ones only.
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { validationError } from '../errors/describe-error';
import { ServiceError } from '../errors/service-error';
import { bearerToken } from '../oauth2/partner-auth';
import { newOpaqueToken, TOKEN_PATTERN, type TokenService } from '../oauth2/token-service';
import { signInRequired } from '../permission/permission-service';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { RequestContext, UserType } from '../request-context';
import { hashSecret, verifySecret } from '../security/password-hash';
import type { TenantDirectory } from '../tenant/tenant-directory';
import { z } from '../validation';

/** The clientId recorded on console tokens (no OAuth 2.0 client record: the console is part of the service). */
export const ADMIN_CONSOLE_CLIENT_ID = 'admin-console';

export interface AdminAuthSettings {
  /** Lifetime of an access token; config ADMIN_ACCESS_TOKEN_TTL_SECONDS. */
  accessTokenTtlSeconds: number;
  /** Lifetime of a refresh token; config ADMIN_REFRESH_TOKEN_TTL_SECONDS. */
  refreshTokenTtlSeconds: number;
  /** Sign-in attempts per tenant and username within `usernameWindowSeconds`; 0 = no limit. */
  loginAttemptsPerUsername: number;
  usernameWindowSeconds: number;
  /** Sign-in attempts per client IP within `ipWindowSeconds`; 0 = no limit. */
  loginAttemptsPerIp: number;
  ipWindowSeconds: number;
}

export const ADMIN_AUTH_DEFAULTS: AdminAuthSettings = Object.freeze({
  accessTokenTtlSeconds: 1800,
  refreshTokenTtlSeconds: 2_592_000,
  loginAttemptsPerUsername: 5,
  usernameWindowSeconds: 900,
  loginAttemptsPerIp: 30,
  ipWindowSeconds: 60,
});

export interface AdminTokens {
  userId: number;
  accessToken: string;
  refreshToken: string;
  /** When the access token expires. */
  expiresTime: Date;
  /** When the refresh token expires. */
  refreshExpiresTime: Date;
}

/** The administrator behind an `Authorization: Bearer` header. */
export interface AdminSession {
  accessToken: string;
  userId: number;
  tenantId: number;
}

const loginInput = z.object({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
  tenantName: z.string().min(1).max(100),
});

export type AdminLoginInput = z.input<typeof loginInput>;

const ENABLED = 0;
/** Expired refresh tokens (used ones included) are deleted at most hourly, on sign-in. */
const PURGE_INTERVAL_MS = 3_600_000;
/** Slack for the time between creating a refresh token and issuing its access token. */
const FAMILY_MARGIN_SECONDS = 60;

interface NewRefreshToken {
  refreshToken: string;
  tenantId: number;
  userId: number;
  expiresTime: Date;
}

export interface AdminAuthDeps {
  db: Db;
  tokens: TokenService;
  tenants: TenantDirectory;
  rateLimiter: RateLimiter;
  clock: Clock;
  settings: AdminAuthSettings;
}

export class AdminAuthService {
  private dummyHash: Promise<string> | undefined;
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: AdminAuthDeps) {}

  /**
   * Signs an administrator in to a tenant (by its name). Every attempt counts against the limits
   * per IP and per tenant and username, successful ones too. Unknown users and wrong passwords get
   * the same answer, after the same work.
   */
  async login(ctx: RequestContext, input: AdminLoginInput): Promise<AdminTokens> {
    const parsed = loginInput.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const { username, password, tenantName } = parsed.data;
    await this.countAttempt(ctx.ip, tenantName, username);

    const { db, tenants } = this.deps;
    const tenant = await db.tenant.findUnique({ where: { name: tenantName }, select: { id: true } });
    if (!tenant) throw new ServiceError(ErrorCatalogue.AUTH_TENANT_NOT_FOUND, { tenantName });
    await tenants.assertActive(tenant.id, ctx.now().getTime());
    const user = await db.adminUser.findUnique({
      where: { tenantId_username: { tenantId: tenant.id, username } },
      select: { id: true, passwordHash: true, status: true },
    });
    const verified = await verifySecret(user?.passwordHash ?? (await this.dummyPasswordHash()), password);
    if (!user || !verified) throw new ServiceError(ErrorCatalogue.AUTH_BAD_CREDENTIALS);
    if (user.status !== ENABLED) throw new ServiceError(ErrorCatalogue.AUTH_USER_DISABLED, { username });

    await db.adminUser.update({ where: { id: user.id }, data: { loginIp: ctx.ip, loginDate: ctx.now() } });
    return this.startSession(ctx, tenant.id, user.id);
  }

  /**
   * A new token pair for a refresh token, which is used up (as are the access tokens issued with
   * it). The user and the tenant are checked again, so a disabled account cannot renew. A refresh
   * token presented again after it was used (a replay, or the loser of two concurrent refreshes)
   * ends its whole family: every token descended from the sign-in stops working (RFC 9700 4.14.2).
   */
  async refresh(ctx: RequestContext, refreshToken: string): Promise<AdminTokens> {
    const invalid = () => new ServiceError(ErrorCatalogue.AUTH_REFRESH_TOKEN_INVALID);
    if (!TOKEN_PATTERN.test(refreshToken)) throw invalid();
    const { db, tokens, tenants } = this.deps;
    const record = await db.oAuth2RefreshToken.findUnique({ where: { refreshToken } });
    if (!record || record.userType !== UserType.ADMIN || record.clientId !== ADMIN_CONSOLE_CLIENT_ID) throw invalid();
    if (record.usedAt !== null) {
      await this.endFamily(ctx, record.familyId);
      throw invalid();
    }
    if (record.expiresTime.getTime() <= ctx.now().getTime()) throw invalid();
    await tenants.assertActive(record.tenantId, ctx.now().getTime());
    const user = await db.adminUser.findFirst({ where: { id: record.userId, tenantId: record.tenantId }, select: { username: true, status: true } });
    if (!user) throw invalid();
    if (user.status !== ENABLED) throw new ServiceError(ErrorCatalogue.AUTH_USER_DISABLED, { username: user.username });

    // The successor exists before the claim: a concurrent refresh that loses the claim ends the
    // family, and must find the winner's successor to end it too.
    const successor = await this.createRefreshToken(ctx, record.tenantId, record.userId, record.familyId);
    const { count } = await db.oAuth2RefreshToken.updateMany({ where: { id: record.id, usedAt: null }, data: { usedAt: ctx.now() } });
    if (count === 0) {
      await this.endFamily(ctx, record.familyId);
      throw invalid();
    }
    await tokens.revokeAll({ refreshToken });
    const session = await this.issueAccessToken(ctx, successor);
    // The family may have ended between the claim and the issue, missing this access token.
    const { usedAt } = await db.oAuth2RefreshToken.findUniqueOrThrow({ where: { refreshToken: successor.refreshToken }, select: { usedAt: true } });
    if (usedAt !== null) await tokens.revokeAll({ refreshToken: successor.refreshToken });
    return session;
  }

  /** Ends the session of `accessToken`, which must be the caller's own: the token and its refresh token. */
  async logout(ctx: RequestContext, accessToken: string): Promise<boolean> {
    const { actor } = ctx;
    if (actor.kind !== 'admin') throw signInRequired();
    const { db, tokens } = this.deps;
    const record = await db.oAuth2AccessToken.findUnique({ where: { accessToken } });
    if (!record || record.userType !== UserType.ADMIN || record.userId !== actor.userId || record.tenantId !== ctx.tenantId) return false;
    await tokens.revoke(accessToken, () => true);
    if (record.refreshToken !== '') {
      await db.oAuth2RefreshToken.deleteMany({ where: { refreshToken: record.refreshToken } });
      await tokens.revokeAll({ refreshToken: record.refreshToken });
    }
    return true;
  }

  /**
   * Ends every session of a user: for whoever disables a user, changes their password or deletes
   * them. Answers how many access tokens were revoked.
   */
  async revokeUserSessions(tenantId: number, userId: number): Promise<number> {
    await this.deps.db.oAuth2RefreshToken.deleteMany({ where: { tenantId, userId, userType: UserType.ADMIN } });
    return this.deps.tokens.revokeAll({ tenantId, userId, userType: UserType.ADMIN });
  }

  /**
   * The administrator of an `Authorization: Bearer` header; null without a header or for an unknown,
   * expired or revoked token (the caller is anonymous). A live token of another user type (a
   * partner's) is refused with UNAUTHORIZED.
   */
  async authenticate(authorization: string | undefined): Promise<AdminSession | null> {
    const accessToken = bearerToken(authorization);
    if (!accessToken) return null;
    const token = await this.deps.tokens.find(accessToken);
    if (!token) return null;
    if (token.userType !== UserType.ADMIN) throw signInRequired('notAnAdministratorToken');
    return { accessToken, userId: token.userId, tenantId: token.tenantId };
  }

  /** The RequestContext of a console request (GraphQL, tRPC): the administrator's, or anonymous. */
  async contextFor(request: { requestId: string; ip: string; authorization: string | undefined }): Promise<{ ctx: RequestContext; session: AdminSession | null }> {
    const session = await this.authenticate(request.authorization);
    const ctx = new RequestContext(
      request.requestId,
      session?.tenantId ?? null,
      session ? { kind: 'admin', userId: session.userId } : { kind: 'anonymous' },
      request.ip,
      this.deps.clock,
    );
    return { ctx, session };
  }

  private async countAttempt(ip: string, tenantName: string, username: string): Promise<void> {
    const { rateLimiter, settings } = this.deps;
    let decision = await rateLimiter.consume(`admin-login:ip:${ip}`, settings.loginAttemptsPerIp, settings.ipWindowSeconds * 1000);
    if (decision.allowed) {
      const key = `admin-login:user:${tenantName.toLowerCase()}:${username.toLowerCase()}`;
      decision = await rateLimiter.consume(key, settings.loginAttemptsPerUsername, settings.usernameWindowSeconds * 1000);
    }
    if (!decision.allowed) {
      throw new ServiceError(ErrorCatalogue.AUTH_LOGIN_RATE_LIMITED, { retryAfterSeconds: decision.retryAfterSeconds }, '', {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
  }

  /**
   * Ends a refresh-token family: every token of it is marked used, and the access tokens issued
   * with them are revoked. Only tokens created within an access token's lifetime can still have a
   * live access token (older ones were revoked when their refresh token was used, or expired).
   */
  private async endFamily(ctx: RequestContext, familyId: string): Promise<void> {
    const { db, tokens, settings } = this.deps;
    await db.oAuth2RefreshToken.updateMany({ where: { familyId, usedAt: null }, data: { usedAt: ctx.now() } });
    const since = new Date(ctx.now().getTime() - (settings.accessTokenTtlSeconds + FAMILY_MARGIN_SECONDS) * 1000);
    const recent = await db.oAuth2RefreshToken.findMany({ where: { familyId, createdAt: { gte: since } }, select: { refreshToken: true } });
    for (const { refreshToken } of recent) await tokens.revokeAll({ refreshToken });
  }

  private async startSession(ctx: RequestContext, tenantId: number, userId: number): Promise<AdminTokens> {
    const refresh = await this.createRefreshToken(ctx, tenantId, userId);
    const now = ctx.now().getTime();
    if (now - this.lastPurge >= PURGE_INTERVAL_MS) {
      this.lastPurge = now;
      await this.deps.db.oAuth2RefreshToken.deleteMany({ where: { expiresTime: { lt: new Date(now) } } });
    }
    return this.issueAccessToken(ctx, refresh);
  }

  /** A new refresh token of a family; a sign-in starts a family named after its first token. */
  private async createRefreshToken(ctx: RequestContext, tenantId: number, userId: number, familyId?: string): Promise<NewRefreshToken> {
    const refreshToken = newOpaqueToken();
    const expiresTime = new Date(ctx.now().getTime() + this.deps.settings.refreshTokenTtlSeconds * 1000);
    await this.deps.db.oAuth2RefreshToken.create({
      data: { refreshToken, familyId: familyId ?? refreshToken, userId, userType: UserType.ADMIN, tenantId, clientId: ADMIN_CONSOLE_CLIENT_ID, expiresTime, createdAt: ctx.now() },
    });
    return { refreshToken, tenantId, userId, expiresTime };
  }

  private async issueAccessToken(ctx: RequestContext, refresh: NewRefreshToken): Promise<AdminTokens> {
    const { userId, tenantId, refreshToken } = refresh;
    const access = await this.deps.tokens.issue({
      userId,
      userType: UserType.ADMIN,
      tenantId,
      clientId: ADMIN_CONSOLE_CLIENT_ID,
      scopes: [],
      validitySeconds: this.deps.settings.accessTokenTtlSeconds,
      refreshToken,
    });
    return { userId, accessToken: access.accessToken, refreshToken, expiresTime: new Date(access.expiresAt), refreshExpiresTime: refresh.expiresTime };
  }

  /** A hash to verify against when the user does not exist, so that costs what a wrong password costs. */
  private dummyPasswordHash(): Promise<string> {
    this.dummyHash ??= hashSecret(newOpaqueToken());
    return this.dummyHash;
  }
}
