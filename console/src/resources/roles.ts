import { execute } from '../api/client';
import { graphql } from '../gql';
import type { RoleSaveReqVo, RoleSortField } from '../gql/graphql';
import { commonStatus, menuTree } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const RolePageDocument = graphql(`
  query ConsoleRolePage($input: RolePageReqVO!) {
    rolePage(input: $input) {
      total
      list {
        id
        name
        code
        sort
        remark
        status
        createTime
      }
    }
  }
`);

const RoleMenusDocument = graphql(`
  query ConsoleRoleMenus($id: Int64!) {
    role(id: $id) {
      menuIds
    }
  }
`);

const CreateRoleDocument = graphql(`
  mutation ConsoleCreateRole($input: RoleSaveReqVO!) {
    createRole(input: $input) { id }
  }
`);

const UpdateRoleDocument = graphql(`
  mutation ConsoleUpdateRole($input: RoleSaveReqVO!) {
    updateRole(input: $input) { id }
  }
`);

const DeleteRoleDocument = graphql(`
  mutation ConsoleDeleteRole($id: Int64!) {
    deleteRole(id: $id)
  }
`);

const AssignRoleMenusDocument = graphql(`
  mutation ConsoleAssignRoleMenus($roleId: Int64!, $menuIds: [Int64!]!) {
    assignRoleMenus(roleId: $roleId, menuIds: $menuIds)
  }
`);

export default defineResource({
  component: 'system/role/index',
  title: 'roles.title',
  permission: 'system:role',
  columns: [
    { field: 'name', title: 'common.name', filter: true, sortable: true },
    { field: 'code', title: 'common.code', filter: true, sortable: true },
    { field: 'sort', title: 'common.sort', sortable: true },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 30 },
    { name: 'code', label: 'common.code', kind: 'text', required: true, max: 100 },
    { name: 'sort', label: 'common.sort', kind: 'number', required: true, initialValue: 0 },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 500 },
  ],
  list: async (query: ListQuery) => {
    const { rolePage } = await execute(RolePageDocument, { input: pageInputOf<RoleSortField>(query) });
    return { rows: rolePage.list, total: rolePage.total };
  },
  toForm: ({ name, code, sort, remark }) => ({ name, code, sort, remark }),
  create: (values: RoleSaveReqVo) => execute(CreateRoleDocument, { input: values }),
  update: (row, values) => execute(UpdateRoleDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteRoleDocument, { id: row.id }),
  actions: [
    {
      key: 'assign-menus',
      label: 'roles.assignMenus',
      permission: 'assign-menu',
      fields: [{ name: 'menuIds', label: 'roles.menus', kind: 'checkTree', tree: menuTree }],
      load: async (row) => ({ menuIds: (await execute(RoleMenusDocument, { id: row.id })).role.menuIds }),
      submit: (row, values) => execute(AssignRoleMenusDocument, { roleId: row.id, menuIds: (values.menuIds as number[] | undefined) ?? [] }),
    },
  ],
});
