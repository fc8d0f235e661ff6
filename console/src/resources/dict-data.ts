import { execute } from '../api/client';
import { graphql } from '../gql';
import type { DictDataSaveReqVo, DictDataSortField } from '../gql/graphql';
import { commonStatus, dictColorTypes, dictTypeOptions } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const DictDataPageDocument = graphql(`
  query ConsoleDictDataPage($input: DictDataPageReqVO!) {
    dictDataPage(input: $input) {
      total
      list {
        id
        dictType
        label
        value
        sort
        status
        colorType
        cssClass
        remark
        createTime
      }
    }
  }
`);

const CreateDictDataDocument = graphql(`
  mutation ConsoleCreateDictData($input: DictDataSaveReqVO!) {
    createDictData(input: $input) {
      id
    }
  }
`);

const UpdateDictDataDocument = graphql(`
  mutation ConsoleUpdateDictData($input: DictDataSaveReqVO!) {
    updateDictData(input: $input) {
      id
    }
  }
`);

const DeleteDictDataDocument = graphql(`
  mutation ConsoleDeleteDictData($id: Int64!) {
    deleteDictData(id: $id)
  }
`);

const saveInput = (values: Record<string, unknown>) => values as unknown as DictDataSaveReqVo;

// No menu of its own: the dictionaries screen links each type to its data here (UNLISTED_SCREENS).
export default defineResource({
  component: 'system/dict/data/index',
  title: 'dictData.title',
  permission: 'system:dict',
  columns: [
    { field: 'dictType', title: 'dictTypes.type', filter: true, options: dictTypeOptions },
    { field: 'label', title: 'dictData.label', filter: true, sortable: true },
    { field: 'value', title: 'dictData.value', sortable: true },
    { field: 'sort', title: 'common.sort', sortable: true },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'colorType', title: 'dictData.colorType', options: dictColorTypes },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'dictType', label: 'dictTypes.type', kind: 'select', required: true, options: dictTypeOptions },
    { name: 'label', label: 'dictData.label', kind: 'text', required: true, max: 100 },
    { name: 'value', label: 'dictData.value', kind: 'text', required: true, max: 100 },
    { name: 'sort', label: 'common.sort', kind: 'number', required: true, initialValue: 0 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    { name: 'colorType', label: 'dictData.colorType', kind: 'select', options: dictColorTypes },
    { name: 'cssClass', label: 'dictData.cssClass', kind: 'text', max: 100 },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 500 },
  ],
  list: async (query: ListQuery) => {
    const { dictDataPage } = await execute(DictDataPageDocument, { input: pageInputOf<DictDataSortField>(query) });
    return { rows: dictDataPage.list, total: dictDataPage.total };
  },
  toForm: ({ dictType, label, value, sort, status, colorType, cssClass, remark }) => ({ dictType, label, value, sort, status, colorType, cssClass, remark }),
  create: (values) => execute(CreateDictDataDocument, { input: saveInput(values) }),
  update: (row, values) => execute(UpdateDictDataDocument, { input: saveInput({ ...values, id: row.id }) }),
  remove: (row) => execute(DeleteDictDataDocument, { id: row.id }),
});
