// The OpenBuy partner client: openapi-fetch over the generated types, plus what every partner would
// otherwise write by hand: the access token (fetched, renewed before expiry and after a 401, one
// renewal shared by concurrent callers), the envelope unwrapped into the data or an OpenBuyError,
// and safe calls sent again after 429 or 503 once Retry-After has passed.
import createClient, { type Client, type ClientPathsWithMethod, type MaybeOptionalInit } from 'openapi-fetch';
import { type Envelope, unwrapEnvelope } from './errors.js';
import { type paths, READ_PATHS } from './openbuy-api.js';

export interface OpenBuyClientOptions {
  /** The service's origin, e.g. https://api.openbuy.example */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Scopes to ask for, space-separated; omitted = every scope the client was granted. */
  scope?: string;
  /** Renew the token this long before it expires (at most half its lifetime). Default 60. */
  renewBeforeSeconds?: number;
  /** Times a safe call is sent again after 429 or 503. Default 3. */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for: the refusal is thrown. Default 30 000. */
  maxRetryDelayMs?: number;
  /** Defaults to globalThis.fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Milliseconds since the epoch; defaults to Date.now (token expiry is judged by it). */
  now?: () => number;
}

/**
 * POSTs that may be sent again besides the reads' POST forms: the server makes them idempotent
 * (quote creates nothing; purchase and payment orders are keyed by outOrderNo; invoices are
 * generated once per bag and language).
 */
const IDEMPOTENT_POSTS = ['/open-api/order/purchase/quote', '/open-api/order/purchase/create', '/open-api/pay/order/create', '/open-api/order/invoice/generate'];
const RETRYABLE_POSTS = new Set([...READ_PATHS, ...IDEMPOTENT_POSTS]);
const TOKEN_PATH = '/open-api/system/oauth2/token';

type Paths = paths;
type GetPath = ClientPathsWithMethod<Client<Paths>, 'get'>;
type PostPath = ClientPathsWithMethod<Client<Paths>, 'post'>;
type SuccessData<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } }
  ? Extract<Body, { code: 0 }> extends { data: infer Data }
    ? Data
    : never
  : never;

interface Token {
  value: string;
  /** When to renew it (ms since the epoch). */
  renewAt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After in ms (seconds or an HTTP date); absent = 1 s. */
function retryAfterMs(response: Response, now: number): number {
  const header = response.headers.get('retry-after');
  if (header === null || header.trim() === '') return 1000;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : Math.max(0, Date.parse(header) - now);
}

export class OpenBuyClient {
  /** The typed openapi-fetch client underneath (authorized and retrying), for answers read whole. */
  readonly api: Client<Paths>;
  private readonly fetchImpl: (request: Request) => Promise<Response>;
  private readonly now: () => number;
  private token: Token | null = null;
  private renewal: Promise<Token> | null = null;

  constructor(private readonly options: OpenBuyClientOptions) {
    this.fetchImpl = options.fetch ?? ((request) => globalThis.fetch(request));
    this.now = options.now ?? Date.now;
    this.api = createClient<Paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: (request) => this.send(request) });
  }

  /** A GET: the answer's data, or an OpenBuyError. */
  async get<Path extends GetPath>(path: Path, init: MaybeOptionalInit<Paths[Path], 'get'>): Promise<SuccessData<Paths[Path]['get']>> {
    const { data, error, response } = await this.api.GET(path, init as never);
    return unwrapEnvelope((data ?? error) as Envelope | undefined, response) as SuccessData<Paths[Path]['get']>;
  }

  /** A POST: the answer's data, or an OpenBuyError. */
  async post<Path extends PostPath>(path: Path, init: MaybeOptionalInit<Paths[Path], 'post'>): Promise<SuccessData<Paths[Path]['post']>> {
    const { data, error, response } = await this.api.POST(path, init as never);
    return unwrapEnvelope((data ?? error) as Envelope | undefined, response) as SuccessData<Paths[Path]['post']>;
  }

  /** The current access token, fetched or renewed when due. */
  async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    return (await this.renew(this.token?.value ?? null)).value;
  }

  /**
   * One renewal at a time: concurrent callers share it, and a caller whose `stale` token was
   * already replaced gets the new one without another renewal.
   */
  private renew(stale: string | null): Promise<Token> {
    if (this.token && this.token.value !== stale) return Promise.resolve(this.token);
    this.renewal ??= this.fetchToken().finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  private async fetchToken(): Promise<Token> {
    const url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}${TOKEN_PATH}`);
    url.searchParams.set('grant_type', 'client_credentials');
    if (this.options.scope) url.searchParams.set('scope', this.options.scope);
    const request = new Request(url, { method: 'POST', headers: { authorization: `Basic ${btoa(`${this.options.clientId}:${this.options.clientSecret}`)}` } });
    const response = await this.withRetries(request, true, (attempt) => this.fetchImpl(attempt));
    const body = (await response.json().catch(() => undefined)) as Envelope | undefined;
    const data = unwrapEnvelope(body, response) as { access_token: string; expires_in: number };
    const lifetimeMs = data.expires_in * 1000;
    const marginMs = Math.min((this.options.renewBeforeSeconds ?? 60) * 1000, lifetimeMs / 2);
    this.token = { value: data.access_token, renewAt: this.now() + lifetimeMs - marginMs };
    return this.token;
  }

  /** openapi-fetch's fetch: the bearer token on every call, one renewal and resend after a 401. */
  private async send(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const safe = request.method === 'GET' || RETRYABLE_POSTS.has(path);
    const authorized = async (attempt: Request, token: string) => {
      attempt.headers.set('authorization', `Bearer ${token}`);
      return this.fetchImpl(attempt);
    };
    const token = await this.accessToken();
    const response = await this.withRetries(request, safe, (attempt) => authorized(attempt, token));
    if (response.status !== 401) return response;
    // Revoked, or expired early: the server refused before doing anything, so any call may be resent once.
    await response.body?.cancel();
    const renewed = await this.renew(token);
    return this.withRetries(request, safe, (attempt) => authorized(attempt, renewed.value));
  }

  /** Sends a copy of `request`; a safe one again after 429 or 503, waiting Retry-After. */
  private async withRetries(request: Request, safe: boolean, sendCopy: (attempt: Request) => Promise<Response>): Promise<Response> {
    const maxRetries = safe ? (this.options.maxRetries ?? 3) : 0;
    for (let retry = 0; ; retry += 1) {
      const response = await sendCopy(request.clone());
      if ((response.status !== 429 && response.status !== 503) || retry >= maxRetries) return response;
      const waitMs = retryAfterMs(response, this.now());
      if (waitMs > (this.options.maxRetryDelayMs ?? 30_000)) return response;
      await response.body?.cancel();
      await sleep(waitMs);
    }
  }
}
