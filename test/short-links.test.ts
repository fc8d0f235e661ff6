// Short-link groups and short links through /graphql (CRUD, bounds of SysShortLinkGroupSaveReqVO,
// SysShortLinkRecordCreateReqVO and SysShortLinkRecordUpdateReqVO, permissions, tenants), and the
// public redirect GET /s/{code}: 302 to the target, every visit counted, 404 for anything else.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { randomBase62, SHORT_CODE_LENGTH } from '../src/core/short-link/short-code';
import { ShortLinkService } from '../src/core/short-link/short-link-service';
import { TEST_START, useTestApp } from './support/app';
import { errorCode, graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';

const PUBLIC_BASE_URL = 'https://go.openbuy.example';
const test = useTestApp('short_links', { env: { PUBLIC_BASE_URL: `${PUBLIC_BASE_URL}/` } });

const GROUP_FIELDS = 'id groupName groupCode sort description remark createTime';
const CREATE_GROUP = 'mutation($input: SysShortLinkGroupSaveReqVO!) { createShortLinkGroup(input: $input) { id } }';
const UPDATE_GROUP = 'mutation($input: SysShortLinkGroupSaveReqVO!) { updateShortLinkGroup(input: $input) { id } }';
const DELETE_GROUP = 'mutation($id: Int64!) { deleteShortLinkGroup(id: $id) }';
const GET_GROUP = `query($id: Int64!) { shortLinkGroup(id: $id) { ${GROUP_FIELDS} } }`;
const GROUP_PAGE = 'query($input: SysShortLinkGroupPageReqVO!) { shortLinkGroupPage(input: $input) { total list { id groupCode } } }';
const GROUP_LIST = '{ shortLinkGroupSimpleList { id groupCode } }';

const LINK_FIELDS = 'id code shortUrl targetUrl groupId groupName remark visitCount lastVisitTime status expireTime createTime';
const CREATE_LINK = `mutation($input: SysShortLinkRecordCreateReqVO!) { createShortLink(input: $input) { ${LINK_FIELDS} } }`;
const UPDATE_LINK = 'mutation($input: SysShortLinkRecordUpdateReqVO!) { updateShortLink(input: $input) { id } }';
const LINK_STATUS = 'mutation($input: SysShortLinkRecordUpdateStatusReqVO!) { updateShortLinkStatus(input: $input) { id } }';
const DELETE_LINK = 'mutation($id: Int64!) { deleteShortLink(id: $id) }';
const GET_LINK = `query($id: Int64!) { shortLink(id: $id) { ${LINK_FIELDS} } }`;
const LINK_PAGE = 'query($input: SysShortLinkRecordPageReqVO!) { shortLinkPage(input: $input) { total list { id code } } }';

const GROUP_PERMISSIONS = ['query', 'create', 'update', 'delete'].map((action) => `system:short-link-group:${action}`);
const LINK_PERMISSIONS = ['query', 'create', 'update', 'delete'].map((action) => `system:short-link:${action}`);
const ALL = [...GROUP_PERMISSIONS, ...LINK_PERMISSIONS];

interface LinkView {
  id: number;
  code: string;
  shortUrl: string;
  targetUrl: string;
  groupId: number | null;
  groupName: string | null;
  remark: string | null;
  visitCount: number;
  lastVisitTime: string | null;
  status: number;
  expireTime: string | null;
  createTime: string;
}

let admin: SignedInAdmin;

const group = (overrides: Record<string, unknown> = {}) => ({ groupName: 'Campaigns', groupCode: unique('grp-'), sort: 1, ...overrides });

async function createGroup(token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const answer = await graphql<{ createShortLinkGroup: { id: number } }>(test.app, CREATE_GROUP, { token, variables: { input: group(overrides) } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createShortLinkGroup.id;
}

async function createLink(token: string, input: Record<string, unknown> = {}): Promise<LinkView> {
  const answer = await graphql<{ createShortLink: LinkView }>(test.app, CREATE_LINK, {
    token,
    variables: { input: { targetUrl: `https://shop.example/${unique('item-')}`, ...input } },
  });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createShortLink;
}

async function getLink(token: string, id: number): Promise<LinkView> {
  const answer = await graphql<{ shortLink: LinkView }>(test.app, GET_LINK, { token, variables: { id } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.shortLink;
}

const visit = (code: string) => test.app.inject({ method: 'GET', url: `/s/${code}` });

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ALL });
});

describe('short-link groups', () => {
  it('creates, reads, updates, pages, lists and deletes', async () => {
    const groupCode = unique('summer-');
    const id = await createGroup(admin.token, { groupName: 'Summer', groupCode, sort: 5, description: 'Sale', remark: 'r' });
    const got = await graphql<{ shortLinkGroup: Record<string, unknown> }>(test.app, GET_GROUP, { token: admin.token, variables: { id } });
    expect(got.data!.shortLinkGroup).toMatchObject({ id, groupName: 'Summer', groupCode, sort: 5, description: 'Sale', remark: 'r' });

    const updated = await graphql(test.app, UPDATE_GROUP, { token: admin.token, variables: { input: { id, groupName: 'Summer 2027', groupCode, sort: 0 } } });
    expect(updated.errors).toBeUndefined();
    const page = await graphql<{ shortLinkGroupPage: { total: number; list: { id: number }[] } }>(test.app, GROUP_PAGE, {
      token: admin.token,
      variables: { input: { pageNo: 1, pageSize: 10, groupCode, groupName: '2027' } },
    });
    expect(page.data!.shortLinkGroupPage).toEqual({ total: 1, list: [{ id, groupCode }] });
    const list = await graphql<{ shortLinkGroupSimpleList: { id: number }[] }>(test.app, GROUP_LIST, { token: admin.token });
    expect(list.data!.shortLinkGroupSimpleList.map((entry) => entry.id)).toContain(id);

    expect((await graphql(test.app, DELETE_GROUP, { token: admin.token, variables: { id } })).data).toEqual({ deleteShortLinkGroup: true });
    expect(errorCode(await graphql(test.app, GET_GROUP, { token: admin.token, variables: { id } }))).toBe(ErrorCatalogue.SHORT_LINK_GROUP_NOT_FOUND.code);
  });

  it('generates a groupCode when the create leaves it out, and keeps it when an update does', async () => {
    for (const groupCode of [undefined, null, '']) {
      const id = await createGroup(admin.token, { groupCode, sort: undefined });
      const got = await graphql<{ shortLinkGroup: { groupCode: string; sort: number } }>(test.app, GET_GROUP, { token: admin.token, variables: { id } });
      expect(got.data!.shortLinkGroup.groupCode).toMatch(/^[0-9A-Za-z]{8}$/);
      expect(got.data!.shortLinkGroup.sort).toBe(0);
      const kept = got.data!.shortLinkGroup.groupCode;
      expect((await graphql(test.app, UPDATE_GROUP, { token: admin.token, variables: { input: { id, groupName: 'Renamed' } } })).errors).toBeUndefined();
      const again = await graphql<{ shortLinkGroup: { groupCode: string; sort: number } }>(test.app, GET_GROUP, { token: admin.token, variables: { id } });
      expect(again.data!.shortLinkGroup).toMatchObject({ groupCode: kept, sort: 0 });
    }
  });

  it('keeps groupCode unique per tenant, not across tenants', async () => {
    const groupCode = unique('dup-');
    const first = await createGroup(admin.token, { groupCode });
    expect(errorCode(await graphql(test.app, CREATE_GROUP, { token: admin.token, variables: { input: group({ groupCode }) } }))).toBe(
      ErrorCatalogue.SHORT_LINK_GROUP_CODE_EXISTS.code,
    );
    const second = await createGroup(admin.token);
    expect(errorCode(await graphql(test.app, UPDATE_GROUP, { token: admin.token, variables: { input: group({ id: second, groupCode }) } }))).toBe(
      ErrorCatalogue.SHORT_LINK_GROUP_CODE_EXISTS.code,
    );
    const other = await signedInAdmin(test.core, { permissions: GROUP_PERMISSIONS });
    await createGroup(other.token, { groupCode });
    expect(first).not.toBe(second);
  });

  it('refuses to delete a group holding links, and deletes it once they are gone', async () => {
    const groupId = await createGroup(admin.token);
    const link = await createLink(admin.token, { groupId });
    const refused = await graphql(test.app, DELETE_GROUP, { token: admin.token, variables: { id: groupId } });
    expect(errorCode(refused)).toBe(ErrorCatalogue.SHORT_LINK_GROUP_IN_USE.code);
    expect(refused.errors![0]!.message).toContain('1 short link');
    expect(await test.db.shortLinkGroup.count({ where: { id: groupId } })).toBe(1);
    await graphql(test.app, DELETE_LINK, { token: admin.token, variables: { id: link.id } });
    expect((await graphql(test.app, DELETE_GROUP, { token: admin.token, variables: { id: groupId } })).errors).toBeUndefined();
  });

  it.each([
    ['id', { id: 5 }],
    ['groupName', { groupName: '' }],
    ['groupName', { groupName: '   ' }],
    ['groupName', { groupName: 'g'.repeat(65) }],
    ['groupCode', { groupCode: 'c'.repeat(65) }],
    ['groupCode', { groupCode: 'has space' }],
    ['sort', { sort: -1 }],
    ['description', { description: 'd'.repeat(256) }],
    ['remark', { remark: 'r'.repeat(501) }],
  ])('refuses a group with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.shortLinkGroup.count();
    const answer = await graphql(test.app, CREATE_GROUP, { token: admin.token, variables: { input: group(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.shortLinkGroup.count()).toBe(before);
  });

  it('accepts the longest fields', async () => {
    const longest = { groupName: 'g'.repeat(64), groupCode: unique('c'.repeat(54)), description: 'd'.repeat(255), remark: 'r'.repeat(500), sort: 999_999 };
    const id = await createGroup(admin.token, longest);
    expect(await test.db.shortLinkGroup.findUniqueOrThrow({ where: { id } })).toMatchObject(longest);
  });
});

describe('short links', () => {
  it('makes a code and a short URL, and reads, pages, updates and deletes the link', async () => {
    const groupId = await createGroup(admin.token, { groupName: 'Launch' });
    const link = await createLink(admin.token, { targetUrl: 'https://shop.example/launch?ref=mail', groupId, remark: 'newsletter' });
    expect(link.code).toMatch(new RegExp(`^[0-9A-Za-z]{${SHORT_CODE_LENGTH}}$`));
    expect(link).toMatchObject({
      shortUrl: `${PUBLIC_BASE_URL}/s/${link.code}`,
      targetUrl: 'https://shop.example/launch?ref=mail',
      groupId,
      groupName: 'Launch',
      remark: 'newsletter',
      visitCount: 0,
      lastVisitTime: null,
      status: 0,
      expireTime: null,
      createTime: new Date(test.clock.now()).toISOString(),
    });
    expect(await getLink(admin.token, link.id)).toEqual(link);

    const byGroup = await graphql<{ shortLinkPage: { total: number; list: { id: number }[] } }>(test.app, LINK_PAGE, {
      token: admin.token,
      variables: { input: { pageNo: 1, pageSize: 10, groupId, code: link.code, targetUrl: 'launch?ref', status: 0 } },
    });
    expect(byGroup.data!.shortLinkPage).toEqual({ total: 1, list: [{ id: link.id, code: link.code }] });
    const disabledOnly = await graphql<{ shortLinkPage: { total: number } }>(test.app, LINK_PAGE, {
      token: admin.token,
      variables: { input: { pageNo: 1, pageSize: 10, groupId, status: 1 } },
    });
    expect(disabledOnly.data!.shortLinkPage.total).toBe(0);

    const otherGroup = await createGroup(admin.token, { groupName: 'Other' });
    expect((await graphql(test.app, UPDATE_LINK, { token: admin.token, variables: { input: { id: link.id, groupId: otherGroup, remark: 'moved' } } })).errors).toBeUndefined();
    expect(await getLink(admin.token, link.id)).toMatchObject({ groupId: otherGroup, groupName: 'Other', remark: 'moved', targetUrl: link.targetUrl, code: link.code });
    // Left out keeps a field, null clears it.
    expect((await graphql(test.app, UPDATE_LINK, { token: admin.token, variables: { input: { id: link.id } } })).errors).toBeUndefined();
    expect(await getLink(admin.token, link.id)).toMatchObject({ groupId: otherGroup, remark: 'moved' });
    expect((await graphql(test.app, UPDATE_LINK, { token: admin.token, variables: { input: { id: link.id, groupId: null, remark: null } } })).errors).toBeUndefined();
    expect(await getLink(admin.token, link.id)).toMatchObject({ groupId: null, groupName: null, remark: null });

    expect((await graphql(test.app, DELETE_LINK, { token: admin.token, variables: { id: link.id } })).data).toEqual({ deleteShortLink: true });
    expect(errorCode(await graphql(test.app, GET_LINK, { token: admin.token, variables: { id: link.id } }))).toBe(ErrorCatalogue.SHORT_LINK_NOT_FOUND.code);
    expect((await visit(link.code)).statusCode).toBe(404);
  });

  it('stores the target URL as the URL parser writes it', async () => {
    const link = await createLink(admin.token, { targetUrl: '  HTTPS://Shop.EXAMPLE/a b?q=ä  ' });
    expect(link.targetUrl).toBe('https://shop.example/a%20b?q=%C3%A4');
  });

  it.each([
    ['targetUrl', { targetUrl: '' }],
    ['targetUrl', { targetUrl: 'shop.example/item' }],
    ['targetUrl', { targetUrl: '/relative/path' }],
    ['targetUrl', { targetUrl: 'ftp://shop.example/file' }],
    ['targetUrl', { targetUrl: 'javascript:alert(1)' }],
    ['targetUrl', { targetUrl: 'mailto:someone@example.com' }],
    ['targetUrl', { targetUrl: `https://shop.example/${'p'.repeat(2048)}` }],
    ['remark', { remark: 'r'.repeat(501) }],
    ['groupId', { groupId: 0 }],
    ['expireTime', { expireTime: new Date(TEST_START - 1000).toISOString() }],
  ])('refuses a link with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.shortLinkRecord.count();
    const answer = await graphql(test.app, CREATE_LINK, { token: admin.token, variables: { input: { targetUrl: 'https://shop.example/x', ...overrides } } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.shortLinkRecord.count()).toBe(before);
  });

  it('accepts a target URL of 2048 characters', async () => {
    const base = 'https://shop.example/';
    const link = await createLink(admin.token, { targetUrl: base + 'p'.repeat(2048 - base.length) });
    expect(link.targetUrl).toHaveLength(2048);
  });

  it("refuses another tenant's group, and an unknown one", async () => {
    const other = await signedInAdmin(test.core, { permissions: ALL });
    const foreignGroup = await createGroup(other.token);
    expect(errorCode(await graphql(test.app, CREATE_LINK, { token: admin.token, variables: { input: { targetUrl: 'https://shop.example/', groupId: foreignGroup } } }))).toBe(
      ErrorCatalogue.SHORT_LINK_GROUP_NOT_FOUND.code,
    );
    const link = await createLink(admin.token);
    for (const groupId of [foreignGroup, 999_999]) {
      expect(errorCode(await graphql(test.app, UPDATE_LINK, { token: admin.token, variables: { input: { id: link.id, groupId } } }))).toBe(
        ErrorCatalogue.SHORT_LINK_GROUP_NOT_FOUND.code,
      );
    }
  });

  it('retries a code that is already taken, and gives up after five', async () => {
    const taken = await createLink(admin.token);
    const fresh = randomBase62();
    const codes = [taken.code, taken.code, fresh];
    const service = new ShortLinkService({
      db: test.db,
      groups: test.core.shortLinkGroups,
      tenants: test.core.tenants,
      publicBaseUrl: PUBLIC_BASE_URL,
      newCode: () => codes.shift() ?? taken.code,
    });
    const ctx = test.staff(admin.tenantId);
    expect((await service.create(ctx, { targetUrl: 'https://shop.example/retry' })).code).toBe(fresh);
    const before = await test.db.shortLinkRecord.count();
    await expect(service.create(ctx, { targetUrl: 'https://shop.example/unlucky' })).rejects.toThrow();
    expect(await test.db.shortLinkRecord.count()).toBe(before);
  });

  it('makes uniformly random base62 codes', () => {
    const codes = Array.from({ length: 2000 }, () => randomBase62());
    expect(new Set(codes).size).toBe(codes.length);
    const characters = new Set(codes.join(''));
    expect(characters.size).toBe(62);
    expect(randomBase62(12)).toMatch(/^[0-9A-Za-z]{12}$/);
  });

  it('needs each operation\'s permission', async () => {
    const link = await createLink(admin.token);
    const groupId = await createGroup(admin.token);
    const tenant = { id: admin.tenantId, name: admin.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['system:short-link:query', 'system:short-link-group:query'] });
    const calls = [
      [CREATE_LINK, { input: { targetUrl: 'https://shop.example/' } }, 'system:short-link:create'],
      [UPDATE_LINK, { input: { id: link.id } }, 'system:short-link:update'],
      [LINK_STATUS, { input: { id: link.id, status: 1 } }, 'system:short-link:update'],
      [DELETE_LINK, { id: link.id }, 'system:short-link:delete'],
      [CREATE_GROUP, { input: group() }, 'system:short-link-group:create'],
      [UPDATE_GROUP, { input: group({ id: groupId }) }, 'system:short-link-group:update'],
      [DELETE_GROUP, { id: groupId }, 'system:short-link-group:delete'],
    ] as const;
    for (const [query, variables, permission] of calls) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:post:query'] });
    for (const query of [GET_LINK, LINK_PAGE, GET_GROUP, GROUP_PAGE]) {
      expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables: { id: link.id, input: { pageNo: 1, pageSize: 10 } } }))).toBe(403);
    }
    // Simple lists are pickers, readable by any signed-in administrator of the tenant.
    expect((await graphql(test.app, GROUP_LIST, { token: nobody.token })).errors).toBeUndefined();
    expect(await getLink(admin.token, link.id)).toMatchObject({ status: 0 });
  });

  it('keeps each tenant to its own groups and links, guessed ids included', async () => {
    const groupId = await createGroup(admin.token, { groupName: 'Mine' });
    const link = await createLink(admin.token, { groupId, remark: 'mine' });
    const intruder = await signedInAdmin(test.core, { permissions: ALL });
    const notFound = [
      [GET_LINK, { id: link.id }, ErrorCatalogue.SHORT_LINK_NOT_FOUND],
      [UPDATE_LINK, { input: { id: link.id, remark: 'theirs' } }, ErrorCatalogue.SHORT_LINK_NOT_FOUND],
      [LINK_STATUS, { input: { id: link.id, status: 1 } }, ErrorCatalogue.SHORT_LINK_NOT_FOUND],
      [DELETE_LINK, { id: link.id }, ErrorCatalogue.SHORT_LINK_NOT_FOUND],
      [GET_GROUP, { id: groupId }, ErrorCatalogue.SHORT_LINK_GROUP_NOT_FOUND],
      [UPDATE_GROUP, { input: group({ id: groupId, groupName: 'Theirs' }) }, ErrorCatalogue.SHORT_LINK_GROUP_NOT_FOUND],
      [DELETE_GROUP, { id: groupId }, ErrorCatalogue.SHORT_LINK_GROUP_NOT_FOUND],
    ] as const;
    for (const [query, variables, error] of notFound) {
      expect(errorCode(await graphql(test.app, query, { token: intruder.token, variables }))).toBe(error.code);
    }
    const page = await graphql<{ shortLinkPage: { total: number } }>(test.app, LINK_PAGE, { token: intruder.token, variables: { input: { pageNo: 1, pageSize: 10, groupId } } });
    expect(page.data!.shortLinkPage.total).toBe(0);
    const groups = await graphql<{ shortLinkGroupSimpleList: { id: number }[] }>(test.app, GROUP_LIST, { token: intruder.token });
    expect(groups.data!.shortLinkGroupSimpleList.map((entry) => entry.id)).not.toContain(groupId);
    expect(await getLink(admin.token, link.id)).toMatchObject({ remark: 'mine', status: 0, groupId });
    expect(await test.db.shortLinkGroup.findUnique({ where: { id: groupId } })).toMatchObject({ groupName: 'Mine', tenantId: admin.tenantId });
  });
});

describe('GET /s/{code}', () => {
  it('redirects with 302 and counts the visit', async () => {
    const link = await createLink(admin.token, { targetUrl: 'https://shop.example/deal?id=7' });
    test.clock.advance(60_000);
    const response = await visit(link.code);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://shop.example/deal?id=7');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await getLink(admin.token, link.id)).toMatchObject({ visitCount: 1, lastVisitTime: new Date(test.clock.now()).toISOString() });
  });

  it('answers a HEAD probe like a visit without counting it', async () => {
    const link = await createLink(admin.token, { targetUrl: 'https://shop.example/head' });
    const response = await test.app.inject({ method: 'HEAD', url: `/s/${link.code}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://shop.example/head');
    expect((await getLink(admin.token, link.id)).visitCount).toBe(0);
    expect((await test.app.inject({ method: 'HEAD', url: `/s/${randomBase62()}` })).statusCode).toBe(404);
  });

  it('counts every one of many concurrent visits', async () => {
    const link = await createLink(admin.token);
    const responses = await Promise.all(Array.from({ length: 25 }, () => visit(link.code)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(25).fill(302));
    expect((await getLink(admin.token, link.id)).visitCount).toBe(25);
  });

  it('answers 404 for unknown and malformed codes', async () => {
    for (const code of [randomBase62(), 'not-base62', 'x'.repeat(33), '%00']) {
      const response = await visit(code);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, data: null });
    }
  });

  it('answers 404 while a link is disabled, and redirects again once it is enabled', async () => {
    const link = await createLink(admin.token);
    expect((await graphql(test.app, LINK_STATUS, { token: admin.token, variables: { input: { id: link.id, status: 1 } } })).errors).toBeUndefined();
    expect((await visit(link.code)).statusCode).toBe(404);
    expect(errorCode(await graphql(test.app, LINK_STATUS, { token: admin.token, variables: { input: { id: link.id, status: 2 } } }))).toBe(400);
    await graphql(test.app, LINK_STATUS, { token: admin.token, variables: { input: { id: link.id, status: 0 } } });
    expect((await visit(link.code)).statusCode).toBe(302);
    expect((await getLink(admin.token, link.id)).visitCount).toBe(1);
  });

  it('answers 404 once a link has expired', async () => {
    const link = await createLink(admin.token, { expireTime: new Date(test.clock.now() + 1_800_000).toISOString() });
    expect(link.expireTime).toBe(new Date(test.clock.now() + 1_800_000).toISOString());
    expect((await visit(link.code)).statusCode).toBe(302);
    test.clock.advance(1_800_000); // well within the hour the admin's token lives
    expect((await visit(link.code)).statusCode).toBe(404);
    expect((await getLink(admin.token, link.id)).visitCount).toBe(1);
  });

  it("answers 404 for the links of a disabled tenant", async () => {
    const owner = await signedInAdmin(test.core, { permissions: LINK_PERMISSIONS });
    const link = await createLink(owner.token);
    expect((await visit(link.code)).statusCode).toBe(302);
    await test.db.tenant.update({ where: { id: owner.tenantId }, data: { status: 1 } });
    await test.core.bus.publish({ kind: 'tenant-changed', tenantId: owner.tenantId });
    expect((await visit(link.code)).statusCode).toBe(404);
  });

  it('is left out of the partner OpenAPI document', async () => {
    const document = (await test.app.inject('/open-api/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.includes('/s/'))).toEqual([]);
  });
});
