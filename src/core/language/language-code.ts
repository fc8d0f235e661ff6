// Language codes of content and system languages: BCP 47 style tags such as `en`, `zh-CN`, `pt`,
// `zh-Hant`, at most 10 characters (SystemLanguage.langCode). Tags are stored in their canonical
// case (language lower, script title, region upper) so `EN` and `en` are one language.
import { z } from '../validation';
import { fieldText } from '../validation-messages';

export const LANGUAGE_CODE_MAX = 10;

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** `zh-hant-tw` -> `zh-Hant-TW`. */
export function canonicalLanguageCode(tag: string): string {
  return tag
    .split('-')
    .map((part, index) => {
      if (index === 0) return part.toLowerCase();
      if (/^[A-Za-z]{4}$/.test(part)) return part[0]!.toUpperCase() + part.slice(1).toLowerCase();
      if (/^[A-Za-z]{2}$/.test(part)) return part.toUpperCase();
      return part.toLowerCase();
    })
    .join('-');
}

export const languageCodeSchema = z
  .string()
  .max(LANGUAGE_CODE_MAX)
  .regex(LANGUAGE_TAG, fieldText('languageTag'))
  .transform(canonicalLanguageCode);

/** The language content falls back to when a language has none of its own. */
export const DEFAULT_LANGUAGE = 'en';
