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
});
