// Goods search, image search, detail and link parsing over the catalog provider, black-box
// through the real app.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { GOODS_PAGE_SIZE } from '../src/core/goods/goods-provider';
import { envelope, getQuery, partnerToken, postJson, useTestApp } from './support/app';
import { catalogGoods, uniqueWord } from './support/goods';

const test = useTestApp('goods');
let token: string;

beforeAll(async () => {
  token = await partnerToken(test.app);
});

interface Summary {
  goodsId: string;
  source: number;
  title: string;
  image: string | null;
  price: number;
  sales: number;
  shopName: string;
  detailUrl: string;
}

type Page = { list: Summary[]; total: number };

async function search(query: Record<string, string | number | undefined>) {
  const response = await getQuery(test.app, token, '/open-api/goods/search', query);
  expect(response.statusCode).toBe(200);
  const body = envelope<Page>(response);
  expect(body.code).toBe(0);
  return body.data;
}

async function imageSearch(query: Record<string, string | number | undefined>) {
  const body = envelope<Page>(await getQuery(test.app, token, '/open-api/goods/image-search', query));
  expect(body.code).toBe(0);
  return body.data;
}

const titles = (page: Page) => page.list.map((goods) => goods.title);

describe('keyword search', () => {
  it('finds goods whose titles contain every term, case-insensitively, with the summary fields', async () => {
    const word = uniqueWord();
    const hoodie = await catalogGoods(test.db, { title: `Nike Hoodie Black ${word}`, prices: [15900, 14900], sales: 30, images: ['https://img.example.com/h.jpg'] });
    await catalogGoods(test.db, { title: `nike running shoes ${word}` });
    await catalogGoods(test.db, { title: `Adidas HOODIE ${word.toUpperCase()}`, sales: 5 });
    const page = await search({ keyword: `  hoodie   ${word.toUpperCase()} `, page: 1, source: 1, sort: 'sale-desc' });
    expect(page.total).toBe(2);
    expect(titles(page)).toEqual([`Nike Hoodie Black ${word}`, `Adidas HOODIE ${word.toUpperCase()}`]);
    expect(page.list[0]).toEqual({
      goodsId: hoodie.goodsId,
      source: 1,
      title: `Nike Hoodie Black ${word}`,
      image: 'https://img.example.com/h.jpg',
      price: 14900,
      sales: 30,
      shopName: 'Test shop',
      detailUrl: `https://item.taobao.com/item.htm?id=${hoodie.goodsId}`,
    });
    expect((await search({ keyword: `hoodie ${word} nothing-else`, page: 1, source: 1 })).total).toBe(0);
  });

  it('ranks by relevance: title starts with the keyword, contains it, starts with its first term, the rest; then sales', async () => {
    const word = uniqueWord();
    await catalogGoods(test.db, { title: `classic hoodie ${word}`, sales: 1000 });
    await catalogGoods(test.db, { title: `${word} classic hoodie`, sales: 10 });
    await catalogGoods(test.db, { title: `classic ${word} hoodie`, sales: 5 });
    await catalogGoods(test.db, { title: `${word} hoodie classic`, sales: 1 });
    await catalogGoods(test.db, { title: `${word} HOODIE premium`, sales: 50 });
    const expected = [`${word} HOODIE premium`, `${word} hoodie classic`, `classic ${word} hoodie`, `${word} classic hoodie`, `classic hoodie ${word}`];
    expect(titles(await search({ keyword: `${word} hoodie`, page: 1, source: 1 }))).toEqual(expected);
    expect(titles(await search({ keyword: `${word} hoodie`, page: 1, source: 1, sort: 'relevance' }))).toEqual(expected);
    expect(titles(await search({ keyword: `${word} hoodie`, page: 1, source: 1, sort: 'default' }))).toEqual(expected);
  });

  it('sorts by price and by sales, ties by sales', async () => {
    const word = uniqueWord();
    await catalogGoods(test.db, { title: `${word} a`, prices: [3000], sales: 1 });
    await catalogGoods(test.db, { title: `${word} b`, prices: [1000, 9000], sales: 7 });
    await catalogGoods(test.db, { title: `${word} c`, prices: [2000], sales: 3 });
    await catalogGoods(test.db, { title: `${word} d`, prices: [2000], sales: 9 });
    const sorted = async (sort: string) => titles(await search({ keyword: word, page: 1, source: 1, sort })).map((title) => title.slice(-1));
    expect(await sorted('price-asc')).toEqual(['b', 'd', 'c', 'a']);
    expect(await sorted('price-desc')).toEqual(['a', 'd', 'c', 'b']);
    expect(await sorted('sale-desc')).toEqual(['d', 'b', 'c', 'a']);
  });

  it(`pages by ${GOODS_PAGE_SIZE} without overlaps`, async () => {
    const word = uniqueWord();
    for (let index = 0; index < 45; index++) await catalogGoods(test.db, { title: `${word} item ${index}`, sales: index % 3 });
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await search({ keyword: word, page, source: 1, sort: 'sale-desc' }));
    expect(pages.map((page) => page.list.length)).toEqual([20, 20, 5, 0]);
    expect(pages.every((page) => page.total === 45)).toBe(true);
    expect(new Set(pages.flatMap((page) => page.list.map((goods) => goods.goodsId))).size).toBe(45);
  });

  it('searches one source only; JD (5) is searchable', async () => {
    const word = uniqueWord();
    await catalogGoods(test.db, { source: 1, title: `${word} taobao` });
    await catalogGoods(test.db, { source: 2, title: `${word} 1688` });
    const jd = await catalogGoods(test.db, { source: 5, title: `${word} jd` });
    const page = await search({ keyword: word, page: 1, source: 5 });
    expect(page.list.map((goods) => [goods.goodsId, goods.source])).toEqual([[jd.goodsId, 5]]);
    expect(titles(await search({ keyword: word, page: 1, source: 2 }))).toEqual([`${word} 1688`]);
    expect((await search({ keyword: word, page: 1, source: 3 })).total).toBe(0);
  });

  it('treats LIKE wildcards in the keyword literally', async () => {
    const word = uniqueWord();
    await catalogGoods(test.db, { title: `${word} 100% cotton tee` });
    await catalogGoods(test.db, { title: `${word} 1000 cotton tee` });
    await catalogGoods(test.db, { title: `${word} a_b` });
    await catalogGoods(test.db, { title: `${word} axb` });
    expect(titles(await search({ keyword: `${word} 100%`, page: 1, source: 1 }))).toEqual([`${word} 100% cotton tee`]);
    expect(titles(await search({ keyword: `${word} a_b`, page: 1, source: 1 }))).toEqual([`${word} a_b`]);
    expect((await search({ keyword: `${word} %`, page: 1, source: 1 })).total).toBe(1);
  });

  it('matches Chinese terms and hides delisted goods', async () => {
    const word = uniqueWord();
    await catalogGoods(test.db, { title: `重磅纯棉连帽卫衣 ${word}` });
    await catalogGoods(test.db, { title: `卫衣 下架 ${word}`, status: 1 });
    expect(titles(await search({ keyword: `卫衣 ${word}`, page: 1, source: 1 }))).toEqual([`重磅纯棉连帽卫衣 ${word}`]);
  });

  it('answers the same read as POST with a JSON body', async () => {
    const word = uniqueWord();
    await catalogGoods(test.db, { source: 3, title: `${word} weidian` });
    const body = envelope<Page>(await postJson(test.app, token, '/open-api/goods/search', { keyword: word, page: 1, source: 3, sort: 'price-asc' }));
    expect(body).toMatchObject({ code: 0, data: { total: 1, list: [{ title: `${word} weidian`, source: 3 }] } });
  });
});

describe('image search', () => {
  it('finds goods registering the URL first, then goods with the same perceptual hash, in the asked source', async () => {
    const word = uniqueWord();
    const url = `https://img.example.com/${word}/main.jpg`;
    const hash = `h${word}`;
    const byHash = await catalogGoods(test.db, { title: 'by hash', sales: 900, registeredImages: [{ url: `https://cdn.example.net/${word}/copy.jpg`, perceptualHash: hash }] });
    const byUrl = await catalogGoods(test.db, { title: 'by url', sales: 1, registeredImages: [{ url, perceptualHash: hash }] });
    const other = await catalogGoods(test.db, { source: 2, title: 'other source', registeredImages: [{ url }] });
    await catalogGoods(test.db, { title: 'unrelated', registeredImages: [{ url: `https://img.example.com/${word}/other.jpg`, perceptualHash: `x${word}` }] });

    const query = `https://IMG.Example.com/${word}/main.jpg?x-oss-process=image/resize,w_400#top`;
    const page = await imageSearch({ imagesUrl: query, page: 1, source: 1 });
    expect(page.total).toBe(2);
    expect(page.list.map((goods) => goods.goodsId)).toEqual([byUrl.goodsId, byHash.goodsId]);
    expect((await imageSearch({ imagesUrl: query, page: 1, source: 2 })).list.map((goods) => goods.goodsId)).toEqual([other.goodsId]);
    expect(await imageSearch({ imagesUrl: query, page: 2, source: 1 })).toEqual({ list: [], total: 2 });
  });

  it('finds nothing for an image nobody registered', async () => {
    expect(await imageSearch({ imagesUrl: `https://img.example.com/${uniqueWord()}.jpg`, page: 1, source: 1 })).toEqual({ list: [], total: 0 });
  });

  it('matches by URL only when the registered image has no hash', async () => {
    const word = uniqueWord();
    const url = `https://img.example.com/${word}.png`;
    const registered = await catalogGoods(test.db, { source: 3, title: 'plain', registeredImages: [{ url }] });
    const page = await imageSearch({ imagesUrl: url.replace('https:', 'http:'), page: 1, source: 3 });
    expect(page.list.map((goods) => goods.goodsId)).toEqual([registered.goodsId]);
  });
});

describe('goods detail', () => {
  it('answers the goods with its SKUs, the price being the lowest SKU price', async () => {
    const goods = await catalogGoods(test.db, { source: 2, title: 'Yoga mat', prices: [2890, 2590, 3190], images: ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg'] });
    const body = envelope(await getQuery(test.app, token, '/open-api/goods/detail', { goodsId: goods.goodsId, source: 2 }));
    expect(body).toEqual({
      code: 0,
      msg: '',
      error_detail: '',
      data: {
        goodsId: goods.goodsId,
        source: 2,
        title: 'Yoga mat',
        images: ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg'],
        price: 2590,
        skus: [
          { skuId: goods.skuIds[0], props: { Size: 'S' }, price: 2890, stock: 100 },
          { skuId: goods.skuIds[1], props: { Size: 'M' }, price: 2590, stock: 100 },
          { skuId: goods.skuIds[2], props: { Size: 'L' }, price: 3190, stock: 100 },
        ],
        shopName: 'Test shop',
        detailUrl: `https://item.taobao.com/item.htm?id=${goods.goodsId}`,
      },
    });
  });

  it.each([
    ['unknown goods', async () => ({ goodsId: '999999999999', source: 1 })],
    ['goods of another source', async () => ({ goodsId: (await catalogGoods(test.db, { source: 1, title: 'x' })).goodsId, source: 3 })],
    ['delisted goods', async () => ({ goodsId: (await catalogGoods(test.db, { title: 'gone', status: 1 })).goodsId, source: 1 })],
  ])('answers GOODS_NOT_FOUND for %s', async (_case, query) => {
    const params = await query();
    const response = await getQuery(test.app, token, '/open-api/goods/detail', params);
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({ code: ErrorCatalogue.GOODS_NOT_FOUND.code, data: null });
    expect(envelope(response).msg).toContain(params.goodsId);
  });

  it('needs the goods:detail:read scope', async () => {
    const searchOnly = await partnerToken(test.app, 'goods:search:read');
    const response = await getQuery(test.app, searchOnly, '/open-api/goods/detail', { goodsId: '1', source: 1 });
    expect(response.statusCode).toBe(403);
    const detailOnly = await partnerToken(test.app, 'goods:detail:read');
    expect((await getQuery(test.app, detailOnly, '/open-api/goods/search', { keyword: 'x', page: 1, source: 1 })).statusCode).toBe(403);
  });
});

describe('parse link', () => {
  async function parse(query: Record<string, string | undefined>) {
    return envelope<{ goodsId: string; goodsSource: number; targetGoodsDetailUrl: string }>(
      await getQuery(test.app, token, '/open-api/goods/parse-link', query),
    );
  }

  it('parses a marketplace link and appends rno', async () => {
    expect(await parse({ searchUrl: 'https://detail.tmall.com/item.htm?spm=a1z10&id=612345678901&skuId=5', rno: 'P 1&2' })).toMatchObject({
      code: 0,
      data: { goodsId: '612345678901', goodsSource: 1, targetGoodsDetailUrl: 'https://item.taobao.com/item.htm?id=612345678901&rno=P%201%262' },
    });
  });

  it('parses an agent link wrapping a Weidian link, without rno', async () => {
    const searchUrl = `https://www.pandabuy.com/product?url=${encodeURIComponent('https://weidian.com/item.html?itemID=7212345678')}`;
    expect((await parse({ searchUrl })).data).toEqual({
      goodsId: '7212345678',
      goodsSource: 3,
      targetGoodsDetailUrl: 'https://weidian.com/item.html?itemID=7212345678',
    });
  });

  it('answers POST with a JSON body', async () => {
    const body = envelope(await postJson(test.app, token, '/open-api/goods/parse-link', { searchUrl: 'https://detail.1688.com/offer/654321987012.html', rno: 'R1' }));
    expect(body).toMatchObject({ code: 0, data: { goodsId: '654321987012', goodsSource: 2, targetGoodsDetailUrl: 'https://detail.1688.com/offer/654321987012.html?rno=R1' } });
  });

  it.each([['https://www.reddit.com/r/FashionReps/?id=12345678'], ['hoodie black xl'], ['https://item.taobao.com/item.htm?id=0']])(
    'answers GOODS_LINK_UNPARSEABLE for %s',
    async (searchUrl) => {
      const response = await getQuery(test.app, token, '/open-api/goods/parse-link', { searchUrl });
      expect(response.statusCode).toBe(200);
      expect(envelope(response)).toMatchObject({ code: ErrorCatalogue.GOODS_LINK_UNPARSEABLE.code, data: null });
    },
  );
});

describe('bad input answers 400 naming the field, for every goods route', () => {
  const long = (length: number) => 'x'.repeat(length);
  it.each([
    ['/open-api/goods/search', { page: 1, source: 1 }, 'keyword: required'],
    ['/open-api/goods/search', { keyword: '   ', page: 1, source: 1 }, 'keyword'],
    ['/open-api/goods/search', { keyword: long(201), page: 1, source: 1 }, 'keyword'],
    ['/open-api/goods/search', { keyword: 'x', source: 1 }, 'page: required'],
    ['/open-api/goods/search', { keyword: 'x', page: 0, source: 1 }, 'page'],
    ['/open-api/goods/search', { keyword: 'x', page: 'one', source: 1 }, 'page'],
    ['/open-api/goods/search', { keyword: 'x', page: 1 }, 'source: required'],
    ['/open-api/goods/search', { keyword: 'x', page: 1, source: 4 }, 'source: must be one of 1, 2, 3, 5'],
    ['/open-api/goods/search', { keyword: 'x', page: 1, source: 1, sort: 'price' }, 'sort'],
    ['/open-api/goods/image-search', { page: 1, source: 1 }, 'imagesUrl: required'],
    ['/open-api/goods/image-search', { imagesUrl: 'ftp://img.example.com/a.jpg', page: 1, source: 1 }, 'imagesUrl'],
    ['/open-api/goods/image-search', { imagesUrl: 'not a url', page: 1, source: 1 }, 'imagesUrl'],
    ['/open-api/goods/image-search', { imagesUrl: `https://img.example.com/${long(2000)}`, page: 1, source: 1 }, 'imagesUrl'],
    ['/open-api/goods/image-search', { imagesUrl: 'https://img.example.com/a.jpg', source: 1 }, 'page: required'],
    ['/open-api/goods/image-search', { imagesUrl: 'https://img.example.com/a.jpg', page: 1, source: 5 }, 'source: must be one of 1, 2, 3'],
    ['/open-api/goods/parse-link', {}, 'searchUrl: required'],
    ['/open-api/goods/parse-link', { searchUrl: ' ' }, 'searchUrl'],
    ['/open-api/goods/parse-link', { searchUrl: long(4097) }, 'searchUrl'],
    ['/open-api/goods/parse-link', { searchUrl: 'https://item.taobao.com/item.htm?id=1', rno: long(65) }, 'rno'],
    ['/open-api/goods/detail', { source: 1 }, 'goodsId: required'],
    ['/open-api/goods/detail', { goodsId: '0', source: 1 }, 'goodsId: must not be 0'],
    ['/open-api/goods/detail', { goodsId: long(65), source: 1 }, 'goodsId'],
    ['/open-api/goods/detail', { goodsId: '123' }, 'source: required'],
    ['/open-api/goods/detail', { goodsId: '123', source: 5 }, 'source: must be one of 1, 2, 3'],
  ] as const)('%s %j', async (url, query, message) => {
    const response = await getQuery(test.app, token, url, query);
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({ code: 400, data: null });
    expect(envelope(response).msg).toContain(message);
  });
});
