import { execute } from '../api/client';
import { graphql } from '../gql';
import type { ErrorCodeSaveReqVo, ErrorCodeSortField } from '../gql/graphql';
import { defineResource, type ListQuery, pageInputOf } from './types';

const ErrorCodePageDocument = graphql(`
  query ConsoleErrorCodePage($input: ErrorCodePageReqVO!) {
    errorCodePage(input: $input) {
      total
      list {
        id
        applicationName
        code
        langType
        message
        memo
        createTime
      }
    }
  }
`);

const CreateErrorCodeDocument = graphql(`
  mutation ConsoleCreateErrorCode($input: ErrorCodeSaveReqVO!) {
    createErrorCode(input: $input) {
      id
    }
  }
`);

const UpdateErrorCodeDocument = graphql(`
  mutation ConsoleUpdateErrorCode($input: ErrorCodeSaveReqVO!) {
    updateErrorCode(input: $input) {
      id
    }
  }
`);

const DeleteErrorCodeDocument = graphql(`
  mutation ConsoleDeleteErrorCode($id: Int64!) {
    deleteErrorCode(id: $id)
  }
`);

export default defineResource({
  component: 'system/error-code/index',
  title: 'errorCodes.title',
  permission: 'system:error-code',
  columns: [
    { field: 'applicationName', title: 'errorCodes.application', filter: true, sortable: true },
    { field: 'code', title: 'common.code', filter: true, sortable: true },
    { field: 'langType', title: 'errorCodes.language', filter: true, sortable: true },
    { field: 'message', title: 'errorCodes.message', filter: true },
    { field: 'memo', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'applicationName', label: 'errorCodes.application', kind: 'text', required: true, max: 50 },
    { name: 'code', label: 'common.code', kind: 'number', required: true },
    { name: 'langType', label: 'errorCodes.language', kind: 'text', required: true, max: 10 },
    { name: 'message', label: 'errorCodes.message', kind: 'textarea', required: true, max: 500 },
    { name: 'memo', label: 'common.remark', kind: 'textarea', max: 500 },
  ],
  list: async (query: ListQuery) => {
    const { errorCodePage } = await execute(ErrorCodePageDocument, { input: pageInputOf<ErrorCodeSortField>(query) });
    return { rows: errorCodePage.list, total: errorCodePage.total };
  },
  toForm: ({ applicationName, code, langType, message, memo }) => ({ applicationName, code, langType, message, memo }),
  create: (values: ErrorCodeSaveReqVo) => execute(CreateErrorCodeDocument, { input: values }),
  update: (row, values) => execute(UpdateErrorCodeDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteErrorCodeDocument, { id: row.id }),
});
