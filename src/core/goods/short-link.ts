/**
 * Short goods links (`m.tb.cn/h.xxx`, `bit.ly/…`) carry no item id; it shows only after following
 * the redirects, hop by hop, under one overall time-out. Some landing pages (Taobao's `m.tb.cn`)
 * answer 200 with the item URL inside their HTML instead of redirecting.
 */

import { discardBody, readBodyText } from '../net/response-body';
import { parseGoodsLink, toHttpUrl, type ParsedGoodsLink } from './link-parser';

export type ShortLinkFailureReason = 'timeout' | 'too_many_hops' | 'bad_url' | 'http_error';

export class ShortLinkError extends Error {
  override readonly name = 'ShortLinkError';

  constructor(
    readonly reason: ShortLinkFailureReason,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface ShortLinkOptions {
  /** Budget for the whole resolution: every hop and the landing-page read. */
  readonly timeoutMs: number;
  /** Most redirects followed; one more is a `too_many_hops` failure. */
  readonly maxHops: number;
  readonly fetchImpl?: typeof fetch;
}

/** Short-link hosts, matched with their sub-domains. */
const SHORT_LINK_DOMAINS = [
  'tb.cn', // Taobao app shares: m.tb.cn, e.tb.cn
  's.click.taobao.com', // Taobao affiliate clicks
  'qr.1688.com',
  'k.youshop10.com', // Weidian shares: k.youshop10.com/{code}
  'page.link', // Firebase dynamic links of agent apps, e.g. pandabuy.page.link
  'bit.ly',
  't.cn',
  'url.cn',
  't.co',
  'tinyurl.com',
  'is.gd',
  'cutt.ly',
  'rebrand.ly',
];

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Landing pages put the item URL near the top; reading more would only cost time and memory. */
const LANDING_PAGE_SCAN_BYTES = 64 * 1024;

/** http(s) URLs in page source, once script-escaped `\/` and markup `&amp;` are undone. */
const URL_IN_PAGE = /https?:\/\/[^\s"'<>\\]+/gi;

const REQUEST_HEADERS = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' };

export function isShortLinkHost(url: string | URL): boolean {
  const host = (typeof url === 'string' ? toHttpUrl(url) : url)?.hostname.toLowerCase();
  return host !== undefined && SHORT_LINK_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** Follows the redirects of `url` and returns the URL of the first response that is not a redirect. */
export async function resolveShortLink(url: string, options: ShortLinkOptions): Promise<string> {
  const start = requireHttpUrl(url);
  return withDeadline(options.timeoutMs, async (signal) => {
    const landing = await walkRedirects(start, options, signal);
    await discardBody(landing.response);
    return landing.url.href;
  });
}

/**
 * Parses a goods link, following the redirects of a known short-link host when the link itself
 * carries no item. Other hosts are never requested, so partners cannot make the server fetch
 * arbitrary URLs. The walk stops at the first hop that parses, without requesting the marketplace.
 */
export async function parseGoodsLinkFollowingRedirects(
  url: string,
  options: ShortLinkOptions,
): Promise<ParsedGoodsLink | null> {
  const direct = parseGoodsLink(url);
  if (direct) return direct;
  const start = toHttpUrl(url);
  if (!start || !isShortLinkHost(start)) return null;
  return withDeadline(options.timeoutMs, async (signal) => {
    const landing = await walkRedirects(start, options, signal, (hop) => parseGoodsLink(hop.href) !== null);
    if (!landing.response) return parseGoodsLink(landing.url.href);
    return findGoodsLinkInPage(await readBodyText(landing.response, LANDING_PAGE_SCAN_BYTES, 'truncate'));
  });
}

function requireHttpUrl(url: string): URL {
  const parsed = toHttpUrl(url);
  if (!parsed) throw new ShortLinkError('bad_url', `not an http(s) URL: ${url}`);
  return parsed;
}

async function withDeadline<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return await run(signal);
  } catch (error) {
    if (signal.aborted && !(error instanceof ShortLinkError)) {
      throw new ShortLinkError('timeout', `no answer within ${timeoutMs} ms`, { cause: error });
    }
    throw error;
  }
}

interface Landing {
  readonly url: URL;
  /** The final non-redirect response, or null when the walk stopped at an accepted URL without requesting it. */
  readonly response: Response | null;
}

async function walkRedirects(
  start: URL,
  options: ShortLinkOptions,
  signal: AbortSignal,
  isDestination: (url: URL) => boolean = () => false,
): Promise<Landing> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let url = start;
  for (let hops = 0; ; hops++) {
    const response = await request(fetchImpl, url, signal);
    if (!REDIRECT_STATUSES.has(response.status)) {
      if (response.status < 400) return { url, response };
      await discardBody(response);
      throw new ShortLinkError('http_error', `${url.host} answered ${response.status}`);
    }
    await discardBody(response);
    const location = response.headers.get('location');
    if (location === null) throw new ShortLinkError('http_error', `${url.host} redirected without a Location`);
    if (hops >= options.maxHops) {
      throw new ShortLinkError('too_many_hops', `more than ${options.maxHops} redirects from ${start.href}`);
    }
    url = redirectTarget(url, location);
    if (isDestination(url)) return { url, response: null };
  }
}

async function request(fetchImpl: typeof fetch, url: URL, signal: AbortSignal): Promise<Response> {
  try {
    return await fetchImpl(url, { redirect: 'manual', signal, headers: REQUEST_HEADERS });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ShortLinkError('http_error', `request to ${url.host} failed`, { cause: error });
  }
}

function redirectTarget(current: URL, location: string): URL {
  let target: URL;
  try {
    target = new URL(location, current);
  } catch (error) {
    throw new ShortLinkError('bad_url', `unusable redirect target: ${location}`, { cause: error });
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new ShortLinkError('bad_url', `redirect to a non-http(s) URL: ${target.protocol}`);
  }
  return target;
}

function findGoodsLinkInPage(html: string): ParsedGoodsLink | null {
  const source = html.replaceAll('\\/', '/').replaceAll('&amp;', '&');
  for (const [candidate] of source.matchAll(URL_IN_PAGE)) {
    const found = parseGoodsLink(candidate);
    if (found) return found;
  }
  return null;
}
