// QC records: warehouse writes through the QC service, partner reads by goods and by order,
// black-box through the real app.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { type ErrorDefinition, ServiceError } from '../src/core/errors/service-error';
import { OrderItemStatus, QcStatus } from '../src/core/order/statuses';
import { MAX_QC_PHOTOS, QC_LATEST_COUNT } from '../src/core/qc/qc-service';
import { envelope, getQuery, partnerToken, postJson, tokenOf, useTestApp } from './support/app';
import { createBoundMember, createPurchaseOrder, type MemberFixture } from './support/commerce-fixtures';
import { completedQc } from './support/goods';
import { createPartner } from './support/partner-clients';

const test = useTestApp('qc');
const { clock } = test;
let token: string;
let member: MemberFixture;
const MINUTE = 60_000;

beforeAll(async () => {
  member = await createBoundMember(test.db);
});

// Tests move the clock by hours; a fresh token each test keeps it from expiring under them.
beforeEach(async () => {
  token = await partnerToken(test.app);
});

let goodsSerial = 0;
/** A goods id no other test's records use. */
const newGoodsId = () => String(880_000_000_000 + goodsSerial++);

/** An order of `member` whose items (one per SKU) have arrived at the warehouse. */
function arrivedOrder(goodsId: string, skuIds: string[], options: { source?: number; partnerClientId?: string; of?: MemberFixture } = {}) {
  return createPurchaseOrder(test.db, options.of ?? member, {
    partnerClientId: options.partnerClientId,
    lines: skuIds.map((skuId) => ({ source: options.source ?? 1, goodsId, skuId })),
    paid: true,
    itemStatus: OrderItemStatus.ARRIVED,
  });
}

async function expectServiceError(promise: Promise<unknown>, definition: ErrorDefinition): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).code).toBe(definition.code);
}

interface QcRecordOut {
  qcId: number;
  goodsId: string;
  source: number;
  skuId: string;
  result: number;
  remarks: string | null;
  photos: string[];
  createTime: string;
  completionTime: string;
  orderNo?: string;
  orderItemNo?: string;
}

async function read<T>(url: string, query: Parameters<typeof getQuery>[3], as = token): Promise<T> {
  const response = await getQuery(test.app, as, url, query);
  expect(response.statusCode).toBe(200);
  const body = envelope<T>(response);
  expect(body.code).toBe(0);
  return body.data;
}

describe('QC records by goods', () => {
  it('pages completed records newest first, with photos and without order numbers', async () => {
    const goodsId = newGoodsId();
    const order = await arrivedOrder(goodsId, ['A', 'B', 'A2']);
    const [itemA, itemB, itemOpen] = order.items as [(typeof order.items)[0], (typeof order.items)[0], (typeof order.items)[0]];
    const startedAt = clock.now();
    const first = await completedQc(test.core, test.staff(), itemA.id, { photos: ['https://files.example.com/qc/a-1.jpg', '/files/qc-a-2.jpg'], remarks: 'Stitching fine' });
    clock.advance(MINUTE);
    const second = await completedQc(test.core, test.staff(), itemB.id, { result: 2, remarks: 'Wrong colour' });
    await test.core.qc.start(test.staff(), { orderItemId: itemOpen.id });

    const page = await read<{ list: QcRecordOut[]; total: number }>('/open-api/goods/qc/page', { pageNo: 1, pageSize: 10, goodsId, source: 1 });
    expect(page.total).toBe(2);
    expect(page.list.map((record) => record.qcId)).toEqual([second.qcId, first.qcId]);
    expect(page.list[1]).toEqual({
      qcId: first.qcId,
      goodsId,
      source: 1,
      skuId: 'A',
      result: 1,
      remarks: 'Stitching fine',
      photos: ['https://files.example.com/qc/a-1.jpg', '/files/qc-a-2.jpg'],
      createTime: new Date(startedAt).toISOString(),
      completionTime: new Date(startedAt).toISOString(),
    });
    expect(page.list[0]).toMatchObject({ skuId: 'B', result: 2, remarks: 'Wrong colour', completionTime: new Date(startedAt + MINUTE).toISOString() });

    const bySku = await read<{ list: QcRecordOut[]; total: number }>('/open-api/goods/qc/page', { pageNo: 1, pageSize: 10, goodsId, skuId: 'A' });
    expect(bySku.list.map((record) => record.qcId)).toEqual([first.qcId]);
    const secondPage = await read<{ list: QcRecordOut[]; total: number }>('/open-api/goods/qc/page', { pageNo: 2, pageSize: 1, goodsId });
    expect(secondPage).toMatchObject({ total: 2, list: [{ qcId: first.qcId }] });
    const beyond = await read<{ list: QcRecordOut[]; total: number }>('/open-api/goods/qc/page', { pageNo: 3, pageSize: 1, goodsId });
    expect(beyond).toEqual({ list: [], total: 2 });
  });

  it('filters by source, by creation time and by completion time ([start, end))', async () => {
    const goodsId = newGoodsId();
    const t0 = clock.now();
    const early = await arrivedOrder(goodsId, ['S'], { source: 3 });
    const late = await arrivedOrder(goodsId, ['S'], { source: 3 });
    const otherSource = await arrivedOrder(goodsId, ['S'], { source: 2 });
    const earlyRecord = await test.core.qc.start(test.staff(), { orderItemId: early.items[0]?.id as number });
    clock.advance(10 * MINUTE);
    await test.core.qc.complete(test.staff(), { qcRecordId: earlyRecord.qcId, result: 1 });
    clock.advance(20 * MINUTE);
    const lateRecord = await test.core.qc.start(test.staff(), { orderItemId: late.items[0]?.id as number });
    clock.advance(30 * MINUTE);
    await test.core.qc.complete(test.staff(), { qcRecordId: lateRecord.qcId, result: 1 });
    await completedQc(test.core, test.staff(), otherSource.items[0]?.id as number);

    const at = (minutes: number) => new Date(t0 + minutes * MINUTE).toISOString();
    const ids = async (query: Parameters<typeof getQuery>[3]) =>
      (await read<{ list: QcRecordOut[] }>('/open-api/goods/qc/page', { pageNo: 1, pageSize: 100, goodsId, ...query })).list.map((record) => record.qcId);
    expect(await ids({ source: 3 })).toEqual([lateRecord.qcId, earlyRecord.qcId]);
    expect(await ids({ source: 3, completionTime: [at(5), at(30)] })).toEqual([earlyRecord.qcId]);
    expect(await ids({ source: 3, completionTime: [at(0), at(10)] })).toEqual([]);
    expect(await ids({ source: 3, createTime: [at(20), at(90)] })).toEqual([lateRecord.qcId]);
    expect(await ids({ source: 3, createTime: [at(0), at(30)] })).toEqual([earlyRecord.qcId]);
    // Offsets are read as the instants they name.
    expect(await ids({ source: 3, completionTime: [new Date(t0 + 5 * MINUTE).toISOString().replace('Z', '+00:00'), at(30)] })).toEqual([earlyRecord.qcId]);
    expect((await ids({ source: 2 })).length).toBe(1);
  });

  it(`answers the ${QC_LATEST_COUNT} latest records of one goods, newest first, by SKU when asked`, async () => {
    const goodsId = newGoodsId();
    const order = await arrivedOrder(goodsId, ['L1']);
    const itemId = order.items[0]?.id as number;
    const completed = [];
    for (let round = 0; round < QC_LATEST_COUNT + 2; round++) {
      clock.advance(MINUTE);
      completed.push(await completedQc(test.core, test.staff(), itemId));
    }
    const latest = await read<QcRecordOut[]>('/open-api/goods/qc/latest', { goodsId, source: 1 });
    expect(latest.map((record) => record.qcId)).toEqual(completed.reverse().slice(0, QC_LATEST_COUNT).map((record) => record.qcId));
    expect(latest[0]).not.toHaveProperty('orderNo');
    expect(await read<QcRecordOut[]>('/open-api/goods/qc/latest', { goodsId, source: 1, skuId: 'L1' })).toHaveLength(QC_LATEST_COUNT);
    expect(await read<QcRecordOut[]>('/open-api/goods/qc/latest', { goodsId, source: 1, skuId: 'other' })).toEqual([]);
    expect(await read<QcRecordOut[]>('/open-api/goods/qc/latest', { goodsId, source: 2 })).toEqual([]);
  });

  it('summarises records and photos of one goods and SKU', async () => {
    const goodsId = newGoodsId();
    const order = await arrivedOrder(goodsId, ['M1', 'M2']);
    await completedQc(test.core, test.staff(), order.items[0]?.id as number, { photos: ['https://files.example.com/1.jpg', 'https://files.example.com/2.jpg'] });
    clock.advance(MINUTE);
    const last = await completedQc(test.core, test.staff(), order.items[1]?.id as number, { photos: ['https://files.example.com/3.jpg'] });
    const open = await test.core.qc.start(test.staff(), { orderItemId: order.items[1]?.id as number });
    await test.core.qc.addPhotos(test.staff(), { qcRecordId: open.qcId, urls: ['https://files.example.com/open.jpg'] });

    expect(await read('/open-api/goods/qc/summary', { goodsId, source: 1 })).toEqual({
      goodsId,
      source: 1,
      skuId: null,
      recordCount: 2,
      photoCount: 3,
      lastCompletionTime: (last.completionTime as Date).toISOString(),
    });
    expect(await read('/open-api/goods/qc/summary', { goodsId, source: 1, skuId: 'M1' })).toMatchObject({ skuId: 'M1', recordCount: 1, photoCount: 2 });
    expect(await read('/open-api/goods/qc/summary', { goodsId: newGoodsId(), source: 1 })).toMatchObject({ recordCount: 0, photoCount: 0, lastCompletionTime: null });
  });

  it('is shared quality information: another partner reads the same goods records', async () => {
    const goodsId = newGoodsId();
    const order = await arrivedOrder(goodsId, ['P']);
    const record = await completedQc(test.core, test.staff(), order.items[0]?.id as number);
    const other = await tokenOf(test.app, await createPartner(test.core));
    const page = await read<{ list: QcRecordOut[] }>('/open-api/goods/qc/page', { pageNo: 1, pageSize: 10, goodsId }, other);
    expect(page.list.map((entry) => entry.qcId)).toEqual([record.qcId]);
    expect(page.list[0]).not.toHaveProperty('orderItemNo');
  });

  it('answers the POST form and needs goods:qc:read', async () => {
    const goodsId = newGoodsId();
    const order = await arrivedOrder(goodsId, ['Q']);
    await completedQc(test.core, test.staff(), order.items[0]?.id as number);
    const body = envelope(await postJson(test.app, token, '/open-api/goods/qc/summary', { goodsId, source: 1 }));
    expect(body).toMatchObject({ code: 0, data: { recordCount: 1 } });
    const orderOnly = await partnerToken(test.app, 'order:qc:read');
    expect((await getQuery(test.app, orderOnly, '/open-api/goods/qc/latest', { goodsId, source: 1 })).statusCode).toBe(403);
  });
});

describe('QC records by order', () => {
  it('answers every item of an O order, one item for a PI number, with order numbers', async () => {
    const goodsId = newGoodsId();
    const order = await arrivedOrder(goodsId, ['X', 'Y']);
    const [itemX, itemY] = order.items as [(typeof order.items)[0], (typeof order.items)[0]];
    const recordX = await completedQc(test.core, test.staff(), itemX.id, { photos: ['https://files.example.com/x.jpg'] });
    clock.advance(MINUTE);
    const recordY = await completedQc(test.core, test.staff(), itemY.id);
    await test.core.qc.start(test.staff(), { orderItemId: itemY.id });

    const all = await read<QcRecordOut[]>('/open-api/order/qc/list', { orderNo: order.orderNo });
    expect(all.map((record) => [record.qcId, record.orderNo, record.orderItemNo])).toEqual(
      [
        [recordX.qcId, order.orderNo, itemX.orderItemNo],
        [recordY.qcId, order.orderNo, itemY.orderItemNo],
      ].sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    );
    expect(all.find((record) => record.qcId === recordX.qcId)).toMatchObject({ goodsId, source: 1, skuId: 'X', photos: ['https://files.example.com/x.jpg'] });

    const one = await read<QcRecordOut[]>('/open-api/order/qc/list', { orderNo: itemY.orderItemNo });
    expect(one.map((record) => record.qcId)).toEqual([recordY.qcId]);
    const posted = envelope<QcRecordOut[]>(await postJson(test.app, token, '/open-api/order/qc/list', { orderNo: itemX.orderItemNo }));
    expect(posted.data.map((record) => record.qcId)).toEqual([recordX.qcId]);
  });

  it('answers an empty list when nothing is completed, and for unknown numbers', async () => {
    const order = await arrivedOrder(newGoodsId(), ['N']);
    await test.core.qc.start(test.staff(), { orderItemId: order.items[0]?.id as number });
    expect(await read('/open-api/order/qc/list', { orderNo: order.orderNo })).toEqual([]);
    expect(await read('/open-api/order/qc/list', { orderNo: order.items[0]?.orderItemNo as string })).toEqual([]);
    expect(await read('/open-api/order/qc/list', { orderNo: 'O20261121000000999999' })).toEqual([]);
    expect(await read('/open-api/order/qc/list', { orderNo: 'no-such-number' })).toEqual([]);
    // interface.md: orderNo is 0..64 characters; an empty one names no order.
    expect(await read('/open-api/order/qc/list', { orderNo: '' })).toEqual([]);
    expect(await read('/open-api/order/qc/list', { orderNo: '   ' })).toEqual([]);
    expect(envelope(await postJson(test.app, token, '/open-api/order/qc/list', { orderNo: '' }))).toEqual({ code: 0, data: [], msg: '', error_detail: '' });
  });

  it("answers another partner's order exactly as an unknown one, both ways", async () => {
    const partner = await createPartner(test.core);
    const otherToken = await tokenOf(test.app, partner);
    const theirMember = await createBoundMember(test.db, { partnerClientId: partner.clientId });
    const goodsId = newGoodsId();
    const theirs = await arrivedOrder(goodsId, ['T'], { partnerClientId: partner.clientId, of: theirMember });
    const ours = await arrivedOrder(goodsId, ['T']);
    await completedQc(test.core, test.staff(), theirs.items[0]?.id as number);
    await completedQc(test.core, test.staff(), ours.items[0]?.id as number);

    expect(await read('/open-api/order/qc/list', { orderNo: theirs.orderNo })).toEqual([]);
    expect(await read('/open-api/order/qc/list', { orderNo: theirs.items[0]?.orderItemNo as string })).toEqual([]);
    expect(await read<QcRecordOut[]>('/open-api/order/qc/list', { orderNo: theirs.orderNo }, otherToken)).toHaveLength(1);
    expect(await read('/open-api/order/qc/list', { orderNo: ours.orderNo }, otherToken)).toEqual([]);
  });

  it('needs order:qc:read', async () => {
    const goodsOnly = await partnerToken(test.app, 'goods:qc:read');
    expect((await getQuery(test.app, goodsOnly, '/open-api/order/qc/list', { orderNo: 'O1' })).statusCode).toBe(403);
  });
});

describe('QC writes (warehouse staff)', () => {
  it('starts only items in the warehouse, and reuses the open record', async () => {
    const unpaid = await createPurchaseOrder(test.db, member, { lines: [{ goodsId: newGoodsId() }] });
    await expectServiceError(test.core.qc.start(test.staff(), { orderItemId: unpaid.items[0]?.id as number }), ErrorCatalogue.QC_ITEM_NOT_IN_WAREHOUSE);
    await expectServiceError(test.core.qc.start(test.staff(), { orderItemId: 999_999_999 }), ErrorCatalogue.QC_ORDER_ITEM_NOT_FOUND);

    const order = await arrivedOrder(newGoodsId(), ['W']);
    const itemId = order.items[0]?.id as number;
    const first = await test.core.qc.start(test.staff(), { orderItemId: itemId });
    expect(first).toMatchObject({ orderItemId: itemId, orderNo: order.orderNo, status: QcStatus.IN_PROGRESS, result: null, completionTime: null, photos: [] });
    expect((await test.core.qc.start(test.staff(), { orderItemId: itemId })).qcId).toBe(first.qcId);
    expect(await test.db.qcRecord.count({ where: { orderItemId: itemId } })).toBe(1);
  });

  it('completes once, moving an arrived item to QC done; no photos after completion', async () => {
    const order = await arrivedOrder(newGoodsId(), ['C']);
    const itemId = order.items[0]?.id as number;
    const record = await test.core.qc.start(test.staff(), { orderItemId: itemId });
    const withPhotos = await test.core.qc.addPhotos(test.staff(), { qcRecordId: record.qcId, urls: ['https://files.example.com/1.jpg', 'https://files.example.com/2.jpg'] });
    expect(withPhotos.photos).toEqual(['https://files.example.com/1.jpg', 'https://files.example.com/2.jpg']);
    clock.advance(MINUTE);
    const done = await test.core.qc.complete(test.staff(), { qcRecordId: record.qcId, result: 1, remarks: '  ' });
    expect(done).toMatchObject({ status: QcStatus.COMPLETED, result: 1, remarks: null, completionTime: new Date(clock.now()) });
    expect((await test.db.purchaseOrderItem.findUniqueOrThrow({ where: { id: itemId } })).status).toBe(OrderItemStatus.QC_DONE);

    await expectServiceError(test.core.qc.complete(test.staff(), { qcRecordId: record.qcId, result: 2 }), ErrorCatalogue.QC_RECORD_COMPLETED);
    await expectServiceError(test.core.qc.addPhotos(test.staff(), { qcRecordId: record.qcId, urls: ['https://files.example.com/3.jpg'] }), ErrorCatalogue.QC_RECORD_COMPLETED);
    expect(await test.db.qcRecord.findUniqueOrThrow({ where: { id: record.qcId } })).toMatchObject({ result: 1 });
    expect(await test.db.qcPhoto.count({ where: { qcRecordId: record.qcId } })).toBe(2);
  });

  it('refuses bad results, photos and remarks, writing nothing', async () => {
    const order = await arrivedOrder(newGoodsId(), ['V']);
    const record = await test.core.qc.start(test.staff(), { orderItemId: order.items[0]?.id as number });
    await expectServiceError(test.core.qc.complete(test.staff(), { qcRecordId: record.qcId, result: 3 }), ErrorCatalogue.QC_RESULT_INVALID);
    await expectServiceError(test.core.qc.complete(test.staff(), { qcRecordId: record.qcId, result: 1, remarks: 'x'.repeat(1001) }), ErrorCatalogue.QC_REMARKS_TOO_LONG);
    for (const url of ['javascript:alert(1)', '//evil.example/a.jpg', '', `https://files.example.com/${'a'.repeat(2000)}`]) {
      await expectServiceError(test.core.qc.addPhotos(test.staff(), { qcRecordId: record.qcId, urls: ['https://files.example.com/ok.jpg', url] }), ErrorCatalogue.QC_PHOTO_INVALID);
    }
    const tooMany = Array.from({ length: MAX_QC_PHOTOS + 1 }, (_, index) => `https://files.example.com/${index}.jpg`);
    await expectServiceError(test.core.qc.addPhotos(test.staff(), { qcRecordId: record.qcId, urls: tooMany }), ErrorCatalogue.QC_TOO_MANY_PHOTOS);
    expect(await test.db.qcPhoto.count({ where: { qcRecordId: record.qcId } })).toBe(0);
    expect((await test.db.qcRecord.findUniqueOrThrow({ where: { id: record.qcId } })).status).toBe(QcStatus.IN_PROGRESS);
  });

  it("cannot touch another tenant's items and records", async () => {
    const order = await arrivedOrder(newGoodsId(), ['Z']);
    const record = await test.core.qc.start(test.staff(), { orderItemId: order.items[0]?.id as number });
    const otherTenant = test.staff(2);
    await expectServiceError(test.core.qc.start(otherTenant, { orderItemId: order.items[0]?.id as number }), ErrorCatalogue.QC_ORDER_ITEM_NOT_FOUND);
    await expectServiceError(test.core.qc.addPhotos(otherTenant, { qcRecordId: record.qcId, urls: ['https://files.example.com/1.jpg'] }), ErrorCatalogue.QC_RECORD_NOT_FOUND);
    await expectServiceError(test.core.qc.complete(otherTenant, { qcRecordId: record.qcId, result: 1 }), ErrorCatalogue.QC_RECORD_NOT_FOUND);
  });
});

describe('bad input answers 400 naming the field, for every QC route', () => {
  const range = ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'];
  it.each([
    ['/open-api/goods/qc/page', { pageSize: 10 }, 'pageNo: required'],
    ['/open-api/goods/qc/page', { pageNo: 0, pageSize: 10 }, 'pageNo'],
    ['/open-api/goods/qc/page', { pageNo: 1 }, 'pageSize: required'],
    ['/open-api/goods/qc/page', { pageNo: 1, pageSize: 0 }, 'pageSize'],
    ['/open-api/goods/qc/page', { pageNo: 1, pageSize: 101 }, 'pageSize'],
    ['/open-api/goods/qc/page', { pageNo: 1, pageSize: 1000 }, 'pageSize'],
    ['/open-api/goods/qc/page', { pageNo: 1, pageSize: 10, source: 5 }, 'source: must be one of 1, 2, 3'],
    ['/open-api/goods/qc/page', { pageNo: 1, pageSize: 10, goodsId: '0' }, 'goodsId: must not be 0'],
    ['/open-api/goods/qc/page', { pageNo: 1, pageSize: 10, skuId: 'x'.repeat(65) }, 'skuId'],
    ['/open-api/goods/qc/page', { pageNo: 1, pageSize: 10, createTime: range[0] }, 'createTime'],
    ['/open-api/goods/qc/page', { pageNo: 1, pageSize: 10, createTime: [...range].reverse() }, 'createTime'],
    ['/open-api/goods/qc/page', { pageNo: 1, pageSize: 10, completionTime: ['2026-01-01', '2026-02-01'] }, 'completionTime'],
    ['/open-api/goods/qc/latest', { source: 1 }, 'goodsId: required'],
    ['/open-api/goods/qc/latest', { goodsId: '1' }, 'source: required'],
    ['/open-api/goods/qc/latest', { goodsId: '1', source: 5 }, 'source'],
    ['/open-api/goods/qc/latest', { goodsId: '0', source: 1 }, 'goodsId'],
    ['/open-api/goods/qc/summary', { source: 1 }, 'goodsId: required'],
    ['/open-api/goods/qc/summary', { goodsId: '1', source: 4 }, 'source'],
    ['/open-api/goods/qc/summary', { goodsId: '1', source: 1, skuId: '' }, 'skuId'],
    ['/open-api/order/qc/list', {}, 'orderNo: required'],
    ['/open-api/order/qc/list', { orderNo: 'O'.repeat(65) }, 'orderNo'],
  ] as const)('%s %j', async (url, query, message) => {
    const response = await getQuery(test.app, token, url, query);
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({ code: 400, data: null });
    expect(envelope(response).msg).toContain(message);
  });
});
