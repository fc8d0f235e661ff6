// npm run bench:data [-- --scale 0.01 --partner <clientId>]: fills the database of DATABASE_URL
// (SQLite or PostgreSQL, migrated and seeded) with a purchasing agent's volume, through the raw
// driver in bulk: members with bindings, wallets, addresses and ledgers; orders in every status with
// their items and pay orders; supplements, bags, a catalog, QC records with photos, administrators
// over departments, roles and posts, and operation logs. Every row is consistent with the services'
// rules (a wallet's balance is its ledger sum, an item's bag belongs to its member...), so the service
// runs on the result. Unique numbers carry a run tag: the generator can run again on the same database.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ADMIN_CONSOLE_CLIENT_ID } from '../src/core/admin/admin-auth-service';
import { databaseTarget, DEFAULT_DATABASE_URL, type DatabaseTarget } from '../src/core/db/database-url';
import { deployMigrations } from '../src/core/db/migrations';
import {
  BagStatus,
  OrderItemStatus,
  PayOrderKind,
  PayOrderStatus,
  PurchaseOrderStatus,
  QcResult,
  QcStatus,
  SupplementBizType,
  SupplementStatus,
} from '../src/core/order/statuses';
import { hashSecret } from '../src/core/security/password-hash';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { migrationsDir } from '../prisma/schema';
import { openBulkWriter, type Value } from './bulk-writer';

/** Rows at scale 1. */
export const FULL_VOLUME = {
  members: 100_000,
  orders: 300_000,
  /** Over the orders: every third order has 4 items, the others 3. */
  orderItems: 1_000_000,
  supplements: 20_000,
  bags: 50_000,
  goods: 50_000,
  /** SKUs per goods. */
  skusPerGoods: 10,
  /** QC photos per QC record (one record for the first item of each order past QC). */
  qcPhotos: 2,
  administrators: 10_000,
  departments: 100,
  roles: 50,
  posts: 20,
  operationLogs: 200_000,
} as const;

/** Password of every generated administrator (username volume-<tag>-<n>), for console benchmarks. */
export const VOLUME_ADMIN_PASSWORD = 'volume-admin-password';

export interface VolumeOptions {
  /** Fraction of FULL_VOLUME (1 = full). */
  scale: number;
  /** The partner client the members are bound to and the orders belong to. */
  partnerClientId: string;
  /**
   * At least this many administrators, and departments, roles and posts at their full-volume counts
   * (small tables), whatever the scale: a small database for bench:volume still fills the console's
   * user page of this size with the same content (as many distinct departments, roles and posts as
   * at full volume), so the page is the same at both volumes and only the tables' size differs.
   */
  fullUserPage?: number;
  /** Told of progress: rows written so far of all planned. */
  onProgress?: (table: string, written: number, planned: number) => void;
}

export interface VolumeResult {
  tag: string;
  /** Rows written per table. */
  rows: Record<string, number>;
  /** externalUserId of member n is `${externalUserIdPrefix}${n}`; its balance is memberBalance(n). */
  externalUserIdPrefix: string;
  /** An administrator's username (password VOLUME_ADMIN_PASSWORD). */
  adminUsername: string;
  /** The catalog goods ids start here (goodsId `${goodsIdPrefix}${n}`, source 1). */
  goodsIdPrefix: string;
}

/** A member's balance: credited 1,000.00 CNY, then paid its own share of orders (by construction). */
export const memberCredit = (member: number) => 100_000 + (member % 7) * 10_000;
export const memberPaid = (member: number) => 5_000 + (member % 5) * 1_000;
export const memberBalance = (member: number) => memberCredit(member) - memberPaid(member);

/** Item statuses of paid orders, one per order class (order index mod 10, classes 2-9). */
const PAID_ITEM_STATUSES = [
  OrderItemStatus.PAID,
  OrderItemStatus.PURCHASED,
  OrderItemStatus.ARRIVED,
  OrderItemStatus.QC_DONE,
  OrderItemStatus.IN_STORAGE,
  OrderItemStatus.PACKED,
  OrderItemStatus.SHIPPED,
  OrderItemStatus.REFUNDED,
] as const;
const PAST_QC = new Set<number>([OrderItemStatus.QC_DONE, OrderItemStatus.IN_STORAGE, OrderItemStatus.PACKED, OrderItemStatus.SHIPPED]);
const BAGGED = new Set<number>([OrderItemStatus.PACKED, OrderItemStatus.SHIPPED]);

const ADDRESS = { receiverName: 'Ana Souza', phone: '+55 11 91234-5678', country: 'BR', city: 'São Paulo', addressLine: 'Rua Augusta 1000', postCode: '01304-001' };
const DAY = 86_400_000;

export async function generateVolume(target: DatabaseTarget, options: VolumeOptions): Promise<VolumeResult> {
  const scaled = (full: number) => Math.max(1, Math.round(full * options.scale));
  const n = {
    members: scaled(FULL_VOLUME.members),
    orders: scaled(FULL_VOLUME.orders),
    supplements: scaled(FULL_VOLUME.supplements),
    goods: scaled(FULL_VOLUME.goods),
    administrators: Math.max(options.fullUserPage ?? 1, scaled(FULL_VOLUME.administrators)),
    departments: options.fullUserPage ? FULL_VOLUME.departments : scaled(FULL_VOLUME.departments),
    roles: options.fullUserPage ? FULL_VOLUME.roles : scaled(FULL_VOLUME.roles),
    posts: options.fullUserPage ? FULL_VOLUME.posts : scaled(FULL_VOLUME.posts),
    operationLogs: scaled(FULL_VOLUME.operationLogs),
  };
  // Items: 3 per order, 4 for every third order (o % 3 === 0): 1,000,000 over 300,000 at scale 1.
  const itemsOf = (order: number) => (order % 3 === 0 ? 4 : 3);
  const firstItemOf = (order: number) => 3 * order + Math.ceil(order / 3);
  const itemCount = firstItemOf(n.orders);
  const skuCount = n.goods * FULL_VOLUME.skusPerGoods;
  /** The class of an order (its index mod 10): 0 unpaid, 1 closed, 2-9 paid with PAID_ITEM_STATUSES. */
  const classOf = (order: number) => order % 10;
  // A bag per packed or shipped order, up to the bag count; further such orders stay in storage.
  const bagRankOf = (order: number) => (classOf(order) === 7 || classOf(order) === 8 ? Math.floor(order / 10) * 2 + classOf(order) - 7 : -1);
  const bagCount = Math.min(scaled(FULL_VOLUME.bags), Math.floor(n.orders / 10) * 2 + (n.orders % 10 > 7 ? 1 : 0) + (n.orders % 10 > 8 ? 1 : 0));
  const bagOf = (order: number) => {
    const rank = bagRankOf(order);
    return rank >= 0 && rank < bagCount ? rank : -1;
  };
  const itemStatusOf = (order: number) => {
    const orderClass = classOf(order);
    if (orderClass === 0) return OrderItemStatus.UNPAID;
    if (orderClass === 1) return OrderItemStatus.CANCELLED;
    const status = PAID_ITEM_STATUSES[orderClass - 2] as number;
    return BAGGED.has(status) && bagOf(order) < 0 ? OrderItemStatus.IN_STORAGE : status;
  };
  // Member of an order: three orders per member in a row, spread over all members.
  const memberOf = (order: number) => Math.floor(order / 3) % n.members;
  const qcOrders = Array.from({ length: 10 }, (_, orderClass) => orderClass).filter((orderClass) => orderClass >= 2 && PAST_QC.has(PAID_ITEM_STATUSES[orderClass - 2] as number));

  const writer = await openBulkWriter(target);
  try {
    const tag = Date.now().toString(36);
    const base: Record<string, number> = {};
    const tables = [
      'Member', 'Wallet', 'MemberAddress', 'PartnerBinding', 'WalletLedger', 'Goods', 'GoodsSku', 'PurchaseOrder', 'PurchaseOrderItem', 'PayOrder',
      'SupplementBill', 'BagOrder', 'QcRecord', 'QcPhoto', 'Dept', 'Role', 'Post', 'AdminUser', 'OperationLog',
    ];
    for (const table of tables) base[table] = await writer.maxId(table);
    const id = (table: string, index: number) => (base[table] as number) + 1 + index;
    const now = Date.now();
    /** Spread over the past two years, oldest first. */
    const at = (index: number, count: number) => new Date(now - 730 * DAY + Math.floor((index * 730 * DAY) / Math.max(1, count)));
    const orderNo = (order: number) => `O${tag}${order}`;
    const paymentId = (order: number) => `PAY${tag}${order}`;
    const goodsIdOf = (goods: number) => `${tag}${goods}`;
    const qcOrderCount = Math.floor(n.orders / 10) * qcOrders.length + qcOrders.filter((orderClass) => orderClass < n.orders % 10).length;
    const qcOrderOf = (record: number) => Math.floor(record / qcOrders.length) * 10 + (qcOrders[record % qcOrders.length] as number);
    const passwordHash = await hashSecret(VOLUME_ADMIN_PASSWORD);

    const plan: { table: string; columns: string[]; count: number; row: (index: number) => Value[] }[] = [
      {
        table: 'Member',
        columns: ['id', 'tenantId', 'unionId', 'nickname', 'email', 'status', 'repaymentAuthorized', 'createdAt', 'updatedAt'],
        count: n.members,
        row: (m) => [id('Member', m), SYSTEM_TENANT_ID, `vu-${tag}-${m}`, `Member ${m}`, `m${m}@volume.example.com`, 0, m % 4 === 0, at(m, n.members), at(m, n.members)],
      },
      {
        table: 'Wallet',
        columns: ['id', 'memberId', 'balance', 'createdAt', 'updatedAt'],
        count: n.members,
        row: (m) => [id('Wallet', m), id('Member', m), memberBalance(m), at(m, n.members), at(m, n.members)],
      },
      {
        table: 'MemberAddress',
        columns: ['id', 'memberId', 'receiverName', 'phone', 'country', 'city', 'addressLine', 'postCode', 'isDefault', 'createdAt', 'updatedAt'],
        count: n.members,
        row: (m) => [id('MemberAddress', m), id('Member', m), ADDRESS.receiverName, ADDRESS.phone, ADDRESS.country, ADDRESS.city, ADDRESS.addressLine, ADDRESS.postCode, true, at(m, n.members), at(m, n.members)],
      },
      {
        table: 'PartnerBinding',
        columns: ['id', 'tenantId', 'partnerClientId', 'externalUserId', 'memberId', 'createdAt'],
        count: n.members,
        row: (m) => [id('PartnerBinding', m), SYSTEM_TENANT_ID, options.partnerClientId, `vol-${tag}-${m}`, id('Member', m), at(m, n.members)],
      },
      {
        // Two entries per wallet: a credit, then a payment; the balance is their sum.
        table: 'WalletLedger',
        columns: ['id', 'walletId', 'memberId', 'amount', 'balanceAfter', 'kind', 'bizRef', 'createdAt'],
        count: n.members * 2,
        row: (entry) => {
          const m = Math.floor(entry / 2);
          return entry % 2 === 0
            ? [id('WalletLedger', entry), id('Wallet', m), id('Member', m), memberCredit(m), memberCredit(m), 'credit', `credit:vol-${tag}-${m}`, at(m, n.members)]
            : [id('WalletLedger', entry), id('Wallet', m), id('Member', m), -memberPaid(m), memberBalance(m), 'pay', `pay:vol-${tag}-${m}`, at(m, n.members)];
        },
      },
      {
        table: 'Goods',
        columns: ['id', 'source', 'goodsId', 'title', 'images', 'price', 'sales', 'shopName', 'detailUrl', 'status', 'createdAt', 'updatedAt'],
        count: n.goods,
        row: (g) => [
          id('Goods', g), 1, goodsIdOf(g), `Volume goods ${g}`, [`https://img.volume.example.com/${g}.jpg`], 1000 + (g % 100) * 10, g % 1000,
          `Shop ${g % 500}`, `https://item.taobao.com/item.htm?id=${goodsIdOf(g)}`, 0, at(g, n.goods), at(g, n.goods),
        ],
      },
      {
        table: 'GoodsSku',
        columns: ['id', 'goodsRecordId', 'skuId', 'props', 'price', 'stock', 'createdAt', 'updatedAt'],
        count: skuCount,
        row: (s) => {
          const g = Math.floor(s / FULL_VOLUME.skusPerGoods);
          const k = s % FULL_VOLUME.skusPerGoods;
          return [id('GoodsSku', s), id('Goods', g), `${goodsIdOf(g)}-${k}`, { Size: ['S', 'M', 'L', 'XL', 'XXL'][k % 5], Color: k < 5 ? 'Red' : 'Blue' }, 1000 + (g % 100) * 10 + k * 10, 100, at(g, n.goods), at(g, n.goods)];
        },
      },
      {
        table: 'PurchaseOrder',
        columns: [
          'id', 'tenantId', 'orderNo', 'partnerClientId', 'outOrderNo', 'externalUserId', 'memberId', 'addressId', 'address', 'requestHash',
          'goodsAmount', 'freightAmount', 'serviceFee', 'payAmount', 'status', 'paymentId', 'paidAt', 'createdAt', 'updatedAt',
        ],
        count: n.orders,
        row: (o) => {
          const m = memberOf(o);
          const amount = itemsOf(o) * 1000;
          const status = classOf(o) === 0 ? PurchaseOrderStatus.UNPAID : classOf(o) === 1 ? PurchaseOrderStatus.CLOSED : PurchaseOrderStatus.PAID;
          const created = at(o, n.orders);
          return [
            id('PurchaseOrder', o), SYSTEM_TENANT_ID, orderNo(o), options.partnerClientId, `vol-${tag}-${o}`, `vol-${tag}-${m}`, id('Member', m), id('MemberAddress', m), ADDRESS,
            `vol-${tag}-${o}`, amount, 0, 0, amount, status, paymentId(o), status === PurchaseOrderStatus.PAID ? created : null, created, created,
          ];
        },
      },
      {
        table: 'BagOrder',
        columns: ['id', 'tenantId', 'bagNo', 'memberId', 'status', 'weightGrams', 'shippingLine', 'freightAmount', 'address', 'trackingNo', 'shippedAt', 'createdAt', 'updatedAt'],
        count: bagCount,
        row: (b) => {
          // Rank b is the order of class 7 (packed) or 8 (shipped) at 10 * floor(b / 2) + 7 + b % 2.
          const o = Math.floor(b / 2) * 10 + 7 + (b % 2);
          const shipped = b % 2 === 1;
          const status = shipped ? (b % 4 === 1 ? BagStatus.SHIPPED : BagStatus.DELIVERED) : ([BagStatus.CREATED, BagStatus.WEIGHED, BagStatus.READY][b % 3] as number);
          return [
            id('BagOrder', b), SYSTEM_TENANT_ID, `B${tag}${b}`, id('Member', memberOf(o)), status, 1200, 'Air Standard', 12_000, ADDRESS,
            shipped ? `TRK${tag}${b}` : null, shipped ? at(o, n.orders) : null, at(o, n.orders), at(o, n.orders),
          ];
        },
      },
      {
        table: 'PurchaseOrderItem',
        columns: [
          'id', 'tenantId', 'orderId', 'orderItemNo', 'memberId', 'platformChannel', 'source', 'goodsId', 'skuId', 'title', 'skuProps', 'qty',
          'unitPrice', 'amount', 'status', 'bagId', 'createdAt', 'updatedAt',
        ],
        count: itemCount,
        row: (item) => {
          // The order of item i: firstItemOf is increasing, so a guess from the mean is off by at most one.
          let o = Math.floor((item * 3) / 10);
          while (firstItemOf(o + 1) <= item) o += 1;
          while (firstItemOf(o) > item) o -= 1;
          const g = item % n.goods;
          const k = Math.floor(item / n.goods) % FULL_VOLUME.skusPerGoods;
          const bag = bagOf(o);
          const status = itemStatusOf(o);
          return [
            id('PurchaseOrderItem', item), SYSTEM_TENANT_ID, id('PurchaseOrder', o), `PI${tag}${item}`, id('Member', memberOf(o)), 1, 1, goodsIdOf(g), `${goodsIdOf(g)}-${k}`,
            `Volume goods ${g}`, { Size: 'M' }, 1, 1000, 1000, status, BAGGED.has(status) ? id('BagOrder', bag) : null, at(o, n.orders), at(o, n.orders),
          ];
        },
      },
      {
        // One per order, then one per paid supplement.
        table: 'PayOrder',
        columns: ['id', 'tenantId', 'paymentId', 'memberId', 'partnerClientId', 'kind', 'bizNo', 'amount', 'status', 'paidAt', 'createdAt', 'updatedAt'],
        count: n.orders + Math.ceil(n.supplements / 2),
        row: (p) => {
          if (p >= n.orders) {
            const s = (p - n.orders) * 2;
            const o = supplementOrderOf(s);
            return [id('PayOrder', p), SYSTEM_TENANT_ID, `PAYS${tag}${s}`, id('Member', memberOf(o)), options.partnerClientId, PayOrderKind.SUPPLEMENT, `E${tag}${s}`, 500, PayOrderStatus.PAID, at(o, n.orders), at(o, n.orders), at(o, n.orders)];
          }
          const status = classOf(p) === 0 ? PayOrderStatus.UNPAID : classOf(p) === 1 ? PayOrderStatus.CLOSED : PayOrderStatus.PAID;
          return [id('PayOrder', p), SYSTEM_TENANT_ID, paymentId(p), id('Member', memberOf(p)), options.partnerClientId, PayOrderKind.PURCHASE, orderNo(p), itemsOf(p) * 1000, status, status === PayOrderStatus.PAID ? at(p, n.orders) : null, at(p, n.orders), at(p, n.orders)];
        },
      },
      {
        // On paid orders; every other one paid (by its own supplement pay order).
        table: 'SupplementBill',
        columns: ['id', 'tenantId', 'orderExpensesNo', 'memberId', 'bizType', 'bizNo', 'amount', 'reason', 'status', 'paymentId', 'paidAt', 'createdAt', 'updatedAt'],
        count: n.supplements,
        row: (s) => {
          const o = supplementOrderOf(s);
          const paid = s % 2 === 0;
          return [
            id('SupplementBill', s), SYSTEM_TENANT_ID, `E${tag}${s}`, id('Member', memberOf(o)), SupplementBizType.PURCHASE, orderNo(o), 500, 'Price difference',
            paid ? SupplementStatus.PAID : SupplementStatus.UNPAID, paid ? `PAYS${tag}${s}` : null, paid ? at(o, n.orders) : null, at(o, n.orders), at(o, n.orders),
          ];
        },
      },
      {
        table: 'QcRecord',
        columns: ['id', 'tenantId', 'orderItemId', 'orderNo', 'orderItemNo', 'source', 'goodsId', 'skuId', 'result', 'status', 'completedAt', 'createdAt', 'updatedAt'],
        count: qcOrderCount,
        row: (q) => {
          const o = qcOrderOf(q);
          const item = firstItemOf(o);
          const g = item % n.goods;
          const k = Math.floor(item / n.goods) % FULL_VOLUME.skusPerGoods;
          return [
            id('QcRecord', q), SYSTEM_TENANT_ID, id('PurchaseOrderItem', item), orderNo(o), `PI${tag}${item}`, 1, goodsIdOf(g), `${goodsIdOf(g)}-${k}`,
            q % 20 === 0 ? QcResult.FAILED : QcResult.PASSED, QcStatus.COMPLETED, at(o, n.orders), at(o, n.orders), at(o, n.orders),
          ];
        },
      },
      {
        table: 'QcPhoto',
        columns: ['id', 'qcRecordId', 'url', 'sort', 'createdAt'],
        count: qcOrderCount * FULL_VOLUME.qcPhotos,
        row: (p) => {
          const q = Math.floor(p / FULL_VOLUME.qcPhotos);
          return [id('QcPhoto', p), id('QcRecord', q), `https://files.volume.example.com/qc/${tag}/${p}.jpg`, p % FULL_VOLUME.qcPhotos, at(qcOrderOf(q), n.orders)];
        },
      },
      {
        // A tree: the first tenth are top-level, the rest under them.
        table: 'Dept',
        columns: ['id', 'tenantId', 'name', 'parentId', 'sort', 'status', 'createdAt', 'updatedAt'],
        count: n.departments,
        row: (d) => {
          const tops = Math.max(1, Math.floor(n.departments / 10));
          return [id('Dept', d), SYSTEM_TENANT_ID, `Dept ${tag} ${d}`, d < tops ? 0 : id('Dept', d % tops), d, 0, new Date(now), new Date(now)];
        },
      },
      {
        table: 'Role',
        columns: ['id', 'tenantId', 'name', 'code', 'sort', 'status', 'type', 'dataScope', 'dataScopeDeptIds', 'createdAt', 'updatedAt'],
        count: n.roles,
        row: (r) => [id('Role', r), SYSTEM_TENANT_ID, `Role ${r}`, `vol-${tag}-${r}`, r, 0, 2, 1, [], new Date(now), new Date(now)],
      },
      {
        table: 'Post',
        columns: ['id', 'tenantId', 'name', 'code', 'sort', 'status', 'createdAt', 'updatedAt'],
        count: n.posts,
        row: (p) => [id('Post', p), SYSTEM_TENANT_ID, `Post ${p}`, `vol-${tag}-${p}`, p, 0, new Date(now), new Date(now)],
      },
      {
        table: 'AdminUser',
        columns: ['id', 'tenantId', 'username', 'passwordHash', 'nickname', 'name', 'deptId', 'email', 'status', 'createdAt', 'updatedAt'],
        count: n.administrators,
        row: (a) => [id('AdminUser', a), SYSTEM_TENANT_ID, `volume-${tag}-${a}`, passwordHash, `Staff ${a}`, `Staff member ${a}`, id('Dept', a % n.departments), `staff${a}@volume.example.com`, 0, at(a, n.administrators), at(a, n.administrators)],
      },
      {
        // Two roles per administrator (one when there is a single role).
        table: 'UserRole',
        columns: ['tenantId', 'userId', 'roleId'],
        count: n.administrators * Math.min(2, n.roles),
        row: (link) => {
          const a = Math.floor(link / Math.min(2, n.roles));
          return [SYSTEM_TENANT_ID, id('AdminUser', a), id('Role', (a + (link % 2)) % n.roles)];
        },
      },
      {
        table: 'UserPost',
        columns: ['tenantId', 'userId', 'postId'],
        count: n.administrators,
        row: (a) => [SYSTEM_TENANT_ID, id('AdminUser', a), id('Post', a % n.posts)],
      },
      {
        table: 'OperationLog',
        columns: ['id', 'tenantId', 'userId', 'username', 'operation', 'targetId', 'resultCode', 'durationMs', 'ip', 'requestId', 'createdAt'],
        count: n.operationLogs,
        row: (l) => {
          const a = l % n.administrators;
          return [id('OperationLog', l), SYSTEM_TENANT_ID, id('AdminUser', a), `volume-${tag}-${a}`, (['updateUser', 'createRole', 'updateDept', 'deleteNotice'][l % 4] as string), String(l % 1000), l % 50 === 0 ? 1_002_000_000 : 0, l % 40, '10.1.2.3', `vol-${tag}-${l}`, at(l, n.operationLogs)];
        },
      },
    ];
    /** Supplement s is raised on a paid order (class 2, awaiting purchase). */
    function supplementOrderOf(s: number): number {
      return ((s * 10) % (Math.floor(n.orders / 10) * 10 || 10)) + 2;
    }

    const planned = plan.reduce((sum, table) => sum + table.count, 0);
    let written = 0;
    const rows: Record<string, number> = {};
    for (const table of plan) {
      await writer.insert(table.table, table.columns, table.count, table.row, (count) => {
        written += count;
        options.onProgress?.(table.table, written, planned);
      });
      rows[table.table] = table.count;
    }
    await writer.finish(plan.filter((table) => table.columns[0] === 'id').map((table) => table.table));
    return { tag, rows, externalUserIdPrefix: `vol-${tag}-`, adminUsername: `volume-${tag}-0`, goodsIdPrefix: tag };
  } finally {
    await writer.close();
  }
}

/** A progress bar on stderr, redrawn at most ten times a second. */
function progressBar(): VolumeOptions['onProgress'] {
  const started = Date.now();
  let drawn = 0;
  return (table, written, planned) => {
    const time = Date.now();
    if (time - drawn < 100 && written < planned) return;
    drawn = time;
    const width = 30;
    const filled = Math.round((written / planned) * width);
    const seconds = Math.round((time - started) / 1000);
    process.stderr.write(
      `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${((written / planned) * 100).toFixed(1).padStart(5)}%  ${written.toLocaleString('en')}/${planned.toLocaleString('en')} rows  ${seconds} s  ${table.padEnd(18)}`,
    );
    if (written === planned) process.stderr.write('\n');
  };
}

/** The partner the members are bound to: the one named, else the first partner client. */
async function defaultPartner(target: DatabaseTarget): Promise<string> {
  const { openDatabase } = await import('../src/core/db/client');
  const database = await openDatabase(target);
  try {
    const client = await database.db.oAuth2Client.findFirst({ where: { clientId: { not: ADMIN_CONSOLE_CLIENT_ID } }, orderBy: { id: 'asc' } });
    if (!client) throw new Error('No partner client: seed the database first (npm run db:seed).');
    return client.clientId;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, partner: { type: 'string' } } });
  const scale = Number(values.scale);
  if (!(scale > 0 && scale <= 10)) throw new Error('--scale must be a number in (0, 10]');
  const target = databaseTarget(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  await deployMigrations(target, { dir: migrationsDir(target.provider) });
  const partnerClientId = values.partner ?? (await defaultPartner(target));
  const started = Date.now();
  const result = await generateVolume(target, { scale, partnerClientId, onProgress: progressBar() });
  const total = Object.values(result.rows).reduce((sum, count) => sum + count, 0);
  console.log(`Wrote ${total.toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s to ${target.provider} (run tag ${result.tag}, partner ${partnerClientId}):`);
  for (const [table, count] of Object.entries(result.rows)) console.log(`  ${table.padEnd(18)} ${count.toLocaleString('en').padStart(10)}`);
  console.log(`Members: externalUserId ${result.externalUserIdPrefix}<n>; administrators: ${result.adminUsername}… with password ${VOLUME_ADMIN_PASSWORD}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
