// Wallet pay (interface.md 4.2, domain.md Money): a partner pays a pay order (purchase or supplement)
// from the wallet of the bound member who owns it. The debit, the pay order and the business order
// change in one transaction; each step is a conditional update whose count is checked, so of many
// concurrent pays of one paymentId exactly one moves money and the others are refused cleanly.
import { type Db, type DbTransaction, Prisma } from '../db/client';
import type { RawSql, RawSqlTransaction } from '../db/raw-sql';
import type { PartnerReads } from '../db/partner-reads';
import { ErrorCatalogue } from '../errors/catalogue';
import { type BusinessErrors, ServiceError } from '../errors/service-error';
import { BINDING_ERRORS, type PartnerBindings, partnerClientIdOf } from '../member/partner-binding';
import { OrderItemStatus, PayOrderKind, PayOrderStatus, PurchaseOrderStatus, SupplementStatus } from '../order/statuses';
import { type RequestContext, tenantIdOf } from '../request-context';
import { applyWalletMovement, applyWalletMovementSql, WALLET_DEBIT_ERRORS, type WalletChange, WalletLedgerKind } from '../wallet/wallet-ledger';
import { WebhookEventType } from '../webhook/event-types';
import { type OutboxEvent, type PurchaseOrderEventSource, purchaseOrderEventOf, type WebhookOutbox } from '../webhook/webhook-outbox';

export interface WalletPayInput {
  externalUserId: string;
  paymentId: string;
  /** The amount the caller expects to pay (cents); refused when it is not the pay order's amount. */
  payAmount?: number;
}

export interface WalletPayResult {
  paymentId: string;
  payAmount: number;
  /** Balance after the debit, cents. */
  balance: number;
  payTime: Date;
}

const PAY_ORDER_FIELDS = { id: true, paymentId: true, memberId: true, kind: true, bizNo: true, amount: true, status: true } as const;

interface PayOrderRecord {
  id: number;
  paymentId: string;
  memberId: number;
  kind: string;
  bizNo: string;
  amount: number;
  status: number;
}

type Row = Record<string, unknown>;

function payOrderOf(row: Row): PayOrderRecord {
  return { id: Number(row.id), paymentId: String(row.paymentId), memberId: Number(row.memberId), kind: String(row.kind), bizNo: String(row.bizNo), amount: Number(row.amount), status: Number(row.status) };
}

/** The purchase order of a pay order read with it (its columns prefixed `order`), or undefined when none joined. */
function purchaseOrderOf(row: Row): (PurchaseOrderEventSource & { id: number }) | undefined {
  if (row.orderId === null) return undefined;
  return {
    id: Number(row.orderId),
    tenantId: Number(row.orderTenantId),
    partnerClientId: String(row.orderPartnerClientId),
    orderNo: String(row.orderNo),
    outOrderNo: String(row.orderOutOrderNo),
    externalUserId: String(row.orderExternalUserId),
    paymentId: String(row.orderPaymentId),
    payAmount: Number(row.orderPayAmount),
    status: Number(row.orderStatus),
  };
}

/** What a payable pay order settles: its purchase order, or its group of supplement bills (as many as were read). */
type PayTarget = { order: PurchaseOrderEventSource & { id: number } } | { billCount: number };

/** The ledger reference of a wallet pay: one debit per pay order, ever. */
export function payBizRef(paymentId: string): string {
  return `pay:${paymentId}`;
}

function statusError(payOrder: PayOrderRecord): ServiceError | undefined {
  if (payOrder.status === PayOrderStatus.PAID) return new ServiceError(ErrorCatalogue.PAY_ORDER_ALREADY_PAID, { paymentId: payOrder.paymentId });
  if (payOrder.status === PayOrderStatus.CLOSED) return new ServiceError(ErrorCatalogue.PAY_ORDER_CLOSED, { paymentId: payOrder.paymentId });
  return undefined;
}

function notPayable(payOrder: PayOrderRecord): ServiceError {
  return new ServiceError(ErrorCatalogue.PAY_ORDER_NOT_PAYABLE, { kind: payOrder.kind, bizNo: payOrder.bizNo, paymentId: payOrder.paymentId });
}

/** The balance after the pay's debit. The pay order was unpaid, so its debit cannot exist yet; if it does, the ledger wins. */
function debited(payOrder: PayOrderRecord, change: WalletChange): number {
  if (!change.applied) throw new ServiceError(ErrorCatalogue.PAY_ORDER_ALREADY_PAID, { paymentId: payOrder.paymentId });
  return change.entry.balanceAfter;
}

/** The business errors of each WalletPayService method. */
export const WALLET_PAY_ERRORS = {
  balance: [...BINDING_ERRORS, ErrorCatalogue.WALLET_NOT_FOUND],
  pay: [
    ...BINDING_ERRORS,
    ErrorCatalogue.PAY_ORDER_NOT_FOUND,
    ErrorCatalogue.PAY_ORDER_OTHER_USER,
    ErrorCatalogue.PAY_ORDER_ALREADY_PAID,
    ErrorCatalogue.PAY_ORDER_CLOSED,
    ErrorCatalogue.PAY_AMOUNT_MISMATCH,
    ErrorCatalogue.PAY_ORDER_NOT_PAYABLE,
    ...WALLET_DEBIT_ERRORS,
  ],
} satisfies Record<string, BusinessErrors>;

export class WalletPayService {
  constructor(
    private readonly db: Db,
    private readonly sql: RawSql,
    private readonly bindings: PartnerBindings,
    private readonly outbox: WebhookOutbox,
    private readonly reads: PartnerReads,
  ) {}

  /**
   * The wallet balance of a user bound to the calling partner (cents): one prepared statement from
   * the binding's key to the wallet, so the binding is checked in the statement itself; the binding
   * it found is remembered for the partner's other operations.
   */
  async balance(ctx: RequestContext, externalUserId: string): Promise<{ externalUserId: string; memberId: number; balance: number }> {
    const key = { partnerClientId: partnerClientIdOf(ctx), tenantId: tenantIdOf(ctx), externalUserId };
    const wallet = await this.bindings.remembering(ctx, externalUserId, () => this.reads.walletBalance(key));
    if (!wallet) {
      // Unbound (the usual reason) or a member without a wallet: resolving says which.
      const member = await this.bindings.resolve(ctx, externalUserId);
      throw new ServiceError(ErrorCatalogue.WALLET_NOT_FOUND, { memberId: member.memberId });
    }
    return { externalUserId, memberId: wallet.memberId, balance: wallet.balance };
  }

  async pay(ctx: RequestContext, input: WalletPayInput): Promise<WalletPayResult> {
    const member = await this.bindings.resolve(ctx, input.externalUserId);
    const ownership = { tenantId: member.tenantId, partnerClientId: partnerClientIdOf(ctx) };
    // The pay order and, for a purchase, its order (same member, tenant and partner) in one statement.
    const [payOrderRow] = await this.sql.query(Prisma.sql`
      SELECT p."id", p."paymentId", p."memberId", p."kind", p."bizNo", p."amount", p."status",
        o."id" AS "orderId", o."tenantId" AS "orderTenantId", o."partnerClientId" AS "orderPartnerClientId", o."orderNo" AS "orderNo", o."outOrderNo" AS "orderOutOrderNo",
        o."externalUserId" AS "orderExternalUserId", o."paymentId" AS "orderPaymentId", o."payAmount" AS "orderPayAmount", o."status" AS "orderStatus"
      FROM "PayOrder" p LEFT JOIN "PurchaseOrder" o ON p."kind" = ${PayOrderKind.PURCHASE} AND o."paymentId" = p."paymentId" AND o."memberId" = p."memberId"
        AND o."tenantId" = p."tenantId" AND o."partnerClientId" = p."partnerClientId"
      WHERE p."paymentId" = ${input.paymentId} AND p."tenantId" = ${ownership.tenantId} AND p."partnerClientId" = ${ownership.partnerClientId}`);
    const payOrder = payOrderRow && payOrderOf(payOrderRow);
    if (!payOrder) throw new ServiceError(ErrorCatalogue.PAY_ORDER_NOT_FOUND, { paymentId: input.paymentId });
    if (payOrder.memberId !== member.memberId) {
      throw new ServiceError(ErrorCatalogue.PAY_ORDER_OTHER_USER, { paymentId: payOrder.paymentId, externalUserId: input.externalUserId });
    }
    const rejected = statusError(payOrder);
    if (rejected) throw rejected;
    if (input.payAmount !== undefined && input.payAmount !== payOrder.amount) {
      throw new ServiceError(ErrorCatalogue.PAY_AMOUNT_MISMATCH, { payAmount: input.payAmount, amount: payOrder.amount });
    }
    // Checked here for a precise answer; the transaction below enforces it again with conditional updates.
    const target = await this.payableTarget(payOrder, purchaseOrderOf(payOrderRow), input.externalUserId, ownership);
    if (!target) {
      // A concurrent pay may have paid the order since it was read: say so rather than "not payable".
      const current = await this.db.payOrder.findUniqueOrThrow({ where: { id: payOrder.id }, select: PAY_ORDER_FIELDS });
      throw statusError(current) ?? notPayable(payOrder);
    }

    const payTime = ctx.now();
    const debit = { memberId: member.memberId, amount: -payOrder.amount, kind: WalletLedgerKind.PAY, bizRef: payBizRef(payOrder.paymentId), remark: `${payOrder.kind} ${payOrder.bizNo}` };
    const claim = { id: payOrder.id, ...ownership, memberId: member.memberId, status: PayOrderStatus.UNPAID };
    // A purchase, the pay partners make most, runs its statements on the driver (db/raw-sql.ts):
    // through the client each statement also pays its query compiler and plan interpreter.
    const balance =
      'order' in target
        ? await this.sql.transaction(async (sql) => {
            // Claiming the pay order first serializes concurrent pays of it: only one sees it unpaid.
            const claimed = await sql.execute(Prisma.sql`
              UPDATE "PayOrder" SET "status" = ${PayOrderStatus.PAID}, "paidAt" = ${payTime}, "updatedAt" = ${payTime}
              WHERE "id" = ${claim.id} AND "tenantId" = ${claim.tenantId} AND "partnerClientId" = ${claim.partnerClientId} AND "memberId" = ${claim.memberId} AND "status" = ${claim.status}`);
            if (claimed === 0) {
              const [current] = await sql.query(Prisma.sql`SELECT "status" FROM "PayOrder" WHERE "id" = ${payOrder.id}`);
              throw statusError({ ...payOrder, status: Number(current?.status) }) ?? notPayable(payOrder);
            }
            const events = await this.markPurchaseOrderPaid(sql, payOrder, target.order, payTime);
            return debited(payOrder, await applyWalletMovementSql(sql, this.outbox, debit, payTime, events));
          })
        : await this.db.$transaction(async (tx) => {
            const claimed = await tx.payOrder.updateMany({ where: claim, data: { status: PayOrderStatus.PAID, paidAt: payTime } });
            if (claimed.count === 0) {
              const current = await tx.payOrder.findUniqueOrThrow({ where: { id: payOrder.id }, select: PAY_ORDER_FIELDS });
              throw statusError(current) ?? notPayable(payOrder);
            }
            const events = await this.markSupplementsPaid(tx, payOrder, target, member.memberId, ownership.tenantId, payTime);
            return debited(payOrder, await applyWalletMovement(tx, this.outbox, debit, payTime, events));
          });
    return { paymentId: payOrder.paymentId, payAmount: payOrder.amount, balance, payTime };
  }

  /** What the pay order settles, when it is payable now (null when not); a purchase's `order` was read with the pay order. */
  private async payableTarget(
    payOrder: PayOrderRecord,
    order: (PurchaseOrderEventSource & { id: number }) | undefined,
    externalUserId: string,
    ownership: { tenantId: number; partnerClientId: string },
  ): Promise<PayTarget | null> {
    if (payOrder.kind === PayOrderKind.PURCHASE) {
      if (!order || order.status !== PurchaseOrderStatus.UNPAID) return null;
      // interface.md 5: wallet pay must use the same user that created the purchase order.
      if (order.externalUserId !== externalUserId) {
        throw new ServiceError(ErrorCatalogue.PAY_ORDER_OTHER_USER, { paymentId: payOrder.paymentId, externalUserId });
      }
      return { order };
    }
    if (payOrder.kind === PayOrderKind.SUPPLEMENT) {
      // On the driver, as the pay order's read: through the client a read also pays its query compiler.
      const bills = await this.sql.query(Prisma.sql`
        SELECT "status", "amount" FROM "SupplementBill" WHERE "paymentId" = ${payOrder.paymentId} AND "memberId" = ${payOrder.memberId} AND "tenantId" = ${ownership.tenantId}`);
      const payable =
        bills.length > 0 &&
        bills.every((bill) => Number(bill.status) === SupplementStatus.UNPAID) &&
        bills.reduce((sum, bill) => sum + Number(bill.amount), 0) === payOrder.amount;
      return payable ? { billCount: bills.length } : null;
    }
    return null;
  }

  /**
   * Marks the purchase order and its items paid, with conditional updates: the order (ownership and
   * ids were read above and never change) must still be unpaid. The same columns Prisma would write
   * (updatedAt). Answers its event, written with the wallet's.
   */
  private async markPurchaseOrderPaid(sql: RawSqlTransaction, payOrder: PayOrderRecord, order: PurchaseOrderEventSource & { id: number }, paidAt: Date): Promise<OutboxEvent[]> {
    const paid = await sql.execute(Prisma.sql`
      UPDATE "PurchaseOrder" SET "status" = ${PurchaseOrderStatus.PAID}, "paidAt" = ${paidAt}, "updatedAt" = ${paidAt} WHERE "id" = ${order.id} AND "status" = ${PurchaseOrderStatus.UNPAID}`);
    if (paid !== 1) throw notPayable(payOrder);
    await sql.execute(Prisma.sql`
      UPDATE "PurchaseOrderItem" SET "status" = ${OrderItemStatus.PAID}, "updatedAt" = ${paidAt} WHERE "orderId" = ${order.id} AND "status" = ${OrderItemStatus.UNPAID}`);
    return [purchaseOrderEventOf(WebhookEventType.PURCHASE_ORDER_PAID, { ...order, status: PurchaseOrderStatus.PAID }, paidAt)];
  }

  /**
   * Marks the pay order's group of supplement bills paid, with one conditional update: every bill of
   * the group must still be unpaid. Answers their events, written with the wallet's.
   */
  private async markSupplementsPaid(tx: DbTransaction, payOrder: PayOrderRecord, target: { billCount: number }, memberId: number, tenantId: number, paidAt: Date): Promise<OutboxEvent[]> {
    const where = { paymentId: payOrder.paymentId, memberId, tenantId };
    // A group never gains bills (each regrouping draws a new paymentId), so if every bill read above
    // is still unpaid, the group is whole and its amount is the pay order's. An auto-debit of one of
    // them since makes the group unpayable.
    const paid = await tx.supplementBill.updateMany({ where: { ...where, status: SupplementStatus.UNPAID }, data: { status: SupplementStatus.PAID, paidAt } });
    if (paid.count !== target.billCount) throw notPayable(payOrder);
    return this.outbox.supplementEventsOf(tx, WebhookEventType.SUPPLEMENT_PAID, where, paidAt);
  }
}
