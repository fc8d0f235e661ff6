/**
 * The one table of goods sources: the third-party marketplaces goods come from, keyed by the
 * integer codes of the partner contract (1, 2, 3, 5). Everything else that needs to know about
 * a marketplace (validation of `source`, link parsing, canonical item URLs) reads this table.
 */

export type GoodsSourceCode = 1 | 2 | 3 | 5;

export interface GoodsSource {
  readonly code: GoodsSourceCode;
  /** Stable lower-case key used in configuration and logs. */
  readonly key: string;
  readonly displayName: string;
  /** Other spellings agent sites and partners use for the platform (matched loosely, see `aliasKey`). */
  readonly aliases: readonly string[];
  readonly keywordSearch: boolean;
  readonly imageSearch: boolean;
  /** Goods detail, goods-level QC queries and link parsing. */
  readonly detail: boolean;
  /** Canonical public item page of the marketplace. */
  detailUrl(goodsId: string): string;
}

export const GOODS_SOURCES: readonly GoodsSource[] = [
  {
    code: 1,
    key: 'taobao',
    displayName: 'Taobao',
    // Tmall items share Taobao's id space and item page.
    aliases: ['tb', 'tmall', 'tm', 'taobao.com', 'tmall.com', '淘宝', '天猫'],
    keywordSearch: true,
    imageSearch: true,
    detail: true,
    detailUrl: (goodsId) => `https://item.taobao.com/item.htm?id=${encodeURIComponent(goodsId)}`,
  },
  {
    code: 2,
    key: '1688',
    displayName: '1688',
    aliases: ['ali_1688', 'ali-1688', 'alibaba', 'alibaba1688', 'ali', 'al', '1688.com', '阿里巴巴'],
    keywordSearch: true,
    imageSearch: true,
    detail: true,
    detailUrl: (goodsId) => `https://detail.1688.com/offer/${encodeURIComponent(goodsId)}.html`,
  },
  {
    code: 3,
    key: 'weidian',
    displayName: 'Weidian',
    // cssbuy calls Weidian "micro" (微店, "micro shop").
    aliases: ['wd', 'micro', 'vdian', 'weidian.com', '微店'],
    keywordSearch: true,
    imageSearch: true,
    detail: true,
    detailUrl: (goodsId) => `https://weidian.com/item.html?itemID=${encodeURIComponent(goodsId)}`,
  },
  {
    code: 5,
    key: 'jd',
    displayName: 'JD',
    aliases: ['jingdong', 'jd.com', '京东'],
    keywordSearch: true,
    imageSearch: false,
    detail: false,
    detailUrl: (goodsId) => `https://item.jd.com/${encodeURIComponent(goodsId)}.html`,
  },
];

/** Sources accepted by keyword search: 1, 2, 3, 5. */
export const KEYWORD_SEARCH_SOURCES: readonly GoodsSourceCode[] = GOODS_SOURCES.filter(
  (source) => source.keywordSearch,
).map((source) => source.code);

/**
 * Sources whose goods can be quoted, ordered and paid: every source a search serves (1, 2, 3, 5).
 * Live pricing reads the goods from the source's provider even where the partner contract offers
 * no goods-detail operation for it (5).
 */
export const ORDER_SOURCES: readonly GoodsSourceCode[] = GOODS_SOURCES.filter(
  (source) => source.keywordSearch || source.imageSearch,
).map((source) => source.code);

/** Sources accepted by image search, goods detail and QC queries: 1, 2, 3. */
export const ITEM_SOURCES: readonly GoodsSourceCode[] = GOODS_SOURCES.filter(
  (source) => source.detail && source.imageSearch,
).map((source) => source.code);

/** Folds case and separators so `ALI_1688`, `ali-1688` and `Ali 1688` are one spelling. */
function aliasKey(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_.-]+/g, '');
}

const SOURCES_BY_CODE = new Map<number, GoodsSource>(GOODS_SOURCES.map((source) => [source.code, source]));

const SOURCES_BY_ALIAS = new Map<string, GoodsSource>(
  GOODS_SOURCES.flatMap((source) =>
    [source.key, source.displayName, ...source.aliases].map((name) => [aliasKey(name), source] as const),
  ),
);

export function goodsSourceByCode(code: number): GoodsSource | undefined {
  return SOURCES_BY_CODE.get(code);
}

/** Looks a platform name up as agent sites write it (`taobao`, `TMALL`, `ali_1688`, `WD`, `micro`…). */
export function goodsSourceByAlias(name: string): GoodsSource | undefined {
  return SOURCES_BY_ALIAS.get(aliasKey(name));
}
