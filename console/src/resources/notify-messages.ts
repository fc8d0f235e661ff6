import { execute } from '../api/client';
import { graphql } from '../gql';
import type { NotifyMessageSortField } from '../gql/graphql';
import { userTypes, yesNo } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const NotifyMessagePageDocument = graphql(`
  query ConsoleNotifyMessagePage($input: NotifyMessagePageReqVO!) {
    notifyMessagePage(input: $input) {
      total
      list {
        id
        userId
        userType
        templateCode
        templateNickname
        templateContent
        readStatus
        readTime
        createTime
      }
    }
  }
`);

export default defineResource({
  component: 'system/notify-message/index',
  title: 'notifyMessages.title',
  permission: 'system:notify-message',
  columns: [
    { field: 'userId', title: 'oauth2Tokens.user', filter: true },
    { field: 'userType', title: 'oauth2Tokens.userType', filter: true, options: userTypes },
    { field: 'templateCode', title: 'messaging.templateCode', filter: true },
    { field: 'templateNickname', title: 'messaging.sender' },
    { field: 'templateContent', title: 'notices.content' },
    { field: 'readStatus', title: 'messaging.read', filter: true, options: yesNo },
    { field: 'readTime', title: 'messaging.readTime', dateTime: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [],
  list: async (query: ListQuery) => {
    const { notifyMessagePage } = await execute(NotifyMessagePageDocument, { input: pageInputOf<NotifyMessageSortField>(query) });
    return { rows: notifyMessagePage.list, total: notifyMessagePage.total };
  },
});
