import { createServer } from 'node:http';
import { OpenBuyClient, OpenBuyError, verifyWebhook } from '@openbuy/partner-sdk';

const openbuy = new OpenBuyClient({ baseUrl: 'https://openbuy.example', clientId: 'my-client', clientSecret: process.env.OPENBUY_SECRET ?? '' });
const externalUserId = 'user-42'; // your user, bound to an OpenBuy member

const [found] = (await openbuy.get('/open-api/goods/search', { params: { query: { keyword: 'hoodie', page: 1, source: 1 } } })).list;
const goods = await openbuy.get('/open-api/goods/detail', { params: { query: { goodsId: found?.goodsId ?? '', source: 1 } } });
const items = [{ platformChannel: goods.source, goodsId: goods.goodsId, skuId: goods.skus[0]?.skuId ?? '', qty: 1 }];
const quote = await openbuy.post('/open-api/order/purchase/quote', { body: { externalUserId, items } });
const order = await openbuy.post('/open-api/order/purchase/create', { body: { outOrderNo: 'my-order-1', externalUserId, items, expectedPayAmount: quote.payAmount } });
try {
  await openbuy.post('/open-api/pay/wallet/pay', { body: { externalUserId, paymentId: order.paymentId, payAmount: order.payAmount } });
} catch (error) {
  if (!(error instanceof OpenBuyError && error.isBusinessError)) throw error;
  console.log(`not paid: ${error.code} ${error.message}`); // e.g. a balance too low
}

createServer(async (request, response) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  try {
    const event = verifyWebhook(process.env.OPENBUY_WEBHOOK_SECRET ?? '', body, request.headers);
    console.log(event.id, event.type, event.data); // at least once: deduplicate by event.id
    response.writeHead(204).end();
  } catch {
    response.writeHead(400).end();
  }
}).listen(8080);
