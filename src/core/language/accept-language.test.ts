import { describe, expect, it } from 'vitest';
import { acceptedLanguages, labelLanguageOf } from './accept-language';

describe('acceptedLanguages', () => {
  it.each([
    ['pt-BR,pt;q=0.9,en;q=0.8', ['pt-BR', 'pt', 'en']],
    ['fr-FR,pt;q=0.9', ['fr-FR', 'pt']],
    ['en;q=0.5, zh-CN;q=0.9, de', ['de', 'zh-CN', 'en']],
    ['  zh-CN ; q=1 , en', ['zh-CN', 'en']],
    ['de;q=0, fr', ['fr']],
    ['*', []],
    ['en;q=2, bad tag!, ', []],
    ['', []],
    [undefined, []],
    [['de', 'fr;q=0.5'], ['de', 'fr']],
  ] as const)('reads %j as %j', (header, tags) => {
    expect(acceptedLanguages(header)).toEqual(tags);
  });
});

describe('labelLanguageOf', () => {
  it.each([
    ['fr-FR,zh;q=0.9', 'zh-CN'],
    ['fr-FR,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['ZH-cn', 'zh-CN'],
    ['fr-FR,de', 'en'],
    ['', 'en'],
  ])('answers %j in %s', (header, language) => {
    expect(labelLanguageOf(acceptedLanguages(header))).toBe(language);
  });
});
