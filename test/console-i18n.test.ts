// The console's two catalogues say the same things: every text key in both, with the same
// placeholders ({{field}}), so no screen shows a key or an unfilled value in either language.
import { describe, expect, it } from 'vitest';
import { en } from '../console/src/i18n/en';
import { zhCN } from '../console/src/i18n/zh-CN';

/** Every text of a catalogue by its dotted key. */
const entries = (texts: object, prefix = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value as object, `${prefix}${key}.`)));

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();

describe('console catalogues', () => {
  const english = new Map(entries(en));
  const chinese = new Map(entries(zhCN));

  it('have the same keys', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('fill the same placeholders in both languages', () => {
    const differing = [...english].filter(([key, text]) => chinese.has(key) && placeholders(text).join() !== placeholders(chinese.get(key)!).join());
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it('word every text in Chinese', () => {
    // Brand and protocol names may stay as they are; a whole English sentence is a missed translation.
    const untranslated = [...english].filter(([key, text]) => chinese.get(key) === text && /[a-z]{3,}\s+[a-z]{3,}/i.test(text));
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });
});
