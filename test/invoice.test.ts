// POST /open-api/order/invoice/generate and /get, black-box through the real app: the PDFs are
// fetched back through their URLs and read with pdf.js.
import { beforeAll, describe, expect, it } from 'vitest';
import { InvoiceService } from '../src/core/invoice/invoice-service';
import { INVOICE_LABELS, type InvoiceLanguage } from '../src/core/invoice/invoice-pdf';
import { InvoiceStatus } from '../src/core/order/statuses';
import { RequestContext } from '../src/core/request-context';
import { envelope, getQuery, partnerToken, postJson, tokenOf, useTestApp } from './support/app';
import { createBag, createBoundMember, createPurchaseOrder, type MemberFixture, type OrderFixture } from './support/commerce-fixtures';
import { SEED } from './support/database';
import { pdfText } from './support/invoice';
import { createPartner } from './support/partner-clients';

const test = useTestApp('invoice');
const { clock } = test;
let token: string;

beforeAll(async () => {
  token = await partnerToken(test.app);
});

interface Entry {
  orderNo: string;
  bagNo: string | null;
  language: InvoiceLanguage;
  status: number | null;
  url: string | null;
}

const call = (operation: 'generate' | 'get', body: unknown, bearer = token) => postJson(test.app, bearer, `/open-api/order/invoice/${operation}`, body);

async function entries(operation: 'generate' | 'get', body: unknown, bearer = token): Promise<Entry[]> {
  const response = await call(operation, body, bearer);
  const answer = envelope<Entry[]>(response);
  expect(response.statusCode, answer.msg).toBe(200);
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}

async function download(url: string): Promise<Buffer> {
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/files\/[A-Za-z0-9_-]{43}$/);
  const response = await test.app.inject({ method: 'GET', url: new URL(url).pathname });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

/** The fixed parts of every label of a language, the ones long enough to mean something. */
function labelFragments(language: InvoiceLanguage): string[] {
  return Object.values(INVOICE_LABELS[language])
    .flatMap((label) => label.split(/\{\w+\}/))
    .map((fragment) => fragment.trim())
    .filter((fragment) => fragment.length >= 3);
}

const filesOfBag = (bagNo: string) => test.db.storedFile.count({ where: { fileName: { startsWith: `invoice-${bagNo}-` } } });

/** An order of the seeded partner with two lines (2 x 49.50 and 1 x 1,234.56 CNY), packed in one bag. */
async function packedOrder(partnerClientId: string = SEED.partnerClientId): Promise<{ member: MemberFixture; order: OrderFixture; bag: { bagId: number; bagNo: string } }> {
  const owner = await createBoundMember(test.db, { partnerClientId });
  const order = await createPurchaseOrder(test.db, owner, {
    partnerClientId,
    paid: true,
    lines: [
      { qty: 2, unitPrice: 4_950 },
      { qty: 1, unitPrice: 123_456 },
    ],
  });
  const bag = await createBag(test.db, owner, order.items.map((item) => item.id));
  return { member: owner, order, bag };
}

describe('generate', () => {
  it('generates the English invoice of the bag: bag number, every line amount, totals, English labels only', async () => {
    const { order, bag } = await packedOrder();
    await test.db.bagOrder.update({
      where: { id: bag.bagId },
      data: { address: { receiverName: 'Ana Souza', phone: '+55 11 91234-5678', country: 'BR', province: 'SP', city: 'São Paulo', addressLine: 'Rua Augusta 1000', postCode: '01304-001' } },
    });
    const [entry, ...rest] = await entries('generate', { orderNos: [order.orderNo], language: 'en' });
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ orderNo: order.orderNo, bagNo: bag.bagNo, language: 'en', status: InvoiceStatus.GENERATED });
    const text = await pdfText(await download(entry?.url as string));
    expect(text).toContain(bag.bagNo);
    for (const amount of ['49.50', '99.00', '1,234.56']) expect(text).toContain(amount);
    expect(text).toContain('Total declared value 1,333.56 CNY');
    expect(text).toContain('International freight 120.00 CNY');
    expect(text).toContain('Invoice total 1,453.56 CNY');
    expect(text).toContain('Gross weight: 1.200 kg');
    expect(text).toContain('Shipping line: Air Standard');
    expect(text).toContain('Invoice date: 2026-11-21');
    expect(text).toContain('Consignee Ana Souza Rua Augusta 1000 São Paulo, SP, 01304-001 Brazil (BR) Phone: +55 11 91234-5678');
    expect(text).toContain('OpenBuy');
    for (const item of order.items) expect(text).toContain(item.orderItemNo);
    for (const label of labelFragments('en')) expect(text).toContain(label);
    for (const label of labelFragments('pt')) expect(text).not.toContain(label);
    const invoice = await test.db.invoice.findUniqueOrThrow({ where: { bagId_language: { bagId: bag.bagId, language: 'en' } } });
    expect(invoice).toMatchObject({ tenantId: 1, status: InvoiceStatus.GENERATED, error: null });
    expect(invoice.generatedAt?.getTime()).toBe(clock.now());
    expect(entry?.url).toBe(test.core.files.urlOf(invoice.fileKey as string));
  });

  it('generates the Portuguese invoice as a separate file with Portuguese labels and notation only', async () => {
    const { order, bag } = await packedOrder();
    const [english] = await entries('generate', { orderNos: [order.orderNo] });
    const [portuguese] = await entries('generate', { orderNos: [order.orderNo], language: 'pt' });
    expect(english).toMatchObject({ language: 'en', status: InvoiceStatus.GENERATED });
    expect(portuguese).toMatchObject({ bagNo: bag.bagNo, language: 'pt', status: InvoiceStatus.GENERATED });
    expect(portuguese?.url).not.toBe(english?.url);
    const text = await pdfText(await download(portuguese?.url as string));
    expect(text).toContain(bag.bagNo);
    for (const amount of ['49,50', '99,00', '1.234,56']) expect(text).toContain(amount);
    expect(text).toContain('Valor total declarado 1.333,56 CNY');
    expect(text).toContain('Total da fatura 1.453,56 CNY');
    expect(text).toContain('Destinatário');
    expect(text).toContain('Data da fatura: 21/11/2026');
    for (const label of labelFragments('pt')) expect(text).toContain(label);
    for (const label of labelFragments('en')) expect(text).not.toContain(label);
    expect(await filesOfBag(bag.bagNo)).toBe(2);
  });

  it.each(['en', 'pt'] as const)('writes Chinese goods titles and Portuguese accents as they are (%s), in a small subset of the embedded font', async (language) => {
    const { order } = await packedOrder();
    const [chinese, portuguese] = order.items as [OrderFixture['items'][number], OrderFixture['items'][number]];
    await test.db.purchaseOrderItem.update({ where: { id: chinese.id }, data: { title: '男士纯棉T恤 白色 XL', skuProps: { 颜色: '白色' } } });
    await test.db.purchaseOrderItem.update({ where: { id: portuguese.id }, data: { title: 'Camiseta de algodão' } });
    const [entry] = await entries('generate', { orderNos: [order.orderNo], language });
    const pdf = await download(entry?.url as string);

    const text = await pdfText(pdf);
    expect(text).toContain('男士纯棉T恤 白色 XL');
    expect(text).toContain('颜色: 白色');
    expect(text).toContain('Camiseta de algodão');
    expect(text).not.toContain('?');
    // Both weights of Noto Sans SC, each as a subset (six-letter tag), and no other font.
    const fonts = new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/(\S+)/g)].map((match) => match[1]));
    expect([...fonts].sort()).toEqual([expect.stringMatching(/^[A-Z]{6}\+NotoSansSC-Bold$/), expect.stringMatching(/^[A-Z]{6}\+NotoSansSC-Regular$/)]);
    // The font files are about 10 MB each; this invoice measures about 16 KB.
    expect(pdf.length).toBeLessThan(50_000);
  });

  it('generates once: asking again answers the same file and stores no second one', async () => {
    const { order, bag } = await packedOrder();
    const [first] = await entries('generate', { orderNos: [order.orderNo] });
    clock.advance(60_000);
    const [second] = await entries('generate', { orderNos: [order.orderNo] });
    const [viaItem] = await entries('generate', { orderNos: [order.items[0]?.orderItemNo] });
    expect(second).toEqual(first);
    expect(viaItem?.url).toBe(first?.url);
    expect(await filesOfBag(bag.bagNo)).toBe(1);
    expect(await test.db.invoice.count({ where: { bagId: bag.bagId } })).toBe(1);
  });

  it('makes one file when ten requests generate the same bag at once', async () => {
    const { order, bag } = await packedOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => entries('generate', { orderNos: [order.orderNo], language: 'pt' })));
    expect(await filesOfBag(bag.bagNo)).toBe(1);
    expect(await test.db.invoice.count({ where: { bagId: bag.bagId } })).toBe(1);
    const { fileKey } = await test.db.invoice.findUniqueOrThrow({ where: { bagId_language: { bagId: bag.bagId, language: 'pt' } } });
    const url = test.core.files.urlOf(fileKey as string);
    for (const [entry] of answers) {
      // The winner answers the file; a request that found the generation under way says so.
      expect([InvoiceStatus.GENERATED, InvoiceStatus.GENERATING]).toContain(entry?.status);
      expect(entry?.url).toBe(entry?.status === InvoiceStatus.GENERATED ? url : null);
    }
    expect(answers.some(([entry]) => entry?.url === url)).toBe(true);
    expect((await entries('get', { orderNos: [order.orderNo], language: 'pt' }))[0]?.url).toBe(url);
  });

  it('answers each number once per bag: a parent order in two bags, an item in one, an order in none', async () => {
    const member = await createBoundMember(test.db);
    const order = await createPurchaseOrder(test.db, member, { paid: true, lines: [{ unitPrice: 1_000 }, { unitPrice: 2_000 }, { unitPrice: 3_000 }] });
    const [first, second, third] = order.items as [OrderFixture['items'][number], OrderFixture['items'][number], OrderFixture['items'][number]];
    const bagA = await createBag(test.db, member, [first.id, second.id]);
    const bagB = await createBag(test.db, member, [third.id]);
    const unpacked = await createPurchaseOrder(test.db, member, { paid: true });

    const answer = await entries('generate', { orderNos: [order.orderNo, third.orderItemNo, unpacked.orderNo, order.orderNo] });
    expect(answer.map(({ orderNo, bagNo, status }) => ({ orderNo, bagNo, status }))).toEqual([
      { orderNo: order.orderNo, bagNo: bagA.bagNo, status: InvoiceStatus.GENERATED },
      { orderNo: order.orderNo, bagNo: bagB.bagNo, status: InvoiceStatus.GENERATED },
      { orderNo: third.orderItemNo, bagNo: bagB.bagNo, status: InvoiceStatus.GENERATED },
      { orderNo: unpacked.orderNo, bagNo: null, status: null },
    ]);
    expect(answer[2]?.url).toBe(answer[1]?.url);
    expect(answer[3]?.url).toBeNull();
    expect(await filesOfBag(bagA.bagNo)).toBe(1);
    expect(await filesOfBag(bagB.bagNo)).toBe(1);

    // A bag's invoice lists the bag's items, not the order's.
    const textB = await pdfText(await download(answer[1]?.url as string));
    expect(textB).toContain(third.orderItemNo);
    expect(textB).not.toContain(first.orderItemNo);
    expect(textB).toContain('Total declared value 30.00 CNY');
    const [itemInA] = await entries('get', { orderNos: [first.orderItemNo] });
    expect(itemInA).toMatchObject({ bagNo: bagA.bagNo, url: answer[0]?.url });
  });

  it("leaves out numbers of other partners and unknown numbers, and touches nothing of theirs", async () => {
    const other = await createPartner(test.core);
    const otherToken = await tokenOf(test.app, other);
    const theirs = await packedOrder(other.clientId);
    const mine = await packedOrder();

    const numbers = [theirs.order.orderNo, theirs.order.items[0]?.orderItemNo, 'O20261121000000000000', mine.order.orderNo];
    const answer = await entries('generate', { orderNos: numbers });
    expect(answer.map((entry) => entry.orderNo)).toEqual([mine.order.orderNo]);
    expect(await entries('get', { orderNos: numbers.slice(0, 3) })).toEqual([]);
    expect(await test.db.invoice.count({ where: { bagId: theirs.bag.bagId } })).toBe(0);

    // The owner sees its own, and not the seeded partner's.
    const [own, ...none] = await entries('generate', { orderNos: [theirs.order.orderNo, mine.order.orderNo] }, otherToken);
    expect(none).toEqual([]);
    expect(own).toMatchObject({ orderNo: theirs.order.orderNo, bagNo: theirs.bag.bagNo, status: InvoiceStatus.GENERATED });
  });

  it('retries a failed generation when asked again, and only then', async () => {
    const { order, bag } = await packedOrder();
    const ctx = new RequestContext('invoice-test', 1, { kind: 'partner', clientId: SEED.partnerClientId, clientRecordId: 0, scopes: new Set() }, '127.0.0.1', clock);
    const failing = new InvoiceService(test.db, test.core.files, test.core.webhookOutbox, async () => {
      throw new Error('renderer crashed');
    });
    const [failed] = await failing.generate(ctx, [order.orderNo], 'en');
    expect(failed).toMatchObject({ bagNo: bag.bagNo, status: InvoiceStatus.FAILED, url: null });
    expect(await test.db.invoice.findUniqueOrThrow({ where: { bagId_language: { bagId: bag.bagId, language: 'en' } } })).toMatchObject({
      status: InvoiceStatus.FAILED,
      error: 'renderer crashed',
      fileKey: null,
    });
    expect(await filesOfBag(bag.bagNo)).toBe(0);

    // get reports the failure and triggers nothing
    expect(await entries('get', { orderNos: [order.orderNo] })).toEqual([{ orderNo: order.orderNo, bagNo: bag.bagNo, language: 'en', status: InvoiceStatus.FAILED, url: null }]);
    expect(await filesOfBag(bag.bagNo)).toBe(0);

    const [retried] = await entries('generate', { orderNos: [order.orderNo] });
    expect(retried).toMatchObject({ status: InvoiceStatus.GENERATED });
    expect(await pdfText(await download(retried?.url as string))).toContain(bag.bagNo);
    expect(await test.db.invoice.findUniqueOrThrow({ where: { bagId_language: { bagId: bag.bagId, language: 'en' } } })).toMatchObject({ error: null });
  });

  it('takes over a generation whose process died, once its lease has run out', async () => {
    const { order, bag } = await packedOrder();
    await test.db.invoice.create({ data: { tenantId: 1, bagId: bag.bagId, language: 'en', status: InvoiceStatus.GENERATING, updatedAt: new Date(clock.now()) } });
    const [underWay] = await entries('generate', { orderNos: [order.orderNo] });
    expect(underWay).toMatchObject({ status: InvoiceStatus.GENERATING, url: null });
    expect(await filesOfBag(bag.bagNo)).toBe(0);
    clock.advance(2 * 60 * 1000);
    const [takenOver] = await entries('generate', { orderNos: [order.orderNo] });
    expect(takenOver?.status).toBe(InvoiceStatus.GENERATED);
    expect(await filesOfBag(bag.bagNo)).toBe(1);
  });
});

describe('get', () => {
  it('reads status and URL without generating anything, before and after generation', async () => {
    const { order, bag } = await packedOrder();
    const before = await entries('get', { orderNos: [order.orderNo] });
    expect(before).toEqual([{ orderNo: order.orderNo, bagNo: bag.bagNo, language: 'en', status: null, url: null }]);
    expect(await test.db.invoice.count({ where: { bagId: bag.bagId } })).toBe(0);

    const [generated] = await entries('generate', { orderNos: [order.orderNo], language: 'pt' });
    expect(await entries('get', { orderNos: [order.orderNo] })).toEqual(before);
    expect(await entries('get', { orderNos: [order.items[1]?.orderItemNo], language: 'pt' })).toEqual([
      { orderNo: order.items[1]?.orderItemNo, bagNo: bag.bagNo, language: 'pt', status: InvoiceStatus.GENERATED, url: generated?.url },
    ]);
  });

  it('is also served as GET with query parameters', async () => {
    const { order, bag } = await packedOrder();
    await entries('generate', { orderNos: [order.orderNo], language: 'pt' });
    const response = await getQuery(test.app, token, '/open-api/order/invoice/get', { orderNos: order.orderNo, language: 'pt' });
    expect(envelope<Entry[]>(response).data).toMatchObject([{ orderNo: order.orderNo, bagNo: bag.bagNo, language: 'pt', status: InvoiceStatus.GENERATED }]);
  });

  it('answers an empty list for no numbers', async () => {
    expect(await entries('get', { orderNos: [] })).toEqual([]);
    expect(await entries('generate', { orderNos: [] })).toEqual([]);
  });
});

describe('validation and scopes', () => {
  it.each([
    ['more than 50 orderNos', { orderNos: Array.from({ length: 51 }, (_, index) => `O${index}`) }, 'orderNos'],
    ['no orderNos', { language: 'en' }, 'orderNos: required'],
    ['orderNos not an array', { orderNos: 7 }, 'orderNos'],
    ['an orderNo over 64 characters', { orderNos: ['O'.repeat(65)] }, 'orderNos[0]'],
    ['an empty orderNo', { orderNos: [''] }, 'orderNos[0]'],
    ['an unknown language', { orderNos: [], language: 'fr' }, 'language'],
  ])('answers 400 naming the field for %s, and writes nothing', async (_case, body, field) => {
    const before = await test.db.invoice.count();
    for (const operation of ['generate', 'get'] as const) {
      const response = await call(operation, body);
      expect(response.statusCode).toBe(400);
      expect(envelope(response)).toMatchObject({ code: 400, data: null });
      expect(envelope(response).msg).toContain(field);
    }
    expect(await test.db.invoice.count()).toBe(before);
  });

  it('accepts exactly 50 orderNos', async () => {
    const { order } = await packedOrder();
    const orderNos = [order.orderNo, ...Array.from({ length: 49 }, (_, index) => `O-unknown-${index}`)];
    expect(await entries('get', { orderNos })).toHaveLength(1);
  });

  it('needs order:invoice:write to generate and order:invoice:read to read', async () => {
    const { order, bag } = await packedOrder();
    const readOnly = await partnerToken(test.app, 'order:invoice:read');
    const writeOnly = await partnerToken(test.app, 'order:invoice:write');
    expect((await call('generate', { orderNos: [order.orderNo] }, readOnly)).statusCode).toBe(403);
    expect((await call('get', { orderNos: [order.orderNo] }, writeOnly)).statusCode).toBe(403);
    expect(await test.db.invoice.count({ where: { bagId: bag.bagId } })).toBe(0);
    expect((await call('get', { orderNos: [order.orderNo] }, 'not-a-token')).statusCode).toBe(401);
  });
});
