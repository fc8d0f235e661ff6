import { describe, expect, it } from 'vitest';
import { buildTargetDetailUrl, parseGoodsLink, toHttpUrl } from './link-parser';
import {
  GOODS_SOURCES,
  ITEM_SOURCES,
  KEYWORD_SEARCH_SOURCES,
  goodsSourceByAlias,
  goodsSourceByCode,
} from './sources';

const TAOBAO = 1;
const ALI_1688 = 2;
const WEIDIAN = 3;

const enc = encodeURIComponent;

/** [input, goodsId, goodsSource] */
const LINKS: readonly (readonly [string, string, number])[] = [
  // Taobao / Tmall
  ['https://item.taobao.com/item.htm?id=675330231400', '675330231400', TAOBAO],
  ['https://item.taobao.com/item.htm?spm=a230r.1.14.46.AbY2VK&id=44874008216&ns=1&abbucket=19#detail', '44874008216', TAOBAO],
  ['http://item.taobao.com/item.htm?ft=t&id=675330231400', '675330231400', TAOBAO],
  ['item.taobao.com/item.htm?id=675330231400', '675330231400', TAOBAO],
  ['https://www.taobao.com/item.htm?id=675330231400', '675330231400', TAOBAO],
  ['https://detail.tmall.com/item.htm?spm=a230r.1.14.68.ffEHFX&id=44392890845&ns=1&skuId=5012', '44392890845', TAOBAO],
  ['https://chaoshi.detail.tmall.com/item.htm?id=612345678901', '612345678901', TAOBAO],
  ['https://detail.tmall.hk/hk/item.htm?id=612345678901', '612345678901', TAOBAO],
  ['https://world.taobao.com/item/678901234567.htm?spm=a21wu.241046', '678901234567', TAOBAO],
  ['https://world.tmall.com/item/612345678901.htm', '612345678901', TAOBAO],
  ['https://m.intl.taobao.com/detail/detail.html?id=678901234567', '678901234567', TAOBAO],
  ['https://h5.m.taobao.com/awp/core/detail.htm?ft=t&id=678901234567&spm=a2141.1', '678901234567', TAOBAO],
  ['https://main.m.taobao.com/security-h5-detail/home?id=678901234567', '678901234567', TAOBAO],
  ['https://detail.m.tmall.com/item.htm?spm=a1z10&id=612345678901&skuId=5', '612345678901', TAOBAO],
  ['https://a.m.taobao.com/i678901234567.htm?sm=1', '678901234567', TAOBAO],
  // 1688
  ['https://detail.1688.com/offer/654321987012.html?spm=a260k.dacugeneral', '654321987012', ALI_1688],
  ['https://m.1688.com/offer/654321987012.html', '654321987012', ALI_1688],
  ['https://detail.m.1688.com/page/index.html?offerId=654321987012&spm=x', '654321987012', ALI_1688],
  // Weidian
  ['https://weidian.com/item.html?itemID=7212345678&spider_token=43fe', '7212345678', WEIDIAN],
  ['https://weidian.com/item.html?itemId=7212345678&p=iphone', '7212345678', WEIDIAN],
  ['https://shop1234567.v.weidian.com/item.html?itemID=7212345678&wfr=wx', '7212345678', WEIDIAN],
  ['https://k.youshop10.com/item.html?itemID=7212345678', '7212345678', WEIDIAN],
  // Agent sites wrapping a marketplace link in a parameter
  [`https://www.pandabuy.com/product?ra=1&url=${enc('https://item.taobao.com/item.htm?id=675330231400')}&inviteCode=X`, '675330231400', TAOBAO],
  [`https://www.superbuy.com/en/page/buy/?nTag=Home-search&from=search-input&url=${enc('https://detail.tmall.com/item.htm?id=612345678901&spm=x')}`, '612345678901', TAOBAO],
  [`https://www.wegobuy.com/en/page/buy?from=search-input&url=${enc('https://detail.1688.com/offer/654321987012.html')}`, '654321987012', ALI_1688],
  [`https://www.allchinabuy.com/en/page/buy/?from=search-input&_search=url&url=${enc('https://weidian.com/item.html?itemID=7212345678')}&partnercode=wrf7xD`, '7212345678', WEIDIAN],
  [`https://www.kakobuy.com/item/details?url=${enc('https://weidian.com/item.html?itemID=7212345678')}&affcode=abc`, '7212345678', WEIDIAN],
  [`https://www.sugargoo.com/#/home/productDetail?productLink=${enc(enc('https://item.taobao.com/item.htm?id=675330231400'))}&memberId=1`, '675330231400', TAOBAO],
  [`https://www.sugargoo.com/products?productLink=${enc('https://weidian.com/item.html?itemID=7212345678')}`, '7212345678', WEIDIAN],
  [`https://www.pandabuy.com/uniorder?text=${enc('https://m.1688.com/offer/654321987012.html')}`, '654321987012', ALI_1688],
  [`https://example-agent.com/buy?goodsUrl=${enc('item.taobao.com/item.htm?id=675330231400')}`, '675330231400', TAOBAO],
  // A marketplace link pasted into `url=` without encoding: its `&id=` lands in the agent's query.
  ['https://www.pandabuy.com/product?url=https://item.taobao.com/item.htm?spm=a1z10&id=675330231400', '675330231400', TAOBAO],
  // Agent sites with platform and id in the path
  ['https://www.cssbuy.com/item-675330231400.html', '675330231400', TAOBAO],
  ['https://www.cssbuy.com/item-micro-7212345678.html', '7212345678', WEIDIAN],
  ['https://www.cssbuy.com/item-1688-654321987012.html', '654321987012', ALI_1688],
  ['https://hoobuy.com/product/1/692787834585?utm_source=share&utm_medium=product_details', '692787834585', TAOBAO],
  ['https://hoobuy.com/m/product/2/7234262753?utm_source=share', '7234262753', WEIDIAN],
  ['https://www.hoobuy.com/product/0/654321987012', '654321987012', ALI_1688],
  ['https://www.usfans.com/product/3/7212345678?ref=8KXPBM', '7212345678', WEIDIAN],
  ['https://www.oopbuy.com/product/weidian/7212345678?inviteCode=DWBB8ZQ4U', '7212345678', WEIDIAN],
  ['https://oopbuy.com/product/1688/654321987012', '654321987012', ALI_1688],
  ['https://agent.example/product/taobao/675330231400', '675330231400', TAOBAO],
  ['https://www.basetao.com/best-taobao-agent-service/products/agent/taobao/675330231400.html', '675330231400', TAOBAO],
  // Agent sites with platform and id in the query
  ['https://cnfans.com/product/?shop_type=taobao&id=675330231400&ref=71427', '675330231400', TAOBAO],
  ['https://cnfans.com/product/?shop_type=ali_1688&id=654321987012', '654321987012', ALI_1688],
  ['https://mulebuy.com/product/?shop_type=weidian&id=7212345678&ref=200216970', '7212345678', WEIDIAN],
  ['https://m.mulebuy.com/pages/product/product?shoptype=taobao&id=675330231400', '675330231400', TAOBAO],
  ['https://joyagoo.com/product?platform=WEIDIAN&id=7212345678&ref=300950678', '7212345678', WEIDIAN],
  ['https://www.acbuy.com/product?id=7212345678&source=WD&u=9MLILB', '7212345678', WEIDIAN],
  ['https://www.acbuy.com/product/?id=654321987012&source=AL', '654321987012', ALI_1688],
  ['https://m.acbuy.com/product?id=675330231400&source=TB&inviteCode=X', '675330231400', TAOBAO],
  ['https://litbuy.com/products/details?id=7212345678&channel=weidian', '7212345678', WEIDIAN],
  ['https://oopbuy.com/goods/details?id=675330231400&channel=TAOBAO&inviteCode=GW72B7VYF', '675330231400', TAOBAO],
  ['https://www.cssbuy.com/shop/goodsDetail?type=micro&id=7832622051&promotionCode=dXVmaW5kcw', '7832622051', WEIDIAN],
  ['https://www.sugargoo.com/index/item/index.html?tp=taobao&itemid=675330231400', '675330231400', TAOBAO],
  ['https://agent.example/item?itemID=7212345678&source=weidian', '7212345678', WEIDIAN],
  ['https://lovegobuy.com/product?id=654321987012&shop_type=ali_1688', '654321987012', ALI_1688],
  // Pasted share text and decorations around a link
  ['【淘宝】https://item.taobao.com/item.htm?id=675330231400 「Nike 卫衣」', '675330231400', TAOBAO],
  ['  https://weidian.com/item.html?itemID=7212345678\n', '7212345678', WEIDIAN],
  [enc('https://detail.1688.com/offer/654321987012.html'), '654321987012', ALI_1688],
];

describe('parseGoodsLink', () => {
  it.each(LINKS)('%s', (input, goodsId, goodsSource) => {
    expect(parseGoodsLink(input)).toEqual({ goodsId, goodsSource });
  });

  it.each([
    ['another host with an id', 'https://www.reddit.com/r/FashionReps/comments/1abc/?id=12345678'],
    ['a Taobao search page', 'https://s.taobao.com/search?q=hoodie&id=675330231400'],
    ['a Taobao shop page', 'https://shop123456.taobao.com/?id=675330231400'],
    ['a Taobao item page without id', 'https://item.taobao.com/item.htm?spm=a1z10'],
    ['a non-numeric Taobao id', 'https://item.taobao.com/item.htm?id=abc123'],
    ['the goods id 0', 'https://item.taobao.com/item.htm?id=0'],
    ['a 1688 page without offer', 'https://detail.1688.com/page/index.html'],
    ['a Weidian shop page', 'https://weidian.com/?userid=123456'],
    ['a non-numeric Weidian id', 'https://weidian.com/item.html?itemID=x7212345678'],
    ['an agent link without platform', 'https://cnfans.com/product/?id=675330231400'],
    ['an agent link with an unknown platform', 'https://cnfans.com/product/?shop_type=amazon&id=675330231400'],
    ['an agent link wrapping a non-goods link', `https://www.pandabuy.com/product?url=${enc('https://example.com/x')}`],
    ['a JD item (keyword search only)', 'https://agent.example/product/jd/100012043978'],
    ['a short link (needs the network)', 'https://m.tb.cn/h.5abcDEF?tk=xyz'],
    ['a javascript: URL', "javascript:location='https://item.taobao.com/item.htm?id=675330231400'"],
    ['a data: URL', 'data:text/html,https://item.taobao.com/item.htm?id=675330231400'],
    ['an ftp URL', 'ftp://item.taobao.com/item.htm?id=675330231400'],
    ['empty text', ''],
    ['plain words', 'hoodie black xl'],
  ])('rejects %s', (_case, input) => {
    expect(parseGoodsLink(input)).toBeNull();
  });

  it('unwraps nested agent links up to a bounded depth', () => {
    const wrap = (link: string) => `https://agent.example/buy?url=${enc(link)}`;
    const threeDeep = wrap(wrap(wrap('https://item.taobao.com/item.htm?id=675330231400')));
    expect(parseGoodsLink(threeDeep)).toEqual({ goodsId: '675330231400', goodsSource: TAOBAO });
    expect(parseGoodsLink(wrap(threeDeep))).toBeNull();
  });

  it('rejects overlong text', () => {
    expect(parseGoodsLink(`https://item.taobao.com/item.htm?id=675330231400&pad=${'x'.repeat(9000)}`)).toBeNull();
  });
});

describe('toHttpUrl', () => {
  it.each([
    ['//item.taobao.com/item.htm?id=1', 'https://item.taobao.com/item.htm?id=1'],
    ['weidian.com/item.html?itemID=7', 'https://weidian.com/item.html?itemID=7'],
    ['W2C: https://weidian.com/item.html?itemID=7 thanks', 'https://weidian.com/item.html?itemID=7'],
  ])('reads %s', (input, expected) => {
    expect(toHttpUrl(input)?.href).toBe(expected);
  });

  it('refuses other schemes', () => {
    expect(toHttpUrl('tbopen://m.taobao.com/tbopen/index.html')).toBeNull();
  });
});

describe('buildTargetDetailUrl', () => {
  it.each([
    [TAOBAO, '675330231400', undefined, 'https://item.taobao.com/item.htm?id=675330231400'],
    [TAOBAO, '675330231400', 'P123', 'https://item.taobao.com/item.htm?id=675330231400&rno=P123'],
    [ALI_1688, '654321987012', 'P123', 'https://detail.1688.com/offer/654321987012.html?rno=P123'],
    [WEIDIAN, '7212345678', 'a b&c=d/é', 'https://weidian.com/item.html?itemID=7212345678&rno=a%20b%26c%3Dd%2F%C3%A9'],
    [WEIDIAN, '7212345678', '', 'https://weidian.com/item.html?itemID=7212345678'],
  ])('source %i, id %s, rno %s', (source, goodsId, rno, expected) => {
    expect(buildTargetDetailUrl(source, goodsId, rno)).toBe(expected);
  });

  it('round-trips through the parser with the rno kept as a parameter', () => {
    for (const goodsSource of ITEM_SOURCES) {
      const url = buildTargetDetailUrl(goodsSource, '7212345678', 'R&1');
      expect(parseGoodsLink(url)).toEqual({ goodsId: '7212345678', goodsSource });
      expect(new URL(url).searchParams.get('rno')).toBe('R&1');
    }
  });

  it('refuses an unknown source', () => {
    expect(() => buildTargetDetailUrl(4, '1')).toThrow(RangeError);
  });
});

describe('goods sources', () => {
  it('lists the contract codes', () => {
    expect(KEYWORD_SEARCH_SOURCES).toEqual([1, 2, 3, 5]);
    expect(ITEM_SOURCES).toEqual([1, 2, 3]);
    expect(goodsSourceByCode(4)).toBeUndefined();
    expect(goodsSourceByCode(5)?.key).toBe('jd');
  });

  it.each([
    ['taobao', 1],
    ['TAOBAO', 1],
    ['tmall', 1],
    ['TB', 1],
    ['1688', 2],
    ['ali_1688', 2],
    ['ALI-1688', 2],
    ['alibaba', 2],
    ['AL', 2],
    ['weidian', 3],
    ['WD', 3],
    ['micro', 3],
    [' Weidian ', 3],
    ['jd', 5],
  ])('resolves the alias %s', (alias, code) => {
    expect(goodsSourceByAlias(alias)?.code).toBe(code);
  });

  it('gives every alias to exactly one source', () => {
    for (const source of GOODS_SOURCES) {
      for (const alias of [source.key, source.displayName, ...source.aliases]) {
        expect(goodsSourceByAlias(alias)).toBe(source);
      }
    }
    expect(goodsSourceByAlias('amazon')).toBeUndefined();
    expect(goodsSourceByAlias('')).toBeUndefined();
  });
});
