// Pages of a member's order items and bag orders for partners (interface.md 4.2). A partner reads
// only members bound to it in its tenant, and of them only its own orders' items and the bags that
// hold one (query-guards.ts has the rule). Identifiers that name no such member, or name different
// members, are refused with a business code rather than answered with an empty page (an empty page
// reads as "no orders yet"); a memberId or unionId that is unknown and one bound only to another
// partner are refused alike, so the answer never tells whether such a member exists.
import type { Db } from '../db/client';
import type { PartnerReads } from '../db/partner-reads';
import { ErrorCatalogue } from '../errors/catalogue';
import { refusal } from '../errors/reasons';
import { type BusinessErrors, ServiceError } from '../errors/service-error';
import { BINDING_ERRORS, type PartnerBindings } from '../member/partner-binding';
import type { RequestContext } from '../request-context';
import { isStoredId, partnerBags, partnerItems, partnerScope } from './query-guards';

/** At least one is given; when several are, they must name the same member. */
/** The business refusals of the partner pages: the member identifiers must name one member bound to the caller. */
export const ORDER_PAGE_ERRORS: BusinessErrors = [...BINDING_ERRORS, ErrorCatalogue.MEMBER_NOT_BOUND_TO_PARTNER, ErrorCatalogue.MEMBER_IDENTIFIERS_DIFFER];

export interface MemberFilter {
  memberId?: number;
  unionId?: string;
  externalUserId?: string;
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
  /** The caller: its pages show only its own orders' rows. */
  partnerClientId: string;
}

export interface Page<T> {
  list: T[];
  total: number;
}

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

function notBoundToPartner(field: 'memberId' | 'unionId', value: number | string): ServiceError {
  return new ServiceError(ErrorCatalogue.MEMBER_NOT_BOUND_TO_PARTNER, { field, value });
}

export class OrderPageService {
  constructor(
    private readonly db: Db,
    private readonly bindings: PartnerBindings,
    private readonly reads: PartnerReads,
  ) {}

  async orderItems(ctx: RequestContext, query: OrderItemPageQuery): Promise<Page<OrderItemRow>> {
    const member = await this.boundMember(ctx, query);
    const { total, rows } = await this.reads.orderItemPage(
      { ...memberRows(member, query), partnerClientId: member.partnerClientId, orderItemNo: query.orderItemNo, orderNo: query.orderNo },
      query.window,
    );
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
    const where = { ...memberRows(member, query), ...partnerBags(member.partnerClientId), ...(query.bagNo !== undefined ? { bagNo: query.bagNo } : {}) };
    const [total, rows] = await Promise.all([
      this.db.bagOrder.count({ where }),
      this.db.bagOrder.findMany({
        where,
        orderBy: NEWEST_FIRST,
        ...query.window,
        include: { items: { where: partnerItems(member.partnerClientId), select: { orderItemNo: true }, orderBy: { id: 'asc' } } },
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

  /**
   * The one member the filter's identifiers name among the active members bound to the calling
   * partner in its tenant; MEMBER_NOT_BOUND, MEMBER_NOT_BOUND_TO_PARTNER or MEMBER_IDENTIFIERS_DIFFER
   * otherwise.
   */
  private async boundMember(ctx: RequestContext, filter: MemberFilter): Promise<BoundMemberRef> {
    const { partnerClientId, tenantId } = partnerScope(ctx);
    const { memberId, unionId, externalUserId } = filter;
    if (memberId !== undefined && !isStoredId(memberId)) throw notBoundToPartner('memberId', memberId);
    // memberId and unionId are unique keys: at most two rows, read in one statement.
    const byPlatformKey =
      memberId !== undefined || unionId !== undefined
        ? await this.reads.boundMembers({ tenantId, partnerClientId, memberId, unionId })
        : [];
    const named = new Map<string, number>();
    if (memberId !== undefined) {
      if (!byPlatformKey.some((member) => member.id === memberId)) throw notBoundToPartner('memberId', memberId);
      named.set('memberId', memberId);
    }
    if (unionId !== undefined) {
      const member = byPlatformKey.find((candidate) => candidate.unionId === unionId);
      if (!member) throw notBoundToPartner('unionId', unionId);
      named.set('unionId', member.id);
    }
    if (externalUserId !== undefined) named.set('externalUserId', (await this.bindings.resolve(ctx, externalUserId)).memberId);
    const members = new Set(named.values());
    const [only] = members;
    if (only === undefined) throw refusal(ErrorCatalogue.BAD_REQUEST, 'memberIdentifierRequired');
    if (members.size > 1) throw new ServiceError(ErrorCatalogue.MEMBER_IDENTIFIERS_DIFFER, { fields: [...named.keys()].join(', ') });
    return { memberId: only, tenantId, partnerClientId };
  }
}
