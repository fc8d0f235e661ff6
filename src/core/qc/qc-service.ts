/**
 * Quality checks of order items: warehouse staff start a record when an item arrives, add photos
 * and complete it with a result; partners read completed records.
 *
 * Two kinds of reads, with different audiences:
 * - by goods (goodsId, source, skuId): public quality information about goods, shared by every
 *   partner of the tenant. These records carry no order numbers, so no partner learns another's.
 * - by order (an `O…` parent number or a `PI…` item number): only the calling partner's own orders;
 *   another partner's order answers exactly as an unknown number does, with an empty list.
 * Only completed records are ever shown to partners.
 */

import type { Db, DbTransaction, Prisma } from '../db/client';
import type { PartnerReads, QcRecordRow as QcRecordRead } from '../db/partner-reads';
import { ErrorCatalogue } from '../errors/catalogue';
import { type BusinessErrors, ServiceError } from '../errors/service-error';
import { goodsSourceByCode } from '../goods/sources';
import { partnerScope } from '../order/query-guards';
import { OrderItemStatus, QcResult, QcStatus } from '../order/statuses';
import { WebhookEventType } from '../webhook/event-types';
import type { WebhookOutbox } from '../webhook/webhook-outbox';
import { type RequestContext, tenantIdOf } from '../request-context';

/** Records answered by `latest`: the most recent completed ones. */
export const QC_LATEST_COUNT = 10;
/** Records answered by `byOrder` at most (an order has far fewer). */
export const MAX_ORDER_QC_RECORDS = 500;
export const MAX_QC_PHOTOS = 50;
export const MAX_QC_PHOTO_URL_LENGTH = 2000;
export const MAX_QC_REMARKS_LENGTH = 1000;

/** Item statuses in which the goods are physically in the warehouse and can be checked (again). */
const CHECKABLE_STATUSES: readonly number[] = [OrderItemStatus.ARRIVED, OrderItemStatus.QC_DONE, OrderItemStatus.IN_STORAGE];

/** A completed record as partners see it by goods. */
export interface GoodsQcRecord {
  qcId: number;
  goodsId: string;
  source: number;
  skuId: string;
  /** 1 passed, 2 failed. */
  result: number;
  remarks: string | null;
  /** Photo URLs in the order staff took them. */
  photos: string[];
  createTime: Date;
  completionTime: Date;
}

/** A completed record of one of the partner's own orders. */
export interface OrderQcRecord extends GoodsQcRecord {
  orderNo: string;
  orderItemNo: string;
}

/** A record as warehouse staff work on it. */
export interface QcRecordState extends Omit<OrderQcRecord, 'result' | 'completionTime'> {
  orderItemId: number;
  /** 0 in progress, 1 completed. */
  status: number;
  result: number | null;
  completionTime: Date | null;
}

export interface GoodsQcFilter {
  goodsId?: string;
  source?: number;
  /** Exact SKU. */
  skuId?: string;
  /** [start, end) of the record's creation. */
  createTime?: { start: Date; end: Date };
  /** [start, end) of the record's completion. */
  completionTime?: { start: Date; end: Date };
}

export interface GoodsQcKey {
  goodsId: string;
  source: number;
  skuId?: string;
}

export interface GoodsQcSummary {
  goodsId: string;
  source: number;
  skuId: string | null;
  recordCount: number;
  photoCount: number;
  lastCompletionTime: Date | null;
}

const withPhotos = { photos: { orderBy: [{ sort: 'asc' }, { id: 'asc' }], select: { url: true } } } as const satisfies Prisma.QcRecordInclude;
type QcRecordRow = Prisma.QcRecordGetPayload<{ include: typeof withPhotos }>;

const newestFirst: Prisma.QcRecordOrderByWithRelationInput[] = [{ completedAt: 'desc' }, { id: 'desc' }];

function rangeOf(range: { start: Date; end: Date } | undefined): { gte: Date; lt: Date } | undefined {
  return range && { gte: range.start, lt: range.end };
}

/** What every view of a record shows (a partner read selects no more). */
function recordBaseOf(row: QcRecordRead) {
  return {
    qcId: row.id,
    goodsId: row.goodsId,
    source: row.source,
    skuId: row.skuId,
    remarks: row.remarks,
    photos: row.photos.map((photo) => photo.url),
    createTime: row.createdAt,
  };
}

function stateOf(row: QcRecordRow): QcRecordState {
  return {
    ...recordBaseOf(row),
    orderItemId: row.orderItemId,
    orderNo: row.orderNo,
    orderItemNo: row.orderItemNo,
    status: row.status,
    result: row.result,
    completionTime: row.completedAt,
  };
}

/** Completed rows always have a result and a completion time (`complete` sets both). */
function goodsRecordOf(row: QcRecordRead): GoodsQcRecord {
  return { ...recordBaseOf(row), result: row.result as number, completionTime: row.completedAt as Date };
}

/** Goods reads by source: only sources with goods details have QC. */
function refuseSourceWithoutQc(source: number): void {
  if (!goodsSourceByCode(source)?.detail) throw new ServiceError(ErrorCatalogue.GOODS_SOURCE_NOT_SUPPORTED, { source, operation: 'QC queries' });
}

function isPhotoUrl(url: string): boolean {
  if (url.length === 0 || url.length > MAX_QC_PHOTO_URL_LENGTH) return false;
  // A path of this service (stored files) or an absolute http(s) URL.
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The business errors of QcService's partner reads by goods (a filter on a source without goods detail). */
export const QC_GOODS_READ_ERRORS: BusinessErrors = [ErrorCatalogue.GOODS_SOURCE_NOT_SUPPORTED];

export class QcService {
  constructor(
    private readonly db: Db,
    private readonly outbox: WebhookOutbox,
    private readonly reads: PartnerReads,
  ) {}

  // --- Warehouse staff ------------------------------------------------------------------------

  /**
   * Starts checking an order item of the caller's tenant that is in the warehouse. An item already
   * being checked answers its open record, so a repeated scan does not open a second one.
   */
  async start(ctx: RequestContext, input: { orderItemId: number }): Promise<QcRecordState> {
    const tenantId = tenantIdOf(ctx);
    const item = await this.db.purchaseOrderItem.findFirst({
      where: { id: input.orderItemId, tenantId },
      select: { id: true, orderItemNo: true, status: true, source: true, goodsId: true, skuId: true, order: { select: { orderNo: true } } },
    });
    if (!item) throw new ServiceError(ErrorCatalogue.QC_ORDER_ITEM_NOT_FOUND, { orderItemId: input.orderItemId });
    if (!CHECKABLE_STATUSES.includes(item.status)) {
      throw new ServiceError(ErrorCatalogue.QC_ITEM_NOT_IN_WAREHOUSE, { orderItemNo: item.orderItemNo, status: item.status });
    }
    const open = await this.db.qcRecord.findFirst({
      where: { tenantId, orderItemId: item.id, status: QcStatus.IN_PROGRESS },
      include: withPhotos,
      orderBy: { id: 'asc' },
    });
    if (open) return stateOf(open);
    const created = await this.db.qcRecord.create({
      data: {
        tenantId,
        orderItemId: item.id,
        orderNo: item.order.orderNo,
        orderItemNo: item.orderItemNo,
        source: item.source,
        goodsId: item.goodsId,
        skuId: item.skuId,
        status: QcStatus.IN_PROGRESS,
        createdAt: ctx.now(),
      },
    });
    // A new record has no photos: nothing to read back.
    return stateOf({ ...created, photos: [] });
  }

  /**
   * The record in progress that `count` more photos, `urls` among them, may join: refuses a malformed
   * URL and an unknown, completed or full record, so a caller can check before it stores anything.
   */
  async photoTarget(
    ctx: RequestContext,
    input: { qcRecordId: number; urls: readonly string[]; count: number },
    db: Db | DbTransaction = this.db,
  ): Promise<{ id: number; orderItemNo: string; photoCount: number }> {
    const invalid = input.urls.find((url) => !isPhotoUrl(url));
    if (invalid !== undefined) {
      throw new ServiceError(ErrorCatalogue.QC_PHOTO_INVALID, { url: invalid.slice(0, 100), maxLength: MAX_QC_PHOTO_URL_LENGTH });
    }
    const record = await db.qcRecord.findFirst({
      where: { id: input.qcRecordId, tenantId: tenantIdOf(ctx) },
      select: { id: true, status: true, orderItemNo: true, _count: { select: { photos: true } } },
    });
    if (!record) throw new ServiceError(ErrorCatalogue.QC_RECORD_NOT_FOUND, { qcRecordId: input.qcRecordId });
    if (record.status !== QcStatus.IN_PROGRESS) throw new ServiceError(ErrorCatalogue.QC_RECORD_COMPLETED, { qcRecordId: record.id });
    if (record._count.photos + input.count > MAX_QC_PHOTOS) {
      throw new ServiceError(ErrorCatalogue.QC_TOO_MANY_PHOTOS, { qcRecordId: record.id, maxPhotos: MAX_QC_PHOTOS });
    }
    return { id: record.id, orderItemNo: record.orderItemNo, photoCount: record._count.photos };
  }

  /** Appends photos to a record still in progress; in `tx`, the caller's transaction, when given. */
  async addPhotos(ctx: RequestContext, input: { qcRecordId: number; urls: readonly string[] }, tx?: DbTransaction): Promise<QcRecordState> {
    const append = async (db: DbTransaction) => {
      const record = await this.photoTarget(ctx, { ...input, count: input.urls.length }, db);
      const createdAt = ctx.now();
      await db.qcPhoto.createMany({ data: input.urls.map((url, index) => ({ qcRecordId: record.id, url, sort: record.photoCount + index, createdAt })) });
      return stateOf(await db.qcRecord.findUniqueOrThrow({ where: { id: record.id }, include: withPhotos }));
    };
    return tx ? append(tx) : this.db.$transaction(append);
  }

  /**
   * Completes a record in progress with its result; the item, when it was waiting for QC
   * (ARRIVED), becomes QC_DONE. A record completes once: a second call is refused.
   */
  async complete(ctx: RequestContext, input: { qcRecordId: number; result: number; remarks?: string | null }): Promise<QcRecordState> {
    const tenantId = tenantIdOf(ctx);
    if (input.result !== QcResult.PASSED && input.result !== QcResult.FAILED) {
      throw new ServiceError(ErrorCatalogue.QC_RESULT_INVALID, { result: input.result });
    }
    const remarks = input.remarks?.trim() || null;
    if (remarks !== null && remarks.length > MAX_QC_REMARKS_LENGTH) {
      throw new ServiceError(ErrorCatalogue.QC_REMARKS_TOO_LONG, { maxLength: MAX_QC_REMARKS_LENGTH });
    }
    return this.db.$transaction(async (tx) => {
      // The completion answers the record it completed: no read before it, none after.
      const [record] = await tx.qcRecord.updateManyAndReturn({
        where: { id: input.qcRecordId, tenantId, status: QcStatus.IN_PROGRESS },
        data: { status: QcStatus.COMPLETED, result: input.result, remarks, completedAt: ctx.now() },
      });
      if (!record) {
        const exists = await tx.qcRecord.count({ where: { id: input.qcRecordId, tenantId } });
        throw exists ? new ServiceError(ErrorCatalogue.QC_RECORD_COMPLETED, { qcRecordId: input.qcRecordId }) : new ServiceError(ErrorCatalogue.QC_RECORD_NOT_FOUND, { qcRecordId: input.qcRecordId });
      }
      const checked = await tx.purchaseOrderItem.updateMany({
        where: { id: record.orderItemId, tenantId, status: OrderItemStatus.ARRIVED },
        data: { status: OrderItemStatus.QC_DONE },
      });
      const photos = await tx.qcPhoto.findMany({ where: { qcRecordId: record.id }, ...withPhotos.photos });
      const state = stateOf({ ...record, photos });
      if (checked.count === 1) {
        await this.outbox.orderItemEvents(tx, WebhookEventType.ORDER_ITEM_QC_DONE, [record.orderItemId], ctx.now(), () => ({ qcId: state.qcId, result: state.result, remarks: state.remarks, photoUrls: state.photos }));
      }
      return state;
    });
  }

  // --- Partners: by goods (shared quality information) ----------------------------------------

  /** A page of completed records, newest completion first. */
  async goodsPage(
    ctx: RequestContext,
    filter: GoodsQcFilter,
    page: { skip: number; take: number },
  ): Promise<{ list: GoodsQcRecord[]; total: number }> {
    const where = this.goodsWhere(ctx, filter);
    const [total, rows] = await Promise.all([
      this.db.qcRecord.count({ where }),
      this.db.qcRecord.findMany({ where, include: withPhotos, orderBy: newestFirst, skip: page.skip, take: page.take }),
    ]);
    return { list: rows.map(goodsRecordOf), total };
  }

  /** The QC_LATEST_COUNT most recently completed records of one goods (and SKU when given). */
  async latest(ctx: RequestContext, key: GoodsQcKey): Promise<GoodsQcRecord[]> {
    refuseSourceWithoutQc(key.source);
    const rows = await this.reads.qcLatest({ tenantId: tenantIdOf(ctx), goodsId: key.goodsId, source: key.source, skuId: key.skuId, take: QC_LATEST_COUNT });
    return rows.map(goodsRecordOf);
  }

  /** How much QC one goods (and SKU when given) has: completed records, their photos, the last completion. */
  async summary(ctx: RequestContext, key: GoodsQcKey): Promise<GoodsQcSummary> {
    const where = this.goodsWhere(ctx, key);
    const [records, photoCount] = await Promise.all([
      this.db.qcRecord.aggregate({ where, _count: { _all: true }, _max: { completedAt: true } }),
      this.db.qcPhoto.count({ where: { qcRecord: where } }),
    ]);
    return {
      goodsId: key.goodsId,
      source: key.source,
      skuId: key.skuId ?? null,
      recordCount: records._count._all,
      photoCount,
      lastCompletionTime: records._max.completedAt,
    };
  }

  // --- Partners: by their own orders -----------------------------------------------------------

  /**
   * Completed records of one of the caller's orders: every item's for an `O…` parent number, one
   * item's for a `PI…` item number. Unknown numbers and other partners' orders answer an empty list.
   */
  async byOrder(ctx: RequestContext, input: { orderNo: string }): Promise<OrderQcRecord[]> {
    const { tenantId, partnerClientId } = partnerScope(ctx);
    const number = input.orderNo.startsWith('PI') ? { orderItemNo: input.orderNo } : { orderNo: input.orderNo };
    const rows = await this.db.qcRecord.findMany({
      where: { ...number, tenantId, status: QcStatus.COMPLETED, orderItem: { tenantId, order: { tenantId, partnerClientId } } },
      include: withPhotos,
      orderBy: [{ orderItemNo: 'asc' }, { completedAt: 'asc' }, { id: 'asc' }],
      take: MAX_ORDER_QC_RECORDS,
    });
    return rows.map((row) => ({ ...goodsRecordOf(row), orderNo: row.orderNo, orderItemNo: row.orderItemNo }));
  }

  private goodsWhere(ctx: RequestContext, filter: GoodsQcFilter): Prisma.QcRecordWhereInput {
    if (filter.source !== undefined) refuseSourceWithoutQc(filter.source);
    return {
      tenantId: tenantIdOf(ctx),
      status: QcStatus.COMPLETED,
      goodsId: filter.goodsId,
      source: filter.source,
      skuId: filter.skuId,
      createdAt: rangeOf(filter.createTime),
      completedAt: rangeOf(filter.completionTime),
    };
  }
}
