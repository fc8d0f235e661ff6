import { execute } from '../api/client';
import { graphql } from '../gql';
import type { TenantSaveReqVo, TenantSortField } from '../gql/graphql';
import { commonStatus, tenantPackageOptions } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const TenantPageDocument = graphql(`
  query ConsoleTenantPage($input: TenantPageReqVO!) {
    tenantPage(input: $input) {
      total
      list {
        id
        name
        packageId
        contactName
        contactMobile
        website
        accountCount
        expireTime
        status
        createTime
      }
    }
  }
`);

const CreateTenantDocument = graphql(`
  mutation ConsoleCreateTenant($input: TenantSaveReqVO!) {
    createTenant(input: $input) {
      id
    }
  }
`);

const UpdateTenantDocument = graphql(`
  mutation ConsoleUpdateTenant($input: TenantSaveReqVO!) {
    updateTenant(input: $input) {
      id
    }
  }
`);

const DeleteTenantDocument = graphql(`
  mutation ConsoleDeleteTenant($id: Int64!) {
    deleteTenant(id: $id)
  }
`);

export default defineResource({
  component: 'system/tenant/index',
  title: 'tenants.title',
  permission: 'system:tenant',
  columns: [
    { field: 'name', title: 'common.name', filter: true, sortable: true },
    { field: 'packageId', title: 'tenants.package', filter: true, options: tenantPackageOptions },
    { field: 'contactName', title: 'tenants.contactName', filter: true, sortable: true },
    { field: 'contactMobile', title: 'tenants.contactMobile', filter: true },
    { field: 'accountCount', title: 'tenants.accountCount' },
    { field: 'expireTime', title: 'tenants.expireTime', dateTime: true, sortable: true },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 30 },
    { name: 'packageId', label: 'tenants.package', kind: 'select', required: true, options: tenantPackageOptions },
    // The tenant's administrator, created with it; afterwards it changes its password itself.
    { name: 'username', label: 'tenants.adminUsername', kind: 'text', required: true, min: 4, max: 30, createOnly: true },
    { name: 'password', label: 'tenants.adminPassword', kind: 'password', required: true, min: 4, max: 128, createOnly: true },
    { name: 'contactName', label: 'tenants.contactName', kind: 'text', required: true, max: 30 },
    { name: 'contactMobile', label: 'tenants.contactMobile', kind: 'text', max: 20 },
    { name: 'website', label: 'tenants.website', kind: 'text', max: 255 },
    { name: 'accountCount', label: 'tenants.accountCount', kind: 'number', required: true },
    { name: 'expireTime', label: 'tenants.expireTime', kind: 'dateTime', required: true },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
  ],
  list: async (query: ListQuery) => {
    const { tenantPage } = await execute(TenantPageDocument, { input: pageInputOf<TenantSortField>(query) });
    return { rows: tenantPage.list, total: tenantPage.total };
  },
  toForm: ({ id: _id, createTime: _created, ...row }) => row,
  create: (values: TenantSaveReqVo) => execute(CreateTenantDocument, { input: values }),
  update: (row, values) => execute(UpdateTenantDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteTenantDocument, { id: row.id }),
  // The system tenant (the only one without a package) holds every menu and is never changed here.
  protectedRow: (row) => row.packageId == null,
});
