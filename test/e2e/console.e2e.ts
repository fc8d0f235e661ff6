// The administration console in Chromium against the real server: sign-in, the menu and buttons an
// administrator's roles allow, the generic list and form of a resource (create, a refusal shown on
// its field, edit, paging, delete), the department tree with every row, and Chinese.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_ADMIN_USERNAME } from '../../prisma/seed';
import { SYSTEM_TENANT_ID } from '../../src/core/tenant/tenant-directory';
import { unique } from '../support/admin';
import { SEED } from '../support/database';
import { checkTreeNodes, dialog, LOGIN_ATTEMPTS_PER_USERNAME, openMenu, saveDialog, signIn as signInAt, submitDialog, tableRow, useConsole } from './browser';

const harness = useConsole('console_e2e');
const signIn = (page: Page, credentials: { tenant: string; username: string; password: string }) => signInAt(page, harness.baseUrl, credentials);

async function signOut(page: Page) {
  await page.getByTestId('current-user').hover();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

describe('the administration console in a browser', () => {
  const tenant = 'OpenBuy';
  const roleName = unique('Dept keeper ');
  const roleCode = unique('dept-keeper-');
  const username = unique('keeper');
  const password = 'keeper-password-1';

  it('serves the sign-in page, and signs the seeded administrator in to every menu', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.baseUrl}/console/`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await harness.screenshot(page, '01-sign-in');
    await signIn(page, { tenant, username: SEED_ADMIN_USERNAME, password: SEED.adminPassword });
    for (const directory of ['System', 'Tenancy', 'OAuth 2.0', 'Messaging', 'Content']) {
      await expect(page.getByRole('menuitem', { name: directory, exact: true }).isVisible(), directory).resolves.toBe(true);
    }
    await expect(page.getByTestId('current-tenant').innerText()).resolves.toContain(tenant);
    await openMenu(page, 'System', 'Users', 'Administrators');
    await harness.screenshot(page, '02-users');
  });

  it('refuses a wrong password with the server message, and says so when the sign-in limit refuses', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.baseUrl}/console/`);
    await page.getByLabel('Tenant').fill(tenant);
    await page.getByLabel('Username').fill('nobody');
    await page.getByLabel('Password').fill('not-the-password');
    const refusal = page.getByTestId('sign-in-refusal');
    for (let attempt = 1; attempt <= LOGIN_ATTEMPTS_PER_USERNAME; attempt++) {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await refusal.waitFor();
      await page.getByRole('button', { name: 'Sign in' }).and(page.locator(':not(.ant-btn-loading)')).waitFor();
    }
    await expect(refusal.innerText()).resolves.not.toContain('Too many sign-in attempts');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await refusal.filter({ hasText: 'Too many sign-in attempts' }).waitFor();
    await harness.screenshot(page, '01b-sign-in-limited');
    expect(await page.getByTestId('current-user').count()).toBe(0);

    // Worded here from its name and retryAfterSeconds, counting down, with the button held meanwhile;
    // in Chinese after a switch.
    const secondsLeft = async (pattern: RegExp) => Number(pattern.exec(await refusal.innerText())?.[1]);
    const first = await secondsLeft(/try again in (\d+) seconds/);
    expect(first).toBeGreaterThan(1);
    await expect(page.locator('button[type="submit"]').isDisabled()).resolves.toBe(true);
    await expect.poll(() => secondsLeft(/try again in (\d+) seconds/), { timeout: 5_000 }).toBeLessThan(first);
    await page.getByTestId('language-switch').hover();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect.poll(() => secondsLeft(/登录尝试过多，请在 (\d+) 秒后重试/), { timeout: 5_000 }).toBeGreaterThan(0);
    await harness.screenshot(page, '01c-sign-in-limited-zh');
  });

  it('words the unknown tenant refusal from its name and parameters in the chosen language', async () => {
    const page = await harness.newPage();
    const nowhere = unique('Nowhere ');
    await page.goto(`${harness.baseUrl}/console/`);
    await page.getByLabel('Tenant').fill(nowhere);
    await page.getByLabel('Username').fill('nobody');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const refusal = page.getByTestId('sign-in-refusal');
    await refusal.filter({ hasText: `Tenant ${nowhere} does not exist` }).waitFor();
    await page.getByTestId('language-switch').hover();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await refusal.filter({ hasText: `租户 ${nowhere} 不存在` }).waitFor();
    // Asked again in Chinese, the refusal comes back worded in it.
    await page.locator('button[type="submit"]').click();
    await refusal.filter({ hasText: `租户 ${nowhere} 不存在` }).waitFor();
    await expect(refusal.innerText()).resolves.toBe(`租户 ${nowhere} 不存在`);
  });

  it('creates a role with chosen permissions and an administrator holding it, who sees only those menus and buttons', async () => {
    const page = await harness.newPage();
    await signIn(page, { tenant, username: SEED_ADMIN_USERNAME, password: SEED.adminPassword });

    await openMenu(page, 'System', 'Roles', 'Roles');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Name').fill(roleName);
    await dialog(page).getByLabel('Code').fill(roleCode);
    await submitDialog(page);
    await tableRow(page, roleName).waitFor();
    // Departments and its first two buttons: query and create.
    await tableRow(page, roleName).getByTestId('action-assign-menus').click();
    await checkTreeNodes(page, 'Departments', 2);
    await harness.screenshot(page, '03-role-permissions');
    await saveDialog(page);

    await openMenu(page, 'System', 'Users', 'Administrators');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Username').fill(username);
    await dialog(page).getByLabel('Password').fill(password);
    await dialog(page).getByLabel('Nickname').fill('Keeper');
    await dialog(page).getByLabel('Name', { exact: true }).fill('Department keeper');
    await submitDialog(page);
    await tableRow(page, username).waitFor();
    await tableRow(page, username).getByTestId('action-assign-roles').click();
    await dialog(page).getByLabel('Roles').click();
    await page.locator('.ant-select-item-option', { hasText: roleName }).click();
    await dialog(page).locator('.ant-modal-title').click(); // closes the open choice list
    await saveDialog(page);
    await signOut(page);

    await signIn(page, { tenant, username, password });
    await expect(page.getByRole('menuitem', { name: 'Users', exact: true }).count()).resolves.toBe(0);
    await openMenu(page, 'System', 'Departments', 'Departments');
    const menuItems = await page.locator('.ant-pro-sider .ant-menu-item').allInnerTexts();
    expect(menuItems.map((text) => text.trim())).toEqual(['Departments']);
    // May create a department, and neither edit nor delete it.
    const department = unique('Keeper office ');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Name').fill(department);
    await submitDialog(page);
    await tableRow(page, department).waitFor();
    await expect(page.getByTestId('row-edit').count()).resolves.toBe(0);
    await expect(page.getByTestId('row-delete').count()).resolves.toBe(0);
    await harness.screenshot(page, '04-limited-administrator');
  });

  it('creates, refuses on the field, edits, pages and deletes roles', async () => {
    const { db } = harness.app.core.database;
    const batch = unique('Paged ');
    await db.role.createMany({
      data: Array.from({ length: 12 }, (_, index) => ({ tenantId: SYSTEM_TENANT_ID, name: `${batch} ${index}`, code: `${batch}-${index}`, sort: 100 + index, dataScopeDeptIds: [] })),
    });
    const page = await harness.newPage();
    await signIn(page, { tenant, username: SEED_ADMIN_USERNAME, password: SEED.adminPassword });
    await openMenu(page, 'System', 'Roles', 'Roles');

    const name = unique('Editor ');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Name').fill('x'.repeat(31));
    await dialog(page).getByLabel('Code').fill(unique('editor-'));
    await submitDialog(page);
    await dialog(page).getByText('Name: at most 30 characters').waitFor();
    await harness.screenshot(page, '05-field-refusal');
    await dialog(page).getByLabel('Name').fill(name);
    // The server's refusal (extensions.fieldErrors) goes next to the field it names.
    const takenCode = `${batch}-0`;
    await dialog(page).getByLabel('Code').fill(takenCode);
    await submitDialog(page);
    const codeItem = dialog(page).locator('.ant-form-item', { has: page.getByLabel('Code') });
    await codeItem.locator('.ant-form-item-explain-error', { hasText: `A role with code ${takenCode} already exists` }).waitFor();
    await harness.screenshot(page, '05b-server-field-refusal');
    await dialog(page).getByLabel('Code').fill(unique('editor-'));
    await submitDialog(page);
    await tableRow(page, name).waitFor();

    await tableRow(page, name).getByTestId('row-edit').click();
    await dialog(page).getByLabel('Remark').fill('edited in the browser');
    await submitDialog(page);
    await tableRow(page, 'edited in the browser').waitFor();

    await page.locator('.ant-pagination-item-2').click();
    await page.locator('.ant-pagination-item-2.ant-pagination-item-active').waitFor();
    await expect(page.locator('.ant-table-row').count()).resolves.toBeGreaterThan(0);
    await page.locator('.ant-pagination-item-1').click();

    await tableRow(page, name).getByTestId('row-delete').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await tableRow(page, name).waitFor({ state: 'detached' });
    await expect(db.role.count({ where: { name } })).resolves.toBe(0);
  });

  it('creates a notice with a chosen type (labels shown in the list), opens the posts screen, and edits the own profile', async () => {
    const page = await harness.newPage();
    await signIn(page, { tenant, username: SEED_ADMIN_USERNAME, password: SEED.adminPassword });
    await openMenu(page, 'System', 'Notices', 'Notices');
    const title = unique('Maintenance ');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Title').fill(title);
    await dialog(page).locator('.ant-form-item', { has: page.getByLabel('Type') }).locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'Announcement' }).click();
    await dialog(page).getByLabel('Content').fill('The console is down on Sunday.');
    await submitDialog(page);
    await tableRow(page, title).filter({ hasText: 'Announcement' }).waitFor();
    await harness.screenshot(page, '08-notices');
    await openMenu(page, 'System', 'Posts', 'Posts');
    await expect(page.getByTestId('create').count()).resolves.toBe(1);

    // The administrator's own profile: a new nickname shows in the header at once.
    await page.getByTestId('current-user').hover();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByLabel('Nickname').fill('Chief administrator');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByTestId('current-user').filter({ hasText: 'Chief administrator' }).waitFor();
    await harness.screenshot(page, '09-profile');
  });

  it('sorts a list on the server by a clicked column, and checks a text for sensitive words', async () => {
    const { db } = harness.app.core.database;
    const batch = unique('word');
    const now = new Date();
    await db.sensitiveWord.createMany({
      data: ['b', 'c'].map((suffix) => ({ tenantId: SYSTEM_TENANT_ID, name: `${batch}-${suffix}`, tags: ['e2e'], status: 0, createdAt: now, updatedAt: now })),
    });
    const page = await harness.newPage();
    await signIn(page, { tenant, username: SEED_ADMIN_USERNAME, password: SEED.adminPassword });
    await openMenu(page, 'System', 'Sensitive words', 'Sensitive words');
    // One word made through the screen, so the server's matcher surely knows it.
    const created = `${batch}-a`;
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Word').fill(created);
    await dialog(page).getByLabel('Tags').fill('e2e');
    await dialog(page).getByLabel('Tags').press('Enter');
    await saveDialog(page);

    await page.locator('.ant-pro-table-search').getByLabel('Word').fill(batch);
    await page.locator('.ant-pro-table-search').getByLabel('Word').press('Enter');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(3);
    const header = page.locator('.ant-table-thead th', { hasText: 'Word' });
    await header.click();
    await page.locator('.ant-table-row').first().filter({ hasText: created }).waitFor();
    await header.click();
    await page.locator('.ant-table-row').first().filter({ hasText: `${batch}-c` }).waitFor();
    await expect(page.locator('.ant-table-row').last().innerText()).resolves.toContain(created);
    await harness.screenshot(page, '10-sorted-descending');

    await page.getByTestId('list-action-checkText').click();
    await dialog(page).getByLabel('Text').fill(`Buy ${created} today`);
    await submitDialog(page);
    await page.getByTestId('findings').filter({ hasText: created }).waitFor();
    await harness.screenshot(page, '11-text-check');
    await dialog(page).filter({ has: page.getByTestId('findings') }).getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('findings').waitFor({ state: 'detached' });
    await page.getByTestId('list-action-checkText').click();
    await dialog(page).getByLabel('Text').fill('Nothing to see here');
    await submitDialog(page);
    await page.getByTestId('findings').filter({ hasText: 'No sensitive words' }).waitFor();
  });

  it('shows every department as a tree, and switches to Chinese', async () => {
    const { db } = harness.app.core.database;
    const root = await db.dept.create({ data: { tenantId: SYSTEM_TENANT_ID, name: unique('Head office '), parentId: 0, sort: 1 } });
    const children = await Promise.all(
      ['Purchasing', 'Warehouse', 'Shipping'].map((name, index) => db.dept.create({ data: { tenantId: SYSTEM_TENANT_ID, name: unique(`${name} `), parentId: root.id, sort: index } })),
    );
    const page = await harness.newPage();
    await signIn(page, { tenant, username: SEED_ADMIN_USERNAME, password: SEED.adminPassword });
    await openMenu(page, 'System', 'Departments', 'Departments');
    for (const dept of [root, ...children]) await tableRow(page, dept.name).waitFor();
    await expect(page.locator('.ant-table-row-level-1').count()).resolves.toBe(children.length);
    await harness.screenshot(page, '06-departments');

    await page.getByTestId('language-switch').hover();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    // The server names the menus in the chosen language, and labels the coded values in it.
    await page.getByRole('menuitem', { name: '系统管理', exact: true }).waitFor();
    await page.locator('.ant-table-row', { hasText: root.name }).filter({ hasText: '开启' }).waitFor();
    await harness.screenshot(page, '07-chinese');
  });
});
