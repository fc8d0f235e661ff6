// The heads of the delivery queues. Deliveries of one key and endpoint go out one after the other, so
// of each key only its first pending delivery (its head) can be claimed. A claim reads only deliveries
// flagged `head`, and the flag is kept so that the first pending delivery of every key that has one is
// flagged, and only pending ones are:
// - a delivery is flagged when it is written as the first pending of its key (fan-out), or as the
//   first of its key in its statement (a console's test event, written outside the fan-out lock);
// - a delivery that stops being pending loses its flag, and the next pending one of its key is flagged
//   in the same transaction (promoteHeads);
// - deliveries made pending again from the console flag the first of each key among them (requeue).
// A flag on a delivery that is not first (one made pending again behind a pending one) is harmless: the
// claim still checks that none before it is pending. A missing flag would stall its key for good; on
// PostgreSQL, fan-outs and promotions therefore take one advisory lock (exclusive and shared), so a
// promotion never misses a delivery that a concurrent fan-out writes behind a head it sees pending.
import { Prisma } from '../db/client';
import type { DatabaseProvider } from '../db/database-url';
import type { RawSqlTransaction } from '../db/raw-sql';
import { DeliveryStatus } from './webhook-statuses';

/**
 * The PostgreSQL advisory lock of fan-outs: they run one at a time across processes, each taking what
 * the one before left, so the deliveries of a key get ids in the order of its events (two at once would
 * take the same pending events and write each twice, under two event ids). Promotions hold it shared.
 */
const FAN_OUT_LOCK = 0x0b_0f_a0_07;

/** Waits for the fan-out under way, if any, and keeps others off until the transaction ends. */
export function lockFanOuts(sql: RawSqlTransaction, mode: 'exclusive' | 'shared'): Promise<number> {
  const lock = Prisma.raw(mode === 'exclusive' ? 'pg_advisory_xact_lock' : 'pg_advisory_xact_lock_shared');
  return sql.execute(Prisma.sql`SELECT ${lock}(${Prisma.raw(String(FAN_OUT_LOCK))})`);
}

/** The first delivery of its key and endpoint among those an INSERT … SELECT from events `ev` and endpoints `en` writes. */
const FIRST_IN_STATEMENT = Prisma.sql`ROW_NUMBER() OVER (PARTITION BY en."id", ev."orderingKey" ORDER BY ev."id") = 1`;

/**
 * The head flag of a delivery that such an INSERT writes. Under the fan-out lock: the first of its key
 * in the statement with none pending before it. Without it (a console's test event): the first in the
 * statement, whatever is pending before it, since a promotion may be under way that cannot see it.
 */
export const headOnInsert = (underFanOutLock: boolean) =>
  underFanOutLock
    ? Prisma.sql`(${FIRST_IN_STATEMENT} AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" p WHERE p."endpointId" = en."id" AND p."orderingKey" = ev."orderingKey" AND p."status" = ${DeliveryStatus.PENDING}))`
    : FIRST_IN_STATEMENT;

export interface DeliveryKey {
  endpointId: number;
  orderingKey: string;
}

/**
 * Flags the first pending delivery of each key, after some of theirs stopped being pending in this
 * transaction: one index probe per key. On PostgreSQL it waits for a fan-out under way first.
 */
export async function promoteHeads(sql: RawSqlTransaction, provider: DatabaseProvider, keys: readonly DeliveryKey[]): Promise<void> {
  const unique = [...new Map(keys.map((key) => [`${key.endpointId}\n${key.orderingKey}`, key])).values()];
  if (unique.length === 0) return;
  if (provider === 'postgresql') await lockFanOuts(sql, 'shared');
  const firsts = unique.map(
    ({ endpointId, orderingKey }) =>
      Prisma.sql`(SELECT min("id") FROM "WebhookDelivery" WHERE "endpointId" = ${endpointId} AND "orderingKey" = ${orderingKey} AND "status" = ${DeliveryStatus.PENDING})`,
  );
  await sql.execute(Prisma.sql`UPDATE "WebhookDelivery" SET "head" = TRUE WHERE "id" IN (${Prisma.join(firsts)}) AND "head" = FALSE`);
}

/**
 * Makes the deliveries `where` selects pending again from a fresh retry schedule, the first of each key
 * among them flagged; answers how many. Whatever is pending before them in their keys was flagged already.
 */
export function requeue(execute: RawSqlTransaction['execute'], where: Prisma.Sql, now: Date): Promise<number> {
  return execute(Prisma.sql`
    UPDATE "WebhookDelivery" SET "status" = ${DeliveryStatus.PENDING}, "attempts" = 0, "nextAttemptAt" = ${now}, "leaseUntil" = NULL, "leaseToken" = NULL,
      "head" = "id" IN (SELECT min("id") FROM "WebhookDelivery" WHERE ${where} GROUP BY "endpointId", "orderingKey")
    WHERE ${where}`);
}
