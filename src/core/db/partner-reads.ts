// The hottest reads (issue 12): the partner API's, and the ops tools' member view (tRPC member.get),
// behind one interface with two implementations that answer identically: PrismaPartnerReads, the reference (and the path of an in-memory SQLite database, which a
// second connection cannot open), and the raw prepared statements of hot-reads.ts that serve them
// otherwise. Each read carries the caller's tenant and partner (or member) in its WHERE; rows come back
// shaped as Prisma answers them, so the services map both alike.
import type { Prisma } from '../../generated/sqlite/client';
import type { Db } from './client';

/** Which binding a partner names: its own, in the token's tenant. */
export interface BindingKey {
  partnerClientId: string;
  tenantId: number;
  externalUserId: string;
}

export interface WalletBalanceRow {
  memberId: number;
  balance: number;
}

/** Either number of an order; exactly one is given. */
export type OrderNumber = { orderNo: string; outOrderNo?: undefined } | { outOrderNo: string; orderNo?: undefined };

export const PURCHASE_ORDER_ITEM_FIELDS = {
  orderItemNo: true,
  source: true,
  goodsId: true,
  skuId: true,
  title: true,
  qty: true,
  unitPrice: true,
  amount: true,
  status: true,
} as const satisfies Prisma.PurchaseOrderItemSelect;

export const PURCHASE_ORDER_FIELDS = {
  orderNo: true,
  outOrderNo: true,
  externalUserId: true,
  memberId: true,
  status: true,
  paymentId: true,
  goodsAmount: true,
  freightAmount: true,
  serviceFee: true,
  payAmount: true,
  paidAt: true,
  orderComment: true,
  createdAt: true,
  items: { select: PURCHASE_ORDER_ITEM_FIELDS, orderBy: { id: 'asc' } },
} as const satisfies Prisma.PurchaseOrderSelect;

export type PurchaseOrderRow = Prisma.PurchaseOrderGetPayload<{ select: typeof PURCHASE_ORDER_FIELDS }>;

/** Completed QC records of one goods (and SKU), newest first. */
export interface QcLatestKey {
  tenantId: number;
  goodsId: string;
  source: number;
  skuId?: string;
  take: number;
}

export const QC_RECORD_FIELDS = {
  id: true,
  goodsId: true,
  source: true,
  skuId: true,
  result: true,
  remarks: true,
  completedAt: true,
  createdAt: true,
  photos: { orderBy: [{ sort: 'asc' }, { id: 'asc' }], select: { url: true } },
} as const satisfies Prisma.QcRecordSelect;

export type QcRecordRow = Prisma.QcRecordGetPayload<{ select: typeof QC_RECORD_FIELDS }>;

/** A member's items of the partner's own orders, filtered as it asked; the member is already known to be bound to it. */
export interface OrderItemFilter {
  tenantId: number;
  partnerClientId: string;
  memberId: number;
  status?: number;
  createdAt?: { gte: Date; lt: Date };
  orderItemNo?: string;
  orderNo?: string;
}

export const ORDER_ITEM_ROW_FIELDS = {
  orderItemNo: true,
  source: true,
  goodsId: true,
  skuId: true,
  title: true,
  skuProps: true,
  image: true,
  qty: true,
  unitPrice: true,
  amount: true,
  remarks: true,
  status: true,
  createdAt: true,
  order: { select: { orderNo: true } },
  bag: { select: { bagNo: true } },
} as const satisfies Prisma.PurchaseOrderItemSelect;

export type OrderItemRowRead = Prisma.PurchaseOrderItemGetPayload<{ select: typeof ORDER_ITEM_ROW_FIELDS }>;

/** Active members of the tenant bound to the partner, by platform id and/or unionId (unique keys: at most two rows). */
export interface PlatformMemberKey {
  tenantId: number;
  partnerClientId: string;
  memberId?: number;
  unionId?: string;
}

/** A member of the tenant, by id. */
export interface MemberKey {
  tenantId: number;
  memberId: number;
}

export const MEMBER_BINDING_FIELDS = { id: true, tenantId: true, partnerClientId: true, externalUserId: true, memberId: true, createdAt: true } as const satisfies Prisma.PartnerBindingSelect;

export const MEMBER_ADDRESS_FIELDS = {
  id: true,
  memberId: true,
  receiverName: true,
  phone: true,
  country: true,
  province: true,
  city: true,
  addressLine: true,
  postCode: true,
  isDefault: true,
  createdAt: true,
} as const satisfies Prisma.MemberAddressSelect;

/** A member with its wallet's balance, its bindings of the tenant by id and its addresses, the default first. */
const memberDetailFields = (tenantId: number) =>
  ({
    id: true,
    tenantId: true,
    unionId: true,
    nickname: true,
    email: true,
    mobile: true,
    status: true,
    repaymentAuthorized: true,
    createdAt: true,
    wallet: { select: { balance: true } },
    bindings: { where: { tenantId }, orderBy: { id: 'asc' }, select: MEMBER_BINDING_FIELDS },
    addresses: { orderBy: [{ isDefault: 'desc' }, { id: 'asc' }], select: MEMBER_ADDRESS_FIELDS },
  }) as const satisfies Prisma.MemberSelect;

export type MemberDetailRow = Prisma.MemberGetPayload<{ select: ReturnType<typeof memberDetailFields> }>;

export interface PartnerReads {
  /** The wallet of the member the binding names (active, of the tenant); null when unbound or without a wallet. */
  walletBalance(key: BindingKey): Promise<WalletBalanceRow | null>;
  /** An order the partner created in the tenant, with its items by id. */
  purchaseOrder(scope: { tenantId: number; partnerClientId: string }, number: OrderNumber): Promise<PurchaseOrderRow | null>;
  qcLatest(key: QcLatestKey): Promise<QcRecordRow[]>;
  /** How many items match, and one page of them, newest first. */
  orderItemPage(filter: OrderItemFilter, window: { skip: number; take: number }): Promise<{ total: number; rows: OrderItemRowRead[] }>;
  boundMembers(key: PlatformMemberKey): Promise<{ id: number; unionId: string }[]>;
  /** A member of the tenant with its wallet, bindings and addresses (what staff look up); null for another tenant's. */
  memberDetail(key: MemberKey): Promise<MemberDetailRow | null>;
  close(): Promise<void>;
}

/** Newest first, the id breaking ties (every partner page). */
const NEWEST_FIRST = [{ createdAt: 'desc' }, { id: 'desc' }] as const satisfies Prisma.PurchaseOrderItemOrderByWithRelationInput[];

/** Completed QC records (QcStatus.COMPLETED). */
const QC_COMPLETED = 1;

export class PrismaPartnerReads implements PartnerReads {
  constructor(private readonly db: Db) {}

  async walletBalance({ partnerClientId, tenantId, externalUserId }: BindingKey): Promise<WalletBalanceRow | null> {
    const binding = await this.db.partnerBinding.findUnique({
      where: { partnerClientId_externalUserId: { partnerClientId, externalUserId } },
      select: { member: { select: { tenantId: true, status: true, wallet: { select: { memberId: true, balance: true } } } } },
    });
    const member = binding?.member;
    return member && member.tenantId === tenantId && member.status === 0 ? member.wallet : null;
  }

  purchaseOrder(scope: { tenantId: number; partnerClientId: string }, number: OrderNumber): Promise<PurchaseOrderRow | null> {
    const byNumber = number.orderNo !== undefined ? { orderNo: number.orderNo } : { outOrderNo: number.outOrderNo };
    return this.db.purchaseOrder.findFirst({ where: { ...scope, ...byNumber }, select: PURCHASE_ORDER_FIELDS });
  }

  qcLatest({ tenantId, goodsId, source, skuId, take }: QcLatestKey): Promise<QcRecordRow[]> {
    return this.db.qcRecord.findMany({
      where: { tenantId, status: QC_COMPLETED, goodsId, source, skuId },
      select: QC_RECORD_FIELDS,
      orderBy: [{ completedAt: 'desc' }, { id: 'desc' }],
      take,
    });
  }

  async orderItemPage(filter: OrderItemFilter, window: { skip: number; take: number }): Promise<{ total: number; rows: OrderItemRowRead[] }> {
    const where: Prisma.PurchaseOrderItemWhereInput = {
      tenantId: filter.tenantId,
      memberId: filter.memberId,
      status: filter.status,
      createdAt: filter.createdAt,
      orderItemNo: filter.orderItemNo,
      order: { partnerClientId: filter.partnerClientId, orderNo: filter.orderNo },
    };
    const [total, rows] = await Promise.all([
      this.db.purchaseOrderItem.count({ where }),
      this.db.purchaseOrderItem.findMany({ where, orderBy: NEWEST_FIRST, ...window, select: ORDER_ITEM_ROW_FIELDS }),
    ]);
    return { total, rows };
  }

  boundMembers({ tenantId, partnerClientId, memberId, unionId }: PlatformMemberKey): Promise<{ id: number; unionId: string }[]> {
    return this.db.member.findMany({
      where: {
        tenantId,
        status: 0,
        OR: [...(memberId !== undefined ? [{ id: memberId }] : []), ...(unionId !== undefined ? [{ unionId }] : [])],
        bindings: { some: { partnerClientId, tenantId } },
      },
      select: { id: true, unionId: true },
    });
  }

  memberDetail({ tenantId, memberId }: MemberKey): Promise<MemberDetailRow | null> {
    return this.db.member.findFirst({ where: { id: memberId, tenantId }, select: memberDetailFields(tenantId) });
  }

  async close(): Promise<void> {}
}
