// Warehouse and bag procedures over /trpc through the typed client on a real port: every
// procedure's happy path, state rules, permission and tenant denials, and input validation naming
// the field. Plus the `npm run ops` CLI spawned against the same app.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { MAX_QC_PHOTOS } from '../src/core/qc/qc-service';
import { MAX_QC_UPLOAD_BYTES } from '../src/core/warehouse/warehouse-service';
import { BagStatus, OrderItemStatus, QcResult, QcStatus, SupplementStatus } from '../src/core/order/statuses';
import { createClient } from '../src/trpc/client';
import { useTestApp } from './support/app';
import { seededAdminToken } from './support/admin';
import { createBoundMember, createPurchaseOrder, type MemberFixture } from './support/commerce-fixtures';
import { clientWith, failure, type OpsClient, otherTenantClient, PNG_BASE64 } from './support/ops-client';
import { inRounds, RACE_TEST_TIMEOUT_MS } from './support/races';

const test = useTestApp('trpc_warehouse_bags');
let url: string;
let token: string;
let staff: OpsClient;

beforeAll(async () => {
  url = await test.app.listen({ host: '127.0.0.1', port: 0 });
  token = await seededAdminToken(test.core);
  staff = createClient(url, token);
});

/** A member with a paid order whose `count` items are in `itemStatus`. */
async function itemsIn(itemStatus: number, count = 1, member?: MemberFixture) {
  const owner = member ?? (await createBoundMember(test.db));
  const order = await createPurchaseOrder(test.db, owner, { paid: true, itemStatus, lines: Array.from({ length: count }, () => ({})) });
  return { member: owner, order, ids: order.items.map((item) => item.id) };
}

const statusOf = async (orderItemId: number) => (await test.db.purchaseOrderItem.findUniqueOrThrow({ where: { id: orderItemId } })).status;

/** A bag of one stored item (of a new member unless told), moved through the procedures up to `status`. */
async function bagAt(status: number, owner?: MemberFixture) {
  const { member, ids } = await itemsIn(OrderItemStatus.IN_STORAGE, 1, owner);
  const bag = await staff.bag.create.mutate({ memberId: member.memberId, orderItemIds: ids });
  if (status >= BagStatus.WEIGHED) await staff.bag.weigh.mutate({ bagId: bag.bagId, weightGrams: 900 });
  if (status >= BagStatus.READY) await staff.bag.setShipping.mutate({ bagId: bag.bagId, shippingLine: 'Air Standard', freightAmount: 10_000 });
  if (status >= BagStatus.SHIPPED) await staff.bag.ship.mutate({ bagId: bag.bagId, trackingNo: 'LP000000001CN' });
  if (status >= BagStatus.DELIVERED) await staff.bag.markDelivered.mutate({ bagId: bag.bagId });
  return { member, ids, bagId: bag.bagId, bagNo: bag.bagNo };
}

describe('warehouse', () => {
  it('receives, checks with a URL and an uploaded photo, completes and stores an item; the station lists it', async () => {
    const { member, ids } = await itemsIn(OrderItemStatus.PURCHASED);
    const orderItemId = ids[0] as number;
    const purchased = await staff.warehouse.list.query({ status: OrderItemStatus.PURCHASED, memberId: member.memberId, pageNo: 1, pageSize: 10 });
    expect(purchased.list.map((item) => item.orderItemId)).toEqual([orderItemId]);

    expect((await staff.warehouse.markArrived.mutate({ orderItemId })).status).toBe(OrderItemStatus.ARRIVED);
    // A repeated scan answers the item as it is.
    expect((await staff.warehouse.markArrived.mutate({ orderItemId })).status).toBe(OrderItemStatus.ARRIVED);

    const record = await staff.warehouse.startQc.mutate({ orderItemId });
    expect(record).toMatchObject({ orderItemId, status: QcStatus.IN_PROGRESS, photos: [] });
    expect((await staff.warehouse.startQc.mutate({ orderItemId })).qcId).toBe(record.qcId);
    const photographed = await staff.warehouse.addQcPhotos.mutate({
      qcRecordId: record.qcId,
      urls: ['https://cdn.example.com/qc/front.jpg'],
      uploads: [{ contentType: 'image/png', data: PNG_BASE64 }],
    });
    expect(photographed.photos).toHaveLength(2);
    expect(photographed.photos[0]).toBe('https://cdn.example.com/qc/front.jpg');
    const uploadedUrl = photographed.photos[1] as string;
    expect(uploadedUrl).toMatch(/\/files\/[A-Za-z0-9_-]{43}$/);
    const served = await test.app.inject({ method: 'GET', url: new URL(uploadedUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);

    const completed = await staff.warehouse.completeQc.mutate({ qcRecordId: record.qcId, result: QcResult.PASSED, remarks: 'As pictured' });
    expect(completed).toMatchObject({ status: QcStatus.COMPLETED, result: QcResult.PASSED, remarks: 'As pictured' });
    expect(await statusOf(orderItemId)).toBe(OrderItemStatus.QC_DONE);

    expect((await staff.warehouse.putInStorage.mutate({ orderItemId })).status).toBe(OrderItemStatus.IN_STORAGE);
    const stored = await staff.warehouse.list.query({ status: OrderItemStatus.IN_STORAGE, memberId: member.memberId, pageNo: 1, pageSize: 10 });
    expect(stored).toMatchObject({ total: 1, list: [{ orderItemId, status: OrderItemStatus.IN_STORAGE }] });
  });

  it('enforces the item states', async () => {
    const { ids: paid } = await itemsIn(OrderItemStatus.PAID);
    const notPurchased = await failure(staff.warehouse.markArrived.mutate({ orderItemId: paid[0] as number }));
    expect(notPurchased.serviceCode).toBe(ErrorCatalogue.WAREHOUSE_ITEM_WRONG_STATUS.code);
    expect(notPurchased.code).toBe('UNPROCESSABLE_CONTENT');
    expect(await statusOf(paid[0] as number)).toBe(OrderItemStatus.PAID);

    const { ids: purchased } = await itemsIn(OrderItemStatus.PURCHASED);
    expect((await failure(staff.warehouse.startQc.mutate({ orderItemId: purchased[0] as number }))).serviceCode).toBe(ErrorCatalogue.QC_ITEM_NOT_IN_WAREHOUSE.code);

    const { ids: arrived } = await itemsIn(OrderItemStatus.ARRIVED);
    const unchecked = await failure(staff.warehouse.putInStorage.mutate({ orderItemId: arrived[0] as number }));
    expect(unchecked.serviceCode).toBe(ErrorCatalogue.WAREHOUSE_ITEM_WRONG_STATUS.code);
    expect(await statusOf(arrived[0] as number)).toBe(OrderItemStatus.ARRIVED);

    const record = await staff.warehouse.startQc.mutate({ orderItemId: arrived[0] as number });
    await staff.warehouse.completeQc.mutate({ qcRecordId: record.qcId, result: QcResult.FAILED });
    expect((await failure(staff.warehouse.completeQc.mutate({ qcRecordId: record.qcId, result: QcResult.PASSED }))).serviceCode).toBe(
      ErrorCatalogue.QC_RECORD_COMPLETED.code,
    );
    const files = await test.db.storedFile.count();
    const closed = await failure(staff.warehouse.addQcPhotos.mutate({ qcRecordId: record.qcId, uploads: [{ contentType: 'image/png', data: PNG_BASE64 }] }));
    expect(closed.serviceCode).toBe(ErrorCatalogue.QC_RECORD_COMPLETED.code);
    expect(await test.db.storedFile.count()).toBe(files); // a closed record stores no file

    expect((await failure(staff.warehouse.markArrived.mutate({ orderItemId: 999_999_999 }))).serviceCode).toBe(ErrorCatalogue.WAREHOUSE_ITEM_NOT_FOUND.code);

    const { ids: full } = await itemsIn(OrderItemStatus.ARRIVED);
    const fullRecord = await staff.warehouse.startQc.mutate({ orderItemId: full[0] as number });
    await staff.warehouse.addQcPhotos.mutate({ qcRecordId: fullRecord.qcId, urls: Array.from({ length: MAX_QC_PHOTOS }, (_, index) => `https://cdn.example.com/${index}.jpg`) });
    const tooMany = await failure(staff.warehouse.addQcPhotos.mutate({ qcRecordId: fullRecord.qcId, uploads: [{ contentType: 'image/png', data: PNG_BASE64 }] }));
    expect(tooMany.serviceCode).toBe(ErrorCatalogue.QC_TOO_MANY_PHOTOS.code);
    expect(await test.db.storedFile.count()).toBe(files); // a full record stores no file either
  });

  it('stores no uploaded file when a URL of the same call is malformed', async () => {
    const { ids } = await itemsIn(OrderItemStatus.ARRIVED);
    const record = await staff.warehouse.startQc.mutate({ orderItemId: ids[0] as number });
    const files = await test.db.storedFile.count();
    const upload = { contentType: 'image/png' as const, data: PNG_BASE64 };
    const refused = await failure(
      staff.warehouse.addQcPhotos.mutate({ qcRecordId: record.qcId, urls: ['https://cdn.example.com/qc/front.jpg', 'ftp://cdn.example.com/qc/back.jpg'], uploads: [upload, upload] }),
    );
    expect(refused.serviceCode).toBe(ErrorCatalogue.QC_PHOTO_INVALID.code);
    expect(await test.db.storedFile.count()).toBe(files);
    expect(await test.db.qcPhoto.count({ where: { qcRecordId: record.qcId } })).toBe(0);
  });

  it('stores no uploaded file for a record completed while the photos were being added', async () => {
    const records = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { ids } = await itemsIn(OrderItemStatus.ARRIVED);
        return staff.warehouse.startQc.mutate({ orderItemId: ids[0] as number });
      }),
    );
    const files = await test.db.storedFile.count();
    const upload = { contentType: 'image/png' as const, data: PNG_BASE64 };
    /** 'done', or the service code of the refusal. */
    const settle = (call: Promise<unknown>) => failure(call).then((refusal) => refusal.serviceCode, () => 'done');
    const outcomes = await Promise.all(
      records.map(async (record) => {
        const [photos, completion] = await Promise.all([
          settle(staff.warehouse.addQcPhotos.mutate({ qcRecordId: record.qcId, uploads: [upload, upload] })),
          settle(staff.warehouse.completeQc.mutate({ qcRecordId: record.qcId, result: QcResult.PASSED })),
        ]);
        return { photos, completion, attached: await test.db.qcPhoto.count({ where: { qcRecordId: record.qcId } }) };
      }),
    );
    // The completion always succeeds; the photos either came first (both attached) or were refused (none).
    const allowed = [
      { photos: 'done', completion: 'done', attached: 2 },
      { photos: ErrorCatalogue.QC_RECORD_COMPLETED.code, completion: 'done', attached: 0 },
    ];
    for (const outcome of outcomes) expect(allowed).toContainEqual(outcome);
    // Every file stored is a photo of one of the records: none was left behind by a refused call.
    const attached = outcomes.reduce((sum, outcome) => sum + outcome.attached, 0);
    expect(await test.db.storedFile.count()).toBe(files + attached);
  });

  it.each([
    ['a zero orderItemId', 'markArrived', { orderItemId: 0 }, 'orderItemId'],
    ['an orderItemId beyond 32 bits', 'putInStorage', { orderItemId: 2 ** 31 }, 'orderItemId'],
    ['an unknown status', 'list', { status: 15, pageNo: 1, pageSize: 10 }, 'status'],
    ['a page too large', 'list', { status: 20, pageNo: 1, pageSize: 101 }, 'pageSize'],
    ['no photos at all', 'addQcPhotos', { qcRecordId: 1 }, 'urls'],
    ['a GIF upload', 'addQcPhotos', { qcRecordId: 1, uploads: [{ contentType: 'image/gif', data: PNG_BASE64 }] }, 'contentType'],
    ['a PNG labelled JPEG', 'addQcPhotos', { qcRecordId: 1, uploads: [{ contentType: 'image/jpeg', data: PNG_BASE64 }] }, 'data'],
    ['data that is not base64', 'addQcPhotos', { qcRecordId: 1, uploads: [{ contentType: 'image/png', data: 'not base64!' }] }, 'data'],
    ['an upload over the size limit', 'addQcPhotos', { qcRecordId: 1, uploads: [{ contentType: 'image/png', data: 'A'.repeat(Math.ceil(MAX_QC_UPLOAD_BYTES / 3) * 4 + 4) }] }, 'data'],
    ['a result of 3', 'completeQc', { qcRecordId: 1, result: 3 }, 'result'],
    ['remarks too long', 'completeQc', { qcRecordId: 1, result: 1, remarks: 'x'.repeat(1001) }, 'remarks'],
  ] as const)('refuses %s, naming the field', async (_case, procedure, input, field) => {
    const files = await test.db.storedFile.count();
    const call = procedure === 'list' ? staff.warehouse.list.query(input as never) : staff.warehouse[procedure].mutate(input as never);
    const refused = await failure(call);
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.message).toContain(field);
    expect(await test.db.storedFile.count()).toBe(files);
  });
});

describe('bags', () => {
  it('packs, weighs, sets shipping, bills a freight increase once, ships and delivers', async () => {
    const { member, ids } = await itemsIn(OrderItemStatus.IN_STORAGE, 2);
    const created = await staff.bag.create.mutate({ memberId: member.memberId, orderItemIds: ids });
    expect(created).toMatchObject({ memberId: member.memberId, status: BagStatus.CREATED, weightGrams: null, freightAmount: null });
    expect(created.bagNo).toMatch(/^B\d{20}$/);
    expect(created.address).toMatchObject({ addressId: member.addressId, receiverName: 'Ana Souza', country: 'BR', city: 'São Paulo' });
    expect(created.items.map((item) => [item.orderItemId, item.status])).toEqual(ids.map((id) => [id, OrderItemStatus.PACKED]));

    expect(await staff.bag.weigh.mutate({ bagId: created.bagId, weightGrams: 1500 })).toMatchObject({ status: BagStatus.WEIGHED, weightGrams: 1500 });
    expect((await staff.bag.weigh.mutate({ bagId: created.bagId, weightGrams: 1450 })).weightGrams).toBe(1450); // re-weighed

    const first = await staff.bag.setShipping.mutate({ bagId: created.bagId, shippingLine: 'Air Standard', freightAmount: 12_000 });
    expect(first.bag).toMatchObject({ status: BagStatus.READY, shippingLine: 'Air Standard', freightAmount: 12_000 });
    expect(first.supplement).toBeUndefined();

    const raised = await staff.bag.setShipping.mutate({ bagId: created.bagId, shippingLine: 'Air Express', freightAmount: 15_500 });
    expect(raised.bag).toMatchObject({ status: BagStatus.READY, shippingLine: 'Air Express', freightAmount: 15_500 });
    expect(raised.supplement?.bill).toMatchObject({ memberId: member.memberId, bizType: 'bag', bizNo: created.bagNo, amount: 3500, status: SupplementStatus.UNPAID });
    // A retried call bills nothing more.
    const retried = await staff.bag.setShipping.mutate({ bagId: created.bagId, shippingLine: 'Air Express', freightAmount: 15_500 });
    expect(retried.supplement).toBeUndefined();
    expect(await test.db.supplementBill.findMany({ where: { bizNo: created.bagNo } })).toHaveLength(1);

    test.clock.advance(60_000);
    const shipped = await staff.bag.ship.mutate({ bagId: created.bagId, trackingNo: 'LP123456789CN' });
    expect(shipped).toMatchObject({ status: BagStatus.SHIPPED, trackingNo: 'LP123456789CN', shippedAt: new Date(test.clock.now()) });
    expect(shipped.items.every((item) => item.status === OrderItemStatus.SHIPPED)).toBe(true);
    expect((await staff.bag.ship.mutate({ bagId: created.bagId, trackingNo: 'LP123456789CN' })).status).toBe(BagStatus.SHIPPED);

    test.clock.advance(60_000);
    expect(await staff.bag.markDelivered.mutate({ bagId: created.bagId })).toMatchObject({ status: BagStatus.DELIVERED, deliveredAt: new Date(test.clock.now()) });
    expect((await staff.bag.get.query({ bagId: created.bagId })).status).toBe(BagStatus.DELIVERED);
  });

  it('keeps the freight as it was when raising its bill fails, so a retry bills the difference', async () => {
    const member = await createBoundMember(test.db, { repaymentAuthorized: true });
    const { bagId, bagNo } = await bagAt(BagStatus.READY, member);
    // The auto-debit finds no wallet: the raise fails after its bill is written.
    await test.db.wallet.delete({ where: { memberId: member.memberId } });
    const failed = await failure(staff.bag.setShipping.mutate({ bagId, shippingLine: 'Air Express', freightAmount: 12_500 }));
    expect(failed.serviceCode).toBe(ErrorCatalogue.WALLET_NOT_FOUND.code);
    expect(await test.db.bagOrder.findUniqueOrThrow({ where: { id: bagId } })).toMatchObject({ status: BagStatus.READY, shippingLine: 'Air Standard', freightAmount: 10_000 });
    expect(await test.db.supplementBill.count({ where: { bizNo: bagNo } })).toBe(0);

    await test.db.wallet.create({ data: { memberId: member.memberId, balance: 0 } });
    const retried = await staff.bag.setShipping.mutate({ bagId, shippingLine: 'Air Express', freightAmount: 12_500 });
    expect(retried.bag.freightAmount).toBe(12_500);
    expect(retried.supplement?.bill).toMatchObject({ bizNo: bagNo, amount: 2500, status: SupplementStatus.UNPAID });
    expect(retried.supplement?.autoDebit).toMatchObject({ result: 'insufficient-balance', balance: 0 });
    expect(await test.db.supplementBill.count({ where: { bizNo: bagNo } })).toBe(1);
  });

  it('bills a freight increase once when the same increase is set by concurrent calls', async () => {
    await inRounds(async (round) => {
      const { bagId, bagNo } = await bagAt(BagStatus.READY);
      // Each call answers what it billed, or the code it was refused with.
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () => {
          const call = staff.bag.setShipping.mutate({ bagId, shippingLine: 'Air Express', freightAmount: 13_000 });
          return call.then((result) => result.supplement?.bill.amount ?? 'nothing', async () => (await failure(call)).serviceCode);
        }),
      );
      // One call moved the freight and billed; the others lost the compare-and-set or came after it.
      expect(outcomes.filter((outcome) => outcome === 3000), `round ${round}: ${outcomes.join()}`).toHaveLength(1);
      expect(outcomes.filter((outcome) => ![3000, 'nothing', ErrorCatalogue.BAG_CHANGED.code].includes(outcome)), `round ${round}`).toEqual([]);
      expect(await test.db.supplementBill.findMany({ where: { bizNo: bagNo }, select: { amount: true } }), `round ${round}`).toEqual([{ amount: 3000 }]);
      expect((await test.db.bagOrder.findUniqueOrThrow({ where: { id: bagId } })).freightAmount, `round ${round}`).toBe(13_000);
    });
  }, RACE_TEST_TIMEOUT_MS);

  it('ships to a named address of the member', async () => {
    const { member, ids } = await itemsIn(OrderItemStatus.IN_STORAGE);
    const other = await test.core.members.addAddress(test.staff(), { memberId: member.memberId, receiverName: 'João Lima', phone: '+55 21 99999-0000', country: 'BR', city: 'Rio de Janeiro', addressLine: 'Av. Atlântica 1' });
    const bag = await staff.bag.create.mutate({ memberId: member.memberId, orderItemIds: ids, addressId: other.id });
    expect(bag.address).toMatchObject({ addressId: other.id, receiverName: 'João Lima' });
  });

  it('packs only stored items of the member that are in no bag, at an address the member has', async () => {
    const { member, ids } = await itemsIn(OrderItemStatus.IN_STORAGE, 2);
    const { ids: notStored } = await itemsIn(OrderItemStatus.QC_DONE, 1, member);
    const { ids: someoneElses } = await itemsIn(OrderItemStatus.IN_STORAGE);
    const bags = await test.db.bagOrder.count();
    const refusal = async (orderItemIds: number[], addressId?: number) =>
      (await failure(staff.bag.create.mutate({ memberId: member.memberId, orderItemIds, addressId }))).serviceCode;
    expect(await refusal([ids[0] as number, notStored[0] as number])).toBe(ErrorCatalogue.BAG_ITEM_NOT_STORED.code);
    expect(await refusal([ids[0] as number, someoneElses[0] as number])).toBe(ErrorCatalogue.BAG_ITEM_OTHER_MEMBER.code);
    expect(await refusal([999_999_999])).toBe(ErrorCatalogue.BAG_ITEM_NOT_FOUND.code);
    expect(await refusal(ids, 999_999_999)).toBe(ErrorCatalogue.MEMBER_ADDRESS_NOT_FOUND.code);
    expect(await test.db.bagOrder.count()).toBe(bags);
    expect(await statusOf(ids[0] as number)).toBe(OrderItemStatus.IN_STORAGE);

    await staff.bag.create.mutate({ memberId: member.memberId, orderItemIds: [ids[0] as number] });
    expect(await refusal([ids[0] as number, ids[1] as number])).toBe(ErrorCatalogue.BAG_ITEM_ALREADY_BAGGED.code);
    expect(await statusOf(ids[1] as number)).toBe(OrderItemStatus.IN_STORAGE);

    const homeless = await createBoundMember(test.db);
    await test.db.memberAddress.deleteMany({ where: { memberId: homeless.memberId } });
    const { ids: homelessItems } = await itemsIn(OrderItemStatus.IN_STORAGE, 1, homeless);
    expect((await failure(staff.bag.create.mutate({ memberId: homeless.memberId, orderItemIds: homelessItems }))).serviceCode).toBe(ErrorCatalogue.BAG_NO_DEFAULT_ADDRESS.code);
  });

  it('enforces the bag states', async () => {
    const created = await bagAt(BagStatus.CREATED);
    const wrong = ErrorCatalogue.BAG_WRONG_STATUS.code;
    expect((await failure(staff.bag.setShipping.mutate({ bagId: created.bagId, shippingLine: 'Air', freightAmount: 100 }))).serviceCode).toBe(wrong);
    const early = await failure(staff.bag.ship.mutate({ bagId: created.bagId, trackingNo: 'LP1' }));
    expect(early.serviceCode).toBe(wrong);
    expect(early.message).toContain(created.bagNo);
    expect((await failure(staff.bag.markDelivered.mutate({ bagId: created.bagId }))).serviceCode).toBe(wrong);

    const ready = await bagAt(BagStatus.READY);
    expect((await failure(staff.bag.weigh.mutate({ bagId: ready.bagId, weightGrams: 1 }))).serviceCode).toBe(wrong);
    const lowered = await failure(staff.bag.setShipping.mutate({ bagId: ready.bagId, shippingLine: 'Sea', freightAmount: 9_999 }));
    expect(lowered.serviceCode).toBe(ErrorCatalogue.BAG_FREIGHT_LOWERED.code);
    expect((await staff.bag.get.query({ bagId: ready.bagId })).freightAmount).toBe(10_000);

    const shipped = await bagAt(BagStatus.SHIPPED);
    expect((await failure(staff.bag.ship.mutate({ bagId: shipped.bagId, trackingNo: 'ANOTHER' }))).serviceCode).toBe(wrong);
    expect((await failure(staff.bag.setShipping.mutate({ bagId: shipped.bagId, shippingLine: 'Air', freightAmount: 20_000 }))).serviceCode).toBe(wrong);
    expect(await test.db.supplementBill.count({ where: { bizNo: shipped.bagNo } })).toBe(0);

    const delivered = await bagAt(BagStatus.DELIVERED);
    expect((await staff.bag.markDelivered.mutate({ bagId: delivered.bagId })).status).toBe(BagStatus.DELIVERED);
    expect((await failure(staff.bag.get.query({ bagId: 999_999_999 }))).serviceCode).toBe(ErrorCatalogue.BAG_NOT_FOUND.code);
  });

  it.each([
    ['no items', 'create', { memberId: 1, orderItemIds: [] }, 'orderItemIds'],
    ['a zero memberId', 'create', { memberId: 0, orderItemIds: [1] }, 'memberId'],
    ['a zero weight', 'weigh', { bagId: 1, weightGrams: 0 }, 'weightGrams'],
    ['a fractional weight', 'weigh', { bagId: 1, weightGrams: 1.5 }, 'weightGrams'],
    ['a negative freight', 'setShipping', { bagId: 1, shippingLine: 'Air', freightAmount: -1 }, 'freightAmount'],
    ['an empty shipping line', 'setShipping', { bagId: 1, shippingLine: ' ', freightAmount: 1 }, 'shippingLine'],
    ['an empty tracking number', 'ship', { bagId: 1, trackingNo: '' }, 'trackingNo'],
    ['a missing bagId', 'markDelivered', {}, 'bagId'],
  ] as const)('refuses %s, naming the field', async (_case, procedure, input, field) => {
    const bags = await test.db.bagOrder.count();
    const refused = await failure(staff.bag[procedure].mutate(input as never));
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.message).toContain(field);
    expect(await test.db.bagOrder.count()).toBe(bags);
  });
});

describe('denials', () => {
  /** One call of every procedure, on records of the system tenant. */
  async function everyProcedure() {
    const { member, ids } = await itemsIn(OrderItemStatus.PURCHASED);
    const { ids: stored } = await itemsIn(OrderItemStatus.IN_STORAGE, 1, member);
    const { ids: arrived } = await itemsIn(OrderItemStatus.ARRIVED, 1, member);
    const record = await test.core.qc.start(test.staff(), { orderItemId: arrived[0] as number });
    const bag = await bagAt(BagStatus.READY);
    const orderItemId = ids[0] as number;
    const calls = (client: OpsClient): Record<string, () => Promise<unknown>> => ({
      'warehouse.list': () => client.warehouse.list.query({ status: OrderItemStatus.PURCHASED, pageNo: 1, pageSize: 100 }),
      'warehouse.markArrived': () => client.warehouse.markArrived.mutate({ orderItemId }),
      'warehouse.startQc': () => client.warehouse.startQc.mutate({ orderItemId: arrived[0] as number }),
      'warehouse.addQcPhotos': () => client.warehouse.addQcPhotos.mutate({ qcRecordId: record.qcId, urls: ['https://cdn.example.com/x.jpg'] }),
      'warehouse.completeQc': () => client.warehouse.completeQc.mutate({ qcRecordId: record.qcId, result: QcResult.PASSED }),
      'warehouse.putInStorage': () => client.warehouse.putInStorage.mutate({ orderItemId }),
      'bag.get': () => client.bag.get.query({ bagId: bag.bagId }),
      'bag.create': () => client.bag.create.mutate({ memberId: member.memberId, orderItemIds: stored }),
      'bag.weigh': () => client.bag.weigh.mutate({ bagId: bag.bagId, weightGrams: 1 }),
      'bag.setShipping': () => client.bag.setShipping.mutate({ bagId: bag.bagId, shippingLine: 'Air', freightAmount: 99_999 }),
      'bag.ship': () => client.bag.ship.mutate({ bagId: bag.bagId, trackingNo: 'LP1' }),
      'bag.markDelivered': () => client.bag.markDelivered.mutate({ bagId: bag.bagId }),
    });
    /** Nothing the refused calls could have changed did change. */
    const unchanged = async () => {
      expect(await statusOf(orderItemId)).toBe(OrderItemStatus.PURCHASED);
      expect(await statusOf(stored[0] as number)).toBe(OrderItemStatus.IN_STORAGE);
      expect((await test.db.qcRecord.findUniqueOrThrow({ where: { id: record.qcId }, include: { photos: true } })).photos).toHaveLength(0);
      expect(await test.db.bagOrder.findUniqueOrThrow({ where: { id: bag.bagId } })).toMatchObject({ status: BagStatus.READY, freightAmount: 10_000 });
      expect(await test.db.supplementBill.count({ where: { bizNo: bag.bagNo } })).toBe(0);
    };
    return { calls, unchanged };
  }

  const PERMISSIONS: Record<string, string> = {
    'warehouse.list': 'ops:warehouse:query',
    'bag.get': 'ops:bag:query',
    'bag.create': 'ops:bag:create',
  };
  const permissionOf = (procedure: string) => PERMISSIONS[procedure] ?? (procedure.startsWith('bag.') ? 'ops:bag:update' : 'ops:warehouse:update');

  it('refuses anonymous callers on every procedure', async () => {
    const { calls, unchanged } = await everyProcedure();
    for (const [procedure, call] of Object.entries(calls(createClient(url)))) {
      expect((await failure(call())).code, procedure).toBe('UNAUTHORIZED');
    }
    await unchanged();
  });

  it('refuses every procedure to staff without its permission', async () => {
    const { calls, unchanged } = await everyProcedure();
    // Holds every other permission of the two directories, never the one each procedure needs.
    const all = ['ops:warehouse:query', 'ops:warehouse:update', 'ops:bag:query', 'ops:bag:create', 'ops:bag:update'];
    const clients = new Map<string, OpsClient>();
    for (const permission of all) clients.set(permission, await clientWith(test, url, all.filter((other) => other !== permission)));
    for (const [procedure] of Object.entries(calls(staff))) {
      const permission = permissionOf(procedure);
      const call = calls(clients.get(permission) as OpsClient)[procedure] as () => Promise<unknown>;
      expect(await failure(call()), procedure).toMatchObject({ code: 'FORBIDDEN', message: `Permission ${permission} is required` });
    }
    await unchanged();
  });

  it("keeps another tenant's staff away from this tenant's items, QC records and bags", async () => {
    const { calls, unchanged } = await everyProcedure();
    const { client } = await otherTenantClient(test, url);
    const expected: Record<string, number> = {
      'warehouse.markArrived': ErrorCatalogue.WAREHOUSE_ITEM_NOT_FOUND.code,
      'warehouse.putInStorage': ErrorCatalogue.WAREHOUSE_ITEM_NOT_FOUND.code,
      'warehouse.startQc': ErrorCatalogue.QC_ORDER_ITEM_NOT_FOUND.code,
      'warehouse.addQcPhotos': ErrorCatalogue.QC_RECORD_NOT_FOUND.code,
      'warehouse.completeQc': ErrorCatalogue.QC_RECORD_NOT_FOUND.code,
      'bag.create': ErrorCatalogue.MEMBER_NOT_FOUND.code,
    };
    const { 'warehouse.list': list, ...refusable } = calls(client);
    expect(((await list!()) as { total: number }).total).toBe(0);
    for (const [procedure, call] of Object.entries(refusable)) {
      expect((await failure(call())).serviceCode, procedure).toBe(expected[procedure] ?? ErrorCatalogue.BAG_NOT_FOUND.code);
    }
    await unchanged();
  });
});

describe('npm run ops', () => {
  const run = promisify(execFile);
  const ops = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...args], { env: { ...process.env, OPENBUY_URL: url, OPENBUY_TOKEN: token, ...env }, timeout: 30_000 }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('runs a query and a mutation, printing JSON, and exits 1 with the error code of a refusal', async () => {
    const { member, ids } = await itemsIn(OrderItemStatus.PURCHASED);
    // Independent runs at once: each spawn loads tsx and the router.
    const [listed, anonymous, unknown] = await Promise.all([
      ops(['warehouse.list', JSON.stringify({ status: OrderItemStatus.PURCHASED, memberId: member.memberId, pageNo: 1, pageSize: 10 })]),
      ops(['warehouse.list', '{"status":20,"pageNo":1,"pageSize":1}'], { OPENBUY_TOKEN: '' }),
      ops(['warehouse.nothing', '{}']),
    ]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ total: 1, list: [{ orderItemId: ids[0] }] });

    const arrived = await ops(['warehouse.markArrived', JSON.stringify({ orderItemId: ids[0] })]);
    expect(arrived.code, arrived.stderr).toBe(0);
    expect(JSON.parse(arrived.stdout)).toMatchObject({ orderItemId: ids[0], status: OrderItemStatus.ARRIVED });

    const refused = await ops(['warehouse.putInStorage', JSON.stringify({ orderItemId: ids[0] })]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr).error).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', serviceCode: ErrorCatalogue.WAREHOUSE_ITEM_WRONG_STATUS.code });

    expect(anonymous.code).toBe(1);
    expect(JSON.parse(anonymous.stderr).error.code).toBe('UNAUTHORIZED');

    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown procedure warehouse.nothing');
  });
});
