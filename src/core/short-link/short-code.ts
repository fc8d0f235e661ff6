// Random base62 codes for short links (and generated short-link group codes). A code is the only
// thing protecting a link from being listed by strangers, so it comes from crypto randomness,
// uniformly: 8 characters are ~47.6 bits, far beyond enumeration through GET /s/{code}.
import { randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../db/unique-violation';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Bytes from this value up are dropped: 248 = 4 x 62, so every character is equally likely. */
const UNBIASED_LIMIT = 248;

export const SHORT_CODE_LENGTH = 8;

/** What GET /s/{code} looks up; anything else is answered 404 without a query. */
export const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{1,32}$/;

/** A save that breaks the code's unique constraint this many times in a row is a fault, not bad luck. */
const CODE_ATTEMPTS = 5;

export function randomBase62(length: number = SHORT_CODE_LENGTH): string {
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT && code.length < length) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}

/** Runs `save` with a new code until no unique constraint is broken (the only one `save` may break is the code's). */
export async function withUniqueCode<T>(newCode: () => string, save: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await save(newCode());
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}
