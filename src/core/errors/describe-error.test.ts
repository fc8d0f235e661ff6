import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCatalogue } from './catalogue';
import { describeError, issuePath } from './describe-error';
import { ServiceError } from './service-error';

describe('describeError', () => {
  it('describes a service error with its code, rendered message, status and headers', () => {
    const error = new ServiceError(ErrorCatalogue.TOO_MANY_REQUESTS, { limit: 5 }, '', { 'Retry-After': '1' });
    expect(describeError(error, 'req-1')).toEqual({
      code: 429,
      name: 'TOO_MANY_REQUESTS',
      params: { limit: 5 },
      fieldErrors: [],
      httpStatus: 429,
      message: 'Too many requests: the limit is 5 per second',
      detail: '',
      headers: { 'Retry-After': '1' },
      unexpected: false,
    });
  });

  it('answers business rejections with HTTP 200 and their business code', () => {
    const description = describeError(new ServiceError(ErrorCatalogue.TENANT_NOT_FOUND, { tenantId: 9 }), 'req-1');
    expect(description).toMatchObject({ code: 1_002_010_000, httpStatus: 200, message: 'Tenant 9 does not exist' });
  });

  it('names the field of a validation error', () => {
    const result = z.object({ items: z.array(z.object({ qty: z.number() })) }).safeParse({ items: [{ qty: 'x' }] });
    expect(result.success).toBe(false);
    const description = describeError(result.error, 'req-1');
    expect(description).toMatchObject({ code: 400, httpStatus: 400 });
    expect(description.message).toMatch(/^Invalid request: items\[0\]\.qty: /);
  });

  it('hides unexpected errors behind a 500 that carries the request id', () => {
    expect(describeError(new TypeError('cannot read x of undefined at db.ts:12'), 'req-42')).toEqual({
      code: 500,
      name: 'INTERNAL_SERVER_ERROR',
      params: { requestId: 'req-42' },
      fieldErrors: [],
      httpStatus: 500,
      message: 'Internal server error (request req-42)',
      detail: '',
      headers: {},
      unexpected: true,
    });
  });

  it('writes paths the way partners read them', () => {
    expect(issuePath(['items', 0, 'qty'])).toBe('items[0].qty');
    expect(issuePath([])).toBe('(root)');
  });

  describe('in the request\'s language', () => {
    const exists = new ServiceError(ErrorCatalogue.POST_CODE_EXISTS, { code: 'ceo' });
    const CHINESE = '编码为 ceo 的岗位已存在';
    const ENGLISH = 'A post with code ceo already exists';

    it.each([
      [['zh-CN'], CHINESE],
      [['zh'], CHINESE],
      [['zh-TW'], CHINESE],
      [['fr-FR', 'zh-CN'], CHINESE],
      [['en', 'zh-CN'], ENGLISH],
      [['en-GB'], ENGLISH],
      [['de'], ENGLISH],
      [[], ENGLISH],
    ])('words a business error by the first accepted language the service writes: %j', (languages, message) => {
      expect(describeError(exists, 'r', undefined, languages).message).toBe(message);
    });

    it('lets the console\'s override win over the built-in language, and an override of an earlier language over both', () => {
      const overrides = (language: string) => (language === 'zh-CN' ? '岗位编码 {code} 重复' : language === 'pt' ? 'O código {code} já existe' : undefined);
      const messages = (code: number, language: string) => (code === ErrorCatalogue.POST_CODE_EXISTS.code ? overrides(language) : undefined);
      expect(describeError(exists, 'r', messages, ['zh-CN']).message).toBe('岗位编码 ceo 重复');
      expect(describeError(exists, 'r', messages, ['zh-TW']).message).toBe(CHINESE);
      expect(describeError(exists, 'r', messages, ['pt', 'zh-CN']).message).toBe('O código ceo já existe');
      expect(describeError(exists, 'r', messages, ['en', 'pt']).message).toBe(ENGLISH);
    });

    it('gives the field of a business error its code and parameters', () => {
      expect(describeError(exists, 'r', undefined, ['zh-CN']).fieldErrors).toEqual([{ field: 'code', code: 'POST_CODE_EXISTS', params: { code: 'ceo' }, message: CHINESE }]);
    });
  });
});
