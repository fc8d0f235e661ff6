import { execute } from '../api/client';
import { graphql } from '../gql';
import type { SendLogSortField } from '../gql/graphql';
import { sendStatuses } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const MailLogPageDocument = graphql(`
  query ConsoleMailLogPage($input: MailLogPageReqVO!) {
    mailLogPage(input: $input) {
      total
      list {
        id
        toMail
        fromMail
        templateCode
        title
        sendStatus
        sendException
        sendTime
        createTime
      }
    }
  }
`);

export default defineResource({
  component: 'system/mail-log/index',
  title: 'mailLogs.title',
  permission: 'system:mail-log',
  columns: [
    { field: 'toMail', title: 'messaging.toMail', filter: true },
    { field: 'fromMail', title: 'messaging.fromMail' },
    { field: 'templateCode', title: 'messaging.templateCode', filter: true },
    { field: 'title', title: 'notices.noticeTitle' },
    { field: 'sendStatus', title: 'messaging.sendStatus', filter: true, options: sendStatuses },
    { field: 'sendException', title: 'operationLogs.message' },
    { field: 'sendTime', title: 'messaging.sendTime', dateTime: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [],
  list: async (query: ListQuery) => {
    const { mailLogPage } = await execute(MailLogPageDocument, { input: pageInputOf<SendLogSortField>(query) });
    return { rows: mailLogPage.list, total: mailLogPage.total };
  },
});
