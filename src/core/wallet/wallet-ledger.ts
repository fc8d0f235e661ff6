// The one way money moves in or out of a wallet, inside the caller's transaction: a conditional
// balance update (never below zero, never past the column's range) and one ledger row with the
// balance after it. Wallet pay and supplement auto-debit call this in their own transactions so the
// money moves together with the order it pays.
import type { DbTransaction } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { type BusinessErrors, ServiceError } from '../errors/service-error';
import { MAX_INT32 } from '../order/query-guards';
import { WebhookEventType } from '../webhook/event-types';
import type { OutboxEvent, WebhookOutbox } from '../webhook/webhook-outbox';

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

/**
 * Moves the money and writes the wallet's event. `alongside` are other events of the same change (the
 * order a pay settles), written in the same outbox inserts as the wallet's (one insert of events and
 * one of deliveries per pay instead of two each); nothing is written when the bizRef had moved money.
 */
export async function applyWalletMovement(tx: DbTransaction, outbox: WebhookOutbox, movement: WalletMovement, now: Date, alongside: readonly OutboxEvent[] = []): Promise<WalletChange> {
  const { memberId, amount, bizRef } = movement;
  // Found through the member's wallet, so the (walletId, bizRef) key serves it without a wallet read first.
  const earlier = await tx.walletLedger.findFirst({ where: { bizRef, wallet: { memberId } } });
  if (earlier) {
    if (earlier.amount !== amount) throw new ServiceError(ErrorCatalogue.WALLET_BIZ_REF_CONFLICT, { bizRef, appliedAmount: earlier.amount, amount });
    return { entry: earlier, applied: false };
  }
  // One conditional statement that answers the balance it produced: a concurrent change cannot slip
  // between a balance check and the update, and no read-back is needed.
  const [wallet] = await tx.wallet.updateManyAndReturn({
    where: amount < 0 ? { memberId, balance: { gte: -amount } } : { memberId, balance: { lte: MAX_WALLET_BALANCE - amount } },
    data: { balance: { increment: amount } },
    select: { id: true, balance: true },
  });
  if (!wallet) throw await refusal(tx, memberId, amount);
  const balanceAfter = wallet.balance;
  const entry = await tx.walletLedger.create({
    data: { walletId: wallet.id, memberId, amount, balanceAfter, kind: movement.kind, bizRef, remark: movement.remark ?? null, createdAt: now },
  });
  await outbox.memberEvent(tx, amount > 0 ? WebhookEventType.WALLET_CREDITED : WebhookEventType.WALLET_DEBITED, memberId, `wallet:${memberId}`, { amount: Math.abs(amount), balance: balanceAfter, kind: movement.kind }, now, alongside);
  return { entry, applied: true };
}

/** Why a conditional balance update changed nothing: no wallet, too little in it, or too much. */
async function refusal(tx: DbTransaction, memberId: number, amount: number): Promise<ServiceError> {
  const wallet = await tx.wallet.findUnique({ where: { memberId }, select: { balance: true } });
  if (!wallet) return new ServiceError(ErrorCatalogue.WALLET_NOT_FOUND, { memberId });
  if (amount < 0) return new ServiceError(ErrorCatalogue.WALLET_INSUFFICIENT_BALANCE, { balance: wallet.balance, amount: -amount });
  return new ServiceError(ErrorCatalogue.WALLET_BALANCE_LIMIT, { amount, balance: wallet.balance, limit: MAX_WALLET_BALANCE });
}
