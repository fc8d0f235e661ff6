// A tenant's webhook endpoints of its partner clients (console): the secret is answered only by
// create and rotate, masked everywhere else; every read and write is within the caller's tenant, and
// an endpoint serves a partner client of that tenant only.
import { commonStatusSchema, optionalText, parseInput, recordIdSchema, type SaveShapeInput, saveShapeSchemas } from '../admin/save-shape';
import type { InvalidationBus } from '../cache/invalidation-bus';
import { type Db, Prisma } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { type ReasonName, refusal } from '../errors/reasons';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { z } from '../validation';
import { requeue } from './delivery-heads';
import { SUBSCRIBABLE_EVENT_TYPES, WebhookEventType } from './event-types';
import { writeEvents } from './webhook-outbox';
import { maskWebhookSecret, newWebhookSecret } from './webhook-signature';
import { DeliveryStatus } from './webhook-statuses';
import { optionSchema } from '../options/option-sets';
import { fieldText } from '../validation-messages';

export interface WebhookUrlPolicy {
  /** http:// anywhere (WEBHOOK_ALLOW_HTTP). */
  allowHttp: boolean;
  /** Production refuses http:// even on loopback unless allowHttp. */
  production: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const URL_MAX = 2048;

/** Why a URL cannot be an endpoint, or null when it can. */
export function webhookUrlProblem(raw: string, policy: WebhookUrlPolicy): ReasonName | null {
  if (raw.length > URL_MAX) return 'webhookUrlTooLong';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'webhookUrlNotAbsolute';
  }
  if (url.username || url.password) return 'webhookUrlCredentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol !== 'http:') return 'webhookUrlHttps';
  if (policy.allowHttp || (!policy.production && LOOPBACK.has(url.hostname))) return null;
  return 'webhookUrlHttpsUnlessLocal';
}

/** The longest overlap of a rotation: a week, time enough for any receiver to deploy the new secret. */
export const MAX_ROTATION_OVERLAP_SECONDS = 7 * 24 * 3_600;
/** The overlap of a rotation when none is stated: a day. */
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 24 * 3_600;

const endpointSchemas = saveShapeSchemas({
  partnerClientId: z.string().min(1).max(64),
  // Checked by webhookUrlProblem, which names what is wrong.
  url: z.string(),
  eventTypes: z
    .array(z.string().max(64))
    .max(SUBSCRIBABLE_EVENT_TYPES.length)
    .refine((types) => new Set(types).size === types.length, fieldText('noRepeatedType')),
  description: optionalText(255),
});

/** An endpoint as create and update accept it: id omitted on create, required on update. */
export type WebhookEndpointSave = SaveShapeInput<z.input<typeof endpointSchemas.create>>;

const statusSchema = z.object({ id: recordIdSchema, status: commonStatusSchema });

const rotateSchema = z.object({ id: recordIdSchema, overlapSeconds: z.number().int().min(0).max(MAX_ROTATION_OVERLAP_SECONDS).nullish() });

const deliveryFilterSchema = z.object({
  endpointId: recordIdSchema,
  status: optionSchema('WEBHOOK_DELIVERY_STATUS').nullish(),
  eventType: z.string().max(64).nullish(),
});

/** Status is checked against DeliveryStatus by the schema. */
export type WebhookDeliveryFilter = Omit<z.input<typeof deliveryFilterSchema>, 'status'> & { status?: number | null };

const redeliverSinceSchema = z.object({ endpointId: recordIdSchema, since: z.date() });

type EndpointRow = Awaited<ReturnType<Db['webhookEndpoint']['findFirstOrThrow']>>;

export interface WebhookEndpointView extends Omit<EndpointRow, 'secret' | 'previousSecret' | 'eventTypes'> {
  eventTypes: string[];
  /** Masked: the secret itself is answered only by create and rotate. */
  secretMask: string;
}

export interface WebhookEndpointWithSecret {
  endpoint: WebhookEndpointView;
  /** The whole signing secret: answered this once. */
  secret: string;
}

function view(row: EndpointRow): WebhookEndpointView {
  const { secret, previousSecret: _previous, eventTypes, ...rest } = row;
  return { ...rest, eventTypes: Array.isArray(eventTypes) ? (eventTypes as string[]) : [], secretMask: maskWebhookSecret(secret) };
}

const DELIVERY_EVENT = { event: { select: { eventId: true, type: true, occurredAt: true } } } as const;

export type WebhookDeliveryRecord = Prisma.WebhookDeliveryGetPayload<{ include: typeof DELIVERY_EVENT }>;

export type WebhookDeliveryAttemptRecord = Prisma.WebhookDeliveryAttemptGetPayload<object>;

/** Newest first unless the request asks otherwise (endpoints are few). */
export const webhookEndpointPageSort = pageSort({ id: 'id', url: 'url', createTime: 'createdAt' }, [{ id: 'desc' }]);

/** Newest first; by id only, the order the endpoint's indexes serve (deliveries grow without bound). */
export const webhookDeliveryPageSort = pageSort({ id: 'id' }, [{ id: 'desc' }]);

/** Newest first; by id only, the order the delivery's index serves. An attempt's creation time is when it was attempted. */
export const webhookDeliveryAttemptPageSort = pageSort({ id: 'id' }, [{ id: 'desc' }], 'attemptedAt');

export class WebhookEndpointService {
  constructor(
    private readonly db: Db,
    private readonly urlPolicy: WebhookUrlPolicy,
    private readonly bus: InvalidationBus,
  ) {}

  private readonly execute = (statement: Prisma.Sql) => this.db.$executeRaw(statement);

  async create(ctx: RequestContext, input: WebhookEndpointSave): Promise<WebhookEndpointWithSecret> {
    const tenantId = tenantIdOf(ctx);
    const { partnerClientId, url, eventTypes, description } = await this.checked(ctx, parseInput(endpointSchemas.create, input));
    const secret = newWebhookSecret();
    const row = await this.db.webhookEndpoint.create({ data: { tenantId, partnerClientId, url, eventTypes, description: description ?? null, secret } });
    await this.changed(row);
    return { endpoint: view(row), secret };
  }

  async update(ctx: RequestContext, input: WebhookEndpointSave): Promise<WebhookEndpointView> {
    const parsed = parseInput(endpointSchemas.update, input);
    const before = await this.owned(ctx, parsed.id);
    const { id, partnerClientId, url, eventTypes, description } = await this.checked(ctx, parsed);
    const row = await this.db.webhookEndpoint.update({ where: { id, tenantId: tenantIdOf(ctx) }, data: { partnerClientId, url, eventTypes, description: description ?? null } });
    // The endpoint may have moved to another partner client: both forget it.
    await this.changed(before);
    if (row.partnerClientId !== before.partnerClientId) await this.changed(row);
    return view(row);
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    const row = await this.owned(ctx, id);
    await this.db.webhookEndpoint.delete({ where: { id, tenantId: tenantIdOf(ctx) } });
    await this.changed(row);
  }

  async get(ctx: RequestContext, id: number): Promise<WebhookEndpointView> {
    return view(await this.owned(ctx, id));
  }

  async page(ctx: RequestContext, page: PageRequest, filter: { partnerClientId?: string | null } = {}): Promise<{ list: WebhookEndpointView[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, webhookEndpointPageSort);
    const { partnerClientId } = parseInput(z.object({ partnerClientId: z.string().max(64).nullish() }), filter);
    const where = { ...pageWhere, tenantId: tenantIdOf(ctx), ...(partnerClientId ? { partnerClientId } : {}) };
    const [rows, total] = await Promise.all([this.db.webhookEndpoint.findMany({ where, orderBy, ...window }), this.db.webhookEndpoint.count({ where })]);
    return { list: rows.map(view), total };
  }

  /** Status 0 enables (clearing the reason and the failing run), 1 disables, saying so. */
  async updateStatus(ctx: RequestContext, input: { id: number; status: number }): Promise<WebhookEndpointView> {
    const { id, status } = parseInput(statusSchema, input);
    await this.owned(ctx, id);
    const data = status === 0 ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null } : { enabled: false, disabledReason: 'disabled in the console', disabledAt: ctx.now() };
    const row = await this.db.webhookEndpoint.update({ where: { id, tenantId: tenantIdOf(ctx) }, data });
    await this.changed(row);
    return view(row);
  }

  /** A new secret, answered once; the old one keeps signing for the overlap (a day unless stated). */
  async rotateSecret(ctx: RequestContext, input: { id: number; overlapSeconds?: number | null }): Promise<WebhookEndpointWithSecret> {
    const { id, overlapSeconds } = parseInput(rotateSchema, input);
    const current = await this.owned(ctx, id);
    const secret = newWebhookSecret();
    const overlapMs = (overlapSeconds ?? DEFAULT_ROTATION_OVERLAP_SECONDS) * 1000;
    const row = await this.db.webhookEndpoint.update({
      where: { id, tenantId: tenantIdOf(ctx) },
      data: { secret, previousSecret: current.secret, previousSecretExpiresAt: new Date(ctx.now().getTime() + overlapMs) },
    });
    await this.changed(row);
    return { endpoint: view(row), secret };
  }

  /** A `webhook.test` event to this endpoint only; answers its event id. */
  async sendTest(ctx: RequestContext, id: number): Promise<string> {
    const endpoint = await this.owned(ctx, id);
    const event = { tenantId: endpoint.tenantId, partnerClientId: endpoint.partnerClientId, type: WebhookEventType.TEST, orderingKey: `test:${endpoint.id}`, data: { message: 'test event from the console' }, occurredAt: ctx.now() };
    // One event and its two rows: a transaction, so the delivery never misses its event.
    const [eventId] = await this.db.$transaction((tx) => writeEvents(tx, [event], () => (endpoint.enabled ? [endpoint] : [])));
    return eventId as string;
  }

  /** The deliveries of one endpoint, newest first, by status, event type and creation time. */
  async deliveries(ctx: RequestContext, page: PageRequest, filter: WebhookDeliveryFilter): Promise<{ list: WebhookDeliveryRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, webhookDeliveryPageSort);
    const { endpointId, status, eventType } = parseInput(deliveryFilterSchema, filter);
    await this.owned(ctx, endpointId);
    const where: Prisma.WebhookDeliveryWhereInput = {
      ...pageWhere,
      endpointId,
      tenantId: tenantIdOf(ctx),
      ...(status != null ? { status } : {}),
      ...(eventType ? { event: { type: eventType } } : {}),
    };
    const [list, total] = await Promise.all([
      this.db.webhookDelivery.findMany({ where, include: DELIVERY_EVENT, orderBy, ...window }),
      this.db.webhookDelivery.count({ where }),
    ]);
    return { list, total };
  }

  /** Every attempt of one delivery, newest first. */
  async attempts(ctx: RequestContext, page: PageRequest, deliveryId: number): Promise<{ list: WebhookDeliveryAttemptRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, webhookDeliveryAttemptPageSort);
    const id = parseInput(recordIdSchema, deliveryId);
    const tenantId = tenantIdOf(ctx);
    const delivery = await this.db.webhookDelivery.findFirst({ where: { id, tenantId }, select: { id: true } });
    if (!delivery) throw new ServiceError(ErrorCatalogue.WEBHOOK_DELIVERY_NOT_FOUND, { id });
    const where = { ...pageWhere, deliveryId: id, tenantId };
    const [list, total] = await Promise.all([this.db.webhookDeliveryAttempt.findMany({ where, orderBy, ...window }), this.db.webhookDeliveryAttempt.count({ where })]);
    return { list, total };
  }

  /** Sends one delivery again from a fresh retry schedule. */
  async redeliver(ctx: RequestContext, deliveryId: number): Promise<void> {
    const id = parseInput(recordIdSchema, deliveryId);
    const count = await requeue(this.execute, Prisma.sql`"id" = ${id} AND "tenantId" = ${tenantIdOf(ctx)}`, ctx.now());
    if (count === 0) throw new ServiceError(ErrorCatalogue.WEBHOOK_DELIVERY_NOT_FOUND, { id });
  }

  /** Every failed delivery of the endpoint created since `since` is sent again; answers how many. */
  async redeliverFailedSince(ctx: RequestContext, input: { endpointId: number; since: Date }): Promise<number> {
    const { endpointId, since } = parseInput(redeliverSinceSchema, input);
    await this.owned(ctx, endpointId);
    return requeue(this.execute, Prisma.sql`"endpointId" = ${endpointId} AND "tenantId" = ${tenantIdOf(ctx)} AND "status" = ${DeliveryStatus.FAILED} AND "createdAt" >= ${since}`, ctx.now());
  }

  /** Every process forgets the endpoints of the row's partner client (the outbox caches them). */
  private async changed(row: { tenantId: number; partnerClientId: string }): Promise<void> {
    await this.bus.publish({ kind: 'webhook-endpoints-changed', tenantId: row.tenantId, partnerClientId: row.partnerClientId });
  }

  private async owned(ctx: RequestContext, id: number): Promise<EndpointRow> {
    const row = await this.db.webhookEndpoint.findFirst({ where: { id, tenantId: tenantIdOf(ctx) } });
    if (!row) throw new ServiceError(ErrorCatalogue.WEBHOOK_ENDPOINT_NOT_FOUND, { id });
    return row;
  }

  /** The parsed input once its URL is allowed, its types known, and its partner client one of the caller's tenant. */
  private async checked<T extends { partnerClientId: string; url: string; eventTypes: string[] }>(ctx: RequestContext, parsed: T): Promise<T> {
    const problem = webhookUrlProblem(parsed.url, this.urlPolicy);
    if (problem) throw refusal(ErrorCatalogue.WEBHOOK_URL_NOT_ALLOWED, problem, problem === 'webhookUrlTooLong' ? { maximum: URL_MAX } : {});
    const unknown = parsed.eventTypes.find((type) => !SUBSCRIBABLE_EVENT_TYPES.includes(type));
    if (unknown !== undefined) throw new ServiceError(ErrorCatalogue.WEBHOOK_EVENT_TYPE_UNKNOWN, { type: unknown });
    const client = await this.db.oAuth2Client.findFirst({ where: { clientId: parsed.partnerClientId, tenantId: tenantIdOf(ctx) }, select: { id: true } });
    if (!client) throw new ServiceError(ErrorCatalogue.WEBHOOK_PARTNER_NOT_FOUND, { partnerClientId: parsed.partnerClientId });
    return parsed;
  }
}
