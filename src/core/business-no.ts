// Business numbers: a prefix (O order, PI order item, PAY pay order, E expense, B bag, PO payment
// order), the UTC time to the second, and random digits. Sortable by time, unguessable enough to
// not leak volumes, and unique by a database constraint (callers retry on the rare collision).
import { randomInt } from 'node:crypto';
import { isUniqueViolation } from './db/unique-violation';

export type BusinessNoPrefix = 'O' | 'PI' | 'PAY' | 'E' | 'B' | 'PO';

export function newBusinessNo(prefix: BusinessNoPrefix, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

/** Tries of a write that draws new business numbers, before a collision is reported. */
export const BUSINESS_NO_ATTEMPTS = 3;

/**
 * Runs `write`, which draws its business numbers inside, again when it fails on a unique constraint,
 * up to BUSINESS_NO_ATTEMPTS times in all: two numbers drawn in the same second share their time and
 * collide on the random digits about once in a million draws. For writes whose only unique
 * constraints are on numbers they draw.
 */
export async function withFreshBusinessNumbers<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= BUSINESS_NO_ATTEMPTS) throw error;
    }
  }
}
