/**
 * Goods for partners and for live pricing: routes each source to its provider (configuration),
 * enforces which operations a source supports (`sources.ts`: keyword search 1, 2, 3, 5; image
 * search and detail 1, 2, 3; live pricing for quotes and orders 1, 2, 3, 5), and parses goods links.
 *
 * Routing: the sources listed in GOODS_HTTP_SOURCES are served by the upstream goods-data service
 * at GOODS_HTTP_URL; every other source (all of them by default) by the catalog in our database.
 */

import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { type BusinessErrors, ServiceError } from '../errors/service-error';
import type { RequestContext } from '../request-context';
import { CatalogGoodsProvider } from './catalog-goods-provider';
import type { GoodsDetail, GoodsPage, GoodsProvider, GoodsSku, GoodsSort } from './goods-provider';
import { GOODS_PROVIDER_ERRORS, HttpGoodsProvider } from './http-goods-provider';
import { buildTargetDetailUrl, type ParsedGoodsLink } from './link-parser';
import { ShortLinkError, parseGoodsLinkFollowingRedirects } from './short-link';
import { GOODS_SOURCES, goodsSourceByCode, ORDER_SOURCES, type GoodsSource, type GoodsSourceCode } from './sources';

export interface GoodsOptions {
  /** The upstream goods-data service and the sources it serves; absent = the catalog serves every source. */
  readonly http?: {
    readonly baseUrl: string;
    readonly apiKey?: string;
    readonly timeoutMs: number;
    readonly sources: readonly GoodsSourceCode[];
  };
  /** Following short links in parse-link. */
  readonly linkResolution: { readonly timeoutMs: number; readonly maxHops: number };
  /** The HTTP client of the upstream provider and of short-link resolution; default the global fetch. */
  readonly fetchImpl?: typeof fetch;
}

export const DEFAULT_GOODS_OPTIONS: GoodsOptions = { linkResolution: { timeoutMs: 5_000, maxHops: 5 } };

export interface ParsedLinkAnswer {
  goodsId: string;
  goodsSource: GoodsSourceCode;
  targetGoodsDetailUrl: string;
}

type Operation = 'keyword search' | 'image search' | 'goods detail' | 'live pricing';

/** Whether a source supports an operation (`sources.ts`). */
const SUPPORTS: Record<Operation, (source: GoodsSource) => boolean> = {
  'keyword search': (source) => source.keywordSearch,
  'image search': (source) => source.imageSearch,
  'goods detail': (source) => source.detail,
  'live pricing': (source) => ORDER_SOURCES.includes(source.code),
};

/** The business error for goods that does not exist at its source (also for live pricing). */
export function goodsNotFoundError(source: number, goodsId: string): ServiceError {
  return new ServiceError(ErrorCatalogue.GOODS_NOT_FOUND, { source, goodsId });
}

/** The business error for a SKU that the goods does not have (also for live pricing). */
export function skuNotFoundError(source: number, goodsId: string, skuId: string): ServiceError {
  return new ServiceError(ErrorCatalogue.GOODS_SKU_NOT_FOUND, { source, goodsId, skuId });
}

const SEARCH_ERRORS: BusinessErrors = [ErrorCatalogue.GOODS_SOURCE_NOT_SUPPORTED, ...GOODS_PROVIDER_ERRORS];

/** The business errors of each GoodsService method. */
export const GOODS_ERRORS = {
  search: SEARCH_ERRORS,
  imageSearch: SEARCH_ERRORS,
  detail: SEARCH_ERRORS,
  requireDetail: [...SEARCH_ERRORS, ErrorCatalogue.GOODS_NOT_FOUND],
  parseLink: [ErrorCatalogue.GOODS_LINK_RESOLVE_FAILED, ErrorCatalogue.GOODS_LINK_UNPARSEABLE],
} satisfies Record<string, BusinessErrors>;

export class GoodsService {
  private readonly providers = new Map<GoodsSourceCode, GoodsProvider>();

  constructor(
    db: Db,
    bus: InvalidationBus,
    private readonly options: GoodsOptions = DEFAULT_GOODS_OPTIONS,
  ) {
    const catalog = new CatalogGoodsProvider(db, bus);
    const http = options.http && new HttpGoodsProvider({ ...options.http, fetchImpl: options.fetchImpl });
    for (const { code } of GOODS_SOURCES) {
      this.providers.set(code, http && options.http?.sources.includes(code) ? http : catalog);
    }
  }

  /** The provider serving a source (configuration). */
  providerOf(source: GoodsSourceCode): GoodsProvider {
    return this.providers.get(source) as GoodsProvider;
  }

  async search(_ctx: RequestContext, query: { keyword: string; source: number; page: number; sort: GoodsSort }): Promise<GoodsPage> {
    const source = this.supportedSource(query.source, 'keyword search');
    return this.providerOf(source).search({ ...query, keyword: query.keyword.trim(), source });
  }

  async imageSearch(_ctx: RequestContext, query: { imageUrl: string; source: number; page: number }): Promise<GoodsPage> {
    const source = this.supportedSource(query.source, 'image search');
    return this.providerOf(source).imageSearch({ ...query, source });
  }

  /** The goods as its provider has it now (live prices and stock), or null when it does not exist. */
  async detail(_ctx: RequestContext, query: { source: number; goodsId: string }): Promise<GoodsDetail | null> {
    const source = this.supportedSource(query.source, 'goods detail');
    return this.providerOf(source).detail({ source, goodsId: query.goodsId });
  }

  /**
   * The goods now, for quoting and ordering: every source search serves (`ORDER_SOURCES`), also
   * those without a goods-detail operation for partners. null when the goods does not exist.
   */
  async liveGoods(_ctx: RequestContext, query: { source: number; goodsId: string }): Promise<GoodsDetail | null> {
    const source = this.supportedSource(query.source, 'live pricing');
    return this.providerOf(source).detail({ source, goodsId: query.goodsId });
  }

  /** As `detail`, with GOODS_NOT_FOUND instead of null. */
  async requireDetail(ctx: RequestContext, query: { source: number; goodsId: string }): Promise<GoodsDetail> {
    const goods = await this.detail(ctx, query);
    if (!goods) throw goodsNotFoundError(query.source, query.goodsId);
    return goods;
  }

  /** The goods and one of its SKUs now; GOODS_NOT_FOUND or GOODS_SKU_NOT_FOUND when missing. */
  async requireSku(ctx: RequestContext, query: { source: number; goodsId: string; skuId: string }): Promise<{ goods: GoodsDetail; sku: GoodsSku }> {
    const goods = await this.requireDetail(ctx, query);
    const sku = goods.skus.find((candidate) => candidate.skuId === query.skuId);
    if (!sku) throw skuNotFoundError(query.source, query.goodsId, query.skuId);
    return { goods, sku };
  }

  /**
   * The goods a partner's link points at. Short links of known short-link hosts are followed
   * (time-out and hop limit configured); no other host is requested.
   */
  async parseLink(_ctx: RequestContext, query: { searchUrl: string; rno?: string }): Promise<ParsedLinkAnswer> {
    let parsed: ParsedGoodsLink | null;
    try {
      parsed = await parseGoodsLinkFollowingRedirects(query.searchUrl, { ...this.options.linkResolution, fetchImpl: this.options.fetchImpl });
    } catch (error) {
      if (error instanceof ShortLinkError) throw new ServiceError(ErrorCatalogue.GOODS_LINK_RESOLVE_FAILED, { reason: error.reason });
      throw error;
    }
    if (!parsed) throw new ServiceError(ErrorCatalogue.GOODS_LINK_UNPARSEABLE);
    return {
      goodsId: parsed.goodsId,
      goodsSource: parsed.goodsSource,
      targetGoodsDetailUrl: buildTargetDetailUrl(parsed.goodsSource, parsed.goodsId, query.rno),
    };
  }

  private supportedSource(code: number, operation: Operation): GoodsSourceCode {
    const source = goodsSourceByCode(code);
    if (!source || !SUPPORTS[operation](source)) throw new ServiceError(ErrorCatalogue.GOODS_SOURCE_NOT_SUPPORTED, { source: code, operation });
    return source.code;
  }
}
