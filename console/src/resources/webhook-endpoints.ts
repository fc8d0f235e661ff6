import { execute } from '../api/client';
import { graphql } from '../gql';
import type { WebhookEndpointSortField } from '../gql/graphql';
import { commonStatus } from './options';
import { defineResource, type ListQuery, pageInputOf, ShownOnce } from './types';

const WebhookEndpointPageDocument = graphql(`
  query ConsoleWebhookEndpointPage($input: WebhookEndpointPageReqVO!) {
    webhookEndpointPage(input: $input) {
      total
      list {
        id
        partnerClientId
        url
        eventTypes
        secretMask
        status
        disabledReason
        failingSinceTime
        createTime
      }
    }
  }
`);

const RotateWebhookEndpointSecretDocument = graphql(`
  mutation ConsoleRotateWebhookEndpointSecret($input: WebhookEndpointRotateSecretReqVO!) {
    rotateWebhookEndpointSecret(input: $input) { secret }
  }
`);

/** A day: the server's default overlap, during which the old secret signs beside the new one. */
const DEFAULT_OVERLAP_SECONDS = 86_400;

const DeleteWebhookEndpointDocument = graphql(`
  mutation ConsoleDeleteWebhookEndpoint($id: Int64!) {
    deleteWebhookEndpoint(id: $id)
  }
`);

export default defineResource({
  component: 'partner/webhook-endpoint/index',
  title: 'webhookEndpoints.title',
  permission: 'partner:webhook-endpoint',
  columns: [
    { field: 'partnerClientId', title: 'oauth2Tokens.client', filter: true },
    { field: 'url', title: 'webhookEndpoints.url', sortable: true },
    { field: 'eventTypes', title: 'webhookEndpoints.eventTypes' },
    { field: 'secretMask', title: 'webhookEndpoints.secret' },
    { field: 'status', title: 'common.status', options: commonStatus },
    { field: 'disabledReason', title: 'webhookEndpoints.disabledReason' },
    { field: 'failingSinceTime', title: 'webhookEndpoints.failingSince', dateTime: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [],
  list: async (query: ListQuery) => {
    const { webhookEndpointPage } = await execute(WebhookEndpointPageDocument, { input: pageInputOf<WebhookEndpointSortField>(query) });
    return { rows: webhookEndpointPage.list, total: webhookEndpointPage.total };
  },
  remove: (row) => execute(DeleteWebhookEndpointDocument, { id: row.id }),
  actions: [
    {
      key: 'rotate-secret',
      label: 'webhookEndpoints.rotateSecret',
      permission: 'update',
      fields: [{ name: 'overlapSeconds', label: 'webhookEndpoints.overlapSeconds', kind: 'number', required: true, initialValue: DEFAULT_OVERLAP_SECONDS }],
      // The answer carries the new secret this once; the list shows its mask from then on.
      submit: async (row, values) => {
        const { rotateWebhookEndpointSecret } = await execute(RotateWebhookEndpointSecretDocument, { input: { id: row.id, overlapSeconds: Number(values.overlapSeconds) } });
        return new ShownOnce('webhookEndpoints.newSecret', rotateWebhookEndpointSecret.secret);
      },
    },
  ],
});
