import { execute } from '../api/client';
import { graphql } from '../gql';
import type { TenantPackageSaveReqVo, TenantPackageSortField } from '../gql/graphql';
import { commonStatus, menuTree } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const TenantPackagePageDocument = graphql(`
  query ConsoleTenantPackagePage($input: TenantPackagePageReqVO!) {
    tenantPackagePage(input: $input) {
      total
      list {
        id
        name
        status
        remark
        menuIds
        createTime
      }
    }
  }
`);

const CreateTenantPackageDocument = graphql(`
  mutation ConsoleCreateTenantPackage($input: TenantPackageSaveReqVO!) {
    createTenantPackage(input: $input) {
      id
    }
  }
`);

const UpdateTenantPackageDocument = graphql(`
  mutation ConsoleUpdateTenantPackage($input: TenantPackageSaveReqVO!) {
    updateTenantPackage(input: $input) {
      id
    }
  }
`);

const DeleteTenantPackageDocument = graphql(`
  mutation ConsoleDeleteTenantPackage($id: Int64!) {
    deleteTenantPackage(id: $id)
  }
`);

export default defineResource({
  component: 'system/tenant-package/index',
  title: 'tenantPackages.title',
  permission: 'system:tenant-package',
  columns: [
    { field: 'name', title: 'common.name', filter: true, sortable: true },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 30 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 500 },
    { name: 'menuIds', label: 'roles.menus', kind: 'checkTree', tree: menuTree, initialValue: [] },
  ],
  list: async (query: ListQuery) => {
    const { tenantPackagePage } = await execute(TenantPackagePageDocument, { input: pageInputOf<TenantPackageSortField>(query) });
    return { rows: tenantPackagePage.list, total: tenantPackagePage.total };
  },
  toForm: ({ name, status, remark, menuIds }) => ({ name, status, remark, menuIds }),
  create: (values: TenantPackageSaveReqVo) => execute(CreateTenantPackageDocument, { input: values }),
  update: (row, values) => execute(UpdateTenantPackageDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteTenantPackageDocument, { id: row.id }),
});
