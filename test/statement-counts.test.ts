// Statements per hot operation (issue 12): each partner write and read, and the warehouse's QC and
// bag writes, sends a fixed number of SQL statements, counted through the real HTTP server on a real
// database. A count that grows fails here; one that shrinks is written down here (and in
// bench/README.md). Transaction control is not counted but COMMIT (BEGIN goes another way).
import { beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger';
import { OrderItemStatus, QcResult, SupplementBizType } from '../src/core/order/statuses';
import { WebhookEventType } from '../src/core/webhook/event-types';
import { writeEvents } from '../src/core/webhook/webhook-outbox';
import { newWebhookSecret } from '../src/core/webhook/webhook-signature';
import { DeliveryStatus } from '../src/core/webhook/webhook-statuses';
import { WEBHOOK_WORKER_DEFAULTS, WebhookWorker } from '../src/core/webhook/webhook-worker';
import { createClient } from '../src/trpc/client';
import { envelope, getQuery, partnerToken, postJson, useTestApp } from './support/app';
import { seededAdminToken } from './support/admin';
import { createBoundMember, createCatalogGoods, createPurchaseOrder, type GoodsFixture, type MemberFixture } from './support/commerce-fixtures';
import { SEED } from './support/database';
import { statementRecorder } from './support/statements';
import { TEST_DATABASE } from './support/environment';
import { useStubServer } from './support/stub-server';
import { until } from './support/until';

const sql = statementRecorder();
const receiver = useStubServer((request, response) => {
  request.resume();
  request.on('end', () => response.end('ok'));
});
const test = useTestApp('statement_counts', { databaseOptions: { onQuery: sql.onQuery } });
let token: string;
let staff: ReturnType<typeof createClient>;
let goods: GoodsFixture;
let member: MemberFixture;

beforeAll(async () => {
  token = await partnerToken(test.app);
  staff = createClient(await test.app.listen({ host: '127.0.0.1', port: 0 }), await seededAdminToken(test.core));
  goods = await createCatalogGoods(test.db);
  member = await createBoundMember(test.db, { balance: 10_000_000 });
  // Bindings, goods details, the partner's webhook endpoints and the staff's permissions are
  // remembered after a first call: warm them (a pay reads the endpoints).
  await staff.member.get.query({ memberId: member.memberId });
  for (const [url, query] of [
    ['/open-api/pay/wallet/balance', { externalUserId: member.externalUserId }],
    ['/open-api/goods/detail', { goodsId: goods.goodsId, source: goods.source }],
  ] as const) {
    const answer = envelope(await getQuery(test.app, token, url, query));
    if (answer.code !== 0) throw new Error(`${url}: ${answer.msg}`);
  }
  await pay((await createOrder()).paymentId);
});

/** The statements `call` sent, after checking its answer succeeded. */
async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
  return (await sql.during(call)).statements;
}

async function partnerCall<T>(method: 'GET' | 'POST', url: string, input: Record<string, unknown>): Promise<T> {
  const body = envelope<T>(method === 'GET' ? await getQuery(test.app, token, url, input as Record<string, string | number>) : await postJson(test.app, token, url, input));
  expect(body.code, `${url}: ${body.msg}`).toBe(0);
  return body.data;
}

const line = () => ({ platformChannel: goods.source, goodsId: goods.goodsId, skuId: goods.skuIds[0], qty: 1 });
let outOrderNo = 0;
const createOrder = (lines = [line()]) =>
  partnerCall<{ orderNo: string; paymentId: string }>('POST', '/open-api/order/purchase/create', { outOrderNo: `count-${++outOrderNo}`, externalUserId: member.externalUserId, items: lines });
const pay = (paymentId: string) => partnerCall('POST', '/open-api/pay/wallet/pay', { externalUserId: member.externalUserId, paymentId });
/** Whether a statement inserts into `table`, by itself or in a data-modifying WITH. */
const insertsInto = (table: string) => (statement: string) => new RegExp(`(^|[()])\\s*INSERT INTO ([\`"]\\w+[\`"]\\.)?[\`"]${table}[\`"]`).test(statement);
/** On PostgreSQL a wallet movement's pending events ride in its ledger row's statement (WebhookOutbox.queryWithEvents). */
const PENDING_RIDES_LEDGER = TEST_DATABASE === 'postgresql';
/** Reads of the written rows: a write answers from what it wrote. */
const readBacks = (statements: string[]) => statements.filter((statement) => /^SELECT/.test(statement) && /WHERE \(?([`"]?\w+[`"]?\.)?[`"]?\w+[`"]?\.[`"]?id[`"]? = (\?|\$\d)/.test(statement));

describe('partner writes', () => {
  it('order create: the repeat check, the address, three inserts and the commit, whatever the line count (goods from memory)', async () => {
    const one = await statementsOf(() => createOrder());
    expect(one).toHaveLength(6);
    const three = await statementsOf(() => createOrder([line(), { ...line(), skuId: goods.skuIds[1] }, { ...line(), qty: 2 }]));
    expect(three).toHaveLength(6);
    expect(readBacks(three)).toEqual([]);
  });

  it('wallet pay of a purchase order: 7 statements (the pay order read with its order, the bizRef checked and the member\'s partner bindings answered by the debit), no read-back of the order or the wallet, no event rows when no endpoint takes them', async () => {
    const order = await createOrder();
    const statements = await statementsOf(() => pay(order.paymentId));
    expect(statements).toHaveLength(7);
    expect(statements.filter((statement) => /FROM ([`"]?\w+[`"]?\.)?[`"]?PartnerBinding[`"]? /.test(statement) && !/^\s*UPDATE ([`"]?\w+[`"]?\.)?[`"]?Wallet[`"]? /.test(statement))).toEqual([]);
    expect(statements.filter((statement) => /FROM ([`"]?\w+[`"]?\.)?[`"]?Wallet[`"]? /.test(statement))).toEqual([]);
    expect(statements.filter((statement) => /^SELECT/.test(statement) && /PurchaseOrder[`"]?\.[`"]?id[`"]? = /.test(statement))).toEqual([]);
    expect(statements.filter(insertsInto('WebhookEvent'))).toHaveLength(0);
    expect(statements.filter(insertsInto('WebhookPendingEvent'))).toHaveLength(0);
  });

  it('wallet pay with a subscribed endpoint: its two events in one insert of pending events, on PostgreSQL in the ledger row\'s statement (no statement more; its NOTIFY sent by a trigger), on SQLite one statement more; fanned out into their deliveries after', async () => {
    const endpoint = await test.db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: `${receiver.base}/pay`, eventTypes: [], secret: newWebhookSecret() } });
    // The outbox remembers the partner's endpoints until told they changed, then reads them once (a first pay).
    const changed = { kind: 'webhook-endpoints-changed', tenantId: 1, partnerClientId: SEED.partnerClientId } as const;
    await test.core.bus.publish(changed);
    try {
      await pay((await createOrder()).paymentId);
      const order = await createOrder();
      const statements = await statementsOf(() => pay(order.paymentId));
      expect(statements).toHaveLength(PENDING_RIDES_LEDGER ? 7 : 8);
      const pendingInserts = statements.filter(insertsInto('WebhookPendingEvent'));
      expect(pendingInserts).toHaveLength(1);
      expect(pendingInserts.filter(insertsInto('WalletLedger'))).toHaveLength(PENDING_RIDES_LEDGER ? 1 : 0);
      expect(statements.filter(insertsInto('WebhookEvent'))).toHaveLength(0);
      expect(statements.filter(insertsInto('WebhookDelivery'))).toHaveLength(0);
      await test.core.webhookOutbox.fanOut(test.database);
      expect(await test.db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(4);
    } finally {
      await test.db.webhookEndpoint.delete({ where: { id: endpoint.id } });
      await test.core.bus.publish(changed);
      await pay((await createOrder()).paymentId);
    }
  });

  it('supplement pay order and its wallet pay', async () => {
    const order = await createPurchaseOrder(test.db, member, { paid: true });
    const orderExpensesNo = `E-count-${order.orderNo}`;
    await test.db.supplementBill.create({ data: { tenantId: 1, orderExpensesNo, memberId: member.memberId, bizType: SupplementBizType.PURCHASE, bizNo: order.orderNo, amount: 150, reason: 'count' } });
    let paymentId = '';
    const group = await statementsOf(async () => {
      paymentId = (await partnerCall<{ paymentId: string }>('POST', '/open-api/order/supplement/trade-no', { externalUserId: member.externalUserId, orderExpensesNoList: [orderExpensesNo] })).paymentId;
    });
    // 5: the bills, then the caller's own orders among those they name (a partner pays only bills of its own orders and bags).
    expect(group).toHaveLength(5);
    expect(await statementsOf(() => pay(paymentId))).toHaveLength(9);
  });
});

describe('partner reads', () => {
  // Prepared statements on the driver (src/core/db/hot-reads.ts): an order with its items, a record
  // with its photos, in one statement each; the page is the member check, its count and its rows.
  it('wallet balance 1, goods detail 0 (from memory), purchase get 1, order-item page 3, QC latest 1', async () => {
    const order = await createOrder();
    expect(await statementsOf(() => partnerCall('GET', '/open-api/pay/wallet/balance', { externalUserId: member.externalUserId }))).toHaveLength(1);
    expect(await statementsOf(() => partnerCall('GET', '/open-api/goods/detail', { goodsId: goods.goodsId, source: goods.source }))).toHaveLength(0);
    expect(await statementsOf(() => partnerCall('GET', '/open-api/order/purchase/get', { orderNo: order.orderNo }))).toHaveLength(1);
    expect(await statementsOf(() => partnerCall('GET', '/open-api/order/item/page', { pageNo: 1, pageSize: 10, memberId: member.memberId }))).toHaveLength(3);
    expect(await statementsOf(() => partnerCall('GET', '/open-api/goods/qc/latest', { goodsId: goods.goodsId, source: goods.source }))).toHaveLength(1);
  });

  it('tRPC member.get 3: the member with its wallet, its bindings, its addresses (staff session from memory)', async () => {
    expect(await statementsOf(() => staff.member.get.query({ memberId: member.memberId }))).toHaveLength(3);
  });
});

describe('warehouse writes (tRPC)', () => {
  // No endpoint takes the events of these writes: none of them writes event rows.
  it('QC start, photos, complete; put in storage; bag create, weigh, shipping, ship: nothing read back after a write', async () => {
    const order = await createPurchaseOrder(test.db, member, { paid: true, itemStatus: OrderItemStatus.ARRIVED });
    const orderItemId = order.items[0]?.id as number;
    let qcId = 0;
    const start = await statementsOf(async () => {
      qcId = (await staff.warehouse.startQc.mutate({ orderItemId })).qcId;
    });
    // item, open record (and its photos), insert, operation log
    expect(start).toHaveLength(6);
    expect(await statementsOf(() => staff.warehouse.addQcPhotos.mutate({ qcRecordId: qcId, urls: ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.jpg'] }))).toHaveLength(7);
    const complete = await statementsOf(async () => expect((await staff.warehouse.completeQc.mutate({ qcRecordId: qcId, result: QcResult.PASSED })).photos).toHaveLength(2));
    expect(complete).toHaveLength(7);
    expect(readBacks(complete)).toEqual([]);
    expect(await statementsOf(() => staff.warehouse.putInStorage.mutate({ orderItemId }))).toHaveLength(7);

    let bagId = 0;
    const create = await statementsOf(async () => {
      const bag = await staff.bag.create.mutate({ memberId: member.memberId, orderItemIds: [orderItemId] });
      expect(bag.items).toEqual([{ orderItemId, orderItemNo: order.items[0]?.orderItemNo, status: OrderItemStatus.PACKED }]);
      bagId = bag.bagId;
    });
    expect(create).toHaveLength(11);
    const weigh = await statementsOf(async () => expect((await staff.bag.weigh.mutate({ bagId, weightGrams: 900 })).weightGrams).toBe(900));
    expect(weigh).toHaveLength(8);
    const shipping = await statementsOf(async () => expect((await staff.bag.setShipping.mutate({ bagId, shippingLine: 'Air Standard', freightAmount: 10_000 })).bag.freightAmount).toBe(10_000));
    expect(shipping).toHaveLength(8);
    expect(await statementsOf(() => staff.bag.ship.mutate({ bagId, trackingNo: 'LP000000001CN' }))).toHaveLength(14);
  });
});

describe('webhook delivery', () => {
  // One wallet's events share an ordering key and go one after the other: a claim takes them as runs
  // (at most maxRunLength), where it took one event per claim round before.
  it('a backlog of 40 events of one key: 2 runs, so 3 or 4 claims; their attempts recorded together, fewer recordings than events', async () => {
    const endpoint = await test.db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: `${receiver.base}/count`, eventTypes: [], secret: newWebhookSecret() } });
    await writeEvents(
      test.db,
      Array.from({ length: 40 }, (_, index) => ({ tenantId: 1, partnerClientId: SEED.partnerClientId, type: WebhookEventType.TEST, orderingKey: 'wallet:statement-count', data: { index }, occurredAt: new Date() })),
      () => [endpoint],
    );
    // Woken by ended runs only: no poll within the test.
    const worker = new WebhookWorker(test.database, test.core.webhookOutbox, { ...WEBHOOK_WORKER_DEFAULTS, pollIntervalMs: 60_000 }, silentLogger, test.core.bus);
    const { statements } = await sql.during(async () => {
      worker.start();
      await until('all 40 delivered', async () => ((await test.db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: DeliveryStatus.DELIVERED } })) === 40 ? true : undefined));
      // The claim after the last run, which finds nothing.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await worker.stop();
    });
    // The first, one per run ended (the last finds nothing) and, on PostgreSQL, the one when LISTEN is up.
    const claims = statements.filter((statement) => statement.includes('NOT EXISTS'));
    expect(claims.length).toBeGreaterThanOrEqual(3);
    expect(claims.length).toBeLessThanOrEqual(4);
    // A run sends the next event once the one before is answered, not recorded: the attempts that end
    // within recordDelayMs share one UPDATE (12 for the 40 on an idle machine), where each took one.
    const recordings = statements.filter((statement) => /^\s*UPDATE "WebhookDelivery" SET "status"/.test(statement));
    expect(recordings.length).toBeGreaterThanOrEqual(2);
    expect(recordings.length).toBeLessThan(40);
    expect(await test.db.webhookDeliveryAttempt.count({ where: { delivery: { endpointId: endpoint.id } } })).toBe(40);
  });
});

