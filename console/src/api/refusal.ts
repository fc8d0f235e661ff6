// A refusal worded here, in the chosen language, from the error's name and parameters when the
// console has a text for that name (src/i18n, `errors`); any other in the server's own message,
// which the server already words in the language the console sent.
import { i18next } from '../i18n';
import { ApiError } from './client';

export function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.codeName && i18next.exists(`errors.${error.codeName}`)) return i18next.t(`errors.${error.codeName}`, error.params);
  return error instanceof Error ? error.message : String(error);
}
