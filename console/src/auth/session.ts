// The console session: tokens kept in localStorage (survive a reload), renewed shortly before the
// access token expires, one renewal at a time however many requests wait on it.
import { graphql } from '../gql';
import { executeAnonymous } from '../api/client';

const STORAGE_KEY = 'openbuy.console.session';
/**
 * Renew this long before expiry, so a request never leaves with a token about to die: a minute, or a
 * fifth of a shorter lifetime (else a short-lived token would be renewed on every request).
 */
const RENEW_MARGIN_MS = 60_000;
const RENEW_MARGIN_SHARE = 0.2;

/** What a session keeps of `login` and `refresh` answers. */
graphql(`
  fragment ConsoleSessionTokens on AuthTokens {
    accessToken
    refreshToken
    expiresTime
    refreshExpiresTime
  }
`);

const RefreshDocument = graphql(`
  mutation ConsoleRefresh($refreshToken: String!) {
    refresh(refreshToken: $refreshToken) {
      ...ConsoleSessionTokens
    }
  }
`);

interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresTime: string;
  refreshExpiresTime: string;
}

/** What is stored: the tokens and when to renew them (epoch ms; absent in an older console's session: now). */
interface StoredTokens extends Tokens {
  renewAt?: number;
}

type Listener = (signedIn: boolean) => void;

class Session {
  private tokens: StoredTokens | undefined = this.load();
  private renewal: Promise<string | undefined> | undefined;
  private readonly listeners = new Set<Listener>();

  private load(): Tokens | undefined {
    try {
      const stored = localStorage.getItem(STORAGE_KEY);
      return stored ? (JSON.parse(stored) as StoredTokens) : undefined;
    } catch {
      return undefined;
    }
  }

  get signedIn(): boolean {
    return this.tokens !== undefined;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start({ accessToken, refreshToken, expiresTime, refreshExpiresTime }: Tokens): void {
    const lifetime = Date.parse(expiresTime) - Date.now();
    const renewAt = Date.parse(expiresTime) - Math.min(RENEW_MARGIN_MS, lifetime * RENEW_MARGIN_SHARE);
    this.tokens = { accessToken, refreshToken, expiresTime, refreshExpiresTime, renewAt };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(this.tokens));
    this.listeners.forEach((listener) => listener(true));
  }

  end(): void {
    if (!this.tokens) return;
    this.tokens = undefined;
    localStorage.removeItem(STORAGE_KEY);
    this.listeners.forEach((listener) => listener(false));
  }

  /** The access token to send, renewed first when it is near its end; undefined when signed out. */
  async accessToken(): Promise<string | undefined> {
    const tokens = this.tokens;
    if (!tokens) return undefined;
    if (Date.now() < (tokens.renewAt ?? 0)) return tokens.accessToken;
    this.renewal ??= this.renew(tokens).finally(() => (this.renewal = undefined));
    return this.renewal;
  }

  private async renew(tokens: Tokens): Promise<string | undefined> {
    if (Date.parse(tokens.refreshExpiresTime) <= Date.now()) {
      this.end();
      return undefined;
    }
    try {
      const { refresh } = await executeAnonymous(RefreshDocument, { refreshToken: tokens.refreshToken });
      this.start(refresh);
      return refresh.accessToken;
    } catch {
      this.end();
      return undefined;
    }
  }
}

export const session = new Session();
