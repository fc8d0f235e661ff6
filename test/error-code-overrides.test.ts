// Error codes through /graphql: the catalogue with its overrides, per-language message overrides
// (CRUD, page, bounds, system tenant only), and what the faces then answer: /graphql, /open-api and
// /trpc speak the request's Accept-Language, read as a list with q-values (the first accepted language
// with an override: exact tag, then primary subtag), and fall back to the catalogue text (English)
// when English comes first or no accepted language has one.
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { partnerToken, useTestApp } from './support/app';
import { errorCode, graphql, type GraphQLAnswer, randomIp, seededAdminToken, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';
import { eventually, PROPAGATION_TIMEOUT_MS } from './support/propagation';

const test = useTestApp('error_code_overrides');

const CREATE = 'mutation($input: ErrorCodeSaveReqVO!) { createErrorCode(input: $input) { id } }';
const UPDATE = 'mutation($input: ErrorCodeSaveReqVO!) { updateErrorCode(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteErrorCode(id: $id) }';
const GET = 'query($id: Int64!) { errorCode(id: $id) { id applicationName code langType message memo createTime } }';
const PAGE = 'query($input: ErrorCodePageReqVO!) { errorCodePage(input: $input) { total list { id code langType message } } }';
const CATALOGUE = '{ errorCodes { name code message httpStatus overrides { id langType message } } }';
const GET_POST = 'query($id: Int64!) { post(id: $id) { id } }';

const ALL = ['system:error-code:query', 'system:error-code:create', 'system:error-code:update', 'system:error-code:delete'];
const POST_NOT_FOUND = ErrorCatalogue.POST_NOT_FOUND.code;
let system: SignedInAdmin;
/** The seeded super administrator: reads posts and members, for the language checks. */
let superToken: string;

/** Codes of the catalogue, a distinct one per test, so tests do not see each other's overrides. */
const spareCodes = Object.values(ErrorCatalogue)
  .map((definition) => definition.code)
  .filter((code) => code >= 1_030_000_000 && code !== ErrorCatalogue.GOODS_NOT_FOUND.code && code !== ErrorCatalogue.MEMBER_NOT_FOUND.code);
const spareCode = () => spareCodes.pop() as number;

const override = (overrides: Record<string, unknown> = {}) => ({
  applicationName: 'openbuy-console',
  code: spareCode(),
  langType: 'pt',
  message: 'Mensagem',
  ...overrides,
});

async function createOverride(overrides: Record<string, unknown> = {}, token = system.token): Promise<number> {
  const answer = await graphql<{ createErrorCode: { id: number } }>(test.app, CREATE, { token, variables: { input: override(overrides) } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createErrorCode.id;
}

/** /graphql with an Accept-Language header (none when undefined). */
async function graphqlIn<T>(language: string | undefined, query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer<T>> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: randomIp(),
    headers: { authorization: `Bearer ${superToken}`, ...(language ? { 'accept-language': language } : {}) },
    payload: { query, variables },
  });
  const body = response.json() as { data?: T | null; errors?: GraphQLAnswer['errors'] };
  return { status: response.statusCode, data: body.data ?? null, errors: body.errors };
}

const postMessageIn = async (language: string | undefined, postId = 987_654) =>
  (await graphqlIn(language, GET_POST, { id: postId })).errors![0]!.message;

beforeAll(async () => {
  const tenant = await test.db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } });
  system = await signedInAdmin(test.core, { tenant: { id: tenant.id, name: tenant.name }, permissions: ALL });
  superToken = await seededAdminToken(test.core);
});

describe('the answers, in the request\'s language', () => {
  it('answers /graphql with the override for the language, and the catalogue text without one', async () => {
    const id = await createOverride({ code: POST_NOT_FOUND, langType: 'pt', message: 'O cargo {postId} não existe' });
    expect(await postMessageIn('pt')).toBe('O cargo 987654 não existe');
    expect(await postMessageIn('pt-BR,pt;q=0.9,en;q=0.8')).toBe('O cargo 987654 não existe'); // primary subtag
    expect(await postMessageIn('PT')).toBe('O cargo 987654 não existe');
    const answer = await graphqlIn(undefined, GET_POST, { id: 987_654 });
    expect(answer.errors![0]).toMatchObject({ message: 'Post 987654 does not exist', extensions: { code: POST_NOT_FOUND } });
    expect(await postMessageIn('en')).toBe('Post 987654 does not exist');
    expect(await postMessageIn('de-DE')).toBe('Post 987654 does not exist');
    expect(await postMessageIn('*')).toBe('Post 987654 does not exist');
    expect(await postMessageIn('en, pt')).toBe('Post 987654 does not exist'); // English is wanted first
    expect(await postMessageIn('fr-FR,pt;q=0.9')).toBe('O cargo 987654 não existe'); // no French: the next accepted
    expect(await postMessageIn('pt;q=0.5, de, en;q=0.9')).toBe('Post 987654 does not exist'); // by weight, not position
    expect(await postMessageIn('en;q=0.1, fr, pt;q=0.2')).toBe('O cargo 987654 não existe');

    // An exact tag wins over its primary subtag.
    const brazil = await createOverride({ code: POST_NOT_FOUND, langType: 'pt-BR', message: 'Cargo {postId} inexistente' });
    expect(await postMessageIn('pt-BR')).toBe('Cargo 987654 inexistente');
    expect(await postMessageIn('pt-PT')).toBe('O cargo 987654 não existe');

    // Changes are answered at once; a deleted override gives the catalogue text back.
    await graphql(test.app, UPDATE, { token: system.token, variables: { input: override({ id, code: POST_NOT_FOUND, langType: 'pt', message: 'Sem cargo {postId}' }) } });
    expect(await postMessageIn('pt')).toBe('Sem cargo 987654');
    for (const removed of [id, brazil]) await graphql(test.app, DELETE, { token: system.token, variables: { id: removed } });
    expect(await postMessageIn('pt-BR')).toBe('Post 987654 does not exist');
  });

  it('answers /open-api with the override in the envelope', async () => {
    await createOverride({ code: ErrorCatalogue.GOODS_NOT_FOUND.code, langType: 'pt', message: 'Produto {goodsId} ({source}) não encontrado' });
    const token = await partnerToken(test.app);
    const detail = (language?: string) =>
      test.app.inject({
        method: 'GET',
        url: '/open-api/goods/detail?goodsId=999999999999&source=1',
        headers: { authorization: `Bearer ${token}`, ...(language ? { 'accept-language': language } : {}) },
      });
    const envelope = (response: LightMyRequestResponse) => response.json() as { code: number; msg: string };
    expect(envelope(await detail('pt-BR'))).toMatchObject({ code: ErrorCatalogue.GOODS_NOT_FOUND.code, msg: 'Produto 999999999999 (1) não encontrado' });
    expect(envelope(await detail())).toMatchObject({ code: ErrorCatalogue.GOODS_NOT_FOUND.code, msg: 'Goods 999999999999 of source 1 does not exist' });
  });

  it('answers /trpc and records the operation log in the language too', async () => {
    await createOverride({ code: ErrorCatalogue.MEMBER_NOT_FOUND.code, langType: 'pt', message: 'Membro {memberId} não existe' });
    const input = encodeURIComponent(JSON.stringify({ json: { memberId: 99_999_999 } }));
    const get = (language?: string) =>
      test.app.inject({
        method: 'GET',
        url: `/trpc/member.get?input=${input}`,
        headers: { authorization: `Bearer ${superToken}`, ...(language ? { 'accept-language': language } : {}) },
      });
    const messageOf = (response: LightMyRequestResponse) => (response.json() as { error: { json: { message: string } } }).error.json.message;
    expect(messageOf(await get('pt'))).toBe('Membro 99999999 não existe');
    expect(messageOf(await get())).toBe('Member 99999999 does not exist');

    // The operation log keeps what the caller was told.
    await createOverride({ code: POST_NOT_FOUND, langType: 'es', message: 'El puesto {postId} no existe' });
    const requestId = unique('req-');
    await test.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${superToken}`, 'accept-language': 'es-MX', 'x-request-id': requestId },
      payload: { query: 'mutation { deletePost(id: 987654) }' },
    });
    const logged = await vi.waitFor(async () => test.db.operationLog.findFirstOrThrow({ where: { requestId } }), { timeout: PROPAGATION_TIMEOUT_MS, interval: 20 });
    expect(logged).toMatchObject({ resultCode: POST_NOT_FOUND, resultMsg: 'El puesto 987654 no existe' });
  });

  it('reloads when told through the invalidation bus (a write of another process)', async () => {
    const code = spareCode();
    await test.db.errorCode.create({ data: { applicationName: 'x', code, langType: 'fr', message: 'Autre', createdAt: new Date(), updatedAt: new Date() } });
    expect(test.core.errorCodes.messages(code, 'fr')).toBeUndefined();
    await test.core.bus.publish({ kind: 'error-messages-changed' });
    expect(await eventually(async () => test.core.errorCodes.messages(code, 'fr-CA'), 'Autre')).toBe('Autre');
  });
});

describe('error-code overrides', () => {
  it('creates, reads, updates, pages and deletes, and lists them in the catalogue', async () => {
    const code = spareCode();
    const id = await createOverride({ code, langType: 'zh-cn', message: '消息', memo: 'first' });
    const got = await graphql<{ errorCode: Record<string, unknown> }>(test.app, GET, { token: system.token, variables: { id } });
    expect(got.data!.errorCode).toEqual({
      id,
      applicationName: 'openbuy-console',
      code,
      langType: 'zh-CN',
      message: '消息',
      memo: 'first',
      createTime: new Date(test.clock.now()).toISOString(),
    });
    const es = await createOverride({ code, langType: 'es', message: 'Mensaje' });
    const catalogue = await graphql<{ errorCodes: { code: number; overrides: unknown[] }[] }>(test.app, CATALOGUE, { token: system.token });
    expect(catalogue.data!.errorCodes.find((entry) => entry.code === code)!.overrides).toEqual([
      { id: es, langType: 'es', message: 'Mensaje' },
      { id, langType: 'zh-CN', message: '消息' },
    ]);
    expect(catalogue.data!.errorCodes.find((entry) => entry.code === 400)).toEqual({
      name: 'BAD_REQUEST',
      code: 400,
      message: 'Invalid request: {reason}',
      httpStatus: 400,
      overrides: [],
    });

    await graphql(test.app, UPDATE, { token: system.token, variables: { input: override({ id, code, langType: 'zh-CN', message: '新消息', applicationName: 'ops' }) } });
    const page = await graphql<{ errorCodePage: unknown }>(test.app, PAGE, {
      token: system.token,
      variables: { input: { pageNo: 1, pageSize: 10, code, langType: 'zh-CN', message: '新', applicationName: 'op' } },
    });
    expect(page.data!.errorCodePage).toEqual({ total: 1, list: [{ id, code, langType: 'zh-CN', message: '新消息' }] });
    const byCode = await graphql<{ errorCodePage: { total: number } }>(test.app, PAGE, { token: system.token, variables: { input: { pageNo: 1, pageSize: 10, code } } });
    expect(byCode.data!.errorCodePage.total).toBe(2);

    expect((await graphql(test.app, DELETE, { token: system.token, variables: { id } })).data).toEqual({ deleteErrorCode: true });
    expect(errorCode(await graphql(test.app, GET, { token: system.token, variables: { id } }))).toBe(ErrorCatalogue.ERROR_CODE_NOT_FOUND.code);
    expect(errorCode(await graphql(test.app, DELETE, { token: system.token, variables: { id } }))).toBe(ErrorCatalogue.ERROR_CODE_NOT_FOUND.code);
  });

  it('keeps one override per code and language, whatever the casing', async () => {
    const code = spareCode();
    const first = await createOverride({ code, langType: 'zh-CN' });
    const again = await graphql(test.app, CREATE, { token: system.token, variables: { input: override({ code, langType: 'ZH-cn' }) } });
    expect(errorCode(again)).toBe(ErrorCatalogue.ERROR_CODE_OVERRIDE_EXISTS.code);
    expect(again.errors![0]!.message).toBe(`Error code ${code} already has a message for language zh-CN`);
    const second = await createOverride({ code, langType: 'zh-TW' });
    const clash = await graphql(test.app, UPDATE, { token: system.token, variables: { input: override({ id: second, code, langType: 'zh-CN' }) } });
    expect(errorCode(clash)).toBe(ErrorCatalogue.ERROR_CODE_OVERRIDE_EXISTS.code);
    expect(first).toBeGreaterThan(0);
  });

  it('accepts codes of the catalogue only', async () => {
    const answer = await graphql(test.app, CREATE, { token: system.token, variables: { input: override({ code: 1_002_999_999 }) } });
    expect(errorCode(answer)).toBe(ErrorCatalogue.ERROR_CODE_UNKNOWN.code);
    expect(answer.errors![0]!.message).toBe('Error code 1002999999 is not in the catalogue');
  });

  it.each([
    ['a parameter the template lacks', 'O cargo {id} não existe', 'unknown parameter {id} (the catalogue\'s parameters: {postId})'],
    ['a brace that opens nothing', 'O cargo {postId não existe', 'braces must enclose a parameter name, as in {name}'],
    ['a closing brace alone', 'O cargo postId} não existe', 'braces must enclose a parameter name, as in {name}'],
    ['empty braces', 'O cargo {} não existe', 'braces must enclose a parameter name, as in {name}'],
  ])('refuses a message with %s', async (_case, message, reason) => {
    const answer = await graphql(test.app, CREATE, { token: system.token, variables: { input: override({ code: POST_NOT_FOUND, langType: 'it', message }) } });
    expect(errorCode(answer)).toBe(ErrorCatalogue.ERROR_CODE_MESSAGE_INVALID.code);
    expect(answer.errors![0]!.message).toBe(`The message for error code ${POST_NOT_FOUND} is invalid: ${reason}`);
  });

  it('accepts a message without parameters, or using them twice', async () => {
    await createOverride({ code: POST_NOT_FOUND, langType: 'fr', message: 'Poste introuvable' });
    await createOverride({ code: POST_NOT_FOUND, langType: 'de', message: 'Stelle {postId} fehlt ({postId})' });
    expect(test.core.errorCodes.messages(POST_NOT_FOUND, 'de')).toBe('Stelle {postId} fehlt ({postId})');
  });

  it.each([
    ['id', { id: 5 }],
    ['applicationName', { applicationName: '' }],
    ['applicationName', { applicationName: 'a'.repeat(51) }],
    ['langType', { langType: '' }],
    ['langType', { langType: 'pt-BR-x-abcd' }],
    ['langType', { langType: 'not a tag' }],
    ['langType', { langType: 'pt_BR' }],
    ['message', { message: '' }],
    ['message', { message: 'm'.repeat(501) }],
    ['memo', { memo: 'm'.repeat(501) }],
  ])('refuses an override with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.errorCode.count();
    const answer = await graphql(test.app, CREATE, { token: system.token, variables: { input: override(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.errorCode.count()).toBe(before);
  });

  it('accepts the longest fields', async () => {
    const longest = { applicationName: 'a'.repeat(50), langType: 'zh-Hant-TW', message: 'm'.repeat(500), memo: 'm'.repeat(500) };
    const id = await createOverride(longest);
    expect(await test.db.errorCode.findUniqueOrThrow({ where: { id } })).toMatchObject(longest);
  });

  it('requires the id on update', async () => {
    const answer = await graphql(test.app, UPDATE, { token: system.token, variables: { input: override() } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain('id');
  });
});

describe('who may read and write error codes', () => {
  it('lets every tenant read, and only the system tenant write', async () => {
    const code = spareCode();
    const id = await createOverride({ code });
    const tenantAdmin = await signedInAdmin(test.core, { permissions: ALL });
    const got = await graphql<{ errorCode: { id: number } }>(test.app, GET, { token: tenantAdmin.token, variables: { id } });
    expect(got.data!.errorCode.id).toBe(id);
    for (const [query, variables] of [
      [CREATE, { input: override() }],
      [UPDATE, { input: override({ id, code, message: 'Theirs' }) }],
      [DELETE, { id }],
    ] as const) {
      expect(errorCode(await graphql(test.app, query, { token: tenantAdmin.token, variables }))).toBe(ErrorCatalogue.TENANT_MANAGED_BY_SYSTEM.code);
    }
    expect(await test.db.errorCode.findUnique({ where: { id } })).toMatchObject({ message: 'Mensagem' });
  });

  it("needs each operation's permission", async () => {
    const id = await createOverride();
    const tenant = { id: system.tenantId, name: system.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['system:error-code:query'] });
    for (const [query, variables, permission] of [
      [CREATE, { input: override() }, 'system:error-code:create'],
      [UPDATE, { input: override({ id }) }, 'system:error-code:update'],
      [DELETE, { id }, 'system:error-code:delete'],
    ] as const) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:post:query'] });
    for (const [query, variables] of [
      [GET, { id }],
      [PAGE, { input: { pageNo: 1, pageSize: 10 } }],
      [CATALOGUE, {}],
    ] as const) {
      expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables }))).toBe(403);
    }
  });
});
