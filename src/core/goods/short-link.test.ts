import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useStubServer } from '../../../test/support/stub-server';
import {
  ShortLinkError,
  isShortLinkHost,
  parseGoodsLinkFollowingRedirects,
  resolveShortLink,
  type ShortLinkFailureReason,
} from './short-link';

const ITEM_URL = 'https://item.taobao.com/item.htm?id=675330231400';
const ITEM = { goodsId: '675330231400', goodsSource: 1 };
/** Longer than any test's time-out, shorter than vitest's own. */
const SLOW_ROUTE_DELAY_MS = 5_000;

/** Taobao's m.tb.cn answers 200 with a page whose script holds the item URL (slashes escaped, `&amp;`). */
const TAOBAO_LANDING_PAGE = `<!DOCTYPE html><html><head><title>淘宝</title>
<script>var url = '${ITEM_URL.replaceAll('/', '\\/')}&amp;sourceType=item&amp;ttid=201200@taobao_iphone';
</script></head><body>${'<p>filler</p>'.repeat(200)}</body></html>`;

function redirect(response: ServerResponse, status: number, location: string): void {
  response.writeHead(status, { location }).end();
}

const ROUTES: Record<string, (response: ServerResponse) => void> = {
  '/start': (response) => redirect(response, 302, `${stub.base}/middle`),
  '/middle': (response) => redirect(response, 301, 'end?from=middle'),
  '/end': (response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('done'),
  '/loop': (response) => redirect(response, 307, '/loop'),
  '/h.landing': (response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(TAOBAO_LANDING_PAGE),
  '/h.plain': (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>nothing here</p>'),
  '/h.item': (response) => redirect(response, 302, ITEM_URL),
  '/h.chain': (response) => redirect(response, 302, '/h.landing'),
  '/missing': (response) => response.writeHead(404).end(),
  '/no-location': (response) => response.writeHead(302).end(),
  '/to-app': (response) => redirect(response, 302, 'tbopen://m.taobao.com/tbopen/index.html'),
  '/slow': (response) => {
    const timer = setTimeout(() => response.end('late'), SLOW_ROUTE_DELAY_MS);
    response.on('close', () => clearTimeout(timer));
  },
};

const stub = useStubServer((request, response) => {
  const path = new URL(request.url ?? '/', stub.base).pathname;
  const route = ROUTES[path];
  if (route) route(response);
  else response.writeHead(404).end();
});

const options = { timeoutMs: 2_000, maxHops: 5 };

async function failureOf(promise: Promise<unknown>): Promise<ShortLinkFailureReason> {
  const error: unknown = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(ShortLinkError);
  return (error as ShortLinkError).reason;
}

/** A fetch that serves every host from the local server, as if it were m.tb.cn. */
function servedLocally(hosts: string[]): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    hosts.push(url.host);
    return fetch(`${stub.base}${url.pathname}${url.search}`, init);
  };
}

describe('resolveShortLink', () => {
  it('follows absolute and relative redirects to the final URL', async () => {
    await expect(resolveShortLink(`${stub.base}/start`, options)).resolves.toBe(`${stub.base}/end?from=middle`);
  });

  it('returns a URL that does not redirect unchanged', async () => {
    await expect(resolveShortLink(`${stub.base}/end`, options)).resolves.toBe(`${stub.base}/end`);
  });

  it('fails a redirect loop with too_many_hops', async () => {
    expect(await failureOf(resolveShortLink(`${stub.base}/loop`, options))).toBe('too_many_hops');
  });

  it('counts hops: two redirects exceed maxHops 1', async () => {
    expect(await failureOf(resolveShortLink(`${stub.base}/start`, { ...options, maxHops: 1 }))).toBe('too_many_hops');
    await expect(resolveShortLink(`${stub.base}/start`, { ...options, maxHops: 2 })).resolves.toBe(`${stub.base}/end?from=middle`);
  });

  it('fails a slow answer with timeout, promptly', async () => {
    const started = Date.now();
    expect(await failureOf(resolveShortLink(`${stub.base}/slow`, { ...options, timeoutMs: 100 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(SLOW_ROUTE_DELAY_MS);
  });

  it.each([
    ['a 404 answer', '/missing', 'http_error'],
    ['a redirect without Location', '/no-location', 'http_error'],
    ['a redirect to an app scheme', '/to-app', 'bad_url'],
  ] as const)('fails %s', async (_case, path, reason) => {
    expect(await failureOf(resolveShortLink(`${stub.base}${path}`, options))).toBe(reason);
  });

  it('fails an unreachable host with http_error', async () => {
    const refusing = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    expect(await failureOf(resolveShortLink('https://m.tb.cn/h.x', { ...options, fetchImpl: refusing }))).toBe(
      'http_error',
    );
  });

  it.each(['ftp://example.com/x', 'javascript:alert(1)', ''])('refuses %j as bad_url', async (url) => {
    expect(await failureOf(resolveShortLink(url, options))).toBe('bad_url');
  });
});

describe('isShortLinkHost', () => {
  it.each([
    ['https://m.tb.cn/h.5abcDEF?tk=xyz', true],
    ['https://e.tb.cn/h.5abcDEF', true],
    ['s.click.taobao.com/t?e=m%3D2', true],
    ['https://qr.1688.com/s/abc', true],
    ['https://k.youshop10.com/Bb8QW4p7', true],
    ['https://bit.ly/3xyz', true],
    ['http://t.cn/A6abc', true],
    ['https://pandabuy.page.link/abc', true],
    ['https://item.taobao.com/item.htm?id=1', false],
    ['https://notbit.ly/x', false],
    ['not a link at all', false],
  ])('%s → %s', (url, expected) => {
    expect(isShortLinkHost(url)).toBe(expected);
  });
});

describe('parseGoodsLinkFollowingRedirects', () => {
  it('parses a direct link without any request', async () => {
    const failing = (() => Promise.reject(new Error('no request expected'))) as typeof fetch;
    await expect(parseGoodsLinkFollowingRedirects(ITEM_URL, { ...options, fetchImpl: failing })).resolves.toEqual(ITEM);
  });

  it('does not request hosts that are not short-link hosts', async () => {
    const hosts: string[] = [];
    const result = await parseGoodsLinkFollowingRedirects(`${stub.base}/h.item`, { ...options, fetchImpl: servedLocally(hosts) });
    expect(result).toBeNull();
    expect(hosts).toEqual([]);
  });

  it('stops at the redirect to the item page without requesting the marketplace', async () => {
    const hosts: string[] = [];
    const result = await parseGoodsLinkFollowingRedirects('https://m.tb.cn/h.item?tk=abc', {
      ...options,
      fetchImpl: servedLocally(hosts),
    });
    expect(result).toEqual(ITEM);
    expect(hosts).toEqual(['m.tb.cn']);
  });

  it('finds the item URL in the HTML of a landing page', async () => {
    const hosts: string[] = [];
    const result = await parseGoodsLinkFollowingRedirects('https://m.tb.cn/h.chain', {
      ...options,
      fetchImpl: servedLocally(hosts),
    });
    expect(result).toEqual(ITEM);
    expect(hosts).toEqual(['m.tb.cn', 'm.tb.cn']);
  });

  it('finds the short link inside pasted share text', async () => {
    const shareText = '【淘宝】https://m.tb.cn/h.landing?tk=abc CZ0001 「连帽卫衣」点击链接直接打开';
    await expect(
      parseGoodsLinkFollowingRedirects(shareText, { ...options, fetchImpl: servedLocally([]) }),
    ).resolves.toEqual(ITEM);
  });

  it('returns null for a landing page without an item URL', async () => {
    await expect(
      parseGoodsLinkFollowingRedirects('https://m.tb.cn/h.plain', { ...options, fetchImpl: servedLocally([]) }),
    ).resolves.toBeNull();
  });

  it('reports failures of the walk', async () => {
    const fetchImpl = servedLocally([]);
    expect(await failureOf(parseGoodsLinkFollowingRedirects('https://m.tb.cn/loop', { ...options, fetchImpl }))).toBe(
      'too_many_hops',
    );
    expect(
      await failureOf(parseGoodsLinkFollowingRedirects('https://m.tb.cn/slow', { ...options, timeoutMs: 100, fetchImpl })),
    ).toBe('timeout');
  });
});
