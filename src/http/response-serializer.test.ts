import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from '../core/validation';
import { envelopeOf, ok } from '../openapi/envelope';
import { codeOut, dateTimeOut } from '../openapi/params';
import { compiledSerializerCompiler } from './response-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'POST', url: '/probe', httpStatus: '200' });
const viaZod = (schema: z.ZodType) => zodSerializerCompiler(route(schema)) as (data: unknown) => string;
const compiled = (schema: z.ZodType, verify = false) => compiledSerializerCompiler({ verify })(route(schema));

const row = z.object({
  id: z.int().min(1),
  name: z.string(),
  note: z.string().nullable(),
  remarks: z.string().optional(),
  status: codeOut([0, 10], 'status'),
  kind: z.enum(['a', 'b']),
  paid: z.boolean(),
  at: dateTimeOut,
  paidAt: dateTimeOut.nullable(),
  tags: z.array(z.string()),
  '2': z.literal('integer-like keys come first in JSON'),
});
const answer = envelopeOf(z.object({ list: z.array(row), total: z.int().min(0) }), []);

const aRow = {
  id: 7,
  name: 'quote " and \\ and \u2028 and \ud800',
  note: null,
  status: 10,
  kind: 'b',
  paid: false,
  at: new Date(Date.UTC(2026, 10, 26, 8, 0, 0, 5)),
  paidAt: null,
  tags: [],
  '2': 'integer-like keys come first in JSON',
  internal: 'not in the schema: left out',
};

describe('compiled response serializer', () => {
  it('writes what zod encodes and JSON.stringify writes, byte for byte', () => {
    const values = [
      ok({ list: [aRow, { ...aRow, remarks: 'given', note: 'n', paidAt: new Date(0), tags: ['x', 'y'] }, { ...aRow, remarks: undefined }], total: 3 }),
      ok({ list: [], total: 0 }),
    ];
    for (const value of values) expect(compiled(answer)(value)).toBe(viaZod(answer)(value));
  });

  it("fails a value zod refuses with zod's error", () => {
    const wrong = [
      { ...aRow, id: 1.5 },
      { ...aRow, id: 0 },
      { ...aRow, status: '10' },
      { ...aRow, kind: 'c' },
      { ...aRow, at: new Date(Number.NaN) },
      { ...aRow, at: '2026-11-26T08:00:00.000Z' },
      { ...aRow, name: undefined },
      { ...aRow, tags: 'x' },
    ];
    for (const value of wrong) {
      const data = ok({ list: [value], total: 1 });
      expect(() => viaZod(answer)(data)).toThrow();
      expect(() => compiled(answer)(data)).toThrow(/Response doesn't match the schema/);
    }
  });

  it('leaves schemas it does not model to zod', () => {
    const withRecord = envelopeOf(z.object({ props: z.record(z.string(), z.string()) }), []);
    const data = ok({ props: { Color: 'Black' } });
    expect(compiled(withRecord)(data)).toBe(viaZod(withRecord)(data));
    const refined = z.object({ a: z.string().refine((text) => text !== 'no') });
    expect(() => compiled(refined)({ a: 'no' })).toThrow();
  });

  it('writes a record of unknown values (stored JSON) as zod does, and leaves what zod refuses or would change to zod', () => {
    const withProps = envelopeOf(z.object({ props: z.record(z.string(), z.unknown()) }), []);
    for (const props of [{}, { Color: 'Black', '10': 1, nested: { a: [1, null, 'x'] }, gone: undefined }, JSON.parse('{"__proto__":{"a":1},"b":2}')]) {
      expect(compiled(withProps)(ok({ props }))).toBe(viaZod(withProps)(ok({ props })));
    }
    for (const props of [null, [], 'text', new Date(0)]) {
      expect(() => viaZod(withProps)(ok({ props }))).toThrow();
      expect(() => compiled(withProps)(ok({ props }))).toThrow(/Response doesn't match the schema/);
    }
  });

  it('compares both ways when verifying', () => {
    const value = ok({ list: [aRow], total: 1 });
    expect(compiled(answer, true)(value)).toBe(viaZod(answer)(value));
  });
});
