import { describe, expect, it } from 'vitest';
import { AhoCorasick, SensitiveWordMatcher, type Match } from './aho-corasick';

function spans<T>(matches: readonly Match<T>[]): [string, number, number][] {
  return matches.map((match) => [match.pattern, match.start, match.end]);
}

function withIndexPayloads(patterns: readonly string[]): [string, number][] {
  return patterns.map((pattern, index) => [pattern, index]);
}

describe('AhoCorasick', () => {
  it('finds overlapping patterns and patterns that are suffixes of others', () => {
    const automaton = new AhoCorasick(withIndexPayloads(['he', 'she', 'his', 'hers']));
    expect(spans(automaton.findAll('ushers'))).toEqual([
      ['she', 1, 4],
      ['he', 2, 4],
      ['hers', 2, 6],
    ]);
  });

  it('reports every suffix pattern ending at the same position, ordered by start', () => {
    const automaton = new AhoCorasick(withIndexPayloads(['c', 'abc', 'bc']));
    expect(spans(automaton.findAll('xabc'))).toEqual([
      ['abc', 1, 4],
      ['bc', 2, 4],
      ['c', 3, 4],
    ]);
  });

  it('finds repeated, self-overlapping occurrences', () => {
    const automaton = new AhoCorasick(withIndexPayloads(['aa']));
    expect(spans(automaton.findAll('aaaa'))).toEqual([
      ['aa', 0, 2],
      ['aa', 1, 3],
      ['aa', 2, 4],
    ]);
  });

  it('matches Chinese text with code-unit positions', () => {
    const automaton = new AhoCorasick(withIndexPayloads(['法轮', '轮功', '赌博']));
    const text = '禁止赌博和法轮功';
    const matches = automaton.findAll(text);
    expect(spans(matches)).toEqual([
      ['赌博', 2, 4],
      ['法轮', 5, 7],
      ['轮功', 6, 8],
    ]);
    for (const match of matches) expect(text.slice(match.start, match.end)).toBe(match.pattern);
  });

  it('treats surrogate pairs as single symbols', () => {
    const automaton = new AhoCorasick(withIndexPayloads(['😀😀', '😀x', '\uDE00']));
    const text = 'a😀😀😀x';
    expect(spans(automaton.findAll(text))).toEqual([
      ['😀😀', 1, 5],
      ['😀😀', 3, 7],
      ['😀x', 5, 8],
    ]);
    // A lone low surrogate pattern must not match the second half of an emoji...
    expect(automaton.containsAny('😀')).toBe(false);
    // ...but does match a lone low surrogate in the text.
    expect(spans(automaton.findAll('x\uDE00'))).toEqual([['\uDE00', 1, 2]]);
  });

  it('matches mixed scripts', () => {
    const automaton = new AhoCorasick(withIndexPayloads(['VPN翻墙', '🔥sale']));
    expect(spans(automaton.findAll('买vpn翻墙工具🔥SALE!'))).toEqual([
      ['VPN翻墙', 1, 6],
      ['🔥sale', 8, 14],
    ]);
  });

  it('is case-insensitive by default, keeping positions of the original text', () => {
    const automaton = new AhoCorasick(withIndexPayloads(['Spam', 'ÉCOLE', 'σ']));
    expect(spans(automaton.findAll('SPAM école Σ spam'))).toEqual([
      ['Spam', 0, 4],
      ['ÉCOLE', 5, 10],
      ['σ', 11, 12],
      ['Spam', 13, 17],
    ]);
  });

  it('leaves characters whose lower case changes length unfolded', () => {
    // "İ".toLowerCase() is two code points; folding it would shift every later position.
    const automaton = new AhoCorasick(withIndexPayloads(['İx', 'y']));
    expect(spans(automaton.findAll('İxiy'))).toEqual([
      ['İx', 0, 2],
      ['y', 3, 4],
    ]);
  });

  it('can be case-sensitive', () => {
    const automaton = new AhoCorasick(withIndexPayloads(['Spam']), { caseInsensitive: false });
    expect(spans(automaton.findAll('spam Spam SPAM'))).toEqual([['Spam', 5, 9]]);
  });

  it('merges duplicate patterns, collecting payloads under the first spelling', () => {
    const automaton = new AhoCorasick<string>([
      ['bad', 'first'],
      ['BAD', 'second'],
      ['bad', 'third'],
    ]);
    const matches = automaton.findAll('so bad');
    expect(matches).toEqual([{ pattern: 'bad', start: 3, end: 6, payloads: ['first', 'second', 'third'] }]);
  });

  it('ignores empty patterns', () => {
    const automaton = new AhoCorasick(withIndexPayloads(['', 'a']));
    expect(spans(automaton.findAll('bab'))).toEqual([['a', 1, 2]]);
    expect(new AhoCorasick(withIndexPayloads([''])).containsAny('anything')).toBe(false);
  });

  it('handles empty text and no patterns', () => {
    const automaton = new AhoCorasick(withIndexPayloads(['a']));
    expect(automaton.findAll('')).toEqual([]);
    expect(automaton.containsAny('')).toBe(false);
    const empty = new AhoCorasick<number>([]);
    expect(empty.findAll('abc')).toEqual([]);
    expect(empty.containsAny('abc')).toBe(false);
  });

  it('answers containsAny', () => {
    const automaton = new AhoCorasick(withIndexPayloads(['she', 'hers']));
    expect(automaton.containsAny('ushers')).toBe(true);
    expect(automaton.containsAny('ushe')).toBe(true);
    expect(automaton.containsAny('ush')).toBe(false);
    // A hit reachable only through an output link (not the current node's own pattern).
    expect(new AhoCorasick(withIndexPayloads(['b', 'abc'])).containsAny('ab')).toBe(true);
  });

  describe('agrees with a naive matcher on random inputs', () => {
    // Case pairs plus CJK and an astral character; toLowerCase keeps lengths over this alphabet,
    // so the naive oracle may fold whole strings at once.
    const alphabet = ['a', 'b', 'A', 'B', '中', '😀'];

    /** mulberry32: small, seeded, and good enough to spread test cases. */
    function seededRandom(seed: number): () => number {
      let state = seed >>> 0;
      return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
    }

    function randomString(random: () => number, maxLength: number): string {
      const length = Math.floor(random() * (maxLength + 1));
      let result = '';
      for (let i = 0; i < length; i++) result += alphabet[Math.floor(random() * alphabet.length)];
      return result;
    }

    function naiveFindAll(
      patterns: readonly [string, number][],
      text: string,
      caseInsensitive: boolean,
    ): Match<number>[] {
      const fold = (value: string) => (caseInsensitive ? value.toLowerCase() : value);
      const merged = new Map<string, { pattern: string; payloads: number[] }>();
      for (const [pattern, payload] of patterns) {
        if (pattern === '') continue;
        const entry = merged.get(fold(pattern));
        if (entry) entry.payloads.push(payload);
        else merged.set(fold(pattern), { pattern, payloads: [payload] });
      }
      const foldedText = fold(text);
      const matches: Match<number>[] = [];
      for (const [folded, { pattern, payloads }] of merged) {
        for (let start = 0; start < foldedText.length; start++) {
          if (foldedText.startsWith(folded, start)) {
            matches.push({ pattern, start, end: start + pattern.length, payloads });
          }
        }
      }
      return matches;
    }

    function byPosition(left: Match<number>, right: Match<number>): number {
      return left.start - right.start || left.end - right.end;
    }

    for (const caseInsensitive of [true, false]) {
      it(`caseInsensitive: ${caseInsensitive}`, () => {
        const random = seededRandom(caseInsensitive ? 20240601 : 7);
        for (let round = 0; round < 200; round++) {
          const patterns = withIndexPayloads(
            Array.from({ length: 20 }, () => randomString(random, 4)),
          );
          const text = randomString(random, 60);
          const automaton = new AhoCorasick(patterns, { caseInsensitive });
          const expected = naiveFindAll(patterns, text, caseInsensitive).sort(byPosition);
          const actual = automaton.findAll(text);
          expect([...actual].sort(byPosition), `patterns ${JSON.stringify(patterns)} text ${text}`).toEqual(
            expected,
          );
          expect(automaton.containsAny(text)).toBe(expected.length > 0);
        }
      });
    }
  });
});

describe('SensitiveWordMatcher', () => {
  const words = [
    { name: '赌博', tags: ['gambling'], enabled: true },
    { name: '博彩', tags: ['gambling', 'ads'], enabled: true },
    { name: 'Spam', tags: ['ads'], enabled: true },
    { name: 'SPAM', tags: ['notice'], enabled: true },
    { name: '代购', tags: ['ads'], enabled: false },
    { name: '翻墙', tags: [], enabled: true },
  ];
  const matcher = new SensitiveWordMatcher(words);
  const text = '赌博博彩 spam 代购 翻墙 赌博';

  it('returns each distinct enabled word once, with all occurrences', () => {
    expect(matcher.validate(text)).toEqual([
      { word: '赌博', tags: ['gambling'], occurrences: [{ start: 0, end: 2 }, { start: 16, end: 18 }] },
      { word: '博彩', tags: ['gambling', 'ads'], occurrences: [{ start: 2, end: 4 }] },
      { word: 'Spam', tags: ['ads', 'notice'], occurrences: [{ start: 5, end: 9 }] },
      { word: '翻墙', tags: [], occurrences: [{ start: 13, end: 15 }] },
    ]);
  });

  it('treats an empty tag list like no tags', () => {
    expect(matcher.validate(text, [])).toEqual(matcher.validate(text));
  });

  it('restricts to words carrying at least one of the given tags', () => {
    expect(matcher.validate(text, ['ads']).map((hit) => hit.word)).toEqual(['博彩', 'Spam']);
    expect(matcher.validate(text, ['gambling', 'unknown']).map((hit) => hit.word)).toEqual([
      '赌博',
      '博彩',
    ]);
  });

  it('reports only the tags of merged entries that passed the filter', () => {
    expect(matcher.validate('SPAM', ['notice'])).toEqual([
      { word: 'Spam', tags: ['notice'], occurrences: [{ start: 0, end: 4 }] },
    ]);
  });

  it('ignores disabled words and returns nothing for clean text', () => {
    expect(matcher.validate('代购')).toEqual([]);
    expect(matcher.validate('')).toEqual([]);
    expect(new SensitiveWordMatcher([]).validate(text)).toEqual([]);
  });
});
