// `me` for the console's header and navigation: the tenant signed in to, and the seeded menus named
// in the request's language (Accept-Language read as a list with q-values); validation refusals in
// that language too where an override words them.
import { describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { MENU_CATALOGUE, type MenuNode } from '../src/core/permission/menu-catalogue';
import { MENU_NAME_TRANSLATIONS } from '../src/core/permission/menu-names';
import { publishPermissionsChanged } from '../src/core/permission/permission-service';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { graphql, seededAdminToken } from './support/admin';
import { signedInAdmin } from './support/admin-org';
import { useTestApp } from './support/app';

const test = useTestApp('me_language');

interface MenuEntry {
  name: string;
  path: string | null;
  children: MenuEntry[];
}
interface MeAnswer {
  me: { tenant: { id: number; name: string }; menus: MenuEntry[] };
}

const ME = '{ me { tenant { id name } menus { name path children { name path } } } }';

const catalogueNames = (nodes: readonly MenuNode[]): string[] => nodes.flatMap((node) => [node.name, ...(node.buttons ?? []), ...catalogueNames(node.children ?? [])]);

describe('me', () => {
  it('says which tenant is signed in', async () => {
    const admin = await signedInAdmin(test.core, { permissions: [] });
    const answer = await graphql<MeAnswer>(test.app, ME, { token: admin.token });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.me.tenant).toEqual({ id: admin.tenantId, name: admin.tenantName });

    const system = await test.db.tenant.findUniqueOrThrow({ where: { id: SYSTEM_TENANT_ID } });
    const seeded = await graphql<MeAnswer>(test.app, ME, { token: await seededAdminToken(test.core) });
    expect(seeded.data!.me.tenant).toEqual({ id: SYSTEM_TENANT_ID, name: system.name });
  });

  it.each([
    [undefined, 'System', 'Users'],
    ['zh-CN', '系统管理', '用户管理'],
    ['fr-FR,zh;q=0.9', '系统管理', '用户管理'],
    ['fr-FR,en;q=0.9,zh-CN;q=0.8', 'System', 'Users'],
    ['fr-FR,de;q=0.9', 'System', 'Users'],
  ])('names the seeded menus in the language Accept-Language %j prefers', async (acceptLanguage, directory, menu) => {
    const answer = await graphql<MeAnswer>(test.app, ME, { token: await seededAdminToken(test.core), acceptLanguage });
    const system = answer.data!.me.menus.find((entry) => entry.path === '/system')!;
    expect(system.name).toBe(directory);
    expect(system.children.find((entry) => entry.path === 'user')!.name).toBe(menu);
  });

  it('keeps the name an administrator gave a menu, in every language', async () => {
    const token = await seededAdminToken(test.core);
    const post = await test.db.menu.findFirstOrThrow({ where: { name: 'Posts', path: 'post' } });
    await test.db.menu.update({ where: { id: post.id }, data: { name: 'Job titles' } });
    await publishPermissionsChanged(test.core.bus, null);
    const answer = await graphql<MeAnswer>(test.app, ME, { token, acceptLanguage: 'zh-CN' });
    const system = answer.data!.me.menus.find((entry) => entry.path === '/system')!;
    expect(system.children.find((entry) => entry.path === 'post')!.name).toBe('Job titles');
  });

  it('has a Chinese name for every menu and button the seed writes', () => {
    expect(catalogueNames(MENU_CATALOGUE).filter((name) => !MENU_NAME_TRANSLATIONS[name]?.['zh-CN'])).toEqual([]);
  });
});

describe('menu lists', () => {
  interface Named {
    name: string;
    localizedName: string;
    permission?: string;
  }
  const LISTS = '{ menuList { name localizedName permission } menuSimpleList { name localizedName } menuTree { name localizedName children { name localizedName } } }';

  it.each([
    [undefined, 'Users', 'query'],
    ['fr-FR,zh;q=0.9', '用户管理', '查询'],
  ])('name every seeded menu and button in the language Accept-Language %j prefers, beside the stored name', async (acceptLanguage, users, query) => {
    const answer = await graphql<{ menuList: Named[]; menuSimpleList: Named[]; menuTree: (Named & { children: Named[] })[] }>(test.app, LISTS, { token: await seededAdminToken(test.core), acceptLanguage });
    expect(answer.errors).toBeUndefined();
    const { menuList, menuSimpleList, menuTree } = answer.data!;
    expect(menuList.find((menu) => menu.name === 'Users')!.localizedName).toBe(users);
    expect(menuList.find((menu) => menu.permission === 'system:user:query')).toMatchObject({ name: 'query', localizedName: query });
    expect(menuSimpleList.find((menu) => menu.name === 'Users')!.localizedName).toBe(users);
    expect(menuTree.flatMap((menu) => menu.children).find((menu) => menu.name === 'Users')!.localizedName).toBe(users);
    const seeded = menuList.filter((menu) => MENU_NAME_TRANSLATIONS[menu.name]);
    expect(seeded.length).toBeGreaterThan(100);
    const expected = (name: string) => (acceptLanguage ? MENU_NAME_TRANSLATIONS[name]!['zh-CN'] : name);
    expect(seeded.filter((menu) => menu.localizedName !== expected(menu.name))).toEqual([]);
  });

  it('answer a renamed menu by the name an administrator gave it', async () => {
    const token = await seededAdminToken(test.core);
    const notices = await test.db.menu.findFirstOrThrow({ where: { name: 'Notices', path: 'notice' } });
    await test.db.menu.update({ where: { id: notices.id }, data: { name: 'Bulletins' } });
    const answer = await graphql<{ menuList: Named[] }>(test.app, '{ menuList { name localizedName } }', { token, acceptLanguage: 'zh-CN' });
    expect(answer.data!.menuList.find((menu) => menu.name === 'Bulletins')!.localizedName).toBe('Bulletins');
  });
});

describe('validation refusals', () => {
  it('are worded by the first accepted language with an override, with their parameters and fields', async () => {
    const token = await seededAdminToken(test.core);
    const created = await graphql(test.app, 'mutation($input: ErrorCodeSaveReqVO!) { createErrorCode(input: $input) { id } }', {
      token,
      variables: { input: { applicationName: 'openbuy-console', code: ErrorCatalogue.BAD_REQUEST.code, langType: 'zh-CN', message: '请求无效：{reason}' } },
    });
    expect(created.errors).toBeUndefined();
    const refusal = (acceptLanguage: string) =>
      graphql(test.app, 'query($input: PostPageReqVO!) { postPage(input: $input) { total } }', { token, acceptLanguage, variables: { input: { pageNo: 1, pageSize: 1, status: 7 } } });
    const chinese = (await refusal('fr-FR,zh-CN;q=0.9')).errors![0]!;
    expect(chinese.message).toMatch(/^请求无效：status: 必须是以下之一：0 \(开启\), 1 \(关闭\)/);
    expect(chinese.extensions).toMatchObject({ code: 400, name: 'BAD_REQUEST', params: { reason: expect.stringContaining('status') as unknown }, fieldErrors: [{ field: 'status' }] });
    expect((await refusal('fr-FR,en;q=0.9,zh-CN;q=0.8')).errors![0]!.message).toMatch(/^Invalid request: status/);
  });
});
