import { execute } from '../api/client';
import { graphql } from '../gql';
import type { PostSaveReqVo, PostSortField } from '../gql/graphql';
import { commonStatus } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const PostPageDocument = graphql(`
  query ConsolePostPage($input: PostPageReqVO!) {
    postPage(input: $input) {
      total
      list {
        id
        name
        code
        sort
        status
        remark
        createTime
      }
    }
  }
`);

const CreatePostDocument = graphql(`
  mutation ConsoleCreatePost($input: PostSaveReqVO!) {
    createPost(input: $input) { id }
  }
`);

const UpdatePostDocument = graphql(`
  mutation ConsoleUpdatePost($input: PostSaveReqVO!) {
    updatePost(input: $input) { id }
  }
`);

const DeletePostDocument = graphql(`
  mutation ConsoleDeletePost($id: Int64!) {
    deletePost(id: $id)
  }
`);

export default defineResource({
  component: 'system/post/index',
  title: 'posts.title',
  permission: 'system:post',
  columns: [
    { field: 'name', title: 'common.name', filter: true, sortable: true },
    { field: 'code', title: 'common.code', filter: true, sortable: true },
    { field: 'sort', title: 'common.sort', sortable: true },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 50 },
    { name: 'code', label: 'common.code', kind: 'text', required: true, max: 64 },
    { name: 'sort', label: 'common.sort', kind: 'number', required: true, initialValue: 0 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 500 },
  ],
  list: async (query: ListQuery) => {
    const { postPage } = await execute(PostPageDocument, { input: pageInputOf<PostSortField>(query) });
    return { rows: postPage.list, total: postPage.total };
  },
  toForm: ({ name, code, sort, status, remark }) => ({ name, code, sort, status, remark }),
  create: (values: PostSaveReqVo) => execute(CreatePostDocument, { input: values }),
  update: (row, values) => execute(UpdatePostDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeletePostDocument, { id: row.id }),
});
