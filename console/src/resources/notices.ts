import { execute } from '../api/client';
import { graphql } from '../gql';
import type { NoticeSaveReqVo, NoticeSortField } from '../gql/graphql';
import { commonStatus, noticeTypes } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const NoticePageDocument = graphql(`
  query ConsoleNoticePage($input: NoticePageReqVO!) {
    noticePage(input: $input) {
      total
      list {
        id
        title
        type
        content
        status
        createTime
      }
    }
  }
`);

const CreateNoticeDocument = graphql(`
  mutation ConsoleCreateNotice($input: NoticeSaveReqVO!) {
    createNotice(input: $input) { id }
  }
`);

const UpdateNoticeDocument = graphql(`
  mutation ConsoleUpdateNotice($input: NoticeSaveReqVO!) {
    updateNotice(input: $input) { id }
  }
`);

const DeleteNoticeDocument = graphql(`
  mutation ConsoleDeleteNotice($id: Int64!) {
    deleteNotice(id: $id)
  }
`);

export default defineResource({
  component: 'system/notice/index',
  title: 'notices.title',
  permission: 'system:notice',
  columns: [
    { field: 'title', title: 'notices.noticeTitle', filter: true, sortable: true },
    { field: 'type', title: 'notices.type', filter: true, options: noticeTypes, sortable: true },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'title', label: 'notices.noticeTitle', kind: 'text', required: true, max: 50 },
    { name: 'type', label: 'notices.type', kind: 'select', required: true, options: noticeTypes, initialValue: 1 },
    { name: 'content', label: 'notices.content', kind: 'textarea', required: true, max: 65535 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
  ],
  list: async (query: ListQuery) => {
    const { noticePage } = await execute(NoticePageDocument, { input: pageInputOf<NoticeSortField>(query) });
    return { rows: noticePage.list, total: noticePage.total };
  },
  toForm: ({ title, type, content, status }) => ({ title, type, content, status }),
  create: (values: NoticeSaveReqVo) => execute(CreateNoticeDocument, { input: values }),
  update: (row, values) => execute(UpdateNoticeDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteNoticeDocument, { id: row.id }),
});
