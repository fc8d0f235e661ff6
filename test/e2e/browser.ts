// A real browser on the real server: the app built over a scratch database, listening on a free
// port, and Debian's Chromium driven by playwright-core (Playwright's own download is unreachable).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { systemClock } from '../../src/core/clock';
import { createTestApp, type TestApp, useTestDatabase } from '../support/app';

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

export function useConsole(label: string): ConsoleHarness {
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
      env: { ADMIN_LOGIN_ATTEMPTS_PER_USERNAME: String(LOGIN_ATTEMPTS_PER_USERNAME), ADMIN_LOGIN_ATTEMPTS_PER_IP: '1000' },
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
