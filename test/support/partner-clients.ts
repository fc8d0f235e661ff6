import { randomBytes } from 'node:crypto';
import type { Core } from '../../src/core/core';
import type { OAuth2ClientSaveInput } from '../../src/core/oauth2/oauth2-client-service';
import { OPEN_API_SCOPES } from '../../src/core/oauth2/scopes';

export interface TestPartner {
  id: number;
  clientId: string;
  secret: string;
  input: OAuth2ClientSaveInput;
}

/** A new partner client with a unique id (Redis-backed limits are shared by every test file). */
export async function createPartner(core: Core, overrides: Partial<OAuth2ClientSaveInput> = {}): Promise<TestPartner> {
  const input: OAuth2ClientSaveInput = {
    clientId: `partner-${randomBytes(6).toString('hex')}`,
    secret: `secret-${randomBytes(12).toString('hex')}`,
    name: 'Test partner',
    logo: '',
    status: 0,
    accessTokenValiditySeconds: 3600,
    refreshTokenValiditySeconds: 0,
    redirectUris: [],
    authorizedGrantTypes: ['client_credentials'],
    scopes: [...OPEN_API_SCOPES],
    ipWhitelist: '',
    rateLimitQps: 0,
    ...overrides,
  };
  const created = await core.oauth2Clients.create(input);
  return { id: created.id, clientId: created.clientId, secret: input.secret, input: { ...input, id: created.id } };
}

/** Saves changed settings of a partner the way the console does (the secret stays: ******). */
export async function updatePartner(core: Core, partner: TestPartner, changes: Partial<OAuth2ClientSaveInput>): Promise<void> {
  partner.input = { ...partner.input, ...changes };
  await core.oauth2Clients.update({ ...partner.input, secret: '******' });
}

/** The input of the console's createOauth2Client mutation, every field filled (a unique clientId unless told). */
export function consoleClientInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    clientId: `console-client-${randomBytes(6).toString('hex')}`,
    secret: 'a-secret-of-the-console',
    name: 'Console client',
    logo: 'https://example.com/logo.png',
    description: 'made by the console',
    status: 0,
    accessTokenValiditySeconds: 3600,
    refreshTokenValiditySeconds: 0,
    redirectUris: [],
    authorizedGrantTypes: ['client_credentials'],
    scopes: ['goods:search:read'],
    autoApproveScopes: [],
    authorities: [],
    resourceIds: [],
    additionalInformation: '{"team":"growth"}',
    partnerName: 'Partner Ltd',
    partnerContact: 'ops@partner.example',
    ipWhitelist: '203.0.113.0/24, 198.51.100.7',
    rateLimitQps: 50,
    additionalInformationJson: true,
    ...overrides,
  };
}
