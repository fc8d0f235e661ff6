// Staff actions on USD payment orders over /trpc (close, mark paid with a reason), and the operation
// log every tRPC mutation writes through the console's writer: who, tenant, procedure path, target,
// outcome and reason, refusals included. Plus permission, tenant and validation denials.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { PaymentOrderStatus } from '../src/core/order/statuses';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { createClient } from '../src/trpc/client';
import { envelope, getQuery, partnerToken, useTestApp } from './support/app';
import { seededAdminToken } from './support/admin';
import { SEED_ADMIN_USERNAME } from '../prisma/seed';
import { clientWith, failure, type OpsClient, otherTenantClient } from './support/ops-client';
import { createPaymentOrder, PAYMENT_TEST_ENV, type PaymentOrderData } from './support/payment-orders';

const test = useTestApp('trpc_payment_orders', { env: PAYMENT_TEST_ENV });
const MINUTE = 60_000;
let url: string;
let staff: OpsClient;

beforeAll(async () => {
  url = await test.app.listen({ host: '127.0.0.1', port: 0 });
  staff = createClient(url, await seededAdminToken(test.core));
});

async function pendingOrder(): Promise<PaymentOrderData> {
  return createPaymentOrder(test.app, await partnerToken(test.app));
}

const orderOf = (orderNo: string) => test.db.paymentOrder.findUniqueOrThrow({ where: { orderNo } });
const logRows = (operation: string, targetId: string) => test.db.operationLog.findMany({ where: { operation, targetId }, orderBy: { id: 'asc' } });

describe('close', () => {
  it('closes a pending order, which the partner then sees closed; a closed or paid order refuses', async () => {
    const order = await pendingOrder();
    const closed = await staff.paymentOrder.close.mutate({ orderNo: order.orderNo, reason: 'Customer asked to cancel' });
    expect(closed).toMatchObject({ orderNo: order.orderNo, status: PaymentOrderStatus.CLOSED });
    expect((await orderOf(order.orderNo)).closedTime?.getTime()).toBe(test.clock.now());
    const seen = envelope<PaymentOrderData>(await getQuery(test.app, await partnerToken(test.app), '/open-api/pay/order/get', { orderNo: order.orderNo }));
    expect(seen.data.status).toBe(PaymentOrderStatus.CLOSED);

    const again = await failure(staff.paymentOrder.close.mutate({ orderNo: order.orderNo, reason: 'Again' }));
    expect(again).toMatchObject({ serviceCode: ErrorCatalogue.PAYMENT_ORDER_NOT_PENDING.code, message: `Payment order ${order.orderNo} is not pending (status 20)` });
    expect((await failure(staff.paymentOrder.markPaid.mutate({ orderNo: order.orderNo, reason: 'Wire received' }))).serviceCode).toBe(ErrorCatalogue.PAYMENT_ORDER_NOT_PENDING.code);
  });
});

describe('mark paid', () => {
  it('marks a pending order paid now; a paid order refuses both actions', async () => {
    const order = await pendingOrder();
    test.clock.advance(MINUTE);
    const paid = await staff.paymentOrder.markPaid.mutate({ orderNo: order.orderNo, reason: 'Wire transfer confirmed by bank' });
    expect(paid).toMatchObject({ orderNo: order.orderNo, status: PaymentOrderStatus.PAID });
    expect((await orderOf(order.orderNo)).paidTime?.getTime()).toBe(test.clock.now());
    const seen = envelope<PaymentOrderData>(await getQuery(test.app, await partnerToken(test.app), '/open-api/pay/order/get', { orderNo: order.orderNo }));
    expect(seen.data).toMatchObject({ status: PaymentOrderStatus.PAID, paidTime: new Date(test.clock.now()).toISOString() });
    expect((await failure(staff.paymentOrder.markPaid.mutate({ orderNo: order.orderNo, reason: 'Twice' }))).message).toBe(`Payment order ${order.orderNo} is not pending (status 10)`);
    expect((await failure(staff.paymentOrder.close.mutate({ orderNo: order.orderNo, reason: 'Too late' }))).serviceCode).toBe(ErrorCatalogue.PAYMENT_ORDER_NOT_PENDING.code);
    expect((await orderOf(order.orderNo)).status).toBe(PaymentOrderStatus.PAID);
  });

  it('refuses an expired order (it is closed), and an unknown one', async () => {
    const order = await pendingOrder();
    test.clock.advance(31 * MINUTE);
    expect((await failure(staff.paymentOrder.markPaid.mutate({ orderNo: order.orderNo, reason: 'Late wire' }))).message).toBe(`Payment order ${order.orderNo} is not pending (status 20)`);
    expect((await failure(staff.paymentOrder.close.mutate({ orderNo: 'PO00000000000000000000', reason: 'x' }))).serviceCode).toBe(ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND.code);
  });

  it.each([
    ['a blank reason', { reason: '  ' }, 'reason'],
    ['no reason', { reason: undefined }, 'reason'],
    ['an empty orderNo', { orderNo: '' }, 'orderNo'],
  ])('refuses %s, naming the field, and changes nothing', async (_case, fields, field) => {
    const order = await pendingOrder();
    const result = await failure(staff.paymentOrder.markPaid.mutate({ orderNo: order.orderNo, reason: 'ok', ...fields } as never));
    expect(result.code).toBe('BAD_REQUEST');
    expect(result.message).toContain(field);
    expect((await orderOf(order.orderNo)).status).toBe(PaymentOrderStatus.PENDING);
  });
});

describe('denials', () => {
  it('refuses both actions without ops:pay-order:update, and anonymous callers', async () => {
    const order = await pendingOrder();
    const reader = await clientWith(test, url, ['ops:pay-order:query']);
    for (const call of [() => reader.paymentOrder.close.mutate({ orderNo: order.orderNo, reason: 'x' }), () => reader.paymentOrder.markPaid.mutate({ orderNo: order.orderNo, reason: 'x' })]) {
      expect(await failure(call())).toMatchObject({ code: 'FORBIDDEN', message: 'Permission ops:pay-order:update is required' });
    }
    expect((await failure(createClient(url).paymentOrder.markPaid.mutate({ orderNo: order.orderNo, reason: 'x' }))).code).toBe('UNAUTHORIZED');
    expect((await orderOf(order.orderNo)).status).toBe(PaymentOrderStatus.PENDING);
  });

  it("keeps another tenant's super administrator away from this tenant's orders", async () => {
    const order = await pendingOrder();
    const { client: other } = await otherTenantClient(test, url);
    for (const call of [() => other.paymentOrder.close.mutate({ orderNo: order.orderNo, reason: 'x' }), () => other.paymentOrder.markPaid.mutate({ orderNo: order.orderNo, reason: 'x' })]) {
      expect((await failure(call())).serviceCode).toBe(ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND.code);
    }
    expect((await orderOf(order.orderNo)).status).toBe(PaymentOrderStatus.PENDING);
  });
});

describe('operation log', () => {
  it('records every mutation with who, tenant, path, target, outcome and reason; queries are not logged', async () => {
    const order = await pendingOrder();
    await staff.paymentOrder.markPaid.mutate({ orderNo: order.orderNo, reason: 'Wire transfer confirmed' });
    await failure(staff.paymentOrder.close.mutate({ orderNo: order.orderNo, reason: 'Changed my mind' }));
    const seed = await test.db.adminUser.findFirstOrThrow({ where: { tenantId: SYSTEM_TENANT_ID, username: SEED_ADMIN_USERNAME } });
    expect(await logRows('paymentOrder.markPaid', order.orderNo)).toEqual([
      expect.objectContaining({ tenantId: SYSTEM_TENANT_ID, userId: seed.id, username: SEED_ADMIN_USERNAME, resultCode: 0, resultMsg: 'reason: Wire transfer confirmed', ip: '127.0.0.1' }),
    ]);
    expect(await logRows('paymentOrder.close', order.orderNo)).toEqual([
      expect.objectContaining({
        userId: seed.id,
        resultCode: ErrorCatalogue.PAYMENT_ORDER_NOT_PENDING.code,
        resultMsg: `Payment order ${order.orderNo} is not pending (status 10); reason: Changed my mind`,
      }),
    ]);
    const before = await test.db.operationLog.count();
    await staff.supplement.ofMember.query({ memberId: 1 });
    expect(await test.db.operationLog.count()).toBe(before);
  });

  it('records refusals: a missing permission, bad input, and another tenant in its own tenant', async () => {
    const order = await pendingOrder();
    const reader = await clientWith(test, url, ['ops:pay-order:query']);
    await failure(reader.paymentOrder.close.mutate({ orderNo: order.orderNo, reason: 'No right' }));
    await failure(staff.paymentOrder.close.mutate({ orderNo: order.orderNo, reason: '' }));
    const { client: other, tenantId } = await otherTenantClient(test, url);
    await failure(other.paymentOrder.markPaid.mutate({ orderNo: order.orderNo, reason: 'Elsewhere' }));
    const closes = await logRows('paymentOrder.close', order.orderNo);
    expect(closes.map((row) => [row.resultCode, row.resultMsg])).toEqual([
      [403, 'Permission ops:pay-order:update is required; reason: No right'],
      [400, expect.stringContaining('reason')],
    ]);
    expect(await logRows('paymentOrder.markPaid', order.orderNo)).toEqual([expect.objectContaining({ tenantId, resultCode: ErrorCatalogue.PAYMENT_ORDER_NOT_FOUND.code })]);
  });

  it('the console pages the tRPC rows with the GraphQL ones', async () => {
    const order = await pendingOrder();
    await staff.paymentOrder.close.mutate({ orderNo: order.orderNo, reason: 'Duplicate order' });
    const page = await test.core.operationLogs.page(test.staff(), { pageNo: 1, pageSize: 10 }, { operation: 'paymentOrder.close' });
    expect(page.list[0]).toMatchObject({ operation: 'paymentOrder.close', targetId: order.orderNo, success: true, resultMsg: 'reason: Duplicate order' });
  });
});
