import { execute } from '../api/client';
import { graphql } from '../gql';
import type { WebhookDeliverySortField } from '../gql/graphql';
import { optionSet } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const WebhookDeliveryPageDocument = graphql(`
  query ConsoleWebhookDeliveryPage($input: WebhookDeliveryPageReqVO!) {
    webhookDeliveryPage(input: $input) {
      total
      list {
        id
        endpointId
        eventId
        eventType
        status
        attempts
        lastStatusCode
        lastLatencyMs
        lastResponse
        lastAttemptTime
        nextAttemptTime
        deliveredTime
        occurredTime
      }
    }
  }
`);

const RedeliverWebhookDeliveryDocument = graphql(`
  mutation ConsoleRedeliverWebhookDelivery($id: Int64!) {
    redeliverWebhookDelivery(id: $id)
  }
`);

const RedeliverFailedWebhookDeliveriesDocument = graphql(`
  mutation ConsoleRedeliverFailedWebhookDeliveries($endpointId: Int64!, $since: DateTimeISO!) {
    redeliverFailedWebhookDeliveries(endpointId: $endpointId, since: $since)
  }
`);

const PENDING = 0;

// No menu of its own: the webhook endpoints screen links each endpoint to its deliveries here (UNLISTED_SCREENS).
export default defineResource({
  component: 'partner/webhook-endpoint/deliveries/index',
  title: 'webhookDeliveries.title',
  permission: 'partner:webhook-endpoint',
  columns: [
    { field: 'endpointId', title: 'webhookDeliveries.endpoint', filter: true },
    { field: 'eventType', title: 'webhookDeliveries.eventType', filter: true, options: () => optionSet('WEBHOOK_EVENT_TYPE') },
    { field: 'eventId', title: 'webhookDeliveries.eventId' },
    { field: 'status', title: 'common.status', filter: true, options: () => optionSet('WEBHOOK_DELIVERY_STATUS') },
    { field: 'attempts', title: 'webhookDeliveries.attempts' },
    { field: 'lastStatusCode', title: 'webhookDeliveries.lastStatusCode' },
    { field: 'lastLatencyMs', title: 'webhookDeliveries.lastLatencyMs' },
    { field: 'lastResponse', title: 'webhookDeliveries.lastResponse' },
    { field: 'occurredTime', title: 'webhookDeliveries.occurredTime', dateTime: true },
    { field: 'nextAttemptTime', title: 'webhookDeliveries.nextAttemptTime', dateTime: true },
    { field: 'deliveredTime', title: 'webhookDeliveries.deliveredTime', dateTime: true },
  ],
  fields: [],
  list: async (query: ListQuery) => {
    const { webhookDeliveryPage } = await execute(WebhookDeliveryPageDocument, { input: { ...pageInputOf<WebhookDeliverySortField>(query), endpointId: Number(query.filters.endpointId) } });
    // A delivery that is no longer pending has no next attempt (its stored time is the last one planned).
    return { rows: webhookDeliveryPage.list.map((row) => ({ ...row, nextAttemptTime: row.status === PENDING ? row.nextAttemptTime : null })), total: webhookDeliveryPage.total };
  },
  actions: [
    {
      key: 'redeliver',
      label: 'webhookDeliveries.redeliver',
      permission: 'update',
      when: (row) => row.status !== PENDING,
      submit: (row) => execute(RedeliverWebhookDeliveryDocument, { id: row.id }),
      doneMessage: 'webhookDeliveries.requeued',
    },
  ],
  listActions: [
    {
      key: 'redeliver-failed',
      label: 'webhookDeliveries.redeliverFailed',
      permission: 'update',
      fields: [{ name: 'since', label: 'webhookDeliveries.failedSince', kind: 'dateTime', required: true }],
      run: (values, filters) => execute(RedeliverFailedWebhookDeliveriesDocument, { endpointId: Number(filters.endpointId), since: values.since as string }),
    },
  ],
  links: [{ key: 'attempts', label: 'webhookAttempts.title', to: (row) => `attempts?deliveryId=${row.id}` }],
});
