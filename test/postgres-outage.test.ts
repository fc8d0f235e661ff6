// PostgreSQL restarted under a load of wallet pays (a private cluster of this test, on a free port):
// every request answers quickly, either as usual or 503 with Retry-After (never 500, never a hang),
// /readyz names the database while it is away, the app recovers with no restart, and no pay is half
// done: each pay order is debited exactly once, and balances equal their ledgers. README: "When
// PostgreSQL or Redis is down".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../prisma/schema';
import { seedDatabase } from '../prisma/seed';
import { systemClock } from '../src/core/clock';
import { type Database, openDatabase } from '../src/core/db/client';
import { deployMigrations } from '../src/core/db/migrations';
import { createScratchDatabase, type ScratchDatabase } from '../src/core/db/scratch-database';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { PayOrderStatus, PurchaseOrderStatus } from '../src/core/order/statuses';
import { seededAdminToken } from './support/admin';
import { createTestApp, envelope, partnerToken, postJson, staffContext, type TestApp } from './support/app';
import { createBoundMember, createPurchaseOrder, type MemberFixture, type OrderFixture } from './support/commerce-fixtures';
import { SEED } from './support/database';
import { PRIVATE_POSTGRES_AVAILABLE, PrivatePostgres } from './support/private-postgres';

const ORDER_COUNT = 60;
const ORDER_AMOUNT = 1_000;
const INITIAL_BALANCE = 1_000_000;
const WORKERS = 4;
/** The database is stopped once this many pays went through, and stays away this long. */
const PAID_BEFORE_OUTAGE = 10;
const OUTAGE_MS = 1_500;
/** No answer takes longer (a refused connection fails at once; a stalled one after 5 s at most). */
const SLOWEST_ANSWER_MS = 5_000;
const LOAD_DEADLINE_MS = 60_000;

interface Answer {
  status: number;
  code: number;
  msg: string;
  retryAfter: string | undefined;
  ms: number;
}

describe.skipIf(!PRIVATE_POSTGRES_AVAILABLE)('PostgreSQL restarted under load', () => {
  let cluster: PrivatePostgres;
  let scratch: ScratchDatabase;
  let database: Database;
  let test: TestApp;
  let member: MemberFixture;
  let orders: OrderFixture[];

  beforeAll(async () => {
    cluster = await PrivatePostgres.start();
    scratch = await createScratchDatabase('postgresql', 'pg_outage', cluster.url);
    await deployMigrations(scratch.target, { dir: migrationsDir('postgresql') });
    database = await openDatabase(scratch.target);
    await seedDatabase(database, SEED);
    test = await createTestApp({ database, clock: systemClock });
    member = await createBoundMember(database.db, { balance: INITIAL_BALANCE });
    orders = [];
    for (let i = 0; i < ORDER_COUNT; i++) orders.push(await createPurchaseOrder(database.db, member, { lines: [{ unitPrice: ORDER_AMOUNT }] }));
  });

  afterAll(async () => {
    await test?.close();
    await database?.close();
    await cluster?.destroy();
  });

  it('answers 503 with Retry-After meanwhile, recovers by itself, and pays each order exactly once', async () => {
    const token = await partnerToken(test.app);
    const answers: Answer[] = [];
    const readyWhileDown: Answer[] = [];
    // The console and the internal tools, signed in before the outage (their sessions are cached).
    const staff = { authorization: `Bearer ${await seededAdminToken(test.core)}`, 'content-type': 'application/json' };
    const consoleQuery = () => test.app.inject({ method: 'POST', url: '/graphql', headers: staff, payload: { query: '{ deptSimpleList { id } }' } });
    const toolsQuery = () =>
      test.app.inject({ url: `/trpc/wallet.balance?input=${encodeURIComponent(JSON.stringify({ json: { memberId: member.memberId } }))}`, headers: staff });
    expect([(await consoleQuery()).json().errors, (await toolsQuery()).statusCode]).toEqual([undefined, 200]);
    const facesWhileDown: unknown[] = [];
    const retryAfterWhileDown: unknown[] = [];
    const pending = [...orders];
    let paid = 0;
    const deadline = Date.now() + LOAD_DEADLINE_MS;

    const call = async (request: () => ReturnType<typeof postJson>): Promise<Answer> => {
      const started = Date.now();
      const response = await request();
      const body = envelope(response);
      return { status: response.statusCode, code: body.code, msg: body.msg, retryAfter: response.headers['retry-after'] as string | undefined, ms: Date.now() - started };
    };

    // Pays every order, retrying one that was answered 503; "already paid" means an earlier,
    // answered-503 attempt committed after all.
    const worker = async () => {
      while (pending.length > 0 && Date.now() < deadline) {
        const order = pending.shift() as OrderFixture;
        const answer = await call(() =>
          postJson(test.app, token, '/open-api/pay/wallet/pay', { externalUserId: member.externalUserId, paymentId: order.paymentId, payAmount: ORDER_AMOUNT }),
        );
        answers.push(answer);
        if (answer.status === 503) pending.push(order);
        else paid++;
        await new Promise((resolve) => setTimeout(resolve, answer.status === 503 ? 100 : 30));
      }
    };

    const outage = async () => {
      while (paid < PAID_BEFORE_OUTAGE && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      await cluster.stop();
      readyWhileDown.push(await call(() => test.app.inject('/readyz')));
      const [consoleAnswer, toolsAnswer] = [await consoleQuery(), await toolsQuery()];
      facesWhileDown.push(consoleAnswer.json().errors, toolsAnswer.json());
      retryAfterWhileDown.push(consoleAnswer.headers['retry-after'], toolsAnswer.headers['retry-after']);
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      await cluster.restart();
    };

    await Promise.all([outage(), ...Array.from({ length: WORKERS }, worker)]);

    expect(pending).toEqual([]);
    expect(readyWhileDown).toEqual([{ status: 503, code: 503, msg: 'Service unavailable: database unreachable', retryAfter: '5', ms: expect.any(Number) }]);
    const message = 'Service unavailable: database unreachable';
    expect(retryAfterWhileDown).toEqual(['5', '5']);
    expect(facesWhileDown).toMatchObject([
      [{ message, extensions: { code: 503, httpStatus: 503 } }],
      { error: { json: { message, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, serviceCode: 503 } } } },
    ]);
    const unavailable = answers.filter((answer) => answer.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.filter((answer) => answer.code !== 503 || answer.retryAfter !== '5' || answer.msg !== 'Service unavailable: database unreachable')).toEqual([]);
    // Everything else is an ordinary answer: paid, or already paid by an attempt answered 503.
    const accepted = [0, ErrorCatalogue.PAY_ORDER_ALREADY_PAID.code];
    expect(answers.filter((answer) => answer.status !== 503 && !(answer.status === 200 && accepted.includes(answer.code)))).toEqual([]);
    expect(Math.max(...answers.map((answer) => answer.ms), ...readyWhileDown.map((answer) => answer.ms))).toBeLessThan(SLOWEST_ANSWER_MS);

    // Recovered with no restart of the app.
    expect((await test.app.inject('/readyz')).statusCode).toBe(200);
    const payOrders = await database.db.payOrder.findMany({ where: { paymentId: { in: orders.map((order) => order.paymentId) } } });
    expect(payOrders.map((order) => order.status)).toEqual(orders.map(() => PayOrderStatus.PAID));
    const purchaseOrders = await database.db.purchaseOrder.findMany({ where: { id: { in: orders.map((order) => order.orderId) } } });
    expect(purchaseOrders.map((order) => order.status)).toEqual(orders.map(() => PurchaseOrderStatus.PAID));
    const debits = await database.db.walletLedger.findMany({ where: { memberId: member.memberId, amount: { lt: 0 } } });
    expect(debits.map((entry) => entry.amount).sort()).toEqual(orders.map(() => -ORDER_AMOUNT));
    const wallet = await database.db.wallet.findUniqueOrThrow({ where: { memberId: member.memberId } });
    expect(wallet.balance).toBe(INITIAL_BALANCE - ORDER_COUNT * ORDER_AMOUNT);
    expect(await test.core.wallets.reconcile(staffContext(systemClock))).toEqual([]);
  });
});
