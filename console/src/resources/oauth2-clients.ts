import { execute } from '../api/client';
import { graphql } from '../gql';
import type { OAuth2ClientSaveReqVo, OAuth2ClientSortField } from '../gql/graphql';
import { commonStatus, oauth2GrantTypes, tenantOptions } from './options';
import { defineResource, type ListQuery, pageInputOf, ShownOnce } from './types';

const OAuth2ClientPageDocument = graphql(`
  query ConsoleOAuth2ClientPage($input: OAuth2ClientPageReqVO!) {
    oauth2ClientPage(input: $input) {
      total
      list {
        id
        clientId
        secret
        name
        logo
        description
        status
        accessTokenValiditySeconds
        refreshTokenValiditySeconds
        redirectUris
        authorizedGrantTypes
        scopes
        autoApproveScopes
        authorities
        resourceIds
        additionalInformation
        partnerName
        partnerContact
        ipWhitelist
        rateLimitQps
        tenantId
        createTime
      }
    }
  }
`);

const CreateOAuth2ClientDocument = graphql(`
  mutation ConsoleCreateOAuth2Client($input: OAuth2ClientSaveReqVO!) {
    createOauth2Client(input: $input) {
      id
      secret
    }
  }
`);

const UpdateOAuth2ClientDocument = graphql(`
  mutation ConsoleUpdateOAuth2Client($input: OAuth2ClientSaveReqVO!) {
    updateOauth2Client(input: $input) {
      id
    }
  }
`);

const DeleteOAuth2ClientDocument = graphql(`
  mutation ConsoleDeleteOAuth2Client($id: Int64!) {
    deleteOauth2Client(id: $id)
  }
`);

export default defineResource({
  component: 'system/oauth2-client/index',
  title: 'oauth2Clients.title',
  permission: 'system:oauth2-client',
  columns: [
    { field: 'clientId', title: 'oauth2Tokens.client', filter: true, sortable: true },
    { field: 'name', title: 'common.name', filter: true, sortable: true },
    { field: 'secret', title: 'oauth2Clients.secret' },
    { field: 'partnerName', title: 'oauth2Clients.partnerName' },
    // Several values in one cell: shown by their protocol names.
    { field: 'authorizedGrantTypes', title: 'oauth2Clients.grantTypes' },
    { field: 'tenantId', title: 'oauth2Clients.tenant', options: tenantOptions },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'clientId', label: 'oauth2Tokens.client', kind: 'text', required: true, min: 3, max: 64 },
    // Stored hashed: an edit shows ****** and keeps the stored secret unless a new one is typed.
    { name: 'secret', label: 'oauth2Clients.secret', kind: 'password', required: true, max: 128 },
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 255 },
    { name: 'logo', label: 'oauth2Clients.logo', kind: 'text', max: 500, initialValue: '' },
    { name: 'description', label: 'oauth2Clients.description', kind: 'textarea', max: 500 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    { name: 'authorizedGrantTypes', label: 'oauth2Clients.grantTypes', kind: 'multiSelect', required: true, options: oauth2GrantTypes, initialValue: ['client_credentials'] },
    { name: 'accessTokenValiditySeconds', label: 'oauth2Clients.accessTokenValidity', kind: 'number', required: true, initialValue: 1800 },
    { name: 'refreshTokenValiditySeconds', label: 'oauth2Clients.refreshTokenValidity', kind: 'number', required: true, initialValue: 2_592_000 },
    { name: 'redirectUris', label: 'oauth2Clients.redirectUris', kind: 'tags', initialValue: [] },
    { name: 'scopes', label: 'oauth2Clients.scopes', kind: 'tags' },
    { name: 'autoApproveScopes', label: 'oauth2Clients.autoApproveScopes', kind: 'tags' },
    { name: 'authorities', label: 'oauth2Clients.authorities', kind: 'tags' },
    { name: 'resourceIds', label: 'oauth2Clients.resourceIds', kind: 'tags' },
    { name: 'additionalInformation', label: 'oauth2Clients.additionalInformation', kind: 'textarea', max: 4000 },
    { name: 'tenantId', label: 'oauth2Clients.tenant', kind: 'select', options: tenantOptions },
    { name: 'partnerName', label: 'oauth2Clients.partnerName', kind: 'text', max: 100 },
    { name: 'partnerContact', label: 'oauth2Clients.partnerContact', kind: 'text', max: 100 },
    { name: 'ipWhitelist', label: 'oauth2Clients.ipWhitelist', kind: 'textarea', max: 2000 },
    { name: 'rateLimitQps', label: 'oauth2Clients.rateLimitQps', kind: 'number' },
  ],
  list: async (query: ListQuery) => {
    const { oauth2ClientPage } = await execute(OAuth2ClientPageDocument, { input: pageInputOf<OAuth2ClientSortField>(query) });
    return { rows: oauth2ClientPage.list, total: oauth2ClientPage.total };
  },
  toForm: ({ id: _id, createTime: _created, ...row }) => row,
  // The answer carries the secret this once; the list and the edit form show ****** from then on.
  create: async (values: OAuth2ClientSaveReqVo) => {
    const { createOauth2Client } = await execute(CreateOAuth2ClientDocument, { input: values });
    return new ShownOnce('oauth2Clients.secret', createOauth2Client.secret);
  },
  update: (row, values) => execute(UpdateOAuth2ClientDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteOAuth2ClientDocument, { id: row.id }),
});
