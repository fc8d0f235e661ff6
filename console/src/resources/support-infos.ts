import { execute } from '../api/client';
import { graphql } from '../gql';
import type { SupportInfoSaveReqVo, SupportInfoSortField } from '../gql/graphql';
import { classifyTree, commonStatus, supportTerminalTypes, yesNo } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

// The list leaves out the content (up to 100,000 characters each); the form reads it.
const SupportInfoPageDocument = graphql(`
  query ConsoleSupportInfoPage($input: SupportInfoPageReqVO!) {
    supportInfoPage(input: $input) {
      total
      list {
        id
        title
        classifyUuid
        language
        terminalType
        hot
        sort
        status
        createTime
      }
    }
  }
`);

const SupportInfoDocument = graphql(`
  query ConsoleSupportInfo($id: Int64!) {
    supportInfo(id: $id) {
      classifyId
      uuidCode
      title
      language
      terminalType
      hot
      coverImg
      sort
      status
      content
    }
  }
`);

const CreateSupportInfoDocument = graphql(`
  mutation ConsoleCreateSupportInfo($input: SupportInfoSaveReqVO!) {
    createSupportInfo(input: $input) {
      id
    }
  }
`);

const UpdateSupportInfoDocument = graphql(`
  mutation ConsoleUpdateSupportInfo($input: SupportInfoSaveReqVO!) {
    updateSupportInfo(input: $input) {
      id
    }
  }
`);

const DeleteSupportInfoDocument = graphql(`
  mutation ConsoleDeleteSupportInfo($id: Int64!) {
    deleteSupportInfo(id: $id)
  }
`);

const saveInput = (values: Record<string, unknown>) => values as unknown as SupportInfoSaveReqVo;

export default defineResource({
  component: 'content/support-info/index',
  title: 'supportInfos.title',
  permission: 'content:support-info',
  columns: [
    { field: 'title', title: 'content.title', filter: true, sortable: true },
    { field: 'classifyUuid', title: 'supportInfos.classify' },
    { field: 'language', title: 'content.language', filter: true },
    { field: 'terminalType', title: 'content.terminalType', filter: true, options: supportTerminalTypes },
    { field: 'hot', title: 'content.hot', filter: true, options: yesNo },
    { field: 'sort', title: 'common.sort', sortable: true },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'classifyId', label: 'supportInfos.classify', kind: 'treeSelect', required: true, tree: classifyTree },
    { name: 'title', label: 'content.title', kind: 'text', required: true, max: 200 },
    { name: 'uuidCode', label: 'content.uuidCode', kind: 'text', required: true, max: 64 },
    { name: 'language', label: 'content.language', kind: 'text', required: true, max: 10, initialValue: 'en' },
    { name: 'terminalType', label: 'content.terminalType', kind: 'select', required: true, options: supportTerminalTypes, initialValue: 21 },
    { name: 'hot', label: 'content.hot', kind: 'select', required: true, options: yesNo, initialValue: false },
    { name: 'coverImg', label: 'content.coverImg', kind: 'text', max: 512 },
    { name: 'sort', label: 'common.sort', kind: 'number', initialValue: 0 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    { name: 'content', label: 'content.content', kind: 'textarea', required: true, max: 100_000 },
  ],
  list: async (query: ListQuery) => {
    const { supportInfoPage } = await execute(SupportInfoPageDocument, { input: pageInputOf<SupportInfoSortField>(query) });
    return { rows: supportInfoPage.list, total: supportInfoPage.total };
  },
  loadForm: async (row) => (await execute(SupportInfoDocument, { id: row.id })).supportInfo,
  create: (values) => execute(CreateSupportInfoDocument, { input: saveInput(values) }),
  update: (row, values) => execute(UpdateSupportInfoDocument, { input: saveInput({ ...values, id: row.id }) }),
  remove: (row) => execute(DeleteSupportInfoDocument, { id: row.id }),
});
