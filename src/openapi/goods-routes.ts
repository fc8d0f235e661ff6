// Goods: keyword search, image search, link parsing and detail (interface.md 4.2, open-api.md
// "Business operations").
import { GOODS_ERRORS } from '../core/goods/goods-service';
import { GOODS_PAGE_SIZE, type GoodsSort } from '../core/goods/goods-provider';
import { MAX_IMAGE_URL_LENGTH } from '../core/goods/image-url';
import { GOODS_SOURCES, ITEM_SOURCES, KEYWORD_SEARCH_SOURCES, type GoodsSourceCode } from '../core/goods/sources';
import { MAX_PAGE_NO } from '../core/paging';
import { z } from '../core/validation';
import { envelopeOf, ok } from './envelope';
import { partnerContext, type PartnerRoutes } from './partner-routes';
import { codeOut, intCodeParam, intParam, pageOf } from './params';
import { registerRead } from './read-route';
import { fieldText } from '../core/validation-messages';

const TAGS = ['Goods'];

/** A goods source code among `allowed`. */
export function goodsSourceParam(allowed: readonly GoodsSourceCode[]) {
  return intCodeParam(allowed, `Goods source code: ${allowed.join(', ')}`);
}

/** The source of goods in an answer. */
export const goodsSourceOut = codeOut(
  GOODS_SOURCES.map((source) => source.code),
  `Goods source code: ${GOODS_SOURCES.map((source) => `${source.code} ${source.displayName}`).join(', ')}`,
);

/** interface.md: goodsId R, pattern ^(?!0$).* (anything but the single character 0); at most 64 characters. */
export const goodsIdParam = z.string().trim().min(1).max(64).regex(/^(?!0$).*/, fieldText('notZero')).describe('Goods id at the source');

const pageParam = intParam(1, MAX_PAGE_NO).describe(`Page number from 1; ${GOODS_PAGE_SIZE} goods a page`);

/** omitted, `default` and `relevance` all mean relevance. */
const SORTS = ['default', 'relevance', 'price-desc', 'price-asc', 'sale-desc'] as const;

const searchParams = z.object({
  keyword: z.string().trim().min(1).max(200).describe('Every term (split on spaces) must occur in the title; case-insensitive'),
  page: pageParam,
  source: goodsSourceParam(KEYWORD_SEARCH_SOURCES),
  sort: z
    .enum(SORTS)
    .optional()
    .transform((sort): GoodsSort => (sort === undefined || sort === 'default' ? 'relevance' : sort))
    .describe(
      'relevance (default): titles starting with the keyword, then containing it verbatim, then starting with its first term, each by sales; price-desc / price-asc: by lowest SKU price; sale-desc: by sales',
    ),
});

const imageSearchParams = z.object({
  imagesUrl: z
    .url({ protocol: /^https?$/, error: (issue) => (issue.input === undefined ? fieldText('required') : fieldText('httpUrl')) })
    .trim()
    .max(MAX_IMAGE_URL_LENGTH)
    .describe('A public image URL; matched against registered images, never fetched by the catalog'),
  page: pageParam,
  source: goodsSourceParam(ITEM_SOURCES),
});

const parseLinkParams = z.object({
  searchUrl: z.string().trim().min(1).max(4096).describe('A goods link: marketplace item page, agent-site link or short link'),
  rno: z.string().max(64).optional().describe('Promotion code, appended to targetGoodsDetailUrl'),
});

const detailParams = z.object({ goodsId: goodsIdParam, source: goodsSourceParam(ITEM_SOURCES) });

const goodsSummary = z.object({
  goodsId: z.string(),
  source: goodsSourceOut,
  title: z.string(),
  image: z.string().nullable().describe('Main image URL'),
  price: z.number().int().describe('Lowest SKU price, cents'),
  sales: z.number().int(),
  shopName: z.string(),
  detailUrl: z.string(),
}).meta({ id: 'GoodsSummary' });

const goodsSummaryPage = pageOf(goodsSummary, 'GoodsSummaryPage');

const goodsDetail = z.object({
  goodsId: z.string(),
  source: goodsSourceOut,
  title: z.string(),
  images: z.array(z.string()),
  price: z.number().int().describe('Lowest SKU price, cents'),
  skus: z.array(
    z.object({
      skuId: z.string(),
      props: z.record(z.string(), z.string()).describe('e.g. {"Color": "Red", "Size": "M"}'),
      price: z.number().int().describe('Cents'),
      stock: z.number().int(),
    }),
  ),
  shopName: z.string(),
  detailUrl: z.string(),
}).meta({ id: 'GoodsDetail' });

const parsedLink = z.object({
  goodsId: z.string(),
  goodsSource: goodsSourceOut,
  targetGoodsDetailUrl: z.string().describe('The marketplace item page, with rno appended when given'),
}).meta({ id: 'ParsedGoodsLink' });

export const goodsRoutes: PartnerRoutes = async (app, { core }) => {
  registerRead(app, {
    url: '/goods/search',
    scope: 'goods:search:read',
    summary: 'Keyword goods search',
    description: `A page of ${GOODS_PAGE_SIZE} goods of one source (1, 2, 3 or 5) whose titles contain every keyword term.`,
    tags: TAGS,
    params: searchParams,
    response: envelopeOf(goodsSummaryPage, GOODS_ERRORS.search),
    handler: async (params, request) => ok(await core.goods.search(partnerContext(request, core), params)),
  });

  registerRead(app, {
    url: '/goods/image-search',
    scope: 'goods:search:read',
    summary: 'Image goods search',
    description: `A page of ${GOODS_PAGE_SIZE} goods of one source (1, 2 or 3) showing the image: goods registering the same image URL (query and fragment ignored), then goods whose image has the same perceptual hash.`,
    tags: TAGS,
    params: imageSearchParams,
    response: envelopeOf(goodsSummaryPage, GOODS_ERRORS.imageSearch),
    handler: async ({ imagesUrl, page, source }, request) =>
      ok(await core.goods.imageSearch(partnerContext(request, core), { imageUrl: imagesUrl, page, source })),
  });

  registerRead(app, {
    url: '/goods/parse-link',
    scope: 'goods:search:read',
    summary: 'Parse a goods link',
    description: 'The goods a marketplace, agent-site or short link points at. A link that names no goods is a business error.',
    tags: TAGS,
    params: parseLinkParams,
    response: envelopeOf(parsedLink, GOODS_ERRORS.parseLink),
    handler: async (params, request) => ok(await core.goods.parseLink(partnerContext(request, core), params)),
  });

  registerRead(app, {
    url: '/goods/detail',
    scope: 'goods:detail:read',
    summary: 'Goods detail',
    description: 'The goods with its SKUs, current prices (cents) and stock. Goods that do not exist are a business error.',
    tags: TAGS,
    params: detailParams,
    response: envelopeOf(goodsDetail, GOODS_ERRORS.requireDetail),
    handler: async (params, request) => ok(await core.goods.requireDetail(partnerContext(request, core), params)),
  });
};
