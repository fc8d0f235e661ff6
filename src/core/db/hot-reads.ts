// The hottest partner reads as prepared statements run on the driver itself (issue 12): through
// Prisma a one-row read cost about five times the same prepared statement (client runtime, adapter,
// re-prepare). SQL is written once for both providers (quoted identifiers, $n parameters, CAST), and
// the rows are decoded to exactly what Prisma answers (PartnerReads; a test holds the two equal).
//
// SQLite: a second, read-only better-sqlite3 connection to the same file. Under WAL it reads the last
// committed state, never a transaction in flight on the Prisma connection (which the connection lock
// otherwise keeps single reads out of). PostgreSQL: the pool of Prisma's own adapter, with named
// (prepared once per connection) statements.
import { createHash } from 'node:crypto';
import type { SqlQuery } from '@prisma/driver-adapter-utils';
import type Sqlite from 'better-sqlite3';
import type pg from 'pg';
import type { Prisma } from '../../generated/sqlite/client';
import type {
  BindingKey,
  MemberDetailRow,
  MemberKey,
  OrderItemFilter,
  OrderItemRowRead,
  OrderNumber,
  PartnerReads,
  PlatformMemberKey,
  PurchaseOrderRow,
  QcLatestKey,
  QcRecordRow,
  WalletBalanceRow,
} from './partner-reads';

type Row = Record<string, unknown>;

/** Runs SQL written with $1…$n placeholders and answers its rows. */
export interface Statements {
  all(sql: string, parameters: readonly unknown[]): Promise<Row[]>;
  /**
   * The rows as arrays of the selected columns, in order. A row object costs the driver about three
   * times the array (better-sqlite3: ~0.45 against ~0.14 µs a value), which for a page of 10 rows of
   * 15 columns was most of the statement's CPU.
   */
  arrays(sql: string, parameters: readonly unknown[]): Promise<unknown[][]>;
  close(): Promise<void>;
}

/** How a provider's driver answers the columns that are not plain numbers and strings. */
interface Decoders {
  boolean(value: unknown): boolean;
  date(value: unknown): Date;
  json(value: unknown): Prisma.JsonValue;
  /** The aggregate that makes a JSON array of its (ordered) values: json_group_array, json_agg. */
  jsonArrayAggregate: string;
}

type OnQuery = (query: SqlQuery) => void;

/** What SQLite's busy writer may make a reader wait (as the Prisma connection's busy_timeout). */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * A read-only connection to the SQLite file whose statements are prepared once. $n placeholders
 * become positional ones (a number used twice is bound twice); dates are bound as epoch
 * milliseconds, as the adapter stores them (timestampFormat unixepoch-ms).
 */
export async function sqliteStatements(file: string, onQuery?: OnQuery): Promise<Statements> {
  const { default: Sqlite } = await import('better-sqlite3');
  const connection = new Sqlite(file, { readonly: true, fileMustExist: true });
  connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  type Entry = { statement: Sqlite.Statement; text: string; order: number[] };
  const prepared = new Map<string, Entry>();
  const preparedArrays = new Map<string, Entry>();
  const run = (cache: Map<string, Entry>, arrays: boolean, sql: string, parameters: readonly unknown[]) => {
    let entry = cache.get(sql);
    if (!entry) {
      const order: number[] = [];
      const text = sql.replace(/\$(\d+)/g, (_, position: string) => {
        order.push(Number(position) - 1);
        return '?';
      });
      const statement = connection.prepare(text);
      entry = { statement: arrays ? statement.raw(true) : statement, text, order };
      cache.set(sql, entry);
    }
    const values = entry.order.map((index) => {
      const value = parameters[index];
      return value instanceof Date ? value.getTime() : value;
    });
    onQuery?.({ sql: entry.text, args: values, argTypes: [] });
    return entry.statement.all(...values);
  };
  return {
    all: async (sql, parameters) => run(prepared, false, sql, parameters) as Row[],
    arrays: async (sql, parameters) => run(preparedArrays, true, sql, parameters) as unknown[][],
    close: async () => {
      connection.close();
    },
  };
}

/** PostgreSQL `timestamp(3)` (no zone) holds UTC, as Prisma writes it; node-postgres would read it as local time. */
const TIMESTAMP_OID = 1114;

function utcTimestamp(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}Z`);
}

/**
 * Named statements on Prisma's pool (each connection parses a name's SQL once). The pool belongs to
 * the adapter, which ends it. Dates are bound as UTC text without a zone, for the same reason.
 */
export function postgresStatements(pool: pg.Pool, types: typeof pg.types, onQuery?: OnQuery): Statements {
  const names = new Map<string, string>();
  const parsers = { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === TIMESTAMP_OID ? utcTimestamp : types.getTypeParser(oid, format))) as typeof types.getTypeParser };
  const prepare = (sql: string, parameters: readonly unknown[]) => {
    let name = names.get(sql);
    if (!name) {
      name = `hot_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
      names.set(sql, name);
    }
    const values = parameters.map((value) => (value instanceof Date ? value.toISOString().slice(0, -1) : value));
    onQuery?.({ sql, args: values, argTypes: [] });
    return { name, text: sql, values, types: parsers };
  };
  return {
    async all(sql, parameters) {
      return (await pool.query<Row>(prepare(sql, parameters))).rows;
    },
    async arrays(sql, parameters) {
      return (await pool.query<unknown[]>({ ...prepare(sql, parameters), rowMode: 'array' })).rows;
    },
    close: async () => {},
  };
}

export const SQLITE_DECODERS: Decoders = {
  boolean: (value) => value === 1 || value === 1n,
  // Stored as epoch milliseconds; a value written as text by SQL (CURRENT_TIMESTAMP) is UTC.
  date: (value) => (typeof value === 'number' || typeof value === 'bigint' ? new Date(Number(value)) : utcTimestamp(String(value))),
  json: (value) => JSON.parse(String(value)) as Prisma.JsonValue,
  jsonArrayAggregate: 'json_group_array',
};

export const POSTGRES_DECODERS: Decoders = {
  boolean: (value) => value as boolean,
  date: (value) => value as Date,
  json: (value) => value as Prisma.JsonValue,
  jsonArrayAggregate: 'json_agg',
};

const WALLET_BALANCE_SQL = `SELECT w."memberId" AS "memberId", w."balance" AS "balance"
FROM "PartnerBinding" b JOIN "Member" m ON m."id" = b."memberId" JOIN "Wallet" w ON w."memberId" = m."id"
WHERE b."partnerClientId" = $1 AND b."externalUserId" = $2 AND m."tenantId" = $3 AND m."status" = 0`;

/** The order and its items, one row per item (LEFT JOIN: an order without items still answers). */
const purchaseOrderSql = (numberColumn: 'orderNo' | 'outOrderNo') => `SELECT o."orderNo" AS "orderNo", o."outOrderNo" AS "outOrderNo",
o."externalUserId" AS "externalUserId", o."memberId" AS "memberId", o."status" AS "status", o."paymentId" AS "paymentId",
o."goodsAmount" AS "goodsAmount", o."freightAmount" AS "freightAmount", o."serviceFee" AS "serviceFee", o."payAmount" AS "payAmount",
o."paidAt" AS "paidAt", o."orderComment" AS "orderComment", o."createdAt" AS "createdAt",
i."orderItemNo" AS "itemNo", i."source" AS "itemSource", i."goodsId" AS "itemGoodsId", i."skuId" AS "itemSkuId", i."title" AS "itemTitle",
i."qty" AS "itemQty", i."unitPrice" AS "itemUnitPrice", i."amount" AS "itemAmount", i."status" AS "itemStatus"
FROM "PurchaseOrder" o LEFT JOIN "PurchaseOrderItem" i ON i."orderId" = o."id"
WHERE o."tenantId" = $1 AND o."partnerClientId" = $2 AND o."${numberColumn}" = $3
ORDER BY i."id"`;
const PURCHASE_ORDER_SQL = { orderNo: purchaseOrderSql('orderNo'), outOrderNo: purchaseOrderSql('outOrderNo') };

/**
 * The newest completed records, one row each with its photos' URLs as a JSON array in photo order.
 * The indexes (source, goodsId, tenantId, status, completedAt) and (source, goodsId, skuId, tenantId,
 * status, completedAt) give the records in order, so the LIMIT stops the walk; the photos come from
 * (qcRecordId, sort). A join of records to photos sorted the goods' records, then every photo row
 * again, and carried each record's columns once per photo (issue 12, at full volume: 371 -> 213 µs of
 * service CPU a call).
 */
const qcLatestSql = (bySku: boolean, jsonArrayAggregate: string) => `SELECT r."id", r."goodsId", r."source", r."skuId", r."result", r."remarks",
r."completedAt", r."createdAt", (SELECT ${jsonArrayAggregate}(p."url" ORDER BY p."sort", p."id") FROM "QcPhoto" p WHERE p."qcRecordId" = r."id")
FROM "QcRecord" r
WHERE r."source" = $1 AND r."goodsId" = $2${bySku ? ' AND r."skuId" = $5' : ''} AND r."tenantId" = $3 AND r."status" = 1
ORDER BY r."completedAt" DESC, r."id" DESC LIMIT $4`;

/**
 * One select per key given (a UNION when both are): each is an index lookup on its unique key, where an
 * OR of the two lets PostgreSQL's generic plan walk the tenant's members instead.
 */
function boundMembersQuery({ tenantId, partnerClientId, memberId, unionId }: PlatformMemberKey): { sql: string; parameters: unknown[] } {
  const parameters: unknown[] = [tenantId, partnerClientId];
  const bind = (value: unknown) => `$${parameters.push(value)}`;
  const byKey = (condition: string) => `SELECT m."id" AS "id", m."unionId" AS "unionId" FROM "Member" m
WHERE ${condition} AND m."tenantId" = $1 AND m."status" = 0
AND EXISTS (SELECT 1 FROM "PartnerBinding" b WHERE b."memberId" = m."id" AND b."partnerClientId" = $2 AND b."tenantId" = $1)`;
  const selects = [
    ...(memberId !== undefined ? [byKey(`m."id" = ${bind(memberId)}`)] : []),
    ...(unionId !== undefined ? [byKey(`m."unionId" = ${bind(unionId)}`)] : []),
  ];
  return { sql: selects.join('\nUNION\n'), parameters };
}

/**
 * A member view in three statements run together: the member joined to its wallet (one row), its
 * bindings, its addresses (two lists, which one join would multiply). Each names the tenant.
 */
const MEMBER_SQL = `SELECT m."id" AS "id", m."tenantId" AS "tenantId", m."unionId" AS "unionId", m."nickname" AS "nickname", m."email" AS "email",
m."mobile" AS "mobile", m."status" AS "status", m."repaymentAuthorized" AS "repaymentAuthorized", m."createdAt" AS "createdAt", w."balance" AS "balance"
FROM "Member" m LEFT JOIN "Wallet" w ON w."memberId" = m."id"
WHERE m."id" = $1 AND m."tenantId" = $2`;
const MEMBER_BINDINGS_SQL = `SELECT b."id" AS "id", b."tenantId" AS "tenantId", b."partnerClientId" AS "partnerClientId", b."externalUserId" AS "externalUserId",
b."memberId" AS "memberId", b."createdAt" AS "createdAt"
FROM "PartnerBinding" b WHERE b."memberId" = $1 AND b."tenantId" = $2 ORDER BY b."id"`;
const MEMBER_ADDRESSES_SQL = `SELECT a."id" AS "id", a."memberId" AS "memberId", a."receiverName" AS "receiverName", a."phone" AS "phone", a."country" AS "country",
a."province" AS "province", a."city" AS "city", a."addressLine" AS "addressLine", a."postCode" AS "postCode", a."isDefault" AS "isDefault", a."createdAt" AS "createdAt"
FROM "MemberAddress" a JOIN "Member" m ON m."id" = a."memberId"
WHERE a."memberId" = $1 AND m."tenantId" = $2 ORDER BY a."isDefault" DESC, a."id"`;

/** The order-item page's columns; read as arrays, in this order. */
const ORDER_ITEM_COLUMNS = `i."orderItemNo" AS "orderItemNo", o."orderNo" AS "orderNo", i."source" AS "source", i."goodsId" AS "goodsId",
i."skuId" AS "skuId", i."title" AS "title", i."skuProps" AS "skuProps", i."image" AS "image", i."qty" AS "qty", i."unitPrice" AS "unitPrice",
i."amount" AS "amount", i."remarks" AS "remarks", i."status" AS "status", i."createdAt" AS "createdAt", b."bagNo" AS "bagNo"`;

/** The WHERE of an order-item page (items of the caller's own orders) and its parameters; the SQL text differs only by which filters are given. */
function orderItemConditions(filter: OrderItemFilter): { where: string; parameters: unknown[] } {
  const parameters: unknown[] = [];
  const bind = (value: unknown) => `$${parameters.push(value)}`;
  const conditions = [`i."tenantId" = ${bind(filter.tenantId)}`, `i."memberId" = ${bind(filter.memberId)}`, `o."partnerClientId" = ${bind(filter.partnerClientId)}`];
  if (filter.status !== undefined) conditions.push(`i."status" = ${bind(filter.status)}`);
  if (filter.createdAt) conditions.push(`i."createdAt" >= ${bind(filter.createdAt.gte)}`, `i."createdAt" < ${bind(filter.createdAt.lt)}`);
  if (filter.orderItemNo !== undefined) conditions.push(`i."orderItemNo" = ${bind(filter.orderItemNo)}`);
  if (filter.orderNo !== undefined) conditions.push(`o."orderNo" = ${bind(filter.orderNo)}`);
  return { where: conditions.join(' AND '), parameters };
}

export class HotPartnerReads implements PartnerReads {
  private readonly qcLatestSql: { all: string; bySku: string };

  constructor(
    private readonly statements: Statements,
    private readonly decode: Decoders,
  ) {
    this.qcLatestSql = { all: qcLatestSql(false, decode.jsonArrayAggregate), bySku: qcLatestSql(true, decode.jsonArrayAggregate) };
  }

  async walletBalance({ partnerClientId, tenantId, externalUserId }: BindingKey): Promise<WalletBalanceRow | null> {
    const [row] = await this.statements.all(WALLET_BALANCE_SQL, [partnerClientId, externalUserId, tenantId]);
    return row ? { memberId: row.memberId as number, balance: row.balance as number } : null;
  }

  async purchaseOrder(scope: { tenantId: number; partnerClientId: string }, number: OrderNumber): Promise<PurchaseOrderRow | null> {
    const [sql, value] = number.orderNo !== undefined ? [PURCHASE_ORDER_SQL.orderNo, number.orderNo] : [PURCHASE_ORDER_SQL.outOrderNo, number.outOrderNo];
    const rows = await this.statements.all(sql, [scope.tenantId, scope.partnerClientId, value]);
    const [order] = rows;
    if (!order) return null;
    return {
      orderNo: order.orderNo as string,
      outOrderNo: order.outOrderNo as string,
      externalUserId: order.externalUserId as string,
      memberId: order.memberId as number,
      status: order.status as number,
      paymentId: order.paymentId as string,
      goodsAmount: order.goodsAmount as number,
      freightAmount: order.freightAmount as number,
      serviceFee: order.serviceFee as number,
      payAmount: order.payAmount as number,
      paidAt: order.paidAt === null ? null : this.decode.date(order.paidAt),
      orderComment: order.orderComment as string | null,
      createdAt: this.decode.date(order.createdAt),
      items: rows
        .filter((row) => row.itemNo !== null)
        .map((row) => ({
          orderItemNo: row.itemNo as string,
          source: row.itemSource as number,
          goodsId: row.itemGoodsId as string,
          skuId: row.itemSkuId as string,
          title: row.itemTitle as string,
          qty: row.itemQty as number,
          unitPrice: row.itemUnitPrice as number,
          amount: row.itemAmount as number,
          status: row.itemStatus as number,
        })),
    };
  }

  async qcLatest({ tenantId, goodsId, source, skuId, take }: QcLatestKey): Promise<QcRecordRow[]> {
    const rows =
      skuId === undefined
        ? await this.statements.arrays(this.qcLatestSql.all, [source, goodsId, tenantId, take])
        : await this.statements.arrays(this.qcLatestSql.bySku, [source, goodsId, tenantId, take, skuId]);
    return rows.map(([id, goodsId, source, skuId, result, remarks, completedAt, createdAt, urls]) => ({
      id: id as number,
      goodsId: goodsId as string,
      source: source as number,
      skuId: skuId as string,
      result: result as number | null,
      remarks: remarks as string | null,
      completedAt: completedAt === null ? null : this.decode.date(completedAt),
      createdAt: this.decode.date(createdAt),
      // json_agg of no rows is NULL; json_group_array's is [].
      photos: urls === null ? [] : (this.decode.json(urls) as string[]).map((url) => ({ url })),
    }));
  }

  async orderItemPage(filter: OrderItemFilter, window: { skip: number; take: number }): Promise<{ total: number; rows: OrderItemRowRead[] }> {
    const { where, parameters } = orderItemConditions(filter);
    const pageAt = parameters.length;
    const [[counted], rows] = await Promise.all([
      this.statements.all(`SELECT CAST(COUNT(*) AS INTEGER) AS "total" FROM "PurchaseOrderItem" i JOIN "PurchaseOrder" o ON o."id" = i."orderId" WHERE ${where}`, parameters),
      this.statements.arrays(
        `SELECT ${ORDER_ITEM_COLUMNS} FROM "PurchaseOrderItem" i JOIN "PurchaseOrder" o ON o."id" = i."orderId" LEFT JOIN "BagOrder" b ON b."id" = i."bagId"
WHERE ${where} ORDER BY i."createdAt" DESC, i."id" DESC LIMIT $${pageAt + 1} OFFSET $${pageAt + 2}`,
        [...parameters, window.take, window.skip],
      ),
    ]);
    return {
      total: counted?.total as number,
      // The columns of ORDER_ITEM_COLUMNS, in order.
      rows: rows.map(([orderItemNo, orderNo, source, goodsId, skuId, title, skuProps, image, qty, unitPrice, amount, remarks, status, createdAt, bagNo]) => ({
        orderItemNo: orderItemNo as string,
        source: source as number,
        goodsId: goodsId as string,
        skuId: skuId as string,
        title: title as string,
        skuProps: this.decode.json(skuProps),
        image: image as string | null,
        qty: qty as number,
        unitPrice: unitPrice as number,
        amount: amount as number,
        remarks: remarks as string | null,
        status: status as number,
        createdAt: this.decode.date(createdAt),
        order: { orderNo: orderNo as string },
        bag: bagNo === null ? null : { bagNo: bagNo as string },
      })),
    };
  }

  async boundMembers(key: PlatformMemberKey): Promise<{ id: number; unionId: string }[]> {
    if (key.memberId === undefined && key.unionId === undefined) return [];
    const { sql, parameters } = boundMembersQuery(key);
    const rows = await this.statements.all(sql, parameters);
    return rows.map((row) => ({ id: row.id as number, unionId: row.unionId as string }));
  }

  async memberDetail({ tenantId, memberId }: MemberKey): Promise<MemberDetailRow | null> {
    const key = [memberId, tenantId];
    const [[member], bindings, addresses] = await Promise.all([
      this.statements.all(MEMBER_SQL, key),
      this.statements.all(MEMBER_BINDINGS_SQL, key),
      this.statements.all(MEMBER_ADDRESSES_SQL, key),
    ]);
    if (!member) return null;
    return {
      id: member.id as number,
      tenantId: member.tenantId as number,
      unionId: member.unionId as string,
      nickname: member.nickname as string,
      email: member.email as string | null,
      mobile: member.mobile as string | null,
      status: member.status as number,
      repaymentAuthorized: this.decode.boolean(member.repaymentAuthorized),
      createdAt: this.decode.date(member.createdAt),
      wallet: member.balance === null ? null : { balance: member.balance as number },
      bindings: bindings.map((row) => ({
        id: row.id as number,
        tenantId: row.tenantId as number,
        partnerClientId: row.partnerClientId as string,
        externalUserId: row.externalUserId as string,
        memberId: row.memberId as number,
        createdAt: this.decode.date(row.createdAt),
      })),
      addresses: addresses.map((row) => ({
        id: row.id as number,
        memberId: row.memberId as number,
        receiverName: row.receiverName as string,
        phone: row.phone as string,
        country: row.country as string,
        province: row.province as string | null,
        city: row.city as string,
        addressLine: row.addressLine as string,
        postCode: row.postCode as string | null,
        isDefault: this.decode.boolean(row.isDefault),
        createdAt: this.decode.date(row.createdAt),
      })),
    };
  }

  close(): Promise<void> {
    return this.statements.close();
  }
}
