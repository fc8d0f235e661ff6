// Goods served over the network: the HTTP provider against a local stub of the upstream
// goods-data service (routing by configuration, API key, time-out, error statuses, malformed
// answers), and parse-link following short links. Black-box through the real app.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { GoodsService } from '../src/core/goods/goods-service';
import { envelope, getQuery, partnerToken, useTestApp } from './support/app';
import { catalogGoods, uniqueWord } from './support/goods';
import { useStubServer } from './support/stub-server';

const API_KEY = 'upstream-key-0123';
const TIMEOUT_MS = 300;
/** Longer than any time-out here, shorter than vitest's own. */
const SLOW_ANSWER_MS = 5_000;

interface SeenRequest {
  path: string;
  query: URLSearchParams;
  apiKey: string | undefined;
}

const seen: SeenRequest[] = [];

const summary = (goodsId: string, extra: Record<string, unknown> = {}) => ({
  goodsId,
  title: `Upstream goods ${goodsId}`,
  image: `https://img.upstream.example/${goodsId}.jpg`,
  price: 12900,
  sales: 40,
  shopName: 'Upstream shop',
  detailUrl: `https://item.taobao.com/item.htm?id=${goodsId}`,
  ...extra,
});

const detail = (goodsId: string) => ({
  goodsId,
  title: `Upstream goods ${goodsId}`,
  images: [`https://img.upstream.example/${goodsId}.jpg`],
  price: 99999,
  skus: [
    { skuId: `${goodsId}-1`, props: { Color: 'Red' }, price: 5990, stock: 3 },
    { skuId: `${goodsId}-2`, props: { Color: 'Blue' }, price: 4990, stock: 0 },
  ],
  shopName: 'Upstream shop',
});

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** How the stub answers, by the keyword of a search or the goodsId of a detail. */
const BEHAVIOURS: Record<string, (response: ServerResponse, query: URLSearchParams) => void> = {
  ok: (response, query) => json(response, 200, { total: 41, list: [summary('700001'), summary('700002', { image: null, sales: undefined, detailUrl: undefined })], page: query.get('page') }),
  slow: (response) => {
    const timer = setTimeout(() => json(response, 200, { total: 0, list: [] }), SLOW_ANSWER_MS);
    response.on('close', () => clearTimeout(timer));
  },
  boom: (response) => json(response, 503, { error: 'maintenance' }),
  moved: (response) => response.writeHead(302, { location: 'https://elsewhere.example/' }).end(),
  badjson: (response) => json(response, 200, '{"total": 1, "list": ['),
  badshape: (response) => json(response, 200, { total: 'many', list: [] }),
  negative: (response) => json(response, 200, { total: 1, list: [summary('700003', { price: -1 })] }),
  '700404': (response) => json(response, 404, { error: 'no such goods' }),
  '700777': (response) => json(response, 200, detail('700777')),
  '700778': (response) => json(response, 200, detail('999999')),
};

// The stub starts before the app (whose settings name its port) and stops after it.
const stub = useStubServer((request, response) => {
  const url = new URL(request.url ?? '/', stub.base);
  const apiKey = request.headers['x-api-key'];
  seen.push({ path: url.pathname, query: url.searchParams, apiKey: typeof apiKey === 'string' ? apiKey : undefined });
  if (apiKey !== API_KEY) return json(response, 401, { error: 'bad key' });
  if (url.pathname === '/v1/image-search') return BEHAVIOURS.ok?.(response, url.searchParams);
  const behaviour = BEHAVIOURS[url.searchParams.get(url.pathname === '/v1/detail' ? 'goodsId' : 'keyword') ?? ''];
  if (url.pathname.startsWith('/v1/') && behaviour) return behaviour(response, url.searchParams);
  json(response, 404, {});
});

const test = useTestApp('goods_upstream', {
  env: () => ({
    GOODS_HTTP_URL: `${stub.base}/v1`,
    GOODS_HTTP_API_KEY: API_KEY,
    GOODS_HTTP_TIMEOUT_MS: String(TIMEOUT_MS),
    GOODS_HTTP_SOURCES: '1, weidian',
  }),
});
let token: string;

beforeAll(async () => {
  token = await partnerToken(test.app);
});

const get = (url: string, query: Record<string, string | number>) => getQuery(test.app, token, `/open-api/goods/${url}`, query);

function lastSeen(): SeenRequest {
  return seen.at(-1) as SeenRequest;
}

describe('HTTP provider', () => {
  it('serves the configured sources from upstream: search with key, paging and sort passed on', async () => {
    const response = await get('search', { keyword: 'ok', page: 3, source: 1, sort: 'price-desc' });
    const body = envelope<{ list: unknown[]; total: number }>(response);
    expect(body.code).toBe(0);
    expect(body.data).toEqual({
      total: 41,
      list: [
        { ...summary('700001'), source: 1 },
        { ...summary('700002'), image: null, sales: 0, source: 1, detailUrl: 'https://item.taobao.com/item.htm?id=700002' },
      ],
    });
    const request = lastSeen();
    expect(request.path).toBe('/v1/search');
    expect(request.apiKey).toBe(API_KEY);
    expect(Object.fromEntries(request.query)).toEqual({ source: '1', keyword: 'ok', page: '3', pageSize: '20', sort: 'price-desc' });
  });

  it('serves image search and detail from upstream, the price being the lowest SKU price', async () => {
    const image = envelope<{ total: number }>(await get('image-search', { imagesUrl: 'https://img.example.com/a.jpg?w=1', page: 1, source: 3 }));
    expect(image).toMatchObject({ code: 0, data: { total: 41 } });
    expect(Object.fromEntries(lastSeen().query)).toEqual({ source: '3', imageUrl: 'https://img.example.com/a.jpg?w=1', page: '1', pageSize: '20' });

    const goods = envelope(await get('detail', { goodsId: '700777', source: 1 }));
    expect(goods).toMatchObject({
      code: 0,
      data: {
        goodsId: '700777',
        source: 1,
        price: 4990,
        skus: [
          { skuId: '700777-1', props: { Color: 'Red' }, price: 5990, stock: 3 },
          { skuId: '700777-2', props: { Color: 'Blue' }, price: 4990, stock: 0 },
        ],
        detailUrl: 'https://item.taobao.com/item.htm?id=700777',
      },
    });
  });

  it('answers GOODS_NOT_FOUND when upstream answers 404', async () => {
    expect(envelope(await get('detail', { goodsId: '700404', source: 3 })).code).toBe(ErrorCatalogue.GOODS_NOT_FOUND.code);
  });

  it('leaves the other sources to the catalog', async () => {
    const word = uniqueWord();
    await catalogGoods(test.db, { source: 2, title: `${word} catalog` });
    await catalogGoods(test.db, { source: 1, title: `${word} catalog` });
    const before = seen.length;
    const body = envelope<{ total: number }>(await get('search', { keyword: word, page: 1, source: 2 }));
    expect(body).toMatchObject({ code: 0, data: { total: 1 } });
    expect(seen.length).toBe(before);
    // Source 1 goes upstream, where this keyword is unknown (404): the catalog's goods are not consulted.
    expect(envelope(await get('search', { keyword: word, page: 1, source: 1 })).code).toBe(ErrorCatalogue.GOODS_PROVIDER_FAILED.code);
  });

  it('answers GOODS_PROVIDER_TIMEOUT, promptly, when upstream is too slow', async () => {
    const started = Date.now();
    const response = await get('search', { keyword: 'slow', page: 1, source: 1 });
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({ code: ErrorCatalogue.GOODS_PROVIDER_TIMEOUT.code, data: null });
    expect(envelope(response).msg).toContain(`${TIMEOUT_MS} ms`);
    expect(Date.now() - started).toBeLessThan(SLOW_ANSWER_MS);
  });

  it.each([
    ['a 5xx', { keyword: 'boom' }, ErrorCatalogue.GOODS_PROVIDER_FAILED, 'HTTP 503'],
    ['a redirect', { keyword: 'moved' }, ErrorCatalogue.GOODS_PROVIDER_FAILED, 'HTTP 302'],
    ['bad JSON', { keyword: 'badjson' }, ErrorCatalogue.GOODS_PROVIDER_BAD_RESPONSE, 'not JSON'],
    ['a wrong shape', { keyword: 'badshape' }, ErrorCatalogue.GOODS_PROVIDER_BAD_RESPONSE, 'total'],
    ['a negative price', { keyword: 'negative' }, ErrorCatalogue.GOODS_PROVIDER_BAD_RESPONSE, 'list.0.price'],
  ])('turns %s into a business error', async (_case, query, error, detail) => {
    const response = await get('search', { ...query, page: 1, source: 1 });
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({ code: error.code, data: null });
    expect(envelope(response).msg).toContain(detail);
  });

  it('refuses a detail of other goods than asked for', async () => {
    const body = envelope(await get('detail', { goodsId: '700778', source: 1 }));
    expect(body.code).toBe(ErrorCatalogue.GOODS_PROVIDER_BAD_RESPONSE.code);
  });

  it('answers GOODS_PROVIDER_FAILED when upstream is unreachable or refuses the key', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = new GoodsService(test.db, test.core.bus, {
      http: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: API_KEY, timeoutMs: TIMEOUT_MS, sources: [1] },
      linkResolution: { timeoutMs: TIMEOUT_MS, maxHops: 1 },
    });
    const wrongKey = new GoodsService(test.db, test.core.bus, {
      http: { baseUrl: `${stub.base}/v1/`, apiKey: 'wrong', timeoutMs: TIMEOUT_MS, sources: [1] },
      linkResolution: { timeoutMs: TIMEOUT_MS, maxHops: 1 },
    });
    const original = test.core.goods;
    try {
      test.core.goods = unreachable;
      const down = envelope(await get('search', { keyword: 'ok', page: 1, source: 1 }));
      expect(down).toMatchObject({ code: ErrorCatalogue.GOODS_PROVIDER_FAILED.code });
      expect(down.msg).toContain('unreachable');
      test.core.goods = wrongKey;
      const refused = envelope(await get('search', { keyword: 'ok', page: 1, source: 1 }));
      expect(refused.msg).toContain('HTTP 401');
      expect(lastSeen().apiKey).toBe('wrong');
    } finally {
      test.core.goods = original;
    }
  });
});

describe('goods configuration', () => {
  it('reads the upstream settings with their defaults', () => {
    const config = loadConfig({ GOODS_HTTP_URL: 'https://goods.example/v1', GOODS_HTTP_SOURCES: 'taobao,1688' });
    expect(config).toMatchObject({ GOODS_HTTP_TIMEOUT_MS: 5000, GOODS_HTTP_SOURCES: [1, 2], GOODS_LINK_TIMEOUT_MS: 5000, GOODS_LINK_MAX_HOPS: 5 });
    expect(loadConfig({}).GOODS_HTTP_SOURCES).toEqual([]);
  });

  it.each([
    [{ GOODS_HTTP_SOURCES: '1' }, 'GOODS_HTTP_SOURCES: needs GOODS_HTTP_URL'],
    [{ GOODS_HTTP_URL: 'https://goods.example', GOODS_HTTP_SOURCES: '1,amazon' }, 'GOODS_HTTP_SOURCES: unknown goods sources: amazon'],
    [{ GOODS_HTTP_URL: 'ftp://goods.example' }, 'GOODS_HTTP_URL'],
    [{ GOODS_HTTP_TIMEOUT_MS: '0' }, 'GOODS_HTTP_TIMEOUT_MS'],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('parse-link with short links', () => {
  const ITEM_URL = 'https://item.taobao.com/item.htm?id=675330231400';
  const ROUTES: Record<string, (response: ServerResponse) => void> = {
    '/h.item': (response) => response.writeHead(302, { location: ITEM_URL }).end(),
    '/h.two': (response) => response.writeHead(302, { location: '/h.one' }).end(),
    '/h.one': (response) => response.writeHead(302, { location: '/h.item' }).end(),
    '/h.plain': (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>no goods here</p>'),
    '/h.slow': (response) => {
      const timer = setTimeout(() => response.end(), SLOW_ANSWER_MS);
      response.on('close', () => clearTimeout(timer));
    },
  };
  const shortLinks = useStubServer((request, response) => {
    const route = ROUTES[new URL(request.url ?? '/', 'http://localhost').pathname];
    if (route) route(response);
    else response.writeHead(404).end();
  });
  let original: GoodsService;

  beforeAll(async () => {
    original = test.core.goods;
    // m.tb.cn, as served by the local server: the only change to the app is where requests go.
    const localFetch: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input);
      return fetch(`${shortLinks.base}${url.pathname}${url.search}`, init);
    };
    test.core.goods = new GoodsService(test.db, test.core.bus, { linkResolution: { timeoutMs: TIMEOUT_MS, maxHops: 1 }, fetchImpl: localFetch });
  });

  afterAll(async () => {
    test.core.goods = original;
  });

  it('follows a short link to the goods and appends rno', async () => {
    const body = envelope(await get('parse-link', { searchUrl: '【淘宝】https://m.tb.cn/h.item?tk=abc 「Nike」', rno: 'R9' }));
    expect(body).toMatchObject({ code: 0, data: { goodsId: '675330231400', goodsSource: 1, targetGoodsDetailUrl: `${ITEM_URL}&rno=R9` } });
  });

  it.each([
    ['more redirects than the hop limit', '/h.two', 'too_many_hops', ErrorCatalogue.GOODS_LINK_RESOLVE_FAILED],
    ['a slow host', '/h.slow', 'timeout', ErrorCatalogue.GOODS_LINK_RESOLVE_FAILED],
    ['a 404', '/h.missing', 'http_error', ErrorCatalogue.GOODS_LINK_RESOLVE_FAILED],
    ['a landing page without goods', '/h.plain', '', ErrorCatalogue.GOODS_LINK_UNPARSEABLE],
  ])('answers a business error for %s', async (_case, path, reason, error) => {
    const response = await get('parse-link', { searchUrl: `https://m.tb.cn${path}` });
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({ code: error.code, data: null });
    expect(envelope(response).msg).toContain(reason);
  });
});
