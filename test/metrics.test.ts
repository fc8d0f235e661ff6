// GET /metrics: the Prometheus text format with request counts and latency per route pattern and
// status, database operation timings, process metrics and the business counters; METRICS_TOKEN
// guards it; the OpenAPI document does not show it.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { createTestApp, envelope, partnerToken, postJson, requestToken, useTestApp } from './support/app';
import { createBoundMember, createCatalogGoods } from './support/commerce-fixtures';

const test = useTestApp('metrics');

async function scrape(app: FastifyInstance, headers: Record<string, string> = {}): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return response.body;
}

/** The value of one series (0 when it is not there yet); labels in any order. */
function sample(text: string, name: string, labels: Record<string, string | number> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2] ? match[2].split(/,(?=[a-z_]+=")/) : [];
    if (present.length === wanted.length && wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return 0;
}

const TOKEN_ROUTE = { method: 'POST', route: '/open-api/system/oauth2/token', status_code: 200 };

describe('GET /metrics', () => {
  it('counts requests and their latency per route pattern and status, never per raw URL', async () => {
    const token = await partnerToken(test.app);
    const before = await scrape(test.app);
    await requestToken(test.app);
    await requestToken(test.app);
    const missing = `/no/such/page-${Date.now()}`;
    expect((await test.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
    const fileKey = 'k'.repeat(43);
    expect((await test.app.inject({ method: 'GET', url: `/files/${fileKey}` })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: '/open-api/pay/wallet/balance?externalUserId=nobody', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    const after = await scrape(test.app);

    expect(sample(after, 'http_requests_total', TOKEN_ROUTE) - sample(before, 'http_requests_total', TOKEN_ROUTE)).toBe(2);
    expect(sample(after, 'http_request_duration_seconds_count', TOKEN_ROUTE) - sample(before, 'http_request_duration_seconds_count', TOKEN_ROUTE)).toBe(2);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...TOKEN_ROUTE, le: '+Inf' }) - sample(before, 'http_request_duration_seconds_bucket', { ...TOKEN_ROUTE, le: '+Inf' })).toBe(2);
    const unmatched = { method: 'GET', route: '(unmatched)', status_code: 404 };
    expect(sample(after, 'http_requests_total', unmatched) - sample(before, 'http_requests_total', unmatched)).toBe(1);
    const files = { method: 'GET', route: '/files/:key', status_code: 404 };
    expect(sample(after, 'http_requests_total', files) - sample(before, 'http_requests_total', files)).toBe(1);
    expect(after).not.toContain(missing);
    expect(after).not.toContain(fileKey);
    expect(after).not.toContain('nobody');
  });

  it('times database operations by model and operation', async () => {
    const series = { model: 'OAuth2AccessToken', operation: 'create' };
    const before = await scrape(test.app);
    await requestToken(test.app);
    const after = await scrape(test.app);
    expect(sample(after, 'db_query_duration_seconds_count', series) - sample(before, 'db_query_duration_seconds_count', series)).toBe(1);
    expect(sample(after, 'db_query_duration_seconds_sum', series)).toBeGreaterThan(sample(before, 'db_query_duration_seconds_sum', series));
  });

  it('has the process metrics', async () => {
    const text = await scrape(test.app);
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('counts tokens issued, orders created, wallet pays and refusals by face and code', async () => {
    const token = await partnerToken(test.app);
    const member = await createBoundMember(test.db, { balance: 100_000 });
    const goods = await createCatalogGoods(test.db, { skus: [{ price: 1_000, stock: 10 }] });
    const before = await scrape(test.app);

    expect(envelope(await requestToken(test.app)).code).toBe(0);
    expect(envelope(await requestToken(test.app, { authorization: `Basic ${Buffer.from('demo-partner:wrong-secret-000000').toString('base64')}` })).code).toBe(401);
    const created = envelope<{ paymentId: string; payAmount: number }>(
      await postJson(test.app, token, '/open-api/order/purchase/create', {
        outOrderNo: `metrics-${Date.now()}`,
        externalUserId: member.externalUserId,
        items: [{ platformChannel: goods.source, goodsId: goods.goodsId, skuId: goods.skuIds[0], qty: 1 }],
      }),
    );
    expect(created.code).toBe(0);
    const wrongAmount = envelope(await postJson(test.app, token, '/open-api/pay/wallet/pay', { externalUserId: member.externalUserId, paymentId: created.data.paymentId, payAmount: created.data.payAmount + 1 }));
    expect(wrongAmount.code).not.toBe(0);
    const paid = envelope(await postJson(test.app, token, '/open-api/pay/wallet/pay', { externalUserId: member.externalUserId, paymentId: created.data.paymentId, payAmount: created.data.payAmount }));
    expect(paid.code).toBe(0);
    const graphqlRefused = await test.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: { query: '{ me { user { id } } }' } });
    const graphqlCode = graphqlRefused.json().errors[0].extensions.code as number;
    expect(typeof graphqlCode).toBe('number');
    const trpcRefused = await test.app.inject({ method: 'GET', url: '/trpc/member.get?input=%7B%7D' });
    expect(trpcRefused.statusCode).toBe(401);
    const after = await scrape(test.app);

    const delta = (name: string, labels: Record<string, string | number> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('openbuy_partner_tokens_issued_total')).toBe(1);
    expect(delta('openbuy_orders_created_total')).toBe(1);
    expect(delta('openbuy_wallet_pays_total')).toBe(1);
    expect(delta('openbuy_refusals_total', { face: 'rest', code: 401 })).toBe(1);
    expect(delta('openbuy_refusals_total', { face: 'rest', code: wrongAmount.code })).toBe(1);
    expect(delta('openbuy_refusals_total', { face: 'graphql', code: graphqlCode })).toBe(1);
    expect(delta('openbuy_refusals_total', { face: 'trpc', code: ErrorCatalogue.UNAUTHORIZED.code })).toBe(1);
  });

  it('is not in the OpenAPI document', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/open-api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).length).toBeGreaterThan(10);
    expect(Object.keys(document.paths).filter((path) => path.includes('metrics'))).toEqual([]);
  });
});

describe('METRICS_TOKEN', () => {
  it('refuses a token shorter than 16 characters, naming the variable', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'fifteen-chars-x' })).toThrow(/METRICS_TOKEN:/);
    expect(loadConfig({ METRICS_TOKEN: 'sixteen-chars-xy' }).METRICS_TOKEN).toBe('sixteen-chars-xy');
  });

  it('requires Authorization: Bearer <METRICS_TOKEN> when set', async () => {
    const secret = 'metrics-scrape-token-0123456789';
    const guarded = await createTestApp({ database: test.database, env: { METRICS_TOKEN: secret } });
    try {
      for (const authorization of [undefined, `Bearer ${secret}x`, `Bearer ${secret.slice(0, -1)}`, secret, `Basic ${secret}`]) {
        const refused = await guarded.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(refused.statusCode).toBe(401);
        expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(refused.json()).toMatchObject({ code: ErrorCatalogue.UNAUTHORIZED.code });
        expect(refused.body).not.toContain('http_requests_total');
      }
      expect(await scrape(guarded.app, { authorization: `Bearer ${secret}` })).toContain('# TYPE http_requests_total counter');
    } finally {
      await guarded.close();
    }
  });
});
