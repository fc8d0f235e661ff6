// Every screen in the console's registry opens for the super administrator from its menu, and its
// table loads, and sorts by each sortable column, without an error: a broken GraphQL document, a
// renamed operation or a sortable column the server cannot sort by fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEED_ADMIN_USERNAME } from '../../prisma/seed';
import { MENU_CATALOGUE } from '../../src/core/permission/menu-catalogue';
import { SEED } from '../support/database';
import { useConsole } from './browser';

const harness = useConsole('console_resources_e2e');

// Read as text: the registry's modules are the browser's (Vite, JSX), not Node's.
const registry = readFileSync(new URL('../../console/src/resources/index.ts', import.meta.url), 'utf8');
const REGISTERED = [...registry.matchAll(/^ {2}'([\w/-]+)': \(\) => import\(/gm)].map((match) => match[1]!);

const screens = MENU_CATALOGUE.flatMap((directory) =>
  (directory.children ?? []).filter((menu) => menu.component && REGISTERED.includes(menu.component)).map((menu) => ({ directory: directory.name, menu: menu.name, component: menu.component! })),
);

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
});
