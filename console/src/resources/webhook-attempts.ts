import { execute } from '../api/client';
import { graphql } from '../gql';
import type { WebhookDeliveryAttemptSortField } from '../gql/graphql';
import { defineResource, type ListQuery, pageInputOf } from './types';

const WebhookDeliveryAttemptPageDocument = graphql(`
  query ConsoleWebhookDeliveryAttemptPage($input: WebhookDeliveryAttemptPageReqVO!) {
    webhookDeliveryAttemptPage(input: $input) {
      total
      list {
        id
        deliveryId
        attemptTime
        statusCode
        latencyMs
        error
        responseBody
      }
    }
  }
`);

// No menu of its own: the deliveries screen links each delivery to its attempts here (UNLISTED_SCREENS).
export default defineResource({
  component: 'partner/webhook-endpoint/attempts/index',
  title: 'webhookAttempts.title',
  permission: 'partner:webhook-endpoint',
  columns: [
    { field: 'deliveryId', title: 'webhookAttempts.delivery', filter: true },
    { field: 'attemptTime', title: 'webhookAttempts.attemptTime', dateTime: true },
    { field: 'statusCode', title: 'webhookDeliveries.lastStatusCode' },
    { field: 'latencyMs', title: 'webhookDeliveries.lastLatencyMs' },
    { field: 'error', title: 'webhookAttempts.error' },
    { field: 'responseBody', title: 'webhookAttempts.responseBody' },
  ],
  fields: [],
  list: async (query: ListQuery) => {
    const { webhookDeliveryAttemptPage } = await execute(WebhookDeliveryAttemptPageDocument, { input: { ...pageInputOf<WebhookDeliveryAttemptSortField>(query), deliveryId: Number(query.filters.deliveryId) } });
    return { rows: webhookDeliveryAttemptPage.list, total: webhookDeliveryAttemptPage.total };
  },
});
