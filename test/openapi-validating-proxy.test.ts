// An independent check of the partner contract: the README's curl walkthrough, and one wrong input
// per operation, sent through an HTTP proxy in front of the real server that validates every
// request and every response against the served /open-api/openapi.json with a third-party
// validator (openapi-backend), not the suite's own ajv hook (support/contract.ts). Any mismatch
// fails: a response the document does not describe, a request the validator accepts that the
// server refuses with 400, or one the validator refuses that the server serves.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import addFormats from 'ajv-formats';
import OpenAPIBackend, { type Document, type Operation, SetMatchType } from 'openapi-backend';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDatabase } from '../prisma/seed';
import { SEED } from './support/database';
import { basicAuth, useTestApp } from './support/app';

const test = useTestApp('openapi_validating_proxy', { prepare: (database) => seedDatabase(database, { ...SEED, demoData: true }).then(() => undefined) });

const mismatches: string[] = [];
/** Every call that went through the proxy: operation id, whether its request was valid, the status. */
const seen: { operationId: string; requestValid: boolean; status: number }[] = [];
let proxy: Server;
let proxyUrl: string;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parsedBody(contentType: string | undefined, body: Buffer): unknown {
  if (body.length === 0) return undefined;
  if (contentType?.startsWith('application/json')) return JSON.parse(body.toString('utf8')) as unknown;
  if (contentType?.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
  return body.toString('utf8');
}

/** The proxy: validates the request, forwards it as is, validates the answer, sends it back unchanged. */
function startProxy(api: OpenAPIBackend, upstream: string): Promise<string> {
  proxy = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://proxy');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
      const validated = { method: request.method ?? 'GET', path: url.pathname, query: url.search.slice(1), headers, body: parsedBody(request.headers['content-type'], body) };
      const operation = api.matchOperation(validated) as Operation | undefined;
      const requestCheck = operation && api.validateRequest(validated, operation);
      const answer = await fetch(`${upstream}${request.url ?? '/'}`, { method: request.method, headers, body: body.length > 0 ? body : undefined });
      const answerBody = Buffer.from(await answer.arrayBuffer());
      const where = `${request.method} ${url.pathname}${url.search.slice(0, 80)} -> ${answer.status}`;
      if (!operation) {
        if (url.pathname.startsWith('/open-api/') && url.pathname !== '/open-api/openapi.json') mismatches.push(`${where}: no operation of the document`);
      } else {
        const requestValid = requestCheck?.valid ?? false;
        seen.push({ operationId: operation.operationId ?? '', requestValid, status: answer.status });
        // The validator and the server must agree on the request: 400 exactly when it is invalid.
        if (requestValid && answer.status === 400) mismatches.push(`${where}: the document accepts a request the server refuses: ${answerBody.toString('utf8').slice(0, 200)}`);
        if (!requestValid && answer.status !== 400) {
          mismatches.push(`${where}: the document refuses a request the server serves: ${JSON.stringify(requestCheck?.errors)?.slice(0, 300)}`);
        }
        const answerHeaders = Object.fromEntries(answer.headers.entries());
        const bodyCheck = api.validateResponse(JSON.parse(answerBody.toString('utf8')), operation, answer.status);
        if (!bodyCheck.valid) mismatches.push(`${where}: answer not as documented: ${JSON.stringify(bodyCheck.errors)?.slice(0, 400)}`);
        // The values of the documented headers present; openapi-backend takes every documented header
        // for required or none, so the required ones (WWW-Authenticate, Retry-After) are checked here.
        const headerCheck = api.validateResponseHeaders(answerHeaders, operation, { statusCode: answer.status, setMatchType: SetMatchType.Any });
        if (!headerCheck.valid) mismatches.push(`${where}: headers not as documented: ${JSON.stringify(headerCheck.errors)?.slice(0, 300)}`);
        const documented = (operation.responses?.[String(answer.status)] as { headers?: Record<string, { required?: boolean }> } | undefined)?.headers ?? {};
        for (const [name, header] of Object.entries(documented)) {
          if (header.required && !answer.headers.has(name)) mismatches.push(`${where}: required header ${name} missing`);
        }
      }
      response.writeHead(answer.status, Object.fromEntries([...answer.headers.entries()].filter(([name]) => name !== 'content-length' && name !== 'transfer-encoding')));
      response.end(answerBody);
    })().catch((error: unknown) => {
      mismatches.push(`proxy failure on ${request.method} ${request.url}: ${String(error)}`);
      response.writeHead(502).end();
    });
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  const upstream = await test.app.listen({ host: '127.0.0.1', port: 0 });
  const definition = (await (await fetch(`${upstream}/open-api/openapi.json`)).json()) as Document;
  // quick: its own document check knows OpenAPI 3.0 only (it refuses 3.1's type arrays); the
  // document is checked against the 3.1 schema by its own test below.
  const api = new OpenAPIBackend({ definition, strict: true, validate: true, quick: true, customizeAjv: (ajv) => addFormats.default(ajv) });
  await api.init();
  proxyUrl = await startProxy(api, upstream);
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
});

interface Envelope<T = Record<string, unknown>> {
  code: number;
  data: T;
  msg: string;
}

async function call<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, options: { token?: string; query?: Record<string, string>; json?: unknown; basic?: boolean } = {}) {
  const url = `${proxyUrl}${path}${options.query ? `?${new URLSearchParams(options.query).toString()}` : ''}`;
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.basic) headers.authorization = basicAuth();
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method, headers, body: options.json === undefined ? undefined : JSON.stringify(options.json) });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

it("the README's partner walkthrough, through the validating proxy, matches the document", async () => {
  // 1. A token.
  const issued = await call<{ access_token: string }>('POST', '/open-api/system/oauth2/token', { basic: true, query: { grant_type: 'client_credentials' } });
  expect(issued.body.code).toBe(0);
  const token = issued.body.data.access_token;
  const user = 'demo-user-1';

  // 2. Search, then detail.
  const search = await call<{ list: { goodsId: string }[] }>('GET', '/open-api/goods/search', { token, query: { keyword: 'hoodie', page: '1', source: '1' } });
  expect(search.body.data.list.map((goods) => goods.goodsId)).toContain('692787834585');
  const detail = await call<{ skus: { skuId: string }[] }>('GET', '/open-api/goods/detail', { token, query: { goodsId: '692787834585', source: '1' } });
  expect(detail.body.data.skus.map((sku) => sku.skuId)).toContain('4987002');

  // 3. Quote, then create.
  const items = [{ platformChannel: 1, goodsId: '692787834585', skuId: '4987002', qty: 2 }];
  const quote = await call<{ payAmount: number }>('POST', '/open-api/order/purchase/quote', { token, json: { externalUserId: user, items } });
  expect(quote.body.code).toBe(0);
  const order = { outOrderNo: 'shop-1001', externalUserId: user, items, expectedPayAmount: quote.body.data.payAmount };
  const created = await call<{ orderNo: string; paymentId: string; payAmount: number }>('POST', '/open-api/order/purchase/create', { token, json: order });
  expect(created.body.code).toBe(0);
  const { paymentId, payAmount } = created.body.data;

  // 4. Pay from the wallet (and again: a business rejection), then query.
  expect((await call('POST', '/open-api/pay/wallet/pay', { token, json: { externalUserId: user, paymentId, payAmount } })).body.code).toBe(0);
  expect((await call('POST', '/open-api/pay/wallet/pay', { token, json: { externalUserId: user, paymentId, payAmount } })).body.code).toBe(1_030_003_001);
  expect((await call<{ paid: boolean }>('GET', '/open-api/order/purchase/get', { token, query: { outOrderNo: 'shop-1001' } })).body.data.paid).toBe(true);

  // The other operations the README lists: balance, pages, QC, supplements, invoices, payment orders.
  expect((await call('GET', '/open-api/pay/wallet/balance', { token, query: { externalUserId: user } })).body.code).toBe(0);
  expect((await call('GET', '/open-api/pay/wallet/balance', { token, query: { externalUserId: 'nobody-42' } })).body.code).toBe(1_030_001_000);
  const member = await test.core.database.db.member.findFirstOrThrow({ where: { bindings: { some: { externalUserId: user } } } });
  const items_ = await call<{ total: number }>('GET', '/open-api/order/item/page', { token, query: { pageNo: '1', pageSize: '10', memberId: String(member.id) } });
  expect(items_.body.data.total).toBe(1);
  expect((await call('GET', '/open-api/order/bag/page', { token, query: { pageNo: '1', pageSize: '10', unionId: member.unionId } })).body.code).toBe(0);
  expect((await call('GET', '/open-api/goods/qc/page', { token, query: { pageNo: '1', pageSize: '10', goodsId: '692787834585', source: '1' } })).body.code).toBe(0);
  expect((await call('GET', '/open-api/goods/qc/summary', { token, query: { goodsId: '692787834585', source: '1' } })).body.code).toBe(0);
  expect((await call('GET', '/open-api/order/qc/list', { token, query: { orderNo: created.body.data.orderNo } })).body.code).toBe(0);
  expect((await call('GET', '/open-api/order/supplement/list', { token, query: { externalUserId: user } })).body.code).toBe(0);
  const invoices = await call('POST', '/open-api/order/invoice/generate', { token, json: { orderNos: [created.body.data.orderNo], language: 'en' } });
  expect(invoices.body.code).toBe(0);
  const paymentOrder = await call<{ orderNo: string }>('POST', '/open-api/pay/order/create', { token, json: { outOrderNo: 'usd-1001', payAmount: 12.5 } });
  expect(paymentOrder.body.code).toBe(0);
  expect((await call('GET', '/open-api/pay/order/get', { token, query: { orderNo: paymentOrder.body.data.orderNo } })).body.code).toBe(0);
  expect((await call('GET', '/open-api/pay/order/page', { token, query: { pageNo: '1', pageSize: '10' } })).body.code).toBe(0);

  // 5. Revoke.
  expect((await call('POST', '/open-api/system/oauth2/token/revoke', { basic: true, query: { token } })).body.data).toBe(true);

  expect(mismatches).toEqual([]);
  expect(seen).toHaveLength(21);
  expect(seen.filter(({ requestValid }) => !requestValid)).toEqual([]);
}, 120_000);

interface ParameterSchema {
  type?: string;
  maxLength?: number;
  anyOf?: ParameterSchema[];
}

/** The longest string a parameter takes, in any of its forms. */
const maxLengthOf = (schema: ParameterSchema): number | undefined =>
  schema.maxLength ?? Math.max(...(schema.anyOf ?? []).map((branch) => maxLengthOf(branch) ?? -Infinity));

interface DocumentedParameter {
  name: string;
  in: string;
  required?: boolean;
  schema: ParameterSchema;
}
interface DocumentedOperation {
  operationId: string;
  parameters?: DocumentedParameter[];
  requestBody?: { content: Record<string, { schema: { required?: string[]; properties?: Record<string, unknown> } }> };
}

/** One input of `operation` that its document refuses: no required fields, else a query integer that is not one or a string past its bound. */
function wrongInput(operation: DocumentedOperation): { query?: Record<string, string>; json?: unknown } {
  const body = operation.requestBody?.content['application/json']?.schema;
  if (body) return body.required?.length ? { json: {} } : { json: { [Object.keys(body.properties ?? {})[0] ?? 'unknown']: { wrong: 'type' } } };
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  if (query.some((parameter) => parameter.required)) return { query: {} };
  const integer = query.find((parameter) => parameter.schema.type === 'integer');
  if (integer) return { query: { [integer.name]: 'twelve' } };
  const bounded = query.find((parameter) => Number.isFinite(maxLengthOf(parameter.schema)));
  if (!bounded) throw new Error(`${operation.operationId}: no wrong input known for ${JSON.stringify(query)}`);
  return { query: { [bounded.name]: 'x'.repeat((maxLengthOf(bounded.schema) as number) + 1) } };
}

it('one wrong input per operation, through the validating proxy: the document and the server both refuse it', async () => {
  const document = (await test.app.inject('/open-api/openapi.json')).json() as { paths: Record<string, Record<string, DocumentedOperation>> };
  const token = (await call<{ access_token: string }>('POST', '/open-api/system/oauth2/token', { basic: true, query: { grant_type: 'client_credentials' } })).body.data.access_token;
  seen.length = 0;
  const statuses: Record<string, number> = {};
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tokenCall = path.startsWith('/open-api/system/oauth2/');
      // The token calls take their fields in the query or a form: a grant it does not support, a
      // token longer than any. (Leaving the field out is refused by the server, but the document
      // cannot say "in the query or in the body", so it takes both as optional.)
      const tokenInput: { query: Record<string, string> } = { query: path.endsWith('/revoke') ? { token: 'x'.repeat(513) } : { grant_type: 'password' } };
      const input = tokenCall ? tokenInput : wrongInput(operation);
      const answer = await call(method.toUpperCase() as 'GET' | 'POST', path, { token: tokenCall ? undefined : token, basic: tokenCall, ...input });
      statuses[operation.operationId] = answer.status;
    }
  }
  expect(mismatches).toEqual([]);
  // Every operation of the document was tried, each answered 400, and the proxy's validator refused each request.
  expect(Object.keys(statuses).length).toBeGreaterThan(40);
  expect(Object.entries(statuses).filter(([, status]) => status !== 400)).toEqual([]);
  expect(seen.filter(({ requestValid }) => requestValid)).toEqual([]);
}, 120_000);
