// Wallet credits and debits for staff and internal tools (core.wallets): one ledger row per change,
// never negative, idempotent on bizRef, and reconciliation of balances against ledgers.
import { ZodError } from 'zod';
import { describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { MAX_WALLET_BALANCE } from '../src/core/wallet/wallet-ledger';
import { useTestApp } from './support/app';
import { createBoundMember } from './support/commerce-fixtures';
import { inRounds, RACE_TEST_TIMEOUT_MS } from './support/races';

const test = useTestApp('wallet_service');
const { clock } = test;
const OTHER_TENANT_ID = SYSTEM_TENANT_ID + 1000;
const wallets = () => test.core.wallets;

async function ledgerOf(memberId: number) {
  const wallet = await test.db.wallet.findUniqueOrThrow({ where: { memberId }, include: { entries: { orderBy: { id: 'asc' } } } });
  return { balance: wallet.balance, entries: wallet.entries, sum: wallet.entries.reduce((total, entry) => total + entry.amount, 0) };
}

describe('credit and debit', () => {
  it('each writes one ledger row with the balance after it', async () => {
    const member = await createBoundMember(test.db);
    const credit = await wallets().credit(test.staff(), { memberId: member.memberId, amount: 5000, bizRef: 'topup:1', remark: 'top-up' });
    expect(credit).toMatchObject({ applied: true, entry: { amount: 5000, balanceAfter: 5000, kind: 'credit', bizRef: 'topup:1', remark: 'top-up', createdAt: new Date(clock.now()) } });
    const debit = await wallets().debit(test.staff(), { memberId: member.memberId, amount: 1200, bizRef: 'fee:1' });
    expect(debit).toMatchObject({ applied: true, entry: { amount: -1200, balanceAfter: 3800, kind: 'debit' } });
    const refund = await wallets().credit(test.staff(), { memberId: member.memberId, amount: 200, kind: 'refund', bizRef: 'refund:PI1' });
    expect(refund.entry).toMatchObject({ kind: 'refund', balanceAfter: 4000 });
    expect(await wallets().balance(test.staff(), member.memberId)).toMatchObject({ memberId: member.memberId, balance: 4000 });
    expect(await ledgerOf(member.memberId)).toMatchObject({ balance: 4000, sum: 4000 });
  });

  it('a repeated bizRef moves no money again and answers the first entry', async () => {
    const member = await createBoundMember(test.db, { balance: 1000 });
    const first = await wallets().debit(test.staff(), { memberId: member.memberId, amount: 300, bizRef: 'once' });
    const again = await wallets().debit(test.staff(), { memberId: member.memberId, amount: 300, bizRef: 'once' });
    expect(again).toEqual({ applied: false, entry: first.entry });
    await expect(wallets().debit(test.staff(), { memberId: member.memberId, amount: 301, bizRef: 'once' })).rejects.toMatchObject({
      code: ErrorCatalogue.WALLET_BIZ_REF_CONFLICT.code,
    });
    await expect(wallets().credit(test.staff(), { memberId: member.memberId, amount: 300, bizRef: 'once' })).rejects.toMatchObject({
      code: ErrorCatalogue.WALLET_BIZ_REF_CONFLICT.code,
    });
    expect(await ledgerOf(member.memberId)).toMatchObject({ balance: 700, sum: 700 });
  });

  it('never takes a balance below zero, nor past the column range', async () => {
    const member = await createBoundMember(test.db, { balance: 999 });
    await expect(wallets().debit(test.staff(), { memberId: member.memberId, amount: 1000, bizRef: 'too-much' })).rejects.toMatchObject({
      code: ErrorCatalogue.WALLET_INSUFFICIENT_BALANCE.code,
      message: 'Insufficient balance: 999 cents available, 1000 cents needed',
    });
    await expect(wallets().credit(test.staff(), { memberId: member.memberId, amount: MAX_WALLET_BALANCE, bizRef: 'too-big' })).rejects.toMatchObject({
      code: ErrorCatalogue.WALLET_BALANCE_LIMIT.code,
    });
    expect(await ledgerOf(member.memberId)).toMatchObject({ balance: 999, sum: 999 });
    expect((await wallets().debit(test.staff(), { memberId: member.memberId, amount: 999, bizRef: 'all' })).entry.balanceAfter).toBe(0);
  });

  it('refuses members of another tenant, unknown members and bad input, writing nothing', async () => {
    const member = await createBoundMember(test.db, { balance: 1000 });
    await expect(wallets().credit(test.staff(OTHER_TENANT_ID), { memberId: member.memberId, amount: 1, bizRef: 'x' })).rejects.toMatchObject({
      code: ErrorCatalogue.MEMBER_NOT_FOUND.code,
    });
    await expect(wallets().balance(test.staff(OTHER_TENANT_ID), member.memberId)).rejects.toMatchObject({ code: ErrorCatalogue.WALLET_NOT_FOUND.code });
    await expect(wallets().debit(test.staff(), { memberId: 999_999, amount: 1, bizRef: 'x' })).rejects.toMatchObject({ code: ErrorCatalogue.MEMBER_NOT_FOUND.code });
    for (const input of [
      { memberId: member.memberId, amount: 0, bizRef: 'x' },
      { memberId: member.memberId, amount: -5, bizRef: 'x' },
      { memberId: member.memberId, amount: 1.5, bizRef: 'x' },
      { memberId: member.memberId, amount: MAX_WALLET_BALANCE + 1, bizRef: 'x' },
      { memberId: member.memberId, amount: 1, bizRef: '' },
      { memberId: member.memberId, amount: 1, bizRef: 'b'.repeat(129) },
      { memberId: member.memberId, amount: 1, bizRef: 'x', kind: 'gift' },
      { memberId: member.memberId, amount: 1 },
    ]) {
      await expect(wallets().credit(test.staff(), input as never)).rejects.toBeInstanceOf(ZodError);
    }
    expect(await ledgerOf(member.memberId)).toMatchObject({ balance: 1000, sum: 1000 });
  });
});

describe('concurrency', () => {
  it('concurrent debits beyond the balance never take it below zero', async () => {
    await inRounds(async (round) => {
      const member = await createBoundMember(test.db, { balance: 10_000 });
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) => wallets().debit(test.staff(), { memberId: member.memberId, amount: 1500, bizRef: `race:${index}` })),
      );
      const refusals = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { code: number }).code] : []));
      expect(results.filter((result) => result.status === 'fulfilled'), `round ${round}`).toHaveLength(6);
      expect(refusals, `round ${round}`).toEqual(Array(14).fill(ErrorCatalogue.WALLET_INSUFFICIENT_BALANCE.code));
      expect(await ledgerOf(member.memberId), `round ${round}`).toMatchObject({ balance: 1000, sum: 1000 });
    });
  }, RACE_TEST_TIMEOUT_MS);

  it('concurrent changes with one bizRef apply it once', async () => {
    await inRounds(async (round) => {
      const member = await createBoundMember(test.db, { balance: 10_000 });
      const results = await Promise.all(Array.from({ length: 20 }, () => wallets().debit(test.staff(), { memberId: member.memberId, amount: 700, bizRef: 'same' })));
      expect(results.filter((result) => result.applied), `round ${round}`).toHaveLength(1);
      expect(new Set(results.map((result) => result.entry.id)).size, `round ${round}`).toBe(1);
      expect(await ledgerOf(member.memberId), `round ${round}`).toMatchObject({ balance: 9300, sum: 9300 });
    });
  }, RACE_TEST_TIMEOUT_MS);

  it('concurrent credits and debits keep balance == ledger sum, applying every credit and the debits the balance allowed', async () => {
    await inRounds(async (round) => {
      const member = await createBoundMember(test.db, { balance: 500 });
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, index) =>
          index % 2 === 0
            ? wallets().credit(test.staff(), { memberId: member.memberId, amount: 100, bizRef: `mix:${index}` })
            : wallets().debit(test.staff(), { memberId: member.memberId, amount: 250, bizRef: `mix:${index}` }),
        ),
      );
      const credits = results.filter((result, index) => index % 2 === 0 && result.status === 'fulfilled').length;
      const debits = results.filter((result, index) => index % 2 === 1 && result.status === 'fulfilled').length;
      const refusals = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { code: number }).code] : []));
      expect(credits, `round ${round}`).toBe(15);
      expect(refusals, `round ${round}`).toEqual(Array(15 - debits).fill(ErrorCatalogue.WALLET_INSUFFICIENT_BALANCE.code));
      const ledger = await ledgerOf(member.memberId);
      expect([ledger.balance, ledger.sum], `round ${round}`).toEqual([500 + 100 * credits - 250 * debits, 500 + 100 * credits - 250 * debits]);
      expect(ledger.entries.filter((entry) => entry.balanceAfter < 0), `round ${round}`).toEqual([]);
    });
  }, RACE_TEST_TIMEOUT_MS);
});

describe('reconcile', () => {
  it('lists the wallets of the tenant whose balance is not their ledger sum', async () => {
    const healthy = await createBoundMember(test.db, { balance: 100 });
    const tampered = await createBoundMember(test.db, { balance: 100 });
    const elsewhere = await createBoundMember(test.db, { balance: 100, tenantId: OTHER_TENANT_ID });
    await test.db.wallet.update({ where: { memberId: tampered.memberId }, data: { balance: 150 } });
    await test.db.wallet.update({ where: { memberId: elsewhere.memberId }, data: { balance: 150 } });
    const found = await wallets().reconcile(test.staff());
    expect(found.filter((row) => [healthy.memberId, tampered.memberId, elsewhere.memberId].includes(row.memberId))).toEqual([
      { walletId: expect.any(Number), memberId: tampered.memberId, balance: 150, ledgerSum: 100 },
    ]);
    expect((await wallets().reconcile(test.staff(OTHER_TENANT_ID))).map((row) => row.memberId)).toEqual([elsewhere.memberId]);
  });

  it('counts a wallet without ledger rows as a zero sum', async () => {
    const member = await test.core.members.create(test.staff(), { nickname: 'Empty wallet' });
    expect((await wallets().reconcile(test.staff())).some((row) => row.memberId === member.id)).toBe(false);
    await test.db.wallet.update({ where: { memberId: member.id }, data: { balance: 1 } });
    expect((await wallets().reconcile(test.staff())).filter((row) => row.memberId === member.id)).toEqual([
      { walletId: expect.any(Number), memberId: member.id, balance: 1, ledgerSum: 0 },
    ]);
  });
});
