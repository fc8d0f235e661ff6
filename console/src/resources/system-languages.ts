import { execute } from '../api/client';
import { graphql } from '../gql';
import type { SystemLanguageSaveReqVo, SystemLanguageSortField } from '../gql/graphql';
import { commonStatus, yesNo } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const SystemLanguagePageDocument = graphql(`
  query ConsoleSystemLanguagePage($input: SystemLanguagePageReqVO!) {
    systemLanguagePage(input: $input) {
      total
      list {
        id
        langCode
        langName
        sort
        showFlag
        status
        remark
        whitelistCountries
        whitelistUserIds
        createTime
      }
    }
  }
`);

const CreateSystemLanguageDocument = graphql(`
  mutation ConsoleCreateSystemLanguage($input: SystemLanguageSaveReqVO!) {
    createSystemLanguage(input: $input) {
      id
    }
  }
`);

const UpdateSystemLanguageDocument = graphql(`
  mutation ConsoleUpdateSystemLanguage($input: SystemLanguageSaveReqVO!) {
    updateSystemLanguage(input: $input) {
      id
    }
  }
`);

const DeleteSystemLanguageDocument = graphql(`
  mutation ConsoleDeleteSystemLanguage($id: Int64!) {
    deleteSystemLanguage(id: $id)
  }
`);

export default defineResource({
  component: 'system/language/index',
  title: 'systemLanguages.title',
  permission: 'system:language',
  columns: [
    { field: 'langCode', title: 'common.code', filter: true, sortable: true },
    { field: 'langName', title: 'common.name', filter: true, sortable: true },
    { field: 'sort', title: 'common.sort', sortable: true },
    { field: 'showFlag', title: 'currencies.shown', filter: true, options: yesNo },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'langCode', label: 'common.code', kind: 'text', required: true, max: 10 },
    { name: 'langName', label: 'common.name', kind: 'text', required: true, max: 64 },
    { name: 'sort', label: 'common.sort', kind: 'number', required: true, initialValue: 0 },
    { name: 'showFlag', label: 'currencies.shown', kind: 'select', required: true, options: yesNo, initialValue: true },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    // Who sees a shown language: ALL admits everyone, an empty list nobody (the server's rule).
    { name: 'whitelistCountries', label: 'systemLanguages.whitelistCountries', kind: 'tags' },
    { name: 'whitelistUserIds', label: 'systemLanguages.whitelistUserIds', kind: 'tags' },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 255 },
  ],
  list: async (query: ListQuery) => {
    const { systemLanguagePage } = await execute(SystemLanguagePageDocument, { input: pageInputOf<SystemLanguageSortField>(query) });
    return { rows: systemLanguagePage.list, total: systemLanguagePage.total };
  },
  toForm: ({ id: _id, createTime: _created, ...row }) => row,
  create: (values: SystemLanguageSaveReqVo) => execute(CreateSystemLanguageDocument, { input: values }),
  update: (row, values) => execute(UpdateSystemLanguageDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteSystemLanguageDocument, { id: row.id }),
});
