// Every screen in the console's registry opens for the super administrator from its menu, and its
// table loads, and sorts by each sortable column, without an error: a broken GraphQL document, a
// renamed operation or a sortable column the server cannot sort by fails here. In Chinese, every
// screen (sign-in, lists, create forms, profile, inbox) shows no English but data and brand words.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../../console/src/i18n/en';
import { zhCN } from '../../console/src/i18n/zh-CN';
import { SEED_ADMIN_USERNAME } from '../../prisma/seed';
import { labelledOptions, OPTION_SET_NAMES } from '../../src/core/options/option-sets';
import { MENU_CATALOGUE } from '../../src/core/permission/menu-catalogue';
import { localizedMenuName } from '../../src/core/permission/menu-names';
import { SEED } from '../support/database';
import { SEED_ADMIN, useConsole } from './browser';

const harness = useConsole('console_resources_e2e');

// Read as text: the registry's modules are the browser's (Vite, JSX), not Node's.
const registry = readFileSync(new URL('../../console/src/resources/index.ts', import.meta.url), 'utf8');
const REGISTERED = [...registry.matchAll(/^ {2}'([\w/-]+)': \(\) => import\(/gm)].map((match) => match[1]!);

const screens = MENU_CATALOGUE.flatMap((directory) =>
  (directory.children ?? []).filter((menu) => menu.component && REGISTERED.includes(menu.component)).map((menu) => ({ directory: directory.name, menu: menu.name, component: menu.component! })),
);

// The English a Chinese screen must not show: every console text and server option label that has a
// Chinese wording of its own. Data (table cells, the signed-in names) may be English; other ASCII
// words outside this allow list are leftovers too (antd's and pro-components' own texts included).
const flatten = (texts: object): string[] => Object.values(texts).flatMap((value) => (typeof value === 'string' ? [value] : flatten(value as object)));
const chineseTexts = new Set([...flatten(zhCN), ...OPTION_SET_NAMES.flatMap((name) => labelledOptions(name, 'zh-CN').map((option) => option.label))]);
const ENGLISH = [...new Set([...flatten(en), ...OPTION_SET_NAMES.flatMap((name) => labelledOptions(name, 'en').map((option) => option.label))])].filter(
  (text) => !chineseTexts.has(text) && !text.includes('{{'),
);
/** Brand, protocol and data words a Chinese screen shows as they are. */
const ALLOWED_WORDS = ['OpenBuy', 'OAuth', 'Webhook', 'IP', 'ID', 'URL', 'API', 'SMS', 'ISO', 'HTTP', 'HTTPS', 'JSON', 'SMTP', 'TLS', 'Administrator', 'admin', 'en', 'zh', 'CN'];

/** The main screens pictured in Chinese for review (every screen would double the walk's time). */
const SCREENSHOT_SCREENS = ['system/user/index', 'system/role/index', 'system/dict/index', 'system/notice/index', 'gateway/ip-blacklist/index'];

/** Visible English in `root` (the page by default): lines of its text and placeholders; data (table rows, the signed-in names) only when it is a catalogue text. */
async function englishLeftovers(page: Page, root = 'body'): Promise<string[]> {
  // One snapshot in the page: a table that renders between two reads would show its rows as text but not as data.
  const snapshot = await page.locator(root).evaluateAll((roots) => {
    const within = (inner: string) => roots.flatMap((element) => [...element.querySelectorAll(inner)] as (typeof roots)[number][]);
    const textOf = (element: (typeof roots)[number]) => ('innerText' in element ? element.innerText : (element.textContent ?? ''));
    return {
      names: within(':is([data-testid="current-user"], [data-testid="current-tenant"])').map(textOf),
      data: within('.ant-table-tbody').map(textOf),
      placeholders: within('[placeholder]')
        .filter((element) => element.checkVisibility())
        .map((element) => element.getAttribute('placeholder') ?? ''),
      texts: roots.map(textOf),
    };
  });
  const lines = (texts: string[]) => texts.flatMap((text) => text.split(/[\n\t]/)).map((line) => line.trim()).filter(Boolean);
  const names = new Set(lines(snapshot.names));
  const data = new Set(lines(snapshot.data));
  const found = new Set<string>();
  for (const line of [...lines(snapshot.texts), ...snapshot.placeholders]) {
    if (names.has(line)) continue;
    if (ENGLISH.includes(line)) found.add(line);
    else if (!data.has(line) && (line.match(/[A-Za-z]{2,}/g) ?? []).some((word: string) => !ALLOWED_WORDS.includes(word))) found.add(line);
  }
  return [...found];
}

describe('every registered resource screen', () => {
  it('is reached from the catalogue', () => {
    expect(REGISTERED.length).toBeGreaterThan(3);
    const reachable = new Set(screens.map((screen) => screen.component));
    expect(REGISTERED.filter((component) => !reachable.has(component))).toEqual([]);
  });

  it('opens from its menu and loads and sorts its table without an error', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.baseUrl}/console/`);
    await page.getByLabel('Tenant').fill('OpenBuy');
    await page.getByLabel('Username').fill(SEED_ADMIN_USERNAME);
    await page.getByLabel('Password').fill(SEED.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('current-user').waitFor();

    const failures: string[] = [];
    let previous = '';
    for (const { directory, menu, component } of screens) {
      const item = page.getByRole('menuitem', { name: menu, exact: true });
      if (!(await item.isVisible())) await page.getByRole('menuitem', { name: directory, exact: true }).click();
      await item.click();
      const title = page.locator('.ant-pro-table-list-toolbar-title');
      await expect.poll(async () => (await title.count()) > 0 && (await title.innerText()) !== previous, { timeout: 15_000 }).toBe(true);
      await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
      // Each sortable column once: a column whose field is not in the page's SortField enum is refused.
      const sorters = page.locator('.ant-table-thead th.ant-table-column-has-sorters');
      for (let index = 0; index < (await sorters.count()); index++) {
        await sorters.nth(index).click();
        await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
      }
      const errors = await page.locator('.ant-message-error').allInnerTexts();
      const heading = (await title.innerText()).trim();
      previous = heading;
      // A missing text shows as its key (`posts.title`).
      if (errors.length > 0 || /^\w+\.\w+$/.test(heading)) failures.push(`${component}: ${heading} ${errors.join('; ')}`);
      await harness.screenshot(page, `resource-${component.replace(/\//g, '-')}`);
      // An error stays a few seconds: gone before the next screen, so each is charged to its own.
      await page.locator('.ant-message-error').first().waitFor({ state: 'detached' });
    }
    expect(failures).toEqual([]);
    expect(screens.length).toBe(REGISTERED.length);
    await page.close();
  });

  it('shows no English in Chinese: sign-in, every list and create form, profile and inbox', async () => {
    const page = await harness.newPage();
    const leftovers: string[] = [];
    const look = async (where: string, root?: string) => {
      const found = await englishLeftovers(page, root);
      if (found.length > 0) leftovers.push(`${where}: ${found.join(' | ')}`);
    };
    await page.goto(`${harness.baseUrl}/console/`);
    await page.getByTestId('language-switch').hover();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    // The language menu names each language in itself ("English"): look once it has closed.
    await page.getByRole('menuitem', { name: 'English' }).waitFor({ state: 'hidden' });
    await page.getByLabel('租户').fill(SEED_ADMIN.tenant);
    await page.getByLabel('用户名').fill(SEED_ADMIN.username);
    await page.locator('button[type="submit"]').click();
    await page.getByText(zhCN.common.required.replace('{{field}}', zhCN.signIn.password)).waitFor();
    await look('sign-in');
    await harness.screenshot(page, 'zh-sign-in');
    await page.getByLabel('密码').fill(SEED_ADMIN.password);
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('current-user').waitFor();
    await look('welcome');

    let previous = '';
    for (const { directory, menu, component } of screens) {
      const item = page.getByRole('menuitem', { name: localizedMenuName(menu, 'zh-CN'), exact: true });
      if (!(await item.isVisible())) await page.getByRole('menuitem', { name: localizedMenuName(directory, 'zh-CN'), exact: true }).click();
      await item.click();
      const title = page.locator('.ant-pro-table-list-toolbar-title');
      await expect.poll(async () => (await title.count()) > 0 && (await title.innerText()) !== previous, { timeout: 15_000 }).toBe(true);
      previous = await title.innerText();
      await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
      await look(component);
      if (SCREENSHOT_SCREENS.includes(component)) await harness.screenshot(page, `zh-${component.replace(/\//g, '-')}`);
      const create = page.getByTestId('create');
      if (await create.isVisible()) {
        await create.click();
        await page.locator('.ant-modal-content').waitFor();
        await look(`${component} create form`, '.ant-modal-content');
        await page.locator('.ant-modal-close').click();
        await page.locator('.ant-modal-content').waitFor({ state: 'detached' });
      }
    }

    await page.getByTestId('inbox-bell').click();
    await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
    await look('inbox');
    await harness.screenshot(page, 'zh-inbox');
    await page.getByTestId('current-user').hover();
    await page.getByRole('menuitem', { name: zhCN.header.profile }).click();
    await page.getByText(zhCN.profile.changePassword).waitFor();
    await look('profile');
    await harness.screenshot(page, 'zh-profile');
    expect(leftovers).toEqual([]);
  }, 300_000);
});
