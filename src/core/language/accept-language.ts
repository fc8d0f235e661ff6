// Accept-Language as RFC 9110 12.5.4 reads it: a list of language ranges, each with an optional
// weight, most wanted first. `fr-FR,pt;q=0.9` asks for French, then Portuguese, then anything.
import { DEFAULT_LANGUAGE } from './language-code';

/** The languages the service itself writes labels and menu names in (error messages may have more, as overrides). */
export const LABEL_LANGUAGES = [DEFAULT_LANGUAGE, 'zh-CN'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

/** Longer headers are cut here: a client wants a few languages, not hundreds. */
const MAX_RANGES = 20;

/**
 * The header's language tags, most wanted first (by weight, then by position); tags weighted 0, the
 * wildcard and malformed entries are left out. Empty when the header is absent.
 */
export function acceptedLanguages(header: string | readonly string[] | undefined | null): readonly string[] {
  const text = typeof header === 'string' ? header : header?.join(',');
  if (!text) return [];
  const ranges: { tag: string; weight: number; position: number }[] = [];
  for (const [position, entry] of text.split(',').slice(0, MAX_RANGES).entries()) {
    const [rawTag, ...parameters] = entry.split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    const weightParameter = parameters.map((parameter) => parameter.trim()).find((parameter) => /^q=/i.test(parameter));
    const weight = weightParameter === undefined ? 1 : Number(weightParameter.slice(2));
    if (!(weight > 0 && weight <= 1)) continue;
    ranges.push({ tag, weight, position });
  }
  return ranges.sort((a, b) => b.weight - a.weight || a.position - b.position).map((range) => range.tag);
}

/**
 * The first of `accepted` that `supported` has: the exact tag (any case), else one with the same
 * primary language (`zh-TW` and `zh` get `zh-CN` when that is the only Chinese); `fallback` when none.
 */
export function negotiateLanguage<T extends string>(accepted: readonly string[], supported: readonly T[], fallback: T): T {
  for (const tag of accepted) {
    const lower = tag.toLowerCase();
    const exact = supported.find((candidate) => candidate.toLowerCase() === lower);
    if (exact) return exact;
    const primary = lower.split('-')[0];
    const sameLanguage = supported.find((candidate) => candidate.toLowerCase().split('-')[0] === primary);
    if (sameLanguage) return sameLanguage;
  }
  return fallback;
}

/** The label language a request asked for (English when it asked for none the service writes). */
export const labelLanguageOf = (accepted: readonly string[]): LabelLanguage => negotiateLanguage(accepted, LABEL_LANGUAGES, DEFAULT_LANGUAGE);
