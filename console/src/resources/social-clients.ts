import { execute } from '../api/client';
import { graphql } from '../gql';
import type { SocialClientSaveReqVo, SocialClientSortField } from '../gql/graphql';
import { commonStatus, socialTypes, personUserTypes } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const SocialClientPageDocument = graphql(`
  query ConsoleSocialClientPage($input: SocialClientPageReqVO!) {
    socialClientPage(input: $input) {
      total
      list {
        id
        name
        socialType
        userType
        clientId
        clientSecret
        agentId
        status
        createTime
      }
    }
  }
`);

const CreateSocialClientDocument = graphql(`
  mutation ConsoleCreateSocialClient($input: SocialClientSaveReqVO!) {
    createSocialClient(input: $input) {
      id
    }
  }
`);

const UpdateSocialClientDocument = graphql(`
  mutation ConsoleUpdateSocialClient($input: SocialClientSaveReqVO!) {
    updateSocialClient(input: $input) {
      id
    }
  }
`);

const DeleteSocialClientDocument = graphql(`
  mutation ConsoleDeleteSocialClient($id: Int64!) {
    deleteSocialClient(id: $id)
  }
`);

export default defineResource({
  component: 'system/social-client/index',
  title: 'socialClients.title',
  permission: 'system:social-client',
  columns: [
    { field: 'name', title: 'common.name', filter: true, sortable: true },
    { field: 'socialType', title: 'socialClients.socialType', filter: true, options: socialTypes, sortable: true },
    { field: 'userType', title: 'oauth2Tokens.userType', filter: true, options: personUserTypes, sortable: true },
    { field: 'clientId', title: 'socialClients.clientId' },
    { field: 'clientSecret', title: 'socialClients.clientSecret' },
    { field: 'agentId', title: 'socialClients.agentId' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 255 },
    // An open range of codes: any positive one, not only the labelled platforms.
    { name: 'socialType', label: 'socialClients.socialType', kind: 'number', required: true },
    { name: 'userType', label: 'oauth2Tokens.userType', kind: 'select', required: true, options: personUserTypes, initialValue: 1 },
    { name: 'clientId', label: 'socialClients.clientId', kind: 'text', required: true, max: 255 },
    // Shown as ******: kept unless a new secret is typed.
    { name: 'clientSecret', label: 'socialClients.clientSecret', kind: 'password', required: true, max: 255 },
    { name: 'agentId', label: 'socialClients.agentId', kind: 'text', max: 255, initialValue: '' },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
  ],
  list: async (query: ListQuery) => {
    const { socialClientPage } = await execute(SocialClientPageDocument, { input: pageInputOf<SocialClientSortField>(query) });
    return { rows: socialClientPage.list, total: socialClientPage.total };
  },
  toForm: ({ id: _id, createTime: _created, ...row }) => row,
  create: (values: SocialClientSaveReqVo) => execute(CreateSocialClientDocument, { input: values }),
  update: (row, values) => execute(UpdateSocialClientDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteSocialClientDocument, { id: row.id }),
});
