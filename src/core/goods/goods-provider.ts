// Goods come from a provider behind this one interface; which provider serves which source is
// configuration (a catalog over our own database, or an upstream goods-data service over HTTP).
import type { GoodsSourceCode } from './sources';

export type GoodsSort = 'relevance' | 'price-desc' | 'price-asc' | 'sale-desc';

/** Goods per page of keyword and image search (every provider pages by this). */
export const GOODS_PAGE_SIZE = 20;

export interface GoodsSummary {
  goodsId: string;
  source: GoodsSourceCode;
  title: string;
  image: string | null;
  /** Cents. */
  price: number;
  sales: number;
  shopName: string;
  detailUrl: string;
}

export interface GoodsSku {
  skuId: string;
  props: Record<string, string>;
  /** Cents. */
  price: number;
  stock: number;
}

export interface GoodsDetail {
  goodsId: string;
  source: GoodsSourceCode;
  title: string;
  images: string[];
  /** Lowest SKU price, cents. */
  price: number;
  skus: GoodsSku[];
  shopName: string;
  detailUrl: string;
}

export interface GoodsPage {
  list: GoodsSummary[];
  total: number;
}

export interface GoodsProvider {
  readonly name: string;
  search(query: { keyword: string; source: GoodsSourceCode; page: number; sort: GoodsSort }): Promise<GoodsPage>;
  imageSearch(query: { imageUrl: string; source: GoodsSourceCode; page: number }): Promise<GoodsPage>;
  /** null when the goods does not exist at the source. */
  detail(query: { goodsId: string; source: GoodsSourceCode }): Promise<GoodsDetail | null>;
}
