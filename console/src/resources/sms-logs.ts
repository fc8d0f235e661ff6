import { execute } from '../api/client';
import { graphql } from '../gql';
import type { SendLogSortField } from '../gql/graphql';
import { sendStatuses } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const SmsLogPageDocument = graphql(`
  query ConsoleSmsLogPage($input: SmsLogPageReqVO!) {
    smsLogPage(input: $input) {
      total
      list {
        id
        mobile
        templateCode
        channelCode
        content
        sendStatus
        apiSendMsg
        sendTime
        createTime
      }
    }
  }
`);

export default defineResource({
  component: 'system/sms-log/index',
  title: 'smsLogs.title',
  permission: 'system:sms-log',
  columns: [
    { field: 'mobile', title: 'users.mobile', filter: true },
    { field: 'templateCode', title: 'messaging.templateCode', filter: true },
    { field: 'channelCode', title: 'messaging.channel' },
    { field: 'content', title: 'notices.content' },
    { field: 'sendStatus', title: 'messaging.sendStatus', filter: true, options: sendStatuses },
    { field: 'apiSendMsg', title: 'operationLogs.message' },
    { field: 'sendTime', title: 'messaging.sendTime', dateTime: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [],
  list: async (query: ListQuery) => {
    const { smsLogPage } = await execute(SmsLogPageDocument, { input: pageInputOf<SendLogSortField>(query) });
    return { rows: smsLogPage.list, total: smsLogPage.total };
  },
});
