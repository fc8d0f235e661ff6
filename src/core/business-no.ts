// Business numbers: a prefix (O order, PI order item, PAY pay order, E expense, B bag, PO payment
// order), the UTC time to the second, and random digits. Sortable by time, unguessable enough to
// not leak volumes, and unique by a database constraint (callers retry on the rare collision).
import { randomInt } from 'node:crypto';

export type BusinessNoPrefix = 'O' | 'PI' | 'PAY' | 'E' | 'B' | 'PO';

export function newBusinessNo(prefix: BusinessNoPrefix, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}
