// OAuth 2.0 clients (OAuth2ClientSaveReqVO), including the open-platform partner settings. The
// secret is stored hashed and shown once, when it is set; sending ****** on update keeps it.
import { z } from 'zod';
import type { Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import type { InvalidationBus } from '../cache/invalidation-bus';
import { IpRuleSet } from '../net/ip-matcher';
import { hashSecret } from '../security/password-hash';
import { CLIENT_CREDENTIALS, OPEN_API_SCOPES } from './scopes';

export const MASKED_SECRET = '******';

const stringList = z.array(z.string().min(1).max(255)).max(100);

export const oauth2ClientSaveSchema = z.object({
  id: z.number().int().positive().optional(),
  clientId: z.string().regex(/^[A-Za-z0-9_.-]{3,64}$/, 'letters, digits, _ . - (3 to 64 characters)'),
  secret: z.string().min(1).max(128),
  name: z.string().min(1).max(255),
  logo: z.string().max(500),
  description: z.string().max(500).nullish(),
  status: z.number().int().min(0).max(1),
  accessTokenValiditySeconds: z.number().int().min(1).max(31_536_000),
  refreshTokenValiditySeconds: z.number().int().min(0).max(31_536_000),
  redirectUris: stringList,
  authorizedGrantTypes: z.array(z.enum(['client_credentials', 'password', 'authorization_code', 'implicit', 'refresh_token'])).min(1),
  scopes: stringList.nullish(),
  autoApproveScopes: stringList.nullish(),
  authorities: stringList.nullish(),
  resourceIds: stringList.nullish(),
  additionalInformation: z.string().max(4000).nullish(),
  partnerName: z.string().max(100).nullish(),
  partnerContact: z.string().max(100).nullish(),
  ipWhitelist: z.string().max(2000).nullish(),
  rateLimitQps: z.number().int().min(0).max(1_000_000).nullish(),
  /** Accepted for the console's form; the rule it names (JSON additionalInformation) is always enforced. */
  additionalInformationJson: z.boolean().nullish(),
});

export type OAuth2ClientSaveInput = z.infer<typeof oauth2ClientSaveSchema>;

function assertPartnerSettings(input: OAuth2ClientSaveInput): void {
  const { invalid } = IpRuleSet.fromList(input.ipWhitelist ?? '');
  if (invalid.length > 0) throw new ServiceError(ErrorCatalogue.OAUTH2_IP_WHITELIST_INVALID, { entries: invalid.join(', ') });
  if (input.authorizedGrantTypes.includes(CLIENT_CREDENTIALS)) {
    const unknown = (input.scopes ?? []).find((scope) => !(OPEN_API_SCOPES as readonly string[]).includes(scope));
    if (unknown !== undefined) throw new ServiceError(ErrorCatalogue.OAUTH2_SCOPE_UNKNOWN, { scope: unknown });
  }
  if (input.additionalInformation) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(input.additionalInformation);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ServiceError(ErrorCatalogue.OAUTH2_ADDITIONAL_INFORMATION_INVALID);
    }
  }
}

function recordFields(input: OAuth2ClientSaveInput) {
  return {
    clientId: input.clientId,
    name: input.name,
    logo: input.logo,
    description: input.description ?? null,
    status: input.status,
    accessTokenValiditySeconds: input.accessTokenValiditySeconds,
    refreshTokenValiditySeconds: input.refreshTokenValiditySeconds,
    redirectUris: input.redirectUris,
    authorizedGrantTypes: input.authorizedGrantTypes,
    scopes: input.scopes ?? [],
    autoApproveScopes: input.autoApproveScopes ?? [],
    authorities: input.authorities ?? [],
    resourceIds: input.resourceIds ?? [],
    additionalInformation: input.additionalInformation ?? null,
    partnerName: input.partnerName ?? null,
    partnerContact: input.partnerContact ?? null,
    ipWhitelist: IpRuleSet.fromList(input.ipWhitelist ?? '').set.rules.map((rule) => rule.text).join(','),
    rateLimitQps: input.rateLimitQps ?? 0,
  };
}

export class OAuth2ClientService {
  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
  ) {}

  /** Creates the client; the answer carries the plain secret, the only time it is shown. */
  async create(rawInput: OAuth2ClientSaveInput): Promise<{ id: number; clientId: string; secret: string }> {
    const input = oauth2ClientSaveSchema.parse(rawInput);
    if (input.secret === MASKED_SECRET) throw new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: 'secret: choose a secret for a new client' });
    assertPartnerSettings(input);
    if (await this.db.oAuth2Client.findUnique({ where: { clientId: input.clientId } })) {
      throw new ServiceError(ErrorCatalogue.OAUTH2_CLIENT_EXISTS, { clientId: input.clientId });
    }
    const record = await this.db.oAuth2Client.create({ data: { ...recordFields(input), secretHash: await hashSecret(input.secret) } });
    await this.bus.publish({ kind: 'client-changed', clientId: record.clientId });
    return { id: record.id, clientId: record.clientId, secret: input.secret };
  }

  /** Updates the client; a secret of ****** keeps the stored one. */
  async update(rawInput: OAuth2ClientSaveInput): Promise<void> {
    const input = oauth2ClientSaveSchema.parse(rawInput);
    if (input.id === undefined) throw new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: 'id: required to update a client' });
    assertPartnerSettings(input);
    const existing = await this.db.oAuth2Client.findUnique({ where: { id: input.id } });
    if (!existing) throw new ServiceError(ErrorCatalogue.OAUTH2_CLIENT_NOT_FOUND, { clientId: String(input.id) });
    if (input.clientId !== existing.clientId && (await this.db.oAuth2Client.findUnique({ where: { clientId: input.clientId } }))) {
      throw new ServiceError(ErrorCatalogue.OAUTH2_CLIENT_EXISTS, { clientId: input.clientId });
    }
    const secretHash = input.secret === MASKED_SECRET ? existing.secretHash : await hashSecret(input.secret);
    await this.db.oAuth2Client.update({ where: { id: input.id }, data: { ...recordFields(input), secretHash } });
    await this.bus.publish({ kind: 'client-changed', clientId: existing.clientId });
    if (input.clientId !== existing.clientId) await this.bus.publish({ kind: 'client-changed', clientId: input.clientId });
  }
}
