import { describe, expect, it } from 'vitest';
import { ErrorCatalogue, type ErrorName } from './catalogue';
import { ErrorCatalogueZhCn } from './catalogue.zh-CN';

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const CJK = /[\u4e00-\u9fff]/;
/** RFC 6749 error codes that lead a message (`invalid_scope: ...`): protocol tokens, kept verbatim. */
const PROTOCOL_TOKEN = /^[a-z]+_[a-z_]+:/;
/** Templates that are only their parameters (`{reason}`) have no words to translate. */
const onlyParameters = (template: string) => template.replace(/\{\w+\}/g, '').trim() === '';

describe('the Simplified Chinese catalogue', () => {
  const names = Object.keys(ErrorCatalogue) as ErrorName[];

  it('words every code with exactly the English template\'s parameters', () => {
    const wrong = names.filter((name) => JSON.stringify(placeholders(ErrorCatalogueZhCn[name] ?? '')) !== JSON.stringify(placeholders(ErrorCatalogue[name].template)));
    expect(wrong).toEqual([]);
    expect(Object.keys(ErrorCatalogueZhCn).sort()).toEqual([...names].sort());
  });

  it('leaves no message in English, and keeps protocol tokens verbatim', () => {
    const english = names.filter((name) => !onlyParameters(ErrorCatalogue[name].template) && !CJK.test(ErrorCatalogueZhCn[name]));
    expect(english).toEqual([]);
    const tokens = names.flatMap((name) => ErrorCatalogue[name].template.match(PROTOCOL_TOKEN) ?? []);
    expect(tokens.length).toBeGreaterThan(0);
    const lost = names.filter((name) => {
      const token = ErrorCatalogue[name].template.match(PROTOCOL_TOKEN)?.[0];
      return token !== undefined && !ErrorCatalogueZhCn[name].startsWith(token);
    });
    expect(lost).toEqual([]);
  });
});
