import { describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { escapeHtml, renderTemplate, templateParams, templateToSend } from './template';

describe('templateParams', () => {
  it.each([
    ['Your code is {code}', ['code']],
    ['{a}{b} {a} and {b}', ['a', 'b']],
    ['Hello {user.name}, order {order_no}-{x-1}', ['user.name', 'order_no', 'x-1']],
    ['no parameters', []],
    ['{"json": true} { spaced } {} {1digit}', []],
    ['', []],
  ])('%j -> %j', (content, expected) => {
    expect(templateParams(content)).toEqual(expected);
  });
});

describe('renderTemplate', () => {
  it('replaces every occurrence and stringifies numbers', () => {
    expect(renderTemplate('{code} is your code; {code} expires in {minutes} min', { code: '1234', minutes: 5 }, 'login')).toBe(
      '1234 is your code; 1234 expires in 5 min',
    );
  });

  it('ignores extra values and keeps literal braces', () => {
    expect(renderTemplate('{"a": {x}}', { x: 1, unused: 'y' }, 't')).toBe('{"a": 1}');
  });

  it('accepts an empty string as a given value', () => {
    expect(renderTemplate('[{x}]', { x: '' }, 't')).toBe('[]');
  });

  it('does not expand values that look like parameters', () => {
    expect(renderTemplate('{a} {b}', { a: '{b}', b: 'B' }, 't')).toBe('{b} B');
  });

  it('encodes values, not the template', () => {
    expect(renderTemplate('<b>{name}</b>', { name: '<i>A&B</i> "q" \'s\'' }, 't', escapeHtml)).toBe('<b>&lt;i&gt;A&amp;B&lt;/i&gt; &quot;q&quot; &#39;s&#39;</b>');
  });

  it('names the template and the first missing parameter', () => {
    const render = () => renderTemplate('Hi {name}, code {code}', { name: 'x' }, 'register');
    expect(render).toThrow(ServiceError);
    expect(render).toThrow(
      expect.objectContaining({ code: ErrorCatalogue.MESSAGE_TEMPLATE_PARAM_MISSING.code, message: 'Template register needs parameter code' }),
    );
  });

  it('does not take inherited properties for parameters', () => {
    expect(() => renderTemplate('{toString}', {}, 't')).toThrow('needs parameter toString');
  });
});

describe('templateToSend', () => {
  const refusals = { notFound: ErrorCatalogue.MAIL_TEMPLATE_CODE_NOT_FOUND, disabled: ErrorCatalogue.MAIL_TEMPLATE_DISABLED };
  const DISABLED = 1;
  const templates = [
    { id: 1, languageCode: 'pt', status: 0 },
    { id: 2, languageCode: 'en', status: 0 },
    { id: 3, languageCode: 'zh-CN', status: 0 },
    { id: 4, languageCode: 'de', status: DISABLED },
  ];
  const sent = (languageCode: string | null, candidates = templates) => templateToSend(candidates, { templateCode: 'welcome', languageCode }, refusals).id;

  it('takes the language asked for (case aside), else English, else the oldest enabled', () => {
    expect(sent('zh-cn')).toBe(3);
    expect(sent('PT')).toBe(1);
    expect(sent(null)).toBe(2);
    expect(sent('de')).toBe(2);
    expect(sent('fr', templates.filter((template) => template.languageCode !== 'en'))).toBe(1);
  });

  it('refuses a code without templates, and one whose templates are all disabled', () => {
    expect(() => sent('en', [])).toThrow('No mail template with code welcome');
    expect(() => sent('en', [{ id: 5, languageCode: 'en', status: DISABLED }])).toThrow('Mail template welcome is disabled in every language');
  });
});
