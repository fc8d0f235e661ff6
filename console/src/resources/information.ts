import { execute } from '../api/client';
import { graphql } from '../gql';
import type { InformationSaveReqVo, InformationSortField } from '../gql/graphql';
import { informationBusinessTypes, informationTerminalTypes, yesNo } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

// The list leaves out the content (up to 100,000 characters each); the form reads it.
const InformationPageDocument = graphql(`
  query ConsoleInformationPage($input: InformationPageReqVO!) {
    informationPage(input: $input) {
      total
      list {
        id
        title
        businessType
        language
        terminalType
        recommend
        sort
        status
        createTime
      }
    }
  }
`);

const InformationDocument = graphql(`
  query ConsoleInformation($id: Int64!) {
    information(id: $id) {
      uuidCode
      title
      summary
      businessType
      language
      terminalType
      topicType
      recommend
      coverImg
      sort
      status
      content
    }
  }
`);

const CreateInformationDocument = graphql(`
  mutation ConsoleCreateInformation($input: InformationSaveReqVO!) {
    createInformation(input: $input) {
      id
    }
  }
`);

const UpdateInformationDocument = graphql(`
  mutation ConsoleUpdateInformation($input: InformationSaveReqVO!) {
    updateInformation(input: $input) {
      id
    }
  }
`);

const DeleteInformationDocument = graphql(`
  mutation ConsoleDeleteInformation($id: Int64!) {
    deleteInformation(id: $id)
  }
`);

const saveInput = (values: Record<string, unknown>) => values as unknown as InformationSaveReqVo;

export default defineResource({
  component: 'content/information/index',
  title: 'information.title',
  permission: 'content:information',
  columns: [
    { field: 'title', title: 'content.title', filter: true, sortable: true },
    { field: 'businessType', title: 'information.businessType', filter: true, options: informationBusinessTypes },
    { field: 'language', title: 'content.language', filter: true },
    { field: 'terminalType', title: 'content.terminalType', filter: true, options: informationTerminalTypes },
    { field: 'recommend', title: 'information.recommend', filter: true, options: yesNo },
    { field: 'sort', title: 'common.sort', sortable: true },
    { field: 'status', title: 'content.visibility', filter: true, options: yesNo },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'title', label: 'content.title', kind: 'text', required: true, max: 200 },
    { name: 'summary', label: 'information.summary', kind: 'textarea', required: true, max: 500 },
    { name: 'businessType', label: 'information.businessType', kind: 'select', required: true, options: informationBusinessTypes, initialValue: 2 },
    { name: 'language', label: 'content.language', kind: 'text', required: true, max: 10, initialValue: 'en' },
    { name: 'terminalType', label: 'content.terminalType', kind: 'select', required: true, options: informationTerminalTypes, initialValue: 1 },
    { name: 'topicType', label: 'information.topicType', kind: 'number', required: true, initialValue: 0 },
    { name: 'recommend', label: 'information.recommend', kind: 'select', required: true, options: yesNo, initialValue: false },
    { name: 'uuidCode', label: 'content.uuidCode', kind: 'text', max: 64 },
    { name: 'coverImg', label: 'content.coverImg', kind: 'text', max: 512 },
    { name: 'sort', label: 'common.sort', kind: 'number', initialValue: 0 },
    { name: 'status', label: 'content.visibility', kind: 'select', required: true, options: yesNo, initialValue: true },
    { name: 'content', label: 'content.content', kind: 'textarea', required: true, max: 100_000 },
  ],
  list: async (query: ListQuery) => {
    const { informationPage } = await execute(InformationPageDocument, { input: pageInputOf<InformationSortField>(query) });
    return { rows: informationPage.list, total: informationPage.total };
  },
  loadForm: async (row) => (await execute(InformationDocument, { id: row.id })).information,
  create: (values) => execute(CreateInformationDocument, { input: saveInput(values) }),
  update: (row, values) => execute(UpdateInformationDocument, { input: saveInput({ ...values, id: row.id }) }),
  remove: (row) => execute(DeleteInformationDocument, { id: row.id }),
});
