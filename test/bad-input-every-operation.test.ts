// Every partner operation the OpenAPI document lists (so a new one is covered the day it is
// added): a malformed JSON body and a body missing every required field are answered 400
// naming the problem, and nothing is written; no parameter at or past its extremes reaches a 500.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { basicAuth, envelope, partnerToken, useTestApp } from './support/app';
import { extremeCases, inlineRefs, type JsonSchema } from './support/extreme-inputs';

const test = useTestApp('bad_input_every_operation');

interface Operation {
  requestBody?: { content?: Record<string, { schema?: { required?: string[] } }> };
}

async function postOperations(): Promise<{ path: string; required: string[] }[]> {
  const document = (await test.app.inject('/open-api/openapi.json')).json() as { paths: Record<string, { post?: Operation }> };
  return Object.entries(document.paths)
    .filter(([path, methods]) => methods.post && !path.startsWith('/open-api/system/oauth2/'))
    .map(([path, methods]) => ({ path, required: methods.post?.requestBody?.content?.['application/json']?.schema?.required ?? [] }));
}

/** Row counts of every table a partner operation writes to. */
async function writtenRows(): Promise<number[]> {
  const db = test.db;
  return Promise.all([
    db.purchaseOrder.count(),
    db.purchaseOrderItem.count(),
    db.payOrder.count(),
    db.walletLedger.count(),
    db.supplementBill.count(),
    db.invoice.count(),
    db.storedFile.count(),
    db.paymentOrder.count(),
    db.paymentOrderLogistics.count(),
  ]);
}

describe('every partner POST operation', () => {
  it('is found in the OpenAPI document (reads and writes alike)', async () => {
    const paths = (await postOperations()).map((operation) => operation.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/open-api/order/purchase/create', '/open-api/pay/wallet/pay', '/open-api/pay/order/create', '/open-api/order/invoice/generate', '/open-api/goods/search']),
    );
    expect(paths.length).toBeGreaterThanOrEqual(23);
  });

  it('answers malformed JSON with 400 and writes nothing', async () => {
    const token = await partnerToken(test.app);
    const before = await writtenRows();
    for (const { path } of await postOperations()) {
      const response = await test.app.inject({ method: 'POST', url: path, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{"externalUserId": "demo-user-1",' });
      expect({ path, status: response.statusCode, msg: envelope(response).msg }).toEqual({ path, status: 400, msg: 'Invalid request: body: malformed JSON' });
    }
    expect(await writtenRows()).toEqual(before);
  });

  it('answers an empty object with 400 naming a required field, and writes nothing', async () => {
    const token = await partnerToken(test.app);
    const before = await writtenRows();
    for (const { path, required } of await postOperations()) {
      if (required.length === 0) continue;
      const response = await test.app.inject({ method: 'POST', url: path, headers: { authorization: `Bearer ${token}` }, payload: {} });
      expect({ path, status: response.statusCode }).toEqual({ path, status: 400 });
      expect(required.some((field) => envelope(response).msg.includes(`${field}: required`)), `${path}: ${envelope(response).msg}`).toBe(true);
    }
    expect(await writtenRows()).toEqual(before);
  });
});

interface DocumentedOperation {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every operation with its input as one object schema: its query parameters, or its JSON body. */
async function operationInputs(): Promise<{ method: string; path: string; input: JsonSchema; inQuery: boolean }[]> {
  const document = (await test.app.inject('/open-api/openapi.json')).json() as { paths: Record<string, Record<string, DocumentedOperation>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (body) return { method, path, input: inlineRefs(body, document) as JsonSchema, inQuery: false };
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      const input: JsonSchema = {
        type: 'object',
        properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
        required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      };
      return { method, path, input, inQuery: true };
    }),
  );
}

function queryString(input: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    for (const entry of Array.isArray(value) ? value : [value]) search.append(name, typeof entry === 'object' ? JSON.stringify(entry) : String(entry));
  }
  return search.toString();
}

describe('every partner operation at the extremes of its parameters', () => {
  it('never answers 500, and writes nothing when it refuses', async () => {
    const token = await partnerToken(test.app);
    const answers: { where: string; status: number; code: number }[] = [];
    let cases = 0;
    const changedOnRefusal: string[] = [];
    for (const { method, path, input, inQuery } of await operationInputs()) {
      const authorization = path.startsWith('/open-api/system/oauth2/token') && !path.endsWith('/revoke') ? basicAuth() : `Bearer ${token}`;
      for (const { field, value, input: values } of extremeCases(input)) {
        const before = await writtenRows();
        const response = await test.app.inject({
          method: method.toUpperCase() as 'GET' | 'POST',
          url: inQuery ? `${path}?${queryString(values)}` : path,
          headers: { authorization },
          ...(inQuery ? {} : { payload: values }),
        });
        cases += 1;
        const where = `${method} ${path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`;
        const code = response.statusCode === 200 ? envelope(response).code : response.statusCode;
        answers.push({ where, status: response.statusCode, code });
        if (code !== 0 && !isDeepStrictEqual(await writtenRows(), before)) changedOnRefusal.push(where);
      }
    }
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(changedOnRefusal).toEqual([]);
    // Every operation took part, each field with several extremes.
    expect(cases).toBeGreaterThan(600);
  }, 300_000);
});
