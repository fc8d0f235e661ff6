import { execute } from '../api/client';
import { graphql } from '../gql';
import type { WebhookEndpointSaveReqVo, WebhookEndpointSortField } from '../gql/graphql';
import { i18next } from '../i18n';
import { commonStatus, optionSet } from './options';
import { defineResource, type ListQuery, pageInputOf, ShownOnce } from './types';

const WebhookEndpointPageDocument = graphql(`
  query ConsoleWebhookEndpointPage($input: WebhookEndpointPageReqVO!) {
    webhookEndpointPage(input: $input) {
      total
      list {
        id
        partnerClientId
        url
        description
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

const CreateWebhookEndpointDocument = graphql(`
  mutation ConsoleCreateWebhookEndpoint($input: WebhookEndpointSaveReqVO!) {
    createWebhookEndpoint(input: $input) { secret }
  }
`);

const UpdateWebhookEndpointDocument = graphql(`
  mutation ConsoleUpdateWebhookEndpoint($input: WebhookEndpointSaveReqVO!) {
    updateWebhookEndpoint(input: $input)
  }
`);

const UpdateWebhookEndpointStatusDocument = graphql(`
  mutation ConsoleUpdateWebhookEndpointStatus($input: WebhookEndpointUpdateStatusReqVO!) {
    updateWebhookEndpointStatus(input: $input)
  }
`);

const SendWebhookEndpointTestEventDocument = graphql(`
  mutation ConsoleSendWebhookEndpointTestEvent($id: Int64!) {
    sendWebhookEndpointTestEvent(id: $id)
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

/** The types an endpoint may subscribe to, labelled by the server in the console's language. */
const eventTypeOptions = () => optionSet('WEBHOOK_EVENT_TYPE');

const ENABLED = 0;
const DISABLED = 1;

export default defineResource({
  component: 'partner/webhook-endpoint/index',
  title: 'webhookEndpoints.title',
  permission: 'partner:webhook-endpoint',
  columns: [
    { field: 'partnerClientId', title: 'oauth2Tokens.client', filter: true },
    { field: 'url', title: 'webhookEndpoints.url', sortable: true },
    { field: 'eventTypes', shown: 'eventTypesShown', title: 'webhookEndpoints.eventTypes' },
    { field: 'secretMask', title: 'webhookEndpoints.secret' },
    { field: 'status', title: 'common.status', options: commonStatus },
    { field: 'disabledReason', title: 'webhookEndpoints.disabledReason' },
    { field: 'failingSinceTime', title: 'webhookEndpoints.failingSince', dateTime: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'partnerClientId', label: 'oauth2Tokens.client', kind: 'text', required: true, max: 64 },
    // https; http only for 127.0.0.1/localhost outside production: the server names what is wrong.
    { name: 'url', label: 'webhookEndpoints.url', kind: 'text', required: true, max: 2048 },
    { name: 'eventTypes', label: 'webhookEndpoints.eventTypesChosen', kind: 'multiSelect', options: eventTypeOptions, initialValue: [] },
    { name: 'description', label: 'common.remark', kind: 'textarea', max: 255 },
  ],
  list: async (query: ListQuery) => {
    const [{ webhookEndpointPage }, types] = await Promise.all([execute(WebhookEndpointPageDocument, { input: pageInputOf<WebhookEndpointSortField>(query) }), eventTypeOptions()]);
    const label = (type: string) => types.find((option) => option.value === type)?.label ?? type;
    return {
      rows: webhookEndpointPage.list.map((row) => ({
        ...row,
        // No types chosen: every type, said so rather than left blank.
        eventTypesShown: row.eventTypes.length === 0 ? i18next.t('webhookEndpoints.allEvents') : row.eventTypes.map(label).join(', '),
      })),
      total: webhookEndpointPage.total,
    };
  },
  toForm: ({ partnerClientId, url, eventTypes, description }) => ({ partnerClientId, url, eventTypes, description }),
  // The answer carries the signing secret this once; the list shows its mask from then on.
  create: async (values: WebhookEndpointSaveReqVo) => {
    const { createWebhookEndpoint } = await execute(CreateWebhookEndpointDocument, { input: { ...values, eventTypes: values.eventTypes ?? [] } });
    return new ShownOnce('webhookEndpoints.newSecret', createWebhookEndpoint.secret);
  },
  update: (row, values) => execute(UpdateWebhookEndpointDocument, { input: { ...values, eventTypes: values.eventTypes ?? [], id: row.id } }),
  remove: (row) => execute(DeleteWebhookEndpointDocument, { id: row.id }),
  actions: [
    {
      key: 'disable',
      label: 'webhookEndpoints.disable',
      permission: 'update',
      when: (row) => row.status === ENABLED,
      submit: (row) => execute(UpdateWebhookEndpointStatusDocument, { input: { id: row.id, status: DISABLED } }),
    },
    {
      // Enabling clears the failing streak and the disable reason (the server's rule).
      key: 'enable',
      label: 'webhookEndpoints.enable',
      permission: 'update',
      when: (row) => row.status === DISABLED,
      submit: (row) => execute(UpdateWebhookEndpointStatusDocument, { input: { id: row.id, status: ENABLED } }),
    },
    {
      key: 'send-test',
      label: 'webhookEndpoints.sendTest',
      permission: 'update',
      when: (row) => row.status === ENABLED,
      submit: (row) => execute(SendWebhookEndpointTestEventDocument, { id: row.id }),
      doneMessage: 'webhookEndpoints.testSent',
    },
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
  links: [{ key: 'deliveries', label: 'webhookDeliveries.title', to: (row) => `deliveries?endpointId=${row.id}` }],
});
