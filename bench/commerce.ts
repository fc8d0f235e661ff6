// npm run bench:commerce: partner commerce operations under load, each against the bare Fastify
// route of the same run: wallet balance, goods detail (catalog), order create, wallet pay.
import { DEMO_MEMBER } from '../prisma/demo/member';
import { goods, orderCreateScenario, type Payable, partnerHeaders, preparePayableOrders, walletPayScenario } from './commerce-scenarios';
import { report, run, type Scenario, startServers } from './harness';

/** Pay orders prepared for the wallet-pay scenario: it sends exactly this many requests. */
const PAYABLE_ORDERS = Number(process.env.BENCH_PAY_ORDERS ?? 2000);

let payables: Payable[] = [];
const servers = await startServers({
  demoData: true,
  prepare: async (db) => {
    payables = await preparePayableOrders(db, PAYABLE_ORDERS);
  },
});
try {
  const headers = await partnerHeaders(servers.appUrl);
  const scenarios: Scenario[] = [
    { name: 'bare Fastify GET /bare', url: `${servers.bareUrl}/bare` },
    { name: 'wallet balance GET /open-api/pay/wallet/balance', url: `${servers.appUrl}/open-api/pay/wallet/balance?externalUserId=${DEMO_MEMBER.externalUserId}`, headers },
    { name: 'goods detail (catalog) GET /open-api/goods/detail', url: `${servers.appUrl}/open-api/goods/detail?goodsId=${goods.goodsId}&source=${goods.source}`, headers },
    orderCreateScenario(servers.appUrl, headers),
    walletPayScenario(servers.appUrl, headers, payables),
  ];
  const results = [];
  for (const scenario of scenarios) results.push(await run(scenario));
  report('OpenBuy partner commerce benchmark', results);
} finally {
  await servers.stop();
}
