// The gateway IP blacklist: CRUD and renewal through /graphql (bounds of GatewayIpBlacklistSaveReqVO
// and GatewayIpBlacklistRenewReqVO, permissions, system tenant only), and enforcement on every route:
// v4/v6, exact/CIDR, IPv4-mapped IPv6, expiry without a reload, no SQL per lookup, and a second
// instance learning of changes through Redis.
//
// Console callers come from random 10.x.x.x addresses (support/admin.ts): entries here use the
// documentation networks (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32) instead.
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvalidationMessage, LocalInvalidationBus } from '../src/core/cache/invalidation-bus';
import { ManualClock } from '../src/core/clock';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { IpBlacklistMatcher, type StoredBlacklistEntry } from '../src/core/gateway/ip-blacklist-matcher';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { createTestApp, TEST_START, type TestApp, useTestApp, useTestDatabase } from './support/app';
import { errorCode, graphql } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';
import { REDIS_FOR_TESTS } from './support/environment';
import { eventually } from './support/propagation';
import { statementRecorder } from './support/statements';

const sql = statementRecorder();
const test = useTestApp('ip_blacklist', { databaseOptions: { onQuery: sql.onQuery } });

const ENTRY_FIELDS = 'id ip ipType reason expireTime expired source status createTime updateTime';
const CREATE = 'mutation($input: GatewayIpBlacklistSaveReqVO!) { createGatewayIpBlacklist(input: $input) { id } }';
const UPDATE = 'mutation($input: GatewayIpBlacklistSaveReqVO!) { updateGatewayIpBlacklist(input: $input) { id } }';
const RENEW = `mutation($input: GatewayIpBlacklistRenewReqVO!) { renewGatewayIpBlacklist(input: $input) { ${ENTRY_FIELDS} } }`;
const DELETE = 'mutation($id: Int64!) { deleteGatewayIpBlacklist(id: $id) }';
const GET = `query($id: Int64!) { gatewayIpBlacklist(id: $id) { ${ENTRY_FIELDS} } }`;
const PAGE = 'query($input: GatewayIpBlacklistPageReqVO!) { gatewayIpBlacklistPage(input: $input) { total list { id ip } } }';

const ALL = ['query', 'create', 'update', 'delete', 'renew'].map((action) => `gateway:ip-blacklist:${action}`);

interface EntryView {
  id: number;
  ip: string;
  ipType: string;
  reason: string | null;
  expireTime: string | null;
  expired: boolean;
  source: string;
  status: number;
  createTime: string;
  updateTime: string;
}

let admin: SignedInAdmin;

const iso = (ms: number) => new Date(ms).toISOString();
const minutes = (count: number) => count * 60_000;

async function createEntry(input: Record<string, unknown>, options: { ip?: string } = {}): Promise<number> {
  const answer = await graphql<{ createGatewayIpBlacklist: { id: number } }>(test.app, CREATE, { token: admin.token, ip: options.ip, variables: { input } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createGatewayIpBlacklist.id;
}

async function getEntry(id: number): Promise<EntryView> {
  const answer = await graphql<{ gatewayIpBlacklist: EntryView }>(test.app, GET, { token: admin.token, variables: { id } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.gatewayIpBlacklist;
}

const renew = (input: Record<string, unknown>) => graphql<{ renewGatewayIpBlacklist: EntryView }>(test.app, RENEW, { token: admin.token, variables: { input } });

/** Whether `ip` is refused by the guard (a route that needs no database either way). */
async function blocked(ip: string, app: FastifyInstance = test.app): Promise<boolean> {
  const response = await app.inject({ method: 'GET', url: '/no/such/route', remoteAddress: ip });
  if (response.statusCode === 404) return false;
  expect(response.statusCode).toBe(403);
  return true;
}

beforeAll(async () => {
  const system = await test.db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } });
  admin = await signedInAdmin(test.core, { tenant: { id: system.id, name: system.name }, permissions: ALL });
});

describe('blacklist entries', () => {
  it('creates with defaults, reads, updates, pages and deletes', async () => {
    const id = await createEntry({ ip: '203.0.113.7', reason: 'scraping' });
    const created = await getEntry(id);
    expect(created).toEqual({
      id,
      ip: '203.0.113.7',
      ipType: 'EXACT',
      reason: 'scraping',
      expireTime: null,
      expired: false,
      source: 'MANUAL',
      status: 1,
      createTime: iso(test.clock.now()),
      updateTime: iso(test.clock.now()),
    });

    const expireTime = iso(test.clock.now() + minutes(30));
    const updated = await graphql(test.app, UPDATE, {
      token: admin.token,
      variables: { input: { id, ip: '203.0.113.0/24', ipType: 'CIDR', reason: 'network', expireTime, source: 'ALERT', status: 0 } },
    });
    expect(updated.errors).toBeUndefined();
    expect(await getEntry(id)).toMatchObject({ ip: '203.0.113.0/24', ipType: 'CIDR', reason: 'network', expireTime, source: 'ALERT', status: 0 });
    // Left out on update: reason, source and status are kept; expireTime is cleared (empty means permanent).
    await graphql(test.app, UPDATE, { token: admin.token, variables: { input: { id, ip: '203.0.113.0/24' } } });
    expect(await getEntry(id)).toMatchObject({ source: 'ALERT', status: 0, expireTime: null, reason: 'network' });
    await graphql(test.app, UPDATE, { token: admin.token, variables: { input: { id, ip: '203.0.113.0/24', reason: null } } });
    expect((await getEntry(id)).reason).toBeNull();

    const page = await graphql<{ gatewayIpBlacklistPage: { total: number; list: { id: number }[] } }>(test.app, PAGE, {
      token: admin.token,
      variables: { input: { pageNo: 1, pageSize: 10, ip: '203.0.113.', ipType: 'CIDR', source: 'ALERT', status: 0, expired: false } },
    });
    expect(page.data!.gatewayIpBlacklistPage).toEqual({ total: 1, list: [{ id, ip: '203.0.113.0/24' }] });

    expect((await graphql(test.app, DELETE, { token: admin.token, variables: { id } })).data).toEqual({ deleteGatewayIpBlacklist: true });
    expect(errorCode(await graphql(test.app, GET, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.IP_BLACKLIST_NOT_FOUND.code);
    expect(errorCode(await graphql(test.app, DELETE, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.IP_BLACKLIST_NOT_FOUND.code);
  });

  it.each([
    ['192.0.2.77', '192.0.2.77', 'EXACT'],
    [' 192.0.2.78 ', '192.0.2.78', 'EXACT'],
    ['198.51.100.77/24', '198.51.100.0/24', 'CIDR'],
    ['192.0.2.79/32', '192.0.2.79/32', 'CIDR'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1', 'EXACT'],
    ['2001:db8:aa:bb::1/48', '2001:db8:aa::/48', 'CIDR'],
    ['::ffff:192.0.2.80', '192.0.2.80', 'EXACT'],
    ['::ffff:192.0.2.0/120', '192.0.2.0/24', 'CIDR'],
  ])('stores %j as %s (%s inferred)', async (ip, canonical, ipType) => {
    const id = await createEntry({ ip, status: 0 });
    expect(await getEntry(id)).toMatchObject({ ip: canonical, ipType });
  });

  it('refuses an entry equal to an existing one once canonical', async () => {
    await createEntry({ ip: '198.51.100.128/25', status: 0 });
    const again = await graphql(test.app, CREATE, { token: admin.token, variables: { input: { ip: '198.51.100.200/25' } } });
    expect(errorCode(again)).toBe(ErrorCatalogue.IP_BLACKLIST_EXISTS.code);
    expect(again.errors![0]!.message).toBe('198.51.100.128/25 is already on the IP blacklist');
  });

  it.each([
    ['ip', { ip: '' }],
    ['ip', { ip: 'not-an-ip' }],
    ['ip', { ip: '256.1.1.1' }],
    ['ip', { ip: '192.0.2' }],
    ['ip', { ip: '192.0.2.010' }],
    ['ip', { ip: '192.0.2.1/33' }],
    ['ip', { ip: '192.0.2.1/' }],
    ['ip', { ip: '192.0.2.1/-1' }],
    ['ip', { ip: '2001:db8::/129' }],
    ['ip', { ip: '2001:db8:::1' }],
    ['ip', { ip: 'fe80::1%eth0' }],
    ['ip', { ip: '192.0.2.1-192.0.2.9' }],
    ['ip', { ip: `2001:db8::${'0:'.repeat(30)}1` }],
    ['ipType', { ip: '192.0.2.1', ipType: 'CIDR' }],
    ['ipType', { ip: '192.0.2.0/24', ipType: 'EXACT' }],
    ['ipType', { ip: '192.0.2.1', ipType: 'RANGE' }],
    ['reason', { ip: '192.0.2.1', reason: 'r'.repeat(256) }],
    ['source', { ip: '192.0.2.1', source: 'OTHER' }],
    ['status', { ip: '192.0.2.1', status: 2 }],
    ['expireTime', { ip: '192.0.2.1', expireTime: iso(TEST_START - 1) }],
    ['id', { ip: '192.0.2.1', id: 3 }],
  ])('refuses an entry with a bad %s (400 naming it, nothing written)', async (field, input) => {
    const before = await test.db.gatewayIpBlacklist.count();
    const answer = await graphql(test.app, CREATE, { token: admin.token, variables: { input } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.gatewayIpBlacklist.count()).toBe(before);
  });

  it('accepts empty ipType and source as "not given", and the longest reason', async () => {
    const id = await createEntry({ ip: '192.0.2.90', ipType: '', source: '', reason: 'r'.repeat(255), status: 0 });
    expect(await getEntry(id)).toMatchObject({ ipType: 'EXACT', source: 'MANUAL' });
  });

  it.each([
    ['every IPv4 address', '0.0.0.0/0', '0.0.0.0/0'],
    ['every IPv6 address', '::/0', '::/0'],
    ['every IPv4 address written as mapped IPv6', '::ffff:0.0.0.0/96', '0.0.0.0/0'],
    ['an IPv4 network wider than /8', '192.0.0.0/7', '192.0.0.0/7'],
    ['an IPv6 network wider than /32', '2001:d00::/31', '2001:d00::/31'],
  ])('refuses an entry covering %s (%s), on create and on update, even disabled, naming the field', async (_case, ip, canonical) => {
    const message = `ip ${canonical} is too broad: an entry covers at most an IPv4 /8 or an IPv6 /32 network`;
    const refused = await graphql(test.app, CREATE, { token: admin.token, variables: { input: { ip, status: 0 } } });
    expect({ code: errorCode(refused), message: refused.errors![0]!.message }).toEqual({ code: ErrorCatalogue.IP_BLACKLIST_TOO_BROAD.code, message });
    const id = await createEntry({ ip: '192.0.2.95', status: 0 });
    const widened = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: { id, ip, status: 0 } } });
    expect(errorCode(widened)).toBe(ErrorCatalogue.IP_BLACKLIST_TOO_BROAD.code);
    expect((await getEntry(id)).ip).toBe('192.0.2.95');
    await graphql(test.app, DELETE, { token: admin.token, variables: { id } });
  });

  it('accepts the broadest entries allowed: an IPv4 /8 and an IPv6 /32', async () => {
    for (const ip of ['198.0.0.0/8', '2001:db8::/32']) {
      const id = await createEntry({ ip, status: 0 });
      expect((await getEntry(id)).ip).toBe(ip);
      await graphql(test.app, DELETE, { token: admin.token, variables: { id } });
    }
  });

  it('refuses an entry that would block the caller, unless it is disabled', async () => {
    const callerIp = '198.51.100.9';
    const refused = await graphql(test.app, CREATE, { token: admin.token, ip: callerIp, variables: { input: { ip: '198.51.100.0/28' } } });
    expect(errorCode(refused)).toBe(ErrorCatalogue.IP_BLACKLIST_COVERS_CALLER.code);
    expect(refused.errors![0]!.message).toBe(`198.51.100.0/28 covers your own address ${callerIp}: saving it would lock you out`);
    const id = await createEntry({ ip: '198.51.100.0/28', status: 0 }, { ip: callerIp });
    const enabling = await graphql(test.app, UPDATE, { token: admin.token, ip: callerIp, variables: { input: { id, ip: '198.51.100.0/28', status: 1 } } });
    expect(errorCode(enabling)).toBe(ErrorCatalogue.IP_BLACKLIST_COVERS_CALLER.code);
    expect((await getEntry(id)).status).toBe(0);
    expect(await blocked(callerIp)).toBe(false);
  });

  it('needs each operation\'s permission', async () => {
    const id = await createEntry({ ip: '192.0.2.100', status: 0 });
    const tenant = { id: admin.tenantId, name: admin.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['gateway:ip-blacklist:query'] });
    const calls = [
      [CREATE, { input: { ip: '192.0.2.101' } }, 'gateway:ip-blacklist:create'],
      [UPDATE, { input: { id, ip: '192.0.2.100' } }, 'gateway:ip-blacklist:update'],
      [RENEW, { input: { id, permanent: true } }, 'gateway:ip-blacklist:renew'],
      [DELETE, { id }, 'gateway:ip-blacklist:delete'],
    ] as const;
    for (const [query, variables, permission] of calls) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:post:query'] });
    for (const query of [GET, PAGE]) {
      expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables: { id, input: { pageNo: 1, pageSize: 10 } } }))).toBe(403);
    }
  });

  it('lets every tenant read the platform blacklist, and only the system tenant change it', async () => {
    const id = await createEntry({ ip: '192.0.2.110', status: 0, reason: 'platform' });
    const other = await signedInAdmin(test.core, { permissions: ALL });
    const read = await graphql<{ gatewayIpBlacklist: EntryView }>(test.app, GET, { token: other.token, variables: { id } });
    expect(read.data!.gatewayIpBlacklist).toMatchObject({ id, ip: '192.0.2.110', reason: 'platform' });
    const page = await graphql<{ gatewayIpBlacklistPage: { total: number } }>(test.app, PAGE, { token: other.token, variables: { input: { pageNo: 1, pageSize: 10, ip: '192.0.2.110' } } });
    expect(page.data!.gatewayIpBlacklistPage.total).toBe(1);
    const writes = [
      [CREATE, { input: { ip: '192.0.2.111' } }],
      [UPDATE, { input: { id, ip: '192.0.2.110', reason: 'theirs' } }],
      [RENEW, { input: { id, permanent: true } }],
      [DELETE, { id }],
    ] as const;
    for (const [query, variables] of writes) {
      expect(errorCode(await graphql(test.app, query, { token: other.token, variables }))).toBe(ErrorCatalogue.TENANT_MANAGED_BY_SYSTEM.code);
    }
    expect(await getEntry(id)).toMatchObject({ reason: 'platform' });
    expect(await test.db.gatewayIpBlacklist.count({ where: { ip: '192.0.2.111' } })).toBe(0);
  });

  it('pages by expiry', async () => {
    const soon = await createEntry({ ip: '192.0.2.120', status: 0, source: 'JOB', expireTime: iso(test.clock.now() + minutes(1)) });
    const later = await createEntry({ ip: '192.0.2.121', status: 0, source: 'JOB', expireTime: iso(test.clock.now() + minutes(50)) });
    const forever = await createEntry({ ip: '192.0.2.122', status: 0, source: 'JOB' });
    test.clock.advance(minutes(1));
    const ids = async (expired: boolean) => {
      const answer = await graphql<{ gatewayIpBlacklistPage: { list: { id: number }[] } }>(test.app, PAGE, {
        token: admin.token,
        variables: { input: { pageNo: 1, pageSize: 100, ip: '192.0.2.12', source: 'JOB', expired } },
      });
      return answer.data!.gatewayIpBlacklistPage.list.map((entry) => entry.id).sort();
    };
    expect(await ids(true)).toEqual([soon]);
    expect(await ids(false)).toEqual([later, forever].sort());
    expect((await getEntry(soon)).expired).toBe(true);
  });
});

describe('renewal', () => {
  it('refuses both expireTime and extendMinutes, and neither', async () => {
    const id = await createEntry({ ip: '192.0.2.130', status: 0, expireTime: iso(test.clock.now() + minutes(10)) });
    const both = await renew({ id, expireTime: iso(test.clock.now() + minutes(60)), extendMinutes: 5 });
    expect(errorCode(both)).toBe(400);
    expect(both.errors![0]!.message).toContain('expireTime and extendMinutes are alternatives');
    for (const input of [{ id }, { id, permanent: false }, { id, expireTime: null, extendMinutes: null }]) {
      const neither = await renew(input);
      expect(errorCode(neither)).toBe(400);
      expect(neither.errors![0]!.message).toContain('pass expireTime or extendMinutes, or permanent: true');
    }
    for (const input of [{ id, extendMinutes: 0 }, { id, extendMinutes: -5 }, { id, extendMinutes: 10 * 366 * 24 * 60 + 1 }, { id, expireTime: iso(test.clock.now()) }]) {
      expect(errorCode(await renew(input))).toBe(400);
    }
    expect(errorCode(await renew({ id: 999_999, permanent: true }))).toBe(ErrorCatalogue.IP_BLACKLIST_NOT_FOUND.code);
    expect((await getEntry(id)).expireTime).toBe(iso(test.clock.now() + minutes(10)));
  });

  it('sets an expiry, extends a future one, clears it with permanent (ignoring the rest)', async () => {
    const id = await createEntry({ ip: '192.0.2.131', status: 0 });
    const until = iso(test.clock.now() + minutes(20));
    expect((await renew({ id, expireTime: until })).data!.renewGatewayIpBlacklist).toMatchObject({ id, expireTime: until, expired: false });
    expect((await renew({ id, extendMinutes: 30 })).data!.renewGatewayIpBlacklist.expireTime).toBe(iso(test.clock.now() + minutes(50)));
    const permanent = await renew({ id, permanent: true, extendMinutes: -5, expireTime: iso(TEST_START - 1) });
    expect(permanent.errors).toBeUndefined();
    expect(permanent.data!.renewGatewayIpBlacklist).toMatchObject({ expireTime: null, expired: false, status: 0 });
    const extendPermanent = await renew({ id, extendMinutes: 30 });
    expect(errorCode(extendPermanent)).toBe(ErrorCatalogue.IP_BLACKLIST_PERMANENT.code);
  });

  it('extends an expired entry from now, and it blocks again', async () => {
    const ip = '192.0.2.132';
    const id = await createEntry({ ip, expireTime: iso(test.clock.now() + minutes(5)) });
    expect(await blocked(ip)).toBe(true);
    test.clock.advance(minutes(15));
    expect(await blocked(ip)).toBe(false);
    const renewed = await renew({ id, extendMinutes: 30 });
    expect(renewed.data!.renewGatewayIpBlacklist).toMatchObject({ expireTime: iso(test.clock.now() + minutes(30)), expired: false });
    expect(await blocked(ip)).toBe(true);
    await graphql(test.app, DELETE, { token: admin.token, variables: { id } });
    expect(await blocked(ip)).toBe(false);
  });

  it("refuses a renewal that would start blocking the caller", async () => {
    const callerIp = '198.51.100.40';
    const id = await createEntry({ ip: '198.51.100.40', expireTime: iso(test.clock.now() + minutes(1)) }, { ip: '198.51.100.41' });
    test.clock.advance(minutes(2));
    const answer = await graphql(test.app, RENEW, { token: admin.token, ip: callerIp, variables: { input: { id, permanent: true } } });
    expect(errorCode(answer)).toBe(ErrorCatalogue.IP_BLACKLIST_COVERS_CALLER.code);
    expect(await blocked(callerIp)).toBe(false);
  });
});

describe('enforcement', () => {
  it.each([
    ['v4 exact', '203.0.113.50', ['203.0.113.50', '::ffff:203.0.113.50'], ['203.0.113.51', '::ffff:203.0.113.51', '2001:db8::cb00:7132']],
    ['v4 CIDR', '203.0.113.64/26', ['203.0.113.64', '203.0.113.127', '::ffff:203.0.113.100'], ['203.0.113.63', '203.0.113.128']],
    ['v6 exact', '2001:db8:1::5', ['2001:db8:1::5', '2001:DB8:1:0:0:0:0:5'], ['2001:db8:1::6', '203.0.113.5']],
    ['v6 CIDR', '2001:db8:2::/48', ['2001:db8:2::1', '2001:db8:2:ffff:ffff:ffff:ffff:ffff'], ['2001:db8:3::1', '2001:db8:1::5:1']],
    ['v4 via mapped v6', '::ffff:203.0.113.200', ['203.0.113.200', '::ffff:203.0.113.200'], ['203.0.113.201']],
  ])('%s: %s', async (_name, ip, blockedCallers, allowedCallers) => {
    for (const caller of [...blockedCallers, ...allowedCallers]) expect(await blocked(caller)).toBe(false);
    const id = await createEntry({ ip });
    for (const caller of blockedCallers) expect({ caller, blocked: await blocked(caller) }).toEqual({ caller, blocked: true });
    for (const caller of allowedCallers) expect({ caller, blocked: await blocked(caller) }).toEqual({ caller, blocked: false });
    await graphql(test.app, DELETE, { token: admin.token, variables: { id } });
    for (const caller of blockedCallers) expect(await blocked(caller)).toBe(false);
  });

  it('answers 403 in the REST envelope on /open-api, /graphql, /trpc, /files and /s, but not on health checks', async () => {
    const ip = '203.0.113.210';
    await createEntry({ ip, reason: 'abuse' });
    const requests = [
      { method: 'POST', url: '/open-api/system/oauth2/token?grant_type=client_credentials' },
      { method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } },
      { method: 'GET', url: '/trpc/member.get?input=%7B%7D' },
      { method: 'GET', url: '/files/some-key' },
      { method: 'GET', url: '/s/abcdefgh' },
    ] as const;
    for (const request of requests) {
      const response = await test.app.inject({ ...request, remoteAddress: ip });
      expect({ url: request.url, status: response.statusCode }).toEqual({ url: request.url, status: 403 });
      expect(response.headers['x-request-id']).toBeTruthy();
      // open-api.md's status table: a blacklisted caller gets envelope code 403.
      expect(response.json()).toEqual({ code: 403, data: null, msg: `Requests from ${ip} are blocked`, error_detail: '' });
      const elsewhere = await test.app.inject({ ...request, remoteAddress: '203.0.113.211' });
      expect(elsewhere.statusCode).not.toBe(403);
    }
    const answer = await graphql(test.app, '{ __typename }', { ip, token: admin.token });
    expect(answer.status).toBe(403);
    for (const url of ['/healthz', '/readyz']) expect((await test.app.inject({ url, remoteAddress: ip })).statusCode).toBe(200);
  });

  it('does not match disabled entries', async () => {
    const ip = '203.0.113.220';
    const id = await createEntry({ ip, status: 0 });
    expect(await blocked(ip)).toBe(false);
    await graphql(test.app, UPDATE, { token: admin.token, variables: { input: { id, ip, status: 1 } } });
    expect(await blocked(ip)).toBe(true);
    await graphql(test.app, UPDATE, { token: admin.token, variables: { input: { id, ip, status: 0 } } });
    expect(await blocked(ip)).toBe(false);
  });

  it('stops matching an entry when it expires, with no reload and no SQL per lookup', async () => {
    const ip = '203.0.113.230';
    await createEntry({ ip: '203.0.113.230/31', expireTime: iso(test.clock.now() + minutes(10)) });
    const { statements } = await sql.during(async () => {
      for (let i = 0; i < 20; i++) {
        expect(await blocked(ip)).toBe(true);
        expect(await blocked('203.0.113.232')).toBe(false);
      }
      test.clock.advance(minutes(10) - 1);
      expect(await blocked('203.0.113.231')).toBe(true);
      test.clock.advance(1);
      expect(await blocked(ip)).toBe(false);
      expect(await blocked('203.0.113.231')).toBe(false);
    });
    expect(statements).toEqual([]);
  });
});

describe('the matcher on its own', () => {
  /** A loader answering the queued results in the order the loads were started. */
  function queuedLoader() {
    const pending: { resolve: (entries: StoredBlacklistEntry[]) => void; reject: (error: Error) => void }[] = [];
    const load = () => new Promise<StoredBlacklistEntry[]>((resolve, reject) => pending.push({ resolve, reject }));
    return { load, pending };
  }

  it('keeps the previous entries when a reload fails, and retries on a lookup five seconds later', async () => {
    const clock = new ManualClock(TEST_START);
    const bus = new LocalInvalidationBus();
    const loader = queuedLoader();
    const matcher = new IpBlacklistMatcher(loader.load, clock, bus);
    const failures: unknown[] = [];
    matcher.onReloadFailure((error) => failures.push(error));
    const started = matcher.start();
    loader.pending.shift()!.resolve([{ ip: '192.0.2.1', expireTime: null }]);
    await started;
    expect(matcher.blocks('192.0.2.1')).toBe(true);

    await bus.publish({ kind: 'ip-blacklist-changed' });
    loader.pending.shift()!.reject(new Error('database gone'));
    await matcher.settled();
    expect(failures).toHaveLength(1);
    expect(matcher.blocks('192.0.2.1')).toBe(true);
    expect(loader.pending).toHaveLength(0);
    clock.advance(5_000);
    expect(matcher.blocks('192.0.2.1')).toBe(true); // answered from memory; the retry runs behind it
    expect(loader.pending).toHaveLength(1);
    loader.pending.shift()!.resolve([{ ip: '192.0.2.2', expireTime: null }]);
    await matcher.settled();
    expect([matcher.blocks('192.0.2.1'), matcher.blocks('192.0.2.2')]).toEqual([false, true]);
  });

  it('keeps the latest reload when two overlap and finish out of order', async () => {
    const clock = new ManualClock(TEST_START);
    const loader = queuedLoader();
    const matcher = new IpBlacklistMatcher(loader.load, clock, new LocalInvalidationBus());
    const older = matcher.reload();
    const newer = matcher.reload();
    const [first, second] = loader.pending;
    second!.resolve([{ ip: '192.0.2.3', expireTime: null }]);
    await newer;
    first!.resolve([{ ip: '192.0.2.4', expireTime: null }]);
    await older;
    expect([matcher.blocks('192.0.2.3'), matcher.blocks('192.0.2.4')]).toEqual([true, false]);
  });

  it('matches again after the clock is set back before an expiry', async () => {
    const clock = new ManualClock(TEST_START);
    const matcher = new IpBlacklistMatcher(async () => [{ ip: '2001:db8::/32', expireTime: new Date(TEST_START + 1000) }], clock, new LocalInvalidationBus());
    await matcher.start();
    expect(matcher.blocks('2001:db8::1')).toBe(true);
    clock.advance(1000);
    expect(matcher.blocks('2001:db8::1')).toBe(false);
    clock.advance(-1);
    expect(matcher.blocks('2001:db8::1')).toBe(true);
  });
});

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_FOR_TESTS, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const redisUp = await redisReachable();
if (!redisUp && process.env.CI) throw new Error(`Redis unreachable at ${REDIS_FOR_TESTS}; required under CI`);

describe.skipIf(!redisUp)('two instances over one database', () => {
  const otherDatabase = useTestDatabase('ip_blacklist_elsewhere');
  let first: TestApp;
  let second: TestApp;
  /** An instance over another database sharing the Redis: it must hear nothing of this one. */
  let elsewhere: TestApp;
  const heardElsewhere: InvalidationMessage[] = [];

  beforeAll(async () => {
    first = await createTestApp({ database: test.database, clock: test.clock, redisUrl: REDIS_FOR_TESTS });
    second = await createTestApp({ database: test.database, clock: test.clock, redisUrl: REDIS_FOR_TESTS });
    elsewhere = await createTestApp({ database: otherDatabase.database, clock: test.clock, redisUrl: REDIS_FOR_TESTS });
    elsewhere.core.bus.subscribe((message) => heardElsewhere.push(message), () => {});
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await elsewhere?.close();
  });

  it("reach each other's matcher through Redis", async () => {
    const ip = '2001:db8:77::9';
    expect(await blocked(ip, second.app)).toBe(false);
    const create = await graphql<{ createGatewayIpBlacklist: { id: number } }>(first.app, CREATE, { token: admin.token, variables: { input: { ip: '2001:db8:77::/64' } } });
    expect(create.errors).toBeUndefined();
    expect(await blocked(ip, first.app)).toBe(true); // at once where it was written
    expect(await eventually(() => blocked(ip, second.app), true)).toBe(true);
    await graphql(second.app, DELETE, { token: admin.token, variables: { id: create.data!.createGatewayIpBlacklist.id } });
    expect(await blocked(ip, second.app)).toBe(false);
    expect(await eventually(() => blocked(ip, first.app), false)).toBe(false);
    expect(heardElsewhere).toEqual([]);
  });
});
