import { execute } from '../api/client';
import { graphql } from '../gql';
import type { DictTypeSaveReqVo, DictTypeSortField } from '../gql/graphql';
import { commonStatus } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const DictTypePageDocument = graphql(`
  query ConsoleDictTypePage($input: DictTypePageReqVO!) {
    dictTypePage(input: $input) {
      total
      list {
        id
        name
        type
        status
        remark
        createTime
      }
    }
  }
`);

const CreateDictTypeDocument = graphql(`
  mutation ConsoleCreateDictType($input: DictTypeSaveReqVO!) {
    createDictType(input: $input) {
      id
    }
  }
`);

const UpdateDictTypeDocument = graphql(`
  mutation ConsoleUpdateDictType($input: DictTypeSaveReqVO!) {
    updateDictType(input: $input) {
      id
    }
  }
`);

const DeleteDictTypeDocument = graphql(`
  mutation ConsoleDeleteDictType($id: Int64!) {
    deleteDictType(id: $id)
  }
`);

export default defineResource({
  component: 'system/dict/index',
  title: 'dictTypes.title',
  permission: 'system:dict',
  columns: [
    { field: 'name', title: 'common.name', filter: true, sortable: true },
    { field: 'type', title: 'dictTypes.type', filter: true, sortable: true },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 100 },
    { name: 'type', label: 'dictTypes.type', kind: 'text', required: true, max: 100 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 500 },
  ],
  list: async (query: ListQuery) => {
    const { dictTypePage } = await execute(DictTypePageDocument, { input: pageInputOf<DictTypeSortField>(query) });
    return { rows: dictTypePage.list, total: dictTypePage.total };
  },
  toForm: ({ name, type, status, remark }) => ({ name, type, status, remark }),
  create: (values: DictTypeSaveReqVo) => execute(CreateDictTypeDocument, { input: values }),
  update: (row, values) => execute(UpdateDictTypeDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteDictTypeDocument, { id: row.id }),
  links: [{ key: 'dict-data', label: 'dictData.title', to: (row) => `data?dictType=${encodeURIComponent(row.type)}` }],
});
