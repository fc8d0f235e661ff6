// GET /metrics in the Prometheus text format (prom-client): requests and their latency per route
// pattern and status, database operation timings, Node process metrics, and business counters
// (partner tokens issued, orders created, wallet pays, refusals by face and code). Every series has a
// bounded set of labels (route patterns, never raw URLs), and the per-request work is a map lookup
// and two increments. With METRICS_TOKEN set, the endpoint wants `Authorization: Bearer <token>`.
import { timingSafeEqual } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import type { Database, Db } from '../core/db/client';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { refusal } from '../core/errors/reasons';
import { isServiceError } from '../core/errors/service-error';
import { noteCallAnswered } from '../core/serving-load';
import { type CounterSeries, type HistogramSeries, PlainCounter, PlainHistogram } from './plain-metrics';
import { routeConfig } from './route-config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics (set by registerMetrics on the root instance). */
    metrics: AppMetrics;
  }
  interface FastifyRequest {
    /** The code of the error envelope answered (set by sendError), for the metrics; undefined for any other answer. */
    envelopeCode: number | undefined;
  }
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The face a refusal was answered on. */
export type Face = 'rest' | 'graphql' | 'trpc';

/** Successful answers of these partner routes are business events. */
const BUSINESS_ROUTES: Record<string, 'tokens' | 'orders' | 'walletPays'> = {
  'POST /open-api/system/oauth2/token': 'tokens',
  'POST /open-api/order/purchase/create': 'orders',
  'POST /open-api/pay/wallet/pay': 'walletPays',
};

interface RouteSeries {
  count: CounterSeries;
  duration: HistogramSeries;
  business: Counter | undefined;
}

export class AppMetrics {
  /** One registry per app, so apps built side by side (tests) count apart. */
  readonly registry = new Registry();
  // The series counted on every answer and every database call are plain numbers (see plain-metrics.ts).
  private readonly requests = new PlainCounter(this.registry, 'http_requests_total', 'HTTP requests answered, by method, route pattern and status');
  private readonly requestDuration = new PlainHistogram(this.registry, 'http_request_duration_seconds', 'Time to answer an HTTP request, by method, route pattern and status', LATENCY_BUCKETS);
  private readonly queryDuration = new PlainHistogram(this.registry, 'db_query_duration_seconds', 'Time of a database operation through Prisma, by model and operation', LATENCY_BUCKETS);
  private readonly business = {
    tokens: new Counter({ name: 'openbuy_partner_tokens_issued_total', help: 'Partner access tokens issued by the token endpoint', registers: [this.registry] }),
    orders: new Counter({ name: 'openbuy_orders_created_total', help: 'Purchase orders created by partners', registers: [this.registry] }),
    walletPays: new Counter({ name: 'openbuy_wallet_pays_total', help: 'Successful wallet pays', registers: [this.registry] }),
  };
  private readonly refusals = new PlainCounter(this.registry, 'openbuy_refusals_total', 'Requests refused with a coded error, by face and code');
  /** Route pattern, then method, then status: lookups by strings Fastify keeps (their hashes cached), no key built per answer. */
  private readonly routeSeries = new Map<string, Map<string, Map<number, RouteSeries>>>();
  /** Face, then code as text (a number's text comes from V8's cache): no key string built per refusal. */
  private readonly refusalSeries: Record<Face, Map<string, CounterSeries>> = { rest: new Map(), graphql: new Map(), trpc: new Map() };
  private readonly querySeries = new Map<string, HistogramSeries>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Counts one answered request; `envelopeCode` is the code of the error envelope answered, if one
   * was. Every error envelope is answered by sendError, so a business route's 200 without one is its
   * success envelope.
   */
  answered(method: string, route: string, statusCode: number, seconds: number, envelopeCode: number | undefined): void {
    const series = this.seriesOf(method, route, statusCode);
    series.count.value += 1;
    this.requestDuration.observe(series.duration, seconds);
    if (envelopeCode !== undefined) this.refused('rest', envelopeCode);
    else if (statusCode === 200) series.business?.inc();
  }

  private seriesOf(method: string, route: string, statusCode: number): RouteSeries {
    let byMethod = this.routeSeries.get(route);
    if (!byMethod) this.routeSeries.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(statusCode);
    if (!series) {
      const labels = { method, route, status_code: statusCode };
      const event = BUSINESS_ROUTES[`${method} ${route}`];
      series = { count: this.requests.of(labels), duration: this.requestDuration.of(labels), business: event && this.business[event] };
      byStatus.set(statusCode, series);
    }
    return series;
  }

  refused(face: Face, code: number | string): void {
    const byCode = this.refusalSeries[face];
    const key = String(code);
    let series = byCode.get(key);
    if (!series) {
      series = this.refusals.of({ face, code });
      byCode.set(key, series);
    }
    series.value += 1;
  }

  queried(model: string, operation: string, seconds: number): void {
    const key = `${model}.${operation}`;
    let series = this.querySeries.get(key);
    if (!series) {
      series = this.queryDuration.of({ model, operation });
      this.querySeries.set(key, series);
    }
    this.queryDuration.observe(series, seconds);
  }

  /** The database with every Prisma operation (raw SQL included) timed. */
  timed(database: Database): Database {
    const db = database.db.$extends({
      name: 'metrics',
      query: {
        $allOperations: async ({ model, operation, args, query }) => {
          const started = performance.now();
          try {
            return await query(args);
          } finally {
            this.queried(model ?? 'raw', operation, (performance.now() - started) / 1000);
          }
        },
      },
    });
    // The extended client has the base client's API; Prisma types it apart.
    return { ...database, db: db as unknown as Db };
  }

  /** Refusals of GraphQL operations: service errors by their code, GraphQL's own by theirs. */
  apolloPlugin(): ApolloServerPlugin {
    return {
      requestDidStart: async () => ({
        didEncounterErrors: async ({ errors }) => {
          for (const error of errors) this.refused('graphql', refusalCode(error instanceof GraphQLError ? (error.originalError ?? error) : error));
        },
      }),
    };
  }
}

/** What a refusal is counted as: a service error's code, else the error's own code. */
export function refusalCode(error: unknown): number | string {
  if (isServiceError(error)) return error.definition.code;
  const code = (error as { extensions?: { code?: unknown }; code?: unknown }).extensions?.code ?? (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? code : 'UNKNOWN';
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts every answer of the app (registered before its routes) and serves GET /metrics, hidden
 * from the OpenAPI document.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, options: { token: string | undefined }): void {
  app.decorate('metrics', metrics);
  app.decorateRequest('envelopeCode', undefined);
  // A callback hook: no promise per request on the hot path. No onSend hook reads the envelope's code
  // from the payload: sendError notes it on the request (an onSend hook on every answer cost ~2 µs).
  app.addHook('onResponse', (request, reply, done) => {
    const elapsedMs = reply.elapsedTime;
    metrics.answered(request.method, routeConfig(request).url ?? '(unmatched)', reply.statusCode, elapsedMs / 1000, request.envelopeCode);
    // In the same hook, the serving load: background work (webhook deliveries) yields to calls while they saturate the process.
    noteCallAnswered(elapsedMs);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (options.token && !bearerMatches(request, options.token)) {
      throw refusal(ErrorCatalogue.UNAUTHORIZED, 'metricsToken', {}, { headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
