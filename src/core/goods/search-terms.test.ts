import { describe, expect, it } from 'vitest';
import { MAX_KEYWORD_TERMS, containsPattern, keywordTerms, startsWithPattern } from './search-terms';

describe('keywordTerms', () => {
  it.each([
    ['Nike  Hoodie', ['nike', 'hoodie']],
    ['  hoodie\tBLACK\nxl ', ['hoodie', 'black', 'xl']],
    ['卫衣\u3000男', ['卫衣', '男']],
    ['nike NIKE Nike', ['nike']],
    ['   ', []],
  ])('%j', (keyword, terms) => {
    expect(keywordTerms(keyword)).toEqual(terms);
  });

  it('keeps at most MAX_KEYWORD_TERMS terms', () => {
    const keyword = Array.from({ length: 20 }, (_, index) => `t${index}`).join(' ');
    expect(keywordTerms(keyword)).toHaveLength(MAX_KEYWORD_TERMS);
  });
});

describe('LIKE patterns', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(containsPattern('100%_off\\x')).toBe('%100\\%\\_off\\\\x%');
    expect(startsWithPattern('a_b')).toBe('a\\_b%');
  });
});
