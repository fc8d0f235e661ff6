import { execute } from '../api/client';
import { graphql } from '../gql';
import type { OperationLogSortField } from '../gql/graphql';
import { successOptions } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const OperationLogPageDocument = graphql(`
  query ConsoleOperationLogPage($input: OperationLogPageReqVO!) {
    operationLogPage(input: $input) {
      total
      list {
        id
        username
        operation
        targetId
        success
        resultCode
        resultMsg
        ip
        durationMs
        requestId
        createTime
      }
    }
  }
`);

export default defineResource({
  component: 'system/operate-log/index',
  title: 'operationLogs.title',
  permission: 'system:operate-log',
  columns: [
    { field: 'username', title: 'operationLogs.user' },
    { field: 'operation', title: 'operationLogs.operation', filter: true },
    { field: 'targetId', title: 'operationLogs.target' },
    { field: 'success', title: 'operationLogs.result', filter: true, options: successOptions },
    { field: 'resultMsg', title: 'operationLogs.message' },
    { field: 'ip', title: 'operationLogs.ip' },
    { field: 'durationMs', title: 'operationLogs.duration' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [],
  list: async (query: ListQuery) => {
    const { operationLogPage } = await execute(OperationLogPageDocument, { input: pageInputOf<OperationLogSortField>(query) });
    return { rows: operationLogPage.list, total: operationLogPage.total };
  },
});
