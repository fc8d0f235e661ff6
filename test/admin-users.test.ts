// Administrator users through /graphql: CRUD with departments and posts, status and password (which
// end sessions), the tenant's account cap, the bounds of the user shapes, permissions, tenants, and
// each user's own profile.
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { verifySecret } from '../src/core/security/password-hash';
import { useTestApp } from './support/app';
import { answeredNothing, createTenant, errorCode, graphql, login, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin, tokenFor } from './support/admin-org';
import { inRounds, RACE_TEST_TIMEOUT_MS } from './support/races';

const test = useTestApp('admin_users');

const CREATE = 'mutation($input: UserSaveReqVO!) { createUser(input: $input) { id } }';
const UPDATE = 'mutation($input: UserSaveReqVO!) { updateUser(input: $input) { id } }';
const DELETE = 'mutation($id: Int64!) { deleteUser(id: $id) }';
const STATUS = 'mutation($input: UserUpdateStatusReqVO!) { updateUserStatus(input: $input) { id } }';
const PASSWORD = 'mutation($input: UserUpdatePasswordReqVO!) { updateUserPassword(input: $input) }';
const USER_FIELDS = 'id username nickname name remark deptId postIds email mobile sex avatar status createTime dept { id name } roles { id code } posts { id code }';
const GET = `query($id: Int64!) { user(id: $id) { ${USER_FIELDS} } }`;
const PAGE = `query($input: UserPageReqVO!) {
  userPage(input: $input) { total list { id username } }
}`;
const SIMPLE = '{ userSimpleList { id username } }';
const PROFILE = `{ userProfile { ${USER_FIELDS} } }`;
const UPDATE_PROFILE = 'mutation($input: UserProfileUpdateReqVO!) { updateUserProfile(input: $input) }';
const UPDATE_PROFILE_PASSWORD = 'mutation($input: UserProfileUpdatePasswordReqVO!) { updateUserProfilePassword(input: $input) }';
const UPDATE_OAUTH2_USER = 'mutation($input: OAuth2UserUpdateReqVO!) { updateOauth2User(input: $input) }';
const ME = '{ me { user { id nickname } } }';

const ALL = ['query', 'create', 'update', 'delete', 'update-password', 'update-status'].map((button) => `system:user:${button}`);

interface UserAnswer {
  id: number;
  username: string;
  nickname: string;
  deptId: number | null;
  postIds: number[];
  dept: { id: number; name: string } | null;
  roles: { id: number; code: string }[];
  posts: { id: number; code: string }[];
  [field: string]: unknown;
}

let admin: SignedInAdmin;
let deptId: number;
let postIds: number[];

const user = (overrides: Record<string, unknown> = {}) => ({
  username: unique('u'),
  nickname: 'Nick',
  name: 'Full Name',
  password: 'secret-1',
  ...overrides,
});

async function createUser(token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const answer = await graphql<{ createUser: { id: number } }>(test.app, CREATE, { token, variables: { input: user(overrides) } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.createUser.id;
}

async function getUser(token: string, id: number): Promise<UserAnswer> {
  const answer = await graphql<{ user: UserAnswer }>(test.app, GET, { token, variables: { id } });
  expect(answer.errors).toBeUndefined();
  return answer.data!.user;
}

async function tenantRecords(tenantId: number) {
  const { db } = test;
  const dept = await db.dept.create({ data: { tenantId, name: unique('dept-'), sort: 1 } });
  const posts = await Promise.all(['a', 'b', 'c'].map((code, sort) => db.post.create({ data: { tenantId, name: code, code: unique(code), sort } })));
  return { deptId: dept.id, postIds: posts.map((post) => post.id) };
}

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ALL });
  await test.db.tenant.update({ where: { id: admin.tenantId }, data: { accountCount: 1000 } });
  ({ deptId, postIds } = await tenantRecords(admin.tenantId));
});

describe('users', () => {
  it('creates a user with a department and posts, who can sign in with the hashed password', async () => {
    const username = unique('alice');
    const id = await createUser(admin.token, { username, deptId, postIds: [postIds[1], postIds[0]], email: 'alice@example.com', mobile: '13800000001', sex: 2, remark: 'r', avatar: 'a.png' });
    const got = await getUser(admin.token, id);
    expect(got).toMatchObject({ id, username, nickname: 'Nick', name: 'Full Name', remark: 'r', deptId, email: 'alice@example.com', mobile: '13800000001', sex: 2, avatar: 'a.png', status: 0 });
    expect(got!.dept).toMatchObject({ id: deptId });
    expect(got!.posts.map((post) => post.id)).toEqual([postIds[0], postIds[1]]);
    expect(got!.postIds).toEqual([postIds[0], postIds[1]]);
    expect(got!.roles).toEqual([]);
    expect(got).not.toHaveProperty('password');

    const stored = await test.db.adminUser.findUniqueOrThrow({ where: { id } });
    expect(stored.passwordHash).not.toContain('secret-1');
    expect(await verifySecret(stored.passwordHash, 'secret-1')).toBe(true);
    const signIn = await login(test.app, { username, password: 'secret-1', tenantName: admin.tenantName });
    expect(signIn.data?.login.userId).toBe(id);
  });

  it('updates a user, replacing the posts and keeping the password', async () => {
    const id = await createUser(admin.token, { deptId, postIds: [postIds[0]] });
    const renamed = unique('bob');
    const answer = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: user({ id, username: renamed, nickname: 'Bobby', postIds: [postIds[2]], password: 'ignored-1' }) } });
    expect(answer.errors).toBeUndefined();
    const got = await getUser(admin.token, id);
    expect(got).toMatchObject({ username: renamed, nickname: 'Bobby', deptId: null, dept: null, postIds: [postIds[2]] });
    const stored = await test.db.adminUser.findUniqueOrThrow({ where: { id } });
    expect(await verifySecret(stored.passwordHash, 'secret-1')).toBe(true);
  });

  it('needs the password on create only: an update without one keeps the stored password', async () => {
    const { password: _password, ...withoutPassword } = user();
    const refused = await graphql(test.app, CREATE, { token: admin.token, variables: { input: withoutPassword } });
    expect(refused.errors![0]!.extensions).toMatchObject({ code: 400, fieldErrors: [{ field: 'password', message: 'required' }] });
    const id = await createUser(admin.token);
    const answer = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: { ...withoutPassword, id } } });
    expect(answer.errors).toBeUndefined();
    const stored = await test.db.adminUser.findUniqueOrThrow({ where: { id } });
    expect(await verifySecret(stored.passwordHash, 'secret-1')).toBe(true);
  });

  it('pages with filters (a department includes those below it) and lists enabled users', async () => {
    const owner = await signedInAdmin(test.core, { permissions: ALL });
    const records = await tenantRecords(owner.tenantId);
    const child = await test.db.dept.create({ data: { tenantId: owner.tenantId, name: 'child', parentId: records.deptId, sort: 1 } });
    const inParent = await createUser(owner.token, { username: unique('paged'), deptId: records.deptId, mobile: '13911112222' });
    const inChild = await createUser(owner.token, { username: unique('paged'), deptId: child.id });
    const disabled = await createUser(owner.token, { username: unique('paged') });
    await graphql(test.app, STATUS, { token: owner.token, variables: { input: { id: disabled, status: 1 } } });

    const page = async (variables: Record<string, unknown>) => {
      const answer = await graphql<{ userPage: { total: number; list: { id: number }[] } }>(test.app, PAGE, { token: owner.token, variables: { input: { pageNo: 1, pageSize: 10, ...variables } } });
      expect(answer.errors).toBeUndefined();
      return answer.data!.userPage;
    };
    expect(await page({})).toMatchObject({ total: 4 });
    expect((await page({ username: 'paged' })).list.map((entry) => entry.id)).toEqual([disabled, inChild, inParent]);
    expect((await page({ deptId: records.deptId })).list.map((entry) => entry.id)).toEqual([inChild, inParent]);
    expect((await page({ deptId: child.id })).list.map((entry) => entry.id)).toEqual([inChild]);
    expect((await page({ mobile: '1111' })).list.map((entry) => entry.id)).toEqual([inParent]);
    expect((await page({ status: 1 })).list.map((entry) => entry.id)).toEqual([disabled]);
    const second = await graphql<{ userPage: { total: number; list: { id: number }[] } }>(test.app, PAGE, { token: owner.token, variables: { input: { pageNo: 2, pageSize: 3 } } });
    expect(second.data!.userPage).toEqual({ total: 4, list: [{ id: owner.id, username: owner.username }] });

    const simple = await graphql<{ userSimpleList: { id: number }[] }>(test.app, SIMPLE, { token: owner.token });
    expect(simple.data!.userSimpleList.map((entry) => entry.id)).toEqual([owner.id, inParent, inChild]);
  });

  it('shows the roles a user holds', async () => {
    const holder = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName }, permissions: ['system:dept:query'] });
    const got = await getUser(admin.token, holder.id);
    expect(got!.roles.map((role) => role.id)).toEqual([holder.roleId]);
  });

  it('deletes a user: their sessions end and they stop leading departments', async () => {
    const victim = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName }, permissions: ['system:dept:query'] });
    const led = await test.db.dept.create({ data: { tenantId: admin.tenantId, name: unique('led-'), sort: 1, leaderUserId: victim.id } });
    expect((await graphql(test.app, ME, { token: victim.token })).errors).toBeUndefined();
    expect((await graphql(test.app, DELETE, { token: admin.token, variables: { id: victim.id } })).data).toEqual({ deleteUser: true });
    expect(errorCode(await graphql(test.app, ME, { token: victim.token }))).toBe(401);
    expect(await test.db.adminUser.count({ where: { id: victim.id } })).toBe(0);
    expect(await test.db.userRole.count({ where: { userId: victim.id } })).toBe(0);
    expect((await test.db.dept.findUniqueOrThrow({ where: { id: led.id } })).leaderUserId).toBeNull();
    expect(errorCode(await graphql(test.app, DELETE, { token: admin.token, variables: { id: admin.id } }))).toBe(ErrorCatalogue.USER_DELETE_SELF.code);
  });

  it('disabling a user ends their sessions at once; enabling lets them sign in again', async () => {
    const target = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName }, permissions: ['system:dept:query'] });
    expect((await graphql(test.app, ME, { token: target.token })).errors).toBeUndefined();
    expect((await graphql(test.app, STATUS, { token: admin.token, variables: { input: { id: target.id, status: 1 } } })).errors).toBeUndefined();
    expect(errorCode(await graphql(test.app, ME, { token: target.token }))).toBe(401);
    expect(errorCode(await login(test.app, target))).toBe(ErrorCatalogue.AUTH_USER_DISABLED.code);
    await graphql(test.app, STATUS, { token: admin.token, variables: { input: { id: target.id, status: 0 } } });
    expect((await login(test.app, target)).errors).toBeUndefined();
  });

  it('a disabled user loses access even on a token the revocation missed (permissions-changed)', async () => {
    const target = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName }, permissions: ['system:dept:query'] });
    expect((await graphql(test.app, ME, { token: target.token })).errors).toBeUndefined();
    await graphql(test.app, STATUS, { token: admin.token, variables: { input: { id: target.id, status: 1 } } });
    const late = await tokenFor(test.core, target);
    expect(errorCode(await graphql(test.app, ME, { token: late }))).toBe(401);
  });

  it('changing a password ends the sessions; the new password signs in', async () => {
    const target = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName }, permissions: ['system:dept:query'] });
    const answer = await graphql(test.app, PASSWORD, { token: admin.token, variables: { input: { id: target.id, password: 'brand-new-1' } } });
    expect(answer.errors).toBeUndefined();
    expect(errorCode(await graphql(test.app, ME, { token: target.token }))).toBe(401);
    expect(errorCode(await login(test.app, target))).toBe(ErrorCatalogue.AUTH_BAD_CREDENTIALS.code);
    expect((await login(test.app, target, { password: 'brand-new-1' })).errors).toBeUndefined();
  });

  it('keeps usernames unique per tenant, not across tenants', async () => {
    const username = unique('same');
    await createUser(admin.token, { username });
    expect(errorCode(await graphql(test.app, CREATE, { token: admin.token, variables: { input: user({ username }) } }))).toBe(ErrorCatalogue.USER_USERNAME_EXISTS.code);
    const other = await createUser(admin.token);
    const taken = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: user({ id: other, username }) } });
    expect(errorCode(taken)).toBe(ErrorCatalogue.USER_USERNAME_EXISTS.code);
    const elsewhere = await signedInAdmin(test.core, { permissions: ALL });
    await createUser(elsewhere.token, { username });
  });

  it('needs an existing, enabled department and posts of the tenant', async () => {
    const elsewhere = await signedInAdmin(test.core, { permissions: ALL });
    const foreign = await tenantRecords(elsewhere.tenantId);
    const disabledDept = await test.db.dept.create({ data: { tenantId: admin.tenantId, name: unique('off-'), sort: 1, status: 1 } });
    const disabledPost = await test.db.post.create({ data: { tenantId: admin.tenantId, name: 'off', code: unique('off'), sort: 1, status: 1 } });
    const cases = [
      [{ deptId: foreign.deptId }, ErrorCatalogue.DEPT_NOT_FOUND],
      [{ deptId: 987_654 }, ErrorCatalogue.DEPT_NOT_FOUND],
      [{ deptId: disabledDept.id }, ErrorCatalogue.DEPT_DISABLED],
      [{ postIds: [postIds[0], foreign.postIds[0]] }, ErrorCatalogue.POST_NOT_FOUND],
      [{ postIds: [disabledPost.id] }, ErrorCatalogue.POST_DISABLED],
    ] as const;
    const before = await test.db.adminUser.count();
    for (const [overrides, error] of cases) {
      expect(errorCode(await graphql(test.app, CREATE, { token: admin.token, variables: { input: user(overrides) } }))).toBe(error.code);
    }
    expect(await test.db.adminUser.count()).toBe(before);
  });

  it("refuses users beyond the tenant's accountCount", async () => {
    const tenant = await createTenant(test.db);
    await test.db.tenant.update({ where: { id: tenant.id }, data: { accountCount: 3 } });
    const owner = await signedInAdmin(test.core, { tenant, permissions: ALL });
    await createUser(owner.token);
    await createUser(owner.token);
    const refused = await graphql(test.app, CREATE, { token: owner.token, variables: { input: user() } });
    expect(errorCode(refused)).toBe(ErrorCatalogue.USER_COUNT_MAX.code);
    expect(refused.errors![0]!.message).toContain('3');
    expect(await test.db.adminUser.count({ where: { tenantId: tenant.id } })).toBe(3);
  });

  it('fills exactly the free places of accountCount under concurrent creates, and refuses the rest', async () => {
    // The owner holds one of the 4 places: of 8 concurrent creates, 3 succeed and 5 are refused, every round.
    await inRounds(async (round) => {
      const tenant = await createTenant(test.db);
      await test.db.tenant.update({ where: { id: tenant.id }, data: { accountCount: 4 } });
      const owner = await signedInAdmin(test.core, { tenant, permissions: ALL });
      const answers = await Promise.all(Array.from({ length: 8 }, () => graphql(test.app, CREATE, { token: owner.token, variables: { input: user() } })));
      const outcomes = answers.map((answer) => errorCode(answer) ?? 'created');
      expect(outcomes.filter((outcome) => outcome === 'created'), `round ${round}: ${outcomes.join()}`).toHaveLength(3);
      expect(outcomes.filter((outcome) => outcome !== 'created'), `round ${round}`).toEqual(Array(5).fill(ErrorCatalogue.USER_COUNT_MAX.code));
      expect(await test.db.adminUser.count({ where: { tenantId: tenant.id } }), `round ${round}`).toBe(4);
    });
  }, RACE_TEST_TIMEOUT_MS);

  it.each([
    ['id', { id: 7 }],
    ['username', { username: 'abc' }],
    ['username', { username: 'a'.repeat(31) }],
    ['username', { username: 'bad-name' }],
    ['nickname', { nickname: '' }],
    ['nickname', { nickname: 'n'.repeat(31) }],
    ['name', { name: 'n'.repeat(51) }],
    ['email', { email: `${'e'.repeat(40)}@example.com` }],
    ['email', { email: 'nope' }],
    ['postIds', { postIds: [1, 1] }],
    ['password', { password: 'abc' }],
    ['deptId', { deptId: 0 }],
  ])('refuses a create with a bad %s (400 naming it, nothing written)', async (field, overrides) => {
    const before = await test.db.adminUser.count();
    const answer = await graphql(test.app, CREATE, { token: admin.token, variables: { input: user(overrides) } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.adminUser.count()).toBe(before);
  });

  it('accepts the bounds themselves, and needs the required fields', async () => {
    await createUser(admin.token, { username: unique('a'.repeat(20)), nickname: 'n'.repeat(30), name: 'n'.repeat(50), email: `${'e'.repeat(38)}@example.com` });
    await createUser(admin.token, { username: `u${unique('').slice(0, 3)}` });
    const { username: _username, ...withoutUsername } = user();
    const missing = await graphql(test.app, CREATE, { token: admin.token, variables: { input: withoutUsername } });
    expect(missing.status).toBe(400);
    expect(missing.errors![0]!.message).toContain('username');
  });

  it('bounds the update, status and password shapes', async () => {
    const id = await createUser(admin.token);
    const noId = await graphql(test.app, UPDATE, { token: admin.token, variables: { input: user() } });
    expect(errorCode(noId)).toBe(400);
    expect(noId.errors![0]!.message).toContain('id');
    const badStatus = await graphql(test.app, STATUS, { token: admin.token, variables: { input: { id, status: 2 } } });
    expect(errorCode(badStatus)).toBe(400);
    expect(badStatus.errors![0]!.message).toContain('status');
    const shortPassword = await graphql(test.app, PASSWORD, { token: admin.token, variables: { input: { id, password: 'abc' } } });
    expect(errorCode(shortPassword)).toBe(400);
    expect(shortPassword.errors![0]!.message).toContain('password');
    expect(errorCode(await graphql(test.app, PAGE, { token: admin.token, variables: { input: { pageNo: 1, pageSize: 101 } } }))).toBe(400);
    expect((await test.db.adminUser.findUniqueOrThrow({ where: { id } })).status).toBe(0);
  });

  it("needs each operation's permission", async () => {
    const id = await createUser(admin.token);
    const tenant = { id: admin.tenantId, name: admin.tenantName };
    const reader = await signedInAdmin(test.core, { tenant, permissions: ['system:user:query'] });
    const calls = [
      [CREATE, { input: user() }, 'system:user:create'],
      [UPDATE, { input: user({ id }) }, 'system:user:update'],
      [DELETE, { id }, 'system:user:delete'],
      [STATUS, { input: { id, status: 1 } }, 'system:user:update-status'],
      [PASSWORD, { input: { id, password: 'another-1' } }, 'system:user:update-password'],
    ] as const;
    for (const [query, variables, permission] of calls) {
      const answer = await graphql(test.app, query, { token: reader.token, variables });
      expect(errorCode(answer)).toBe(403);
      expect(answer.errors![0]!.message).toContain(permission);
    }
    const nobody = await signedInAdmin(test.core, { tenant, permissions: ['system:dept:query'] });
    for (const query of [GET, PAGE]) {
      expect(errorCode(await graphql(test.app, query, { token: nobody.token, variables: { id, input: { pageNo: 1, pageSize: 10 } } }))).toBe(403);
    }
    expect(await test.db.adminUser.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 0 });
  });

  it('keeps each tenant to its own users, guessed ids included', async () => {
    const id = await createUser(admin.token, { nickname: 'Mine' });
    const intruder = await signedInAdmin(test.core, { permissions: ALL });
    const foreign = await graphql<{ user: UserAnswer }>(test.app, GET, { token: intruder.token, variables: { id } });
    expect(errorCode(foreign)).toBe(ErrorCatalogue.USER_NOT_FOUND.code);
    expect(answeredNothing(foreign)).toBe(true);
    const page = await graphql<{ userPage: { list: { id: number }[] } }>(test.app, PAGE, { token: intruder.token, variables: { input: { pageNo: 1, pageSize: 100 } } });
    expect(page.data!.userPage.list.map((entry) => entry.id)).toEqual([intruder.id]);
    const writes = [
      [UPDATE, { input: user({ id, nickname: 'Theirs' }) }],
      [DELETE, { id }],
      [STATUS, { input: { id, status: 1 } }],
      [PASSWORD, { input: { id, password: 'hijacked-1' } }],
    ] as const;
    for (const [query, variables] of writes) {
      expect(errorCode(await graphql(test.app, query, { token: intruder.token, variables }))).toBe(ErrorCatalogue.USER_NOT_FOUND.code);
    }
    const stored = await test.db.adminUser.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ nickname: 'Mine', status: 0, tenantId: admin.tenantId });
    expect(await verifySecret(stored.passwordHash, 'secret-1')).toBe(true);
  });
});

describe('own profile', () => {
  it('needs only a signed-in administrator', async () => {
    const plain = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName } });
    const profile = await graphql<{ userProfile: UserAnswer }>(test.app, PROFILE, { token: plain.token });
    expect(profile.data!.userProfile).toMatchObject({ id: plain.id, username: plain.username });
    const anonymous = [
      [PROFILE, {}],
      [UPDATE_PROFILE, { input: { nickname: 'x' } }],
      [UPDATE_PROFILE_PASSWORD, { input: { oldPassword: 'a', newPassword: 'bbbb' } }],
      [UPDATE_OAUTH2_USER, { input: { nickname: 'x' } }],
    ] as const;
    for (const [query, variables] of anonymous) expect(errorCode(await graphql(test.app, query, { variables }))).toBe(401);
  });

  it('updates the own details (me shows them at once), through either face', async () => {
    const self = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName } });
    expect((await graphql(test.app, ME, { token: self.token })).errors).toBeUndefined();
    const answer = await graphql(test.app, UPDATE_PROFILE, { token: self.token, variables: { input: { nickname: 'Renamed', email: 'me@example.com', mobile: '13700000000', sex: 1 } } });
    expect(answer.errors).toBeUndefined();
    expect((await graphql<{ me: { user: { nickname: string } } }>(test.app, ME, { token: self.token })).data!.me.user.nickname).toBe('Renamed');
    expect(await test.db.adminUser.findUniqueOrThrow({ where: { id: self.id } })).toMatchObject({ nickname: 'Renamed', email: 'me@example.com', mobile: '13700000000', sex: 1 });

    expect((await graphql(test.app, UPDATE_OAUTH2_USER, { token: self.token, variables: { input: { nickname: 'Via OAuth2' } } })).errors).toBeUndefined();
    expect((await test.db.adminUser.findUniqueOrThrow({ where: { id: self.id } })).nickname).toBe('Via OAuth2');

    for (const [query, input, field] of [
      [UPDATE_PROFILE, { nickname: 'n'.repeat(31) }, 'nickname'],
      [UPDATE_PROFILE, { nickname: '' }, 'nickname'],
      [UPDATE_PROFILE, { nickname: 'ok', email: `${'e'.repeat(40)}@example.com` }, 'email'],
      [UPDATE_OAUTH2_USER, { nickname: 'n'.repeat(31) }, 'nickname'],
      [UPDATE_OAUTH2_USER, { nickname: 'ok', email: 'nope' }, 'email'],
    ] as const) {
      const refused = await graphql(test.app, query, { token: self.token, variables: { input } });
      expect(errorCode(refused)).toBe(400);
      expect(refused.errors![0]!.message).toContain(field);
    }
    expect((await test.db.adminUser.findUniqueOrThrow({ where: { id: self.id } })).nickname).toBe('Via OAuth2');
  });

  it('answers me.user as userProfile answers it (UserView, with department, posts and last sign-in)', async () => {
    const username = unique('own');
    const id = await createUser(admin.token, { username, deptId, postIds: [postIds[2]], remark: 'mine' });
    const signIn = await login(test.app, { username, password: 'secret-1', tenantName: admin.tenantName });
    const token = signIn.data!.login.accessToken;
    const fields = `${USER_FIELDS} loginIp loginDate`;
    const me = await graphql<{ me: { user: UserAnswer } }>(test.app, `{ me { user { ${fields} } } }`, { token });
    expect(me.errors).toBeUndefined();
    expect(me.data!.me.user).toMatchObject({ id, username, remark: 'mine', status: 0, dept: { id: deptId }, posts: [{ id: postIds[2] }], loginIp: expect.any(String), loginDate: expect.any(String) });
    const profile = await graphql<{ userProfile: UserAnswer }>(test.app, `{ userProfile { ${fields} } }`, { token });
    expect(me.data!.me.user).toEqual(profile.data!.userProfile);
  });

  it('changes the own password after checking the old one; every session ends', async () => {
    const self = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName } });
    const wrong = await graphql(test.app, UPDATE_PROFILE_PASSWORD, { token: self.token, variables: { input: { oldPassword: 'not-it', newPassword: 'fresh-pass-1' } } });
    expect(errorCode(wrong)).toBe(ErrorCatalogue.USER_OLD_PASSWORD_WRONG.code);
    const short = await graphql(test.app, UPDATE_PROFILE_PASSWORD, { token: self.token, variables: { input: { oldPassword: self.password, newPassword: 'abc' } } });
    expect(errorCode(short)).toBe(400);
    expect(short.errors![0]!.message).toContain('newPassword');
    expect((await graphql(test.app, ME, { token: self.token })).errors).toBeUndefined();

    const changed = await graphql(test.app, UPDATE_PROFILE_PASSWORD, { token: self.token, variables: { input: { oldPassword: self.password, newPassword: 'fresh-pass-1' } } });
    expect(changed.errors).toBeUndefined();
    expect(errorCode(await graphql(test.app, ME, { token: self.token }))).toBe(401);
    expect((await login(test.app, self, { password: 'fresh-pass-1' })).errors).toBeUndefined();
  });
});
