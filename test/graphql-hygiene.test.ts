// /graphql hygiene with the real app: depth and cost limits refuse operations before anything runs,
// introspection and the landing page follow GRAPHQL_INTROSPECTION (off in production by default),
// CSRF prevention stays on, and the checked-in schema check catches a stale schema.graphql.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema, isNonNullType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { GRAPHQL_MAX_TOKENS, MAX_ALIASES_PER_FIELD, QUERY_LIMIT_DEFAULTS } from '../src/graphql/limits/query-limits';
import { printedSchema, schemaDifference } from '../src/graphql/schema-file';
import { adminToken, answeredNothing, createAdmin, graphql, seededAdminToken } from './support/admin';
import { createTestApp, type TestApp, useTestApp } from './support/app';

const test = useTestApp('graphql_hygiene');

/** `me { menus { children { ... } } } }` with `levels` levels of children: depth levels + 3. */
const nestedMenus = (levels: number) => `{ me { menus { ${'children { '.repeat(levels)}id${' }'.repeat(levels)} } } }`;

let token: string;
beforeAll(async () => {
  token = await seededAdminToken(test.core);
});

describe('query limits', () => {
  it('defaults to depth 10 and cost 10000', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect({ maxDepth: config.GRAPHQL_MAX_DEPTH, maxCost: config.GRAPHQL_MAX_COST }).toEqual(QUERY_LIMIT_DEFAULTS);
    expect(QUERY_LIMIT_DEFAULTS).toEqual({ maxDepth: 10, maxCost: 10_000 });
    expect(() => loadConfig({ GRAPHQL_MAX_DEPTH: '0' })).toThrow(/GRAPHQL_MAX_DEPTH/);
    expect(() => loadConfig({ GRAPHQL_MAX_COST: 'many' })).toThrow(/GRAPHQL_MAX_COST/);
  });

  it('answers an operation within the limits', async () => {
    // Depth 5, cost 1 + 1 + 500 × (1 + 1 + 1) = 1502: a tree's children count at its root (list-bounds.ts).
    const answer = await graphql(test.app, nestedMenus(2), { token });
    expect(answer.errors).toBeUndefined();
  });

  it('refuses an operation deeper than GRAPHQL_MAX_DEPTH with a 400 naming the limit, before anything runs', async () => {
    const answer = await graphql(test.app, nestedMenus(8), { token });
    expect(answer.status).toBe(400);
    expect(answeredNothing(answer)).toBe(true);
    expect(answer.errors).toEqual([
      expect.objectContaining({ message: 'Invalid request: query depth exceeds the limit of 10 (GRAPHQL_MAX_DEPTH): nest fewer selections', extensions: expect.objectContaining({ code: 400 }) }),
    ]);
  });

  it('refuses an operation costlier than GRAPHQL_MAX_COST with a 400 naming the limit, anonymous or not', async () => {
    // countrySimpleList answers at most 300 rows: 34 aliases of 1 + 300 × 1 = 10234.
    const aliases = Array.from({ length: 34 }, (_, index) => `c${index}: countrySimpleList { id }`).join(' ');
    for (const caller of [{ token }, {}]) {
      const answer = await graphql(test.app, `{ ${aliases} }`, caller);
      expect(answer.status).toBe(400);
      expect(answeredNothing(answer)).toBe(true);
      expect(answer.errors).toEqual([
        expect.objectContaining({
          message: 'Invalid request: query cost exceeds the limit of 10000 (GRAPHQL_MAX_COST): ask for fewer fields, smaller pages or fewer aliases',
          extensions: expect.objectContaining({ code: 400 }),
        }),
      ]);
    }
    const fewer = await graphql<Record<string, unknown[]>>(test.app, `{ ${aliases.split(' c33:')[0]} }`, { token });
    expect(fewer.errors).toBeUndefined();
    expect(Object.keys(fewer.data!)).toHaveLength(33);
  });

  it('costs a list without a page size by its declared bound, and refuses 900 aliases of every country at once', async () => {
    const aliases = (count: number) => Array.from({ length: count }, (_, index) => `c${index}: countrySimpleList { id enName status }`).join(' ');
    for (const [count, message] of [
      // 40 × (1 + 300 × 3) = 36040.
      [40, 'Invalid request: query cost exceeds the limit of 10000 (GRAPHQL_MAX_COST): ask for fewer fields, smaller pages or fewer aliases'],
      [100, `Invalid request: countrySimpleList is asked for under more than ${MAX_ALIASES_PER_FIELD} aliases: ask for it fewer times`],
      [900, `Syntax Error: Document contains more that ${GRAPHQL_MAX_TOKENS} tokens. Parsing aborted.`],
    ] as const) {
      const started = performance.now();
      const answer = await graphql(test.app, `{ ${aliases(count)} }`, { token });
      expect({ status: answer.status, message: answer.errors?.[0]?.message }).toEqual({ status: 400, message });
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it(`refuses a field asked for under more than ${MAX_ALIASES_PER_FIELD} aliases, wherever they are in the document`, async () => {
    const aliases = (count: number, from = 0) => Array.from({ length: count }, (_, index) => `m${from + index}: me { user { id } }`).join(' ');
    expect((await graphql(test.app, `{ ${aliases(MAX_ALIASES_PER_FIELD)} }`, { token })).errors).toBeUndefined();
    const refused = `Invalid request: me is asked for under more than ${MAX_ALIASES_PER_FIELD} aliases: ask for it fewer times`;
    const direct = await graphql(test.app, `{ ${aliases(MAX_ALIASES_PER_FIELD + 1)} }`, { token });
    expect({ status: direct.status, message: direct.errors?.[0]?.message }).toEqual({ status: 400, message: refused });
    // Split over fragments, the aliases still count together.
    const split = await graphql(test.app, `{ ...a ...b } fragment a on Query { ${aliases(30)} } fragment b on Query { ${aliases(30, 30)} }`, { token });
    expect({ status: split.status, message: split.errors?.[0]?.message }).toEqual({ status: 400, message: refused });
  });

  it('answers 30 levels of fragments that each spread the two below in milliseconds, while /healthz keeps answering', async () => {
    const doubling = (leaf: string, k = 30) => {
      let text = `{ ...F${k} ...G${k} } fragment F0 on Query { ${leaf} } fragment G0 on Query { ${leaf} }`;
      for (let level = 1; level <= k; level++) {
        text += ` fragment F${level} on Query { ...F${level - 1} ...G${level - 1} } fragment G${level} on Query { ...F${level - 1} ...G${level - 1} }`;
      }
      return text;
    };
    for (const [leaf, expected] of [
      ['errorCodes { code }', { status: 400, error: 'query cost exceeds the limit of 10000 (GRAPHQL_MAX_COST)' }],
      ['__typename', { status: 200, error: undefined }],
    ] as const) {
      const started = performance.now();
      const health = test.app.inject('/healthz').then((response) => ({ status: response.statusCode, ms: performance.now() - started }));
      const answer = await graphql(test.app, doubling(leaf));
      const answeredMs = performance.now() - started;
      expect({ status: answer.status, error: answer.errors?.[0]?.message.replace('Invalid request: ', '').split(':')[0] }).toEqual(expected);
      expect(answeredMs).toBeLessThan(200);
      expect(await health).toEqual({ status: 200, ms: expect.any(Number) });
      expect((await health).ms).toBeLessThan(200);
    }
  });

  describe('with GRAPHQL_MAX_COST=500 and GRAPHQL_MAX_DEPTH=3', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ database: test.database, clock: test.clock, env: { GRAPHQL_MAX_COST: '500', GRAPHQL_MAX_DEPTH: '3' } });
    });
    afterAll(async () => {
      await strict?.close();
    });

    it('counts a page size sent in a variable', async () => {
      const strictToken = await seededAdminToken(strict.core);
      const page = 'query($input: OAuth2ClientPageReqVO!) { oauth2ClientPage(input: $input) { total list { id clientId name status secret } } }';
      // 1 + (1 + 1 + 10 × 5) = 53; with 100 per page: 1 + (1 + 1 + 100 × 5) = 503.
      expect((await graphql(strict.app, page, { token: strictToken, variables: { input: { pageSize: 10 } } })).errors).toBeUndefined();
      const refused = await graphql(strict.app, page, { token: strictToken, variables: { input: { pageSize: 100 } } });
      expect(refused.status).toBe(400);
      expect(refused.errors![0]!.message).toContain('query cost exceeds the limit of 500 (GRAPHQL_MAX_COST)');
      // The same document is measured again whenever its variables change (each operation keeps its last measure).
      expect((await graphql(strict.app, page, { token: strictToken, variables: { input: { pageSize: 10 } } })).errors).toBeUndefined();
      expect((await graphql(strict.app, page, { token: strictToken, variables: { input: { pageSize: 100 } } })).status).toBe(400);
      const deep = await graphql(strict.app, '{ me { menus { children { id } } } }', { token: strictToken });
      expect(deep.errors![0]!.message).toContain('query depth exceeds the limit of 3 (GRAPHQL_MAX_DEPTH)');
    });

    it('refuses a mutation over the limits without running it, and logs it once per mutation field', async () => {
      const admin = await createAdmin(strict.core, { permissions: ['system:social-client:create'] });
      const strictToken = await adminToken(strict.app, admin);
      const before = await test.db.socialClient.count();
      const aliases = Array.from({ length: MAX_ALIASES_PER_FIELD + 1 }, (_, index) => `a${index}: createSocialClient(input: $i) { id }`).join(' ');
      // Refused by the alias cap before the cost check.
      const requestId = `hygiene-${Date.now().toString(36)}`;
      const response = await strict.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${strictToken}`, 'x-request-id': requestId },
        payload: {
          query: `mutation($i: SocialClientSaveReqVO!) { ${aliases} }`,
          variables: { i: { name: 'n', socialType: 1, userType: 1, clientId: 'c', clientSecret: 's', agentId: '', status: 0 } },
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toContain(`createSocialClient is asked for under more than ${MAX_ALIASES_PER_FIELD} aliases`);
      expect(await test.db.socialClient.count()).toBe(before);
      expect(await test.db.operationLog.findMany({ where: { requestId }, select: { operation: true, resultCode: true, userId: true } })).toEqual([
        { operation: 'createSocialClient', resultCode: 400, userId: admin.id },
      ]);
    });
  });
});

describe('introspection and the landing page', () => {
  const INTROSPECT = '{ __schema { queryType { name } } }';
  const landingPage = (app: TestApp['app']) => app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });

  it('are on outside production', async () => {
    expect((await graphql(test.app, INTROSPECT)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const page = await landingPage(test.app);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  describe('in production', () => {
    const production = { NODE_ENV: 'production', PAYMENT_CHANNEL_SECRET: 'x'.repeat(32) };
    let closed: TestApp;
    let opened: TestApp;
    beforeAll(async () => {
      closed = await createTestApp({ database: test.database, clock: test.clock, env: production });
      opened = await createTestApp({ database: test.database, clock: test.clock, env: { ...production, GRAPHQL_INTROSPECTION: 'true' } });
    });
    afterAll(async () => {
      await closed?.close();
      await opened?.close();
    });

    it('are off by default', async () => {
      const answer = await graphql(closed.app, INTROSPECT);
      expect(answer.status).toBe(400);
      expect(answer.errors![0]!.message).toContain('introspection');
      expect((await landingPage(closed.app)).headers['content-type'] ?? '').not.toContain('text/html');
    });

    it('are on with GRAPHQL_INTROSPECTION=true', async () => {
      expect((await graphql(opened.app, INTROSPECT)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
      expect((await landingPage(opened.app)).headers['content-type']).toContain('text/html');
    });
  });

  it('keep CSRF prevention on: a simple GET without a preflight header is refused', async () => {
    const response = await test.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent('{ __typename }')}` });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('CSRF');
    const allowed = await test.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent('{ __typename }')}`, headers: { 'apollo-require-preflight': 'true' } });
    expect(allowed.json()).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('the checked-in schema (npm run graphql:schema)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'openbuy-schema-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('points at the first difference', () => {
    expect(schemaDifference('a\nb\nc\n', 'a\nb\nc\n')).toBeNull();
    expect(schemaDifference('a\nb\nc\n', null)).toBe('the file does not exist');
    expect(schemaDifference('a\nb\nc\n', 'a\nB\nc\n')).toBe('first difference at line 2:\n  expected: b\n  found:    B');
  });

  it('--check exits 1 with a hint when the file is stale, 0 when it is current', async () => {
    const current = await printedSchema();
    const file = join(dir, 'schema.graphql');
    writeFileSync(file, current.replace('createSocialClient', 'createSocialClientOld'));
    const check = () => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/graphql-schema.ts', '--check', '--file', file], { encoding: 'utf8' });
    const stale = check();
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('is stale');
    expect(stale.stderr).toContain('npm run graphql:schema');
    expect(stale.stderr).toContain('expected: ');

    const write = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/graphql-schema.ts', '--file', file], { encoding: 'utf8' });
    expect(write.status).toBe(0);
    const fresh = check();
    expect(fresh.stderr).toBe('');
    expect(fresh.status).toBe(0);
  }, 60_000);
});

describe('root query fields', () => {
  // A console screen asks for several root fields at once; a non-null one that is refused (a missing
  // permission) would blank the whole answer, so every root query field is nullable.
  it('are all nullable, so one refused field does not blank the others', async () => {
    const queryType = buildSchema(await printedSchema()).getQueryType();
    const nonNull = Object.values(queryType?.getFields() ?? {}).filter((field) => isNonNullType(field.type)).map((field) => field.name);
    expect(Object.keys(queryType?.getFields() ?? {}).length).toBeGreaterThan(50);
    expect(nonNull).toEqual([]);
  });
});

describe('caching', () => {
  it('marks every answer no-store: data, a resolver refusal and an operation refused before it runs', async () => {
    const post = (query: string, authorization?: string) =>
      test.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, payload: { query } });
    const data = await post('{ me { user { id } } }', `Bearer ${token}`);
    const refused = await post('{ user(id: 999999999) { id } }', `Bearer ${token}`);
    const invalid = await post('{ noSuchField }', `Bearer ${token}`);
    expect(data.json().errors).toBeUndefined();
    expect(refused.json().errors).toHaveLength(1);
    expect(invalid.statusCode).toBe(400);
    for (const answer of [data, refused, invalid]) expect(answer.headers['cache-control']).toBe('no-store');
  });
});
