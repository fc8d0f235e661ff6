// Clear answers, never a 500: requests the caller got wrong on /graphql and /trpc get their proper
// status (400, 404, 405, 415) and a message saying what is wrong, never "Internal server error", and
// nothing is logged as an unexpected fault. The class test throws a bounded batch of malformed
// requests of every shape at both faces.
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { TRPC_MAX_BATCH_SIZE } from '../src/trpc/limits';
import { graphql, seededAdminToken } from './support/admin';
import { createTestApp, useTestApp } from './support/app';

const errorLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    errorLines.push(String(chunk));
    done();
  },
});

const test = useTestApp('malformed_requests', { logger: { level: 'error', stream: logStream } });
let token: string;

beforeAll(async () => {
  token = await seededAdminToken(test.core);
});
beforeEach(() => {
  errorLines.length = 0;
});

/** A tRPC error answer: HTTP status, tRPC code, service code and message. */
async function trpcError(request: InjectOptions) {
  const response = await test.app.inject({ ...request, headers: { authorization: `Bearer ${token}`, ...request.headers } });
  const error = response.json().error.json as { message: string; data: { code: string; serviceCode: number } };
  return { status: response.statusCode, code: error.data.code, serviceCode: error.data.serviceCode, message: error.message };
}

describe('/graphql', () => {
  it('refuses a bad Int64 literal as a validation error, logging nothing', async () => {
    const answer = await graphql(test.app, '{ menu(id: 1.5) { id } }', { token });
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual([
      {
        message: 'Expected value of type "Int64!", found 1.5; Int64 must be an integer or a string of digits',
        locations: [{ line: 1, column: 12 }],
        extensions: expect.objectContaining({ code: 400, name: 'BAD_REQUEST', fieldErrors: [] }),
      },
    ]);
    const tooBig = await graphql(test.app, '{ menu(id: "99999999999999999999") { id } }', { token });
    expect(tooBig.errors![0]!.message).toBe('Expected value of type "Int64!", found "99999999999999999999"; Int64 must be an integer within ±9007199254740991, got "99999999999999999999"');
    expect(errorLines).toEqual([]);
  });

  it('refuses a bad Int64 variable as bad input naming the variable', async () => {
    const answer = await graphql(test.app, 'query($id: Int64!) { menu(id: $id) { id } }', { token, variables: { id: 1.5 } });
    expect({ status: answer.status, code: answer.errors![0]!.extensions.code }).toEqual({ status: 400, code: 400 });
    expect(answer.errors![0]!.extensions).toMatchObject({ fieldErrors: [{ field: 'id' }] });
    expect(answer.errors![0]!.message).toContain('Int64 must be an integer');
    expect(errorLines).toEqual([]);
  });

  it('suggests field names only while introspection is on', async () => {
    expect((await graphql(test.app, '{ menux { id } }', { token })).errors![0]!.message).toBe('Cannot query field "menux" on type "Query". Did you mean "menu" or "me"?');
    const production = await createTestApp({ database: test.database, clock: test.clock, env: { NODE_ENV: 'production', PAYMENT_CHANNEL_SECRET: 'x'.repeat(32) } });
    try {
      const answer = await graphql(production.app, '{ menux { id } }', { token });
      expect({ status: answer.status, message: answer.errors![0]!.message }).toEqual({ status: 400, message: 'Cannot query field "menux" on type "Query".' });
      const argument = await graphql(production.app, '{ menu(idd: 1) { id } }', { token });
      expect(argument.errors!.map((error) => error.message).join(' ')).not.toContain('Did you mean');
    } finally {
      await production.close();
    }
  });
});

describe('/trpc', () => {
  it.each([
    [
      'a batch over the cap',
      { method: 'GET', url: `/trpc/${Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'system.health').join(',')}?batch=1&input=%7B%7D` },
      { status: 400, code: 'BAD_REQUEST', serviceCode: 400, message: 'Invalid request: Batch call exceeds maximum size' },
    ],
    ['an unknown procedure', { method: 'GET', url: '/trpc/nope.nothing' }, { status: 404, code: 'NOT_FOUND', serviceCode: 404, message: 'No procedure found on path "nope.nothing"' }],
    [
      'a query called with POST',
      { method: 'POST', url: '/trpc/member.get', headers: { 'content-type': 'application/json' }, payload: '{}' },
      { status: 405, code: 'METHOD_NOT_SUPPORTED', serviceCode: 405, message: 'Unsupported POST-request to query procedure at path "member.get"' },
    ],
    [
      'a mutation called with GET',
      { method: 'GET', url: '/trpc/member.create' },
      { status: 405, code: 'METHOD_NOT_SUPPORTED', serviceCode: 405, message: 'Unsupported GET-request to mutation procedure at path "member.create"' },
    ],
    [
      'a mutation with a wrong content type',
      { method: 'POST', url: '/trpc/member.create', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
      { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', serviceCode: 415, message: 'Unsupported content-type "text/plain' },
    ],
    [
      'a mutation with malformed JSON',
      { method: 'POST', url: '/trpc/member.create', headers: { 'content-type': 'application/json' }, payload: '{"json":' },
      { status: 400, code: 'BAD_REQUEST', serviceCode: 400, message: 'Invalid request: Unexpected end of JSON input' },
    ],
    [
      'a mutation whose superjson meta names __proto__',
      { method: 'POST', url: '/trpc/member.create', headers: { 'content-type': 'application/json' }, payload: '{"json":{"nickname":"x"},"meta":{"values":{"__proto__":["Date"]}}}' },
      { status: 400, code: 'BAD_REQUEST', serviceCode: 400, message: 'Invalid request: __proto__ is not allowed as a property' },
    ],
    [
      'a query with malformed JSON input',
      { method: 'GET', url: '/trpc/member.get?input=%7B' },
      { status: 400, code: 'BAD_REQUEST', serviceCode: 400, message: expect.stringMatching(/^Invalid request: /) },
    ],
  ] as const)('answers %s with its status and message', async (_case, request, expected) => {
    const members = await test.db.member.count();
    expect(await trpcError(request as InjectOptions)).toEqual(expected);
    expect(await test.db.member.count()).toBe(members);
    expect(errorLines).toEqual([]);
  });

  it('refuses U+0000 in the input (a \\u0000 escape in the JSON text, or a raw one in a body) with the field named, creating nothing', async () => {
    const members = await test.db.member.count();
    const refusals = [
      [{ method: 'GET', url: `/trpc/member.search?input=${encodeURIComponent('{"json":{"nickname":"a\\u0000b"}}')}` }, 'json.nickname'],
      [{ method: 'POST', url: '/trpc/member.create', headers: { 'content-type': 'application/json' }, payload: '{"json":{"nickname":"a\\u0000b"}}' }, 'json.nickname'],
      [{ method: 'POST', url: '/trpc/member.create', headers: { 'content-type': 'application/json' }, payload: '{"json":{"nickname":"a\u0000b"}}' }, 'body'],
    ] as const;
    for (const [request, field] of refusals) {
      const response = await test.app.inject({ ...request, headers: { authorization: `Bearer ${token}`, ...('headers' in request ? request.headers : {}) } });
      expect([response.statusCode, response.json().msg]).toEqual([400, `Invalid request: ${field}: must not contain the NUL character`]);
    }
    expect(await test.db.member.count()).toBe(members);
    expect(errorLines).toEqual([]);
  });

  it('still describes input validation and service errors', async () => {
    expect(await trpcError({ method: 'POST', url: '/trpc/member.create', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ json: { nickname: '' } }) })).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      serviceCode: 400,
      message: expect.stringContaining('nickname'),
    });
    expect(await trpcError({ method: 'GET', url: `/trpc/member.get?input=${encodeURIComponent(JSON.stringify({ json: { memberId: 987_654_321 } }))}` })).toMatchObject({
      status: 422,
      code: 'UNPROCESSABLE_CONTENT',
      serviceCode: ErrorCatalogue.MEMBER_NOT_FOUND.code,
    });
  });
});

describe('a batch of malformed requests (bounded fuzz)', () => {
  /** Deterministic pseudo-random choices, so a failure replays. */
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
  }

  const GRAPHQL_BODIES = [
    '{"query": ',
    '[]',
    '{"query": 5}',
    '{"query": "{ menu(id: 1.5) { id } }"}',
    '{"query": "{ menu(id: \\"x\\") { id } }"}',
    '{"query": "query($i: Int64!) { menu(id: $i) { id } }", "variables": {"i": {"a": 1}}}',
    '{"query": "query($i: Int64!) { menu(id: $i) { id } }", "variables": "nope"}',
    '{"query": "{ me { ...missing } }"}',
    '{"query": "fragment a on Query { ...a } { ...a }"}',
    '{"query": "{ __proto__ }"}',
    '{"query": "{ me { id } }", "operationName": 7}',
    '{"query": "mutation { login }"}',
    '{"query": "{ countrySimpleList(first: -1) { id } }"}',
    '{"query": "{ menu(id: 1e400) { id } }"}',
    '{"query": "subscription { me { id } }"}',
    '{"query": "{ me { user { id } } }", "extensions": {"persistedQuery": {"version": 1, "sha256Hash": "x"}}}',
  ];
  const TRPC_REQUESTS: InjectOptions[] = [
    { method: 'GET', url: '/trpc/member.get?input=%7B' },
    { method: 'GET', url: '/trpc/member.get?input=%7B%22json%22%3A%7B%22__proto__%22%3A1%7D%7D' },
    { method: 'GET', url: '/trpc/member.get?batch=1&input=5' },
    { method: 'GET', url: '/trpc/member.get,member.get?batch=1&input=%5B%5D' },
    { method: 'GET', url: '/trpc/' },
    { method: 'GET', url: '/trpc/..%2F..%2Fetc' },
    { method: 'PUT', url: '/trpc/member.create', payload: '{}' },
    { method: 'DELETE', url: '/trpc/member.create' },
    { method: 'POST', url: '/trpc/member.create', headers: { 'content-type': 'application/json' }, payload: '[' },
    { method: 'POST', url: '/trpc/member.create', headers: { 'content-type': 'application/json' }, payload: '{"json":{"nickname":"x"},"meta":{"values":"nope"}}' },
    { method: 'POST', url: '/trpc/member.create', headers: { 'content-type': 'application/json' }, payload: '{"json":{"nickname":"x"},"meta":{"referentialEqualities":{"__proto__":["x"]}}}' },
    { method: 'POST', url: '/trpc/member.create', headers: { 'content-type': 'application/json' }, payload: '{"json":{"nickname":"x"},"meta":{"values":{"nickname":["map"]}}}' },
    { method: 'POST', url: '/trpc/member.create?batch=1', headers: { 'content-type': 'application/json' }, payload: '"x"' },
    { method: 'POST', url: '/trpc/member.create', headers: { 'content-type': 'application/octet-stream' }, payload: 'x' },
    { method: 'POST', url: '/trpc/member.create', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' },
  ];

  it('never answers 500 and logs no unexpected fault', async () => {
    const next = random(20261125);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
    const mutate = (text: string) => {
      // Cut, duplicate or corrupt one character: still malformed, differently.
      const at = Math.floor(next() * text.length);
      return pick([text.slice(0, at), text.slice(0, at) + text.slice(at) + text.slice(at), text.slice(0, at) + pick(['"', '{', '}', '\\', '\u0000', 'é']) + text.slice(at + 1), text]);
    };
    const requests: InjectOptions[] = [];
    for (let index = 0; index < 150; index++) {
      if (index % 2 === 0) {
        requests.push({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: mutate(pick(GRAPHQL_BODIES)) });
      } else {
        const request = pick(TRPC_REQUESTS);
        requests.push({ ...request, headers: { authorization: `Bearer ${token}`, ...request.headers }, payload: typeof request.payload === 'string' ? mutate(request.payload) : request.payload });
      }
    }
    const started = Date.now();
    // Over a real port: bodies arrive as a socket's stream, as they do in production.
    const base = await test.app.listen({ host: '127.0.0.1', port: 0 });
    const faults: { method: unknown; url: string; payload: unknown; status: number; body: string }[] = [];
    for (const request of requests) {
      const response = await fetch(`${base}${request.url}`, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.payload as string | undefined,
        signal: AbortSignal.timeout(10_000),
      });
      const body = await response.text();
      if (response.status >= 500 || body.includes('Internal server error')) {
        faults.push({ method: request.method, url: String(request.url), payload: request.payload, status: response.status, body: body.slice(0, 200) });
      }
    }
    expect(faults).toEqual([]);
    expect(errorLines).toEqual([]);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);
});

afterAll(() => {
  logStream.destroy();
});
