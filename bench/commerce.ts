// npm run bench:commerce: partner commerce operations under load, each against the bare Fastify
// route of the same run: wallet balance, goods detail (catalog), order create, wallet pay.
import { DEMO_GOODS } from '../prisma/demo/catalog';
import { DEMO_MEMBER } from '../prisma/demo/member';
import { isUniqueViolation } from '../src/core/db/unique-violation';
import { PayOrderKind } from '../src/core/order/statuses';
import { SEED } from '../test/support/database';
import { createPurchaseOrder } from '../test/support/commerce-fixtures';
import { report, run, type Scenario, startServers } from './harness';

/** Pay orders prepared for the wallet-pay scenario: it sends exactly this many requests. */
const PAYABLE_ORDERS = Number(process.env.BENCH_PAY_ORDERS ?? 2000);
const goods = DEMO_GOODS.find((entry) => entry.source === 1) ?? DEMO_GOODS[0];
if (!goods) throw new Error('the demo catalog is empty');
const sku = goods.skus[0];
if (!sku) throw new Error(`demo goods ${goods.goodsId} has no SKU`);

const paymentIds: string[] = [];
const servers = await startServers({
  demoData: true,
  prepare: async (db) => {
    const member = await db.member.findUniqueOrThrow({ where: { unionId: DEMO_MEMBER.unionId }, include: { addresses: true } });
    const fixture = { memberId: member.id, unionId: member.unionId, externalUserId: DEMO_MEMBER.externalUserId, addressId: member.addresses[0]?.id as number };
    // 1.00 CNY each, so the demo balance covers them all.
    while (paymentIds.length < PAYABLE_ORDERS) {
      // Thousands of business numbers in one second can collide (the services retry; so does this).
      const order = await createPurchaseOrder(db, fixture, { lines: [{ goodsId: goods.goodsId, skuId: sku.skuId, unitPrice: 100 }] }).catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
      if (order) paymentIds.push(order.paymentId);
    }
    const kinds = await db.payOrder.groupBy({ by: ['kind'], _count: true });
    if (!kinds.every((kind) => kind.kind === PayOrderKind.PURCHASE)) throw new Error('unexpected pay orders');
  },
});
try {
  const basic = `Basic ${Buffer.from(`${SEED.partnerClientId}:${SEED.partnerClientSecret}`).toString('base64')}`;
  const tokenResponse = await fetch(`${servers.appUrl}/open-api/system/oauth2/token?grant_type=client_credentials`, { method: 'POST', headers: { authorization: basic } });
  const token = ((await tokenResponse.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let outOrderSeq = 0;
  let paySeq = 0;
  const scenarios: Scenario[] = [
    { name: 'bare Fastify GET /bare', url: `${servers.bareUrl}/bare` },
    { name: 'wallet balance GET /open-api/pay/wallet/balance', url: `${servers.appUrl}/open-api/pay/wallet/balance?externalUserId=${DEMO_MEMBER.externalUserId}`, headers },
    { name: 'goods detail (catalog) GET /open-api/goods/detail', url: `${servers.appUrl}/open-api/goods/detail?goodsId=${goods.goodsId}&source=${goods.source}`, headers },
    {
      name: 'order create POST /open-api/order/purchase/create',
      url: `${servers.appUrl}/open-api/order/purchase/create`,
      method: 'POST',
      headers,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              outOrderNo: `bench-${process.pid}-${(outOrderSeq += 1)}`,
              externalUserId: DEMO_MEMBER.externalUserId,
              items: [{ platformChannel: goods.source, goodsId: goods.goodsId, skuId: sku.skuId, qty: 1 }],
            }),
          }),
        },
      ],
    },
    {
      name: `wallet pay POST /open-api/pay/wallet/pay (${PAYABLE_ORDERS} orders)`,
      url: `${servers.appUrl}/open-api/pay/wallet/pay`,
      method: 'POST',
      headers,
      amount: PAYABLE_ORDERS,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ externalUserId: DEMO_MEMBER.externalUserId, paymentId: paymentIds[paySeq++ % paymentIds.length] }),
          }),
        },
      ],
    },
  ];
  const results = [];
  for (const scenario of scenarios) results.push(await run(scenario));
  report('OpenBuy partner commerce benchmark', results);
} finally {
  await servers.stop();
}
