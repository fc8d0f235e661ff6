// Members for staff and internal tools (core.members): create with wallet, search, bindings,
// addresses, repayment authorization, and the demo member of the seed.
import { ZodError } from 'zod';
import { describe, expect, it } from 'vitest';
import { seedDemoMember } from '../prisma/demo/member';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { RequestContext } from '../src/core/request-context';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { envelope, getQuery, partnerToken, useTestApp } from './support/app';
import { createBoundMember } from './support/commerce-fixtures';
import { SEED } from './support/database';
import { createPartner } from './support/partner-clients';

const test = useTestApp('member_service');
const { clock } = test;
const OTHER_TENANT_ID = SYSTEM_TENANT_ID + 1000;
const members = () => test.core.members;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${++seq}`;

const address = (memberId: number, overrides: Record<string, unknown> = {}) => ({
  memberId,
  receiverName: 'João Silva',
  phone: '+55 21 99876-5432',
  country: 'br',
  city: 'Rio de Janeiro',
  addressLine: 'Av. Atlântica 1702',
  ...overrides,
});

describe('create and read', () => {
  it('creates a member with an empty wallet and a generated unionId', async () => {
    const member = await members().create(test.staff(), { nickname: 'Ana', mobile: '+55 11 90000-0001' });
    expect(member).toMatchObject({ tenantId: SYSTEM_TENANT_ID, nickname: 'Ana', mobile: '+55 11 90000-0001', email: null, balance: 0, repaymentAuthorized: false, status: 0 });
    expect(member.unionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(member.createdAt).toEqual(new Date(clock.now()));
    expect(await test.db.wallet.findUnique({ where: { memberId: member.id } })).toMatchObject({ balance: 0 });
    expect(await members().get(test.staff(), member.id)).toEqual(member);
  });

  it('keeps a given unionId and refuses a taken one', async () => {
    const unionId = unique('union');
    await members().create(test.staff(), { unionId, nickname: 'First' });
    const before = await test.db.member.count();
    await expect(members().create(test.staff(), { unionId, nickname: 'Second' })).rejects.toMatchObject({ code: ErrorCatalogue.MEMBER_UNION_ID_EXISTS.code });
    expect(await test.db.member.count()).toBe(before);
    expect(await test.db.wallet.count()).toBe(before);
  });

  it('validates its input and writes nothing on bad input', async () => {
    const before = await test.db.member.count();
    for (const input of [{}, { nickname: '' }, { nickname: 'x'.repeat(65) }, { nickname: 'ok', email: 'not-an-email' }, { nickname: 'ok', unionId: 'u'.repeat(65) }, { nickname: 5 }]) {
      await expect(members().create(test.staff(), input as never)).rejects.toBeInstanceOf(ZodError);
    }
    expect(await test.db.member.count()).toBe(before);
  });

  it('does not show a member of another tenant', async () => {
    const member = await members().create(test.staff(), { nickname: 'Tenant one' });
    await expect(members().get(test.staff(OTHER_TENANT_ID), member.id)).rejects.toMatchObject({ code: ErrorCatalogue.MEMBER_NOT_FOUND.code });
    await expect(members().get(new RequestContext('anon', null, { kind: 'anonymous' }, '127.0.0.1', clock), member.id)).rejects.toMatchObject({
      code: ErrorCatalogue.FORBIDDEN.code,
    });
  });

  it('searches by unionId, nickname and mobile, paged', async () => {
    const tag = unique('Searchable');
    const created = [];
    for (let index = 0; index < 3; index++) created.push(await members().create(test.staff(), { nickname: `${tag} ${index}`, mobile: `+86 138000${index}${seq}` }));
    const page1 = await members().search(test.staff(), { nickname: tag, pageNo: 1, pageSize: 2 });
    expect(page1.total).toBe(3);
    expect(page1.list.map((member) => member.id)).toEqual([created[2]?.id, created[1]?.id]);
    expect((await members().search(test.staff(), { nickname: tag, pageNo: 2, pageSize: 2 })).list.map((member) => member.id)).toEqual([created[0]?.id]);
    expect((await members().search(test.staff(), { unionId: created[1]?.unionId, pageNo: 1, pageSize: 10 })).list.map((member) => member.id)).toEqual([created[1]?.id]);
    expect((await members().search(test.staff(), { mobile: `138000${1}${seq}`, nickname: tag, pageNo: 1, pageSize: 10 })).total).toBe(1);
    expect((await members().search(test.staff(OTHER_TENANT_ID), { nickname: tag, pageNo: 1, pageSize: 10 })).total).toBe(0);
    await expect(members().search(test.staff(), { pageNo: 0, pageSize: 10 })).rejects.toBeInstanceOf(ZodError);
    await expect(members().search(test.staff(), { pageNo: 1, pageSize: 101 })).rejects.toBeInstanceOf(ZodError);
  });
});

describe('bindings', () => {
  it('binds an externalUserId so the partner API resolves it, and unbinds it', async () => {
    const member = await members().create(test.staff(), { nickname: 'Bound' });
    const externalUserId = unique('ext');
    const binding = await members().bind(test.staff(), { memberId: member.id, partnerClientId: SEED.partnerClientId, externalUserId });
    expect(binding).toMatchObject({ memberId: member.id, partnerClientId: SEED.partnerClientId, externalUserId, tenantId: SYSTEM_TENANT_ID });
    // Binding the same pair to the same member again answers the same binding.
    expect(await members().bind(test.staff(), { memberId: member.id, partnerClientId: SEED.partnerClientId, externalUserId })).toEqual(binding);
    expect((await members().detail(test.staff(), member.id)).bindings).toEqual([binding]);

    const token = await partnerToken(test.app);
    const balance = () => getQuery(test.app, token, '/open-api/pay/wallet/balance', { externalUserId });
    expect(envelope(await balance())).toMatchObject({ code: 0, data: { externalUserId, balance: 0 } });
    expect(await members().unbind(test.staff(), { partnerClientId: SEED.partnerClientId, externalUserId })).toEqual(binding);
    expect(envelope(await balance()).code).toBe(ErrorCatalogue.MEMBER_NOT_BOUND.code);
    await expect(members().unbind(test.staff(), { partnerClientId: SEED.partnerClientId, externalUserId })).rejects.toMatchObject({
      code: ErrorCatalogue.MEMBER_BINDING_NOT_FOUND.code,
    });
  });

  it("refuses a pair already bound to another member; another tenant learns nothing of the partner's pairs", async () => {
    const first = await members().create(test.staff(), { nickname: 'First' });
    const second = await members().create(test.staff(), { nickname: 'Second' });
    const elsewhere = await members().create(test.staff(OTHER_TENANT_ID), { nickname: 'Other tenant' });
    const externalUserId = unique('ext');
    await members().bind(test.staff(), { memberId: first.id, partnerClientId: SEED.partnerClientId, externalUserId });
    await expect(members().bind(test.staff(), { memberId: second.id, partnerClientId: SEED.partnerClientId, externalUserId })).rejects.toMatchObject({
      code: ErrorCatalogue.MEMBER_BINDING_TAKEN.code,
    });
    // The seed's partner serves the system tenant: to another tenant it does not exist, bound pair or not.
    await expect(members().bind(test.staff(OTHER_TENANT_ID), { memberId: elsewhere.id, partnerClientId: SEED.partnerClientId, externalUserId })).rejects.toMatchObject({
      code: ErrorCatalogue.MEMBER_PARTNER_NOT_FOUND.code,
    });
    // Another tenant can neither bind to nor unbind from a member it does not have.
    await expect(members().bind(test.staff(OTHER_TENANT_ID), { memberId: first.id, partnerClientId: SEED.partnerClientId, externalUserId: unique('ext') })).rejects.toMatchObject({
      code: ErrorCatalogue.MEMBER_NOT_FOUND.code,
    });
    await expect(members().unbind(test.staff(OTHER_TENANT_ID), { partnerClientId: SEED.partnerClientId, externalUserId })).rejects.toMatchObject({
      code: ErrorCatalogue.MEMBER_BINDING_NOT_FOUND.code,
    });
    expect((await test.db.partnerBinding.findMany({ where: { externalUserId } })).map((binding) => binding.memberId)).toEqual([first.id]);
  });

  it('the same externalUserId may name different members at different partners', async () => {
    const partner = await createPartner(test.core);
    const first = await members().create(test.staff(), { nickname: 'At seed partner' });
    const second = await members().create(test.staff(), { nickname: 'At other partner' });
    const externalUserId = unique('ext');
    await members().bind(test.staff(), { memberId: first.id, partnerClientId: SEED.partnerClientId, externalUserId });
    await members().bind(test.staff(), { memberId: second.id, partnerClientId: partner.clientId, externalUserId });
    expect(await test.db.partnerBinding.count({ where: { externalUserId } })).toBe(2);
  });

  it('refuses an unknown partner, an unknown member and bad input', async () => {
    const member = await members().create(test.staff(), { nickname: 'Member' });
    await expect(members().bind(test.staff(), { memberId: member.id, partnerClientId: 'no-such-partner', externalUserId: 'x' })).rejects.toMatchObject({
      code: ErrorCatalogue.MEMBER_PARTNER_NOT_FOUND.code,
    });
    await expect(members().bind(test.staff(), { memberId: 999_999, partnerClientId: SEED.partnerClientId, externalUserId: 'x' })).rejects.toMatchObject({
      code: ErrorCatalogue.MEMBER_NOT_FOUND.code,
    });
    for (const input of [
      { memberId: member.id, partnerClientId: SEED.partnerClientId, externalUserId: 'u'.repeat(65) },
      { memberId: member.id, partnerClientId: SEED.partnerClientId, externalUserId: '' },
      { memberId: member.id, partnerClientId: SEED.partnerClientId },
      { memberId: -1, partnerClientId: SEED.partnerClientId, externalUserId: 'x' },
    ]) {
      await expect(members().bind(test.staff(), input as never)).rejects.toBeInstanceOf(ZodError);
    }
    expect(await test.db.partnerBinding.count({ where: { memberId: member.id } })).toBe(0);
  });

  it('concurrent binds of one pair end with one binding', async () => {
    const member = await members().create(test.staff(), { nickname: 'Raced' });
    const externalUserId = unique('ext');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => members().bind(test.staff(), { memberId: member.id, partnerClientId: SEED.partnerClientId, externalUserId })),
    );
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    expect(await test.db.partnerBinding.count({ where: { externalUserId } })).toBe(1);
  });
});

describe('addresses', () => {
  it('makes the first address the default, and keeps exactly one default', async () => {
    const member = await members().create(test.staff(), { nickname: 'Addresses' });
    const first = await members().addAddress(test.staff(), address(member.id, { isDefault: false }));
    expect(first).toMatchObject({ isDefault: true, country: 'BR', province: null, postCode: null });
    const second = await members().addAddress(test.staff(), address(member.id, { addressLine: 'Rua B 2' }));
    expect(second.isDefault).toBe(false);
    const third = await members().addAddress(test.staff(), address(member.id, { addressLine: 'Rua C 3', isDefault: true }));
    expect((await members().addresses(test.staff(), member.id)).map((row) => [row.id, row.isDefault])).toEqual([
      [third.id, true],
      [first.id, false],
      [second.id, false],
    ]);
    expect(await members().setDefaultAddress(test.staff(), { memberId: member.id, addressId: second.id })).toMatchObject({ id: second.id, isDefault: true });
    expect((await members().addresses(test.staff(), member.id)).filter((row) => row.isDefault).map((row) => row.id)).toEqual([second.id]);
  });

  it('concurrent default changes leave exactly one default', async () => {
    const member = await members().create(test.staff(), { nickname: 'Raced addresses' });
    const rows = [];
    for (let index = 0; index < 5; index++) rows.push(await members().addAddress(test.staff(), address(member.id, { addressLine: `Rua ${index}` })));
    await Promise.all(rows.map((row) => members().setDefaultAddress(test.staff(), { memberId: member.id, addressId: row.id })));
    expect(await test.db.memberAddress.count({ where: { memberId: member.id, isDefault: true } })).toBe(1);
  });

  it('refuses another member\'s address, another tenant and bad input', async () => {
    const member = await members().create(test.staff(), { nickname: 'Owner' });
    const other = await members().create(test.staff(), { nickname: 'Other' });
    const theirs = await members().addAddress(test.staff(), address(other.id));
    await expect(members().setDefaultAddress(test.staff(), { memberId: member.id, addressId: theirs.id })).rejects.toMatchObject({
      code: ErrorCatalogue.MEMBER_ADDRESS_NOT_FOUND.code,
    });
    await expect(members().addAddress(test.staff(OTHER_TENANT_ID), address(member.id))).rejects.toMatchObject({ code: ErrorCatalogue.MEMBER_NOT_FOUND.code });
    await expect(members().addresses(test.staff(OTHER_TENANT_ID), other.id)).rejects.toMatchObject({ code: ErrorCatalogue.MEMBER_NOT_FOUND.code });
    for (const overrides of [{ country: 'XX' }, { country: 'BRA' }, { receiverName: '' }, { addressLine: 'a'.repeat(256) }, { phone: undefined }, { postCode: 'p'.repeat(17) }]) {
      await expect(members().addAddress(test.staff(), address(member.id, overrides))).rejects.toBeInstanceOf(ZodError);
    }
    expect(await test.db.memberAddress.count({ where: { memberId: member.id } })).toBe(0);
    expect((await members().addresses(test.staff(), other.id)).map((row) => row.id)).toEqual([theirs.id]);
  });
});

describe('repayment authorization', () => {
  it('turns it on and off, in the member\'s tenant only', async () => {
    const member = await members().create(test.staff(), { nickname: 'Authorizing' });
    expect((await members().setRepaymentAuthorization(test.staff(), { memberId: member.id, authorized: true })).repaymentAuthorized).toBe(true);
    expect((await members().get(test.staff(), member.id)).repaymentAuthorized).toBe(true);
    expect((await members().setRepaymentAuthorization(test.staff(), { memberId: member.id, authorized: false })).repaymentAuthorized).toBe(false);
    await expect(members().setRepaymentAuthorization(test.staff(OTHER_TENANT_ID), { memberId: member.id, authorized: true })).rejects.toMatchObject({
      code: ErrorCatalogue.MEMBER_NOT_FOUND.code,
    });
    await expect(members().setRepaymentAuthorization(test.staff(), { memberId: member.id, authorized: 'yes' } as never)).rejects.toBeInstanceOf(ZodError);
    expect((await members().get(test.staff(), member.id)).repaymentAuthorized).toBe(false);
  });
});

describe('demo member', () => {
  it('seeds a bound demo member with a credited wallet and a default address, once', async () => {
    await seedDemoMember(test.database, { tenantId: SYSTEM_TENANT_ID, partnerClientId: SEED.partnerClientId });
    await seedDemoMember(test.database, { tenantId: SYSTEM_TENANT_ID, partnerClientId: SEED.partnerClientId });
    const member = await test.db.member.findUniqueOrThrow({ where: { unionId: 'demo-union-1' }, include: { wallet: { include: { entries: true } }, addresses: true, bindings: true } });
    expect(member.tenantId).toBe(SYSTEM_TENANT_ID);
    expect(member.bindings.map((binding) => [binding.partnerClientId, binding.externalUserId])).toEqual([[SEED.partnerClientId, 'demo-user-1']]);
    expect(member.wallet?.balance).toBe(1_000_000);
    expect(member.wallet?.entries.map((entry) => [entry.bizRef, entry.amount, entry.balanceAfter])).toEqual([['seed:demo-credit', 1_000_000, 1_000_000]]);
    expect(member.addresses.map((row) => row.isDefault)).toEqual([true]);
    const token = await partnerToken(test.app);
    expect(envelope(await getQuery(test.app, token, '/open-api/pay/wallet/balance', { externalUserId: 'demo-user-1' })).data).toEqual({
      externalUserId: 'demo-user-1',
      memberId: member.id,
      balance: 1_000_000,
    });
  });

  it('reads a member made by the fixtures, with its balance', async () => {
    const fixture = await createBoundMember(test.db, { balance: 250 });
    expect(await members().get(test.staff(), fixture.memberId)).toMatchObject({ unionId: fixture.unionId, balance: 250 });
  });
});
