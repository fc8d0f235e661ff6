// A tenant's webhook endpoints of its partner clients (console): the secret is answered only by
// create and rotate, masked everywhere else; every read and write is within the caller's tenant.
import type { Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type PageInput, pageWindow } from '../paging';
import { type RequestContext, tenantIdOf } from '../request-context';
import { SUBSCRIBABLE_EVENT_TYPES, WebhookEventType } from './event-types';
import { emitWebhookEvents } from './webhook-outbox';
import { maskWebhookSecret, newWebhookSecret } from './webhook-signature';
import { DeliveryStatus } from './webhook-statuses';

export interface WebhookEndpointInput {
  partnerClientId: string;
  url: string;
  eventTypes: string[];
  description?: string | null;
}

export interface WebhookUrlPolicy {
  /** http:// anywhere (WEBHOOK_ALLOW_HTTP). */
  allowHttp: boolean;
  /** Production refuses http:// even on loopback unless allowHttp. */
  production: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const URL_MAX = 2048;

/** Why a URL cannot be an endpoint, or null when it can. */
export function webhookUrlProblem(raw: string, policy: WebhookUrlPolicy): string | null {
  if (raw.length > URL_MAX) return `at most ${URL_MAX} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not an absolute URL';
  }
  if (url.username || url.password) return 'credentials in the URL are not allowed';
  if (url.protocol === 'https:') return null;
  if (url.protocol !== 'http:') return 'must be https';
  if (policy.allowHttp || (!policy.production && LOOPBACK.has(url.hostname))) return null;
  return 'must be https (http only for 127.0.0.1/localhost, or with WEBHOOK_ALLOW_HTTP)';
}

type EndpointRow = Awaited<ReturnType<Db['webhookEndpoint']['findFirstOrThrow']>>;

export interface WebhookEndpointView extends Omit<EndpointRow, 'secret' | 'previousSecret' | 'eventTypes'> {
  eventTypes: string[];
  /** Masked: the secret itself is answered only by create and rotate. */
  secretMask: string;
}

function view(row: EndpointRow): WebhookEndpointView {
  const { secret, previousSecret: _previous, eventTypes, ...rest } = row;
  return { ...rest, eventTypes: Array.isArray(eventTypes) ? (eventTypes as string[]) : [], secretMask: maskWebhookSecret(secret) };
}

export class WebhookEndpointService {
  constructor(
    private readonly db: Db,
    private readonly urlPolicy: WebhookUrlPolicy,
  ) {}

  async create(ctx: RequestContext, input: WebhookEndpointInput): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
    const tenantId = tenantIdOf(ctx);
    await this.check(input);
    const secret = newWebhookSecret();
    const row = await this.db.webhookEndpoint.create({
      data: { tenantId, partnerClientId: input.partnerClientId, url: input.url, eventTypes: input.eventTypes, description: input.description ?? null, secret },
    });
    return { endpoint: view(row), secret };
  }

  async update(ctx: RequestContext, id: number, input: WebhookEndpointInput): Promise<WebhookEndpointView> {
    await this.owned(ctx, id);
    await this.check(input);
    return view(await this.db.webhookEndpoint.update({ where: { id }, data: { partnerClientId: input.partnerClientId, url: input.url, eventTypes: input.eventTypes, description: input.description ?? null } }));
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    await this.owned(ctx, id);
    await this.db.webhookEndpoint.delete({ where: { id } });
  }

  async get(ctx: RequestContext, id: number): Promise<WebhookEndpointView> {
    return view(await this.owned(ctx, id));
  }

  async page(ctx: RequestContext, page: PageInput & { partnerClientId?: string }): Promise<{ list: WebhookEndpointView[]; total: number }> {
    const where = { tenantId: tenantIdOf(ctx), ...(page.partnerClientId !== undefined && { partnerClientId: page.partnerClientId }) };
    const [rows, total] = await Promise.all([this.db.webhookEndpoint.findMany({ where, orderBy: { id: 'desc' }, ...pageWindow(page) }), this.db.webhookEndpoint.count({ where })]);
    return { list: rows.map(view), total };
  }

  /** Enabling clears the reason and the failing run; disabling records who did it. */
  async setEnabled(ctx: RequestContext, id: number, enabled: boolean): Promise<WebhookEndpointView> {
    await this.owned(ctx, id);
    return view(await this.db.webhookEndpoint.update({ where: { id }, data: enabled ? { enabled, disabledReason: null, failingSince: null } : { enabled, disabledReason: 'disabled in the console' } }));
  }

  /** A new secret, answered once; the old one keeps signing for `overlapSeconds`. */
  async rotateSecret(ctx: RequestContext, id: number, overlapSeconds: number): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
    const current = await this.owned(ctx, id);
    const secret = newWebhookSecret();
    const row = await this.db.webhookEndpoint.update({
      where: { id },
      data: { secret, previousSecret: current.secret, previousSecretExpiresAt: new Date(ctx.now().getTime() + overlapSeconds * 1000) },
    });
    return { endpoint: view(row), secret };
  }

  /** A `webhook.test` event to this endpoint only; answers its event id. */
  async sendTest(ctx: RequestContext, id: number): Promise<string> {
    const endpoint = await this.owned(ctx, id);
    const [eventId] = await emitWebhookEvents(
      this.db,
      [{ tenantId: endpoint.tenantId, partnerClientId: endpoint.partnerClientId, type: WebhookEventType.TEST, orderingKey: `test:${endpoint.id}`, data: { message: 'test event from the console' }, occurredAt: ctx.now() }],
      endpoint.id,
    );
    return eventId as string;
  }

  async deliveries(ctx: RequestContext, id: number, page: PageInput & { status?: number }) {
    await this.owned(ctx, id);
    const where = { endpointId: id, tenantId: tenantIdOf(ctx), ...(page.status !== undefined && { status: page.status }) };
    const [list, total] = await Promise.all([
      this.db.webhookDelivery.findMany({ where, include: { event: { select: { eventId: true, type: true, occurredAt: true } } }, orderBy: { id: 'desc' }, ...pageWindow(page) }),
      this.db.webhookDelivery.count({ where }),
    ]);
    return { list, total };
  }

  /** Sends one delivery again from a fresh retry schedule. */
  async redeliver(ctx: RequestContext, deliveryId: number): Promise<void> {
    const { count } = await this.db.webhookDelivery.updateMany({
      where: { id: deliveryId, tenantId: tenantIdOf(ctx) },
      data: { status: DeliveryStatus.PENDING, attempts: 0, nextAttemptAt: ctx.now(), leaseUntil: null, leaseToken: null },
    });
    if (count === 0) throw new ServiceError(ErrorCatalogue.WEBHOOK_DELIVERY_NOT_FOUND, { id: deliveryId });
  }

  /** Every failed delivery of the endpoint created since `since` is sent again; answers how many. */
  async redeliverFailedSince(ctx: RequestContext, id: number, since: Date): Promise<number> {
    await this.owned(ctx, id);
    const { count } = await this.db.webhookDelivery.updateMany({
      where: { endpointId: id, tenantId: tenantIdOf(ctx), status: DeliveryStatus.FAILED, createdAt: { gte: since } },
      data: { status: DeliveryStatus.PENDING, attempts: 0, nextAttemptAt: ctx.now(), leaseUntil: null, leaseToken: null },
    });
    return count;
  }

  private async owned(ctx: RequestContext, id: number): Promise<EndpointRow> {
    const row = await this.db.webhookEndpoint.findFirst({ where: { id, tenantId: tenantIdOf(ctx) } });
    if (!row) throw new ServiceError(ErrorCatalogue.WEBHOOK_ENDPOINT_NOT_FOUND, { id });
    return row;
  }

  private async check(input: WebhookEndpointInput): Promise<void> {
    const problem = webhookUrlProblem(input.url, this.urlPolicy);
    if (problem) throw new ServiceError(ErrorCatalogue.WEBHOOK_URL_NOT_ALLOWED, { reason: problem });
    const unknown = input.eventTypes.find((type) => !SUBSCRIBABLE_EVENT_TYPES.includes(type));
    if (unknown !== undefined) throw new ServiceError(ErrorCatalogue.WEBHOOK_EVENT_TYPE_UNKNOWN, { type: unknown });
    const client = await this.db.oAuth2Client.findUnique({ where: { clientId: input.partnerClientId }, select: { id: true } });
    if (!client) throw new ServiceError(ErrorCatalogue.WEBHOOK_PARTNER_NOT_FOUND, { partnerClientId: input.partnerClientId });
  }
}
