import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { WebhookDeliveryRecord, WebhookEndpointView as WebhookEndpointRecord } from '../../core/webhook/webhook-endpoint-service';
import { webhookDeliveryAttemptPageSort, webhookDeliveryPageSort, webhookEndpointPageSort } from '../../core/webhook/webhook-endpoint-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('WebhookEndpointSaveReqVO', { description: 'A webhook endpoint of a partner client: id omitted on create, required on update' })
export class WebhookEndpointSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'The clientId of a partner client of the tenant, at most 64 characters' })
  partnerClientId!: string;

  @Field(() => String, { description: 'https, at most 2048 characters; http only for 127.0.0.1/localhost outside production, or with WEBHOOK_ALLOW_HTTP' })
  url!: string;

  @Field(() => [String], { description: 'The event types it receives (e.g. purchase_order.paid), each once; empty: every type' })
  eventTypes!: string[];

  @Field(() => String, { nullable: true, description: 'At most 255 characters' })
  description?: string | null;
}

@InputType('WebhookEndpointPageReqVO', { description: 'A page of webhook endpoints, newest first: pageNo from 1, pageSize 1..100' })
export class WebhookEndpointPageReqVO extends PageParamSortedBy('WebhookEndpointSortField', webhookEndpointPageSort) {
  @Field(() => String, { nullable: true, description: 'Only the endpoints of this partner client' })
  partnerClientId?: string | null;
}

@InputType('WebhookEndpointUpdateStatusReqVO')
export class WebhookEndpointUpdateStatusReqVO {
  @Field(() => Int64)
  id!: number;

  @Field(() => Int, { description: '0 enabled (clears disabledReason and the failing run), 1 disabled' })
  status!: number;
}

@InputType('WebhookEndpointRotateSecretReqVO')
export class WebhookEndpointRotateSecretReqVO {
  @Field(() => Int64)
  id!: number;

  @Field(() => Int, { nullable: true, description: 'How long the old secret keeps signing beside the new one, seconds, 0..604800; a day when left out' })
  overlapSeconds?: number | null;
}

@ObjectType('WebhookEndpointView', { description: 'A webhook endpoint of a partner client of the tenant; its secret is shown masked' })
export class WebhookEndpointView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  partnerClientId!: string;

  @Field(() => String)
  url!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => [String], { description: 'Empty: every type' })
  eventTypes!: string[];

  @Field(() => String, { description: 'whsec_**** and the last 4 characters' })
  secretMask!: string;

  @Field(() => DateTime, { nullable: true, name: 'previousSecretExpireTime', description: 'Until then the secret before the last rotation signs too' })
  previousSecretExpiresAt!: Date | null;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true, description: 'Why it was disabled: 410 Gone, every attempt failing for a day, or the console' })
  disabledReason!: string | null;

  @Field(() => DateTime, { nullable: true, name: 'disabledTime' })
  disabledAt!: Date | null;

  @Field(() => DateTime, { nullable: true, name: 'failingSinceTime', description: 'Start of the current run of failed attempts; null after a success' })
  failingSince!: Date | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;

  @Field(() => DateTime, { name: 'updateTime' })
  updatedAt!: Date;
}

export const WebhookEndpointViewPage = PageOf(WebhookEndpointView);

@ObjectType('WebhookEndpointWithSecret', { description: 'An endpoint and its whole signing secret: shown this once, masked in every later read' })
export class WebhookEndpointWithSecret {
  @Field(() => WebhookEndpointView)
  endpoint!: WebhookEndpointView;

  @Field(() => String, { description: 'whsec_ and base64: verify with any Standard Webhooks library' })
  secret!: string;
}

@InputType('WebhookDeliveryPageReqVO', { description: 'A page of the deliveries of one endpoint, newest first' })
export class WebhookDeliveryPageReqVO extends PageParamSortedBy('WebhookDeliverySortField', webhookDeliveryPageSort) {
  @Field(() => Int64)
  endpointId!: number;

  @Field(() => Int, { nullable: true, description: '0 pending, 10 delivered, 20 failed' })
  status?: number | null;

  @Field(() => String, { nullable: true, description: 'The exact event type' })
  eventType?: string | null;
}

@ObjectType('WebhookDeliveryView', { description: 'One event to one endpoint, with its last attempt (every attempt: webhookDeliveryAttemptPage)' })
export class WebhookDeliveryView {
  @Field(() => Int64)
  id!: number;

  @Field(() => Int64)
  endpointId!: number;

  @Field(() => String, { description: 'evt_…: the webhook-id header, the receiver’s deduplication key' })
  eventId!: string;

  @Field(() => String)
  eventType!: string;

  @Field(() => DateTime, { description: 'When the event happened' })
  occurredTime!: Date;

  @Field(() => Int, { description: '0 pending, 10 delivered, 20 failed (retries exhausted or endpoint gone)' })
  status!: number;

  @Field(() => Int, { description: 'Attempts since it was last (re)queued' })
  attempts!: number;

  @Field(() => DateTime, { name: 'nextAttemptTime', description: 'When a pending delivery is tried next' })
  nextAttemptAt!: Date;

  @Field(() => DateTime, { nullable: true, name: 'lastAttemptTime' })
  lastAttemptAt!: Date | null;

  @Field(() => Int, { nullable: true, description: 'HTTP status of the last attempt; null when no answer came' })
  lastStatusCode!: number | null;

  @Field(() => Int, { nullable: true })
  lastLatencyMs!: number | null;

  @Field(() => String, { nullable: true, description: 'The start of the last answer, or the network error' })
  lastResponse!: string | null;

  @Field(() => DateTime, { nullable: true, name: 'deliveredTime' })
  deliveredAt!: Date | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

export const WebhookDeliveryViewPage = PageOf(WebhookDeliveryView);

@InputType('WebhookDeliveryAttemptPageReqVO', { description: 'A page of the attempts of one delivery, newest first' })
export class WebhookDeliveryAttemptPageReqVO extends PageParamSortedBy('WebhookDeliveryAttemptSortField', webhookDeliveryAttemptPageSort) {
  @Field(() => Int64)
  deliveryId!: number;
}

@ObjectType('WebhookDeliveryAttemptView', { description: 'One POST of a delivery' })
export class WebhookDeliveryAttemptView {
  @Field(() => Int64)
  id!: number;

  @Field(() => Int64)
  deliveryId!: number;

  @Field(() => Int, { nullable: true, description: 'HTTP status answered; null when no answer came' })
  statusCode!: number | null;

  @Field(() => Int)
  latencyMs!: number;

  @Field(() => String, { nullable: true, description: 'The start of the answer’s body (at most 1000 characters)' })
  responseBody!: string | null;

  @Field(() => String, { nullable: true, description: 'The network error (time-out, refused connection) when no answer came' })
  error!: string | null;

  @Field(() => DateTime, { name: 'attemptTime' })
  attemptedAt!: Date;
}

export const WebhookDeliveryAttemptViewPage = PageOf(WebhookDeliveryAttemptView);

/** The console's view of an endpoint: its enabled flag as the console's status. */
export function endpointView(endpoint: WebhookEndpointRecord): WebhookEndpointView {
  return { ...endpoint, status: endpoint.enabled ? 0 : 1 };
}

/** The console's view of a delivery: its event's id, type and time beside it. */
export function deliveryView({ event, ...delivery }: WebhookDeliveryRecord): WebhookDeliveryView {
  return { ...delivery, eventId: event.eventId, eventType: event.type, occurredTime: event.occurredAt };
}
