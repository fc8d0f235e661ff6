// Every error code the service answers with. Global codes follow open-api.md's HTTP table; business
// codes are grouped by domain as 1_MMM_RRR_NNN (module, resource, number). The administration console
// lists this catalogue and may override messages per language.
import type { ErrorDefinition } from './service-error';

function business(code: number, template: string): ErrorDefinition {
  return { code, template, httpStatus: 200 };
}

function global(code: number, template: string): ErrorDefinition {
  return { code, template, httpStatus: code };
}

export const ErrorCatalogue = {
  // Global
  BAD_REQUEST: global(400, 'Invalid request: {reason}'),
  UNAUTHORIZED: global(401, '{reason}'),
  FORBIDDEN: global(403, '{reason}'),
  NOT_FOUND: global(404, 'No route {method} {url}'),
  METHOD_NOT_ALLOWED: global(405, 'Method {method} is not allowed here'),
  PAYLOAD_TOO_LARGE: global(413, 'Request body is too large'),
  UNSUPPORTED_MEDIA_TYPE: global(415, 'Unsupported content type {contentType}'),
  TOO_MANY_REQUESTS: global(429, 'Too many requests: the limit is {limit} per second'),
  INTERNAL_SERVER_ERROR: global(500, 'Internal server error (request {requestId})'),
  SERVICE_UNAVAILABLE: global(503, 'Service unavailable: {reason}'),

  // 1_002_010: tenants
  TENANT_NOT_FOUND: business(1_002_010_000, 'Tenant {tenantId} does not exist'),
  TENANT_DISABLED: business(1_002_010_001, 'Tenant {name} is disabled'),
  TENANT_EXPIRED: business(1_002_010_002, 'Tenant {name} has expired'),

  // 1_002_020: OAuth 2.0 clients and tokens
  OAUTH2_CLIENT_NOT_FOUND: business(1_002_020_000, 'OAuth 2.0 client {clientId} does not exist'),
  OAUTH2_CLIENT_EXISTS: business(1_002_020_001, 'OAuth 2.0 client {clientId} already exists'),
  OAUTH2_CLIENT_DISABLED: business(1_002_020_002, 'OAuth 2.0 client {clientId} is disabled'),
  OAUTH2_GRANT_TYPE_NOT_ALLOWED: business(1_002_020_003, 'Client {clientId} may not use the {grantType} grant'),
  OAUTH2_SCOPE_NOT_ALLOWED: business(1_002_020_004, 'invalid_scope: client {clientId} was not granted {scope}'),
  OAUTH2_IP_WHITELIST_INVALID: business(1_002_020_005, 'ipWhitelist has invalid entries: {entries}'),
  OAUTH2_ADDITIONAL_INFORMATION_INVALID: business(1_002_020_006, 'additionalInformation must be a JSON object'),
  OAUTH2_SCOPE_UNKNOWN: business(1_002_020_007, 'Unknown scope {scope}'),

  // 1_030_001: members and bindings
  MEMBER_NOT_BOUND: business(1_030_001_000, 'externalUserId {externalUserId} is not bound to a member'),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof ErrorCatalogue;
