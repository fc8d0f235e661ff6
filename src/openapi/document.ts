// The finishing pass over the generated OpenAPI document: what holds for every operation alike is
// stated here once (the error answers and their headers, the business-rejection form of the 200,
// operation ids, the tenant-id header, array query style), so no route can forget it.
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { BUSINESS_CODES_KEY, type BusinessCode } from './envelope';

type Json = Record<string, unknown>;

interface Operation extends Json {
  parameters?: Json[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Json }> };
  responses?: Record<string, Json>;
  security?: Record<string, string[]>[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const ENVELOPE = { $ref: '#/components/schemas/ErrorEnvelope' };
const OAUTH2_ENVELOPE = { $ref: '#/components/schemas/OAuth2ErrorEnvelope' };

/** The token calls' errors: the envelope plus the RFC 6749 5.2 fields that OAuth 2.0 clients read. */
const OAUTH2_ERROR_ENVELOPE_SCHEMA = {
  type: 'object',
  description: 'An error of the token calls: the ErrorEnvelope, with the RFC 6749 error code beside it',
  properties: {
    code: { type: 'integer', not: { const: 0 }, description: 'The HTTP status, or a business code of the error-code catalogue' },
    data: { type: 'null' },
    msg: { type: 'string' },
    error_detail: { type: 'string' },
    error: { type: 'string', enum: ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope'] },
    error_description: { type: 'string' },
  },
  required: ['code', 'data', 'msg', 'error_detail'],
  additionalProperties: false,
};
const json = (schema: Json) => ({ 'application/json': { schema } });

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: "The client's requests per second (present when the client has a rate limit)", schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Remaining': { description: 'Requests left in the current second', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the limit resets', schema: { type: 'integer', minimum: 0 } },
};

/** The error answers, each the ErrorEnvelope with code = HTTP status (open-api.md "HTTP status"). */
const ERROR_RESPONSES: Record<string, Json> = {
  BadRequest: { description: 'Malformed JSON or invalid input; msg names the field (or the unknown parameter)', content: json(ENVELOPE) },
  Unauthorized: {
    description: 'Missing or bad credentials: Basic client credentials on the token calls, the Bearer access token elsewhere',
    headers: { 'WWW-Authenticate': { required: true, description: 'Basic realm="open-api" or Bearer', schema: { type: 'string' } } },
    content: json(ENVELOPE),
  },
  Forbidden: {
    description: "The token lacks the operation's scope, the tenant-id header names another tenant, or the caller IP is not on the client's whitelist or is blacklisted",
    content: json(ENVELOPE),
  },
  PayloadTooLarge: { description: 'The body is over 1 MiB', content: json(ENVELOPE) },
  UnsupportedMediaType: { description: 'A body that is not application/json', content: json(ENVELOPE) },
  TooManyRequests: {
    description: "Over the client's rateLimitQps",
    headers: { 'Retry-After': { required: true, description: 'Seconds to wait', schema: { type: 'integer', minimum: 0 } }, ...RATE_LIMIT_HEADERS },
    content: json(ENVELOPE),
  },
  InternalServerError: { description: 'An unexpected fault (no internals in the answer; msg carries the request id)', content: json(ENVELOPE) },
  ServiceUnavailable: {
    description: 'The database or Redis is unreachable for the moment; retry after the given seconds',
    headers: { 'Retry-After': { required: true, description: 'Seconds to wait', schema: { type: 'integer', minimum: 0 } } },
    content: json(ENVELOPE),
  },
};

const TENANT_ID_HEADER = {
  name: 'tenant-id',
  in: 'header',
  required: false,
  description: 'Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued)',
  schema: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
};

/** The 200 answer of a business rejection of an operation: the envelope with exactly its codes. */
function businessRejectionSchema(codes: readonly BusinessCode[]): Json {
  return {
    type: 'object',
    description: 'A business rejection (HTTP 200): one of the business codes of this operation, data null',
    properties: {
      code: { type: 'integer', enum: codes.map(({ code }) => code), description: codes.map(({ code, name }) => `${code} ${name}`).join(', ') },
      data: { type: 'null' },
      msg: { type: 'string', description: 'The message of the code, its {name} parts filled in' },
      error_detail: { type: 'string' },
    },
    required: ['code', 'data', 'msg', 'error_detail'],
    additionalProperties: false,
  };
}

/** The operation description's table of its coded errors, for readers of the docs page. */
function businessCodeTable(codes: readonly BusinessCode[]): string {
  if (codes.length === 0) return 'Business codes: none (every answer other than code 0 is an HTTP error, code = HTTP status).';
  const rows = codes.map(({ code, name, message, httpStatus }) => `| ${code} | ${name} | ${httpStatus} | ${message.replace(/\|/g, '\\|')} |`);
  return ['Business codes (x-business-codes):', '', '| code | name | HTTP | message |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** `/open-api/goods/qc/page` -> `goodsQcPage`; the POST form of a read gets `ByPost`. */
function operationIdOf(path: string, method: string, isRead: boolean): string {
  const words = path
    .replace(/^\/open-api\//, '')
    .split(/[/-]/)
    .filter(Boolean);
  const id = words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
  return isRead && method === 'post' ? `${id}ByPost` : id;
}

/** Zod's bounds of a safe integer say nothing a JSON number does not: dropped everywhere. */
function withoutSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, child]) => !((key === 'minimum' || key === 'maximum') && Math.abs(child as number) === Number.MAX_SAFE_INTEGER))
      .map(([key, child]) => [key, withoutSafeIntegerBounds(child)]),
  );
}

/** Component schemas nothing refers to (zod registers every named schema for input and output). */
function withoutUnreferencedSchemas(document: Json): Json {
  const components = document.components as { schemas?: Record<string, Json> };
  const schemas = { ...(components.schemas ?? {}) };
  for (;;) {
    const text = JSON.stringify({ ...document, components: { ...components, schemas } });
    const unused = Object.keys(schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    if (unused.length === 0) break;
    for (const name of unused) delete schemas[name];
  }
  return { ...document, components: { ...components, schemas } };
}

function finishOperation(operation: Operation, path: string, method: string, isRead: boolean): void {
  const guarded = !path.startsWith('/open-api/system/oauth2/');
  operation.operationId = operationIdOf(path, method, isRead);
  operation.parameters = [...(operation.parameters ?? []), TENANT_ID_HEADER];
  for (const parameter of operation.parameters) {
    // open-api.md: an array in a query string repeats the name.
    if (parameter.in === 'query' && (parameter.schema as Json | undefined)?.type === 'array') Object.assign(parameter, { style: 'form', explode: true });
  }
  // The token calls take their parameters from the query or from a form body: the body is optional.
  if (!guarded && operation.requestBody) operation.requestBody.required = false;
  const body = operation.requestBody?.content?.['application/json']?.schema;
  // A read refuses fields it does not know, in the query and in the POST form alike.
  if (isRead && body) body.additionalProperties = false;

  const responses = operation.responses ?? {};
  const success = responses['200'] as { content?: Record<string, { schema: Json }> } | undefined;
  // The GET and POST forms of a read share one success schema object: copied, not changed.
  const { [BUSINESS_CODES_KEY]: declared, ...successSchema } = success?.content?.['application/json']?.schema ?? {};
  // envelopeOf makes every route declare its codes; a success schema made otherwise answers none.
  const codes = (declared ?? []) as BusinessCode[];
  operation[BUSINESS_CODES_KEY] = codes;
  operation.description = [operation.description, businessCodeTable(codes)].filter(Boolean).join('\n\n');
  const rejections = codes.filter(({ httpStatus }) => httpStatus === 200);
  responses['200'] = {
    description:
      rejections.length > 0 ? 'code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation' : 'code 0: success',
    ...(guarded ? { headers: RATE_LIMIT_HEADERS } : {}),
    content: json(rejections.length > 0 ? { anyOf: [successSchema, businessRejectionSchema(rejections)] } : successSchema),
  };
  const errors: Record<string, string> = { 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden' };
  if (method === 'post') Object.assign(errors, { 413: 'PayloadTooLarge', 415: 'UnsupportedMediaType' });
  // The token calls have their own limits (the client's rateLimitQps, wrong-secret budgets).
  errors[429] = 'TooManyRequests';
  Object.assign(errors, { 500: 'InternalServerError', 503: 'ServiceUnavailable' });
  for (const [status, name] of Object.entries(errors)) {
    responses[status] = guarded ? { $ref: `#/components/responses/${name}` } : { ...ERROR_RESPONSES[name], content: json(OAUTH2_ENVELOPE) };
  }
  operation.responses = responses;
}

/** @fastify/swagger's transformObject: the named schemas of the routes, then the finishing pass. */
export function finishOpenApiDocument(documentObject: Parameters<typeof jsonSchemaTransformObject>[0]): Json {
  const document = jsonSchemaTransformObject(documentObject) as Json;
  const paths = (document.paths ?? {}) as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  for (const [path, methods] of Object.entries(paths)) {
    const isRead = methods.get !== undefined && methods.post !== undefined;
    for (const method of METHODS) {
      const operation = methods[method];
      if (operation) finishOperation(operation, path, method, isRead);
    }
  }
  const components = (document.components ?? {}) as Json;
  document.components = {
    ...components,
    schemas: { ...(components.schemas as Json | undefined), OAuth2ErrorEnvelope: OAUTH2_ERROR_ENVELOPE_SCHEMA },
    responses: { ...(components.responses as Json | undefined), ...ERROR_RESPONSES },
  };
  return withoutUnreferencedSchemas(withoutSafeIntegerBounds(document) as Json);
}
