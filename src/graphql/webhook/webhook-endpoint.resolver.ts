// Webhook endpoints of the tenant's partner clients (partner:webhook-endpoint:*): the signing
// secret is answered by create and rotate only; deliveries and every attempt for the console's log.
import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { WebhookDeliveryAttemptRecord } from '../../core/webhook/webhook-endpoint-service';
import { type Page, splitPageInput } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';
import type { GraphQLContext } from '../context';
import {
  deliveryView,
  endpointView,
  WebhookDeliveryAttemptPageReqVO,
  WebhookDeliveryAttemptViewPage,
  WebhookDeliveryPageReqVO,
  type WebhookDeliveryView,
  WebhookDeliveryViewPage,
  WebhookEndpointPageReqVO,
  WebhookEndpointRotateSecretReqVO,
  WebhookEndpointSaveReqVO,
  WebhookEndpointUpdateStatusReqVO,
  WebhookEndpointView,
  WebhookEndpointViewPage,
  WebhookEndpointWithSecret,
} from './webhook-endpoint.types';

@Resolver()
export class WebhookEndpointResolver {
  @Authorized('partner:webhook-endpoint:create')
  @Mutation(() => WebhookEndpointWithSecret, { description: 'Creates an endpoint; the answer carries its signing secret, shown this once' })
  async createWebhookEndpoint(@Arg('input', () => WebhookEndpointSaveReqVO) input: WebhookEndpointSaveReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<WebhookEndpointWithSecret> {
    const { endpoint, secret } = await core.webhookEndpoints.create(ctx, input);
    return { endpoint: endpointView(endpoint), secret };
  }

  @Authorized('partner:webhook-endpoint:update')
  @Mutation(() => Boolean, { description: 'Replaces the partner client, URL, event types and description; the secret stays' })
  async updateWebhookEndpoint(@Arg('input', () => WebhookEndpointSaveReqVO) input: WebhookEndpointSaveReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.webhookEndpoints.update(ctx, input);
    return true;
  }

  @Authorized('partner:webhook-endpoint:delete')
  @Mutation(() => Boolean, { description: 'Deletes an endpoint with its deliveries and their attempts' })
  async deleteWebhookEndpoint(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.webhookEndpoints.delete(ctx, id);
    return true;
  }

  @Authorized('partner:webhook-endpoint:update')
  @Mutation(() => Boolean, { description: 'Enables (0) or disables (1) an endpoint; a disabled one is sent nothing' })
  async updateWebhookEndpointStatus(@Arg('input', () => WebhookEndpointUpdateStatusReqVO) input: WebhookEndpointUpdateStatusReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.webhookEndpoints.updateStatus(ctx, input);
    return true;
  }

  @Authorized('partner:webhook-endpoint:update')
  @Mutation(() => WebhookEndpointWithSecret, { description: 'A new signing secret, shown this once; the old one signs too until previousSecretExpireTime' })
  async rotateWebhookEndpointSecret(
    @Arg('input', () => WebhookEndpointRotateSecretReqVO) input: WebhookEndpointRotateSecretReqVO,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<WebhookEndpointWithSecret> {
    const { endpoint, secret } = await core.webhookEndpoints.rotateSecret(ctx, input);
    return { endpoint: endpointView(endpoint), secret };
  }

  @Authorized('partner:webhook-endpoint:update')
  @Mutation(() => String, { description: 'Sends a webhook.test event to this endpoint only; answers its event id' })
  sendWebhookEndpointTestEvent(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<string> {
    return core.webhookEndpoints.sendTest(ctx, id);
  }

  @Authorized('partner:webhook-endpoint:update')
  @Mutation(() => Boolean, { description: 'Sends one delivery again, from a fresh retry schedule' })
  async redeliverWebhookDelivery(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.webhookEndpoints.redeliver(ctx, id);
    return true;
  }

  @Authorized('partner:webhook-endpoint:update')
  @Mutation(() => Int, { description: 'Sends again every failed delivery of the endpoint created since the time; answers how many' })
  redeliverFailedWebhookDeliveries(
    @Arg('endpointId', () => Int64) endpointId: number,
    @Arg('since', () => DateTime) since: Date,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<number> {
    return core.webhookEndpoints.redeliverFailedSince(ctx, { endpointId, since });
  }

  @Authorized('partner:webhook-endpoint:query')
  @Query(() => WebhookEndpointView, { nullable: true, description: 'An endpoint of the tenant (secret masked); WEBHOOK_ENDPOINT_NOT_FOUND otherwise' })
  async webhookEndpoint(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<WebhookEndpointView> {
    return endpointView(await core.webhookEndpoints.get(ctx, id));
  }

  @Authorized('partner:webhook-endpoint:query')
  @Query(() => WebhookEndpointViewPage, { nullable: true, description: 'Endpoints of the tenant, newest first (secrets masked)' })
  async webhookEndpointPage(@Arg('input', () => WebhookEndpointPageReqVO) input: WebhookEndpointPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<WebhookEndpointView>> {
    const { page, filter } = splitPageInput(input);
    const { list, total } = await core.webhookEndpoints.page(ctx, page, filter);
    return { list: list.map(endpointView), total };
  }

  @Authorized('partner:webhook-endpoint:query')
  @Query(() => WebhookDeliveryViewPage, { nullable: true, description: 'Deliveries of one endpoint, newest first, by status, event type and time' })
  async webhookDeliveryPage(@Arg('input', () => WebhookDeliveryPageReqVO) input: WebhookDeliveryPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<WebhookDeliveryView>> {
    const { page, filter } = splitPageInput(input);
    const { list, total } = await core.webhookEndpoints.deliveries(ctx, page, filter);
    return { list: list.map(deliveryView), total };
  }

  @Authorized('partner:webhook-endpoint:query')
  @Query(() => WebhookDeliveryAttemptViewPage, { nullable: true, description: 'Every attempt of one delivery, newest first: status, latency, the start of the answer or the error' })
  webhookDeliveryAttemptPage(
    @Arg('input', () => WebhookDeliveryAttemptPageReqVO) input: WebhookDeliveryAttemptPageReqVO,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<Page<WebhookDeliveryAttemptRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.webhookEndpoints.attempts(ctx, page, filter.deliveryId);
  }
}
