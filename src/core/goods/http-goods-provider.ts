/**
 * The HTTP provider: an upstream goods-data service answering for one or more sources. Its faults
 * (no answer in time, a refused connection, an error status, an answer that is not the format
 * below) become business errors naming the source, never a 500 of ours.
 *
 * Wire format (all GET, relative to the configured base URL, which may carry a path prefix):
 *   request headers: `X-Api-Key: <configured key>` (when one is configured), `Accept: application/json`
 *   GET search?source=1&keyword=nike%20hoodie&page=1&pageSize=20&sort=relevance
 *       sort is one of relevance, price-desc, price-asc, sale-desc
 *   GET image-search?source=1&imageUrl=https%3A%2F%2F...&page=1&pageSize=20
 *     200 {"total": 123, "list": [GoodsSummary]}   (at most pageSize entries)
 *       GoodsSummary = {"goodsId": "675330231400", "title": "...", "image": "https://..." | null,
 *                       "price": 5990, "sales": 1200, "shopName": "...", "detailUrl": "https://..."}
 *   GET detail?source=1&goodsId=675330231400
 *     200 {"goodsId": "675330231400", "title": "...", "images": ["https://..."], "price": 5990,
 *          "skus": [{"skuId": "5012", "props": {"Color": "Red"}, "price": 5990, "stock": 12}],
 *          "shopName": "...", "detailUrl": "https://..."}
 *     404 when the goods does not exist (any body).
 * Prices are integer cents (CNY), counts non-negative integers, ids strings of 1..64 characters.
 * `detailUrl` may be omitted: the marketplace's canonical item page is used. The detail's `price`
 * is replaced by its lowest SKU price when it has SKUs, as in every provider.
 */

import { ErrorCatalogue } from '../errors/catalogue';
import { type ReasonName, refusal } from '../errors/reasons';
import { type BusinessErrors, type ErrorParams, ServiceError } from '../errors/service-error';
import { BodyTooLargeError, discardBody, readBodyText } from '../net/response-body';
import { z } from '../validation';
import { GOODS_PAGE_SIZE, type GoodsDetail, type GoodsPage, type GoodsProvider, type GoodsSort } from './goods-provider';
import { goodsSourceByCode, type GoodsSourceCode } from './sources';

export interface HttpGoodsProviderOptions {
  /** Base URL of the upstream service, e.g. `https://goods-data.internal/v1/`. */
  readonly baseUrl: string;
  /** Sent as `X-Api-Key`. */
  readonly apiKey?: string;
  /** Budget of one upstream call: connecting, the status line and the whole body. */
  readonly timeoutMs: number;
  readonly fetchImpl?: typeof fetch;
}

/** Any call to a goods service over HTTP (sources configured to use one). */
export const GOODS_PROVIDER_ERRORS: BusinessErrors = [
  ErrorCatalogue.GOODS_PROVIDER_TIMEOUT,
  ErrorCatalogue.GOODS_PROVIDER_FAILED,
  ErrorCatalogue.GOODS_PROVIDER_BAD_RESPONSE,
];

export const API_KEY_HEADER = 'X-Api-Key';

/** A larger answer is not a page of 20 goods or one goods detail; reading it would only cost memory. */
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

const wireId = z.string().min(1).max(64);
const cents = z.number().int().min(0);
const wireUrl = z.string().max(2000);

const wireSummary = z.object({
  goodsId: wireId,
  title: z.string().max(500),
  image: wireUrl.nullable().optional(),
  price: cents,
  sales: z.number().int().min(0).optional(),
  shopName: z.string().max(200),
  detailUrl: wireUrl.optional(),
});

const wirePage = z.object({
  total: z.number().int().min(0),
  list: z.array(wireSummary).max(GOODS_PAGE_SIZE),
});

const wireDetail = z.object({
  goodsId: wireId,
  title: z.string().max(500),
  images: z.array(wireUrl).max(100),
  price: cents,
  skus: z
    .array(z.object({ skuId: wireId, props: z.record(z.string(), z.string()), price: cents, stock: z.number().int().min(0) }))
    .max(1000),
  shopName: z.string().max(200),
  detailUrl: wireUrl.optional(),
});

export class HttpGoodsProvider implements GoodsProvider {
  readonly name = 'http';
  private readonly base: URL;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: HttpGoodsProviderOptions) {
    // A base without a trailing slash would lose its last path segment when resolving `search`.
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  async search(query: { keyword: string; source: GoodsSourceCode; page: number; sort: GoodsSort }): Promise<GoodsPage> {
    const answer = await this.call(query.source, 'search', {
      source: String(query.source),
      keyword: query.keyword,
      page: String(query.page),
      pageSize: String(GOODS_PAGE_SIZE),
      sort: query.sort,
    });
    return this.pageOf(query.source, answer.body);
  }

  async imageSearch(query: { imageUrl: string; source: GoodsSourceCode; page: number }): Promise<GoodsPage> {
    const answer = await this.call(query.source, 'image-search', {
      source: String(query.source),
      imageUrl: query.imageUrl,
      page: String(query.page),
      pageSize: String(GOODS_PAGE_SIZE),
    });
    return this.pageOf(query.source, answer.body);
  }

  async detail(query: { goodsId: string; source: GoodsSourceCode }): Promise<GoodsDetail | null> {
    const answer = await this.call(query.source, 'detail', { source: String(query.source), goodsId: query.goodsId }, [404]);
    if (answer.status === 404) return null;
    const goods = this.parse(query.source, wireDetail, answer.body);
    if (goods.goodsId !== query.goodsId) {
      throw badAnswer(query.source, 'upstreamOtherGoods', { goodsId: query.goodsId, answeredGoodsId: goods.goodsId });
    }
    return {
      goodsId: goods.goodsId,
      source: query.source,
      title: goods.title,
      images: goods.images,
      price: goods.skus.length > 0 ? Math.min(...goods.skus.map((sku) => sku.price)) : goods.price,
      skus: goods.skus,
      shopName: goods.shopName,
      detailUrl: goods.detailUrl ?? canonicalDetailUrl(query.source, goods.goodsId),
    };
  }

  private pageOf(source: GoodsSourceCode, body: string): GoodsPage {
    const page = this.parse(source, wirePage, body);
    return {
      total: page.total,
      list: page.list.map((goods) => ({
        goodsId: goods.goodsId,
        source,
        title: goods.title,
        image: goods.image ?? null,
        price: goods.price,
        sales: goods.sales ?? 0,
        shopName: goods.shopName,
        detailUrl: goods.detailUrl ?? canonicalDetailUrl(source, goods.goodsId),
      })),
    };
  }

  private parse<T extends z.ZodType>(source: GoodsSourceCode, schema: T, body: string): z.output<T> {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw badAnswer(source, 'upstreamNotJson');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw issue ? badAnswer(source, 'bodyFieldProblem', { field: issue.path.join('.') || '(root)', problem: issue.message }) : badAnswer(source, 'upstreamUnexpectedShape');
    }
    return parsed.data;
  }

  /** One upstream GET; answers 2xx and the `expected` statuses, turns everything else into business errors. */
  private async call(
    source: GoodsSourceCode,
    path: string,
    params: Record<string, string>,
    expected: readonly number[] = [],
  ): Promise<{ status: number; body: string }> {
    const url = new URL(path, this.base);
    url.search = new URLSearchParams(params).toString();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) headers[API_KEY_HEADER] = this.options.apiKey;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const response = await this.fetchImpl(url, { headers, signal, redirect: 'manual' });
      if (!response.ok && !expected.includes(response.status)) {
        await discardBody(response);
        throw refusal(ErrorCatalogue.GOODS_PROVIDER_FAILED, 'upstreamStatus', { source, status: response.status });
      }
      return { status: response.status, body: await readBodyText(response, MAX_RESPONSE_BYTES, 'fail') };
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      if (signal.aborted) throw new ServiceError(ErrorCatalogue.GOODS_PROVIDER_TIMEOUT, { source, timeoutMs: this.options.timeoutMs });
      if (error instanceof BodyTooLargeError) throw badAnswer(source, 'bodyTooLarge', { maxBytes: error.maxBytes });
      throw refusal(ErrorCatalogue.GOODS_PROVIDER_FAILED, 'upstreamUnreachable', { source });
    }
  }
}

function badAnswer(source: GoodsSourceCode, reason: ReasonName, params: ErrorParams = {}): ServiceError {
  return refusal(ErrorCatalogue.GOODS_PROVIDER_BAD_RESPONSE, reason, { source, ...params });
}

function canonicalDetailUrl(source: GoodsSourceCode, goodsId: string): string {
  return goodsSourceByCode(source)?.detailUrl(goodsId) ?? '';
}
