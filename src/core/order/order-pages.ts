// Pages of a member's order items and bag orders for partners (interface.md 4.2). A partner reads
// only members bound to it in its tenant: a memberId/unionId that is unknown, or bound only to
// another partner, answers an empty page, so the answer never tells whether such a member exists.
import type { Db } from '../db/client';
import type { RequestContext } from '../request-context';
import { isStoredId, partnerScope } from './query-guards';

/** At least one is given; when both are, they must name the same member. */
export interface MemberFilter {
  memberId?: number;
  unionId?: string;
}

export interface PageWindow {
  skip: number;
  take: number;
}

export interface DateRange {
  gte: Date;
  lt: Date;
}

/** What every page of a member's rows is asked with. */
export interface MemberPageQuery extends MemberFilter {
  window: PageWindow;
  status?: number;
  createdAt?: DateRange;
}

export interface OrderItemPageQuery extends MemberPageQuery {
  orderNo?: string;
  orderItemNo?: string;
}

export interface BagPageQuery extends MemberPageQuery {
  bagNo?: string;
}

export interface OrderItemRow {
  orderItemNo: string;
  orderNo: string;
  source: number;
  goodsId: string;
  skuId: string;
  title: string;
  skuProps: Record<string, string>;
  image: string | null;
  qty: number;
  unitPrice: number;
  amount: number;
  remarks: string | null;
  status: number;
  bagNo: string | null;
  createTime: Date;
}

export interface BagRow {
  bagNo: string;
  status: number;
  weightGrams: number | null;
  shippingLine: string | null;
  freightAmount: number | null;
  trackingNo: string | null;
  itemCount: number;
  orderItemNos: string[];
  createTime: Date;
  shippedAt: Date | null;
  deliveredAt: Date | null;
}

interface BoundMemberRef {
  memberId: number;
  tenantId: number;
}

export interface Page<T> {
  list: T[];
  total: number;
}

const EMPTY_PAGE = { list: [], total: 0 };

/** Every page: newest first, the id breaking ties. */
const NEWEST_FIRST: [{ createdAt: 'desc' }, { id: 'desc' }] = [{ createdAt: 'desc' }, { id: 'desc' }];

/** The conditions every page starts from: the member's own rows, by status and creation time when asked. */
function memberRows(member: BoundMemberRef, query: MemberPageQuery) {
  return {
    tenantId: member.tenantId,
    memberId: member.memberId,
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(query.createdAt ? { createdAt: query.createdAt } : {}),
  };
}

export class OrderPageService {
  constructor(private readonly db: Db) {}

  async orderItems(ctx: RequestContext, query: OrderItemPageQuery): Promise<Page<OrderItemRow>> {
    const member = await this.boundMember(ctx, query);
    if (!member) return EMPTY_PAGE;
    const where = {
      ...memberRows(member, query),
      ...(query.orderItemNo !== undefined ? { orderItemNo: query.orderItemNo } : {}),
      ...(query.orderNo !== undefined ? { order: { orderNo: query.orderNo } } : {}),
    };
    const [total, rows] = await Promise.all([
      this.db.purchaseOrderItem.count({ where }),
      this.db.purchaseOrderItem.findMany({
        where,
        orderBy: NEWEST_FIRST,
        ...query.window,
        include: { order: { select: { orderNo: true } }, bag: { select: { bagNo: true } } },
      }),
    ]);
    return {
      total,
      list: rows.map((row) => ({
        orderItemNo: row.orderItemNo,
        orderNo: row.order.orderNo,
        source: row.source,
        goodsId: row.goodsId,
        skuId: row.skuId,
        title: row.title,
        // Written from the SKU's props object at create.
        skuProps: row.skuProps as Record<string, string>,
        image: row.image,
        qty: row.qty,
        unitPrice: row.unitPrice,
        amount: row.amount,
        remarks: row.remarks,
        status: row.status,
        bagNo: row.bag?.bagNo ?? null,
        createTime: row.createdAt,
      })),
    };
  }

  async bags(ctx: RequestContext, query: BagPageQuery): Promise<Page<BagRow>> {
    const member = await this.boundMember(ctx, query);
    if (!member) return EMPTY_PAGE;
    const where = { ...memberRows(member, query), ...(query.bagNo !== undefined ? { bagNo: query.bagNo } : {}) };
    const [total, rows] = await Promise.all([
      this.db.bagOrder.count({ where }),
      this.db.bagOrder.findMany({
        where,
        orderBy: NEWEST_FIRST,
        ...query.window,
        include: { items: { select: { orderItemNo: true }, orderBy: { id: 'asc' } } },
      }),
    ]);
    return {
      total,
      list: rows.map((row) => ({
        bagNo: row.bagNo,
        status: row.status,
        weightGrams: row.weightGrams,
        shippingLine: row.shippingLine,
        freightAmount: row.freightAmount,
        trackingNo: row.trackingNo,
        itemCount: row.items.length,
        orderItemNos: row.items.map((item) => item.orderItemNo),
        createTime: row.createdAt,
        shippedAt: row.shippedAt,
        deliveredAt: row.deliveredAt,
      })),
    };
  }

  /** The member the filter names, when it is bound to the calling partner in the caller's tenant. */
  private async boundMember(ctx: RequestContext, filter: MemberFilter): Promise<BoundMemberRef | null> {
    const { partnerClientId, tenantId } = partnerScope(ctx);
    if (filter.memberId === undefined && filter.unionId === undefined) return null;
    if (filter.memberId !== undefined && !isStoredId(filter.memberId)) return null;
    const member = await this.db.member.findFirst({
      where: {
        tenantId,
        ...(filter.memberId !== undefined ? { id: filter.memberId } : {}),
        ...(filter.unionId !== undefined ? { unionId: filter.unionId } : {}),
        bindings: { some: { partnerClientId, tenantId } },
      },
      select: { id: true, tenantId: true },
    });
    return member && { memberId: member.id, tenantId: member.tenantId };
  }
}
