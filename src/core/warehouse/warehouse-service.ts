// The warehouse stations of internal tools: receive purchased items, quality-check them (photos as
// URLs or uploaded image files, stored by the service), and put them in storage. QC records are the
// QC service's; this service adds the item transitions around them and the uploads.
import { recordIdSchema } from '../admin/save-shape';
import type { Db, Prisma } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import type { FileStore } from '../files/file-store';
import { pageInputSchema, pageWindow } from '../paging';
import { OrderItemStatus, QcResult, type ValueOf } from '../order/statuses';
import { WebhookEventType } from '../webhook/event-types';
import type { WebhookOutbox } from '../webhook/webhook-outbox';
import { MAX_QC_PHOTO_URL_LENGTH, MAX_QC_PHOTOS, MAX_QC_REMARKS_LENGTH, type QcRecordState, type QcService } from '../qc/qc-service';
import { type RequestContext, tenantIdOf } from '../request-context';
import { z } from '../validation';
import { fieldIssue, fieldText } from '../validation-messages';

/** Largest uploaded QC photo, in bytes: its base64 must fit the 1 MiB request body limit. */
export const MAX_QC_UPLOAD_BYTES = 512 * 1024;
/** Uploaded photos in one call (the request body limit bounds their total size too). */
export const MAX_QC_UPLOADS_PER_CALL = 10;
export const QC_UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
type QcUploadContentType = (typeof QC_UPLOAD_CONTENT_TYPES)[number];

/** Ids are 32-bit in the database: a larger number is a validation error, not a database one. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The first bytes every file of the type starts with, so a mislabelled upload is refused. */
function hasImageSignature(contentType: QcUploadContentType, bytes: Buffer): boolean {
  switch (contentType) {
    case 'image/jpeg':
      return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/webp':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  }
}

export const qcUploadSchema = z
  .object({
    contentType: z.enum(QC_UPLOAD_CONTENT_TYPES),
    /** The file's bytes in base64. */
    data: z
      .string()
      .min(1)
      .max(Math.ceil(MAX_QC_UPLOAD_BYTES / 3) * 4)
      .regex(BASE64, fieldText('notBase64')),
    fileName: z.string().trim().min(1).max(100).optional(),
  })
  .superRefine((upload, issues) => {
    if (!hasImageSignature(upload.contentType, Buffer.from(upload.data, 'base64'))) {
      issues.addIssue({ code: 'custom', path: ['data'], ...fieldIssue('notImageOf', { contentType: upload.contentType }) });
    }
  });

export const orderItemRefSchema = z.object({ orderItemId: recordIdSchema });
export type OrderItemRefInput = z.input<typeof orderItemRefSchema>;

export const qcAddPhotosSchema = z
  .object({
    qcRecordId: recordIdSchema,
    /** Photos already online: absolute http(s) URLs or paths of this service. */
    urls: z.array(z.string().trim().min(1).max(MAX_QC_PHOTO_URL_LENGTH)).max(MAX_QC_PHOTOS).default([]),
    /** Photos to store here; their file URLs are attached after `urls`. */
    uploads: z.array(qcUploadSchema).max(MAX_QC_UPLOADS_PER_CALL).default([]),
  })
  .refine((input) => input.urls.length + input.uploads.length > 0, { path: ['urls'], ...fieldIssue('photoRequired') });
export type QcAddPhotosInput = z.input<typeof qcAddPhotosSchema>;

export const qcCompleteSchema = z.object({
  qcRecordId: recordIdSchema,
  result: z.union([z.literal(QcResult.PASSED), z.literal(QcResult.FAILED)]),
  remarks: z.string().trim().max(MAX_QC_REMARKS_LENGTH).optional(),
});
export type QcCompleteInput = z.input<typeof qcCompleteSchema>;

const ITEM_STATUSES = Object.values(OrderItemStatus) as number[];

export const warehouseListSchema = pageInputSchema.extend({
  status: z
    .number()
    .int()
    .refine((status) => ITEM_STATUSES.includes(status), fieldIssue('notOrderItemStatus', { statuses: ITEM_STATUSES })),
  memberId: recordIdSchema.optional(),
});
export type WarehouseListInput = z.input<typeof warehouseListSchema>;

export interface WarehouseItemView {
  orderItemId: number;
  orderItemNo: string;
  orderNo: string;
  memberId: number;
  source: number;
  goodsId: string;
  skuId: string;
  title: string;
  skuProps: Prisma.JsonValue;
  image: string | null;
  qty: number;
  status: number;
  marketplaceOrderNo: string | null;
  bagId: number | null;
  updatedAt: Date;
}

const ITEM_SELECT = {
  id: true,
  orderItemNo: true,
  memberId: true,
  source: true,
  goodsId: true,
  skuId: true,
  title: true,
  skuProps: true,
  image: true,
  qty: true,
  status: true,
  marketplaceOrderNo: true,
  bagId: true,
  updatedAt: true,
  order: { select: { orderNo: true } },
} as const satisfies Prisma.PurchaseOrderItemSelect;

function itemView(row: Prisma.PurchaseOrderItemGetPayload<{ select: typeof ITEM_SELECT }>): WarehouseItemView {
  const { id, order, ...rest } = row;
  return { orderItemId: id, orderNo: order.orderNo, ...rest };
}

type ItemStatus = ValueOf<typeof OrderItemStatus>;

export class WarehouseService {
  constructor(
    private readonly db: Db,
    private readonly qc: QcService,
    private readonly files: FileStore,
    private readonly outbox: WebhookOutbox,
  ) {}

  /** A page of the tenant's items in one status (a station's queue), oldest first. */
  async list(ctx: RequestContext, raw: WarehouseListInput): Promise<{ list: WarehouseItemView[]; total: number }> {
    const input = warehouseListSchema.parse(raw);
    const where = { tenantId: tenantIdOf(ctx), status: input.status, memberId: input.memberId };
    const [total, rows] = await Promise.all([
      this.db.purchaseOrderItem.count({ where }),
      this.db.purchaseOrderItem.findMany({ where, select: ITEM_SELECT, orderBy: { id: 'asc' }, ...pageWindow(input) }),
    ]);
    return { list: rows.map(itemView), total };
  }

  /** A purchased item reached the warehouse: PURCHASED -> ARRIVED. */
  markArrived(ctx: RequestContext, raw: OrderItemRefInput): Promise<WarehouseItemView> {
    return this.transition(ctx, orderItemRefSchema.parse(raw).orderItemId, OrderItemStatus.PURCHASED, OrderItemStatus.ARRIVED, 'markArrived', WebhookEventType.ORDER_ITEM_ARRIVED);
  }

  /** A checked item goes on the shelf: QC_DONE -> IN_STORAGE. */
  putInStorage(ctx: RequestContext, raw: OrderItemRefInput): Promise<WarehouseItemView> {
    return this.transition(ctx, orderItemRefSchema.parse(raw).orderItemId, OrderItemStatus.QC_DONE, OrderItemStatus.IN_STORAGE, 'putInStorage', WebhookEventType.ORDER_ITEM_STORED);
  }

  /** Opens (or answers the open) QC record of an item in the warehouse. */
  startQc(ctx: RequestContext, raw: OrderItemRefInput): Promise<QcRecordState> {
    return this.qc.start(ctx, orderItemRefSchema.parse(raw));
  }

  /**
   * Adds photos to a record in progress: the URLs as given, then the uploads, each stored as a file
   * whose URL is attached. Everything is checked before any file is stored, so a bad URL or a closed
   * or full record stores none; the files and the photos commit together, so a record completed or
   * filled meanwhile leaves none either.
   */
  async addQcPhotos(ctx: RequestContext, raw: QcAddPhotosInput): Promise<QcRecordState> {
    const input = qcAddPhotosSchema.parse(raw);
    const record = await this.qc.photoTarget(ctx, { qcRecordId: input.qcRecordId, urls: input.urls, count: input.urls.length + input.uploads.length });
    return this.db.$transaction(async (tx) => {
      const uploaded: string[] = [];
      for (const [index, upload] of input.uploads.entries()) {
        const extension = upload.contentType.slice('image/'.length);
        const stored = await this.files.put(
          ctx,
          { contentType: upload.contentType, fileName: upload.fileName ?? `qc-${record.orderItemNo}-${index + 1}.${extension}`, data: Buffer.from(upload.data, 'base64') },
          tx,
        );
        uploaded.push(stored.url);
      }
      return this.qc.addPhotos(ctx, { qcRecordId: record.id, urls: [...input.urls, ...uploaded] }, tx);
    });
  }

  /** Completes a record with its result; an ARRIVED item becomes QC_DONE. */
  completeQc(ctx: RequestContext, raw: QcCompleteInput): Promise<QcRecordState> {
    return this.qc.complete(ctx, qcCompleteSchema.parse(raw));
  }

  /**
   * Moves an item of the tenant from `from` to `to` with one conditional update. An item already in
   * `to` is answered as it is (a repeated scan); any other status is refused.
   */
  private async transition(ctx: RequestContext, orderItemId: number, from: ItemStatus, to: ItemStatus, operation: string, event: WebhookEventType): Promise<WarehouseItemView> {
    const tenantId = tenantIdOf(ctx);
    await this.db.$transaction(async (tx) => {
      const moved = await tx.purchaseOrderItem.updateMany({ where: { id: orderItemId, tenantId, status: from }, data: { status: to } });
      if (moved.count === 1) await this.outbox.orderItemEvents(tx, event, [orderItemId], ctx.now());
    });
    const item = await this.db.purchaseOrderItem.findFirst({ where: { id: orderItemId, tenantId }, select: ITEM_SELECT });
    if (!item) throw new ServiceError(ErrorCatalogue.WAREHOUSE_ITEM_NOT_FOUND, { orderItemId });
    if (item.status !== to) {
      throw new ServiceError(ErrorCatalogue.WAREHOUSE_ITEM_WRONG_STATUS, { orderItemNo: item.orderItemNo, status: item.status, operation, expected: from });
    }
    return itemView(item);
  }
}
