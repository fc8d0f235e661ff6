/**
 * Keyword handling of the catalog search, kept pure so both databases get the same SQL: the keyword
 * is lower-cased here and matched against `LOWER(title)` with `LIKE` patterns (no provider-specific
 * case-insensitive mode). PostgreSQL's LOWER folds all of Unicode, SQLite's only ASCII: titles in
 * Chinese have no case, and Latin brand names are ASCII, so both answer alike in practice.
 */

/** More terms add nothing a partner means, only SQL; the rest of a long keyword is ignored. */
export const MAX_KEYWORD_TERMS = 8;

/** The keyword's distinct lower-case terms, split on any whitespace (full-width space included). */
export function keywordTerms(keyword: string): string[] {
  return [...new Set(keyword.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_KEYWORD_TERMS);
}

/** The escape character of every LIKE pattern built here (`ESCAPE '\'`). */
export const LIKE_ESCAPE = '\\';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (special) => `${LIKE_ESCAPE}${special}`);
}

/** LIKE pattern: the text anywhere. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** LIKE pattern: the text at the start. */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
