// The scopes of the open platform, one per group of partner operations (open-api.md).
export const OPEN_API_SCOPES = [
  'goods:search:read',
  'goods:detail:read',
  'goods:qc:read',
  'order:qc:read',
  'order:purchase:read',
  'order:purchase:write',
  'order:supplement:read',
  'order:supplement:write',
  'order:item:read',
  'order:bag:read',
  'order:invoice:read',
  'order:invoice:write',
  'pay:wallet:read',
  'pay:wallet:write',
  'pay:order:read',
  'pay:order:write',
] as const;

export type OpenApiScope = (typeof OPEN_API_SCOPES)[number];

export const CLIENT_CREDENTIALS = 'client_credentials';

/** `scope` of a token request: space-separated (RFC 6749 3.3); empty entries are ignored. */
export function parseScopeParameter(scope: string | undefined): string[] {
  return [...new Set((scope ?? '').split(' ').filter(Boolean))];
}
