import { describe, expect, it } from 'vitest';
import { describeError } from './errors/describe-error';
import { optionSchema } from './options/option-sets';
import { z } from './validation';
import { fieldIssue, FieldMessages, type FieldMessageName, fieldText } from './validation-messages';

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const CJK = /[\u4e00-\u9fff]/;

/** The field errors of `schema` refusing `input`, described for a request accepting `languages`. */
function refusals(schema: z.ZodType, input: unknown, languages: readonly string[]) {
  const parsed = schema.safeParse(input);
  expect(parsed.success).toBe(false);
  return describeError(parsed.error, 'r', undefined, languages).fieldErrors;
}

describe('validation messages', () => {
  it('are written in every language, with the same parameters', () => {
    const names = Object.keys(FieldMessages) as FieldMessageName[];
    expect(names.filter((name) => JSON.stringify(placeholders(FieldMessages[name]['zh-CN'])) !== JSON.stringify(placeholders(FieldMessages[name].en)))).toEqual([]);
    expect(names.filter((name) => !CJK.test(FieldMessages[name]['zh-CN']))).toEqual([]);
  });

  // Every kind of issue zod raises, and each way a schema names one of our messages.
  const schema = z.strictObject({
    missing: z.string(),
    wrongType: z.number(),
    short: z.string().min(3),
    long: z.array(z.number()).max(1),
    email: z.email(),
    pattern: z.string().regex(/^a+$/),
    choice: z.enum(['a', 'b']),
    literal: z.literal(5),
    step: z.number().multipleOf(5),
    union: z.union([z.number(), z.boolean()]),
    refined: z.string().refine(() => false),
    named: z.string().regex(/^\d+$/, fieldText('mobile')),
    withParams: z.string().max(2, fieldText('atMostCharactersEncoded', { maximum: 2 })),
    refinedNamed: z.string().refine(() => false, fieldIssue('oneOf', { values: ['x', 'y'] })),
    added: z.number().superRefine((value, ctx) => ctx.addIssue({ code: 'custom', ...fieldIssue('duplicateSkuId', { skuId: value }) })),
    option: optionSchema('COMMON_STATUS'),
  });
  const input = { wrongType: 'x', short: 'a', long: [1, 2], email: 'no', pattern: 'b', choice: 'c', literal: 4, step: 7, union: 'x', refined: 'x', named: 'x', withParams: 'xyz', refinedNamed: 'z', added: 9, option: 7, extra: 1 };

  it('answer every field in Chinese when the request accepts it first', () => {
    const chinese = refusals(schema, input, ['fr-FR', 'zh-CN']);
    expect(chinese.map((fieldError) => fieldError.field).sort()).toEqual([...Object.keys(schema.shape), '(root)'].sort());
    expect(chinese.filter((fieldError) => !CJK.test(fieldError.message))).toEqual([]);
    const byField = Object.fromEntries(chinese.map((fieldError) => [fieldError.field, fieldError]));
    expect(byField.missing).toMatchObject({ code: 'required', message: '必填' });
    expect(byField.wrongType).toMatchObject({ code: 'invalidType', params: { expected: 'number', received: 'string' }, message: '无效输入：应为 number，实际为 string' });
    expect(byField.short).toMatchObject({ code: 'too_small', params: { minimum: 3, origin: 'string' } });
    expect(byField.named).toMatchObject({ code: 'mobile', message: FieldMessages.mobile['zh-CN'] });
    expect(byField.withParams).toMatchObject({ code: 'atMostCharactersEncoded', message: '编码后最多 2 个字符' });
    expect(byField.refinedNamed).toMatchObject({ code: 'oneOf', params: { values: ['x', 'y'] }, message: '必须是以下之一：x, y' });
    expect(byField.added).toMatchObject({ code: 'duplicateSkuId', params: { skuId: 9 }, message: 'skuId 9 重复' });
    expect(byField.option!.message).toBe('必须是以下之一：0 (开启), 1 (关闭)');
  });

  it('keep English for a request that accepts English first or no language the service writes', () => {
    for (const languages of [[], ['en'], ['en-US', 'zh-CN'], ['de']]) {
      const english = refusals(schema, input, languages);
      expect(english.filter((fieldError) => CJK.test(fieldError.message))).toEqual([]);
      expect(english.find((fieldError) => fieldError.field === 'missing')).toMatchObject({ code: 'required', message: 'required' });
      expect(english.find((fieldError) => fieldError.field === 'option')!.message).toBe('must be one of 0 (Enabled), 1 (Disabled)');
    }
  });

  it('word the reason and the detail in the same language', () => {
    const parsed = z.object({ name: z.string().min(2) }).safeParse({ name: 'x' });
    const description = describeError(parsed.error, 'r', undefined, ['zh-CN']);
    expect(description.message).toMatch(/^请求无效：name: 数值过小/);
    expect(description.detail).toMatch(/^name: 数值过小/);
    expect(description.params.reason).toMatch(/^name: 数值过小/);
  });
});
