// Every partner operation the OpenAPI document lists (so a new one is covered the day it is
// added): a malformed JSON body and a body missing every required field are answered 400
// naming the problem, and nothing is written.
import { describe, expect, it } from 'vitest';
import { envelope, partnerToken, useTestApp } from './support/app';

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
