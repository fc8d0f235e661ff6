// Error answers in the request's language through every face: a request accepting Simplified
// Chinese first (the console sends `Accept-Language: zh-CN`) gets business and validation
// messages in Chinese from the built-in catalogue, unless the console overrides the code for
// that language; English first, or no header, keeps the English catalogue.
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { graphql, seededAdminToken, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';
import { partnerToken, useTestApp } from './support/app';

const test = useTestApp('error_language');

const CREATE_POST = 'mutation($input: PostSaveReqVO!) { createPost(input: $input) { id } }';
const CREATE_OVERRIDE = 'mutation($input: ErrorCodeSaveReqVO!) { createErrorCode(input: $input) { id } }';
const post = (overrides: Record<string, unknown> = {}) => ({ name: 'Engineer', code: unique('eng-'), sort: 1, status: 0, ...overrides });
const CJK = /[\u4e00-\u9fff]/;

let admin: SignedInAdmin;
let superToken: string;

beforeAll(async () => {
  const tenant = await test.db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } });
  admin = await signedInAdmin(test.core, {
    tenant: { id: tenant.id, name: tenant.name },
    permissions: ['system:post:create', 'system:post:query', 'system:error-code:create'],
  });
  superToken = await seededAdminToken(test.core);
});

const createPost = (input: Record<string, unknown>, acceptLanguage?: string) => graphql(test.app, CREATE_POST, { token: admin.token, acceptLanguage, variables: { input } });

describe('/graphql', () => {
  it('answers a refused field in Chinese, with its code and bounds, and in English without the header', async () => {
    const input = post({ name: '', status: 7 });
    const chinese = (await createPost(input, 'zh-CN')).errors![0]!;
    expect(chinese.message).toMatch(/^请求无效：/);
    expect(chinese.extensions).toMatchObject({
      code: 400,
      name: 'BAD_REQUEST',
      fieldErrors: [
        { field: 'name', code: 'too_small', params: { minimum: 1, origin: 'string' }, message: expect.stringMatching(CJK) as unknown },
        { field: 'status', code: 'oneOf', message: '必须是以下之一：0 (开启), 1 (关闭)' },
      ],
      detail: expect.stringMatching(/^name: .*[\u4e00-\u9fff].*; status: 必须是以下之一/) as unknown,
    });

    const english = (await createPost(input)).errors![0]!;
    expect(english.message).toMatch(/^Invalid request: name: /);
    expect(english.extensions).toMatchObject({
      fieldErrors: [
        { field: 'name', code: 'too_small', message: 'Too small: expected string to have >=1 characters' },
        { field: 'status', code: 'oneOf', message: 'must be one of 0 (Enabled), 1 (Disabled)' },
      ],
    });
  });

  it('answers a field GraphQL itself refuses in Chinese too', async () => {
    const { code: _code, ...withoutCode } = post();
    const refused = (await createPost(withoutCode, 'zh-CN')).errors![0]!;
    expect(refused.extensions).toMatchObject({ code: 400, fieldErrors: [{ field: 'code', code: 'required', message: '必填' }] });
  });

  it('answers a business error in Chinese for the first accepted language the service writes, and the override for zh-CN wins', async () => {
    const code = unique('dup-');
    expect((await createPost(post({ code }))).errors).toBeUndefined();
    const messageIn = async (acceptLanguage?: string) => (await createPost(post({ code }), acceptLanguage)).errors![0]!;

    const chinese = await messageIn('zh-CN');
    expect(chinese).toMatchObject({
      message: `编码为 ${code} 的岗位已存在`,
      extensions: { code: ErrorCatalogue.POST_CODE_EXISTS.code, params: { code }, fieldErrors: [{ field: 'code', code: 'POST_CODE_EXISTS', message: `编码为 ${code} 的岗位已存在` }] },
    });
    expect((await messageIn('fr-FR,zh-CN;q=0.9')).message).toBe(`编码为 ${code} 的岗位已存在`);
    expect((await messageIn('en,zh-CN;q=0.9')).message).toBe(`A post with code ${code} already exists`);
    expect((await messageIn()).message).toBe(`A post with code ${code} already exists`);

    const override = await graphql(test.app, CREATE_OVERRIDE, {
      token: admin.token,
      variables: { input: { applicationName: 'openbuy-console', code: ErrorCatalogue.POST_CODE_EXISTS.code, langType: 'zh-CN', message: '岗位编码 {code} 重复了' } },
    });
    expect(override.errors).toBeUndefined();
    expect((await messageIn('zh-CN')).message).toBe(`岗位编码 ${code} 重复了`);
  });
});

describe('the reasons of 401 and 403', () => {
  const DELETE_POST = 'mutation { deletePost(id: 1) }';

  it('answers a missing permission and a bad token on /graphql in Chinese for zh-CN, and in English without the header', async () => {
    const missing = async (acceptLanguage?: string) => (await graphql(test.app, DELETE_POST, { token: admin.token, acceptLanguage })).errors![0]!;
    expect(await missing('zh-CN')).toMatchObject({
      message: '需要权限 system:post:delete',
      extensions: { code: 403, name: 'FORBIDDEN', params: { permission: 'system:post:delete', reason: '需要权限 system:post:delete' } },
    });
    expect(await missing()).toMatchObject({ message: 'Permission system:post:delete is required', extensions: { code: 403, params: { permission: 'system:post:delete' } } });

    const badToken = async (acceptLanguage?: string) => (await graphql(test.app, DELETE_POST, { token: 'not-a-token', acceptLanguage })).errors![0]!;
    const chinese = await badToken('zh-CN');
    expect(chinese.extensions).toMatchObject({ code: 401 });
    expect(chinese.message).toMatch(CJK);
    const english = await badToken();
    expect(english.extensions).toMatchObject({ code: 401 });
    expect(english.message).toBe('Sign in as an administrator first');
    expect(chinese.message).toBe('请先以管理员身份登录');
  });

  it('answers a bad bearer token and a wrong client secret on /open-api in Chinese for zh-CN, and in English without the header', async () => {
    const language = (acceptLanguage?: string) => (acceptLanguage ? { 'accept-language': acceptLanguage } : {});
    const detail = (acceptLanguage?: string) =>
      test.app.inject({ method: 'GET', url: '/open-api/goods/detail?goodsId=1&source=1', headers: { authorization: 'Bearer not-a-token', ...language(acceptLanguage) } });
    const envelope = (response: LightMyRequestResponse) => response.json() as { code: number; msg: string };
    expect(envelope(await detail('zh-CN'))).toEqual(expect.objectContaining({ code: 401, msg: 'invalid_token: 令牌未知、已过期或已被吊销' }));
    expect(envelope(await detail())).toEqual(expect.objectContaining({ code: 401, msg: 'invalid_token: unknown, expired or revoked token' }));

    const token = (acceptLanguage?: string) =>
      test.app.inject({
        method: 'POST',
        url: '/open-api/system/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...language(acceptLanguage) },
        payload: 'grant_type=client_credentials&client_id=no-such-client&client_secret=wrong',
      });
    expect(envelope(await token('zh-CN'))).toEqual(expect.objectContaining({ code: 401, msg: 'invalid_client: 客户端未知或密钥错误' }));
    expect(envelope(await token())).toEqual(expect.objectContaining({ code: 401, msg: 'invalid_client: unknown client or wrong secret' }));
  });
});

describe('/trpc', () => {
  it('answers a business error in Chinese', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { memberId: 99_999_999 } }));
    const get = (language?: string) =>
      test.app.inject({ method: 'GET', url: `/trpc/member.get?input=${input}`, headers: { authorization: `Bearer ${superToken}`, ...(language ? { 'accept-language': language } : {}) } });
    const messageOf = (response: LightMyRequestResponse) => (response.json() as { error: { json: { message: string } } }).error.json.message;
    expect(messageOf(await get('zh-CN'))).toBe('会员 99999999 不存在');
    expect(messageOf(await get())).toBe('Member 99999999 does not exist');
  });
});

describe('/open-api', () => {
  it('answers business and validation errors in Chinese for zh-CN, and in English without the header', async () => {
    const token = await partnerToken(test.app);
    const detail = (query: string, language?: string) =>
      test.app.inject({ method: 'GET', url: `/open-api/goods/detail?${query}`, headers: { authorization: `Bearer ${token}`, ...(language ? { 'accept-language': language } : {}) } });
    const envelope = (response: LightMyRequestResponse) => response.json() as { code: number; msg: string; error_detail: string };

    expect(envelope(await detail('goodsId=999999999999&source=1', 'zh-CN'))).toMatchObject({ code: ErrorCatalogue.GOODS_NOT_FOUND.code, msg: '来源 1 的商品 999999999999 不存在' });
    expect(envelope(await detail('goodsId=999999999999&source=1'))).toMatchObject({ msg: 'Goods 999999999999 of source 1 does not exist' });

    expect(envelope(await detail('goodsId=1&source=5', 'zh-CN'))).toMatchObject({ code: 400, msg: '请求无效：source: 必须是以下之一：1, 2, 3' });
    expect(envelope(await detail('goodsId=1&source=5'))).toMatchObject({ code: 400, msg: 'Invalid request: source: must be one of 1, 2, 3' });
  });
});
