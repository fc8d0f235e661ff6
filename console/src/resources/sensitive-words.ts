import { execute } from '../api/client';
import { graphql } from '../gql';
import type { SensitiveWordSaveVo, SensitiveWordSortField } from '../gql/graphql';
import { commonStatus, sensitiveWordTags } from './options';
import { defineResource, Findings, type ListQuery, pageInputOf } from './types';

const SensitiveWordPageDocument = graphql(`
  query ConsoleSensitiveWordPage($input: SensitiveWordPageReqVO!) {
    sensitiveWordPage(input: $input) {
      total
      list {
        id
        name
        tags
        status
        description
        createTime
      }
    }
  }
`);

const CreateSensitiveWordDocument = graphql(`
  mutation ConsoleCreateSensitiveWord($input: SensitiveWordSaveVO!) {
    createSensitiveWord(input: $input) {
      id
    }
  }
`);

const UpdateSensitiveWordDocument = graphql(`
  mutation ConsoleUpdateSensitiveWord($input: SensitiveWordSaveVO!) {
    updateSensitiveWord(input: $input) {
      id
    }
  }
`);

const DeleteSensitiveWordDocument = graphql(`
  mutation ConsoleDeleteSensitiveWord($id: Int64!) {
    deleteSensitiveWord(id: $id)
  }
`);

const ValidateTextDocument = graphql(`
  query ConsoleValidateText($text: String!, $tags: [String!]) {
    validateText(text: $text, tags: $tags)
  }
`);

export default defineResource({
  component: 'system/sensitive-word/index',
  title: 'sensitiveWords.title',
  permission: 'system:sensitive-word',
  columns: [
    { field: 'name', title: 'sensitiveWords.word', filter: true, sortable: true },
    { field: 'tags', title: 'sensitiveWords.tags' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'description', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'name', label: 'sensitiveWords.word', kind: 'text', required: true, max: 255 },
    { name: 'tags', label: 'sensitiveWords.tags', kind: 'tags', required: true, options: sensitiveWordTags },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    { name: 'description', label: 'common.remark', kind: 'textarea', max: 512 },
  ],
  list: async (query: ListQuery) => {
    const { sensitiveWordPage } = await execute(SensitiveWordPageDocument, { input: pageInputOf<SensitiveWordSortField>(query) });
    return { rows: sensitiveWordPage.list, total: sensitiveWordPage.total };
  },
  toForm: ({ name, tags, status, description }) => ({ name, tags, status, description }),
  create: (values: SensitiveWordSaveVo) => execute(CreateSensitiveWordDocument, { input: values }),
  update: (row, values) => execute(UpdateSensitiveWordDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteSensitiveWordDocument, { id: row.id }),
  listActions: [
    {
      key: 'checkText',
      label: 'sensitiveWords.checkText',
      permission: 'query',
      fields: [
        { name: 'text', label: 'sensitiveWords.text', kind: 'textarea', required: true, max: 100_000 },
        { name: 'tags', label: 'sensitiveWords.tags', kind: 'tags', options: sensitiveWordTags },
      ],
      run: async ({ text, tags }) => {
        const { validateText } = await execute(ValidateTextDocument, { text: String(text), tags: Array.isArray(tags) && tags.length > 0 ? (tags as string[]) : undefined });
        return new Findings('sensitiveWords.found', validateText ?? [], 'sensitiveWords.noneFound');
      },
    },
  ],
});
