// Bindings resolved from memory (core PartnerBindings): an unbind or a rebind is honoured on the very
// next partner call, here and, through Redis, in another process over the same database; and the
// wallet balance costs one SQL statement whether the binding is remembered or not.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { envelope, getQuery, partnerToken, postJson, type TestApp, useTestApp } from './support/app';
import { createBoundMember, createCatalogGoods, createPurchaseOrder, type MemberFixture } from './support/commerce-fixtures';
import { SEED } from './support/database';
import { TEST_REDIS_URL } from './support/environment';
import { eventually } from './support/propagation';
import { statementRecorder } from './support/statements';
import { useTwoInstances } from './support/two-instances';

const BALANCE = '/open-api/pay/wallet/balance';
const PAY = '/open-api/pay/wallet/pay';
const QUOTE = '/open-api/order/purchase/quote';
const SUPPLEMENTS = '/open-api/order/supplement/list';
const SUPPLEMENT_PAY_ORDER = '/open-api/order/supplement/trade-no';

const sql = statementRecorder();
const test = useTestApp('partner_binding_cache', { databaseOptions: { onQuery: sql.onQuery } });
let token: string;

beforeAll(async () => {
  token = await partnerToken(test.app);
});

async function balanceOf(app: TestApp['app'], externalUserId: string) {
  return envelope<{ externalUserId: string; balance: number }>(await getQuery(app, token, BALANCE, { externalUserId }));
}

function unbind(core: TestApp['core'], member: MemberFixture) {
  return core.members.unbind(test.staff(), { partnerClientId: SEED.partnerClientId, externalUserId: member.externalUserId });
}

const statementsOf = async (call: () => Promise<unknown>) => (await sql.during(call)).statements;

describe('in one process', () => {
  it('an unbind takes effect on the next call of every operation', async () => {
    const member = await createBoundMember(test.db, { balance: 10_000 });
    const order = await createPurchaseOrder(test.db, member);
    const goods = await createCatalogGoods(test.db);
    const items = [{ platformChannel: goods.source, goodsId: goods.goodsId, skuId: goods.skuIds[0], qty: 1 }];
    expect(envelope(await postJson(test.app, token, QUOTE, { externalUserId: member.externalUserId, items })).code).toBe(0); // remembered from here on
    expect((await balanceOf(test.app, member.externalUserId)).data.balance).toBe(10_000);
    expect(envelope(await getQuery(test.app, token, SUPPLEMENTS, { externalUserId: member.externalUserId })).code).toBe(0);
    await unbind(test.core, member);
    expect(envelope(await getQuery(test.app, token, SUPPLEMENTS, { externalUserId: member.externalUserId })).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
    expect(
      envelope(await postJson(test.app, token, SUPPLEMENT_PAY_ORDER, { externalUserId: member.externalUserId, orderExpensesNoList: ['E-none'] })).code,
    ).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
    expect((await balanceOf(test.app, member.externalUserId)).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
    expect(envelope(await postJson(test.app, token, PAY, { externalUserId: member.externalUserId, paymentId: order.paymentId })).code).toBe(
      ErrorCatalogue.MEMBER_NOT_BOUND.code,
    );
    expect(envelope(await postJson(test.app, token, QUOTE, { externalUserId: member.externalUserId, items })).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
    expect((await test.db.wallet.findUniqueOrThrow({ where: { memberId: member.memberId } })).balance).toBe(10_000);
  });

  it('a rebind to another member answers for that member at once', async () => {
    const first = await createBoundMember(test.db, { balance: 100 });
    const second = await createBoundMember(test.db, { balance: 200 });
    expect((await balanceOf(test.app, first.externalUserId)).data.balance).toBe(100);
    await unbind(test.core, first);
    await test.core.members.bind(test.staff(), { memberId: second.memberId, partnerClientId: SEED.partnerClientId, externalUserId: first.externalUserId });
    expect((await balanceOf(test.app, first.externalUserId)).data).toEqual({ externalUserId: first.externalUserId, memberId: second.memberId, balance: 200 });
  });

  // One prepared statement from the binding's key to the wallet: the binding is checked in the
  // statement itself, remembered or not (src/core/db/hot-reads.ts).
  it('the wallet balance runs one statement through the binding, with the binding remembered or not', async () => {
    const member = await createBoundMember(test.db, { balance: 4200 });
    const cold = await statementsOf(async () => expect((await balanceOf(test.app, member.externalUserId)).data.balance).toBe(4200));
    expect(cold).toHaveLength(1);
    expect(cold[0]).toMatch(/PartnerBinding/);
    const warm = await statementsOf(async () => expect((await balanceOf(test.app, member.externalUserId)).data.balance).toBe(4200));
    expect(warm).toStrictEqual(cold);
  });

  it('the supplement list reads the binding from memory once it is remembered', async () => {
    const member = await createBoundMember(test.db, { balance: 0 });
    const list = async () => expect(envelope(await getQuery(test.app, token, SUPPLEMENTS, { externalUserId: member.externalUserId })).code).toBe(0);
    expect((await statementsOf(list)).some((sql) => /PartnerBinding/.test(sql))).toBe(true);
    expect((await statementsOf(list)).some((sql) => /PartnerBinding/.test(sql))).toBe(false);
  });

  it('an unbound user is refused after two statements, and is not remembered as unbound', async () => {
    const unbound = await statementsOf(async () => expect((await balanceOf(test.app, 'never-bound')).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code));
    // The balance query finds nothing, and the binding lookup says why.
    expect(unbound).toHaveLength(2);
    const member = await createBoundMember(test.db, { externalUserId: 'bound-later', balance: 300 });
    expect((await balanceOf(test.app, member.externalUserId)).data.balance).toBe(300);
  });
});

describe.skipIf(!TEST_REDIS_URL)('two instances over one database with Redis', () => {
  const instances = useTwoInstances(test);

  it('an unbind in one is honoured by the other', async () => {
    const member = await createBoundMember(test.db, { balance: 700 });
    expect((await balanceOf(instances.first().app, member.externalUserId)).data.balance).toBe(700);
    expect((await balanceOf(instances.second().app, member.externalUserId)).data.balance).toBe(700);
    await unbind(instances.first().core, member);
    expect((await balanceOf(instances.first().app, member.externalUserId)).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
    const code = async () => (await balanceOf(instances.second().app, member.externalUserId)).code;
    expect(await eventually(code, ErrorCatalogue.MEMBER_NOT_BOUND.code)).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
  });

  it('a rebind in one is honoured by the other', async () => {
    const before = await createBoundMember(test.db, { balance: 100 });
    const after = await createBoundMember(test.db, { balance: 900 });
    expect((await balanceOf(instances.second().app, before.externalUserId)).data.balance).toBe(100);
    await unbind(instances.first().core, before);
    await instances.first().core.members.bind(test.staff(), { memberId: after.memberId, partnerClientId: SEED.partnerClientId, externalUserId: before.externalUserId });
    const balance = async () => (await balanceOf(instances.second().app, before.externalUserId)).data?.balance;
    expect(await eventually(balance, 900)).toBe(900);
  });
});
