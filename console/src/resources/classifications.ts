import { execute } from '../api/client';
import { graphql } from '../gql';
import type { CommonClassifySaveReqVo } from '../gql/graphql';
import { classifyPositionTypes, classifyTree, commonStatus, yesNo } from './options';
import { defineResource, type ListQuery } from './types';

const ClassifyPageDocument = graphql(`
  query ConsoleClassifyPage($input: CommonClassifyPageReqVO!) {
    commonClassifyPage(input: $input) {
      total
      list {
        id
        parentId
        uuidCode
        className
        language
        positionType
        isHot
        sort
        status
        createTime
      }
    }
  }
`);

const CreateClassifyDocument = graphql(`
  mutation ConsoleCreateClassify($input: CommonClassifySaveReqVO!) {
    createCommonClassify(input: $input) {
      id
    }
  }
`);

const UpdateClassifyDocument = graphql(`
  mutation ConsoleUpdateClassify($input: CommonClassifySaveReqVO!) {
    updateCommonClassify(input: $input) {
      id
    }
  }
`);

const DeleteClassifyDocument = graphql(`
  mutation ConsoleDeleteClassify($id: Int64!) {
    deleteCommonClassify(id: $id)
  }
`);

/** The server's largest page: a tree shows every classification, read page after page. */
const PAGE_SIZE = 100;

const saveInput = (values: Record<string, unknown>) => ({ ...values, parentId: values.parentId ?? 0 }) as unknown as CommonClassifySaveReqVo;

export default defineResource({
  component: 'content/classify/index',
  title: 'classifications.title',
  permission: 'content:classify',
  tree: true,
  columns: [
    { field: 'className', title: 'common.name', filter: true },
    { field: 'uuidCode', title: 'content.uuidCode' },
    { field: 'language', title: 'content.language', filter: true },
    { field: 'positionType', title: 'classifications.positionType', filter: true, options: classifyPositionTypes },
    { field: 'isHot', title: 'content.hot', options: yesNo },
    { field: 'sort', title: 'common.sort' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus },
    { field: 'createTime', title: 'common.createdAt', dateTime: true },
  ],
  fields: [
    { name: 'parentId', label: 'classifications.parent', kind: 'treeSelect', tree: classifyTree },
    { name: 'className', label: 'common.name', kind: 'text', required: true, max: 100 },
    { name: 'uuidCode', label: 'content.uuidCode', kind: 'text', required: true, max: 64 },
    { name: 'language', label: 'content.language', kind: 'text', required: true, max: 10, initialValue: 'en' },
    { name: 'positionType', label: 'classifications.positionType', kind: 'select', required: true, options: classifyPositionTypes, initialValue: 1 },
    { name: 'isHot', label: 'content.hot', kind: 'select', options: yesNo, initialValue: false },
    { name: 'sort', label: 'common.sort', kind: 'number', required: true, initialValue: 0 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
  ],
  list: async ({ filters }: ListQuery) => {
    const first = (await execute(ClassifyPageDocument, { input: { pageNo: 1, pageSize: PAGE_SIZE, ...filters } })).commonClassifyPage;
    const rest = await Promise.all(
      Array.from({ length: Math.ceil(first.total / PAGE_SIZE) - 1 }, async (_, index) =>
        (await execute(ClassifyPageDocument, { input: { pageNo: index + 2, pageSize: PAGE_SIZE, ...filters } })).commonClassifyPage.list,
      ),
    );
    const rows = [...first.list, ...rest.flat()];
    return { rows, total: rows.length };
  },
  toForm: ({ parentId, uuidCode, className, language, positionType, isHot, sort, status }) => ({
    parentId: parentId || undefined,
    uuidCode,
    className,
    language,
    positionType,
    isHot,
    sort,
    status,
  }),
  create: (values) => execute(CreateClassifyDocument, { input: saveInput(values) }),
  update: (row, values) => execute(UpdateClassifyDocument, { input: saveInput({ ...values, id: row.id }) }),
  remove: (row) => execute(DeleteClassifyDocument, { id: row.id }),
});
