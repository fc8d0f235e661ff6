// The one way money moves in or out of a wallet, inside the caller's transaction: a conditional
// balance update (never below zero, never past the column's range) and one ledger row with the
// balance after it. Wallet pay and supplement auto-debit call this in their own transactions so the
// money moves together with the order it pays.
import type { DbTransaction } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { type BusinessErrors, ServiceError } from '../errors/service-error';
import { MAX_INT32 } from '../order/query-guards';
import { WebhookEventType } from '../webhook/event-types';
import { emitMemberEvent } from '../webhook/webhook-outbox';

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

export async function applyWalletMovement(tx: DbTransaction, movement: WalletMovement, now: Date): Promise<WalletChange> {
  const { memberId, amount, bizRef } = movement;
  const wallet = await tx.wallet.findUnique({ where: { memberId }, select: { id: true } });
  if (!wallet) throw new ServiceError(ErrorCatalogue.WALLET_NOT_FOUND, { memberId });
  const earlier = await tx.walletLedger.findUnique({ where: { walletId_bizRef: { walletId: wallet.id, bizRef } } });
  if (earlier) {
    if (earlier.amount !== amount) throw new ServiceError(ErrorCatalogue.WALLET_BIZ_REF_CONFLICT, { bizRef, appliedAmount: earlier.amount, amount });
    return { entry: earlier, applied: false };
  }
  // One conditional statement: a concurrent change cannot slip between a balance check and the update.
  const { count } = await tx.wallet.updateMany({
    where: amount < 0 ? { id: wallet.id, balance: { gte: -amount } } : { id: wallet.id, balance: { lte: MAX_WALLET_BALANCE - amount } },
    data: { balance: { increment: amount } },
  });
  if (count === 0) {
    const { balance } = await tx.wallet.findUniqueOrThrow({ where: { id: wallet.id }, select: { balance: true } });
    if (amount < 0) throw new ServiceError(ErrorCatalogue.WALLET_INSUFFICIENT_BALANCE, { balance, amount: -amount });
    throw new ServiceError(ErrorCatalogue.WALLET_BALANCE_LIMIT, { amount, balance, limit: MAX_WALLET_BALANCE });
  }
  // The row is ours (written) until commit, so this is the balance our update produced.
  const { balance: balanceAfter } = await tx.wallet.findUniqueOrThrow({ where: { id: wallet.id }, select: { balance: true } });
  const entry = await tx.walletLedger.create({
    data: { walletId: wallet.id, memberId, amount, balanceAfter, kind: movement.kind, bizRef, remark: movement.remark ?? null, createdAt: now },
  });
  await emitMemberEvent(tx, amount > 0 ? WebhookEventType.WALLET_CREDITED : WebhookEventType.WALLET_DEBITED, memberId, `wallet:${memberId}`, { amount: Math.abs(amount), balance: balanceAfter, kind: movement.kind }, now);
  return { entry, applied: true };
}
