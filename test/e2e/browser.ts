// A real browser on the real server: the app built over a scratch database, listening on a free
// port, and Debian's Chromium driven by playwright-core (Playwright's own download is unreachable).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { SEED_ADMIN_USERNAME } from '../../prisma/seed';
import { systemClock } from '../../src/core/clock';
import { createTestApp, type TestApp, useTestDatabase } from '../support/app';
import { SEED } from '../support/database';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Sign-in limits of the server under test: every browser here comes from 127.0.0.1, so the IP's is
 * raised; a username gets a few tries more than the tests sign anyone in.
 */
export const LOGIN_ATTEMPTS_PER_USERNAME = 8;

/** Screenshots of the main screens for review (gitignored). */
export const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'console');

export interface ConsoleHarness {
  readonly app: TestApp;
  readonly baseUrl: string;
  /** A new page (own storage: a fresh sign-in) that fails the test on a page error or a CSP refusal. */
  newPage(): Promise<Page>;
  screenshot(page: Page, name: string): Promise<void>;
}

/** The seeded super administrator of the system tenant. */
export const SEED_ADMIN = { tenant: 'OpenBuy', username: SEED_ADMIN_USERNAME, password: SEED.adminPassword };

export async function signIn(page: Page, baseUrl: string, credentials: { tenant: string; username: string; password: string } = SEED_ADMIN) {
  await page.goto(`${baseUrl}/console/`);
  await page.getByLabel('Tenant').fill(credentials.tenant);
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('current-user').waitFor();
}

/** Opens a screen from the side menu (as an administrator would) and waits for its table to load. */
export async function openMenu(page: Page, directory: string, menu: string, title: string) {
  const item = page.getByRole('menuitem', { name: menu, exact: true });
  const screenTitle = page.locator('.ant-pro-table-list-toolbar-title', { hasText: title });
  // A click while the directory's submenu still slides open can land on its neighbour: try again.
  for (let attempt = 1; ; attempt++) {
    if (!(await item.isVisible())) await page.getByRole('menuitem', { name: directory, exact: true }).click();
    await item.click();
    try {
      await screenTitle.waitFor({ timeout: 10_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
}

export const tableRow = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
export const dialog = (page: Page) => page.getByRole('dialog');

/** Presses the dialog's OK (it stays open when refused). */
export async function submitDialog(page: Page) {
  await dialog(page).getByRole('button', { name: 'OK' }).click();
}

/** Presses the dialog's OK and waits for it to close: saved. */
export async function saveDialog(page: Page) {
  await submitDialog(page);
  await dialog(page).waitFor({ state: 'detached' });
}

/** The tree node titled `title` (first match) and the `count` nodes after it (its buttons, expanded). */
export async function checkTreeNodes(page: Page, title: string, count: number) {
  const nodes = dialog(page).locator('.ant-tree-treenode:not([aria-hidden="true"])');
  await nodes.first().waitFor();
  const titles = await nodes.locator('.ant-tree-title').allInnerTexts();
  const start = titles.indexOf(title);
  expect(start, `tree node ${title}`).toBeGreaterThanOrEqual(0);
  for (let index = start; index <= start + count; index++) await nodes.nth(index).locator('.ant-tree-checkbox').click();
}

/** Picks `choice` in the select of the dialog's field labelled `label`, typed in as its search. */
export async function choose(page: Page, label: string, choice: string) {
  await dialog(page).getByLabel(label, { exact: true }).fill(choice);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: choice }).first().click();
}

/** `env`: configuration of the server under test beyond the sign-in limits (a short token lifetime). */
export function useConsole(label: string, env: Record<string, string> = {}): ConsoleHarness {
  const database = useTestDatabase(label);
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  let baseUrl = '';
  const problems: string[] = [];
  const openPages = new Set<Page>();
  // A failed test leaves a picture of where it stopped.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      for (const [index, page] of [...openPages].entries()) await page.screenshot({ path: join(SCREENSHOTS, `failed-${task.name.slice(0, 40)}-${index}.png`) }).catch(() => {});
    }
    for (const page of openPages) await page.context().close();
    openPages.clear();
  });
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium fonts-noto-cjk`);
    // The browser's clock is the real one: token expiry must be on it too.
    app = await createTestApp({
      database: database.database,
      clock: systemClock,
      env: { ADMIN_LOGIN_ATTEMPTS_PER_USERNAME: String(LOGIN_ATTEMPTS_PER_USERNAME), ADMIN_LOGIN_ATTEMPTS_PER_IP: '1000', ...env },
    });
    baseUrl = await app.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    if (problems.length > 0) throw new Error(`The console reported:\n${problems.join('\n')}`);
  });
  return {
    get app() {
      return app!;
    },
    get baseUrl() {
      return baseUrl;
    },
    async newPage() {
      const context = await browser!.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-US' });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      openPages.add(page);
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) problems.push(`CSP: ${message.text()}`);
      });
      return page;
    },
    async screenshot(page, name) {
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
  };
}
