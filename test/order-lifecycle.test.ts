// The whole life of one order through public surfaces only: the partner creates and pays it over
// /open-api; internal tools purchase, receive, QC (one uploaded photo, one URL), store, bag, weigh,
// set shipping, raise the freight (a bag supplement bill) and ship it over /trpc with the typed
// client; the partner then sees the QC records, the bag and the bill, pays the bill, and generates
// the invoice, whose URL serves a PDF.
import { beforeAll, describe, expect, it } from 'vitest';
import { BagStatus, OrderItemStatus, QcResult } from '../src/core/order/statuses';
import { createClient } from '../src/trpc/client';
import { envelope, getQuery, partnerToken, postJson, useTestApp } from './support/app';
import { seededAdminToken } from './support/admin';
import { createBoundMember, createCatalogGoods } from './support/commerce-fixtures';
import { type OpsClient, PNG_BASE64 } from './support/ops-client';

const test = useTestApp('order_lifecycle', { env: { PRICING_DOMESTIC_FREIGHT_CENTS: '800', PRICING_SERVICE_FEE_PERCENT: '5' } });
let partner: string;
let staff: OpsClient;

beforeAll(async () => {
  const url = await test.app.listen({ host: '127.0.0.1', port: 0 });
  staff = createClient(url, await seededAdminToken(test.core));
  partner = await partnerToken(test.app);
});

/** The data of a partner answer that must succeed. */
function ok<T>(response: Parameters<typeof envelope>[0]): T {
  const answer = envelope<T>(response);
  expect(response.statusCode, answer.msg).toBe(200);
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}

describe('order lifecycle', () => {
  it('goes from the partner order to a shipped bag, a paid freight supplement and an invoice', async () => {
    const goods = await createCatalogGoods(test.db, { title: 'Linen shirt', skus: [{ price: 10_000 }] });
    const member = await createBoundMember(test.db, { balance: 100_000 });
    const { externalUserId } = member;

    // Partner: create and pay the order.
    const order = ok<{ orderNo: string; paymentId: string; payAmount: number }>(
      await postJson(test.app, partner, '/open-api/order/purchase/create', {
        outOrderNo: `lifecycle-${Date.now()}`,
        externalUserId,
        items: [{ platformChannel: goods.source, goodsId: goods.goodsId, skuId: goods.skuIds[0], qty: 1 }],
      }),
    );
    expect(order.payAmount).toBe(10_000 + 800 + 500);
    ok(await postJson(test.app, partner, '/open-api/pay/wallet/pay', { externalUserId, paymentId: order.paymentId, payAmount: order.payAmount }));

    // Tools: purchase.
    const awaiting = await staff.purchasing.awaiting.query({ pageNo: 1, pageSize: 10, goodsId: goods.goodsId });
    expect(awaiting.list).toHaveLength(1);
    const item = awaiting.list[0] as (typeof awaiting.list)[number];
    expect(item).toMatchObject({ orderNo: order.orderNo, unitPrice: 10_000 });
    const orderItemId = item.id;
    await staff.purchasing.markPurchased.mutate({ orderItemId, marketplaceOrderNo: 'TB-3300112233', actualUnitPrice: 10_000 });

    // Tools: receive, check, store.
    expect((await staff.warehouse.markArrived.mutate({ orderItemId })).status).toBe(OrderItemStatus.ARRIVED);
    const qc = await staff.warehouse.startQc.mutate({ orderItemId });
    const photographed = await staff.warehouse.addQcPhotos.mutate({
      qcRecordId: qc.qcId,
      urls: ['https://cdn.example.com/qc/label.jpg'],
      uploads: [{ contentType: 'image/png', data: PNG_BASE64, fileName: 'front.png' }],
    });
    await staff.warehouse.completeQc.mutate({ qcRecordId: qc.qcId, result: QcResult.PASSED, remarks: 'Matches the listing' });
    expect((await staff.warehouse.putInStorage.mutate({ orderItemId })).status).toBe(OrderItemStatus.IN_STORAGE);

    // Tools: bag, weigh, ship with a freight raised after the first quote.
    const bag = await staff.bag.create.mutate({ memberId: member.memberId, orderItemIds: [orderItemId] });
    await staff.bag.weigh.mutate({ bagId: bag.bagId, weightGrams: 850 });
    await staff.bag.setShipping.mutate({ bagId: bag.bagId, shippingLine: 'Air Standard', freightAmount: 9_000 });
    const raised = await staff.bag.setShipping.mutate({ bagId: bag.bagId, shippingLine: 'Air Standard', freightAmount: 11_500 });
    const billNo = raised.supplement?.bill.orderExpensesNo as string;
    expect(raised.supplement?.bill).toMatchObject({ bizType: 'bag', bizNo: bag.bagNo, amount: 2_500 });
    const shipped = await staff.bag.ship.mutate({ bagId: bag.bagId, trackingNo: 'LX123456789CN' });
    expect(shipped.status).toBe(BagStatus.SHIPPED);

    // Partner: the QC record with both photos.
    const records = ok<{ orderNo: string; orderItemNo: string; result: number; remarks: string; photos: string[] }[]>(
      await getQuery(test.app, partner, '/open-api/order/qc/list', { orderNo: order.orderNo }),
    );
    expect(records).toEqual([
      expect.objectContaining({ orderNo: order.orderNo, orderItemNo: item.orderItemNo, result: QcResult.PASSED, remarks: 'Matches the listing', photos: photographed.photos }),
    ]);
    expect(photographed.photos).toHaveLength(2);
    const photo = await test.app.inject({ method: 'GET', url: new URL(photographed.photos[1] as string).pathname });
    expect(photo.headers['content-type']).toBe('image/png');

    // Partner: the bag.
    const bags = ok<{ total: number; list: Record<string, unknown>[] }>(
      await getQuery(test.app, partner, '/open-api/order/bag/page', { pageNo: 1, pageSize: 10, unionId: member.unionId }),
    );
    expect(bags.total).toBe(1);
    expect(bags.list[0]).toMatchObject({
      bagNo: bag.bagNo,
      status: BagStatus.SHIPPED,
      weightGrams: 850,
      shippingLine: 'Air Standard',
      freightAmount: 11_500,
      trackingNo: 'LX123456789CN',
      orderItemNos: [item.orderItemNo],
    });

    // Partner: the supplement bill, its pay order, paid from the wallet.
    const bills = ok<{ orderExpensesNo: string; bizType: string; bizNo: string; amount: number }[]>(
      await getQuery(test.app, partner, '/open-api/order/supplement/list', { externalUserId }),
    );
    expect(bills).toEqual([expect.objectContaining({ orderExpensesNo: billNo, bizType: 'bag', bizNo: bag.bagNo, amount: 2_500 })]);
    const payOrder = ok<{ paymentId: string; payAmount: number }>(
      await postJson(test.app, partner, '/open-api/order/supplement/trade-no', { externalUserId, orderExpensesNoList: [billNo] }),
    );
    expect(payOrder.payAmount).toBe(2_500);
    ok(await postJson(test.app, partner, '/open-api/pay/wallet/pay', { externalUserId, paymentId: payOrder.paymentId, payAmount: 2_500 }));
    expect(ok(await getQuery(test.app, partner, '/open-api/order/supplement/list', { externalUserId }))).toEqual([]);
    const balance = ok<{ balance: number }>(await getQuery(test.app, partner, '/open-api/pay/wallet/balance', { externalUserId }));
    expect(balance.balance).toBe(100_000 - order.payAmount - 2_500);

    // Partner: the invoice, served as a PDF.
    const invoices = ok<{ orderNo: string; bagNo: string; status: number; url: string }[]>(
      await postJson(test.app, partner, '/open-api/order/invoice/generate', { orderNos: [order.orderNo], language: 'en' }),
    );
    expect(invoices).toEqual([expect.objectContaining({ orderNo: order.orderNo, bagNo: bag.bagNo, status: 1 })]);
    const pdf = await test.app.inject({ method: 'GET', url: new URL(invoices[0]?.url as string).pathname });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
