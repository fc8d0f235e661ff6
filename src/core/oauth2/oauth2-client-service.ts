// OAuth 2.0 clients (OAuth2ClientSaveReqVO), including the open-platform partner settings. The
// secret is stored hashed and shown once, when it is set; sending ****** on update keeps it.
// Clients are the platform's: only the system tenant's administrators manage them (`assertManagedBy`);
// the seed and tests create clients directly with `create`. A partner client serves the members of
// one tenant (tenantId), the only tenant where staff can bind its users.
import { z } from 'zod';
import { commonStatusSchema } from '../admin/save-shape';
import type { Db } from '../db/client';
import { jsonStrings } from '../db/json-values';
import { ErrorCatalogue } from '../errors/catalogue';
import { refusal } from '../errors/reasons';
import { ServiceError } from '../errors/service-error';
import type { InvalidationBus } from '../cache/invalidation-bus';
import { IpRuleSet } from '../net/ip-matcher';
import { pageInputSchema } from '../paging';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import type { RequestContext } from '../request-context';
import { MASKED_SECRET } from '../security/masking';
import { hashSecret } from '../security/password-hash';
import { SYSTEM_TENANT_ID } from '../tenant/tenant-directory';
import { assertSystemTenant } from '../tenant/tenant-package-service';
import { CLIENT_CREDENTIALS, OPEN_API_SCOPES } from './scopes';
import type { TokenService } from './token-service';
import { optionSchema } from '../options/option-sets';
import { fieldText } from '../validation-messages';

const stringList = z.array(z.string().min(1).max(255)).max(100);

export const oauth2ClientSaveSchema = z.object({
  id: z.number().int().positive().optional(),
  clientId: z.string().regex(/^[A-Za-z0-9_.-]{3,64}$/, fieldText('clientIdCharacters')),
  secret: z.string().min(1).max(128),
  name: z.string().min(1).max(255),
  logo: z.string().max(500),
  description: z.string().max(500).nullish(),
  status: commonStatusSchema,
  accessTokenValiditySeconds: z.number().int().min(1).max(31_536_000),
  refreshTokenValiditySeconds: z.number().int().min(0).max(31_536_000),
  redirectUris: stringList,
  authorizedGrantTypes: z.array(optionSchema('GRANT_TYPE')).min(1),
  scopes: stringList.nullish(),
  autoApproveScopes: stringList.nullish(),
  authorities: stringList.nullish(),
  resourceIds: stringList.nullish(),
  additionalInformation: z.string().max(4000).nullish(),
  partnerName: z.string().max(100).nullish(),
  partnerContact: z.string().max(100).nullish(),
  ipWhitelist: z.string().max(2000).nullish(),
  rateLimitQps: z.number().int().min(0).max(1_000_000).nullish(),
  /** The tenant the partner serves (its members are bound in it only); default: the system tenant, kept on update. */
  tenantId: z.number().int().positive().max(2_147_483_647).nullish(),
  /** Accepted for the console's form; the rule it names (JSON additionalInformation) is always enforced. */
  additionalInformationJson: z.boolean().nullish(),
});

export type OAuth2ClientSaveInput = z.infer<typeof oauth2ClientSaveSchema>;

/** What a caller sends: the grant types are checked against the known ones on save. */
export type OAuth2ClientSaveRequest = Omit<z.input<typeof oauth2ClientSaveSchema>, 'authorizedGrantTypes'> & { authorizedGrantTypes: readonly string[] };

export const oauth2ClientPageSchema = pageInputSchema.extend({
  name: z.string().max(255).nullish(),
  clientId: z.string().max(64).nullish(),
  status: commonStatusSchema.nullish(),
});

export type OAuth2ClientPageInput = z.input<typeof oauth2ClientPageSchema> & PageRequest;

/** Newest first unless the request asks otherwise (clients are few). */
export const oauth2ClientPageSort = pageSort({ id: 'id', clientId: 'clientId', name: 'name', status: 'status', createTime: 'createdAt' }, [{ id: 'desc' }]);

/** A client as the console reads it: every setting, the secret masked. */
export interface OAuth2ClientRecord {
  id: number;
  clientId: string;
  /** Always ******: the secret is stored hashed and shown once, on create. */
  secret: string;
  name: string;
  logo: string;
  description: string | null;
  status: number;
  accessTokenValiditySeconds: number;
  refreshTokenValiditySeconds: number;
  redirectUris: string[];
  authorizedGrantTypes: string[];
  scopes: string[];
  autoApproveScopes: string[];
  authorities: string[];
  resourceIds: string[];
  additionalInformation: string | null;
  partnerName: string | null;
  partnerContact: string | null;
  ipWhitelist: string;
  rateLimitQps: number;
  tenantId: number;
  createTime: Date;
  updateTime: Date;
}

type StoredClient = NonNullable<Awaited<ReturnType<Db['oAuth2Client']['findUnique']>>>;

function toRecord(stored: StoredClient): OAuth2ClientRecord {
  return {
    id: stored.id,
    clientId: stored.clientId,
    secret: MASKED_SECRET,
    name: stored.name,
    logo: stored.logo,
    description: stored.description,
    status: stored.status,
    accessTokenValiditySeconds: stored.accessTokenValiditySeconds,
    refreshTokenValiditySeconds: stored.refreshTokenValiditySeconds,
    redirectUris: jsonStrings(stored.redirectUris),
    authorizedGrantTypes: jsonStrings(stored.authorizedGrantTypes),
    scopes: jsonStrings(stored.scopes),
    autoApproveScopes: jsonStrings(stored.autoApproveScopes),
    authorities: jsonStrings(stored.authorities),
    resourceIds: jsonStrings(stored.resourceIds),
    additionalInformation: stored.additionalInformation,
    partnerName: stored.partnerName,
    partnerContact: stored.partnerContact,
    ipWhitelist: stored.ipWhitelist,
    rateLimitQps: stored.rateLimitQps,
    tenantId: stored.tenantId,
    createTime: stored.createdAt,
    updateTime: stored.updatedAt,
  };
}

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
    private readonly tokens: TokenService,
  ) {}

  private async assertTenantExists(tenantId: number | null | undefined): Promise<void> {
    if (tenantId && !(await this.db.tenant.findUnique({ where: { id: tenantId }, select: { id: true } }))) {
      throw new ServiceError(ErrorCatalogue.TENANT_NOT_FOUND, { tenantId });
    }
  }

  /** Refuses callers outside the system tenant: clients are shared by every tenant. */
  assertManagedBy(ctx: RequestContext): void {
    assertSystemTenant(ctx, 'manage OAuth 2.0 clients');
  }

  /** Creates the client; the answer carries the plain secret, the only time it is shown. */
  async create(rawInput: OAuth2ClientSaveRequest): Promise<{ id: number; clientId: string; secret: string }> {
    const input = oauth2ClientSaveSchema.parse(rawInput);
    if (input.id !== undefined) throw refusal(ErrorCatalogue.BAD_REQUEST, 'idOmittedOnCreate');
    if (input.secret === MASKED_SECRET) throw refusal(ErrorCatalogue.BAD_REQUEST, 'newClientOwnSecret');
    assertPartnerSettings(input);
    await this.assertTenantExists(input.tenantId);
    if (await this.db.oAuth2Client.findUnique({ where: { clientId: input.clientId } })) {
      throw new ServiceError(ErrorCatalogue.OAUTH2_CLIENT_EXISTS, { clientId: input.clientId });
    }
    const record = await this.db.oAuth2Client.create({
      data: { ...recordFields(input), tenantId: input.tenantId ?? SYSTEM_TENANT_ID, secretHash: await hashSecret(input.secret) },
    });
    await this.bus.publish({ kind: 'client-changed', clientId: record.clientId });
    return { id: record.id, clientId: record.clientId, secret: input.secret };
  }

  /** Updates the client; a secret of ****** keeps the stored one. */
  async update(rawInput: OAuth2ClientSaveRequest): Promise<void> {
    const input = oauth2ClientSaveSchema.parse(rawInput);
    if (input.id === undefined) throw refusal(ErrorCatalogue.BAD_REQUEST, 'idRequiredOnUpdate');
    assertPartnerSettings(input);
    await this.assertTenantExists(input.tenantId);
    const existing = await this.db.oAuth2Client.findUnique({ where: { id: input.id } });
    if (!existing) throw new ServiceError(ErrorCatalogue.OAUTH2_CLIENT_NOT_FOUND, { clientId: String(input.id) });
    if (input.clientId !== existing.clientId && (await this.db.oAuth2Client.findUnique({ where: { clientId: input.clientId } }))) {
      throw new ServiceError(ErrorCatalogue.OAUTH2_CLIENT_EXISTS, { clientId: input.clientId });
    }
    const secretHash = input.secret === MASKED_SECRET ? existing.secretHash : await hashSecret(input.secret);
    await this.db.oAuth2Client.update({ where: { id: input.id }, data: { ...recordFields(input), ...(input.tenantId ? { tenantId: input.tenantId } : {}), secretHash } });
    await this.bus.publish({ kind: 'client-changed', clientId: existing.clientId });
    if (input.clientId !== existing.clientId) await this.bus.publish({ kind: 'client-changed', clientId: input.clientId });
  }

  async get(ctx: RequestContext, id: number): Promise<OAuth2ClientRecord> {
    this.assertManagedBy(ctx);
    const stored = await this.db.oAuth2Client.findUnique({ where: { id } });
    if (!stored) throw new ServiceError(ErrorCatalogue.OAUTH2_CLIENT_NOT_FOUND, { clientId: String(id) });
    return toRecord(stored);
  }

  /** Clients by name and clientId (substrings) and status, newest first. */
  async page(ctx: RequestContext, rawQuery: OAuth2ClientPageInput): Promise<{ list: OAuth2ClientRecord[]; total: number }> {
    this.assertManagedBy(ctx);
    const { window, where: pageWhere, orderBy } = pageQuery(rawQuery, oauth2ClientPageSort);
    const query = oauth2ClientPageSchema.parse(rawQuery);
    const where = {
      ...pageWhere,
      ...(query.name ? { name: { contains: query.name } } : {}),
      ...(query.clientId ? { clientId: { contains: query.clientId } } : {}),
      ...(query.status !== undefined && query.status !== null ? { status: query.status } : {}),
    };
    const [stored, total] = await Promise.all([
      this.db.oAuth2Client.findMany({ where, orderBy, ...window }),
      this.db.oAuth2Client.count({ where }),
    ]);
    return { list: stored.map(toRecord), total };
  }

  /** Enabled clients, for pickers. */
  async listEnabled(ctx: RequestContext): Promise<{ id: number; clientId: string; name: string }[]> {
    this.assertManagedBy(ctx);
    return this.db.oAuth2Client.findMany({ where: { status: 0 }, select: { id: true, clientId: true, name: true }, orderBy: { id: 'asc' } });
  }

  /** Deletes the client and ends every session it holds, in every process. */
  async delete(ctx: RequestContext, id: number): Promise<void> {
    this.assertManagedBy(ctx);
    const existing = await this.db.oAuth2Client.findUnique({ where: { id }, select: { clientId: true } });
    if (!existing) throw new ServiceError(ErrorCatalogue.OAUTH2_CLIENT_NOT_FOUND, { clientId: String(id) });
    const { count } = await this.db.oAuth2Client.deleteMany({ where: { id } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.OAUTH2_CLIENT_NOT_FOUND, { clientId: String(id) });
    await this.bus.publish({ kind: 'client-changed', clientId: existing.clientId });
    await this.db.oAuth2RefreshToken.deleteMany({ where: { clientId: existing.clientId } });
    await this.tokens.revokeAll({ clientId: existing.clientId });
  }
}
