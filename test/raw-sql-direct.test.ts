// RawSql on SQLite runs its statements on the adapter's own connection, not through the adapter
// (db/sqlite-raw-sql.ts). It must answer exactly what the adapter answers, bind values as it binds
// them, hold the connection lock Prisma's queries take, and report its statements to the observer
// as the adapter path did (COMMIT and ROLLBACK, not BEGIN).
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adapterFactory, DATABASE_TIMEOUT_DEFAULTS } from '../src/core/db/adapters';
import { Prisma } from '../src/core/db/client';
import { isDatabaseUnavailable } from '../src/core/db/database-unavailable';
import { sqliteFilePath } from '../src/core/db/database-url';
import { type RawSql, rawSql } from '../src/core/db/raw-sql';
import { useTestDatabase } from './support/app';
import { SEED } from './support/database';
import { TEST_DATABASE } from './support/environment';
import { statementRecorder } from './support/statements';

const recorder = statementRecorder();
/** Resolved when an UPDATE setting accountCount is sent (before it waits for the connection lock). */
let accountCountUpdateSent: () => void = () => undefined;
const testDb = useTestDatabase('raw_sql_direct', {
  databaseOptions: {
    onQuery: (query) => {
      recorder.onQuery(query);
      if (/^UPDATE \S+ SET [`"]accountCount[`"]/.test(query.sql)) accountCountUpdateSent();
    },
  },
});

const failureOf = (work: Promise<unknown>) => work.then(() => undefined, (error: unknown) => error);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newTenant = (name: string) => testDb.db.tenant.create({ data: { name, contactName: 'x', expireTime: new Date('2099-01-01'), accountCount: 1 } });

describe.skipIf(TEST_DATABASE !== 'sqlite')('RawSql on the SQLite connection', () => {
  // The reference: the same statements through the plain driver adapter, on a second connection.
  let adapter: SqlDriverAdapter;
  let throughAdapter: RawSql;
  beforeAll(async () => {
    adapter = await (await adapterFactory(testDb.database.target, DATABASE_TIMEOUT_DEFAULTS)).connect();
    throughAdapter = rawSql(adapter);
  });
  afterAll(() => adapter?.dispose());

  it('tells apart statements whose SQL shares its first pieces, or is the same text built from other pieces', async () => {
    const { sql } = testDb.database;
    // Kept statements are found by their pieces (sqlite-raw-sql.ts): same first piece, then others.
    const alias = (name: string) => Prisma.raw(`"${name}"`);
    expect(await sql.query(Prisma.sql`SELECT ${1} AS "a", ${2} AS "b"`)).toEqual([{ a: 1, b: 2 }]);
    expect(await sql.query(Prisma.sql`SELECT ${1} AS "a", ${2} AS "c"`)).toEqual([{ a: 1, c: 2 }]);
    expect(await sql.query(Prisma.sql`SELECT ${1} AS "a"`)).toEqual([{ a: 1 }]);
    expect(await sql.query(Prisma.sql`SELECT ${3} AS ${alias('x')}`)).toEqual([{ x: 3 }]);
    expect(await sql.query(Prisma.sql`SELECT ${3} AS ${alias('y')}`)).toEqual([{ y: 3 }]);
    expect(await sql.query(Prisma.sql`SELECT ${1} AS "a", ${2} AS "b"`)).toEqual([{ a: 1, b: 2 }]);
  });

  it('answers what the adapter answers: DateTime as ISO text, integers as numbers (as text past 2^53), booleans 0/1, JSON as text, nulls', async () => {
    const { sql, db } = testDb.database;
    const endpoint = await db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: 'http://127.0.0.1:9/hook', eventTypes: ['a.b'], secret: 'whsec_x', enabled: false } });
    await sql.execute(Prisma.sql`
      INSERT INTO "BasicCurrency" ("abbreviationCode", "name", "symbol", "exchangeRateMicros", "createdAt", "updatedAt")
      VALUES ('XBG', 'big', 'B', ${2n ** 53n + 1n}, ${new Date('2026-01-02T03:04:05.678Z')}, ${new Date()})`);
    const statements = [
      Prisma.sql`SELECT * FROM "WebhookEndpoint" WHERE "id" = ${endpoint.id}`,
      Prisma.sql`SELECT * FROM "BasicCurrency" ORDER BY "id"`,
      Prisma.sql`SELECT 1 AS "one", 1.5 AS "half", NULL AS "none", 'x' AS "text", ${new Date('2026-01-02T03:04:05.678Z')} AS "date", ${true} AS "flag", ${2n ** 60n} AS "big", ${null} AS "nothing"`,
      Prisma.sql`SELECT "id", "createdAt" FROM "WebhookEndpoint" WHERE "id" = ${-1}`,
      Prisma.sql`UPDATE "WebhookEndpoint" SET "description" = 'd' WHERE "id" = ${endpoint.id}`,
    ];
    for (const statement of statements) expect(await sql.query(statement), statement.sql).toEqual(await throughAdapter.query(statement));
    // An insert answers its own row: the row it answers, read back through the adapter.
    const inserted = await sql.query(Prisma.sql`
      INSERT INTO "BasicCurrency" ("abbreviationCode", "name", "symbol", "exchangeRateMicros", "createdAt", "updatedAt") VALUES ('XRT', 'r', 'R', 1, ${new Date()}, ${new Date()}) RETURNING "id", "createdAt"`);
    expect(inserted).toEqual(await throughAdapter.query(Prisma.sql`SELECT "id", "createdAt" FROM "BasicCurrency" WHERE "abbreviationCode" = 'XRT'`));
    const [currency] = await sql.query(Prisma.sql`SELECT "exchangeRateMicros", "createdAt" FROM "BasicCurrency" WHERE "abbreviationCode" = 'XBG'`);
    expect(currency).toEqual({ exchangeRateMicros: '9007199254740993', createdAt: '2026-01-02T03:04:05.678Z' });
    expect(await sql.execute(Prisma.sql`UPDATE "WebhookEndpoint" SET "description" = 'e' WHERE "id" = ${endpoint.id} OR "id" = ${-1}`)).toBe(1);
  });

  it('binds values as the adapter does: Prisma reads back the Date and the boolean it wrote', async () => {
    const { sql, db } = testDb.database;
    const endpoint = await db.webhookEndpoint.create({ data: { tenantId: 1, partnerClientId: SEED.partnerClientId, url: 'http://127.0.0.1:9/hook', eventTypes: [], secret: 'whsec_y' } });
    const at = new Date('2026-03-04T05:06:07.089Z');
    await sql.transaction((tx) => tx.execute(Prisma.sql`UPDATE "WebhookEndpoint" SET "enabled" = ${false}, "disabledAt" = ${at}, "description" = ${null} WHERE "id" = ${endpoint.id}`));
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id }, select: { enabled: true, disabledAt: true, description: true } })).toEqual({ enabled: false, disabledAt: at, description: null });
  });

  /**
   * A transaction on one path writes a tenant, and while it is open a write on the other path is sent
   * (its accountCount update); the transaction rolls back. Answers the order of the two ends and the
   * tenant as it stands after both.
   */
  async function outsideWriteAroundRollback(
    name: string,
    transaction: (tenantId: number, inside: () => Promise<void>) => Promise<unknown>,
    outside: (tenantId: number) => Promise<unknown>,
  ) {
    const { db } = testDb.database;
    const tenant = await newTenant(name);
    const sent = new Promise<void>((resolve) => (accountCountUpdateSent = resolve));
    const order: string[] = [];
    let outsideWrite: Promise<unknown> | undefined;
    const rolledBack = transaction(tenant.id, async () => {
      outsideWrite = outside(tenant.id).then(() => order.push('outside write'));
      await sent;
      await pause(50);
      order.push('rolling back');
      throw new Error('roll back');
    }).catch((error: Error) => error.message);
    expect(await rolledBack).toBe('roll back');
    await outsideWrite;
    return { order, tenant: await db.tenant.findUnique({ where: { id: tenant.id } }) };
  }

  it('holds the connection lock through a transaction: a Prisma write sent inside it waits for its end and survives its rollback', async () => {
    const { sql, db } = testDb.database;
    const { order, tenant } = await outsideWriteAroundRollback(
      'direct-holds',
      (tenantId, inside) =>
        sql.transaction(async (tx) => {
          await tx.execute(Prisma.sql`UPDATE "Tenant" SET "contactName" = 'inside' WHERE "id" = ${tenantId}`);
          await inside();
        }),
      (tenantId) => db.tenant.updateMany({ where: { id: tenantId }, data: { accountCount: 42 } }),
    );
    expect(order).toEqual(['rolling back', 'outside write']);
    expect(tenant).toMatchObject({ accountCount: 42, contactName: 'x' });
  });

  it('waits, on its own, for a Prisma transaction to end, and its write survives that rollback', async () => {
    const { sql, db } = testDb.database;
    const { order, tenant } = await outsideWriteAroundRollback(
      'direct-waits',
      (tenantId, inside) =>
        db.$transaction(async (tx) => {
          await tx.tenant.update({ where: { id: tenantId }, data: { contactName: 'inside' } });
          await inside();
        }),
      (tenantId) => sql.execute(Prisma.sql`UPDATE "Tenant" SET "accountCount" = 43 WHERE "id" = ${tenantId}`),
    );
    expect(order).toEqual(['rolling back', 'outside write']);
    expect(tenant).toMatchObject({ accountCount: 43, contactName: 'x' });
  });

  it('reports its statements to the observer: COMMIT or ROLLBACK, not BEGIN', async () => {
    const { sql } = testDb.database;
    const one = Prisma.sql`SELECT 1 AS "one"`;
    expect((await recorder.during(() => sql.query(one))).statements).toEqual([one.sql]);
    expect((await recorder.during(() => sql.transaction(async (tx) => [await tx.query(one), await tx.execute(one)]))).statements).toEqual([one.sql, one.sql, 'COMMIT']);
    const failed = await recorder.during(() => failureOf(sql.transaction(async (tx) => tx.query(Prisma.sql`SELECT * FROM "NoSuchTable"`))));
    expect(failed.result).toBeInstanceOf(Error);
    expect(failed.statements).toEqual(['SELECT * FROM "NoSuchTable"', 'ROLLBACK']);
  });

  it('is refused as unavailable (503) when another process holds the write lock past the busy timeout', { timeout: 15_000 }, async () => {
    const { sql, target } = testDb.database;
    const other = new Sqlite(sqliteFilePath(target.url));
    try {
      other.prepare('BEGIN IMMEDIATE').run();
      const blocked = await failureOf(sql.transaction((tx) => tx.execute(Prisma.sql`UPDATE "Tenant" SET "accountCount" = "accountCount" WHERE "id" = 1`)));
      expect(isDatabaseUnavailable(blocked)).toBe(true);
      other.prepare('ROLLBACK').run();
      // Nothing left held: the next transaction runs.
      expect(await sql.transaction((tx) => tx.query(Prisma.sql`SELECT 1 AS "one"`))).toEqual([{ one: 1 }]);
    } finally {
      other.close();
    }
  });
});
