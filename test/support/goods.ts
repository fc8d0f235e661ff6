// Catalog goods and QC records that goods and QC tests start from, written through the fixtures
// and the QC service so each test states exactly what exists.
import { randomBytes } from 'node:crypto';
import type { Core } from '../../src/core/core';
import type { Db } from '../../src/core/db/client';
import { normalizeImageUrl } from '../../src/core/goods/image-url';
import type { RequestContext } from '../../src/core/request-context';
import { createCatalogGoods, type GoodsFixture } from './commerce-fixtures';

/** A word no other test's titles contain, so searches of one test see only its goods. */
export function uniqueWord(prefix = 'w'): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

export interface CatalogGoodsSpec {
  source?: number;
  goodsId?: string;
  title: string;
  /** Cents; the goods price is the lowest. */
  prices?: number[];
  sales?: number;
  status?: number;
  images?: string[];
  /** Images registered for image search (URL as given; stored normalized) with an optional perceptual hash. */
  registeredImages?: { url: string; perceptualHash?: string }[];
}

export async function catalogGoods(db: Db, spec: CatalogGoodsSpec): Promise<GoodsFixture> {
  const goods = await createCatalogGoods(db, {
    source: spec.source,
    goodsId: spec.goodsId,
    title: spec.title,
    images: spec.images,
    skus: spec.prices?.map((price) => ({ price })),
  });
  const record = await db.goods.update({
    where: { source_goodsId: { source: goods.source, goodsId: goods.goodsId } },
    data: { sales: spec.sales ?? 0, status: spec.status ?? 0 },
  });
  for (const image of spec.registeredImages ?? []) {
    await db.goodsImage.create({
      data: { goodsRecordId: record.id, imageUrl: normalizeImageUrl(image.url) as string, perceptualHash: image.perceptualHash ?? null },
    });
  }
  return goods;
}

/** Starts, photographs and completes a QC record of an order item (which must be in the warehouse). */
export async function completedQc(
  core: Core,
  ctx: RequestContext,
  orderItemId: number,
  options: { photos?: string[]; result?: number; remarks?: string } = {},
) {
  const record = await core.qc.start(ctx, { orderItemId });
  const photos = options.photos ?? [`https://files.example.com/qc/${record.qcId}-1.jpg`];
  if (photos.length > 0) await core.qc.addPhotos(ctx, { qcRecordId: record.qcId, urls: photos });
  return core.qc.complete(ctx, { qcRecordId: record.qcId, result: options.result ?? 1, remarks: options.remarks ?? 'Looks as pictured' });
}
