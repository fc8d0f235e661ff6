// The partner commerce operations the benchmarks load (bench/commerce.ts, bench/webhooks.ts): the
// members' pay orders prepared before a run, and the order create and wallet pay scenarios.
import { DEMO_GOODS } from '../prisma/demo/catalog';
import { DEMO_MEMBER } from '../prisma/demo/member';
import type { Db } from '../src/core/db/client';
import { isUniqueViolation } from '../src/core/db/unique-violation';
import { PayOrderKind } from '../src/core/order/statuses';
import { createBoundMember, createPurchaseOrder, type MemberFixture } from '../test/support/commerce-fixtures';
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

/**
 * Members whose pays the webhook benches spread over (BENCH_PAY_MEMBERS, default 100; 1 is the demo
 * member alone, as before the eighteenth session): ten connections' pays seldom wait on one wallet.
 */
export const PAY_MEMBERS = Number(process.env.BENCH_PAY_MEMBERS ?? 100);

/** A prepared order to pay, and the partner's id of the member whose wallet pays it. */
export interface Payable {
  paymentId: string;
  externalUserId: string;
}

/**
 * Writes `count` unpaid orders (1.00 CNY each) dealt in turn to `members` members bound to the seeded
 * partner: the demo member and `members - 1` new ones, each wallet covering its orders. A pay locks its
 * member's wallet row, so the pays of one member run one after the other; real traffic is many
 * members' pays at once (BENCH_PAY_MEMBERS in the webhook benches).
 */
export async function preparePayableOrders(db: Db, count: number, members = 1): Promise<Payable[]> {
  const demo = await db.member.findUniqueOrThrow({ where: { unionId: DEMO_MEMBER.unionId }, include: { addresses: true } });
  const payers: MemberFixture[] = [{ memberId: demo.id, unionId: demo.unionId, externalUserId: DEMO_MEMBER.externalUserId, addressId: demo.addresses[0]?.id as number }];
  // Twice their goods price each (room for fees), so each can pay all of its orders.
  const balance = 2 * 100 * Math.ceil(count / members);
  while (payers.length < members) payers.push(await createBoundMember(db, { balance }));
  const payables: Payable[] = [];
  while (payables.length < count) {
    const payer = payers[payables.length % payers.length] as MemberFixture;
    // Thousands of business numbers in one second can collide (the services retry; so does this).
    const order = await createPurchaseOrder(db, payer, { lines: [{ goodsId: goods.goodsId, skuId: sku.skuId, unitPrice: 100 }] }).catch((error: unknown) => {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    });
    if (order) payables.push({ paymentId: order.paymentId, externalUserId: payer.externalUserId });
  }
  // Whatever the seeded balance, the demo member too, however many rounds a bench runs.
  await db.wallet.update({ where: { memberId: demo.id }, data: { balance: { increment: balance } } });
  const kinds = await db.payOrder.groupBy({ by: ['kind'], _count: true });
  if (!kinds.every((kind) => kind.kind === PayOrderKind.PURCHASE)) throw new Error('unexpected pay orders');
  return payables;
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

/** Wallet pay: exactly one request per prepared order, by its member. */
export function walletPayScenario(appUrl: string, headers: Record<string, string>, payables: readonly Payable[], label = ''): Scenario {
  let paySeq = 0;
  return {
    name: `wallet pay POST /open-api/pay/wallet/pay (${payables.length} orders)${label}`,
    url: `${appUrl}/open-api/pay/wallet/pay`,
    method: 'POST',
    headers,
    amount: payables.length,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify(payables[paySeq++ % payables.length]),
        }),
      },
    ],
  };
}
