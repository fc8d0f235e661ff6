import { execute } from '../api/client';
import { graphql } from '../gql';
import type { ShortLinkGroupSortField, SysShortLinkGroupSaveReqVo } from '../gql/graphql';
import { defineResource, type ListQuery, pageInputOf } from './types';

const ShortLinkGroupPageDocument = graphql(`
  query ConsoleShortLinkGroupPage($input: SysShortLinkGroupPageReqVO!) {
    shortLinkGroupPage(input: $input) {
      total
      list {
        id
        groupName
        groupCode
        sort
        description
        remark
        createTime
      }
    }
  }
`);

const CreateShortLinkGroupDocument = graphql(`
  mutation ConsoleCreateShortLinkGroup($input: SysShortLinkGroupSaveReqVO!) {
    createShortLinkGroup(input: $input) {
      id
    }
  }
`);

const UpdateShortLinkGroupDocument = graphql(`
  mutation ConsoleUpdateShortLinkGroup($input: SysShortLinkGroupSaveReqVO!) {
    updateShortLinkGroup(input: $input) {
      id
    }
  }
`);

const DeleteShortLinkGroupDocument = graphql(`
  mutation ConsoleDeleteShortLinkGroup($id: Int64!) {
    deleteShortLinkGroup(id: $id)
  }
`);

export default defineResource({
  component: 'system/short-link-group/index',
  title: 'shortLinkGroups.title',
  permission: 'system:short-link-group',
  columns: [
    { field: 'groupName', title: 'common.name', filter: true, sortable: true },
    { field: 'groupCode', title: 'common.code', filter: true, sortable: true },
    { field: 'sort', title: 'common.sort', sortable: true },
    { field: 'description', title: 'shortLinkGroups.description' },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'groupName', label: 'common.name', kind: 'text', required: true, max: 64 },
    { name: 'groupCode', label: 'common.code', kind: 'text', max: 64 },
    { name: 'sort', label: 'common.sort', kind: 'number', initialValue: 0 },
    { name: 'description', label: 'shortLinkGroups.description', kind: 'textarea', max: 255 },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 255 },
  ],
  list: async (query: ListQuery) => {
    const { shortLinkGroupPage } = await execute(ShortLinkGroupPageDocument, { input: pageInputOf<ShortLinkGroupSortField>(query) });
    return { rows: shortLinkGroupPage.list, total: shortLinkGroupPage.total };
  },
  toForm: ({ groupName, groupCode, sort, description, remark }) => ({ groupName, groupCode, sort, description, remark }),
  create: (values: SysShortLinkGroupSaveReqVo) => execute(CreateShortLinkGroupDocument, { input: values }),
  update: (row, values) => execute(UpdateShortLinkGroupDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteShortLinkGroupDocument, { id: row.id }),
});
