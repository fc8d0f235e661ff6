// The raw driver under Prisma (better-sqlite3 with cached prepared statements, or a pg pool), for the
// benchmarks' "same SQL through the raw driver" reference routes and for picking benchmark inputs.
// SQL is written once with `?` placeholders and double-quoted names; PostgreSQL gets $1, $2…
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { type DatabaseTarget, sqliteFilePath } from '../src/core/db/database-url';
import { OrderItemStatus, PayOrderKind, PayOrderStatus, PurchaseOrderStatus } from '../src/core/order/statuses';

export type Row = Record<string, unknown>;

export interface RawDriver {
  all(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Rows changed, and the id of an inserted row. */
  run(sql: string, params?: unknown[]): Promise<{ changes: number; id: number }>;
  /** Runs `work` in one transaction (on one connection). */
  transaction<T>(work: (driver: RawDriver) => Promise<T>): Promise<T>;
  /** A DateTime value as this provider stores it. */
  time(date: Date): unknown;
  close(): Promise<void>;
}

export function openRawDriver(target: DatabaseTarget): RawDriver {
  return target.provider === 'sqlite' ? sqliteDriver(target) : postgresDriver(target);
}

function sqliteDriver(target: DatabaseTarget): RawDriver {
  const db = new Sqlite(sqliteFilePath(target.url));
  db.pragma('busy_timeout = 5000');
  const statements = new Map<string, Sqlite.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const driver: RawDriver = {
    all: async (sql, params = []) => prepared(sql).all(params) as Row[],
    run: async (sql, params = []) => {
      const result = prepared(sql).run(params);
      return { changes: result.changes, id: Number(result.lastInsertRowid) };
    },
    // One connection, and every statement inside is synchronous: nothing else interleaves.
    async transaction(work) {
      prepared('BEGIN IMMEDIATE').run();
      try {
        const result = await work(driver);
        prepared('COMMIT').run();
        return result;
      } catch (error) {
        prepared('ROLLBACK').run();
        throw error;
      }
    },
    time: (date) => date.getTime(),
    close: async () => {
      db.close();
    },
  };
  return driver;
}

const numbered = (sql: string) => {
  let index = 0;
  return sql.replace(/\?/g, () => `$${(index += 1)}`);
};

function postgresDriver(target: DatabaseTarget): RawDriver {
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  const on = (client: pg.Pool | pg.PoolClient): RawDriver => ({
    all: async (sql, params = []) => (await client.query(numbered(sql), params)).rows as Row[],
    run: async (sql, params = []) => {
      const result = await client.query(numbered(/^\s*INSERT/i.test(sql) ? `${sql} RETURNING id` : sql), params);
      return { changes: result.rowCount ?? 0, id: Number((result.rows[0] as { id?: number } | undefined)?.id ?? 0) };
    },
    async transaction(work) {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work(on(connection));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK');
        throw error;
      } finally {
        connection.release();
      }
    },
    time: (date) => date.toISOString().replace('Z', ''),
    close: () => pool.end(),
  });
  return on(pool);
}

/**
 * A wallet pay's writes in one transaction on the raw driver (the benches' reference for the app's
 * pay): pay order, order and items marked paid, the debit and its ledger row. False when the pay
 * order is not payable.
 */
export async function rawWalletPay(raw: RawDriver, paymentId: string, memberId: number): Promise<boolean> {
  const now = raw.time(new Date());
  return raw.transaction(async (tx) => {
    const [payOrder] = await tx.all('SELECT "id", "amount", "status" FROM "PayOrder" WHERE "paymentId" = ?', [paymentId]);
    if (!payOrder || payOrder.status !== PayOrderStatus.UNPAID) return false;
    await tx.run('UPDATE "PayOrder" SET "status" = ?, "paidAt" = ?, "updatedAt" = ? WHERE "id" = ? AND "status" = ?', [PayOrderStatus.PAID, now, now, payOrder.id, PayOrderStatus.UNPAID]);
    const [order] = await tx.all('SELECT "id" FROM "PurchaseOrder" WHERE "paymentId" = ?', [paymentId]);
    await tx.run('UPDATE "PurchaseOrder" SET "status" = ?, "paidAt" = ?, "updatedAt" = ? WHERE "id" = ? AND "status" = ?', [PurchaseOrderStatus.PAID, now, now, order?.id, PurchaseOrderStatus.UNPAID]);
    await tx.run('UPDATE "PurchaseOrderItem" SET "status" = ?, "updatedAt" = ? WHERE "orderId" = ? AND "status" = ?', [OrderItemStatus.PAID, now, order?.id, OrderItemStatus.UNPAID]);
    const amount = Number(payOrder.amount);
    await tx.run('UPDATE "Wallet" SET "balance" = "balance" - ?, "updatedAt" = ? WHERE "memberId" = ? AND "balance" >= ?', [amount, now, memberId, amount]);
    const [wallet] = await tx.all('SELECT "id", "balance" FROM "Wallet" WHERE "memberId" = ?', [memberId]);
    await tx.run('INSERT INTO "WalletLedger" ("walletId", "memberId", "amount", "balanceAfter", "kind", "bizRef", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?)', [
      wallet?.id, memberId, -amount, wallet?.balance, 'pay', `pay:${paymentId}`, now,
    ]);
    return true;
  });
}

/** Who orders what in rawOrderCreate (and in volume-server's Prisma reference of it). */
export interface RawOrderInput {
  tenantId: number;
  partnerClientId: string;
  memberId: number;
  externalUserId: string;
  addressId: number;
  goodsId: string;
  skuId: string;
}

let orderSequence = 0;

/** The order columns of a one-line order of one unit at `price`, with new business numbers. */
export function orderFields(input: RawOrderInput, price: number) {
  orderSequence += 1;
  const stamp = `${process.pid}${Date.now()}${orderSequence}`;
  return {
    order: {
      tenantId: input.tenantId, orderNo: `O${stamp}`, partnerClientId: input.partnerClientId, outOrderNo: `vbench-ref-${stamp}`, externalUserId: input.externalUserId,
      memberId: input.memberId, addressId: input.addressId, requestHash: stamp, goodsAmount: price, freightAmount: 0, serviceFee: 0, payAmount: price,
      status: PurchaseOrderStatus.UNPAID, paymentId: `PAY${stamp}`,
    },
    itemNo: `PI${stamp}`,
  };
}

/**
 * An order create's writes on the raw driver (the benches' reference for the app's create): the
 * priced SKU read, then the order, its item and its pay order in one transaction.
 */
export async function rawOrderCreate(raw: RawDriver, input: RawOrderInput): Promise<{ orderNo: string; paymentId: string }> {
  const [sku] = await raw.all('SELECT s."price", g."title" FROM "Goods" g JOIN "GoodsSku" s ON s."goodsRecordId" = g."id" WHERE g."source" = 1 AND g."goodsId" = ? AND s."skuId" = ?', [input.goodsId, input.skuId]);
  const price = Number(sku?.price ?? 0);
  const { order, itemNo } = orderFields(input, price);
  const now = raw.time(new Date());
  await raw.transaction(async (tx) => {
    const created = await tx.run(
      'INSERT INTO "PurchaseOrder" ("tenantId", "orderNo", "partnerClientId", "outOrderNo", "externalUserId", "memberId", "addressId", "address", "requestHash", "goodsAmount", "freightAmount", "serviceFee", "payAmount", "status", "paymentId", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [order.tenantId, order.orderNo, order.partnerClientId, order.outOrderNo, order.externalUserId, order.memberId, order.addressId, '{}', order.requestHash, price, 0, 0, price, order.status, order.paymentId, now, now],
    );
    await tx.run(
      'INSERT INTO "PurchaseOrderItem" ("tenantId", "orderId", "orderItemNo", "memberId", "source", "goodsId", "skuId", "title", "skuProps", "qty", "unitPrice", "amount", "status", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)',
      [order.tenantId, created.id, itemNo, input.memberId, input.goodsId, input.skuId, String(sku?.title ?? ''), '{}', price, price, OrderItemStatus.UNPAID, now, now],
    );
    await tx.run('INSERT INTO "PayOrder" ("tenantId", "paymentId", "memberId", "partnerClientId", "kind", "bizNo", "amount", "status", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)', [
      order.tenantId, order.paymentId, input.memberId, order.partnerClientId, PayOrderKind.PURCHASE, order.orderNo, price, now, now,
    ]);
  });
  return { orderNo: order.orderNo, paymentId: order.paymentId };
}
