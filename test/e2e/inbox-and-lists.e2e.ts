// The console in Chromium: the administrator's inbox behind the header's unread badge (a message sent
// through /graphql shows on the bell within its refresh, reading drops it at once), the department and
// menu screens with every row (more than a page, disabled ones included), dictionary data created from
// its dictionary type's link, and a classification tree with its support information.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_ADMIN_USERNAME } from '../../prisma/seed';
import { SYSTEM_TENANT_ID } from '../../src/core/tenant/tenant-directory';
import { graphql, seededAdminToken, unique } from '../support/admin';
import { choose, dialog, openMenu, signIn, submitDialog, tableRow, useConsole } from './browser';

const harness = useConsole('console_inbox_lists_e2e');

// The console's period, read from its source (its modules are the browser's, not Node's).
const unreadSource = readFileSync(new URL('../../console/src/layout/unread.ts', import.meta.url), 'utf8');
const UNREAD_COUNT_REFRESH_MS = Number(/UNREAD_COUNT_REFRESH_MS = ([\d_]+)/.exec(unreadSource)![1]!.replace(/_/g, ''));

const signInAsSeededAdmin = (page: Page) => signIn(page, harness.baseUrl);

const unreadCount = (page: Page) => page.getByTestId('inbox-unread').getAttribute('data-count');

describe('the inbox, every row of the trees, dictionary data and content in a browser', () => {
  it('counts unread messages on the bell within its refresh, and drops the count as soon as they are read', async () => {
    const { core } = harness.app;
    const { db } = core.database;
    const admin = await db.adminUser.findFirstOrThrow({ where: { tenantId: SYSTEM_TENANT_ID, username: SEED_ADMIN_USERNAME } });
    const page = await harness.newPage();
    await signInAsSeededAdmin(page);
    await expect.poll(() => unreadCount(page)).toBe('0');

    // Two messages to the signed-in administrator, sent through /graphql while the console is open.
    const token = await seededAdminToken(core);
    const code = unique('parcel-');
    const template = await graphql(harness.app.app, 'mutation($input: NotifyTemplateSaveReqVO!) { createNotifyTemplate(input: $input) { id } }', {
      token,
      variables: { input: { name: 'Parcel', code, languageCode: 'en', type: 2, nickname: 'Warehouse', content: 'Parcel {no} arrived', status: 0 } },
    });
    expect(template.errors).toBeUndefined();
    const contents = ['Parcel P-1 arrived', 'Parcel P-2 arrived'];
    for (const no of ['P-1', 'P-2']) {
      const sent = await graphql(harness.app.app, 'mutation($input: NotifyTemplateSendReqVO!) { sendNotify(input: $input) }', {
        token,
        variables: { input: { userId: admin.id, userType: 2, templateCode: code, templateParams: { no } } },
      });
      expect(sent.errors).toBeUndefined();
    }
    // No action in the page: the bell's periodic refresh brings them.
    await expect.poll(() => unreadCount(page), { timeout: UNREAD_COUNT_REFRESH_MS + 10_000, interval: 500 }).toBe('2');
    await harness.screenshot(page, 'inbox-01-unread-badge');

    await page.getByTestId('inbox-bell').click();
    await page.locator('.ant-pro-table-list-toolbar-title', { hasText: 'My messages' }).waitFor();
    for (const content of contents) await tableRow(page, content).getByTestId('action-mark-read').waitFor();
    await harness.screenshot(page, 'inbox-02-messages');

    // Reading one: the bell follows at once, not at its next refresh.
    const readAt = Date.now();
    await tableRow(page, contents[0]!).getByTestId('action-mark-read').click();
    await expect.poll(() => unreadCount(page), { timeout: 5_000 }).toBe('1');
    expect(Date.now() - readAt).toBeLessThan(UNREAD_COUNT_REFRESH_MS);
    await tableRow(page, contents[0]!).getByTestId('action-mark-read').waitFor({ state: 'detached' });
    await expect(tableRow(page, contents[1]!).getByTestId('action-mark-read').count()).resolves.toBe(1);

    await page.getByTestId('list-action-mark-all-read').click();
    await expect.poll(() => unreadCount(page), { timeout: 5_000 }).toBe('0');
    await tableRow(page, contents[1]!).getByTestId('action-mark-read').waitFor({ state: 'detached' });
    await expect(db.notifyMessage.count({ where: { tenantId: SYSTEM_TENANT_ID, userType: 2, userId: admin.id, readStatus: false } })).resolves.toBe(0);
    await harness.screenshot(page, 'inbox-03-all-read');
  });

  it('lists every department and every menu, more than a page and disabled ones included', async () => {
    const { db } = harness.app.core.database;
    const batch = unique('Branch ');
    const root = await db.dept.create({ data: { tenantId: SYSTEM_TENANT_ID, name: `${batch} root`, parentId: 0, sort: 1000 } });
    // 120 departments below it (more than the largest page, 100), every fourth disabled, a third level under the first.
    await db.dept.createMany({
      data: Array.from({ length: 120 }, (_, index) => ({ tenantId: SYSTEM_TENANT_ID, name: `${batch} ${index}`, parentId: root.id, sort: index, status: index % 4 === 0 ? 1 : 0 })),
    });
    const first = await db.dept.findFirstOrThrow({ where: { tenantId: SYSTEM_TENANT_ID, name: `${batch} 0` } });
    await db.dept.create({ data: { tenantId: SYSTEM_TENANT_ID, name: `${batch} depot`, parentId: first.id, sort: 0, status: 1 } });
    const departments = await db.dept.count({ where: { tenantId: SYSTEM_TENANT_ID } });
    expect(departments).toBeGreaterThan(121);

    const page = await harness.newPage();
    await signInAsSeededAdmin(page);
    await openMenu(page, 'System', 'Departments', 'Departments');
    await tableRow(page, `${batch} depot`).waitFor();
    await expect(page.locator('.ant-table-row').count()).resolves.toBe(departments);
    await expect(page.locator('.ant-table-row-level-2', { hasText: `${batch} depot` }).count()).resolves.toBe(1);
    await expect(tableRow(page, `${batch} 100`).filter({ hasText: 'Disabled' }).count()).resolves.toBe(1);
    await harness.screenshot(page, 'lists-01-every-department');

    // A disabled menu beside the seeded ones: every menu row of the catalogue (well over a page) shows.
    const system = await db.menu.findFirstOrThrow({ where: { name: 'System', parentId: 0 } });
    const retired = await db.menu.create({ data: { name: unique('Retired '), type: 2, sort: 99, parentId: system.id, path: 'retired', status: 1 } });
    const menus = await db.menu.count();
    expect(menus).toBeGreaterThan(100);
    await openMenu(page, 'System', 'Menus', 'Menus');
    await tableRow(page, retired.name).waitFor();
    await expect(page.locator('.ant-table-row').count()).resolves.toBe(menus);
    await expect(tableRow(page, retired.name).filter({ hasText: 'Disabled' }).count()).resolves.toBe(1);
    await harness.screenshot(page, 'lists-02-every-menu');
  });

  it("creates dictionary data from its dictionary type's link, with the type chosen and the server's refusal on its field", async () => {
    const { db } = harness.app.core.database;
    const type = unique('shipping_method_');
    // Another dictionary's entry, which the filtered screen leaves out.
    const now = new Date();
    const other = await db.dictType.create({ data: { name: 'Packing', type: unique('packing_'), status: 0, createdAt: now, updatedAt: now } });
    await db.dictData.create({ data: { dictType: other.type, label: 'Wooden crate', value: 'crate', sort: 0, status: 0, createdAt: now, updatedAt: now } });
    const page = await harness.newPage();
    await signInAsSeededAdmin(page);
    await openMenu(page, 'System', 'Dictionaries', 'Dictionaries');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Name').fill('Shipping method');
    await dialog(page).getByLabel('Dictionary type').fill(type);
    await submitDialog(page);
    await tableRow(page, type).getByTestId('link-dict-data').click();

    // The data screen, filtered by the type the link named.
    await page.locator('.ant-pro-table-list-toolbar-title', { hasText: 'Dictionary data' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/system/dict/data');
    await page.locator('.ant-pro-table-search .ant-select-selection-item', { hasText: type }).waitFor();
    await page.getByTestId('create').click();
    // The new entry belongs to the filtered type unless changed.
    await dialog(page).locator('.ant-select-selection-item', { hasText: `Shipping method (${type})` }).waitFor();
    await dialog(page).getByLabel('Label', { exact: true }).fill('Air freight');
    await dialog(page).getByLabel('Value', { exact: true }).fill('air');
    await choose(page, 'Colour', 'Primary');
    await submitDialog(page);
    await tableRow(page, 'Air freight').filter({ hasText: 'Primary' }).waitFor();
    await expect(tableRow(page, 'Wooden crate').count()).resolves.toBe(0);

    // A second entry with the same value: the server's refusal is placed on the value.
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Label', { exact: true }).fill('Air express');
    await dialog(page).getByLabel('Value', { exact: true }).fill('air');
    await submitDialog(page);
    const valueItem = dialog(page).locator('.ant-form-item', { has: page.getByLabel('Value', { exact: true }) });
    await valueItem.locator('.ant-form-item-explain-error', { hasText: 'already has the value air' }).waitFor();
    await harness.screenshot(page, 'dict-data-01-refusal');
    await dialog(page).getByLabel('Value', { exact: true }).fill('air-express');
    await submitDialog(page);
    await tableRow(page, 'Air express').waitFor();
    await harness.screenshot(page, 'dict-data-02-list');

    const stored = await db.dictData.findMany({ where: { dictType: type }, orderBy: { value: 'asc' } });
    expect(stored.map(({ label, value, colorType, status }) => ({ label, value, colorType, status }))).toEqual([
      { label: 'Air freight', value: 'air', colorType: 'primary', status: 0 },
      { label: 'Air express', value: 'air-express', colorType: null, status: 0 },
    ]);
  });

  it('shows classifications as a tree and files support information under one', async () => {
    const { db } = harness.app.core.database;
    const now = new Date();
    const classify = (className: string, parentId: number) => ({
      tenantId: SYSTEM_TENANT_ID, uuidCode: unique('c-'), className, parentId, positionType: 1, isHot: false, language: 'en', sort: 0, status: 0, createdAt: now, updatedAt: now,
    });
    const orders = await db.commonClassify.create({ data: classify(unique('Orders '), 0) });
    const payments = await db.commonClassify.create({ data: classify(unique('Payments '), orders.id) });
    const page = await harness.newPage();
    await signInAsSeededAdmin(page);
    await openMenu(page, 'Content', 'Help-center classifications', 'Help-center classifications');
    await page.locator('.ant-table-row-level-1', { hasText: payments.className }).waitFor();
    await harness.screenshot(page, 'content-01-classifications');

    await openMenu(page, 'Content', 'Support information', 'Support information');
    const title = unique('How to pay ');
    await page.getByTestId('create').click();
    await dialog(page).locator('.ant-form-item', { has: page.getByLabel('Classification') }).locator('.ant-select').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: payments.className }).click();
    await dialog(page).getByLabel('Title').fill(title);
    await dialog(page).getByLabel('Code').fill(unique('pay-'));
    await dialog(page).getByLabel('Content').fill('Pay with your wallet or a card.');
    await submitDialog(page);
    await tableRow(page, title).filter({ hasText: payments.uuidCode }).waitFor();
    await harness.screenshot(page, 'content-02-support-information');
    await expect(db.supportInfo.count({ where: { tenantId: SYSTEM_TENANT_ID, title, classifyId: payments.id } })).resolves.toBe(1);
  });

  it('creates a region of a seeded country, a rate policy for a country, an information (its content read back for editing) and a protocol statement', async () => {
    const { db } = harness.app.core.database;
    const germany = await db.basicCountry.findUniqueOrThrow({ where: { enShortName: 'DE' } });
    const page = await harness.newPage();
    await signInAsSeededAdmin(page);

    await openMenu(page, 'Basic data', 'Regions', 'Regions');
    const region = unique('Bavaria ');
    await page.getByTestId('create').click();
    await choose(page, 'Country', germany.enName);
    await dialog(page).getByLabel('Name', { exact: true }).fill(region);
    await submitDialog(page);
    await tableRow(page, region).filter({ hasText: germany.enName }).filter({ hasText: 'Province' }).waitFor();
    await expect(db.basicRegion.count({ where: { name: region, countryId: germany.id, province: 1 } })).resolves.toBe(1);

    await openMenu(page, 'Basic data', 'Currency rate policies', 'Currency rate policies');
    await page.getByTestId('create').click();
    await choose(page, 'Country', `${germany.enName} (DE)`);
    await dialog(page).getByLabel('Premium (%)', { exact: true }).fill('2.5');
    await submitDialog(page);
    await tableRow(page, `${germany.enName} (DE)`).filter({ hasText: '2.5' }).filter({ hasText: 'By country' }).waitFor();
    await harness.screenshot(page, 'basic-01-rate-policy');
    await expect(db.currencyRatePolicy.count({ where: { countryCode: 'DE', policyType: 1, premiumRateE4: 25_000, userId: null } })).resolves.toBe(1);

    await openMenu(page, 'Content', 'Information', 'Information');
    const title = unique('Holiday shipping ');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Title', { exact: true }).fill(title);
    await dialog(page).getByLabel('Summary', { exact: true }).fill('Parcels leave twice a week over the holidays.');
    await dialog(page).getByLabel('Content', { exact: true }).fill('From 20 December parcels leave on Mondays and Thursdays.');
    await submitDialog(page);
    await tableRow(page, title).filter({ hasText: 'Information' }).waitFor();
    // The list has no content: the edit form reads it.
    await tableRow(page, title).getByTestId('row-edit').click();
    await expect.poll(() => dialog(page).getByLabel('Content', { exact: true }).inputValue()).toBe('From 20 December parcels leave on Mondays and Thursdays.');
    await dialog(page).getByLabel('Title', { exact: true }).fill(`${title} (updated)`);
    await submitDialog(page);
    await tableRow(page, `${title} (updated)`).waitFor();
    await expect(db.information.count({ where: { title: `${title} (updated)`, content: { startsWith: 'From 20 December' } } })).resolves.toBe(1);

    await openMenu(page, 'Content', 'Protocol statements', 'Protocol statements');
    const statement = unique('Terms of registration ');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Title', { exact: true }).fill(statement);
    await choose(page, 'Page', 'Register page');
    await dialog(page).getByLabel('Content', { exact: true }).fill('By registering you accept these terms.');
    await submitDialog(page);
    await tableRow(page, statement).filter({ hasText: 'Register page' }).waitFor();
    await harness.screenshot(page, 'content-03-protocol-statements');
    await expect(db.protocolStatement.count({ where: { title: statement, positionType: 2, status: true } })).resolves.toBe(1);
  });
});
