// The open platform's OAuth 2.0: client-credentials tokens, RFC 7009 revocation, and the check that
// guards every partner operation (token, scope, IP whitelist, rate limit). Everything it reads per
// request is in memory: the client registry, the token cache and the rate limiter.
//
// Client authentication at the token calls must not let wrong secrets buy argon2 work (about 5 ms
// of CPU each: a flood of distinct wrong secrets would saturate the process). In order:
// 1. an unknown client id costs a memory lookup (the registry remembers unknown ids);
// 2. a caller outside the client's IP whitelist is refused (403) before any hashing, so a client
//    that names its addresses cannot be attacked from anywhere else;
// 3. a secret that verified before is recognised by a keyed hash in memory (VerifiedSecretCache,
//    successes only, so failures can never evict them): a correct client is served during a flood;
// 4. any other secret needs a place in two failure budgets, per caller network (an IPv4 address,
//    an IPv6 /64) and per client, taken atomically before the argon2 verification and given back
//    when the secret verifies. Once a budget is spent, wrong secrets are refused with 429 at the
//    cost of a memory (or one Redis) lookup. The per-client budget bounds the argon2 work a
//    distributed flood can cause per client; its price is that a correct secret this process has
//    not yet verified may wait (Retry-After) while its client is under such a flood.
import { ErrorCatalogue } from '../errors/catalogue';
import { andThen, type MaybePromise } from '../maybe-async';
import { type ReasonName, refusal } from '../errors/reasons';
import { type BusinessErrors, type ErrorParams, ServiceError } from '../errors/service-error';
import { callerNetwork } from '../net/ip-matcher';
import { type RateLimitDecision, type RateLimiter, rateLimitHeaders } from '../ratelimit/rate-limiter';
import { UserType } from '../request-context';
import { TENANT_ACTIVE_ERRORS, type TenantDirectory } from '../tenant/tenant-directory';
import type { ClientRegistry, ClientSettings } from './client-registry';
import { CLIENT_CREDENTIALS, parseScopeParameter } from './scopes';
import type { AccessToken, TokenService } from './token-service';
import type { VerifiedSecretCache } from './verified-secret-cache';

export const BASIC_CHALLENGE = 'Basic realm="open-api"';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

export interface PartnerRequest {
  /** The Authorization header as sent. */
  authorization: string | undefined;
  ip: string;
  /** The tenant-id header as a number, when sent. */
  tenantId: number | undefined;
  /** The scope the operation needs. */
  scope: string;
}

export interface AuthorizedPartner {
  token: AccessToken;
  client: ClientSettings;
  /** The client's rate-limit decision for this request (announced in the RateLimit headers). */
  rateLimit: RateLimitDecision;
}

/**
 * A token call's client, or the 429 of a spent failure budget: that refusal is returned, not thrown,
 * since it is the whole answer to a wrong-secret flood and a throw under a libuv callback costs ~12 µs
 * in the server (bench/README). Every other refusal is thrown.
 */
export type ClientAuthentication = AuthenticatedClient | ServiceError;

export interface AuthenticatedClient {
  client: ClientSettings;
  /** The decision of the client's limit on the token calls (rateLimitQps, counted apart from its operations). */
  rateLimit: RateLimitDecision;
}

/** Wrong secrets verified (argon2) per window, per caller network and per client; see the top of this file. */
export const CLIENT_AUTH_FAILURE_LIMITS = { perNetwork: 10, perClient: 30, windowMs: 60_000 } as const;

/** Every rate-limit key of the open platform, in one place. */
const limitKeys = {
  operations: (clientId: string) => `open-api:client:${clientId}`,
  tokenCalls: (clientId: string) => `oauth2-token:client:${clientId}`,
  failuresByNetwork: (ip: string) => `oauth2-token:failures:net:${callerNetwork(ip)}`,
  failuresByClient: (clientId: string) => `oauth2-token:failures:client:${clientId}`,
};

function unauthorized(reason: ReasonName, params: ErrorParams | undefined, challenge: string, headers: Record<string, string> = {}): ServiceError {
  return refusal(ErrorCatalogue.UNAUTHORIZED, reason, params, { headers: { ...headers, 'WWW-Authenticate': challenge } });
}

/** 401 `invalid_client` with the Basic challenge (RFC 6749 5.2): a token call's client was not authenticated. */
export function invalidClient(reason: ReasonName, params?: ErrorParams, headers: Record<string, string> = {}): ServiceError {
  return unauthorized(reason, params, BASIC_CHALLENGE, headers);
}

function tooManyRequests(limit: number, decision: RateLimitDecision): ServiceError {
  return new ServiceError(ErrorCatalogue.TOO_MANY_REQUESTS, { limit }, '', rateLimitHeaders(decision));
}

/**
 * The spent-budget refusals built so far, by limit and wait: a flood's refusals differ only in the
 * seconds to wait, so each is built once and answered again. Bounded: two limits
 * (CLIENT_AUTH_FAILURE_LIMITS) times a window's seconds.
 */
const spentBudgetRefusals = new Map<number, ServiceError>();
const MAX_WAIT_SECONDS = Math.ceil(CLIENT_AUTH_FAILURE_LIMITS.windowMs / 1000);

/** 429: a failure budget of the token calls is spent (no secret is verified until a place frees up). */
function failureBudgetSpent(decision: RateLimitDecision): ServiceError {
  const { limit, retryAfterSeconds } = decision;
  // A denial's other fields follow from these two (rateLimitDecision); any other decision is built afresh.
  const cacheable = decision.remaining === 0 && decision.resetSeconds === retryAfterSeconds && retryAfterSeconds <= MAX_WAIT_SECONDS;
  const key = limit * (MAX_WAIT_SECONDS + 1) + retryAfterSeconds;
  let spent = cacheable ? spentBudgetRefusals.get(key) : undefined;
  if (spent === undefined) {
    spent = new ServiceError(ErrorCatalogue.OAUTH2_CLIENT_AUTH_RATE_LIMITED, { retryAfterSeconds }, '', Object.freeze(rateLimitHeaders(decision)));
    // Frozen: the REST face then serializes its answer once too (rest-errors.ts).
    if (cacheable) spentBudgetRefusals.set(key, Object.freeze(spent));
  }
  return spent;
}

/** Places taken in both failure budgets for one verification, and the decision a wrong secret's answer announces (the tighter one). */
interface FailureReservation {
  networkKey: string;
  clientKey: string;
  announced: RateLimitDecision;
}

/** The decision closer to refusal (fewer requests remaining), the one worth announcing. */
function tighter(a: RateLimitDecision, b: RateLimitDecision): RateLimitDecision {
  return b.remaining < a.remaining ? b : a;
}

const BEARER_CHALLENGE = 'Bearer realm="open-api"';
const invalidToken = (reason: ReasonName) => unauthorized(reason, undefined, `${BEARER_CHALLENGE}, error="invalid_token"`);

/** The token of an `Authorization: Bearer` header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  return match?.[1];
}

/** 403 when the client names its addresses and `ip` is not one of them. */
function assertWhitelisted(client: ClientSettings, ip: string): void {
  if (!client.ipWhitelist.isEmpty && !client.ipWhitelist.matches(ip)) {
    throw refusal(ErrorCatalogue.FORBIDDEN, 'ipNotWhitelisted', { ip });
  }
}

/** The coded errors of the token calls beyond the HTTP ones (the grant and scope refusals are HTTP 400, the failure budgets 429). */
export const TOKEN_CALL_ERRORS = {
  authenticateClient: [ErrorCatalogue.OAUTH2_CLIENT_AUTH_RATE_LIMITED],
  issueToken: [ErrorCatalogue.OAUTH2_GRANT_TYPE_NOT_ALLOWED, ErrorCatalogue.OAUTH2_SCOPE_NOT_ALLOWED, ...TENANT_ACTIVE_ERRORS],
} satisfies Record<string, BusinessErrors>;

export class PartnerAuth {
  constructor(
    private readonly deps: {
      clients: ClientRegistry;
      tokens: TokenService;
      tenants: TenantDirectory;
      secrets: VerifiedSecretCache;
      rateLimiter: RateLimiter;
      now: () => number;
    },
  ) {}

  /**
   * The client named by the credentials of a token call (HTTP Basic or the form body), counted
   * against its limit on the token calls. 401 with a Basic challenge for unknown clients and wrong
   * secrets, 403 outside the client's whitelist, 429 over a budget (see the top of this file); a
   * spent failure budget's 429 is returned rather than thrown (ClientAuthentication).
   *
   * Synchronous (a value, or a synchronous throw) whenever everything it needs is in memory and no
   * secret is verified: a wrong secret over its budget, the common refusal of a flood, then costs no
   * promise and no throw. Otherwise a promise.
   */
  authenticateClient(credentials: { clientId: string; secret: string; ip: string }): MaybePromise<ClientAuthentication> {
    const { clientId, secret, ip } = credentials;
    const cached = this.deps.clients.peek(clientId);
    return andThen(cached === undefined ? this.deps.clients.get(clientId) : cached, (client) => {
      if (!client) throw invalidClient('wrongClientCredentials');
      assertWhitelisted(client, ip);
      if (this.deps.secrets.isKnown(client.secretHash, secret)) return this.admit(client);
      return andThen(this.reserveFailureBudgets(client, ip), (reservation): MaybePromise<ClientAuthentication> =>
        reservation instanceof ServiceError ? reservation : this.verifyReserved(client, secret, reservation).then(() => this.admit(client)),
      );
    });
  }

  /** A client whose secret is right: refused when disabled, else counted against its limit on the token calls. */
  private admit(client: ClientSettings): MaybePromise<AuthenticatedClient> {
    if (!client.enabled) throw invalidClient('clientDisabled', { clientId: client.clientId });
    return andThen(this.deps.rateLimiter.consume(limitKeys.tokenCalls(client.clientId), client.rateLimitQps), (rateLimit) => {
      if (!rateLimit.allowed) throw tooManyRequests(client.rateLimitQps, rateLimit);
      return { client, rateLimit };
    });
  }

  /** A place in both failure budgets, taken before any hashing, or the 429 of a spent one (synchronously from a memory limiter). */
  private reserveFailureBudgets(client: ClientSettings, ip: string): MaybePromise<FailureReservation | ServiceError> {
    const { rateLimiter } = this.deps;
    const { perNetwork, perClient, windowMs } = CLIENT_AUTH_FAILURE_LIMITS;
    const networkKey = limitKeys.failuresByNetwork(ip);
    const clientKey = limitKeys.failuresByClient(client.clientId);
    return andThen(rateLimiter.consume(networkKey, perNetwork, windowMs), (byNetwork) => {
      if (!byNetwork.allowed) return failureBudgetSpent(byNetwork);
      return andThen(rateLimiter.consume(clientKey, perClient, windowMs), (byClient) => {
        if (!byClient.allowed) return failureBudgetSpent(byClient);
        return { networkKey, clientKey, announced: tighter(byNetwork, byClient) };
      });
    });
  }

  /** The argon2 verification within a reservation: a right secret gives its places back, a wrong one keeps them. */
  private async verifyReserved(client: ClientSettings, secret: string, reservation: FailureReservation): Promise<void> {
    const { rateLimiter, secrets } = this.deps;
    if (await secrets.verify(client.secretHash, secret)) {
      await Promise.all([rateLimiter.release(reservation.networkKey), rateLimiter.release(reservation.clientKey)]);
      return;
    }
    throw invalidClient('wrongClientCredentials', undefined, rateLimitHeaders(reservation.announced));
  }

  /**
   * Issues a token in the client's own tenant. A `tenant-id` header naming another tenant is refused
   * whether or not that tenant exists, so a partner learns nothing about other tenants.
   */
  async issueToken(client: ClientSettings, scopeParameter: string | undefined, tenantIdHeader: number | undefined): Promise<TokenResponse> {
    if (tenantIdHeader !== undefined && tenantIdHeader !== client.tenantId) {
      throw refusal(ErrorCatalogue.FORBIDDEN, 'notTheClientsTenant', { tenantId: tenantIdHeader });
    }
    const tenantId = client.tenantId;
    if (!client.grantTypes.has(CLIENT_CREDENTIALS)) {
      throw new ServiceError(ErrorCatalogue.OAUTH2_GRANT_TYPE_NOT_ALLOWED, { clientId: client.clientId, grantType: CLIENT_CREDENTIALS });
    }
    const requested = parseScopeParameter(scopeParameter);
    const refused = requested.find((scope) => !client.scopes.includes(scope));
    if (refused !== undefined) throw new ServiceError(ErrorCatalogue.OAUTH2_SCOPE_NOT_ALLOWED, { clientId: client.clientId, scope: refused });
    await this.deps.tenants.assertActive(tenantId, this.deps.now());
    const scopes = requested.length > 0 ? requested : client.scopes;
    const token = await this.deps.tokens.issue({
      userId: client.id,
      userType: UserType.OPEN_API,
      tenantId,
      clientId: client.clientId,
      scopes,
      validitySeconds: client.accessTokenValiditySeconds,
    });
    return {
      access_token: token.accessToken,
      token_type: 'bearer',
      expires_in: client.accessTokenValiditySeconds,
      scope: scopes.join(' '),
    };
  }

  /** RFC 7009: true when a token of this client was revoked; false for unknown or foreign tokens. */
  revoke(accessToken: string, clientId: string): Promise<boolean> {
    return this.deps.tokens.revoke(accessToken, (token) => token.clientId === clientId && token.userType === UserType.OPEN_API);
  }

  /**
   * The live open-platform token of a Bearer header, with its enabled client; 401 otherwise.
   * Synchronous (a value or a throw) when the token and the client are in memory, as they are for
   * every call but a token's first.
   */
  authenticateBearer(authorization: string | undefined): MaybePromise<Omit<AuthorizedPartner, 'rateLimit'>> {
    const accessToken = bearerToken(authorization);
    if (!accessToken) throw unauthorized('missingBearerToken', undefined, BEARER_CHALLENGE);
    return andThen(this.deps.tokens.find(accessToken), (token) => {
      if (!token || token.userType !== UserType.OPEN_API) throw invalidToken('unknownToken');
      const cached = this.deps.clients.peek(token.clientId);
      return andThen(cached === undefined ? this.deps.clients.get(token.clientId) : cached, (client) => {
        if (!client || !client.enabled) throw invalidToken('tokenClientDisabled');
        return { token, client };
      });
    });
  }

  /** The guard of a partner operation; synchronous, as authenticateBearer, when a memory limiter decides. */
  authorize(request: PartnerRequest): MaybePromise<AuthorizedPartner> {
    return andThen(this.authenticateBearer(request.authorization), ({ token, client }) => {
      if (request.tenantId !== undefined && request.tenantId !== token.tenantId) {
        throw refusal(ErrorCatalogue.FORBIDDEN, 'notTheTokensTenant', { tenantId: request.tenantId });
      }
      // Before the limit: calls from elsewhere with a leaked token must not spend the client's budget.
      assertWhitelisted(client, request.ip);
      return andThen(this.deps.rateLimiter.consume(limitKeys.operations(client.clientId), client.rateLimitQps), (rateLimit) => {
        if (!rateLimit.allowed) throw tooManyRequests(client.rateLimitQps, rateLimit);
        if (!token.scopes.has(request.scope)) {
          throw refusal(
            ErrorCatalogue.FORBIDDEN,
            'insufficientScope',
            { scope: request.scope },
            { headers: { ...rateLimitHeaders(rateLimit), 'WWW-Authenticate': `${BEARER_CHALLENGE}, error="insufficient_scope", scope="${request.scope}"` } },
          );
        }
        return { token, client, rateLimit };
      });
    });
  }
}
