// Secrets and personal data the console reads back masked, and the rule that makes the masked value
// safe to send back: a save carrying exactly what the console was shown keeps the stored value.
// OAuth 2.0 and social client secrets, SMS channel keys and mail accounts all mask through here.

/** What a secret reads as; sent back on update it keeps the stored secret. */
export const MASKED_SECRET = '******';

/** How many characters a key keeps at each end, and the shortest key that keeps any. */
const KEY_KEPT_CHARS = 3;
const KEY_MIN_LENGTH_SHOWN = 12;

/**
 * An API key as the console shows it: its first and last 3 characters around `****`
 * (`LTA****x9Q`), so an administrator can tell keys apart; keys shorter than 12 characters, which
 * would show half of themselves, read as ******.
 */
export function maskKey(value: string): string {
  if (value.length < KEY_MIN_LENGTH_SHOWN) return MASKED_SECRET;
  return `${value.slice(0, KEY_KEPT_CHARS)}****${value.slice(-KEY_KEPT_CHARS)}`;
}

/**
 * A mail address as the console shows it: the first character of the local part and the whole
 * domain (`a****@example.com`); a value without `@` (a plain user name) masks as a key.
 */
export function maskMail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 0) return maskKey(value);
  const local = value.slice(0, at);
  return `${local.length > 1 ? local[0] : ''}****${value.slice(at)}`;
}

/**
 * The value to store on update: the stored one when the caller sent back the masked form it was
 * shown (or one of the other `placeholders`), else what the caller sent.
 */
export function unmasked(sent: string, stored: string, mask: (value: string) => string, placeholders: readonly string[] = []): string {
  return sent === mask(stored) || placeholders.includes(sent) ? stored : sent;
}
