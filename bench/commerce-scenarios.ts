// The partner commerce operations the benchmarks load (bench/commerce.ts, bench/webhooks.ts): the
// demo member's pay orders prepared before a run, and the order create and wallet pay scenarios.
import { DEMO_GOODS } from '../prisma/demo/catalog';
import { DEMO_MEMBER } from '../prisma/demo/member';
import type { Db } from '../src/core/db/client';
import { isUniqueViolation } from '../src/core/db/unique-violation';
import { PayOrderKind } from '../src/core/order/statuses';
import { createPurchaseOrder } from '../test/support/commerce-fixtures';
import { SEED } from '../test/support/database';
import type { Scenario } from './harness';

function demoGoods() {
  const found = DEMO_GOODS.find((entry) => entry.source === 1) ?? DEMO_GOODS[0];
  if (!found) throw new Error('the demo catalog is empty');
  const firstSku = found.skus[0];
  if (!firstSku) throw new Error(`demo goods ${found.goodsId} has no SKU`);
  return { goods: found, sku: firstSku };
}

/** The goods and SKU every order of the benchmarks buys. */
export const { goods, sku } = demoGoods();

/** Writes `count` unpaid orders of the demo member (1.00 CNY each, so its balance covers them all); answers their payment ids. */
export async function preparePayableOrders(db: Db, count: number): Promise<string[]> {
  const paymentIds: string[] = [];
  const member = await db.member.findUniqueOrThrow({ where: { unionId: DEMO_MEMBER.unionId }, include: { addresses: true } });
  const fixture = { memberId: member.id, unionId: member.unionId, externalUserId: DEMO_MEMBER.externalUserId, addressId: member.addresses[0]?.id as number };
  while (paymentIds.length < count) {
    // Thousands of business numbers in one second can collide (the services retry; so does this).
    const order = await createPurchaseOrder(db, fixture, { lines: [{ goodsId: goods.goodsId, skuId: sku.skuId, unitPrice: 100 }] }).catch((error: unknown) => {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    });
    if (order) paymentIds.push(order.paymentId);
  }
  // Whatever the seeded balance, the member can pay every one of them (twice their goods price each:
  // room for fees), however many rounds a bench runs.
  await db.wallet.update({ where: { memberId: member.id }, data: { balance: { increment: 2 * 100 * count } } });
  const kinds = await db.payOrder.groupBy({ by: ['kind'], _count: true });
  if (!kinds.every((kind) => kind.kind === PayOrderKind.PURCHASE)) throw new Error('unexpected pay orders');
  return paymentIds;
}

/** The request headers of the seeded partner, with a fresh token. */
export async function partnerHeaders(appUrl: string): Promise<Record<string, string>> {
  const basic = `Basic ${Buffer.from(`${SEED.partnerClientId}:${SEED.partnerClientSecret}`).toString('base64')}`;
  const tokenResponse = await fetch(`${appUrl}/open-api/system/oauth2/token?grant_type=client_credentials`, { method: 'POST', headers: { authorization: basic } });
  const token = ((await tokenResponse.json()) as { data: { access_token: string } }).data.access_token;
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

let orderCreateRuns = 0;

/** Order create: every request a new outOrderNo (of scenarios made in the same millisecond too). */
export function orderCreateScenario(appUrl: string, headers: Record<string, string>, label = ''): Scenario {
  let outOrderSeq = 0;
  const run = `${process.pid}-${Date.now()}-${(orderCreateRuns += 1)}`;
  return {
    name: `order create POST /open-api/order/purchase/create${label}`,
    url: `${appUrl}/open-api/order/purchase/create`,
    method: 'POST',
    headers,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            outOrderNo: `bench-${run}-${(outOrderSeq += 1)}`,
            externalUserId: DEMO_MEMBER.externalUserId,
            items: [{ platformChannel: goods.source, goodsId: goods.goodsId, skuId: sku.skuId, qty: 1 }],
          }),
        }),
      },
    ],
  };
}

/** Wallet pay: exactly one request per prepared order. */
export function walletPayScenario(appUrl: string, headers: Record<string, string>, paymentIds: readonly string[], label = ''): Scenario {
  let paySeq = 0;
  return {
    name: `wallet pay POST /open-api/pay/wallet/pay (${paymentIds.length} orders)${label}`,
    url: `${appUrl}/open-api/pay/wallet/pay`,
    method: 'POST',
    headers,
    amount: paymentIds.length,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ externalUserId: DEMO_MEMBER.externalUserId, paymentId: paymentIds[paySeq++ % paymentIds.length] }),
        }),
      },
    ],
  };
}
