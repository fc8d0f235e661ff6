// Social clients in the console, black-box through /graphql: the full resource, the secret masked
// on read and kept when the masked value comes back, bounds, permissions and tenant isolation.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { adminToken, createAdmin, createTenant, errorCode, graphql } from './support/admin';
import { useTestApp } from './support/app';

const test = useTestApp('social_client');

const FIELDS = 'id name socialType userType clientId clientSecret agentId status createTime updateTime';
const CREATE = 'mutation($input: SocialClientSaveReqVO!) { createSocialClient(input: $input) { id } }';
const UPDATE = 'mutation($input: SocialClientSaveReqVO!) { updateSocialClient(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteSocialClient(id: $id) }';
const GET = `query($id: Int64!) { socialClient(id: $id) { ${FIELDS} } }`;
const PAGE = `query($input: SocialClientPageReqVO!) { socialClientPage(input: $input) { total list { ${FIELDS} } } }`;
const SIMPLE_LIST = `{ socialClientSimpleList { id name status } }`;
const PERMISSIONS = ['system:social-client:query', 'system:social-client:create', 'system:social-client:update', 'system:social-client:delete'];

let token: string;
let otherToken: string;
let tenantId: number;

beforeAll(async () => {
  const tenant = await createTenant(test.db);
  tenantId = tenant.id;
  token = await adminToken(test.app, await createAdmin(test.core, { tenant, permissions: PERMISSIONS }));
  otherToken = await adminToken(test.app, await createAdmin(test.core, { tenant: await createTenant(test.db), permissions: PERMISSIONS }));
});

let nextSocialType = 10;
function input(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  nextSocialType += 1;
  return { name: 'WeChat MP', socialType: nextSocialType, userType: 1, clientId: 'wx-app-id', clientSecret: 'wx-app-secret', agentId: '', status: 0, ...overrides };
}

async function create(overrides: Record<string, unknown> = {}, as = token): Promise<{ id: number; input: Record<string, unknown> }> {
  const values = input(overrides);
  const answer = await graphql<{ createSocialClient: { id: number } }>(test.app, CREATE, { token: as, variables: { input: values } });
  expect(answer.errors).toBeUndefined();
  return { id: answer.data!.createSocialClient.id, input: values };
}

const count = () => test.db.socialClient.count();

describe('social clients', () => {
  it('creates one in the caller’s tenant, reads it back with the secret masked', async () => {
    const { id, input: values } = await create({ agentId: 'agent-7' });
    const stored = await test.db.socialClient.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ tenantId, clientSecret: 'wx-app-secret', agentId: 'agent-7' });
    const read = await graphql<{ socialClient: Record<string, unknown> }>(test.app, GET, { token, variables: { id } });
    expect(read.errors).toBeUndefined();
    expect(read.data!.socialClient).toMatchObject({ ...values, id, clientSecret: '******', createTime: new Date(stored.createdAt).toISOString() });
  });

  it('keeps the stored secret when the masked value is sent back, and replaces it otherwise', async () => {
    const { id } = await create();
    const read = await graphql<{ socialClient: Record<string, unknown> }>(test.app, GET, { token, variables: { id } });
    const { createTime: _c, updateTime: _u, ...shown } = read.data!.socialClient;
    expect((await graphql(test.app, UPDATE, { token, variables: { input: { ...shown, name: 'Renamed', agentId: 'a2' } } })).errors).toBeUndefined();
    expect(await test.db.socialClient.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: 'Renamed', agentId: 'a2', clientSecret: 'wx-app-secret' });
    expect((await graphql(test.app, UPDATE, { token, variables: { input: { ...shown, clientSecret: 'rotated' } } })).errors).toBeUndefined();
    expect((await test.db.socialClient.findUniqueOrThrow({ where: { id } })).clientSecret).toBe('rotated');
  });

  it('pages by name, social type, user type and status; lists enabled ones for pickers', async () => {
    const marker = `sc${Date.now().toString(36)}`;
    const enabled = await create({ name: `${marker} a`, userType: 2 });
    const disabled = await create({ name: `${marker} b`, status: 1 });
    const page = async (query: Record<string, unknown>) =>
      (await graphql<{ socialClientPage: { total: number; list: { id: number; clientSecret: string }[] } }>(test.app, PAGE, { token, variables: { input: query } })).data!
        .socialClientPage;
    const byName = await page({ name: marker });
    expect(byName.total).toBe(2);
    expect(byName.list.map((row) => row.id)).toEqual([disabled.id, enabled.id]);
    expect(byName.list.every((row) => row.clientSecret === '******')).toBe(true);
    expect((await page({ name: marker, status: 1 })).list.map((row) => row.id)).toEqual([disabled.id]);
    expect((await page({ name: marker, userType: 2 })).list.map((row) => row.id)).toEqual([enabled.id]);
    expect((await page({ socialType: disabled.input.socialType })).list.map((row) => row.id)).toEqual([disabled.id]);
    expect(await page({ name: marker, pageNo: 2, pageSize: 1 })).toMatchObject({ total: 2, list: [{ id: enabled.id }] });
    const simple = (await graphql<{ socialClientSimpleList: { id: number }[] }>(test.app, SIMPLE_LIST, { token })).data!.socialClientSimpleList.map((row) => row.id);
    expect(simple).toContain(enabled.id);
    expect(simple).not.toContain(disabled.id);
  });

  it('deletes one; a second delete, get or update is NOT_FOUND', async () => {
    const { id, input: values } = await create();
    expect((await graphql(test.app, DELETE, { token, variables: { id } })).errors).toBeUndefined();
    expect(await test.db.socialClient.findUnique({ where: { id } })).toBeNull();
    const notFound = ErrorCatalogue.SOCIAL_CLIENT_NOT_FOUND.code;
    expect(errorCode(await graphql(test.app, DELETE, { token, variables: { id } }))).toBe(notFound);
    expect(errorCode(await graphql(test.app, GET, { token, variables: { id } }))).toBe(notFound);
    expect(errorCode(await graphql(test.app, UPDATE, { token, variables: { input: { ...values, id } } }))).toBe(notFound);
  });

  it('refuses a second client of the same social type and user type in a tenant, not in another tenant', async () => {
    const { input: values } = await create();
    const before = await count();
    expect(errorCode(await graphql(test.app, CREATE, { token, variables: { input: values } }))).toBe(ErrorCatalogue.SOCIAL_CLIENT_EXISTS.code);
    expect(await count()).toBe(before);
    expect((await graphql(test.app, CREATE, { token: otherToken, variables: { input: values } })).errors).toBeUndefined();
    const other = await create();
    const moved = await graphql(test.app, UPDATE, { token, variables: { input: { ...other.input, id: other.id, socialType: values.socialType } } });
    expect(errorCode(moved)).toBe(ErrorCatalogue.SOCIAL_CLIENT_EXISTS.code);
  });

  it('refuses an id on create and requires one on update, naming id; a masked secret on create', async () => {
    const before = await count();
    const withId = await graphql(test.app, CREATE, { token, variables: { input: input({ id: 1 }) } });
    expect(errorCode(withId)).toBe(400);
    expect(withId.errors![0]!.message).toContain('id');
    const withoutId = await graphql(test.app, UPDATE, { token, variables: { input: input() } });
    expect(errorCode(withoutId)).toBe(400);
    expect(withoutId.errors![0]!.message).toContain('id');
    const masked = await graphql(test.app, CREATE, { token, variables: { input: input({ clientSecret: '******' }) } });
    expect(errorCode(masked)).toBe(400);
    expect(masked.errors![0]!.message).toContain('clientSecret');
    expect(await count()).toBe(before);
  });

  it.each([
    ['name', ''],
    ['name', 'x'.repeat(256)],
    ['socialType', 0],
    ['socialType', 1000],
    ['userType', 3],
    ['userType', 0],
    ['clientId', ''],
    ['clientId', 'x'.repeat(256)],
    ['clientSecret', ''],
    ['clientSecret', 'x'.repeat(256)],
    ['agentId', 'x'.repeat(256)],
    ['status', 2],
    ['status', -1],
  ])('refuses an invalid %s (case %#) with a 400 naming it, writing nothing', async (field, value) => {
    const before = await count();
    const answer = await graphql(test.app, CREATE, { token, variables: { input: input({ [field]: value }) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await count()).toBe(before);
  });

  it('refuses a missing required field (GraphQL) and bad page bounds', async () => {
    const { agentId: _agentId, ...withoutAgent } = input();
    const missing = await graphql(test.app, CREATE, { token, variables: { input: withoutAgent } });
    expect(missing.status).toBe(400);
    expect(missing.errors![0]!.message).toContain('agentId');
    for (const query of [{ pageNo: 0 }, { pageSize: 0 }, { pageSize: 101 }, { userType: 5 }]) {
      const answer = await graphql(test.app, PAGE, { token, variables: { input: query } });
      expect(errorCode(answer), JSON.stringify(query)).toBe(400);
      expect(answer.errors![0]!.message).toContain(Object.keys(query)[0]!);
    }
  });

  it('answers 403 to an administrator without the permission of each operation', async () => {
    const { id, input: values } = await create();
    const queryOnly = await adminToken(test.app, await createAdmin(test.core, { tenant: { id: tenantId, name: (await test.db.tenant.findUniqueOrThrow({ where: { id: tenantId } })).name }, permissions: ['system:social-client:query'] }));
    const before = await count();
    expect(errorCode(await graphql(test.app, CREATE, { token: queryOnly, variables: { input: input() } }))).toBe(403);
    expect(errorCode(await graphql(test.app, UPDATE, { token: queryOnly, variables: { input: { ...values, id, name: 'x' } } }))).toBe(403);
    expect(errorCode(await graphql(test.app, DELETE, { token: queryOnly, variables: { id } }))).toBe(403);
    expect(await count()).toBe(before);
    expect((await graphql(test.app, GET, { token: queryOnly, variables: { id } })).errors).toBeUndefined();
    const none = await adminToken(test.app, await createAdmin(test.core, { tenant: await createTenant(test.db), permissions: ['system:user:query'] }));
    for (const [query, variables] of [
      [GET, { id }],
      [PAGE, { input: {} }],
      [SIMPLE_LIST, {}],
    ] as const) {
      expect(errorCode(await graphql(test.app, query, { token: none, variables }))).toBe(403);
    }
  });

  it("cannot read, update or delete another tenant's client, guessed ids included", async () => {
    const { id, input: values } = await create();
    const notFound = ErrorCatalogue.SOCIAL_CLIENT_NOT_FOUND.code;
    expect(errorCode(await graphql(test.app, GET, { token: otherToken, variables: { id } }))).toBe(notFound);
    expect(errorCode(await graphql(test.app, UPDATE, { token: otherToken, variables: { input: { ...values, id, name: 'taken over' } } }))).toBe(notFound);
    expect(errorCode(await graphql(test.app, DELETE, { token: otherToken, variables: { id } }))).toBe(notFound);
    for (const guess of [id - 1, id + 1]) expect(errorCode(await graphql(test.app, DELETE, { token: otherToken, variables: { id: guess } }))).toBe(notFound);
    const page = await graphql<{ socialClientPage: { list: { id: number }[] } }>(test.app, PAGE, { token: otherToken, variables: { input: { pageSize: 100 } } });
    expect(page.data!.socialClientPage.list.map((row) => row.id)).not.toContain(id);
    const simple = await graphql<{ socialClientSimpleList: { id: number }[] }>(test.app, SIMPLE_LIST, { token: otherToken });
    expect(simple.data!.socialClientSimpleList.map((row) => row.id)).not.toContain(id);
    expect(await test.db.socialClient.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: values.name, tenantId });
  });
});
