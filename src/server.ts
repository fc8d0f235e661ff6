// One Fastify app, three faces over one core: /open-api (partner REST), /graphql (administration),
// /trpc (internal tools), plus health checks. `buildApp` never listens, so tests use it directly.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Clock, systemClock } from './core/clock';
import { type Core, createCore } from './core/core';
import type { Database } from './core/db/client';
import { orderSettings } from './core/order/order-settings';
import { startExpirySweeper } from './core/payment/expiry-sweeper';
import { randomChannelSecret } from './core/payment/payment-settings';
import { RequestContext } from './core/request-context';
import { serviceUnavailable } from './core/errors/service-unavailable';
import './core/validation';
import { graphqlPlugin } from './graphql/plugin';
import { withCors } from './http/browser-security';
import { consoleRoutes } from './http/console-routes';
import { fileRoutes } from './http/file-routes';
import { jsonTextMayHoldNul } from './http/nul-character-guard';
import { OneLineAccessLog, redactingLoggerOptions } from './http/log-redaction';
import { AppMetrics } from './http/metrics';
import { shortLinkRoutes } from './http/short-link-routes';
import { paymentChannelRoutes } from './http/payment-channel-routes';
import { REQUEST_ENVELOPE_OPTIONS, registerRequestEnvelope } from './http/request-envelope';
import { compiledSerializerCompiler } from './http/response-serializer';
import { ok } from './openapi/envelope';
import type { PartnerRoutes } from './openapi/partner-routes';
import { PARTNER_OPERATIONS } from './openapi/operations';
import { openApiPlugin } from './openapi/plugin';
import { trpcPlugin } from './trpc/plugin';
import { WEBHOOK_WORKER_DEFAULTS, WebhookWorker } from './core/webhook/webhook-worker';

export interface BuildAppOptions {
  config: Config;
  /** Opened (and closed) by the caller; the app only uses it. */
  database: Database;
  clock?: Clock;
  /** Fastify's logger settings, laid over the redacting pino logger at config.LOG_LEVEL; false for none. */
  logger?: FastifyServerOptions['logger'];
  /** Partner operations to serve besides the built-in ones (tests and benchmarks add probes). */
  openApiRoutes?: readonly PartnerRoutes[];
}

export interface App {
  app: FastifyInstance;
  core: Core;
}

/** Trust the nearest `hops` proxies (Fastify's own number form is not in its types). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;


export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const app: FastifyInstance = Fastify({
    // Redaction stays under a caller's own logger settings (tests pass a level and a stream).
    logger: options.logger === false ? false : { ...redactingLoggerOptions(config.LOG_LEVEL), ...(options.logger === true ? {} : options.logger) },
    logController: new OneLineAccessLog(),
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    ...REQUEST_ENVELOPE_OPTIONS,
    // Batched tRPC calls carry every procedure name in the path.
    routerOptions: { maxParamLength: 2000 },
    bodyLimit: 1024 * 1024,
  });
  const metrics = new AppMetrics();
  const core = await createCore({
    logger: app.log,
    database: metrics.timed(options.database),
    clock: options.clock ?? systemClock,
    redisUrl: config.REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
    cacheMaxAgeSeconds: config.CACHE_MAX_AGE_SECONDS,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    goods: {
      http: config.GOODS_HTTP_URL
        ? { baseUrl: config.GOODS_HTTP_URL, apiKey: config.GOODS_HTTP_API_KEY, timeoutMs: config.GOODS_HTTP_TIMEOUT_MS, sources: config.GOODS_HTTP_SOURCES }
        : undefined,
      linkResolution: { timeoutMs: config.GOODS_LINK_TIMEOUT_MS, maxHops: config.GOODS_LINK_MAX_HOPS },
    },
    order: orderSettings({
      domesticFreightCents: config.PRICING_DOMESTIC_FREIGHT_CENTS,
      serviceFeePercent: config.PRICING_SERVICE_FEE_PERCENT,
      priceDeviationPercent: config.ORDER_PRICE_DEVIATION_PERCENT,
    }),
    payment: {
      channelSecret: config.PAYMENT_CHANNEL_SECRET ?? randomChannelSecret(),
      orderTtlMinutes: config.PAYMENT_ORDER_TTL_MINUTES,
      checkoutDemo: config.PAYMENT_CHECKOUT_DEMO ?? config.NODE_ENV !== 'production',
    },
    webhookUrls: { allowHttp: config.WEBHOOK_ALLOW_HTTP, production: config.NODE_ENV === 'production' },
    adminAuth: {
      accessTokenTtlSeconds: config.ADMIN_ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: config.ADMIN_REFRESH_TOKEN_TTL_SECONDS,
      loginAttemptsPerUsername: config.ADMIN_LOGIN_ATTEMPTS_PER_USERNAME,
      usernameWindowSeconds: config.ADMIN_LOGIN_USERNAME_WINDOW_SECONDS,
      loginAttemptsPerIp: config.ADMIN_LOGIN_ATTEMPTS_PER_IP,
      ipWindowSeconds: config.ADMIN_LOGIN_IP_WINDOW_SECONDS,
    },
    verificationCodes: {
      expiresSeconds: config.VERIFICATION_CODE_EXPIRES_SECONDS,
      minIntervalSeconds: config.VERIFICATION_CODE_MIN_INTERVAL_SECONDS,
      dailyMaxPerTarget: config.VERIFICATION_CODE_DAILY_MAX_PER_TARGET,
      maxAttempts: config.VERIFICATION_CODE_MAX_ATTEMPTS,
      length: config.VERIFICATION_CODE_LENGTH,
    },
  });
  // An empty body sent as JSON (curl -H 'Content-Type: application/json' -X POST) means "no body".
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    request.bodyNulFree = !jsonTextMayHoldNul(body as string);
    parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ verify: config.NODE_ENV !== 'production' }));
  // Before every route is registered, so it covers them all.
  registerRequestEnvelope(app, core, metrics, { metricsToken: config.METRICS_TOKEN });
  app.addHook('onClose', async () => core.close());

  app.get('/healthz', { schema: { hide: true } }, async () => ok({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async () => {
    const parts = await core.dependencies();
    const down = (['database', 'redis'] as const).filter((part) => parts[part] === false);
    if (down.length > 0) throw serviceUnavailable(...down);
    return ok({ status: 'ready', database: core.database.target.provider, redis: parts.redis === undefined ? 'none' : 'up' });
  });

  await app.register(openApiPlugin, {
    prefix: '/open-api',
    core,
    routes: [...PARTNER_OPERATIONS, ...(options.openApiRoutes ?? [])],
    publicBaseUrl: config.PUBLIC_BASE_URL,
  });
  await withCors(app, config.CORS_ORIGINS, async (browserFaces) => {
    await browserFaces.register(graphqlPlugin, {
      core,
      introspection: config.GRAPHQL_INTROSPECTION ?? config.NODE_ENV !== 'production',
      limits: { maxDepth: config.GRAPHQL_MAX_DEPTH, maxCost: config.GRAPHQL_MAX_COST },
    });
    await browserFaces.register(trpcPlugin, { core });
  });
  await app.register(consoleRoutes);
  await app.register(fileRoutes, { core });
  await app.register(shortLinkRoutes, { core });
  await app.register(paymentChannelRoutes, { core });
  if (config.PAYMENT_EXPIRY_SWEEP_SECONDS > 0) {
    const sweeper = startExpirySweeper(
      () => core.paymentOrders.closeExpired(new RequestContext('payment-expiry-sweeper', null, { kind: 'anonymous' }, '', core.clock)),
      config.PAYMENT_EXPIRY_SWEEP_SECONDS * 1000,
      (error) => app.log.warn({ err: error }, 'payment order expiry sweep failed'),
    );
    app.addHook('onClose', () => sweeper.stop());
  }
  if (config.WEBHOOK_POLL_INTERVAL_MS > 0) {
    const worker = new WebhookWorker(
      options.database,
      core.webhookOutbox,
      {
        ...WEBHOOK_WORKER_DEFAULTS,
        pollIntervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
        attemptTimeoutMs: config.WEBHOOK_ATTEMPT_TIMEOUT_MS,
        retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_SECONDS,
        disableAfterFailingMs: config.WEBHOOK_DISABLE_AFTER_FAILING_SECONDS * 1000,
      },
      app.log,
      core.bus,
    );
    app.addHook('onReady', async () => worker.start());
    // Before the database closes (onClose hooks run in reverse order of registration).
    app.addHook('onClose', () => worker.stop());
  }
  return { app, core };
}
