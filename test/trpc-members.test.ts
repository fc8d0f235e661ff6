// Internal tools over tRPC, through the typed client on a real port: members, bindings, addresses,
// repayment authorization, wallet adjustments and reconciliation; with permission, tenant and
// validation denials.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { createClient } from '../src/trpc/client';
import { envelope, getQuery, partnerToken, useTestApp } from './support/app';
import { createAdmin, createTenant, issuedAdminToken, seededAdminToken, unique } from './support/admin';
import { SEED } from './support/database';
import { clientWith, failure, type OpsClient, otherTenantClient } from './support/ops-client';
import { createPartner } from './support/partner-clients';

const test = useTestApp('trpc_members');
let url: string;
let staff: ReturnType<typeof createClient>;

beforeAll(async () => {
  url = await test.app.listen({ host: '127.0.0.1', port: 0 });
  staff = createClient(url, await seededAdminToken(test.core));
});

describe('members', () => {
  it('creates, binds, addresses and finds a member; the partner then sees it', async () => {
    const member = await staff.member.create.mutate({ nickname: 'Ana', email: 'ana@example.com' });
    const externalUserId = unique('ext-');
    await staff.member.bind.mutate({ memberId: member.id, partnerClientId: SEED.partnerClientId, externalUserId });
    const first = await staff.member.addAddress.mutate({
      memberId: member.id,
      receiverName: 'Ana Souza',
      phone: '+55 11 91234-5678',
      country: 'BR',
      city: 'São Paulo',
      addressLine: 'Rua Augusta 1000',
    });
    const second = await staff.member.addAddress.mutate({ memberId: member.id, receiverName: 'Ana', phone: '+351 912 345 678', country: 'PT', city: 'Lisboa', addressLine: 'Rua Augusta 1' });
    await staff.member.setDefaultAddress.mutate({ memberId: member.id, addressId: second.id });
    const view = await staff.member.get.query({ memberId: member.id });
    expect(view.bindings).toEqual([expect.objectContaining({ partnerClientId: SEED.partnerClientId, externalUserId })]);
    expect(view.addresses.find((address) => address.id === second.id)?.isDefault).toBe(true);
    expect(view.addresses.find((address) => address.id === first.id)?.isDefault).toBe(false);
    expect((await staff.member.search.query({ pageNo: 1, pageSize: 10, unionId: member.unionId })).list.map((found) => found.id)).toEqual([member.id]);

    const token = await partnerToken(test.app);
    const balance = await getQuery(test.app, token, '/open-api/pay/wallet/balance', { externalUserId });
    expect(envelope(balance)).toMatchObject({ code: 0, data: { externalUserId, balance: 0 } });
    await staff.member.unbind.mutate({ partnerClientId: SEED.partnerClientId, externalUserId });
    expect(envelope(await getQuery(test.app, token, '/open-api/pay/wallet/balance', { externalUserId })).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
  });

  it('sets the repayment authorization', async () => {
    const member = await staff.member.create.mutate({ nickname: 'Bea' });
    expect((await staff.member.setRepaymentAuthorization.mutate({ memberId: member.id, authorized: true })).repaymentAuthorized).toBe(true);
  });

  it.each([
    ['an empty nickname', { nickname: '' }, 'nickname'],
    ['a bad email', { nickname: 'x', email: 'not-an-email' }, 'email'],
  ])('refuses %s, naming the field', async (_case, input, field) => {
    const result = await failure(staff.member.create.mutate(input as never));
    expect(result.code).toBe('BAD_REQUEST');
    expect(result.message).toContain(field);
  });
});

describe('wallet adjustments', () => {
  it('credits and debits with a reason, once per adjustment id, never below zero', async () => {
    const member = await staff.member.create.mutate({ nickname: 'Caio' });
    const credit = { memberId: member.id, amount: 5000, adjustmentId: unique('adj-'), reason: 'Goodwill credit' };
    await staff.wallet.credit.mutate(credit);
    await staff.wallet.credit.mutate(credit); // a retried call moves no money
    expect((await staff.wallet.balance.query({ memberId: member.id })).balance).toBe(5000);
    await staff.wallet.debit.mutate({ memberId: member.id, amount: 2000, adjustmentId: unique('adj-'), reason: 'Correction' });
    expect((await staff.wallet.balance.query({ memberId: member.id })).balance).toBe(3000);
    const overdraw = await failure(staff.wallet.debit.mutate({ memberId: member.id, amount: 3001, adjustmentId: unique('adj-'), reason: 'Too much' }));
    expect(overdraw.serviceCode).toBe(ErrorCatalogue.WALLET_INSUFFICIENT_BALANCE.code);
    expect((await staff.wallet.balance.query({ memberId: member.id })).balance).toBe(3000);
    const noReason = await failure(staff.wallet.credit.mutate({ memberId: member.id, amount: 1, adjustmentId: unique('adj-'), reason: ' ' }));
    expect(noReason.code).toBe('BAD_REQUEST');
  });

  it('reconciliation finds a wallet whose balance no longer equals its ledger', async () => {
    expect((await staff.reconciliation.wallets.query()).differences).toEqual([]);
    const member = await staff.member.create.mutate({ nickname: 'Dora' });
    await staff.wallet.credit.mutate({ memberId: member.id, amount: 700, adjustmentId: unique('adj-'), reason: 'Test' });
    await test.db.wallet.update({ where: { memberId: member.id }, data: { balance: 900 } });
    expect((await staff.reconciliation.wallets.query()).differences).toEqual([expect.objectContaining({ memberId: member.id, balance: 900, ledgerSum: 700 })]);
    await test.db.wallet.update({ where: { memberId: member.id }, data: { balance: 700 } });
  });
});

describe('denials', () => {
  it('refuses anonymous callers and partner tokens', async () => {
    expect((await failure(createClient(url).member.search.query({ pageNo: 1, pageSize: 10 }))).code).toBe('UNAUTHORIZED');
    const partner = createClient(url, await partnerToken(test.app));
    expect((await failure(partner.member.search.query({ pageNo: 1, pageSize: 10 }))).code).toBe('UNAUTHORIZED');
  });

  it('refuses a procedure whose permission the caller lacks', async () => {
    const tenant = await createTenant(test.db);
    const admin = await createAdmin(test.core, { tenant, permissions: ['ops:member:query'] });
    const reader = createClient(url, await issuedAdminToken(test.core, admin));
    const member = await test.db.member.create({ data: { tenantId: tenant.id, nickname: 'Readable', unionId: unique('union-') } });
    expect(await reader.member.search.query({ pageNo: 1, pageSize: 10 })).toMatchObject({ total: 1, list: [{ id: member.id }] });
    const denied = await failure(reader.member.create.mutate({ nickname: 'No' }));
    expect(denied).toMatchObject({ code: 'FORBIDDEN', message: 'Permission ops:member:create is required' });
    expect((await failure(reader.wallet.credit.mutate({ memberId: 1, amount: 1, adjustmentId: unique('adj-'), reason: 'x' }))).code).toBe('FORBIDDEN');
  });

  it("keeps another tenant's staff away from this tenant's members", async () => {
    const member = await staff.member.create.mutate({ nickname: 'Eva' });
    const otherTenant = await createTenant(test.db);
    const otherAdmin = await createAdmin(test.core, { tenant: otherTenant, superAdmin: true });
    const other = createClient(url, await issuedAdminToken(test.core, otherAdmin));
    expect((await failure(other.member.get.query({ memberId: member.id }))).serviceCode).toBe(ErrorCatalogue.MEMBER_NOT_FOUND.code);
    expect((await failure(other.wallet.credit.mutate({ memberId: member.id, amount: 1, adjustmentId: unique('adj-'), reason: 'x' }))).serviceCode).toBe(ErrorCatalogue.MEMBER_NOT_FOUND.code);
    expect((await other.member.search.query({ pageNo: 1, pageSize: 100 })).list.some((found) => found.id === member.id)).toBe(false);
    expect((await staff.wallet.balance.query({ memberId: member.id })).balance).toBe(0);
  });
});

describe("partner clients of another tenant", () => {
  it('answer exactly as a client that does not exist, whether or not the externalUserId is bound there', async () => {
    const boundInA = unique('ext-');
    const memberA = await staff.member.create.mutate({ nickname: 'Bound in A' });
    await staff.member.bind.mutate({ memberId: memberA.id, partnerClientId: SEED.partnerClientId, externalUserId: boundInA });
    const { client: other, tenantId } = await otherTenantClient(test, url);
    const memberB = await other.member.create.mutate({ nickname: 'Squatter' });
    const bindingsBefore = await test.db.partnerBinding.count();

    const answers = await Promise.all(
      [
        { partnerClientId: SEED.partnerClientId, externalUserId: boundInA },
        { partnerClientId: SEED.partnerClientId, externalUserId: unique('ext-') },
        { partnerClientId: 'no-such-client', externalUserId: unique('ext-') },
      ].map(async (key) => {
        const refused = await failure(other.member.bind.mutate({ memberId: memberB.id, ...key }));
        return { ...refused, message: refused.message.replace(key.partnerClientId, '<client>') };
      }),
    );
    expect(answers).toEqual(Array(3).fill({ code: 'UNPROCESSABLE_CONTENT', serviceCode: ErrorCatalogue.MEMBER_PARTNER_NOT_FOUND.code, message: 'Partner <client> does not exist' }));
    expect(await test.db.partnerBinding.count()).toBe(bindingsBefore);
    expect((await staff.member.get.query({ memberId: memberA.id })).bindings.map((binding) => binding.externalUserId)).toEqual([boundInA]);

    // A client serving tenant B is bound there, and is another tenant's client for A.
    const partnerOfB = await createPartner(test.core, { tenantId });
    const externalUserId = unique('ext-');
    expect(await other.member.bind.mutate({ memberId: memberB.id, partnerClientId: partnerOfB.clientId, externalUserId })).toMatchObject({ tenantId, memberId: memberB.id });
    expect((await failure(staff.member.bind.mutate({ memberId: memberA.id, partnerClientId: partnerOfB.clientId, externalUserId }))).serviceCode).toBe(
      ErrorCatalogue.MEMBER_PARTNER_NOT_FOUND.code,
    );
  });
});

describe('denials, for every member, wallet and reconciliation procedure', () => {
  /** One call of every procedure, on a member of the system tenant. */
  async function everyProcedure() {
    const member = await staff.member.create.mutate({ nickname: 'Target' });
    const address = await staff.member.addAddress.mutate({ memberId: member.id, receiverName: 'T', phone: '1', country: 'BR', city: 'Rio', addressLine: 'Rua 1' });
    const externalUserId = unique('ext-');
    await staff.member.bind.mutate({ memberId: member.id, partnerClientId: SEED.partnerClientId, externalUserId });
    await staff.wallet.credit.mutate({ memberId: member.id, amount: 1000, adjustmentId: unique('adj-'), reason: 'Seed' });
    const adjustment = { memberId: member.id, amount: 100, reason: 'Refused', adjustmentId: unique('adj-') };
    const calls = (client: OpsClient): Record<string, () => Promise<unknown>> => ({
      'member.create': () => client.member.create.mutate({ nickname: 'Refused' }),
      'member.get': () => client.member.get.query({ memberId: member.id }),
      'member.search': () => client.member.search.query({ pageNo: 1, pageSize: 100, unionId: member.unionId }),
      'member.bind': () => client.member.bind.mutate({ memberId: member.id, partnerClientId: SEED.partnerClientId, externalUserId: unique('ext-') }),
      'member.unbind': () => client.member.unbind.mutate({ partnerClientId: SEED.partnerClientId, externalUserId }),
      'member.addAddress': () => client.member.addAddress.mutate({ memberId: member.id, receiverName: 'X', phone: '1', country: 'BR', city: 'Rio', addressLine: 'Rua 2' }),
      'member.setDefaultAddress': () => client.member.setDefaultAddress.mutate({ memberId: member.id, addressId: address.id }),
      'member.setRepaymentAuthorization': () => client.member.setRepaymentAuthorization.mutate({ memberId: member.id, authorized: true }),
      'wallet.balance': () => client.wallet.balance.query({ memberId: member.id }),
      'wallet.credit': () => client.wallet.credit.mutate(adjustment),
      'wallet.debit': () => client.wallet.debit.mutate(adjustment),
      'reconciliation.wallets': () => client.reconciliation.wallets.query(),
    });
    /** Nothing the refused calls could have changed did change. */
    const unchanged = async () => {
      const view = await staff.member.get.query({ memberId: member.id });
      expect(view.balance).toBe(1000);
      expect(view.member.repaymentAuthorized).toBe(false);
      expect(view.bindings.map((binding) => binding.externalUserId)).toEqual([externalUserId]);
      expect(view.addresses).toHaveLength(1);
    };
    return { calls, unchanged };
  }

  const PERMISSIONS: Record<string, string> = {
    'member.create': 'ops:member:create',
    'member.get': 'ops:member:query',
    'member.search': 'ops:member:query',
    'member.bind': 'ops:member:bind',
    'member.unbind': 'ops:member:bind',
    'member.addAddress': 'ops:member:update',
    'member.setDefaultAddress': 'ops:member:update',
    'member.setRepaymentAuthorization': 'ops:member:update',
    'wallet.balance': 'ops:member:query',
    'wallet.credit': 'ops:member:wallet-adjust',
    'wallet.debit': 'ops:member:wallet-adjust',
    'reconciliation.wallets': 'ops:reconciliation:query',
  };

  it('refuses anonymous callers on every procedure', async () => {
    const { calls, unchanged } = await everyProcedure();
    for (const [procedure, call] of Object.entries(calls(createClient(url)))) expect((await failure(call())).code, procedure).toBe('UNAUTHORIZED');
    await unchanged();
  });

  it('refuses every procedure to staff holding every other permission but its own', async () => {
    const { calls, unchanged } = await everyProcedure();
    const all = [...new Set(Object.values(PERMISSIONS))];
    for (const [procedure, permission] of Object.entries(PERMISSIONS)) {
      const client = await clientWith(test, url, all.filter((other) => other !== permission));
      const call = calls(client)[procedure] as () => Promise<unknown>;
      expect(await failure(call()), procedure).toMatchObject({ code: 'FORBIDDEN', message: `Permission ${permission} is required` });
    }
    await unchanged();
  });

  it("keeps another tenant's staff away from every member procedure", async () => {
    const { calls, unchanged } = await everyProcedure();
    const { client } = await otherTenantClient(test, url);
    // member.create makes a member in the caller's own tenant; the two reads answer nothing of this tenant.
    const { 'member.create': _create, 'member.search': search, 'reconciliation.wallets': wallets, ...refusable } = calls(client);
    expect(((await search!()) as { total: number }).total).toBe(0);
    expect(((await wallets!()) as { differences: unknown[] }).differences).toEqual([]);
    const expected: Record<string, number> = {
      'member.unbind': ErrorCatalogue.MEMBER_BINDING_NOT_FOUND.code,
      'wallet.balance': ErrorCatalogue.WALLET_NOT_FOUND.code,
    };
    for (const [procedure, call] of Object.entries(refusable)) {
      expect((await failure(call())).serviceCode, procedure).toBe(expected[procedure] ?? ErrorCatalogue.MEMBER_NOT_FOUND.code);
    }
    await unchanged();
  });
});
