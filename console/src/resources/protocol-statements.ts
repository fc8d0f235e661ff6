import { execute } from '../api/client';
import { graphql } from '../gql';
import type { ProtocolStatementSaveReqVo, ProtocolStatementSortField } from '../gql/graphql';
import { protocolPositionTypes, yesNo } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

// The list leaves out the content (up to 100,000 characters each); the form reads it.
const ProtocolStatementPageDocument = graphql(`
  query ConsoleProtocolStatementPage($input: ProtocolStatementPageReqVO!) {
    protocolStatementPage(input: $input) {
      total
      list {
        id
        title
        positionType
        language
        sort
        status
        createTime
      }
    }
  }
`);

const ProtocolStatementDocument = graphql(`
  query ConsoleProtocolStatement($id: Int64!) {
    protocolStatement(id: $id) {
      uuidCode
      title
      positionType
      language
      sort
      status
      content
    }
  }
`);

const CreateProtocolStatementDocument = graphql(`
  mutation ConsoleCreateProtocolStatement($input: ProtocolStatementSaveReqVO!) {
    createProtocolStatement(input: $input) {
      id
    }
  }
`);

const UpdateProtocolStatementDocument = graphql(`
  mutation ConsoleUpdateProtocolStatement($input: ProtocolStatementSaveReqVO!) {
    updateProtocolStatement(input: $input) {
      id
    }
  }
`);

const DeleteProtocolStatementDocument = graphql(`
  mutation ConsoleDeleteProtocolStatement($id: Int64!) {
    deleteProtocolStatement(id: $id)
  }
`);

const saveInput = (values: Record<string, unknown>) => values as unknown as ProtocolStatementSaveReqVo;

export default defineResource({
  component: 'content/protocol-statement/index',
  title: 'protocolStatements.title',
  permission: 'content:protocol-statement',
  columns: [
    { field: 'title', title: 'content.title', filter: true, sortable: true },
    { field: 'positionType', title: 'protocolStatements.positionType', filter: true, options: protocolPositionTypes, sortable: true },
    { field: 'language', title: 'content.language', filter: true },
    { field: 'sort', title: 'common.sort', sortable: true },
    { field: 'status', title: 'content.visibility', filter: true, options: yesNo },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'title', label: 'content.title', kind: 'text', required: true, max: 200 },
    { name: 'positionType', label: 'protocolStatements.positionType', kind: 'select', required: true, options: protocolPositionTypes, initialValue: 1 },
    { name: 'language', label: 'content.language', kind: 'text', required: true, max: 10, initialValue: 'en' },
    { name: 'uuidCode', label: 'content.uuidCode', kind: 'text', max: 64 },
    { name: 'sort', label: 'common.sort', kind: 'number', initialValue: 0 },
    { name: 'status', label: 'content.visibility', kind: 'select', required: true, options: yesNo, initialValue: true },
    { name: 'content', label: 'content.content', kind: 'textarea', required: true, max: 100_000 },
  ],
  list: async (query: ListQuery) => {
    const { protocolStatementPage } = await execute(ProtocolStatementPageDocument, { input: pageInputOf<ProtocolStatementSortField>(query) });
    return { rows: protocolStatementPage.list, total: protocolStatementPage.total };
  },
  loadForm: async (row) => (await execute(ProtocolStatementDocument, { id: row.id })).protocolStatement,
  create: (values) => execute(CreateProtocolStatementDocument, { input: saveInput(values) }),
  update: (row, values) => execute(UpdateProtocolStatementDocument, { input: saveInput({ ...values, id: row.id }) }),
  remove: (row) => execute(DeleteProtocolStatementDocument, { id: row.id }),
});
