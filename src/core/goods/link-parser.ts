/**
 * Goods-link parsing: pure code over URL shapes, no network. A link is either a marketplace item
 * page (Taobao/Tmall, 1688, Weidian, their mobile and international variants) or an agent-site
 * link that wraps one, by a query parameter holding the marketplace link or by id + platform in
 * the path or query. Recognisers are tried in order; the first that finds an item wins.
 * Short links need the network and live in `short-link.ts`.
 */

import { goodsSourceByAlias, goodsSourceByCode, type GoodsSourceCode } from './sources';

export interface ParsedGoodsLink {
  readonly goodsId: string;
  readonly goodsSource: GoodsSourceCode;
}

/**
 * Item ids of every linkable marketplace are positive decimal integers. Requiring a non-zero
 * first digit also keeps out the goodsId `0` that the contract forbids.
 */
const ITEM_ID = /^[1-9]\d{0,19}$/;

/** An agent link wrapping a marketplace link is depth 1; deeper nesting than this is not a goods link. */
const MAX_WRAP_DEPTH = 3;

/** Longer text is not a link a partner pasted, and parsing it would only cost time. */
const MAX_LINK_LENGTH = 8 * 1024;

/** Percent-decoding rounds tried on a link, for links encoded once or twice more than needed. */
const MAX_EXTRA_DECODINGS = 2;

/** A scheme directly followed by its body (`javascript:…`, `data:…`, `tbopen://…`), unlike `W2C: https://…`. */
const SCHEME_WITH_BODY = /^[a-z][a-z\d+.-]*:\S/i;
const HTTP_URL_START = /^https?:\/\//i;
/** An http(s) URL inside share text such as `【淘宝】https://m.tb.cn/h.x?tk=y 「title」`. */
const EMBEDDED_HTTP_URL = /https?:\/\/[^\s"'<>「」『』【】（）《》，。；！]+/i;

/** What recognisers look at, with the parts of `#/route?query` fragments (used by SPA agent sites) folded in. */
interface LinkView {
  /** Lower-case host name. */
  readonly host: string;
  /** The path, plus the route path of a `#/…` fragment. */
  readonly paths: readonly string[];
  /** Query parameters of the query and of the fragment route; names lower-cased, first value wins. */
  readonly params: ReadonlyMap<string, string>;
  /** The same queries undecoded, for wrapped links that were pasted in without encoding. */
  readonly rawQueries: readonly string[];
}

type Recogniser = (link: LinkView, depth: number) => ParsedGoodsLink | null;

/**
 * Turns pasted text into an http(s) URL: a URL as is, a scheme-less `item.taobao.com/…`, or the
 * first http(s) URL inside share text. Any other scheme is refused.
 */
export function toHttpUrl(text: string): URL | null {
  const trimmed = text.trim();
  let candidate: string | undefined;
  if (HTTP_URL_START.test(trimmed) || trimmed.startsWith('//')) {
    candidate = trimmed.split(/\s/, 1)[0];
    if (candidate?.startsWith('//')) candidate = `https:${candidate}`;
  } else if (!SCHEME_WITH_BODY.test(trimmed)) {
    candidate = EMBEDDED_HTTP_URL.exec(trimmed)?.[0] ?? `https://${trimmed.split(/\s/, 1)[0] ?? ''}`;
  }
  if (candidate === undefined) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export function parseGoodsLink(url: string): ParsedGoodsLink | null {
  return url.length > MAX_LINK_LENGTH ? null : parseText(url, 0);
}

/** The canonical marketplace item URL, with the partner's promotion code `rno` appended when given. */
export function buildTargetDetailUrl(source: number, goodsId: string, rno?: string): string {
  const goodsSource = goodsSourceByCode(source);
  if (!goodsSource) throw new RangeError(`unknown goods source ${source}`);
  const url = goodsSource.detailUrl(goodsId);
  if (rno === undefined || rno === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}rno=${encodeURIComponent(rno)}`;
}

function parseText(text: string, depth: number): ParsedGoodsLink | null {
  for (const variant of decodings(text)) {
    const url = toHttpUrl(variant);
    if (!url) continue;
    const link = viewOf(url);
    for (const recognise of RECOGNISERS) {
      const found = recognise(link, depth);
      if (found) return found;
    }
  }
  return null;
}

/** The text, then the text percent-decoded once and twice (double-encoded wrapped links). */
function* decodings(text: string): Generator<string> {
  let current = text;
  yield current;
  for (let round = 0; round < MAX_EXTRA_DECODINGS && current.includes('%'); round++) {
    const decoded = safeDecode(current);
    if (decoded === current) return;
    current = decoded;
    yield current;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function viewOf(url: URL): LinkView {
  const fragment = url.hash.slice(1);
  const queryStart = fragment.indexOf('?');
  const fragmentPath = queryStart < 0 ? fragment : fragment.slice(0, queryStart);
  const fragmentQuery = queryStart < 0 ? '' : fragment.slice(queryStart + 1);

  const rawQueries = [url.search.slice(1), fragmentQuery].filter((query) => query !== '');
  const params = new Map<string, string>();
  for (const query of rawQueries) {
    new URLSearchParams(query).forEach((value, name) => {
      const key = name.toLowerCase();
      if (!params.has(key)) params.set(key, value);
    });
  }
  return {
    host: url.hostname.toLowerCase(),
    paths: fragmentPath.startsWith('/') ? [url.pathname, fragmentPath] : [url.pathname],
    params,
    rawQueries,
  };
}

function onDomain(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** The parse result when `goodsId` is an item id of a source that goods links can point at. */
function item(code: number | undefined, goodsId: string | undefined): ParsedGoodsLink | null {
  const source = code === undefined ? undefined : goodsSourceByCode(code);
  if (!source?.detail || goodsId === undefined || !ITEM_ID.test(goodsId)) return null;
  return { goodsId, goodsSource: source.code };
}

// --- Marketplace item pages --------------------------------------------------------------------

interface MarketplacePages {
  readonly source: GoodsSourceCode;
  readonly domains: readonly string[];
  /** Path shapes whose first group is the item id. */
  readonly idInPath: readonly RegExp[];
  /** Query parameters (lower-case) holding the item id. */
  readonly idParams: readonly string[];
  /** When set, `host + path` must match it for `idParams` to count (Taobao's `id` also sits on shop and search pages). */
  readonly idParamPages?: RegExp;
}

const MARKETPLACE_PAGES: readonly MarketplacePages[] = [
  {
    // item.taobao.com/item.htm?id=, detail.tmall.com/item.htm?id=, detail.tmall.hk/hk/item.htm?id=,
    // m.intl.taobao.com/detail/detail.html?id=, h5.m.taobao.com/awp/core/detail.htm?id=,
    // detail.m.tmall.com/item.htm?id=, world.taobao.com/item/{id}.htm, a.m.taobao.com/i{id}.htm
    source: 1,
    domains: ['taobao.com', 'tmall.com', 'tmall.hk'],
    idInPath: [/^\/item\/(\d+)\.html?$/, /^\/i(\d+)\.htm$/],
    idParams: ['id'],
    idParamPages: /item|detail/i,
  },
  {
    // detail.1688.com/offer/{id}.html, m.1688.com/offer/{id}.html, detail.m.1688.com/page/index.html?offerId=
    source: 2,
    domains: ['1688.com'],
    idInPath: [/^\/offer\/(\d+)\.html?$/],
    idParams: ['offerid'],
  },
  {
    // weidian.com/item.html?itemID=, shop{n}.v.weidian.com/item.html?itemId=, k.youshop10.com/item.html?itemID=
    source: 3,
    domains: ['weidian.com', 'youshop10.com'],
    idInPath: [],
    idParams: ['itemid'],
  },
];

const recogniseMarketplacePage: Recogniser = (link) => {
  for (const pages of MARKETPLACE_PAGES) {
    if (!onDomain(link.host, pages.domains)) continue;
    for (const path of link.paths) {
      for (const shape of pages.idInPath) {
        const found = item(pages.source, shape.exec(path)?.[1]);
        if (found) return found;
      }
      if (pages.idParamPages && !pages.idParamPages.test(link.host + path)) continue;
      for (const name of pages.idParams) {
        const found = item(pages.source, link.params.get(name));
        if (found) return found;
      }
    }
  }
  return null;
};

// --- Agent links wrapping a marketplace link in a query parameter --------------------------------

/**
 * Parameters agent sites put a marketplace link in: pandabuy/superbuy/wegobuy/allchinabuy/kakobuy
 * `url`, sugargoo `productLink`, pandabuy's uniorder `text`, Taobao's login `redirectURL`, and kin.
 */
const WRAPPED_LINK_PARAMS = [
  'url',
  'link',
  'productlink',
  'producturl',
  'goodsurl',
  'goodslink',
  'itemurl',
  'itemlink',
  'searchurl',
  'text',
  'redirecturl',
];

/** Only the first wrapping parameter is followed, which keeps crafted nestings from fanning out. */
const recogniseWrappedLink: Recogniser = (link, depth) => {
  const name = WRAPPED_LINK_PARAMS.find((candidate) => link.params.has(candidate));
  if (depth >= MAX_WRAP_DEPTH || name === undefined) return null;
  for (const candidate of new Set([link.params.get(name) ?? '', ...rawTails(link.rawQueries, name)])) {
    const found = parseText(candidate, depth + 1);
    if (found) return found;
  }
  return null;
};

/**
 * Everything after `name=` up to the end of the query: a marketplace link pasted into `url=`
 * without encoding has its own `&id=…` split off into the agent link's query otherwise.
 */
function rawTails(rawQueries: readonly string[], name: string): string[] {
  const tail = new RegExp(`(?:^|&)${name}=(.*)$`, 'i');
  return rawQueries.flatMap((query) => tail.exec(query)?.[1] ?? []);
}

// --- Agent links carrying platform and id in the path ----------------------------------------------

interface SitePathForm {
  readonly domains: readonly string[];
  /** Groups: the site's platform token (may be absent), then the item id. */
  readonly shape: RegExp;
  /** The site's platform tokens; an absent token is looked up as ''. */
  readonly platforms: Readonly<Record<string, GoodsSourceCode>>;
}

/** Agent sites whose path encodes the platform in their own vocabulary. */
const SITE_PATH_FORMS: readonly SitePathForm[] = [
  {
    // cssbuy.com/item-{id}.html, item-micro-{id}.html, item-1688-{id}.html
    domains: ['cssbuy.com'],
    shape: /^\/item-(?:([a-z\d]+)-)?(\d+)\.html$/i,
    platforms: { '': 1, micro: 3, '1688': 2 },
  },
  {
    // hoobuy.com/product/1/{id}, hoobuy.com/m/product/2/{id}, oopbuy.com/product/0/{id}
    domains: ['hoobuy.com', 'oopbuy.com'],
    shape: /\/product\/(\d)\/(\d+)$/,
    platforms: { '0': 2, '1': 1, '2': 3 },
  },
  {
    // usfans.com/product/{1|2|3}/{id}
    domains: ['usfans.com'],
    shape: /\/product\/(\d)\/(\d+)$/,
    platforms: { '1': 2, '2': 1, '3': 3 },
  },
];

const recogniseSitePathForm: Recogniser = (link) => {
  for (const form of SITE_PATH_FORMS) {
    if (!onDomain(link.host, form.domains)) continue;
    for (const path of link.paths) {
      const match = form.shape.exec(path);
      if (!match) continue;
      const found = item(form.platforms[(match[1] ?? '').toLowerCase()], match[2]);
      if (found) return found;
    }
  }
  return null;
};

/**
 * A platform name followed by the id anywhere in the path: oopbuy `/product/weidian/{id}`,
 * basetao `/products/agent/taobao/{id}.html`, `/goods/1688/{id}` and the like.
 */
const recognisePlatformThenIdInPath: Recogniser = (link) => {
  for (const path of link.paths) {
    const segments = path.split('/').map(safeDecode);
    for (let index = 0; index + 1 < segments.length; index++) {
      const source = goodsSourceByAlias(segments[index] ?? '');
      const found = item(source?.code, segments[index + 1]?.replace(/\.html?$/i, ''));
      if (found) return found;
    }
  }
  return null;
};

// --- Agent links carrying platform and id in the query ---------------------------------------------

/** Query parameters (lower-case) agent sites put the item id in. */
const AGENT_ID_PARAMS = ['id', 'itemid', 'goodsid', 'productid', 'offerid', 'num_iid', 'item_id', 'goods_id'];

/**
 * Query parameters (lower-case) naming the platform: cnfans/mulebuy/joyabuy/orientdig/lovegobuy
 * `shop_type`, mulebuy mobile `shoptype`, acbuy `source` (TB/WD/AL), joyagoo `platform`,
 * litbuy/oopbuy `channel`, cssbuy `type` (micro), sugargoo `tp`.
 */
const AGENT_PLATFORM_PARAMS = ['shop_type', 'shoptype', 'platform', 'source', 'channel', 'type', 'tp', 'mall'];

const recognisePlatformAndIdInQuery: Recogniser = (link) => {
  const source = AGENT_PLATFORM_PARAMS.map((name) => goodsSourceByAlias(link.params.get(name) ?? '')).find(
    (found) => found !== undefined,
  );
  if (!source) return null;
  for (const name of AGENT_ID_PARAMS) {
    const found = item(source.code, link.params.get(name));
    if (found) return found;
  }
  return null;
};

const RECOGNISERS: readonly Recogniser[] = [
  recogniseMarketplacePage,
  recogniseWrappedLink,
  recogniseSitePathForm,
  recognisePlatformThenIdInPath,
  recognisePlatformAndIdInQuery,
];
