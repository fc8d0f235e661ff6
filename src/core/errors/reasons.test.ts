import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ErrorCatalogue } from './catalogue';
import { describeError } from './describe-error';
import { ErrorReasons, type ReasonName, refusal } from './reasons';

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const CJK = /[\u4e00-\u9fff]/;
/** RFC 6749 / 6750 error codes that lead a reason (`invalid_client: ...`): protocol tokens, kept verbatim. */
const PROTOCOL_TOKEN = /^[a-z]+_[a-z_]+:/;

describe('the reasons of errors', () => {
  const names = Object.keys(ErrorReasons) as ReasonName[];

  it('are written in Chinese with exactly the English parameters, keeping protocol tokens verbatim', () => {
    expect(names.filter((name) => JSON.stringify(placeholders(ErrorReasons[name]['zh-CN'])) !== JSON.stringify(placeholders(ErrorReasons[name].en)))).toEqual([]);
    expect(names.filter((name) => !CJK.test(ErrorReasons[name]['zh-CN']))).toEqual([]);
    expect(names.filter((name) => !ErrorReasons[name]['zh-CN'].startsWith(ErrorReasons[name].en.match(PROTOCOL_TOKEN)?.[0] ?? ''))).toEqual([]);
  });

  it('are worded in the request\'s language, the English text as thrown, and keep their parameters for clients', () => {
    const refused = refusal(ErrorCatalogue.FORBIDDEN, 'permissionRequired', { permission: 'system:post:create' });
    expect(describeError(refused, 'r')).toMatchObject({ message: 'Permission system:post:create is required', params: { permission: 'system:post:create' } });
    expect(describeError(refused, 'r', undefined, ['zh-CN'])).toMatchObject({
      message: '需要权限 system:post:create',
      params: { permission: 'system:post:create', reason: '需要权限 system:post:create' },
    });
    // A console override in another language words the code; the reason then stays English.
    expect(describeError(refused, 'r', (_code, language) => (language === 'pt' ? 'Proibido: {reason}' : undefined), ['pt', 'zh-CN']).message).toBe(
      'Proibido: Permission system:post:create is required',
    );
  });

  it('words a detail that repeats the reason too', () => {
    const refused = refusal(ErrorCatalogue.BAD_REQUEST, 'formFieldRequired', { field: 'grant_type' }, { detail: 'grant_type: required' });
    expect(describeError(refused, 'r', undefined, ['zh-CN'])).toMatchObject({ message: '请求无效：grant_type: 必填', detail: 'grant_type: 必填' });
  });

  it('cannot be written as text where an error is thrown (npm run lint refuses it)', async () => {
    const eslint = new ESLint();
    const source = [
      "import { ErrorCatalogue } from './catalogue';",
      "import { ServiceError } from './service-error';",
      "export const literal = () => new ServiceError(ErrorCatalogue.FORBIDDEN, { reason: 'no' });",
      'export const template = (x: number) => new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: `${x} is wrong` });',
      'export const passedOn = (reason: string) => new ServiceError(ErrorCatalogue.UNAUTHORIZED, { reason });',
      "export const named = () => refusal(ErrorCatalogue.FORBIDDEN, 'tenantRequired');",
    ].join('\n');
    const [result] = await eslint.lintText(source, { filePath: 'src/core/errors/probe.ts' });
    const refused = result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.line);
    expect(refused).toEqual([3, 4, 5]);
  });
});
