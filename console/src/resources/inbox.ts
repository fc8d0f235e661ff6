import { execute } from '../api/client';
import { graphql } from '../gql';
import type { MyNotifyMessageSortField } from '../gql/graphql';
import { UNREAD_COUNT_QUERY_KEY } from '../layout/unread';
import { notifyTemplateTypes, yesNo } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const MyNotifyMessagePageDocument = graphql(`
  query ConsoleMyNotifyMessagePage($input: MyNotifyMessagePageReqVO!) {
    myNotifyMessagePage(input: $input) {
      total
      list {
        id
        templateNickname
        templateContent
        templateType
        readStatus
        readTime
        createTime
      }
    }
  }
`);

const MarkReadDocument = graphql(`
  mutation ConsoleMarkNotifyMessagesRead($ids: [Int64!]!) {
    markNotifyMessagesRead(ids: $ids)
  }
`);

const MarkAllReadDocument = graphql(`
  mutation ConsoleMarkAllNotifyMessagesRead {
    markAllNotifyMessagesRead
  }
`);

// The signed-in administrator's own messages, opened from the header's bell (UNLISTED_SCREENS): any
// administrator reads and marks their own, so its actions need no permission.
export default defineResource({
  component: 'system/notify-message/my',
  title: 'inbox.title',
  permission: 'system:notify-message',
  columns: [
    { field: 'templateNickname', title: 'messaging.sender' },
    { field: 'templateContent', title: 'notices.content' },
    { field: 'templateType', title: 'inbox.type', options: notifyTemplateTypes },
    { field: 'readStatus', title: 'messaging.read', filter: true, options: yesNo },
    { field: 'createTime', title: 'inbox.receivedAt', dateTime: true },
    { field: 'readTime', title: 'messaging.readTime', dateTime: true },
  ],
  fields: [],
  list: async (query: ListQuery) => {
    const { myNotifyMessagePage } = await execute(MyNotifyMessagePageDocument, { input: pageInputOf<MyNotifyMessageSortField>(query) });
    return { rows: myNotifyMessagePage.list, total: myNotifyMessagePage.total };
  },
  actions: [{ key: 'mark-read', label: 'inbox.markRead', when: (row) => !row.readStatus, submit: (row) => execute(MarkReadDocument, { ids: [row.id] }) }],
  listActions: [{ key: 'mark-all-read', label: 'inbox.markAllRead', run: () => execute(MarkAllReadDocument) }],
  invalidates: [UNREAD_COUNT_QUERY_KEY],
});
