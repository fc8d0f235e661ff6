// Access tokens: one record per token in the database (interface.md 2.2), and a memory cache in
// front of it so that checking a token on every request costs no query. Revocations go out on the
// invalidation bus, so other processes drop the token too.
import { randomBytes } from 'node:crypto';
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Db } from '../db/client';
import type { MaybePromise } from '../maybe-async';

export interface AccessToken {
  accessToken: string;
  userId: number;
  userType: number;
  tenantId: number;
  clientId: string;
  scopes: ReadonlySet<string>;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface IssueTokenParams {
  userId: number;
  userType: number;
  tenantId: number;
  clientId: string;
  scopes: readonly string[];
  validitySeconds: number;
  refreshToken?: string;
}

/** 32 random bytes, base64url: anything else is rejected before any lookup. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const MAX_CACHED = 200_000;
/** A well-formed token that is not in the database stays unknown: it can never be issued later. */
const MAX_UNKNOWN = 20_000;
const SWEEP_INTERVAL_MS = 60_000;
/** Expired token records are deleted a day after expiry (kept that long for the console), at most hourly. */
const PURGE_INTERVAL_MS = 3_600_000;
const PURGE_AFTER_EXPIRY_MS = 86_400_000;

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export class TokenService {
  private readonly cache = new Map<string, AccessToken>();
  private readonly unknown = new Set<string>();
  private readonly loading = new Map<string, Promise<AccessToken | null>>();
  private lastSweep: number;
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly bus: InvalidationBus,
  ) {
    this.lastSweep = now();
    bus.subscribe((message) => {
      if (message.kind === 'token-revoked') for (const token of message.accessTokens) this.cache.delete(token);
    }, () => {
      this.cache.clear();
      this.unknown.clear();
    });
  }

  async issue(params: IssueTokenParams): Promise<AccessToken> {
    const token: AccessToken = {
      accessToken: newOpaqueToken(),
      userId: params.userId,
      userType: params.userType,
      tenantId: params.tenantId,
      clientId: params.clientId,
      scopes: new Set(params.scopes),
      expiresAt: this.now() + params.validitySeconds * 1000,
    };
    await this.db.oAuth2AccessToken.create({
      data: {
        accessToken: token.accessToken,
        refreshToken: params.refreshToken ?? '',
        userId: token.userId,
        userType: token.userType,
        tenantId: token.tenantId,
        clientId: token.clientId,
        scopes: [...token.scopes],
        expiresTime: new Date(token.expiresAt),
      },
    });
    this.remember(token);
    await this.purgeExpired();
    return token;
  }

  /** Deletes records that expired over a day ago; runs on issue, at most once an hour per process. */
  private async purgeExpired(): Promise<void> {
    const now = this.now();
    if (now - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = now;
    await this.db.oAuth2AccessToken.deleteMany({ where: { expiresTime: { lt: new Date(now - PURGE_AFTER_EXPIRY_MS) } } });
  }

  /**
   * The live token, or null when it is malformed, unknown, revoked or expired. Answered at once
   * (no promise) when memory knows: the guard of every partner operation asks.
   */
  find(accessToken: string): MaybePromise<AccessToken | null> {
    const now = this.now();
    this.sweep(now);
    const cached = this.cache.get(accessToken);
    if (cached) return cached.expiresAt > now ? cached : null;
    if (!TOKEN_PATTERN.test(accessToken) || this.unknown.has(accessToken)) return null;
    let pending = this.loading.get(accessToken);
    if (!pending) {
      pending = this.load(accessToken).finally(() => this.loading.delete(accessToken));
      this.loading.set(accessToken, pending);
    }
    return pending.then((token) => (token && token.expiresAt > this.now() ? token : null));
  }

  /**
   * Deletes the token when `mayRevoke` accepts it; answers whether a token was deleted. Unknown
   * tokens and tokens `mayRevoke` refuses are left alone (RFC 7009: never an error).
   */
  async revoke(accessToken: string, mayRevoke: (token: AccessToken) => boolean): Promise<boolean> {
    const token = await this.find(accessToken);
    if (!token || !mayRevoke(token)) return false;
    const { count } = await this.db.oAuth2AccessToken.deleteMany({ where: { accessToken } });
    await this.bus.publish({ kind: 'token-revoked', accessTokens: [accessToken] });
    return count > 0;
  }

  /**
   * Deletes every token matching `filter` (all of one session's refresh token, all of a user's, all
   * of a client's, one token of a tenant) and tells every process; answers how many were deleted.
   */
  async revokeAll(filter: { accessToken?: string; refreshToken?: string; userId?: number; userType?: number; tenantId?: number; clientId?: string }): Promise<number> {
    if (filter.refreshToken === '') return 0; // tokens issued without a refresh token share ''
    const records = await this.db.oAuth2AccessToken.findMany({ where: filter, select: { accessToken: true } });
    if (records.length === 0) return 0;
    const accessTokens = records.map((record) => record.accessToken);
    const { count } = await this.db.oAuth2AccessToken.deleteMany({ where: { accessToken: { in: accessTokens } } });
    await this.bus.publish({ kind: 'token-revoked', accessTokens });
    return count;
  }

  private async load(accessToken: string): Promise<AccessToken | null> {
    const record = await this.db.oAuth2AccessToken.findUnique({ where: { accessToken } });
    if (!record) {
      if (this.unknown.size >= MAX_UNKNOWN) this.unknown.clear();
      this.unknown.add(accessToken);
      return null;
    }
    const token: AccessToken = {
      accessToken,
      userId: record.userId,
      userType: record.userType,
      tenantId: record.tenantId,
      clientId: record.clientId,
      scopes: new Set(Array.isArray(record.scopes) ? (record.scopes as string[]) : []),
      expiresAt: record.expiresTime.getTime(),
    };
    this.remember(token);
    return token;
  }

  private remember(token: AccessToken): void {
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(token.accessToken, token);
  }

  /** Drops expired tokens from memory at most once a minute, during a lookup: no timers to stop. */
  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [key, token] of this.cache) if (token.expiresAt <= now) this.cache.delete(key);
  }
}
