// A stuck statement on PostgreSQL holds neither a pooled connection nor its request for ever: each
// connection of the service's pool carries the DATABASE_*_TIMEOUT_MS limits, and a statement cut short
// by one answers the envelope 503 with Retry-After of an outage, its transaction rolled back whole
// (no money moved). README: "When PostgreSQL or Redis is down".
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTimeoutsOf, loadConfig } from '../src/config';
import { systemClock } from '../src/core/clock';
import { isDatabaseUnavailable } from '../src/core/db/database-unavailable';
import { PayOrderStatus, PurchaseOrderStatus } from '../src/core/order/statuses';
import { createTestApp, envelope, partnerToken, postJson, type TestApp, useTestDatabase } from './support/app';
import { createBoundMember, createPurchaseOrder, type MemberFixture, type OrderFixture } from './support/commerce-fixtures';
import { TEST_DATABASE } from './support/environment';

const LOCK_TIMEOUT_MS = 300;
const STATEMENT_TIMEOUT_MS = 1_000;
const BALANCE = 100_000;
const AMOUNT = 1_000;
/** A request cut short by a limit answers within its limit plus this (never the default seconds). */
const SLACK_MS = 1_500;

const config = loadConfig({ DATABASE_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS), DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) });
const test = useTestDatabase('pg_timeouts', { databaseOptions: { timeouts: databaseTimeoutsOf(config) } });

describe.runIf(TEST_DATABASE === 'postgresql')('PostgreSQL statement and lock time-outs', () => {
  let app: TestApp;
  let token: string;
  let member: MemberFixture;
  let order: OrderFixture;
  /** Another session of the database, as another process (or a stuck migration) would hold one. */
  let blocker: Client;

  beforeAll(async () => {
    app = await createTestApp({ database: test.database, clock: systemClock });
    token = await partnerToken(app.app);
    member = await createBoundMember(test.db, { balance: BALANCE });
    order = await createPurchaseOrder(test.db, member, { lines: [{ unitPrice: AMOUNT }] });
    blocker = new Client({ connectionString: test.database.target.url });
    await blocker.connect();
  });

  afterAll(async () => {
    await blocker?.end();
    await app?.close();
  });

  it('gives every pooled connection the configured limits', async () => {
    const [settings] = await test.db.$queryRawUnsafe<Record<string, string>[]>(
      `SELECT current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock, current_setting('idle_in_transaction_session_timeout') AS idle`,
    );
    expect(settings).toEqual({ statement: '1s', lock: '300ms', idle: '30s' });
  });

  it('cancels a runaway statement after the statement time-out, as an outage-like fault', async () => {
    const started = Date.now();
    const error = await test.db.$queryRawUnsafe('SELECT pg_sleep(10)').then(() => undefined, (caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(STATEMENT_TIMEOUT_MS + SLACK_MS);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('rolls back an interactive transaction that a slow statement made outlive its time limit, as an outage-like fault', async () => {
    const error = await test.db
      .$transaction(
        async (tx) => {
          await tx.wallet.update({ where: { memberId: member.memberId }, data: { balance: { increment: AMOUNT } } });
          await tx.$queryRawUnsafe(`SELECT pg_sleep(${(STATEMENT_TIMEOUT_MS * 0.6) / 1000})::text AS slept`);
          await tx.$queryRawUnsafe('SELECT 1');
        },
        { timeout: STATEMENT_TIMEOUT_MS * 0.3 },
      )
      .then(() => undefined, (caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await test.db.wallet.findUniqueOrThrow({ where: { memberId: member.memberId }, select: { balance: true } })).toEqual({ balance: BALANCE });
  });

  it('answers a pay blocked on a locked wallet 503 with Retry-After after the lock time-out, and moves no money', async () => {
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM "Wallet" WHERE "memberId" = $1 FOR UPDATE', [member.memberId]);
    const pay = () => postJson(app.app, token, '/open-api/pay/wallet/pay', { externalUserId: member.externalUserId, paymentId: order.paymentId, payAmount: AMOUNT });
    try {
      const started = Date.now();
      const response = await pay();
      expect(Date.now() - started).toBeLessThan(LOCK_TIMEOUT_MS + SLACK_MS);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(envelope(response)).toMatchObject({ code: 503, msg: 'Service unavailable: database unreachable', data: null });
      // The pay order was claimed and the purchase order marked paid before the debit waited: all rolled back.
      expect(await test.db.payOrder.findFirstOrThrow({ where: { paymentId: order.paymentId }, select: { status: true } })).toEqual({ status: PayOrderStatus.UNPAID });
      expect(await test.db.purchaseOrder.findUniqueOrThrow({ where: { id: order.orderId }, select: { status: true } })).toEqual({ status: PurchaseOrderStatus.UNPAID });
    } finally {
      await blocker.query('ROLLBACK');
    }
    expect(await test.db.wallet.findUniqueOrThrow({ where: { memberId: member.memberId }, select: { balance: true } })).toEqual({ balance: BALANCE });
    expect(await test.db.walletLedger.count({ where: { memberId: member.memberId, amount: { lt: 0 } } })).toBe(0);

    // Once the lock is gone the same call pays, exactly once.
    const retried = await pay();
    expect(envelope(retried)).toMatchObject({ code: 0, data: { paymentId: order.paymentId, balance: BALANCE - AMOUNT } });
    expect(await test.db.walletLedger.count({ where: { memberId: member.memberId, amount: { lt: 0 } } })).toBe(1);
  });
});
