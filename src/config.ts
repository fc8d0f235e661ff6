// Configuration comes from the environment only, validated once at start so a typo fails loudly
// with the variable's name instead of surfacing later as odd behaviour.
import { z } from 'zod';
import { DATABASE_TIMEOUT_DEFAULTS, type DatabaseTimeouts } from './core/db/adapters';
import { databaseTarget, DEFAULT_DATABASE_URL } from './core/db/database-url';
import { issuePath } from './core/errors/describe-error';
import { parseGoodsSourceList } from './core/goods/source-list';
import { ADMIN_AUTH_DEFAULTS } from './core/admin/admin-auth-service';
import { DEFAULT_CACHE_MAX_AGE_SECONDS } from './core/cache/invalidation-bus';
import { DEFAULT_REDIS_PREFIX } from './core/cache/redis';
import { ORDER_SETTING_DEFAULTS } from './core/order/order-settings';
import { QUERY_LIMIT_DEFAULTS } from './graphql/limits/query-limits';
import { PAYMENT_SETTING_DEFAULTS } from './core/payment/payment-settings';
import { VERIFICATION_CODE_DEFAULTS } from './core/verification/verification-code-service';
import { WEBHOOK_WORKER_DEFAULTS } from './core/webhook/webhook-worker';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** Fastify's trustProxy: off, on, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  const text = value.trim();
  if (/^(false|0|off|no|)$/i.test(text)) return false;
  if (/^(true|on|yes)$/i.test(text)) return true;
  if (/^[1-9]\d*$/.test(text)) return Number(text);
  const list = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (list.length === 0) ctx.addIssue({ code: 'custom', message: 'expected true, false, a hop count or a list of addresses' });
  return list;
});

/** A percentage 0..100 with at most two decimals (`5`, `2.5`, `0.75`). */
const percent = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'a percentage with at most two decimals')
  .transform(Number)
  .refine((value) => value <= 100, 'at most 100');

/** Goods sources by code or name, comma separated (`1,2`, `taobao,1688`). */
const goodsSourceList = z.string().transform((value, ctx) => {
  const { sources, unknown } = parseGoodsSourceList(value);
  if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `unknown goods sources: ${unknown.join(', ')}` });
  return sources;
});

/** Browser origins, comma separated (`https://console.example.com,http://localhost:5173`): scheme, host and port only. */
const originList = z.string().transform((value, ctx) => {
  const origins = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${origin}` });
  }
  return origins;
});

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where clients reach the service (behind a proxy: its public origin); absolute URLs the service hands out (files, pay pages) start with it. Default http://HOST:PORT. */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  DATABASE_URL: z
    .string()
    .default(DEFAULT_DATABASE_URL)
    .refine((url) => /^(file:|postgres(ql)?:\/\/)/i.test(url), 'must start with file: (SQLite) or postgres:// (PostgreSQL)'),
  /** PostgreSQL: a statement running longer is cancelled and its request answered 503, ms; 0 = never; default 15000. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(DATABASE_TIMEOUT_DEFAULTS.statementMs),
  /** PostgreSQL: a statement waiting longer for a lock is cancelled and its request answered 503, ms; 0 = never; default 4000. */
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(DATABASE_TIMEOUT_DEFAULTS.lockMs),
  /** PostgreSQL: a connection idle inside a transaction longer is closed and its transaction rolled back, ms; 0 = never; default 30000. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(DATABASE_TIMEOUT_DEFAULTS.idleInTransactionMs),
  REDIS_URL: z
    .string()
    .refine((url) => /^rediss?:\/\//.test(url), 'must start with redis:// or rediss://')
    .optional(),
  /** Starts every Redis key and channel, so deployments (or test runs) sharing one Redis share no limit, cache message or channel; default `openbuy:`. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits, _ . : - (1..64)').default(DEFAULT_REDIS_PREFIX),
  /** With REDIS_URL: the longest a cached token, client, binding, tenant, permission or blacklist stays unchecked if a Redis message is lost, seconds; default 30. */
  CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(DEFAULT_CACHE_MAX_AGE_SECONDS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  MIGRATE_ON_START: booleanFlag.default(true),
  SEED_ON_START: booleanFlag.default(true),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SEED_ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_PARTNER_CLIENT_ID: z.string().regex(/^[A-Za-z0-9_.-]{3,64}$/, 'letters, digits, _ . - (3..64)').optional(),
  SEED_PARTNER_CLIENT_SECRET: z.string().min(16).optional(),
  SEED_DEMO_DATA: booleanFlag.default(true),
  /** Base URL of the upstream goods-data service (wire format: src/core/goods/http-goods-provider.ts); unset = no upstream. */
  GOODS_HTTP_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** API key sent to the upstream goods-data service as the X-Api-Key header. */
  GOODS_HTTP_API_KEY: z.string().optional(),
  /** Time-out of one upstream goods-data call, ms; default 5000. */
  GOODS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(5_000),
  /** Sources served by the upstream goods-data service (needs GOODS_HTTP_URL); default empty = every source from the catalog. */
  GOODS_HTTP_SOURCES: goodsSourceList.default([]),
  /** Time-out for resolving a short goods link in parse-link (all redirects together), ms; default 5000. */
  GOODS_LINK_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(5_000),
  /** Most redirects followed when resolving a short goods link; default 5. */
  GOODS_LINK_MAX_HOPS: z.coerce.number().int().min(0).max(20).default(5),
  /** Domestic freight of a purchase order, integer CNY cents charged once per distinct shop (source + shop) of the order; default 800 (8 CNY). */
  PRICING_DOMESTIC_FREIGHT_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(ORDER_SETTING_DEFAULTS.domesticFreightCents),
  /** Service fee, percent of the goods amount, rounded half up to a whole cent; default 5. */
  PRICING_SERVICE_FEE_PERCENT: percent.default(ORDER_SETTING_DEFAULTS.serviceFeePercent),
  /** Purchase create refuses an order whose expectedPayAmount is further than this percent of the live payAmount; default 1 (exactly at the threshold passes). */
  ORDER_PRICE_DEVIATION_PERCENT: percent.default(ORDER_SETTING_DEFAULTS.priceDeviationPercent),
  /** HMAC-SHA256 key (at least 32 characters) signing the built-in payment channel's notifications. Required in production; elsewhere the default is a random key per process. */
  PAYMENT_CHANNEL_SECRET: z.string().min(32).optional(),
  /** A pending USD payment order closes this many minutes after creation; default 30. */
  PAYMENT_ORDER_TTL_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(PAYMENT_SETTING_DEFAULTS.orderTtlMinutes),
  /** Seconds between runs of the sweeper closing expired payment orders (reads close them too); 0 = no sweeper; default 60. */
  PAYMENT_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(PAYMENT_SETTING_DEFAULTS.expirySweepSeconds),
  /** Whether the built-in channel's checkout page (/pay/checkout/…) offers a demo "pay" button that sends the signed notification; default on, except in production. */
  PAYMENT_CHECKOUT_DEMO: booleanFlag.optional(),
  /** Lifetime of a console access token, seconds; default 1800 (30 minutes). From 5: the console's tests renew tokens of a few seconds. */
  ADMIN_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(ADMIN_AUTH_DEFAULTS.accessTokenTtlSeconds),
  /** Lifetime of a console refresh token, seconds (at least the access token's); default 2592000 (30 days). */
  ADMIN_REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(31_536_000).default(ADMIN_AUTH_DEFAULTS.refreshTokenTtlSeconds),
  /** Console sign-in attempts allowed per tenant and username within ADMIN_LOGIN_USERNAME_WINDOW_SECONDS (every attempt counts); 0 = no limit; default 5. */
  ADMIN_LOGIN_ATTEMPTS_PER_USERNAME: z.coerce.number().int().min(0).max(10_000).default(ADMIN_AUTH_DEFAULTS.loginAttemptsPerUsername),
  /** Window of the per-username sign-in limit, seconds; default 900 (15 minutes). */
  ADMIN_LOGIN_USERNAME_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(ADMIN_AUTH_DEFAULTS.usernameWindowSeconds),
  /** Console sign-in attempts allowed per client IP within ADMIN_LOGIN_IP_WINDOW_SECONDS; 0 = no limit; default 30. */
  ADMIN_LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(0).max(100_000).default(ADMIN_AUTH_DEFAULTS.loginAttemptsPerIp),
  /** Window of the per-IP sign-in limit, seconds; default 60. */
  ADMIN_LOGIN_IP_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(ADMIN_AUTH_DEFAULTS.ipWindowSeconds),
  /** How long a verification code (SMS or mail) can be used after it was sent, seconds; default 600. */
  VERIFICATION_CODE_EXPIRES_SECONDS: z.coerce.number().int().min(30).max(86_400).default(VERIFICATION_CODE_DEFAULTS.expiresSeconds),
  /** Least time between two verification codes sent to one mobile or mail for one scene, seconds; 0 = none; default 60. */
  VERIFICATION_CODE_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(VERIFICATION_CODE_DEFAULTS.minIntervalSeconds),
  /** Most verification codes sent to one mobile or mail per UTC day, all scenes together; default 10. */
  VERIFICATION_CODE_DAILY_MAX_PER_TARGET: z.coerce.number().int().min(1).max(10_000).default(VERIFICATION_CODE_DEFAULTS.dailyMaxPerTarget),
  /** Wrong codes tried against one verification code before it stops working; default 5. */
  VERIFICATION_CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(VERIFICATION_CODE_DEFAULTS.maxAttempts),
  /** Digits of a verification code; default 6. */
  VERIFICATION_CODE_LENGTH: z.coerce.number().int().min(4).max(10).default(VERIFICATION_CODE_DEFAULTS.length),
  /** /graphql introspection and the GraphiQL explorer (GET /graphql in a browser); default on, except in production. */
  GRAPHQL_INTROSPECTION: booleanFlag.optional(),
  /** Deepest field nesting a /graphql operation may have (root fields are depth 1); default 10. */
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(1).max(100).default(QUERY_LIMIT_DEFAULTS.maxDepth),
  /** Highest cost of a /graphql operation: 1 per field, list selections times their pageSize/limit/first (default 10); default 10000. */
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).max(10_000_000).default(QUERY_LIMIT_DEFAULTS.maxCost),
  /** Browser origins allowed to call /graphql and /trpc (CORS), comma separated; default none. */
  CORS_ORIGINS: originList.default([]),
  /** When set, GET /metrics requires `Authorization: Bearer <METRICS_TOKEN>` (at least 16 characters). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Webhook endpoints may use http:// anywhere; without it http:// is accepted only for 127.0.0.1/localhost outside production; default off. */
  WEBHOOK_ALLOW_HTTP: booleanFlag.default(false),
  /** How often the webhook worker looks for pending events and due deliveries when idle, ms; 0 = this process fans out and delivers nothing; default 250. */
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(WEBHOOK_WORKER_DEFAULTS.pollIntervalMs),
  /** Time-out of one webhook POST, ms; default 10000. */
  WEBHOOK_ATTEMPT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(WEBHOOK_WORKER_DEFAULTS.attemptTimeoutMs),
  /** Delays before each webhook retry, seconds, comma separated (±20% jitter); default 5,300,1800,7200,18000,36000,36000 (about a day). */
  WEBHOOK_RETRY_DELAYS_SECONDS: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, 'seconds, comma separated')
    .transform((value) => value.split(',').map((seconds) => Math.round(Number(seconds) * 1000)))
    .default([...WEBHOOK_WORKER_DEFAULTS.retryDelaysMs]),
  /** An endpoint whose attempts all failed for this long is disabled, seconds; default 86400. */
  WEBHOOK_DISABLE_AFTER_FAILING_SECONDS: z.coerce.number().int().min(1).default(WEBHOOK_WORKER_DEFAULTS.disableAfterFailingMs / 1000),
});

export type Config = z.infer<typeof configSchema> & { PUBLIC_BASE_URL: string };

/** http://HOST:PORT, with a wildcard listen address replaced by localhost. */
function defaultPublicBaseUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most twelve-factor tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issuePath(issue.path)}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  databaseTarget(result.data.DATABASE_URL);
  if (result.data.GOODS_HTTP_SOURCES.length > 0 && !result.data.GOODS_HTTP_URL) {
    throw new ConfigError('Invalid configuration:\n  GOODS_HTTP_SOURCES: needs GOODS_HTTP_URL');
  }
  if (result.data.ADMIN_REFRESH_TOKEN_TTL_SECONDS < result.data.ADMIN_ACCESS_TOKEN_TTL_SECONDS) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_REFRESH_TOKEN_TTL_SECONDS: must not be shorter than ADMIN_ACCESS_TOKEN_TTL_SECONDS');
  }
  if (result.data.NODE_ENV === 'production' && !result.data.PAYMENT_CHANNEL_SECRET) {
    throw new ConfigError('Invalid configuration:\n  PAYMENT_CHANNEL_SECRET: required in production');
  }
  return { ...result.data, PUBLIC_BASE_URL: result.data.PUBLIC_BASE_URL ?? defaultPublicBaseUrl(result.data.HOST, result.data.PORT) };
}

/** What PostgreSQL cuts short on each connection of the service's pool (DATABASE_*_TIMEOUT_MS). */
export function databaseTimeoutsOf(config: Config): DatabaseTimeouts {
  return {
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    lockMs: config.DATABASE_LOCK_TIMEOUT_MS,
    idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}
