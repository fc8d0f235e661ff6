// What browsers get: CORS on /graphql and /trpc for the listed origins only, security headers on every
// kind of route, and HTML pages (docs UI, GraphQL explorer, checkout) that work under their own
// Content-Security-Policy with every asset served here and nothing from another origin.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { RequestContext } from '../src/core/request-context';
import { createTestApp, partnerToken, useTestApp } from './support/app';
import { createPaymentOrder, PAYMENT_TEST_ENV } from './support/payment-orders';

const CONSOLE_ORIGIN = 'https://console.example.com';
const OTHER_CONSOLE_ORIGIN = 'http://localhost:5173';
const test = useTestApp('browser_security', { env: { ...PAYMENT_TEST_ENV, CORS_ORIGINS: `${CONSOLE_ORIGIN}, ${OTHER_CONSOLE_ORIGIN}` } });

/** What every JSON answer carries: the OWASP REST Security Cheat Sheet's set for an API, and no more. */
const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
/** What an HTML page carries besides (helmet's set); its Content-Security-Policy and caching are the page's own. */
const PAGE_ONLY_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function preflight(app: FastifyInstance, url: string, origin: string) {
  return app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });
}

describe('CORS (CORS_ORIGINS)', () => {
  it.each(['/graphql', '/trpc/member.get'])('a listed origin passes the preflight of %s and reads the answer', async (url) => {
    for (const origin of [CONSOLE_ORIGIN, OTHER_CONSOLE_ORIGIN]) {
      const response = await preflight(test.app, url, origin);
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(response.headers['access-control-allow-methods']).toBe('GET, POST');
      expect(response.headers['access-control-allow-headers']).toBe('authorization, content-type');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers.vary).toContain('Origin');
    }
    const actual = await test.app.inject({ method: 'POST', url, headers: { origin: CONSOLE_ORIGIN, 'content-type': 'application/json' }, payload: { query: '{ __typename }' } });
    expect(actual.headers['access-control-allow-origin']).toBe(CONSOLE_ORIGIN);
    expect(actual.headers['access-control-expose-headers']).toBe('x-request-id');
  });

  it.each(['/graphql', '/trpc/member.get'])('an unlisted origin gets no Access-Control-Allow-Origin on %s', async (url) => {
    for (const origin of ['https://evil.example.com', 'https://console.example.com.evil.example', 'null']) {
      const pre = await preflight(test.app, url, origin);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-methods']).toBeUndefined();
      const actual = await test.app.inject({ method: 'POST', url, headers: { origin, 'content-type': 'application/json' }, payload: { query: '{ __typename }' } });
      expect(actual.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('gives a listed origin nothing outside /graphql and /trpc', async () => {
    for (const url of ['/open-api/system/oauth2/token', '/healthz', '/files/x', '/graphqlx', '/trpcx']) {
      const pre = await preflight(test.app, url, CONSOLE_ORIGIN);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const actual = await test.app.inject({ method: 'GET', url, headers: { origin: CONSOLE_ORIGIN } });
      expect(actual.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('allows no origin by default', async () => {
    const closed = await createTestApp({ database: test.database });
    try {
      const pre = await preflight(closed.app, '/graphql', CONSOLE_ORIGIN);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await closed.close();
    }
  });

  it('refuses a setting that is not a list of origins, naming the variable', () => {
    for (const value of ['*', 'https://console.example.com/', 'console.example.com', 'https://a.example.com/path']) {
      expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS: not an origin/);
    }
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example.com , http://localhost:5173 ' }).CORS_ORIGINS).toEqual(['https://a.example.com', 'http://localhost:5173']);
  });
});

/** The headers every answer carries, page, file or JSON. */
function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(headers['x-powered-by']).toBeUndefined();
}

const pick = (headers: Record<string, unknown>, names: Record<string, string>) => Object.fromEntries(Object.keys(names).map((name) => [name, headers[name]]));

/**
 * The set an answer must carry, chosen by what it is: an HTML page helmet's full set, a JSON (or
 * plain text) answer the API set exactly (none of the page-only headers, which each answer would pay
 * for); scripts and styles the common headers.
 */
function expectSecurityHeadersOf(answer: { headers: Record<string, unknown> }, url: string) {
  const { headers } = answer;
  expectCommonHeaders(headers);
  const contentType = String(headers['content-type']);
  if (contentType.startsWith('text/html')) {
    expect(pick(headers, PAGE_ONLY_HEADERS), url).toEqual(PAGE_ONLY_HEADERS);
  } else if (contentType.includes('json') || contentType.startsWith('text/plain')) {
    expect(pick(headers, API_HEADERS), url).toEqual(API_HEADERS);
    expect(pick(headers, PAGE_ONLY_HEADERS), url).toEqual(Object.fromEntries(Object.keys(PAGE_ONLY_HEADERS).map((name) => [name, undefined])));
  }
}

describe('security headers per kind of answer', () => {
  it('sets the API set on JSON answers of every face, errors included', async () => {
    const token = await partnerToken(test.app);
    const requests = [
      { method: 'GET', url: '/healthz' },
      { method: 'GET', url: '/readyz' },
      { method: 'GET', url: '/metrics' },
      { method: 'GET', url: '/open-api/goods/page', headers: { authorization: `Bearer ${token}` } },
      { method: 'GET', url: '/open-api/goods/page' },
      { method: 'POST', url: '/open-api/system/oauth2/token?grant_type=client_credentials' },
      { method: 'POST', url: '/open-api/system/oauth2/token/revoke' },
      { method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: { query: '{ __typename }' } },
      { method: 'GET', url: '/graphql?query=%7B__typename%7D', headers: { accept: 'application/json', 'apollo-require-preflight': 'true' } },
      { method: 'GET', url: '/trpc/member.get' },
      { method: 'GET', url: '/no-such-route' },
      { method: 'GET', url: '/open-api/openapi.json' },
    ] as const;
    for (const request of requests) {
      const answer = await test.app.inject(request);
      expect(answer.headers['content-type'], request.url).toContain(request.url === '/metrics' ? 'text/plain' : 'application/json');
      expectSecurityHeadersOf(answer, request.url);
    }
  });

  it('lets partner pages on other origins embed a file, and still lets it load nothing', async () => {
    const file = await test.core.files.put(new RequestContext('browser-security', 1, { kind: 'anonymous' }, '127.0.0.1', test.clock), {
      contentType: 'image/png',
      fileName: 'photo.png',
      data: Buffer.from('not really a png'),
    });
    const answer = await test.app.inject({ method: 'GET', url: `/files/${file.key}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none';img-src 'self';object-src 'self';style-src 'unsafe-inline'");
    expectCommonHeaders(answer.headers);
  });
});

type Directives = Map<string, string[]>;

function parsePolicy(header: unknown): Directives {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

const sourcesOf = (policy: Directives, directive: string) => policy.get(directive) ?? policy.get('default-src') ?? [];

/**
 * Loads a page as a browser would: every asset it references is on this origin and served, and its
 * policy allows each script and style it has (external from 'self', inline only with the policy's nonce).
 */
async function loadPage(app: FastifyInstance, url: string): Promise<{ html: string; policy: Directives }> {
  const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  expectSecurityHeadersOf(page, url);
  const policy = parsePolicy(page.headers['content-security-policy']);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src') ?? policy.get('default-src')).toEqual(["'none'"]);
  const html = page.body;
  const base = new URL(url, 'http://127.0.0.1:3000');
  const references = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((match) => new URL(match[1] as string, base));
  for (const reference of references) {
    expect(reference.origin).toBe(base.origin);
    const asset = await app.inject({ method: 'GET', url: reference.pathname + reference.search });
    expect(asset.statusCode, reference.pathname).toBe(200);
    expectSecurityHeadersOf(asset, reference.pathname);
    expect(asset.body.length).toBeGreaterThan(0);
  }
  for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const nonce = /nonce="([^"]+)"/.exec(attributes as string)?.[1];
    if (/\ssrc="/.test(attributes as string)) expect(sourcesOf(policy, 'script-src')).toContain("'self'");
    else expect(sourcesOf(policy, 'script-src'), `inline script ${String(body).slice(0, 40)}`).toContain(`'nonce-${nonce}'`);
  }
  for (const [, attributes] of html.matchAll(/<style([^>]*)>/g)) {
    const nonce = /nonce="([^"]+)"/.exec(attributes as string)?.[1];
    expect(sourcesOf(policy, 'style-src')).toContain(nonce ? `'nonce-${nonce}'` : "'unsafe-inline'");
  }
  for (const [, attributes] of html.matchAll(/<link([^>]*)>/g)) {
    if (/rel="stylesheet"/.test(attributes as string)) expect(sourcesOf(policy, 'style-src')).toContain("'self'");
  }
  // Inline event handlers would need 'unsafe-inline' scripts; none of the pages may rely on them.
  expect(html).not.toMatch(/<[^>]+\son[a-z]+=/i);
  return { html, policy };
}

describe('HTML pages', () => {
  it('serves the docs UI at /open-api/docs exactly as printed at start-up, with every asset', async () => {
    const { html, policy } = await loadPage(test.app, '/open-api/docs');
    expect(html).toContain('/open-api/docs/static/swagger-ui-bundle.js');
    expect(html).toContain('/open-api/docs/static/swagger-initializer.js');
    expect(sourcesOf(policy, 'connect-src')).toEqual(["'self'"]);
    // The initializer fetches the document next to the page.
    const initializer = await test.app.inject({ method: 'GET', url: '/open-api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const document = await test.app.inject({ method: 'GET', url: '/open-api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({ openapi: '3.1.0' });
  });

  it('serves the docs UI at /open-api/docs/ too', async () => {
    const { html } = await loadPage(test.app, '/open-api/docs/');
    expect(html).toContain('./static/swagger-ui-bundle.js');
  });

  it('serves a GraphQL explorer that loads only from this server', async () => {
    const { html } = await loadPage(test.app, '/graphql');
    for (const asset of ['react.js', 'react-dom.js', 'graphiql.js', 'graphiql.css', 'start.js']) expect(html).toContain(`/graphql/explorer/${asset}`);
    expect(html).not.toMatch(/https?:\/\//);
    const graphiql = await test.app.inject({ method: 'GET', url: '/graphql/explorer/graphiql.js' });
    expect(graphiql.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(graphiql.body).toContain('GraphiQL');
    expect((await test.app.inject({ method: 'GET', url: '/graphql/explorer/package.json' })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: '/graphql/explorer/..%2Fpackage.json' })).statusCode).toBe(404);
  });

  it('serves no explorer when introspection is off', async () => {
    const closed = await createTestApp({ database: test.database, env: { GRAPHQL_INTROSPECTION: 'false' } });
    try {
      const page = await closed.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
      expect(page.headers['content-type']).not.toContain('text/html');
      expect((await closed.app.inject({ method: 'GET', url: '/graphql/explorer/graphiql.js' })).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('serves the checkout page with its nonce policy and its demo script allowed', async () => {
    const order = await createPaymentOrder(test.app, await partnerToken(test.app));
    const { html, policy } = await loadPage(test.app, new URL(order.payUrl).pathname);
    expect(html).toContain('const notification');
    expect(policy.get('default-src')).toEqual(["'none'"]);
  });
});
