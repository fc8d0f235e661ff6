// The goods catalog as staff tools write it (the catalog provider reads the same tables): bulk
// import of goods with SKUs, per-SKU price updates, and images registered for image search.
//
// The catalog is shared by the partners of every tenant (Goods has no tenantId), so only staff of
// the system tenant change it; other tenants are refused with TENANT_MANAGED_BY_SYSTEM.
//
// Import is idempotent by (source, goodsId): importing a goods again updates it in place, upserts
// its SKUs by skuId and deletes the SKUs the import no longer lists. Each goods is written in its
// own short transaction; a concurrent first import of the same goods makes one create and the
// other update. The goods price is always the lowest SKU price (search sorts by it).
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Db, DbTransaction } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { CatalogGoodsStatus } from '../goods/catalog-goods-provider';
import { goodsNotFoundError, skuNotFoundError } from '../goods/goods-service';
import { MAX_IMAGE_URL_LENGTH, normalizeImageUrl } from '../goods/image-url';
import { GOODS_SOURCES, goodsSourceByCode, type GoodsSourceCode } from '../goods/sources';
import { MAX_INT32 } from '../order/query-guards';
import type { RequestContext } from '../request-context';
import { SYSTEM_TENANT_ID } from '../tenant/tenant-directory';
import { z } from '../validation';
import { fieldIssue, fieldText } from '../validation-messages';

/** Goods one import call carries at most. */
export const MAX_IMPORT_GOODS = 200;
/** SKUs of one goods at most. */
export const MAX_GOODS_SKUS = 500;
export const MAX_GOODS_IMAGES = 50;
/** Price updates or image registrations one call carries at most. */
export const MAX_CATALOG_BATCH = 500;

/** A goods source code (sources.ts). */
export const goodsSourceSchema = z
  .number()
  .int()
  .refine((code) => goodsSourceByCode(code) !== undefined, fieldIssue('oneOf', { values: GOODS_SOURCES.map((source) => source.code) }))
  .transform((code) => code as GoodsSourceCode);
const goodsIdSchema = z.string().trim().min(1).max(64);
const skuIdSchema = z.string().trim().min(1).max(64);
const priceSchema = z.number().int().min(0).max(MAX_INT32);
const httpUrlSchema = z
  .string()
  .trim()
  .max(MAX_IMAGE_URL_LENGTH)
  .refine((text) => normalizeImageUrl(text) !== null, fieldText('httpUrl'));

const skuImportSchema = z.object({
  skuId: skuIdSchema,
  /** e.g. {"Color": "Red", "Size": "M"} */
  props: z.record(z.string().trim().min(1).max(64), z.string().trim().max(128)).default({}),
  /** Cents. */
  price: priceSchema,
  stock: z.number().int().min(0).max(MAX_INT32),
});

const goodsImportSchema = z.object({
  source: goodsSourceSchema,
  goodsId: goodsIdSchema,
  title: z.string().trim().min(1).max(500),
  /** Display images, first is the main image; kept as given. */
  images: z.array(httpUrlSchema).max(MAX_GOODS_IMAGES).default([]),
  shopName: z.string().trim().max(200).default(''),
  /** The marketplace item page; default: the source's canonical page of goodsId. */
  detailUrl: z.url().max(MAX_IMAGE_URL_LENGTH).optional(),
  sales: z.number().int().min(0).max(MAX_INT32).default(0),
  /** 0 listed (partners find it), 1 delisted. */
  status: z.union([z.literal(CatalogGoodsStatus.LISTED), z.literal(CatalogGoodsStatus.DELISTED)]).default(CatalogGoodsStatus.LISTED),
  skus: z
    .array(skuImportSchema)
    .min(1)
    .max(MAX_GOODS_SKUS)
    .superRefine((skus, check) => {
      const seen = new Set<string>();
      skus.forEach((sku, index) => {
        if (seen.has(sku.skuId)) check.addIssue({ code: 'custom', path: [index, 'skuId'], ...fieldIssue('duplicateSkuId', { skuId: sku.skuId }) });
        seen.add(sku.skuId);
      });
    }),
});

export const catalogImportSchema = z.object({
  goods: z
    .array(goodsImportSchema)
    .min(1)
    .max(MAX_IMPORT_GOODS)
    .superRefine((goods, check) => {
      const seen = new Set<string>();
      goods.forEach((entry, index) => {
        const key = `${entry.source}:${entry.goodsId}`;
        if (seen.has(key)) check.addIssue({ code: 'custom', path: [index, 'goodsId'], ...fieldIssue('duplicateGoods', { goodsId: entry.goodsId, source: entry.source }) });
        seen.add(key);
      });
    }),
});
export type CatalogImportInput = z.input<typeof catalogImportSchema>;
type GoodsImport = z.output<typeof goodsImportSchema>;

export const priceUpdateSchema = z.object({
  prices: z
    .array(z.object({ source: goodsSourceSchema, goodsId: goodsIdSchema, skuId: skuIdSchema, price: priceSchema }))
    .min(1)
    .max(MAX_CATALOG_BATCH),
});
export type PriceUpdateInput = z.input<typeof priceUpdateSchema>;

export const imageRegistrationSchema = z.object({
  images: z
    .array(
      z.object({
        source: goodsSourceSchema,
        goodsId: goodsIdSchema,
        imageUrl: httpUrlSchema,
        /** Computed by the registering tool (hex); images with equal hashes match each other. */
        perceptualHash: z
          .string()
          .trim()
          .regex(/^[0-9a-fA-F]{8,64}$/, fieldText('hexDigits8To64'))
          .transform((hash) => hash.toLowerCase())
          .optional(),
      }),
    )
    .min(1)
    .max(MAX_CATALOG_BATCH),
});
export type ImageRegistrationInput = z.input<typeof imageRegistrationSchema>;

export interface ImportOutcome {
  created: number;
  updated: number;
  goods: { source: number; goodsId: string; result: 'created' | 'updated'; skus: number; skusDeleted: number }[];
}

function assertCatalogWriter(ctx: RequestContext): void {
  if (ctx.tenantId !== SYSTEM_TENANT_ID) throw new ServiceError(ErrorCatalogue.TENANT_MANAGED_BY_SYSTEM, { action: 'change the goods catalog' });
}

const lowestPrice = (skus: readonly { price: number }[]) => Math.min(...skus.map((sku) => sku.price));

export class CatalogService {
  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
  ) {}

  /** Every process forgets the goods' cached detail; called after the change committed. */
  private async announce(goods: Iterable<{ source: number; goodsId: string }>): Promise<void> {
    const keys = new Map([...goods].map((entry) => [`${entry.source}:${entry.goodsId}`, entry]));
    for (const { source, goodsId } of keys.values()) await this.bus.publish({ kind: 'goods-changed', source, goodsId });
  }

  async import(ctx: RequestContext, raw: CatalogImportInput): Promise<ImportOutcome> {
    assertCatalogWriter(ctx);
    const input = catalogImportSchema.parse(raw);
    const outcome: ImportOutcome = { created: 0, updated: 0, goods: [] };
    for (const goods of input.goods) {
      const result = await this.importOne(ctx, goods);
      outcome[result.result] += 1;
      outcome.goods.push(result);
    }
    return outcome;
  }

  /** Sets SKU prices; each goods' price follows its lowest SKU. All or nothing: an unknown SKU refuses the call. */
  async updatePrices(ctx: RequestContext, raw: PriceUpdateInput): Promise<{ updated: number }> {
    assertCatalogWriter(ctx);
    const input = priceUpdateSchema.parse(raw);
    const now = ctx.now();
    await this.db.$transaction(async (tx) => {
      const goodsIds = new Map<string, number>();
      for (const entry of input.prices) {
        const key = `${entry.source}:${entry.goodsId}`;
        let recordId = goodsIds.get(key);
        if (recordId === undefined) {
          recordId = await this.goodsRecordId(tx, entry.source, entry.goodsId);
          goodsIds.set(key, recordId);
        }
        const { count } = await tx.goodsSku.updateMany({ where: { goodsRecordId: recordId, skuId: entry.skuId }, data: { price: entry.price, updatedAt: now } });
        if (count === 0) throw skuNotFoundError(entry.source, entry.goodsId, entry.skuId);
      }
      for (const recordId of goodsIds.values()) await this.syncGoodsPrice(tx, recordId, now);
    });
    await this.announce(input.prices);
    return { updated: input.prices.length };
  }

  /**
   * Registers images of goods for image search, stored in the normal form of `normalizeImageUrl`.
   * Registering an image a goods already has sets its perceptual hash (when given) instead of
   * adding a second row.
   */
  async registerImages(ctx: RequestContext, raw: ImageRegistrationInput): Promise<{ registered: number; updated: number }> {
    assertCatalogWriter(ctx);
    const input = imageRegistrationSchema.parse(raw);
    const now = ctx.now();
    return this.db.$transaction(async (tx) => {
      let registered = 0;
      let updated = 0;
      const goodsIds = new Map<string, number>();
      for (const entry of input.images) {
        const key = `${entry.source}:${entry.goodsId}`;
        const goodsRecordId = goodsIds.get(key) ?? (await this.goodsRecordId(tx, entry.source, entry.goodsId));
        goodsIds.set(key, goodsRecordId);
        const imageUrl = normalizeImageUrl(entry.imageUrl) as string;
        const existing = await tx.goodsImage.findFirst({ where: { goodsRecordId, imageUrl }, select: { id: true } });
        if (existing) {
          if (entry.perceptualHash !== undefined) await tx.goodsImage.update({ where: { id: existing.id }, data: { perceptualHash: entry.perceptualHash } });
          updated += 1;
        } else {
          await tx.goodsImage.create({ data: { goodsRecordId, imageUrl, perceptualHash: entry.perceptualHash ?? null, createdAt: now } });
          registered += 1;
        }
      }
      return { registered, updated };
    });
  }

  private async importOne(ctx: RequestContext, goods: GoodsImport): Promise<ImportOutcome['goods'][number]> {
    const now = ctx.now();
    const fields = {
      title: goods.title,
      images: goods.images,
      price: lowestPrice(goods.skus),
      sales: goods.sales,
      shopName: goods.shopName,
      detailUrl: goods.detailUrl ?? (goodsSourceByCode(goods.source)?.detailUrl(goods.goodsId) as string),
      status: goods.status,
      updatedAt: now,
    };
    const key = { source_goodsId: { source: goods.source, goodsId: goods.goodsId } };
    const write = () =>
      this.db.$transaction(async (tx) => {
        const existing = await tx.goods.findUnique({ where: key, select: { id: true } });
        if (!existing) {
          await tx.goods.create({
            data: { source: goods.source, goodsId: goods.goodsId, ...fields, createdAt: now, skus: { create: goods.skus.map((sku) => ({ ...sku, createdAt: now, updatedAt: now })) } },
          });
          return { result: 'created' as const, skusDeleted: 0 };
        }
        await tx.goods.update({ where: { id: existing.id }, data: fields });
        const removed = await tx.goodsSku.deleteMany({ where: { goodsRecordId: existing.id, skuId: { notIn: goods.skus.map((sku) => sku.skuId) } } });
        for (const sku of goods.skus) {
          await tx.goodsSku.upsert({
            where: { goodsRecordId_skuId: { goodsRecordId: existing.id, skuId: sku.skuId } },
            create: { goodsRecordId: existing.id, ...sku, createdAt: now, updatedAt: now },
            update: { props: sku.props, price: sku.price, stock: sku.stock, updatedAt: now },
          });
        }
        return { result: 'updated' as const, skusDeleted: removed.count };
      });
    let written: Awaited<ReturnType<typeof write>>;
    try {
      written = await write();
    } catch (error) {
      // A concurrent first import created the goods meanwhile: this one becomes its update.
      if (!isUniqueViolation(error)) throw error;
      written = await write();
    }
    await this.announce([goods]);
    return { source: goods.source, goodsId: goods.goodsId, skus: goods.skus.length, ...written };
  }

  private async goodsRecordId(tx: DbTransaction, source: number, goodsId: string): Promise<number> {
    const goods = await tx.goods.findUnique({ where: { source_goodsId: { source, goodsId } }, select: { id: true } });
    if (!goods) throw goodsNotFoundError(source, goodsId);
    return goods.id;
  }

  private async syncGoodsPrice(tx: DbTransaction, goodsRecordId: number, now: Date): Promise<void> {
    const { _min } = await tx.goodsSku.aggregate({ where: { goodsRecordId }, _min: { price: true } });
    if (_min.price !== null) await tx.goods.update({ where: { id: goodsRecordId }, data: { price: _min.price, updatedAt: now } });
  }
}
