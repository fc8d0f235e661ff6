// The console's session across access-token expiries, in Chromium against a server whose console
// tokens live a few seconds: each expiry costs exactly one refresh, however many requests wait on it,
// every request carries a live token (none refused), and refresh tokens are never used twice (a reused
// one would end the whole session).
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { errorCode, graphql } from '../support/admin';
import { signIn, useConsole } from './browser';

const ACCESS_TOKEN_TTL_SECONDS = 6;
const harness = useConsole('console_renewal_e2e', { ADMIN_ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS) });

/** The session the console keeps (console/src/auth/session.ts). */
interface StoredSession {
  accessToken: string;
  expiresTime: string;
}

interface GraphQLCall {
  operation: string;
  authorization: string | undefined;
  refreshToken?: string;
}

/** Every /graphql call the page makes, how many are unanswered, and every answer that was not a success. */
function recordGraphQL(page: Page) {
  const calls: GraphQLCall[] = [];
  const refusals: string[] = [];
  const inFlight = { count: 0 };
  const isGraphQL = (request: Request) => request.url().endsWith('/graphql') && request.method() === 'POST';
  page.on('requestfinished', (request) => void (isGraphQL(request) && inFlight.count--));
  page.on('requestfailed', (request) => void (isGraphQL(request) && inFlight.count--));
  page.on('request', (request: Request) => {
    if (!isGraphQL(request)) return;
    inFlight.count++;
    const body = request.postDataJSON() as { query: string; variables?: { refreshToken?: string } };
    const operation = /(?:query|mutation) (\w+)/.exec(body.query)?.[1] ?? 'anonymous';
    calls.push({ operation, authorization: request.headers().authorization, refreshToken: body.variables?.refreshToken });
  });
  page.on('response', async (response) => {
    if (!response.url().endsWith('/graphql')) return;
    const body = (await response.json().catch(() => ({}))) as { errors?: { message: string }[] };
    if (response.status() !== 200 || body.errors) refusals.push(`${response.status()} ${body.errors?.map((error) => error.message).join('; ') ?? ''}`);
  });
  return { calls, refusals, inFlight };
}

// An expression: the page's globals are not Node's (no DOM types here).
const storedSession = (page: Page) => page.evaluate<StoredSession | null>(`JSON.parse(localStorage.getItem('openbuy.console.session') ?? 'null')`);

/** Switches the language: every query of the console (who is signed in, the unread count) is read again at once. */
async function switchLanguage(page: Page, label: string) {
  await page.getByTestId('language-switch').hover();
  await page.getByRole('menuitem', { name: label }).click();
  await page.getByTestId('language-switch').filter({ hasText: label }).waitFor();
}

describe('the console session across access-token expiries', () => {
  it('refreshes exactly once per expiry, with every waiting request on the new token, and keeps working', async () => {
    const page = await harness.newPage();
    const { calls, refusals, inFlight } = recordGraphQL(page);
    await signIn(page, harness.baseUrl);
    await page.getByTestId('inbox-unread').waitFor();
    const first = (await storedSession(page))!;
    const refreshes = () => calls.filter((call) => call.operation === 'ConsoleRefresh');
    expect(refreshes()).toHaveLength(0);

    const expiries = 3;
    for (const [cycle, language] of ['简体中文', 'English', '简体中文'].entries()) {
      const before = (await storedSession(page))!;
      // Idle until the access token is dead on the server too.
      await page.waitForTimeout(Math.max(0, Date.parse(before.expiresTime) - Date.now()) + 300);
      const from = calls.length;
      await switchLanguage(page, language);
      // Who is signed in and the unread count, both read again, both answered.
      const burst = () => calls.slice(from).filter((call) => call.operation !== 'ConsoleRefresh');
      await expect.poll(() => burst().length >= 2 && inFlight.count === 0).toBe(true);

      expect(refreshes(), `refreshes after expiry ${cycle + 1}`).toHaveLength(cycle + 1);
      const after = (await storedSession(page))!;
      expect(after.accessToken).not.toBe(before.accessToken);
      // Everything the burst sent went after the one refresh, on its token.
      expect(burst().map((call) => call.authorization)).toEqual(burst().map(() => `Bearer ${after.accessToken}`));
    }

    expect(refreshes()).toHaveLength(expiries);
    const usedRefreshTokens = refreshes().map((call) => call.refreshToken);
    expect(new Set(usedRefreshTokens).size).toBe(expiries);
    expect(refusals).toEqual([]);
    await expect(page.getByTestId('current-user').isVisible()).resolves.toBe(true);
    await harness.screenshot(page, 'renewal-01-still-signed-in');

    // The first token really ended: the server refuses it now.
    const stale = await graphql(harness.app.app, '{ me { user { id } } }', { token: first.accessToken });
    expect(errorCode(stale)).toBe(401);
  });
});
