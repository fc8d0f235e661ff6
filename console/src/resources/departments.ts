import { execute } from '../api/client';
import { graphql } from '../gql';
import type { DeptSaveReqVo } from '../gql/graphql';
import { commonStatus, departmentTree } from './options';
import { defineResource, type ListQuery } from './types';

// Every department, enabled or not, flat: the screen builds the tree.
const DeptListDocument = graphql(`
  query ConsoleDeptList($name: String, $status: Int) {
    deptList(name: $name, status: $status) {
      id
      name
      parentId
      sort
      leaderUserId
      phone
      email
      status
      createTime
    }
  }
`);

const CreateDeptDocument = graphql(`
  mutation ConsoleCreateDept($input: DeptSaveReqVO!) {
    createDept(input: $input) { id }
  }
`);

const UpdateDeptDocument = graphql(`
  mutation ConsoleUpdateDept($input: DeptSaveReqVO!) {
    updateDept(input: $input) { id }
  }
`);

const DeleteDeptDocument = graphql(`
  mutation ConsoleDeleteDept($id: Int64!) {
    deleteDept(id: $id)
  }
`);

export default defineResource({
  component: 'system/dept/index',
  title: 'departments.title',
  permission: 'system:dept',
  tree: true,
  columns: [
    { field: 'name', title: 'common.name', filter: true },
    { field: 'sort', title: 'common.sort' },
    { field: 'phone', title: 'departments.phone' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus },
    { field: 'createTime', title: 'common.createdAt', dateTime: true },
  ],
  fields: [
    { name: 'parentId', label: 'departments.parent', kind: 'treeSelect', tree: departmentTree },
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 30 },
    { name: 'sort', label: 'common.sort', kind: 'number', required: true, initialValue: 0 },
    { name: 'phone', label: 'departments.phone', kind: 'text', max: 11 },
    { name: 'email', label: 'departments.email', kind: 'text', max: 50 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
  ],
  list: async ({ filters }: ListQuery) => {
    const { deptList } = await execute(DeptListDocument, filters);
    return { rows: deptList, total: deptList.length };
  },
  toForm: ({ id: _id, createTime: _created, leaderUserId: _leader, ...row }) => ({ ...row, parentId: row.parentId || undefined }),
  create: (values: DeptSaveReqVo) => execute(CreateDeptDocument, { input: values }),
  update: (row, values) => execute(UpdateDeptDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteDeptDocument, { id: row.id }),
});
