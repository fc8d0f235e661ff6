// Supplement bills (expense numbers E…, domain.md Money): extra payments staff raise on a purchase
// order or a bag. Members with repayment authorization are debited automatically; otherwise the
// partner lists the unpaid bills and groups them into a supplement pay order (never purchase and bag
// bills together), which it pays with wallet pay.
//
// A supplement pay order's bizNo is a fresh group number (E…, from the expense-number space but never
// a bill's own number); its bills are the SupplementBills whose paymentId is the pay order's.
import { recordIdSchema } from '../admin/save-shape';
import { newBusinessNo, withFreshBusinessNumbers } from '../business-no';
import type { Db, DbTransaction, Prisma } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { type BusinessErrors, ServiceError } from '../errors/service-error';
import { BINDING_ERRORS, partnerClientIdOf, type PartnerBindings } from '../member/partner-binding';
import { partnerBags, partnerScope } from '../order/query-guards';
import { PayOrderKind, PayOrderStatus, SupplementBizType, SupplementStatus, type ValueOf } from '../order/statuses';
import { WebhookEventType } from '../webhook/event-types';
import type { WebhookOutbox } from '../webhook/webhook-outbox';
import { type RequestContext, tenantIdOf } from '../request-context';
import { z } from '../validation';
import { applyWalletMovement, MAX_WALLET_BALANCE, WalletLedgerKind } from '../wallet/wallet-ledger';

export type SupplementBizTypeValue = ValueOf<typeof SupplementBizType>;

export const supplementRaiseSchema = z.object({
  memberId: recordIdSchema,
  bizType: z.enum([SupplementBizType.PURCHASE, SupplementBizType.BAG]),
  /** The purchase orderNo (O…) or the bagNo (B…) of the member the bill is raised on. */
  bizNo: z.string().trim().min(1).max(64),
  /** Cents. */
  amount: z.number().int().min(1).max(MAX_WALLET_BALANCE),
  reason: z.string().trim().min(1).max(255),
});
export type SupplementRaiseInput = z.input<typeof supplementRaiseSchema>;

export const autoDebitSchema = z.object({ memberId: recordIdSchema.optional() });
export type AutoDebitInput = z.input<typeof autoDebitSchema>;

/** Bills one auto-debit run looks at; the next run picks up the rest. */
export const AUTO_DEBIT_BATCH = 500;

export interface SupplementBillView {
  orderExpensesNo: string;
  memberId: number;
  bizType: SupplementBizTypeValue;
  bizNo: string;
  amount: number;
  reason: string;
  status: number;
  paymentId: string | null;
  paidAt: Date | null;
  createdAt: Date;
}

export type AutoDebitOutcome =
  | { orderExpensesNo: string; memberId: number; amount: number; result: 'paid'; balance: number }
  | { orderExpensesNo: string; memberId: number; amount: number; result: 'insufficient-balance'; balance: number }
  /** Paid, cancelled or regrouped by someone else meanwhile. */
  | { orderExpensesNo: string; memberId: number; amount: number; result: 'skipped' };

export interface AutoDebitReport {
  paid: number;
  failed: number;
  outcomes: AutoDebitOutcome[];
}

export interface SupplementPayOrder {
  paymentId: string;
  payAmount: number;
}

type BillRecord = Prisma.SupplementBillModel;

function billView(bill: BillRecord): SupplementBillView {
  const { orderExpensesNo, memberId, bizNo, amount, reason, status, paymentId, paidAt, createdAt } = bill;
  return { orderExpensesNo, memberId, bizType: bill.bizType as SupplementBizTypeValue, bizNo, amount, reason, status, paymentId, paidAt, createdAt };
}

export interface RaisedSupplement {
  bill: SupplementBillView;
  /** Present when the member's repayment authorization is on. */
  autoDebit?: AutoDebitOutcome;
}

function isShortBalance(error: unknown): boolean {
  return error instanceof ServiceError && error.definition === ErrorCatalogue.WALLET_INSUFFICIENT_BALANCE;
}

/** The ledger reference of an auto-debit: one per bill, ever. */
export function supplementBizRef(orderExpensesNo: string): string {
  return `supplement:${orderExpensesNo}`;
}

/** The business errors of SupplementService's partner operations. */
export const SUPPLEMENT_ERRORS = {
  listUnpaid: BINDING_ERRORS,
  createPayOrder: [
    ...BINDING_ERRORS,
    ErrorCatalogue.SUPPLEMENT_NOT_FOUND,
    ErrorCatalogue.SUPPLEMENT_NOT_UNPAID,
    ErrorCatalogue.SUPPLEMENT_MIXED_BIZ_TYPES,
    ErrorCatalogue.SUPPLEMENT_CHANGED,
  ],
} satisfies Record<string, BusinessErrors>;

export class SupplementService {
  constructor(
    private readonly db: Db,
    private readonly bindings: PartnerBindings,
    private readonly outbox: WebhookOutbox,
  ) {}

  /** Unpaid bills of a bound member on the caller's own orders and bags, oldest first (partner operation). */
  async listUnpaid(ctx: RequestContext, externalUserId: string): Promise<SupplementBillView[]> {
    const member = await this.bindings.resolve(ctx, externalUserId);
    const bills = await this.db.supplementBill.findMany({
      where: { tenantId: member.tenantId, memberId: member.memberId, status: SupplementStatus.UNPAID },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return (await this.partnersOwn(ctx, bills)).map(billView);
  }

  /**
   * Groups unpaid bills of a bound member into a new supplement pay order (partner operation). A bill
   * still attached to an unpaid pay order is moved to the new one and the old pay order is closed, so
   * a partner can always retry with the bills it wants to pay now.
   */
  async createPayOrder(ctx: RequestContext, input: { externalUserId: string; orderExpensesNoList: string[] }): Promise<SupplementPayOrder> {
    const member = await this.bindings.resolve(ctx, input.externalUserId);
    const partnerClientId = partnerClientIdOf(ctx);
    const numbers = [...new Set(input.orderExpensesNoList)];
    const owned = { tenantId: member.tenantId, memberId: member.memberId };
    // Another partner's bill of the same member answers as one that does not exist.
    const bills = await this.partnersOwn(ctx, await this.db.supplementBill.findMany({ where: { ...owned, orderExpensesNo: { in: numbers } } }));
    const byNo = new Map(bills.map((bill) => [bill.orderExpensesNo, bill]));
    for (const orderExpensesNo of numbers) {
      const bill = byNo.get(orderExpensesNo);
      if (!bill) throw new ServiceError(ErrorCatalogue.SUPPLEMENT_NOT_FOUND, { orderExpensesNo });
      if (bill.status !== SupplementStatus.UNPAID) throw new ServiceError(ErrorCatalogue.SUPPLEMENT_NOT_UNPAID, { orderExpensesNo, status: bill.status });
    }
    if (new Set(bills.map((bill) => bill.bizType)).size > 1) throw new ServiceError(ErrorCatalogue.SUPPLEMENT_MIXED_BIZ_TYPES);

    const now = ctx.now();
    const previousPayOrders = [...new Set(bills.flatMap((bill) => (bill.paymentId ? [bill.paymentId] : [])))].sort();
    return withFreshBusinessNumbers(() => this.db.$transaction(async (tx) => {
      const paymentId = newBusinessNo('PAY', now);
      // Pay orders before bills, as wallet pay does, so the two never wait on each other in a circle.
      for (const previous of previousPayOrders) {
        await tx.payOrder.updateMany({
          where: { paymentId: previous, tenantId: member.tenantId, memberId: member.memberId, kind: PayOrderKind.SUPPLEMENT, status: PayOrderStatus.UNPAID },
          data: { status: PayOrderStatus.CLOSED },
        });
      }
      // Compare-and-set on the pay order each bill had when read: of concurrent regroupings of the
      // same bills one wins, the others find a bill moved and change nothing.
      const claimed = await tx.supplementBill.updateMany({
        where: { ...owned, status: SupplementStatus.UNPAID, OR: bills.map((bill) => ({ id: bill.id, paymentId: bill.paymentId })) },
        data: { paymentId },
      });
      if (claimed.count !== bills.length) throw new ServiceError(ErrorCatalogue.SUPPLEMENT_CHANGED);
      const payAmount = bills.reduce((sum, bill) => sum + bill.amount, 0);
      await tx.payOrder.create({
        data: {
          tenantId: member.tenantId,
          paymentId,
          memberId: member.memberId,
          partnerClientId,
          kind: PayOrderKind.SUPPLEMENT,
          bizNo: newBusinessNo('E', now),
          amount: payAmount,
          status: PayOrderStatus.UNPAID,
          createdAt: now,
        },
      });
      return { paymentId, payAmount };
    }));
  }

  /**
   * The bills raised on orders the caller created or on bags holding one of their items (the rule is
   * in query-guards.ts). A bill names its order or bag by number only, so they are looked up by it:
   * a member's bills are few.
   */
  private async partnersOwn<Bill extends { bizType: string; bizNo: string }>(ctx: RequestContext, bills: Bill[]): Promise<Bill[]> {
    const { tenantId, partnerClientId } = partnerScope(ctx);
    const numbersOf = (bizType: string) => bills.filter((bill) => bill.bizType === bizType).map((bill) => bill.bizNo);
    const [orderNos, bagNos] = [numbersOf(SupplementBizType.PURCHASE), numbersOf(SupplementBizType.BAG)];
    const [orders, bags] = await Promise.all([
      orderNos.length > 0 ? this.db.purchaseOrder.findMany({ where: { tenantId, partnerClientId, orderNo: { in: orderNos } }, select: { orderNo: true } }) : [],
      bagNos.length > 0 ? this.db.bagOrder.findMany({ where: { tenantId, bagNo: { in: bagNos }, ...partnerBags(partnerClientId) }, select: { bagNo: true } }) : [],
    ]);
    const own = new Set([...orders.map((order) => `${SupplementBizType.PURCHASE} ${order.orderNo}`), ...bags.map((bag) => `${SupplementBizType.BAG} ${bag.bagNo}`)]);
    return bills.filter((bill) => own.has(`${bill.bizType} ${bill.bizNo}`));
  }

  /**
   * Raises an unpaid bill on a purchase order or bag of the member (staff). When the member's
   * repayment authorization is on, the wallet is debited at once; a short balance leaves the bill
   * unpaid for the partner to pay (the outcome says which happened). The bill and its debit commit
   * together: in `options.tx`, the caller's transaction, so that the bill exists only if the change
   * it bills for commits too; otherwise in a transaction of its own.
   *
   * `options.orderExpensesNo` makes the raise idempotent for callers that raise a bill for one event
   * (a purchase price supplement of one item): the number is unique, so a repeated raise answers the
   * bill already raised (and raises nothing). In the caller's transaction, a concurrent raise of the
   * same number that commits first fails that transaction instead (a broken unique constraint).
   */
  async raise(ctx: RequestContext, raw: SupplementRaiseInput, options: { orderExpensesNo?: string; tx?: DbTransaction } = {}): Promise<RaisedSupplement> {
    const input = supplementRaiseSchema.parse(raw);
    const { orderExpensesNo, tx } = options;
    if (tx) return this.raiseIn(ctx, tx, input, orderExpensesNo);
    if (orderExpensesNo === undefined) return withFreshBusinessNumbers(() => this.db.$transaction((own) => this.raiseIn(ctx, own, input, undefined)));
    try {
      return await this.db.$transaction((own) => this.raiseIn(ctx, own, input, orderExpensesNo));
    } catch (error) {
      // A concurrent raise of the same event committed its bill first: answer that one.
      const earlier = isUniqueViolation(error) ? await this.db.supplementBill.findFirst({ where: { tenantId: tenantIdOf(ctx), memberId: input.memberId, orderExpensesNo } }) : null;
      if (!earlier) throw error;
      return { bill: billView(earlier) };
    }
  }

  /**
   * Debits unpaid bills of members with repayment authorization (all of the tenant's, or one member's),
   * oldest first, each in its own short transaction. A short balance leaves that bill unpaid and is
   * reported, not thrown; later (smaller) bills of the same member are still tried.
   */
  async autoDebit(ctx: RequestContext, raw: AutoDebitInput = {}): Promise<AutoDebitReport> {
    const input = autoDebitSchema.parse(raw);
    const tenantId = tenantIdOf(ctx);
    const authorized = await this.db.member.findMany({
      where: { tenantId, repaymentAuthorized: true, ...(input.memberId !== undefined && { id: input.memberId }) },
      select: { id: true },
    });
    const bills = await this.db.supplementBill.findMany({
      where: { tenantId, status: SupplementStatus.UNPAID, memberId: { in: authorized.map((member) => member.id) } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: AUTO_DEBIT_BATCH,
    });
    const outcomes: AutoDebitOutcome[] = [];
    for (const bill of bills) outcomes.push(await this.debitBill(ctx, bill));
    return {
      paid: outcomes.filter((outcome) => outcome.result === 'paid').length,
      failed: outcomes.filter((outcome) => outcome.result === 'insufficient-balance').length,
      outcomes,
    };
  }

  /** Bills of a member, newest first (staff). */
  async billsOf(ctx: RequestContext, memberId: number): Promise<SupplementBillView[]> {
    const id = z.number().int().positive().parse(memberId);
    const bills = await this.db.supplementBill.findMany({ where: { tenantId: tenantIdOf(ctx), memberId: id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    return bills.map(billView);
  }

  private async raiseIn(ctx: RequestContext, tx: DbTransaction, input: z.output<typeof supplementRaiseSchema>, orderExpensesNo: string | undefined): Promise<RaisedSupplement> {
    const tenantId = tenantIdOf(ctx);
    const member = await tx.member.findFirst({ where: { id: input.memberId, tenantId }, select: { repaymentAuthorized: true } });
    if (!member) throw new ServiceError(ErrorCatalogue.MEMBER_NOT_FOUND, { memberId: input.memberId });
    const owned = { tenantId, memberId: input.memberId };
    if (orderExpensesNo !== undefined) {
      const earlier = await tx.supplementBill.findFirst({ where: { ...owned, orderExpensesNo } });
      if (earlier) return { bill: billView(earlier) };
    }
    const bizOrder =
      input.bizType === SupplementBizType.PURCHASE
        ? await tx.purchaseOrder.findFirst({ where: { ...owned, orderNo: input.bizNo }, select: { id: true } })
        : await tx.bagOrder.findFirst({ where: { ...owned, bagNo: input.bizNo }, select: { id: true } });
    if (!bizOrder) throw new ServiceError(ErrorCatalogue.SUPPLEMENT_BIZ_ORDER_NOT_FOUND, { bizType: input.bizType, bizNo: input.bizNo, memberId: input.memberId });
    const now = ctx.now();
    const bill = await tx.supplementBill.create({
      data: {
        ...owned,
        orderExpensesNo: orderExpensesNo ?? newBusinessNo('E', now),
        bizType: input.bizType,
        bizNo: input.bizNo,
        amount: input.amount,
        reason: input.reason,
        status: SupplementStatus.UNPAID,
        createdAt: now,
      },
    });
    await this.outbox.supplementEvents(tx, WebhookEventType.SUPPLEMENT_RAISED, { id: bill.id }, now);
    if (!member.repaymentAuthorized) return { bill: billView(bill) };
    return this.debitNewBill(tx, bill, now);
  }

  /**
   * Debits a bill raised in `tx` (no pay order holds it yet). The wallet moves first: on a short
   * balance its conditional update changes nothing, so the bill stays unpaid without undoing the
   * rest of the caller's transaction.
   */
  private async debitNewBill(tx: DbTransaction, bill: BillRecord, now: Date): Promise<RaisedSupplement> {
    const { orderExpensesNo, memberId, amount } = bill;
    let balance: number;
    try {
      balance = await this.chargeWallet(tx, bill, now);
    } catch (error) {
      if (!isShortBalance(error)) throw error;
      const wallet = await tx.wallet.findUniqueOrThrow({ where: { memberId }, select: { balance: true } });
      return { bill: billView(bill), autoDebit: { orderExpensesNo, memberId, amount, result: 'insufficient-balance', balance: wallet.balance } };
    }
    const paid = await tx.supplementBill.update({ where: { id: bill.id }, data: { status: SupplementStatus.PAID, paidAt: now } });
    await this.outbox.supplementEvents(tx, WebhookEventType.SUPPLEMENT_PAID, { id: bill.id }, now);
    return { bill: billView(paid), autoDebit: { orderExpensesNo, memberId, amount, result: 'paid', balance } };
  }

  /** Debits a bill raised earlier, in its own transaction. */
  private async debitBill(ctx: RequestContext, bill: BillRecord): Promise<AutoDebitOutcome> {
    const { orderExpensesNo, memberId, amount } = bill;
    const now = ctx.now();
    try {
      const balance = await this.db.$transaction(async (tx) => {
        // The bill's supplement pay order can no longer be paid once one of its bills is; closed first,
        // in the same order wallet pay locks (pay order, bills, wallet).
        if (bill.paymentId) await this.closeUnpaidPayOrder(tx, bill.paymentId);
        const claimed = await tx.supplementBill.updateMany({
          where: { id: bill.id, memberId, status: SupplementStatus.UNPAID, paymentId: bill.paymentId },
          data: { status: SupplementStatus.PAID, paidAt: now },
        });
        if (claimed.count === 0) return undefined;
        await this.outbox.supplementEvents(tx, WebhookEventType.SUPPLEMENT_PAID, { id: bill.id }, now);
        return this.chargeWallet(tx, bill, now);
      });
      if (balance === undefined) return { orderExpensesNo, memberId, amount, result: 'skipped' };
      return { orderExpensesNo, memberId, amount, result: 'paid', balance };
    } catch (error) {
      if (!isShortBalance(error)) throw error;
      const wallet = await this.db.wallet.findUniqueOrThrow({ where: { memberId }, select: { balance: true } });
      return { orderExpensesNo, memberId, amount, result: 'insufficient-balance', balance: wallet.balance };
    }
  }

  /** Takes the bill's amount from the member's wallet; answers the balance after it. */
  private async chargeWallet(tx: DbTransaction, bill: BillRecord, now: Date): Promise<number> {
    const change = await applyWalletMovement(
      tx,
      this.outbox,
      { memberId: bill.memberId, amount: -bill.amount, kind: WalletLedgerKind.AUTO_DEBIT, bizRef: supplementBizRef(bill.orderExpensesNo), remark: `${bill.bizType} ${bill.bizNo}` },
      now,
    );
    return change.entry.balanceAfter;
  }

  private async closeUnpaidPayOrder(tx: DbTransaction, paymentId: string): Promise<void> {
    await tx.payOrder.updateMany({ where: { paymentId, kind: PayOrderKind.SUPPLEMENT, status: PayOrderStatus.UNPAID }, data: { status: PayOrderStatus.CLOSED } });
  }
}
