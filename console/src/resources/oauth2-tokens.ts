import { execute } from '../api/client';
import { graphql } from '../gql';
import type { OAuth2AccessTokenSortField } from '../gql/graphql';
import { userTypes } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const OAuth2TokenPageDocument = graphql(`
  query ConsoleOAuth2TokenPage($input: OAuth2AccessTokenPageReqVO!) {
    oauth2TokenPage(input: $input) {
      total
      list {
        id
        clientId
        userId
        userType
        accessToken
        expiresTime
        createTime
      }
    }
  }
`);

const RevokeOAuth2TokenDocument = graphql(`
  mutation ConsoleRevokeOAuth2Token($id: Int64!) {
    deleteOauth2Token(id: $id)
  }
`);

export default defineResource({
  component: 'system/oauth2-token/index',
  title: 'oauth2Tokens.title',
  permission: 'system:oauth2-token',
  columns: [
    { field: 'clientId', title: 'oauth2Tokens.client', filter: true },
    { field: 'userId', title: 'oauth2Tokens.user' },
    { field: 'userType', title: 'oauth2Tokens.userType', filter: true, options: userTypes },
    { field: 'accessToken', title: 'oauth2Tokens.accessToken' },
    { field: 'expiresTime', title: 'oauth2Tokens.expires', dateTime: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true },
  ],
  fields: [],
  list: async (query: ListQuery) => {
    const { oauth2TokenPage } = await execute(OAuth2TokenPageDocument, { input: pageInputOf<OAuth2AccessTokenSortField>(query) });
    return { rows: oauth2TokenPage.list, total: oauth2TokenPage.total };
  },
  remove: (row) => execute(RevokeOAuth2TokenDocument, { id: row.id }),
});
