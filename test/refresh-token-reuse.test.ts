// Refresh-token reuse ends the session family (RFC 9700 4.14.2), through /graphql with the real app:
// a replayed refresh token is refused AND every token descended from it stops working; of two
// concurrent refreshes with one token exactly one wins, and the loser counts as a replay.
import { describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { createAdmin, createTenant, errorCode, graphql, login, type TestAdmin, type TokensAnswer } from './support/admin';
import { useTestApp } from './support/app';

const test = useTestApp('refresh_token_reuse');

const ME = '{ me { user { id } } }';
const REFRESH = `mutation Refresh($refreshToken: String!) {
  refresh(refreshToken: $refreshToken) { userId accessToken refreshToken expiresTime refreshExpiresTime }
}`;
const INVALID = ErrorCatalogue.AUTH_REFRESH_TOKEN_INVALID.code;

async function newAdmin(): Promise<TestAdmin> {
  return createAdmin(test.core, { tenant: await createTenant(test.db), permissions: ['system:user:query'] });
}

async function signedIn(admin: TestAdmin): Promise<TokensAnswer> {
  const answer = await login(test.app, admin);
  expect(answer.errors).toBeUndefined();
  return answer.data!.login;
}

const refresh = (refreshToken: string) => graphql<{ refresh: TokensAnswer }>(test.app, REFRESH, { variables: { refreshToken } });

async function refreshed(refreshToken: string): Promise<TokensAnswer> {
  const answer = await refresh(refreshToken);
  expect(answer.errors).toBeUndefined();
  return answer.data!.refresh;
}

/** Whether the access token still opens the console. */
async function works(accessToken: string): Promise<boolean> {
  const answer = await graphql(test.app, ME, { token: accessToken });
  if (answer.errors === undefined) return true;
  expect(errorCode(answer)).toBe(401);
  return false;
}

/** Live tokens of the user in the database: access token records and unused refresh tokens. */
async function liveTokens(admin: TestAdmin): Promise<{ access: number; refresh: number }> {
  const where = { tenantId: admin.tenantId, userId: admin.id };
  return {
    access: await test.db.oAuth2AccessToken.count({ where }),
    refresh: await test.db.oAuth2RefreshToken.count({ where: { ...where, usedAt: null } }),
  };
}

describe('refresh-token reuse', () => {
  it('a replayed refresh token is refused and ends the family it was issued in', async () => {
    const admin = await newAdmin();
    const first = await signedIn(admin);
    const second = await refreshed(first.refreshToken);
    const third = await refreshed(second.refreshToken);
    expect(await works(third.accessToken)).toBe(true);
    // Another sign-in of the same user is another family: it survives.
    const elsewhere = await signedIn(admin);

    expect(errorCode(await refresh(first.refreshToken))).toBe(INVALID);

    expect(await works(third.accessToken)).toBe(false);
    expect(errorCode(await refresh(third.refreshToken))).toBe(INVALID);
    expect(await works(elsewhere.accessToken)).toBe(true);
    expect(await liveTokens(admin)).toEqual({ access: 1, refresh: 1 });
    expect(await refreshed(elsewhere.refreshToken)).toMatchObject({ userId: admin.id });
  });

  it('a replay of the newest used token ends the family too, and the family stays dead', async () => {
    const admin = await newAdmin();
    const first = await signedIn(admin);
    const second = await refreshed(first.refreshToken);
    expect(errorCode(await refresh(first.refreshToken))).toBe(INVALID);
    expect(await works(second.accessToken)).toBe(false);
    // The family's live token was ended by the replay: presenting it is itself a reuse now.
    expect(errorCode(await refresh(second.refreshToken))).toBe(INVALID);
    expect(await liveTokens(admin)).toEqual({ access: 0, refresh: 0 });
  });

  it('of two concurrent refreshes with one token exactly one wins; the loser is a replay, so the family ends', async () => {
    for (let round = 0; round < 5; round += 1) {
      const admin = await newAdmin();
      const tokens = await signedIn(admin);
      const answers = await Promise.all([refresh(tokens.refreshToken), refresh(tokens.refreshToken)]);
      const winners = answers.filter((answer) => answer.errors === undefined);
      expect(winners, `round ${round}`).toHaveLength(1);
      expect(answers.map((answer) => errorCode(answer)).filter((code) => code !== undefined)).toEqual([INVALID]);
      const won = winners[0]!.data!.refresh;
      expect(await works(won.accessToken), `round ${round}`).toBe(false);
      expect(errorCode(await refresh(won.refreshToken))).toBe(INVALID);
      expect(await works(tokens.accessToken)).toBe(false);
      expect(await liveTokens(admin), `round ${round}`).toEqual({ access: 0, refresh: 0 });
    }
  });

  it('an unused token still renews once, and an unknown one changes nothing', async () => {
    const admin = await newAdmin();
    const tokens = await signedIn(admin);
    expect(errorCode(await refresh('A'.repeat(43)))).toBe(INVALID);
    expect(await works(tokens.accessToken)).toBe(true);
    const next = await refreshed(tokens.refreshToken);
    expect(await works(tokens.accessToken)).toBe(false);
    expect(await works(next.accessToken)).toBe(true);
    expect(await liveTokens(admin)).toEqual({ access: 1, refresh: 1 });
  });
});
