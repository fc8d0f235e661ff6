import { execute } from '../api/client';
import { graphql } from '../gql';
import type { UserSaveReqVo, UserSortField } from '../gql/graphql';
import { commonStatus, departmentTree, roleOptions } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const UserPageDocument = graphql(`
  query ConsoleUserPage($input: UserPageReqVO!) {
    userPage(input: $input) {
      total
      list {
        id
        username
        nickname
        name
        deptId
        dept {
          name
        }
        mobile
        email
        remark
        status
        createTime
      }
    }
  }
`);

const CreateUserDocument = graphql(`
  mutation ConsoleCreateUser($input: UserSaveReqVO!) {
    createUser(input: $input) { id }
  }
`);

const UpdateUserDocument = graphql(`
  mutation ConsoleUpdateUser($input: UserSaveReqVO!) {
    updateUser(input: $input) { id }
  }
`);

const DeleteUserDocument = graphql(`
  mutation ConsoleDeleteUser($id: Int64!) {
    deleteUser(id: $id)
  }
`);

const UserRolesDocument = graphql(`
  query ConsoleUserRoles($userId: Int64!) {
    userRoleIds(userId: $userId)
  }
`);

const AssignUserRolesDocument = graphql(`
  mutation ConsoleAssignUserRoles($userId: Int64!, $roleIds: [Int64!]!) {
    assignUserRoles(userId: $userId, roleIds: $roleIds)
  }
`);

const ResetUserPasswordDocument = graphql(`
  mutation ConsoleResetUserPassword($input: UserUpdatePasswordReqVO!) {
    updateUserPassword(input: $input)
  }
`);

export default defineResource({
  component: 'system/user/index',
  title: 'users.title',
  permission: 'system:user',
  columns: [
    { field: 'username', title: 'users.username', filter: true, sortable: true },
    { field: 'nickname', title: 'users.nickname' },
    { field: 'name', title: 'users.name' },
    { field: 'mobile', title: 'users.mobile', filter: true },
    { field: 'email', title: 'users.email' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'username', label: 'users.username', kind: 'text', required: true, min: 4, max: 30 },
    // Asked on create only; an update keeps the stored password (reset password changes it).
    { name: 'password', label: 'users.password', kind: 'password', required: true, min: 4, max: 128, createOnly: true },
    { name: 'nickname', label: 'users.nickname', kind: 'text', required: true, max: 30 },
    { name: 'name', label: 'users.name', kind: 'text', required: true, max: 50 },
    { name: 'deptId', label: 'users.dept', kind: 'treeSelect', tree: departmentTree },
    { name: 'mobile', label: 'users.mobile', kind: 'text', max: 11 },
    { name: 'email', label: 'users.email', kind: 'text', max: 50 },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 500 },
  ],
  list: async (query: ListQuery) => {
    const { userPage } = await execute(UserPageDocument, { input: pageInputOf<UserSortField>(query) });
    return { rows: userPage.list, total: userPage.total };
  },
  toForm: ({ id: _id, dept: _dept, createTime: _created, status: _status, ...row }) => row,
  create: (values: UserSaveReqVo) => execute(CreateUserDocument, { input: values }),
  update: (row, values) => execute(UpdateUserDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteUserDocument, { id: row.id }),
  actions: [
    {
      key: 'assign-roles',
      label: 'users.assignRoles',
      permission: 'assign-role',
      fields: [{ name: 'roleIds', label: 'users.roles', kind: 'multiSelect', options: roleOptions }],
      load: async (row) => ({ roleIds: (await execute(UserRolesDocument, { userId: row.id })).userRoleIds }),
      submit: (row, values) => execute(AssignUserRolesDocument, { userId: row.id, roleIds: (values.roleIds as number[] | undefined) ?? [] }),
    },
    {
      key: 'reset-password',
      label: 'users.resetPassword',
      permission: 'update-password',
      fields: [{ name: 'password', label: 'users.password', kind: 'password', required: true, min: 4, max: 128 }],
      submit: (row, values) => execute(ResetUserPasswordDocument, { input: { id: row.id, password: String(values.password) } }),
    },
  ],
});
