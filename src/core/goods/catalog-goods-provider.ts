/**
 * The catalog provider: goods imported into our own tables (Goods, GoodsSku, GoodsImage) by staff
 * or by a seed. Only listed goods (status 0) are found.
 *
 * Keyword search: every keyword term must occur in the title, case-insensitively (see
 * `search-terms.ts`); GOODS_PAGE_SIZE goods a page. Sorts:
 * - relevance: titles that start with the whole keyword first, then titles containing the keyword
 *   verbatim, then titles starting with its first term, then the rest; within each, more sales first;
 * - price-asc / price-desc: by the lowest SKU price, then more sales first;
 * - sale-desc: more sales first.
 * Ties end in the record id, so pages never overlap.
 *
 * Image search never fetches the partner's image: it looks the URL up among the images registered
 * in GoodsImage (URLs stored in the normal form of `normalizeImageUrl`). When a registered image
 * matching the URL carries a perceptual hash, other registered images with the same hash (exact
 * equality: the registering tool computes the hashes) match too. Goods whose own image matches the
 * URL come first, then goods matching by hash, each by sales.
 *
 * Details (the partner's goods page and live pricing of every quote and order) are kept in memory,
 * least recently used dropped beyond MAX_CACHED_GOODS; every catalog write publishes goods-changed
 * on the invalidation bus, which drops the entry in every process. Only goods found are kept, so a
 * goods imported later needs no invalidation to be seen.
 */

import { InvalidatedCache } from '../cache/invalidated-cache';
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Db } from '../db/client';
import { Prisma } from '../db/client';
import { GOODS_PAGE_SIZE, type GoodsDetail, type GoodsPage, type GoodsProvider, type GoodsSort, type GoodsSummary } from './goods-provider';
import { normalizeImageUrl } from './image-url';
import { containsPattern, keywordTerms, startsWithPattern } from './search-terms';
import type { GoodsSourceCode } from './sources';

/** Goods.status: only listed goods are searched and detailed. */
export const CatalogGoodsStatus = { LISTED: 0, DELISTED: 1 } as const;

/** Matches considered by one image search; a registered image shared by more goods than this is not a useful query. */
const MAX_IMAGE_MATCHES = 1000;

/** A detail with 10 SKUs is about 3 KB: at most some 15 MB per process. */
export const MAX_CACHED_GOODS = 5_000;

/** Goods.images is a JSON array of URLs; anything else in it is ignored. */
function imagesOf(images: Prisma.JsonValue): string[] {
  return Array.isArray(images) ? images.filter((image): image is string => typeof image === 'string') : [];
}

/** GoodsSku.props is a JSON object of names to values, e.g. {"Color": "Red", "Size": "M"}. */
function propsOf(props: Prisma.JsonValue): Record<string, string> {
  if (props === null || typeof props !== 'object' || Array.isArray(props)) return {};
  return Object.fromEntries(Object.entries(props).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));
}

function summaryOf(row: Prisma.GoodsModel): GoodsSummary {
  return {
    goodsId: row.goodsId,
    source: row.source as GoodsSourceCode,
    title: row.title,
    image: imagesOf(row.images)[0] ?? null,
    price: row.price,
    sales: row.sales,
    shopName: row.shopName,
    detailUrl: row.detailUrl,
  };
}

function offsetOf(page: number): number {
  return (page - 1) * GOODS_PAGE_SIZE;
}

const detailKey = (source: number, goodsId: string) => `${source}:${goodsId}`;

export class CatalogGoodsProvider implements GoodsProvider {
  readonly name = 'catalog';
  /** Shared answers: callers never change them. */
  private readonly details: InvalidatedCache<string, GoodsDetail>;

  constructor(
    private readonly db: Db,
    bus: InvalidationBus,
    maxEntries: number = MAX_CACHED_GOODS,
  ) {
    this.details = new InvalidatedCache(bus, (message) => (message.kind === 'goods-changed' ? detailKey(message.source, message.goodsId) : undefined), maxEntries);
  }

  async search(query: { keyword: string; source: GoodsSourceCode; page: number; sort: GoodsSort }): Promise<GoodsPage> {
    const terms = keywordTerms(query.keyword);
    if (terms.length === 0) return { list: [], total: 0 };
    const title = Prisma.sql`LOWER("title")`;
    const where = Prisma.sql`"source" = ${query.source} AND "status" = ${CatalogGoodsStatus.LISTED} AND ${Prisma.join(
      terms.map((term) => Prisma.sql`${title} LIKE ${containsPattern(term)} ESCAPE '\\'`),
      ' AND ',
    )}`;
    const [counted] = await this.db.$queryRaw<{ total: number | bigint }[]>`SELECT COUNT(*) AS "total" FROM "Goods" WHERE ${where}`;
    const total = Number(counted?.total ?? 0);
    const offset = offsetOf(query.page);
    if (offset >= total) return { list: [], total };
    const ids = await this.db.$queryRaw<{ id: number | bigint }[]>`SELECT "id" FROM "Goods" WHERE ${where}
      ORDER BY ${this.orderBy(query.sort, terms)} LIMIT ${GOODS_PAGE_SIZE} OFFSET ${offset}`;
    return { list: await this.summariesInOrder(ids.map((row) => Number(row.id))), total };
  }

  async imageSearch(query: { imageUrl: string; source: GoodsSourceCode; page: number }): Promise<GoodsPage> {
    const imageUrl = normalizeImageUrl(query.imageUrl);
    if (imageUrl === null) return { list: [], total: 0 };
    const registered = await this.db.goodsImage.findMany({
      where: { imageUrl },
      select: { perceptualHash: true },
      take: MAX_IMAGE_MATCHES,
    });
    if (registered.length === 0) return { list: [], total: 0 };
    const hashes = [...new Set(registered.flatMap((image) => (image.perceptualHash ? [image.perceptualHash] : [])))];
    const matches = await this.db.goods.findMany({
      where: {
        source: query.source,
        status: CatalogGoodsStatus.LISTED,
        imageRefs: { some: hashes.length > 0 ? { OR: [{ imageUrl }, { perceptualHash: { in: hashes } }] } : { imageUrl } },
      },
      select: { id: true, sales: true, imageRefs: { where: { imageUrl }, select: { id: true }, take: 1 } },
      orderBy: [{ sales: 'desc' }, { id: 'asc' }],
      take: MAX_IMAGE_MATCHES,
    });
    // Stable sort: by-URL matches first, each group keeping the sales order of the query.
    const ranked = matches.map((match) => ({ id: match.id, byUrl: match.imageRefs.length > 0 })).sort((a, b) => Number(b.byUrl) - Number(a.byUrl));
    const offset = offsetOf(query.page);
    const pageIds = ranked.slice(offset, offset + GOODS_PAGE_SIZE).map((match) => match.id);
    return { list: await this.summariesInOrder(pageIds), total: ranked.length };
  }

  async detail(query: { goodsId: string; source: GoodsSourceCode }): Promise<GoodsDetail | null> {
    const key = detailKey(query.source, query.goodsId);
    return this.details.get(key) ?? this.details.remember(key, () => this.load(query), (detail) => detail);
  }

  private async load(query: { goodsId: string; source: GoodsSourceCode }): Promise<GoodsDetail | null> {
    const goods = await this.db.goods.findFirst({
      where: { source: query.source, goodsId: query.goodsId, status: CatalogGoodsStatus.LISTED },
      include: { skus: { orderBy: { id: 'asc' } } },
    });
    if (!goods) return null;
    const skus = goods.skus.map((sku) => ({ skuId: sku.skuId, props: propsOf(sku.props), price: sku.price, stock: sku.stock }));
    return {
      goodsId: goods.goodsId,
      source: goods.source as GoodsSourceCode,
      title: goods.title,
      images: imagesOf(goods.images),
      price: skus.length > 0 ? Math.min(...skus.map((sku) => sku.price)) : goods.price,
      skus,
      shopName: goods.shopName,
      detailUrl: goods.detailUrl,
    };
  }

  private orderBy(sort: GoodsSort, terms: readonly string[]): Prisma.Sql {
    const tieBreak = Prisma.sql`"sales" DESC, "id" ASC`;
    switch (sort) {
      case 'price-asc':
        return Prisma.sql`"price" ASC, ${tieBreak}`;
      case 'price-desc':
        return Prisma.sql`"price" DESC, ${tieBreak}`;
      case 'sale-desc':
        return tieBreak;
      case 'relevance': {
        const title = Prisma.sql`LOWER("title")`;
        const phrase = terms.join(' ');
        return Prisma.sql`CASE
          WHEN ${title} LIKE ${startsWithPattern(phrase)} ESCAPE '\\' THEN 0
          WHEN ${title} LIKE ${containsPattern(phrase)} ESCAPE '\\' THEN 1
          WHEN ${title} LIKE ${startsWithPattern(terms[0] ?? '')} ESCAPE '\\' THEN 2
          ELSE 3 END, ${tieBreak}`;
      }
    }
  }

  private async summariesInOrder(ids: readonly number[]): Promise<GoodsSummary[]> {
    if (ids.length === 0) return [];
    const rows = new Map((await this.db.goods.findMany({ where: { id: { in: [...ids] } } })).map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [summaryOf(row)] : [];
    });
  }
}
