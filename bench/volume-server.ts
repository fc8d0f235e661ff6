// The servers of npm run bench:volume, in their own process: the real app over DATABASE_URL, and a
// reference Fastify with, per operation, the same work done bare: /bare (JSON only), /prisma/* (the
// equivalent Prisma calls on a client of its own) and /raw/* (the same SQL through the raw driver),
// plus bare procedures on the same tRPC adapter: /trpc/member.get (the same input schema and member
// view read, nothing of the app around it) and /trpc/ping (no input, a constant answer).
import { randomBytes } from 'node:crypto';
import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import superjson from 'superjson';
import { loadConfig } from '../src/config';
import { recordIdSchema } from '../src/core/admin/save-shape';
import { openDatabase } from '../src/core/db/client';
import { databaseTarget } from '../src/core/db/database-url';
import { OPEN_API_SCOPES } from '../src/core/oauth2/scopes';
import { PayOrderStatus, PurchaseOrderStatus, OrderItemStatus, PayOrderKind } from '../src/core/order/statuses';
import { QC_LATEST_COUNT } from '../src/core/qc/qc-service';
import { UserType } from '../src/core/request-context';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { z } from '../src/core/validation';
import { buildApp } from '../src/server';
import { seededAdminToken } from '../test/support/admin';
import { createPartner } from '../test/support/partner-clients';
import { openRawDriver, orderFields, type RawDriver, type RawOrderInput, rawOrderCreate, rawWalletPay } from './raw-driver';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  PAYMENT_CHANNEL_SECRET: process.env.PAYMENT_CHANNEL_SECRET ?? randomBytes(32).toString('hex'),
});
const target = databaseTarget(config.DATABASE_URL);
const partnerClientId = process.env.BENCH_PARTNER as string;
const database = await openDatabase(target);
const { app, core } = await buildApp({ config, database, logger: false });
const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

const { db } = await openDatabase(target);
const raw: RawDriver = openRawDriver(target);
const tenantId = SYSTEM_TENANT_ID;
const reference = Fastify({ logger: false });
const ok = (data: unknown) => ({ code: 0, data, msg: '', error_detail: '' });
type Query = Record<string, string>;

reference.get('/bare', async () => ok({ ok: true }));

// Wallet balance: the app holds the binding in memory; the read is the wallet of the member.
reference.get('/prisma/balance', async (request) => {
  const { memberId } = request.query as Query;
  const wallet = await db.wallet.findFirst({ where: { memberId: Number(memberId), member: { tenantId } }, select: { balance: true } });
  return ok({ balance: wallet?.balance });
});
reference.get('/raw/balance', async (request) => {
  const { memberId } = request.query as Query;
  const [wallet] = await raw.all('SELECT w."balance" FROM "Wallet" w JOIN "Member" m ON m."id" = w."memberId" WHERE w."memberId" = ? AND m."tenantId" = ?', [Number(memberId), tenantId]);
  return ok({ balance: wallet?.balance });
});

reference.get('/prisma/goods', async (request) => {
  const { goodsId, source } = request.query as Query;
  return ok(await db.goods.findFirst({ where: { source: Number(source), goodsId }, include: { skus: { orderBy: { id: 'asc' } } } }));
});
reference.get('/raw/goods', async (request) => {
  const { goodsId, source } = request.query as Query;
  const [goods] = await raw.all('SELECT * FROM "Goods" WHERE "source" = ? AND "goodsId" = ? LIMIT 1', [Number(source), goodsId]);
  return ok({ ...goods, skus: goods ? await raw.all('SELECT * FROM "GoodsSku" WHERE "goodsRecordId" = ? ORDER BY "id"', [goods.id]) : [] });
});

reference.get('/prisma/purchase', async (request) => {
  const { orderNo } = request.query as Query;
  return ok(await db.purchaseOrder.findFirst({ where: { orderNo, partnerClientId, tenantId }, include: { items: { orderBy: { id: 'asc' } } } }));
});
reference.get('/raw/purchase', async (request) => {
  const { orderNo } = request.query as Query;
  const [order] = await raw.all('SELECT * FROM "PurchaseOrder" WHERE "orderNo" = ? AND "partnerClientId" = ? AND "tenantId" = ? LIMIT 1', [orderNo, partnerClientId, tenantId]);
  return ok({ ...order, items: order ? await raw.all('SELECT * FROM "PurchaseOrderItem" WHERE "orderId" = ? ORDER BY "id"', [order.id]) : [] });
});

reference.get('/prisma/items', async (request) => {
  const memberId = Number((request.query as Query).memberId);
  const where = { memberId, tenantId };
  const [total, list] = await Promise.all([
    db.purchaseOrderItem.count({ where }),
    db.purchaseOrderItem.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 10, include: { order: { select: { orderNo: true } }, bag: { select: { bagNo: true } } } }),
  ]);
  return ok({ total, list });
});
reference.get('/raw/items', async (request) => {
  const memberId = Number((request.query as Query).memberId);
  const [count] = await raw.all('SELECT COUNT(*) AS "total" FROM "PurchaseOrderItem" WHERE "memberId" = ? AND "tenantId" = ?', [memberId, tenantId]);
  const list = await raw.all(
    'SELECT i.*, o."orderNo", b."bagNo" FROM "PurchaseOrderItem" i JOIN "PurchaseOrder" o ON o."id" = i."orderId" LEFT JOIN "BagOrder" b ON b."id" = i."bagId" WHERE i."memberId" = ? AND i."tenantId" = ? ORDER BY i."createdAt" DESC, i."id" DESC LIMIT 10',
    [memberId, tenantId],
  );
  return ok({ total: Number(count?.total), list });
});

reference.get('/prisma/qc', async (request) => {
  const { goodsId, source } = request.query as Query;
  return ok(
    await db.qcRecord.findMany({
      where: { tenantId, source: Number(source), goodsId, status: 1 },
      include: { photos: { orderBy: [{ sort: 'asc' }, { id: 'asc' }], select: { url: true } } },
      orderBy: [{ completedAt: 'desc' }, { id: 'desc' }],
      take: QC_LATEST_COUNT,
    }),
  );
});
reference.get('/raw/qc', async (request) => {
  const { goodsId, source } = request.query as Query;
  const records = await raw.all('SELECT * FROM "QcRecord" WHERE "tenantId" = ? AND "source" = ? AND "goodsId" = ? AND "status" = 1 ORDER BY "completedAt" DESC, "id" DESC LIMIT ?', [
    tenantId,
    Number(source),
    goodsId,
    QC_LATEST_COUNT,
  ]);
  const photos = records.length
    ? await raw.all(`SELECT "qcRecordId", "url" FROM "QcPhoto" WHERE "qcRecordId" IN (${records.map(() => '?').join(', ')}) ORDER BY "sort", "id"`, records.map((record) => record.id))
    : [];
  return ok(records.map((record) => ({ ...record, photos: photos.filter((photo) => photo.qcRecordId === record.id) })));
});

// Order create: the priced SKU read, then the order, its item and its pay order in one transaction.
type CreateBody = Omit<RawOrderInput, 'tenantId' | 'partnerClientId'>;
reference.post('/prisma/order-create', async (request) => {
  const body = { ...(request.body as CreateBody), tenantId, partnerClientId };
  const goods = await db.goods.findFirst({ where: { source: 1, goodsId: body.goodsId }, include: { skus: { where: { skuId: body.skuId } } } });
  const price = goods?.skus[0]?.price ?? 0;
  const { order, itemNo } = orderFields(body, price);
  const now = new Date();
  await db.$transaction([
    db.purchaseOrder.create({
      data: {
        ...order, address: {}, items: { create: { tenantId, orderItemNo: itemNo, memberId: body.memberId, source: 1, goodsId: body.goodsId, skuId: body.skuId, title: goods?.title ?? '', skuProps: {}, qty: 1, unitPrice: price, amount: price, status: OrderItemStatus.UNPAID } },
      },
      select: { id: true },
    }),
    db.payOrder.create({ data: { tenantId, paymentId: order.paymentId, memberId: body.memberId, partnerClientId, kind: PayOrderKind.PURCHASE, bizNo: order.orderNo, amount: price, createdAt: now }, select: { id: true } }),
  ]);
  return ok({ orderNo: order.orderNo, paymentId: order.paymentId });
});
reference.post('/raw/order-create', async (request) => ok(await rawOrderCreate(raw, { ...(request.body as CreateBody), tenantId, partnerClientId })));

// Wallet pay: pay order, order and items marked paid, the debit and its ledger row in one transaction.
interface PayBody { paymentId: string; memberId: number }
reference.post('/prisma/wallet-pay', async (request) => {
  const { paymentId, memberId } = request.body as PayBody;
  const now = new Date();
  return ok(
    await db.$transaction(async (tx) => {
      const payOrder = await tx.payOrder.findUnique({ where: { paymentId } });
      if (!payOrder || payOrder.status !== PayOrderStatus.UNPAID) return { paid: false };
      await tx.payOrder.updateMany({ where: { id: payOrder.id, status: PayOrderStatus.UNPAID }, data: { status: PayOrderStatus.PAID, paidAt: now } });
      const order = await tx.purchaseOrder.findUnique({ where: { paymentId }, select: { id: true } });
      await tx.purchaseOrder.updateMany({ where: { id: order?.id, status: PurchaseOrderStatus.UNPAID }, data: { status: PurchaseOrderStatus.PAID, paidAt: now } });
      await tx.purchaseOrderItem.updateMany({ where: { orderId: order?.id, status: OrderItemStatus.UNPAID }, data: { status: OrderItemStatus.PAID } });
      const wallet = await tx.wallet.findUnique({ where: { memberId }, select: { id: true } });
      await tx.wallet.updateMany({ where: { id: wallet?.id, balance: { gte: payOrder.amount } }, data: { balance: { decrement: payOrder.amount } } });
      const after = await tx.wallet.findUnique({ where: { memberId }, select: { id: true, balance: true } });
      await tx.walletLedger.create({ data: { walletId: after?.id as number, memberId, amount: -payOrder.amount, balanceAfter: after?.balance as number, kind: 'pay', bizRef: `pay:${paymentId}` }, select: { id: true } });
      return { paid: true };
    }),
  );
});
reference.post('/raw/wallet-pay', async (request) => {
  const { paymentId, memberId } = request.body as PayBody;
  return ok({ paid: await rawWalletPay(raw, paymentId, memberId) });
});

// The GraphQL page of 100 users with department, roles and posts, hand-written: the same JSON.
async function userPage(read: { users: () => Promise<Record<string, unknown>[]>; total: () => Promise<number>; depts: (ids: number[]) => Promise<Record<string, unknown>[]>; roles: (userIds: number[]) => Promise<Record<string, unknown>[]>; posts: (userIds: number[]) => Promise<Record<string, unknown>[]> }) {
  const [users, total] = await Promise.all([read.users(), read.total()]);
  const ids = users.map((user) => Number(user.id));
  const [depts, roles, posts] = await Promise.all([read.depts([...new Set(users.map((user) => Number(user.deptId)).filter(Boolean))]), read.roles(ids), read.posts(ids)]);
  const deptOf = new Map(depts.map((dept) => [Number(dept.id), { id: dept.id, name: dept.name }]));
  return {
    data: {
      userPage: {
        total,
        list: users.map((user) => ({
          id: user.id,
          username: user.username,
          nickname: user.nickname,
          dept: deptOf.get(Number(user.deptId)) ?? null,
          roles: roles.filter((role) => Number(role.userId) === Number(user.id)).map((role) => ({ id: role.id, name: role.name })),
          posts: posts.filter((post) => Number(post.userId) === Number(user.id)).map((post) => ({ id: post.id, name: post.name })),
        })),
      },
    },
  };
}
reference.post('/prisma/users', async () =>
  userPage({
    users: () => db.adminUser.findMany({ where: { tenantId }, orderBy: { id: 'desc' }, take: 100, select: { id: true, username: true, nickname: true, deptId: true } }),
    total: () => db.adminUser.count({ where: { tenantId } }),
    depts: (ids) => db.dept.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
    roles: async (userIds) => (await db.userRole.findMany({ where: { userId: { in: userIds } }, select: { userId: true, role: { select: { id: true, name: true } } } })).map((link) => ({ userId: link.userId, ...link.role })),
    posts: async (userIds) => (await db.userPost.findMany({ where: { userId: { in: userIds } }, select: { userId: true, post: { select: { id: true, name: true } } } })).map((link) => ({ userId: link.userId, ...link.post })),
  }),
);
const inList = (values: number[]) => (values.length ? values.map(() => '?').join(', ') : 'NULL');
reference.post('/raw/users', async () =>
  userPage({
    users: () => raw.all('SELECT "id", "username", "nickname", "deptId" FROM "AdminUser" WHERE "tenantId" = ? ORDER BY "id" DESC LIMIT 100', [tenantId]),
    total: async () => Number((await raw.all('SELECT COUNT(*) AS "n" FROM "AdminUser" WHERE "tenantId" = ?', [tenantId]))[0]?.n),
    depts: (ids) => raw.all(`SELECT "id", "name" FROM "Dept" WHERE "id" IN (${inList(ids)})`, ids),
    roles: (userIds) => raw.all(`SELECT ur."userId", r."id", r."name" FROM "UserRole" ur JOIN "Role" r ON r."id" = ur."roleId" WHERE ur."userId" IN (${inList(userIds)})`, userIds),
    posts: (userIds) => raw.all(`SELECT up."userId", p."id", p."name" FROM "UserPost" up JOIN "Post" p ON p."id" = up."postId" WHERE up."userId" IN (${inList(userIds)})`, userIds),
  }),
);

const adminToken = await seededAdminToken(core);
// Bare procedures on the same tRPC adapter and transformer: one doing member.get's own work (its input
// schema and the core's member view, for a staff context made once), one answering a constant.
const { ctx: staff } = await core.adminAuth.contextFor({ requestId: 'bench', ip: '127.0.0.1', authorization: `Bearer ${adminToken}` });
const t = initTRPC.create({ transformer: superjson });
const bareRouter = t.router({
  ping: t.procedure.query(() => ({ ok: true })),
  member: t.router({ get: t.procedure.input(z.object({ memberId: recordIdSchema })).query(({ input }) => core.members.detail(staff, input.memberId)) }),
});
await reference.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router: bareRouter } });

const referenceUrl = await reference.listen({ host: '127.0.0.1', port: 0 });

const partner = await db.oAuth2Client.findUniqueOrThrow({ where: { clientId: partnerClientId } });
const partnerToken = (await core.tokens.issue({ userId: partner.id, userType: UserType.OPEN_API, tenantId, clientId: partnerClientId, scopes: [...OPEN_API_SCOPES], validitySeconds: 7200 })).accessToken;
// Token issue is measured with a partner of its own (its secret is known here).
const issuer = await createPartner(core);

process.send?.({ appUrl, referenceUrl, partnerToken, adminToken, issuer: { clientId: issuer.clientId, secret: issuer.secret } });
process.on('message', async (message) => {
  if (message === 'stop') {
    await app.close();
    await reference.close();
    await database.close();
    await db.$disconnect();
    await raw.close();
    process.exit(0);
  }
});
