// Records that commerce tests start from, written straight to the database so each test states
// exactly what exists. Services under test create everything else through the real API.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/core/db/client';
import { newBusinessNo } from '../../src/core/business-no';
import { BagStatus, OrderItemStatus, PayOrderKind, PayOrderStatus, PurchaseOrderStatus } from '../../src/core/order/statuses';
import { SYSTEM_TENANT_ID } from '../../src/core/tenant/tenant-directory';
import { SEED } from './database';

const unique = () => randomBytes(5).toString('hex');

export interface MemberFixture {
  memberId: number;
  unionId: string;
  externalUserId: string;
  addressId: number;
}

/** A member bound to `partnerClientId` (the seeded partner by default) with a wallet and a default address. */
export async function createBoundMember(
  db: Db,
  options: { partnerClientId?: string; externalUserId?: string; balance?: number; tenantId?: number; repaymentAuthorized?: boolean } = {},
): Promise<MemberFixture> {
  const tenantId = options.tenantId ?? SYSTEM_TENANT_ID;
  const externalUserId = options.externalUserId ?? `user-${unique()}`;
  const balance = options.balance ?? 0;
  const member = await db.member.create({
    data: {
      tenantId,
      unionId: `union-${unique()}`,
      nickname: externalUserId,
      repaymentAuthorized: options.repaymentAuthorized ?? false,
      wallet: { create: { balance } },
      addresses: {
        create: { receiverName: 'Ana Souza', phone: '+55 11 91234-5678', country: 'BR', city: 'São Paulo', addressLine: 'Rua Augusta 1000', postCode: '01304-001', isDefault: true },
      },
      bindings: { create: { tenantId, partnerClientId: options.partnerClientId ?? SEED.partnerClientId, externalUserId } },
    },
    include: { wallet: true, addresses: true },
  });
  if (balance !== 0 && member.wallet) {
    // The balance always equals the ledger sum, fixtures included.
    await db.walletLedger.create({
      data: { walletId: member.wallet.id, memberId: member.id, amount: balance, balanceAfter: balance, kind: 'credit', bizRef: `fixture:${unique()}` },
    });
  }
  return { memberId: member.id, unionId: member.unionId, externalUserId, addressId: member.addresses[0]?.id as number };
}

export interface GoodsFixture {
  source: number;
  goodsId: string;
  skuIds: string[];
}

/** A catalog goods with SKUs (prices in cents). */
export async function createCatalogGoods(
  db: Db,
  options: { source?: number; goodsId?: string; title?: string; skus?: { skuId?: string; price: number; stock?: number; props?: Record<string, string> }[]; images?: string[] } = {},
): Promise<GoodsFixture> {
  const source = options.source ?? 1;
  const goodsId = options.goodsId ?? String(600_000_000_000 + Math.floor(Math.random() * 1e9));
  const skus = (options.skus ?? [{ price: 5990 }, { price: 6990 }]).map((sku, index) => ({
    skuId: sku.skuId ?? `${goodsId}${index + 1}`,
    price: sku.price,
    stock: sku.stock ?? 100,
    props: sku.props ?? { Size: ['S', 'M', 'L', 'XL'][index % 4] as string },
  }));
  await db.goods.create({
    data: {
      source,
      goodsId,
      title: options.title ?? `Test goods ${goodsId}`,
      images: options.images ?? [`https://img.example.com/${goodsId}.jpg`],
      price: Math.min(...skus.map((sku) => sku.price)),
      shopName: 'Test shop',
      detailUrl: `https://item.taobao.com/item.htm?id=${goodsId}`,
      skus: { create: skus },
    },
  });
  return { source, goodsId, skuIds: skus.map((sku) => sku.skuId) };
}

export interface OrderFixture {
  orderId: number;
  orderNo: string;
  paymentId: string;
  items: { id: number; orderItemNo: string; goodsId: string; skuId: string; source: number }[];
}

/** A purchase order with its pay order, as purchase create leaves them (unpaid unless `status` says otherwise). */
export async function createPurchaseOrder(
  db: Db,
  member: MemberFixture,
  options: {
    partnerClientId?: string;
    lines?: { source?: number; goodsId?: string; skuId?: string; qty?: number; unitPrice?: number }[];
    itemStatus?: number;
    paid?: boolean;
    tenantId?: number;
  } = {},
): Promise<OrderFixture> {
  const now = new Date();
  const tenantId = options.tenantId ?? SYSTEM_TENANT_ID;
  const lines = (options.lines ?? [{}]).map((line, index) => ({
    source: line.source ?? 1,
    goodsId: line.goodsId ?? `7000${index}`,
    skuId: line.skuId ?? `7000${index}1`,
    qty: line.qty ?? 1,
    unitPrice: line.unitPrice ?? 5000,
  }));
  const goodsAmount = lines.reduce((sum, line) => sum + line.qty * line.unitPrice, 0);
  const paid = options.paid ?? false;
  const orderNo = newBusinessNo('O', now);
  const paymentId = newBusinessNo('PAY', now);
  const order = await db.purchaseOrder.create({
    data: {
      tenantId,
      orderNo,
      partnerClientId: options.partnerClientId ?? SEED.partnerClientId,
      outOrderNo: `out-${unique()}`,
      externalUserId: member.externalUserId,
      memberId: member.memberId,
      addressId: member.addressId,
      address: { receiverName: 'Ana Souza', country: 'BR', city: 'São Paulo', addressLine: 'Rua Augusta 1000' },
      requestHash: unique(),
      goodsAmount,
      freightAmount: 0,
      serviceFee: 0,
      payAmount: goodsAmount,
      status: paid ? PurchaseOrderStatus.PAID : PurchaseOrderStatus.UNPAID,
      paymentId,
      paidAt: paid ? now : null,
      items: {
        create: lines.map((line, index) => ({
          tenantId,
          orderItemNo: `${newBusinessNo('PI', now)}${index}`,
          memberId: member.memberId,
          source: line.source,
          goodsId: line.goodsId,
          skuId: line.skuId,
          title: `Goods ${line.goodsId}`,
          skuProps: {},
          qty: line.qty,
          unitPrice: line.unitPrice,
          amount: line.qty * line.unitPrice,
          status: options.itemStatus ?? (paid ? OrderItemStatus.PAID : OrderItemStatus.UNPAID),
        })),
      },
    },
    include: { items: true },
  });
  await db.payOrder.create({
    data: {
      tenantId,
      paymentId,
      memberId: member.memberId,
      partnerClientId: order.partnerClientId,
      kind: PayOrderKind.PURCHASE,
      bizNo: orderNo,
      amount: goodsAmount,
      status: paid ? PayOrderStatus.PAID : PayOrderStatus.UNPAID,
      paidAt: paid ? now : null,
    },
  });
  return {
    orderId: order.id,
    orderNo,
    paymentId,
    items: order.items.map((item) => ({ id: item.id, orderItemNo: item.orderItemNo, goodsId: item.goodsId, skuId: item.skuId, source: item.source })),
  };
}

/** A bag packing the given order items (their status becomes PACKED). */
export async function createBag(db: Db, member: MemberFixture, itemIds: number[], options: { status?: number; tenantId?: number } = {}) {
  const bag = await db.bagOrder.create({
    data: {
      tenantId: options.tenantId ?? SYSTEM_TENANT_ID,
      bagNo: newBusinessNo('B', new Date()),
      memberId: member.memberId,
      status: options.status ?? BagStatus.CREATED,
      weightGrams: 1200,
      shippingLine: 'Air Standard',
      freightAmount: 12_000,
      address: { receiverName: 'Ana Souza', country: 'BR', city: 'São Paulo', addressLine: 'Rua Augusta 1000', postCode: '01304-001' },
    },
  });
  await db.purchaseOrderItem.updateMany({ where: { id: { in: itemIds } }, data: { bagId: bag.id, status: OrderItemStatus.PACKED } });
  return { bagId: bag.id, bagNo: bag.bagNo };
}
