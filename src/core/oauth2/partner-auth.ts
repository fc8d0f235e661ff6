// The open platform's OAuth 2.0: client-credentials tokens, RFC 7009 revocation, and the check that
// guards every partner operation (token, scope, IP whitelist, rate limit). Everything it reads per
// request is in memory: the client registry, the token cache and the rate limiter.
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { UserType } from '../request-context';
import type { TenantDirectory } from '../tenant/tenant-directory';
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
}

function unauthorized(reason: string, challenge: string): ServiceError {
  return new ServiceError(ErrorCatalogue.UNAUTHORIZED, { reason }, '', { 'WWW-Authenticate': challenge });
}

const BEARER_CHALLENGE = 'Bearer realm="open-api"';
const invalidToken = (reason: string) => unauthorized(reason, `${BEARER_CHALLENGE}, error="invalid_token"`);

/** The token of an `Authorization: Bearer` header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  return match?.[1];
}

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

  /** The client named by HTTP Basic credentials; 401 with a Basic challenge for any failure. */
  async authenticateClient(clientId: string, secret: string): Promise<ClientSettings> {
    const client = await this.deps.clients.get(clientId);
    if (!client || !(await this.deps.secrets.verify(client.secretHash, secret))) {
      throw unauthorized('invalid_client: unknown client or wrong secret', BASIC_CHALLENGE);
    }
    if (!client.enabled) throw unauthorized(`invalid_client: client ${clientId} is disabled`, BASIC_CHALLENGE);
    return client;
  }

  async issueToken(client: ClientSettings, scopeParameter: string | undefined, tenantId: number): Promise<TokenResponse> {
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

  /** The live open-platform token of a Bearer header, with its enabled client; 401 otherwise. */
  async authenticateBearer(authorization: string | undefined): Promise<AuthorizedPartner> {
    const accessToken = bearerToken(authorization);
    if (!accessToken) throw unauthorized('Missing bearer token', BEARER_CHALLENGE);
    const token = await this.deps.tokens.find(accessToken);
    if (!token || token.userType !== UserType.OPEN_API) throw invalidToken('invalid_token: unknown, expired or revoked token');
    const client = await this.deps.clients.get(token.clientId);
    if (!client || !client.enabled) throw invalidToken('invalid_token: the client of this token is disabled');
    return { token, client };
  }

  async authorize(request: PartnerRequest): Promise<AuthorizedPartner> {
    const partner = await this.authenticateBearer(request.authorization);
    const { token, client } = partner;
    if (request.tenantId !== undefined && request.tenantId !== token.tenantId) {
      throw new ServiceError(ErrorCatalogue.FORBIDDEN, { reason: `tenant-id ${request.tenantId} is not the tenant of this token` });
    }
    if (!client.ipWhitelist.isEmpty && !client.ipWhitelist.matches(request.ip)) {
      throw new ServiceError(ErrorCatalogue.FORBIDDEN, { reason: `IP ${request.ip} is not on the client's whitelist` });
    }
    if (client.rateLimitQps > 0) {
      const decision = await this.deps.rateLimiter.consume(client.clientId, client.rateLimitQps);
      if (!decision.allowed) {
        throw new ServiceError(ErrorCatalogue.TOO_MANY_REQUESTS, { limit: client.rateLimitQps }, '', {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      }
    }
    if (!token.scopes.has(request.scope)) {
      throw new ServiceError(ErrorCatalogue.FORBIDDEN, { reason: `insufficient_scope: this operation needs scope ${request.scope}` }, '', {
        'WWW-Authenticate': `${BEARER_CHALLENGE}, error="insufficient_scope", scope="${request.scope}"`,
      });
    }
    return partner;
  }
}
