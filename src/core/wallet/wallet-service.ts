// Member wallets for staff and internal tools: balance, credits and debits (each one ledger row, in
// one short transaction, idempotent on bizRef), and reconciliation of balances against ledgers.
import { recordIdSchema } from '../admin/save-shape';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type RequestContext, tenantIdOf } from '../request-context';
import { z } from '../validation';
import type { WebhookOutbox } from '../webhook/webhook-outbox';
import { applyWalletMovement, MAX_WALLET_BALANCE, WALLET_LEDGER_KINDS, type WalletChange, type WalletLedgerKind } from './wallet-ledger';

export const walletChangeSchema = z.object({
  memberId: recordIdSchema,
  /** Cents, always positive: credit adds it, debit takes it. */
  amount: z.number().int().min(1).max(MAX_WALLET_BALANCE),
  kind: z.enum(WALLET_LEDGER_KINDS).optional(),
  /** The business event, e.g. `refund:PI…`; a second change with the same bizRef moves no money. */
  bizRef: z.string().trim().min(1).max(128),
  remark: z.string().trim().max(255).optional(),
});
export type WalletChangeInput = z.input<typeof walletChangeSchema>;

export interface WalletBalance {
  memberId: number;
  walletId: number;
  /** Cents. */
  balance: number;
}

export interface WalletDiscrepancy {
  walletId: number;
  memberId: number;
  balance: number;
  ledgerSum: number;
}

export class WalletService {
  constructor(
    private readonly db: Db,
    private readonly outbox: WebhookOutbox,
  ) {}

  async balance(ctx: RequestContext, memberId: number): Promise<WalletBalance> {
    const id = z.number().int().positive().parse(memberId);
    const wallet = await this.db.wallet.findFirst({ where: { memberId: id, member: { tenantId: tenantIdOf(ctx) } } });
    if (!wallet) throw new ServiceError(ErrorCatalogue.WALLET_NOT_FOUND, { memberId: id });
    return { memberId: id, walletId: wallet.id, balance: wallet.balance };
  }

  credit(ctx: RequestContext, input: WalletChangeInput): Promise<WalletChange> {
    return this.change(ctx, input, 1, 'credit');
  }

  /** Refused with WALLET_INSUFFICIENT_BALANCE when the balance is short: a wallet never goes negative. */
  debit(ctx: RequestContext, input: WalletChangeInput): Promise<WalletChange> {
    return this.change(ctx, input, -1, 'debit');
  }

  /** Wallets of the caller's tenant whose balance is not the sum of their ledger (should be none). */
  async reconcile(ctx: RequestContext): Promise<WalletDiscrepancy[]> {
    const tenantId = tenantIdOf(ctx);
    const rows = await this.db.$queryRaw<{ walletId: number; memberId: number; balance: number; ledgerSum: number | bigint }[]>`
      SELECT w."id" AS "walletId", w."memberId" AS "memberId", w."balance" AS "balance", COALESCE(SUM(l."amount"), 0) AS "ledgerSum"
      FROM "Wallet" w
      JOIN "Member" m ON m."id" = w."memberId"
      LEFT JOIN "WalletLedger" l ON l."walletId" = w."id"
      WHERE m."tenantId" = ${tenantId}
      GROUP BY w."id", w."memberId", w."balance"
      HAVING w."balance" <> COALESCE(SUM(l."amount"), 0)
      ORDER BY w."id"`;
    return rows.map((row) => ({ walletId: Number(row.walletId), memberId: Number(row.memberId), balance: Number(row.balance), ledgerSum: Number(row.ledgerSum) }));
  }

  private async change(ctx: RequestContext, raw: WalletChangeInput, sign: 1 | -1, defaultKind: WalletLedgerKind): Promise<WalletChange> {
    const input = walletChangeSchema.parse(raw);
    const tenantId = tenantIdOf(ctx);
    const movement = { memberId: input.memberId, amount: sign * input.amount, kind: input.kind ?? defaultKind, bizRef: input.bizRef, remark: input.remark };
    try {
      return await this.db.$transaction(async (tx) => {
        if (!(await tx.member.findFirst({ where: { id: input.memberId, tenantId }, select: { id: true } }))) {
          throw new ServiceError(ErrorCatalogue.MEMBER_NOT_FOUND, { memberId: input.memberId });
        }
        return applyWalletMovement(tx, this.outbox, movement, ctx.now());
      });
    } catch (error) {
      // A concurrent change with the same bizRef committed first; its row stands and this one rolled back.
      if (!isUniqueViolation(error)) throw error;
      return this.db.$transaction((tx) => applyWalletMovement(tx, this.outbox, movement, ctx.now()));
    }
  }
}
