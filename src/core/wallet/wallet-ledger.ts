// The one way money moves in or out of a wallet, inside the caller's transaction: a conditional
// balance update (never below zero, never past the column's range) and one ledger row with the
// balance after it. Wallet pay and supplement auto-debit call this in their own transactions so the
// money moves together with the order it pays.
import { type DbTransaction, Prisma } from '../db/client';
import type { RawSqlTransaction } from '../db/raw-sql';
import { ErrorCatalogue } from '../errors/catalogue';
import { type BusinessErrors, ServiceError } from '../errors/service-error';
import { MAX_INT32 } from '../order/query-guards';
import { WebhookEventType } from '../webhook/event-types';
import { memberEventsOf, type OutboxEvent, type WebhookOutbox } from '../webhook/webhook-outbox';

/** What a ledger row says happened (WalletLedger.kind). */
export const WalletLedgerKind = {
  CREDIT: 'credit',
  DEBIT: 'debit',
  REFUND: 'refund',
  PAY: 'pay',
  AUTO_DEBIT: 'auto-debit',
} as const;
export type WalletLedgerKind = (typeof WalletLedgerKind)[keyof typeof WalletLedgerKind];
export const WALLET_LEDGER_KINDS = Object.values(WalletLedgerKind) as [WalletLedgerKind, ...WalletLedgerKind[]];

/** Balances are Int columns (int4 on PostgreSQL). */
export const MAX_WALLET_BALANCE = MAX_INT32;

/** applyWalletMovement with a negative amount (a credit can also hit WALLET_BALANCE_LIMIT). */
export const WALLET_DEBIT_ERRORS: BusinessErrors = [
  ErrorCatalogue.WALLET_NOT_FOUND,
  ErrorCatalogue.WALLET_BIZ_REF_CONFLICT,
  ErrorCatalogue.WALLET_INSUFFICIENT_BALANCE,
];

export interface WalletMovement {
  memberId: number;
  /** Cents: positive credits, negative debits; never zero. */
  amount: number;
  kind: WalletLedgerKind;
  /** Unique per wallet: the same business event can never move money twice. */
  bizRef: string;
  remark?: string | null;
}

export interface LedgerEntry {
  id: number;
  walletId: number;
  memberId: number;
  amount: number;
  balanceAfter: number;
  kind: string;
  bizRef: string;
  remark: string | null;
  createdAt: Date;
}

export interface WalletChange {
  entry: LedgerEntry;
  /** False when the bizRef had already been applied: `entry` is that earlier row and no money moved now. */
  applied: boolean;
}

type Row = Record<string, unknown>;

/**
 * Where a wallet movement's statements run, in the caller's transaction: a Prisma transaction
 * ($queryRaw) or a raw one (db/raw-sql.ts). The SQL is written once for both kinds and both
 * providers, with the columns Prisma would fill itself (updatedAt).
 */
interface LedgerTransaction {
  outbox: WebhookOutbox;
  query(sql: Prisma.Sql): Promise<Row[]>;
  /** `statement`'s rows, with `events` emitted (WebhookOutbox.queryWithEvents). */
  queryWithEvents(statement: Prisma.Sql, events: readonly OutboxEvent[]): Promise<Row[]>;
}

function entryOf(row: Row): LedgerEntry {
  return {
    id: Number(row.id),
    walletId: Number(row.walletId),
    memberId: Number(row.memberId),
    amount: Number(row.amount),
    balanceAfter: Number(row.balanceAfter),
    kind: String(row.kind),
    bizRef: String(row.bizRef),
    remark: row.remark === null ? null : String(row.remark),
    // A Date through $queryRaw, ISO text through the driver.
    createdAt: new Date(row.createdAt as string | Date),
  };
}

/**
 * Adds `amount` to the balance if the result stays in range and `bizRef` has not moved money in this
 * wallet yet; the wallet after it, with the member's partner bindings its events go to, or undefined
 * when nothing changed.
 */
async function move(tx: LedgerTransaction, { memberId, amount, bizRef }: WalletMovement, now: Date): Promise<{ id: number; balance: number; bindings: unknown } | undefined> {
  const inRange = amount < 0 ? Prisma.sql`"balance" >= ${-amount}` : Prisma.sql`"balance" <= ${MAX_WALLET_BALANCE - amount}`;
  const [row] = await tx.query(Prisma.sql`
    UPDATE "Wallet" SET "balance" = "balance" + ${amount}, "updatedAt" = ${now}
    WHERE "memberId" = ${memberId} AND ${inRange} AND NOT EXISTS (SELECT 1 FROM "WalletLedger" l WHERE l."walletId" = "Wallet"."id" AND l."bizRef" = ${bizRef})
    RETURNING "id", "balance", ${tx.outbox.memberBindingsColumn(memberId)}`);
  return row ? { id: Number(row.id), balance: Number(row.balance), bindings: row.bindings } : undefined;
}

/** The ledger row of `bizRef` in the member's wallet, if it was applied before (found through the wallet: the (walletId, bizRef) key serves it). */
async function appliedEntry(tx: LedgerTransaction, memberId: number, bizRef: string): Promise<LedgerEntry | null> {
  const [row] = await tx.query(Prisma.sql`
    SELECT l."id", l."walletId", l."memberId", l."amount", l."balanceAfter", l."kind", l."bizRef", l."remark", l."createdAt"
    FROM "WalletLedger" l JOIN "Wallet" w ON w."id" = l."walletId" WHERE w."memberId" = ${memberId} AND l."bizRef" = ${bizRef} LIMIT 1`);
  return row ? entryOf(row) : null;
}

/** Writes the ledger row, and the movement's events in the same round trip where the provider can (WebhookOutbox.queryWithEvents). */
async function addEntry(tx: LedgerTransaction, entry: Omit<LedgerEntry, 'id'>, events: readonly OutboxEvent[]): Promise<LedgerEntry> {
  const [row] = await tx.queryWithEvents(Prisma.sql`
    INSERT INTO "WalletLedger" ("walletId", "memberId", "amount", "balanceAfter", "kind", "bizRef", "remark", "createdAt")
    VALUES (${entry.walletId}, ${entry.memberId}, ${entry.amount}, ${entry.balanceAfter}, ${entry.kind}, ${entry.bizRef}, ${entry.remark}, ${entry.createdAt})
    RETURNING "id"`, events);
  return { ...entry, id: Number(row?.id) };
}

async function balanceOf(tx: LedgerTransaction, memberId: number): Promise<number | undefined> {
  const [row] = await tx.query(Prisma.sql`SELECT "balance" FROM "Wallet" WHERE "memberId" = ${memberId}`);
  return row ? Number(row.balance) : undefined;
}

/**
 * Moves the money and writes the wallet's event. `alongside` are other events of the same change (the
 * order a pay settles), written in the wallet's one insert of pending events; nothing is written when
 * the bizRef had moved money.
 */
export function applyWalletMovement(tx: DbTransaction, outbox: WebhookOutbox, movement: WalletMovement, now: Date, alongside: readonly OutboxEvent[] = []): Promise<WalletChange> {
  return moveMoney(
    {
      outbox,
      query: (sql) => tx.$queryRaw<Row[]>(sql),
      queryWithEvents: (statement, events) => outbox.queryWithEvents(tx, statement, events),
    },
    movement,
    now,
    alongside,
  );
}

/** applyWalletMovement inside a raw transaction (db/raw-sql.ts), for services whose whole transaction runs there. */
export function applyWalletMovementSql(sql: RawSqlTransaction, outbox: WebhookOutbox, movement: WalletMovement, now: Date, alongside: readonly OutboxEvent[] = []): Promise<WalletChange> {
  return moveMoney(
    {
      outbox,
      query: sql.query,
      queryWithEvents: (statement, events) => outbox.queryWithEventsSql(sql, statement, events),
    },
    movement,
    now,
    alongside,
  );
}

async function moveMoney(tx: LedgerTransaction, movement: WalletMovement, now: Date, alongside: readonly OutboxEvent[]): Promise<WalletChange> {
  const { memberId, amount, bizRef } = movement;
  // One conditional statement that answers the balance it produced: a concurrent change cannot slip
  // between a balance check and the update, and no read-back is needed. Why it changed nothing (the
  // bizRef applied before, no wallet, out of range) is read only then.
  const wallet = await move(tx, movement, now);
  if (!wallet) {
    const earlier = await appliedEntry(tx, memberId, bizRef);
    if (!earlier) throw await refusal(tx, memberId, amount);
    if (earlier.amount !== amount) throw new ServiceError(ErrorCatalogue.WALLET_BIZ_REF_CONFLICT, { bizRef, appliedAmount: earlier.amount, amount });
    return { entry: earlier, applied: false };
  }
  const balanceAfter = wallet.balance;
  const type = amount > 0 ? WebhookEventType.WALLET_CREDITED : WebhookEventType.WALLET_DEBITED;
  const events = [...alongside, ...memberEventsOf(wallet.bindings, type, `wallet:${memberId}`, { amount: Math.abs(amount), balance: balanceAfter, kind: movement.kind }, now)];
  const entry = await addEntry(tx, { walletId: wallet.id, memberId, amount, balanceAfter, kind: movement.kind, bizRef, remark: movement.remark ?? null, createdAt: now }, events);
  return { entry, applied: true };
}

/** Why a conditional balance update changed nothing: no wallet, too little in it, or too much. */
async function refusal(tx: LedgerTransaction, memberId: number, amount: number): Promise<ServiceError> {
  const balance = await balanceOf(tx, memberId);
  if (balance === undefined) return new ServiceError(ErrorCatalogue.WALLET_NOT_FOUND, { memberId });
  if (amount < 0) return new ServiceError(ErrorCatalogue.WALLET_INSUFFICIENT_BALANCE, { balance, amount: -amount });
  return new ServiceError(ErrorCatalogue.WALLET_BALANCE_LIMIT, { amount, balance, limit: MAX_WALLET_BALANCE });
}
