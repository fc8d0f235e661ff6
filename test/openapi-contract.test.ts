// The OpenAPI document is the partner contract: every operation documents every status it answers,
// with the envelope and headers, the bounds and enums the server enforces, and names a generated
// client can use. The harness (support/contract.ts) validates every /open-api answer of the suite
// against it; here: that check itself catches a violation, and the rules the document states.
import type { FastifyInstance, FastifySchema } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { ServiceError } from '../src/core/errors/service-error';
import { envelopeOf, ok } from '../src/openapi/envelope';
import type { PartnerRoutes } from '../src/openapi/partner-routes';
import { envelope, getQuery, partnerToken, postJson, useTestApp } from './support/app';
import { type OpenApiDocument, takeContractViolations } from './support/contract';

const BROKEN_URL = '/open-api/probe/broken';

/** A partner operation that answers against its own documented shape, as a regression would. */
const brokenSchema: FastifySchema = {
  querystring: z.object({ teapot: z.enum(['yes', 'no', 'refuse']).optional() }),
  response: { 200: envelopeOf(z.object({ count: z.int() }), []) },
};

const brokenRoutes: PartnerRoutes = async (zodApp) => {
  // Without the zod types, which would not let a handler send the wrong shape.
  const app: FastifyInstance = zodApp;
  app.get(
    '/probe/broken',
    {
      config: { scope: 'goods:search:read' },
      schema: brokenSchema,
    },
    async (request, reply) => {
      // Past the route's serializer, so the server itself does not catch the wrong shape.
      const { teapot } = request.query as { teapot?: string };
      if (teapot === 'yes') return reply.status(418).serializer(JSON.stringify).send(ok({ count: 1 }));
      // A business code the operation does not declare (it declares none).
      if (teapot === 'refuse') throw new ServiceError(ErrorCatalogue.WALLET_NOT_FOUND, { memberId: 1 });
      return reply.serializer(JSON.stringify).send(ok({ count: 'many' }));
    },
  );
};

const test = useTestApp('openapi_contract', { openApiRoutes: [brokenRoutes] });
let token: string;
let document: OpenApiDocument & Record<string, unknown>;

type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; schema: Record<string, unknown>; style?: string; explode?: boolean; description?: string }[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, { $ref?: string; content?: { 'application/json': { schema: { anyOf?: { properties?: { code?: { enum?: number[] } } }[] } } } }>;
  security?: Record<string, string[]>[];
  description?: string;
  'x-business-codes'?: { code: number; name: string; message: string; httpStatus: number }[];
};

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as Operation })));
const operation = (path: string, method = 'get') => document.paths[path]?.[method] as Operation;
const queryParameter = (path: string, name: string) => operation(path).parameters?.find((parameter) => parameter.name === name && parameter.in === 'query');

beforeAll(async () => {
  token = await partnerToken(test.app);
  document = (await test.app.inject('/open-api/openapi.json')).json();
});

describe('the contract check of the test harness', () => {
  it('records an answer whose body breaks the documented schema, through inject', async () => {
    const response = await getQuery(test.app, token, BROKEN_URL, {});
    expect(response.statusCode).toBe(200);
    const violations = takeContractViolations();
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/^GET \/open-api\/probe\/broken 200: .*count must be integer/);
  });

  it('records an undocumented status, through real HTTP', async () => {
    // Closed with the app.
    const url = await test.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${url}${BROKEN_URL}?teapot=yes`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(418);
    expect(takeContractViolations()).toEqual([expect.stringMatching(/^GET \/open-api\/probe\/broken 418: status not documented/)]);
  });

  it('records a business code the operation does not list', async () => {
    const response = await getQuery(test.app, token, BROKEN_URL, { teapot: 'refuse' });
    expect(envelope(response)).toMatchObject({ code: ErrorCatalogue.WALLET_NOT_FOUND.code, data: null });
    // The 200's schema, with no rejection listed, is the success alone; the listing is checked on its own too.
    expect(takeContractViolations()).toEqual([
      expect.stringMatching(/^GET \/open-api\/probe\/broken 200: data\/code must be equal to one of the allowed values/),
      `GET ${BROKEN_URL} 200: code ${ErrorCatalogue.WALLET_NOT_FOUND.code} is not among the operation's x-business-codes`,
    ]);
  });

  it('records nothing for a business rejection, which the 200 documents', async () => {
    const response = await getQuery(test.app, token, '/open-api/pay/wallet/balance', { externalUserId: 'nobody-42' });
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({ code: 1_030_001_000, data: null });
    expect(takeContractViolations()).toEqual([]);
  });
});

describe('the document', () => {
  it('gives every operation a unique operationId and documents its error answers with the envelope', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['goodsSearch', 'goodsSearchByPost', 'goodsQcPage', 'orderPurchaseCreate', 'payWalletPay', 'systemOauth2Token']));
    for (const { path, method, operation } of operations()) {
      const statuses = Object.keys(operation.responses).sort();
      // The token calls answer 429 too: the client's rateLimitQps and the wrong-secret budgets.
      const expected = ['200', '400', '401', '403', '429', '500', '503', ...(method === 'post' ? ['413', '415'] : [])].sort();
      expect({ path, method, statuses }).toEqual({ path, method, statuses: expected });
    }
    const responses = (document.components as { responses: Record<string, { headers?: Record<string, { required: boolean }> }> }).responses;
    expect(responses.Unauthorized?.headers?.['WWW-Authenticate']?.required).toBe(true);
    expect(responses.TooManyRequests?.headers?.['Retry-After']?.required).toBe(true);
    expect(responses.ServiceUnavailable?.headers?.['Retry-After']?.required).toBe(true);
  });

  it('lists the business codes of every operation, and the 200 business rejection has exactly those codes', () => {
    for (const { path, method, operation } of operations()) {
      const listed = operation['x-business-codes'];
      expect({ path, method, listed }).toEqual({ path, method, listed: expect.any(Array) });
      const rejections = (listed ?? []).filter(({ httpStatus }) => httpStatus === 200).map(({ code }) => code);
      const schema = operation.responses['200']?.content?.['application/json'].schema;
      const documented = schema?.anyOf?.[1]?.properties?.code?.enum ?? [];
      expect({ path, method, documented }).toEqual({ path, method, documented: rejections });
      for (const { code, name } of listed ?? []) expect(operation.description).toContain(`| ${code} | ${name} |`);
    }
    expect(operation('/open-api/pay/wallet/pay', 'post')['x-business-codes']).toEqual(
      expect.arrayContaining([
        { code: ErrorCatalogue.MEMBER_NOT_BOUND.code, name: 'MEMBER_NOT_BOUND', message: ErrorCatalogue.MEMBER_NOT_BOUND.template, httpStatus: 200 },
        expect.objectContaining({ name: 'PAY_ORDER_NOT_FOUND' }),
        expect.objectContaining({ name: 'WALLET_INSUFFICIENT_BALANCE' }),
      ]),
    );
    // The token call's grant and scope refusals are coded HTTP 400s: listed, and not in the 200.
    const token = operation('/open-api/system/oauth2/token', 'post');
    expect(token['x-business-codes']).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'OAUTH2_SCOPE_NOT_ALLOWED', httpStatus: 400 })]));
    expect(token.responses['200']?.content?.['application/json'].schema.anyOf?.[1]?.properties?.code?.enum).toEqual([
      ErrorCatalogue.TENANT_NOT_FOUND.code,
      ErrorCatalogue.TENANT_DISABLED.code,
      ErrorCatalogue.TENANT_EXPIRED.code,
    ]);
    // An operation without business rejections documents the success alone.
    expect(operation('/open-api/order/invoice/get').responses['200']?.content?.['application/json'].schema.anyOf).toBeUndefined();
  });

  it("documents the token calls' errors with the RFC 6749 error code beside the envelope", () => {
    const tokenCalls = operations().filter(({ path }) => path.startsWith('/open-api/system/oauth2/'));
    expect(tokenCalls.map(({ path }) => path).sort()).toEqual(['/open-api/system/oauth2/token', '/open-api/system/oauth2/token/revoke']);
    const schemas = tokenCalls.map(({ operation }) => operation.responses['401']?.content?.['application/json'].schema);
    expect(schemas).toEqual(tokenCalls.map(() => ({ $ref: '#/components/schemas/OAuth2ErrorEnvelope' })));
  });

  it('names its schemas, servers and security schemes', () => {
    const components = document.components as { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    expect(Object.keys(components.schemas)).toEqual(
      expect.arrayContaining(['ErrorEnvelope', 'PurchaseOrder', 'OrderItemPage', 'PaymentOrder', 'GoodsSummaryPage', 'AccessToken']),
    );
    expect(components.securitySchemes).toEqual({
      basicAuth: expect.objectContaining({ type: 'http', scheme: 'basic' }),
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(operation('/open-api/system/oauth2/token', 'post').security).toEqual([{ basicAuth: [] }]);
    expect(operation('/open-api/order/item/page').security).toEqual([{ bearerAuth: ['order:item:read'] }]);
    expect(document.servers).toEqual([{ url: expect.stringMatching(/^https?:\/\/[^/]+.*[^/]$/), description: expect.any(String) }]);
  });

  it('states the bounds and enums the server enforces, without safe-integer noise', () => {
    expect(JSON.stringify(document)).not.toContain('9007199254740991');
    for (const path of ['/open-api/goods/qc/page', '/open-api/order/item/page', '/open-api/order/bag/page']) {
      expect({ path, pageNo: queryParameter(path, 'pageNo')?.schema, pageSize: queryParameter(path, 'pageSize')?.schema }).toEqual({
        path,
        pageNo: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
        pageSize: { type: 'integer', minimum: 1, maximum: 100 },
      });
    }
    expect(queryParameter('/open-api/pay/order/page', 'pageSize')?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 1000 });
    expect(queryParameter('/open-api/goods/search', 'page')?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    expect(queryParameter('/open-api/goods/search', 'source')?.schema).toEqual({ type: 'integer', enum: [1, 2, 3, 5] });
    expect(queryParameter('/open-api/goods/detail', 'source')?.schema).toEqual({ type: 'integer', enum: [1, 2, 3] });
    expect(queryParameter('/open-api/pay/order/page', 'status')?.schema).toEqual({
      anyOf: [
        { type: 'string', enum: [''] },
        { type: 'integer', enum: [0, 10, 20], description: 'Payment order status (0 pending, 10 paid, 20 closed)' },
      ],
    });
    expect(queryParameter('/open-api/goods/image-search', 'imagesUrl')?.schema).toMatchObject({ type: 'string', format: 'uri' });
    expect(queryParameter('/open-api/goods/qc/page', 'createTime')).toMatchObject({ style: 'form', explode: true, schema: { type: 'array', minItems: 2, maxItems: 2 } });
    const payment = operation('/open-api/pay/order/create', 'post').requestBody?.content['application/json'].schema as {
      properties: { payAmount: unknown; shippingInfo: { properties: Record<string, { description?: string; pattern?: string }> } };
    };
    expect(payment.properties.payAmount).toMatchObject({ type: 'number', minimum: 0.01, maximum: 10_000_000, multipleOf: 0.01 });
    expect(payment.properties.shippingInfo.properties.country).toMatchObject({ pattern: '^([A-Za-z]{2})?$', description: expect.stringContaining('ISO 3166-1 alpha-2') });
    expect(operation('/open-api/order/item/page', 'post').requestBody?.content['application/json'].schema.additionalProperties).toBe(false);
  });
});

describe('nothing silently ignored', () => {
  const QC_PAGE = '/open-api/goods/qc/page';

  it.each([
    ['a misspelt filter', 'pageNo=1&pageSize=10&skuid=sku-1', 'skuid: unknown parameter'],
    ['the qs/axios array style', 'pageNo=1&pageSize=10&createTime[]=2026-01-01T00:00:00Z&createTime[]=2026-02-01T00:00:00Z', 'createTime[]: unknown parameter; repeat createTime=... for each value'],
    ['the indexed array style', 'pageNo=1&pageSize=10&createTime[0]=2026-01-01T00:00:00Z', 'createTime[0]: unknown parameter; repeat createTime=... for each value'],
  ])('refuses %s in a query by name', async (_case, query, reason) => {
    const response = await test.app.inject({ method: 'GET', url: `${QC_PAGE}?${query}`, headers: { authorization: `Bearer ${token}` } });
    expect({ status: response.statusCode, msg: envelope(response).msg }).toEqual({ status: 400, msg: `Invalid request: ${reason}` });
  });

  it('refuses an unknown field in the POST form of a read by name', async () => {
    const response = await postJson(test.app, token, QC_PAGE, { pageNo: 1, pageSize: 10, goodsID: 'g-1' });
    expect({ status: response.statusCode, msg: envelope(response).msg }).toEqual({ status: 400, msg: 'Invalid request: goodsID: unknown parameter' });
  });

  it('reads integers from query digits, and wants JSON numbers in a body, as documented', async () => {
    const fromQuery = await getQuery(test.app, token, QC_PAGE, { pageNo: '1', pageSize: '10', createTime: ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'] });
    expect(envelope(fromQuery)).toMatchObject({ code: 0, data: { list: [], total: 0 } });
    const fromBody = await postJson(test.app, token, QC_PAGE, { pageNo: '1', pageSize: 10 });
    expect({ status: fromBody.statusCode, msg: envelope(fromBody).msg }).toEqual({ status: 400, msg: 'Invalid request: pageNo: Invalid input: expected number, received string' });
  });
});

describe('integer bounds', () => {
  it.each([
    ['/open-api/goods/qc/page', {}],
    ['/open-api/order/item/page', { memberId: 1 }],
    ['/open-api/order/bag/page', { memberId: 1 }],
    ['/open-api/pay/order/page', {}],
  ])(
    '%s refuses a page number whose offset does not fit, with 400 naming pageNo',
    async (path, filter) => {
      const response = await getQuery(test.app, token, path, { pageNo: '100000000000000000', pageSize: 100, ...filter });
      expect({ status: response.statusCode, msg: envelope(response).msg }).toEqual({ status: 400, msg: expect.stringMatching(/^Invalid request: pageNo: /) });
    },
  );

  it('serves the last page number with an empty page', async () => {
    const response = await getQuery(test.app, token, '/open-api/goods/qc/page', { pageNo: 2_147_483_647, pageSize: 100 });
    expect(envelope(response)).toMatchObject({ code: 0, data: { list: [], total: 0 } });
  });
});
