import { execute } from '../api/client';
import { graphql } from '../gql';
import type { ShortLinkSortField } from '../gql/graphql';
import { commonStatus } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const ShortLinkPageDocument = graphql(`
  query ConsoleShortLinkPage($input: SysShortLinkRecordPageReqVO!) {
    shortLinkPage(input: $input) {
      total
      list {
        id
        code
        shortUrl
        targetUrl
        groupName
        visitCount
        status
        lastVisitTime
        expireTime
        createTime
      }
    }
  }
`);

const DeleteShortLinkDocument = graphql(`
  mutation ConsoleDeleteShortLink($id: Int64!) {
    deleteShortLink(id: $id)
  }
`);

export default defineResource({
  component: 'system/short-link/index',
  title: 'shortLinks.title',
  permission: 'system:short-link',
  columns: [
    { field: 'code', title: 'common.code', filter: true },
    { field: 'shortUrl', title: 'shortLinks.shortUrl' },
    { field: 'targetUrl', title: 'shortLinks.targetUrl', filter: true },
    { field: 'groupName', title: 'shortLinks.group' },
    { field: 'visitCount', title: 'shortLinks.visits' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus },
    { field: 'lastVisitTime', title: 'shortLinks.lastVisit', dateTime: true },
    { field: 'expireTime', title: 'ipBlacklist.expireTime', dateTime: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [],
  list: async (query: ListQuery) => {
    const { shortLinkPage } = await execute(ShortLinkPageDocument, { input: pageInputOf<ShortLinkSortField>(query) });
    return { rows: shortLinkPage.list, total: shortLinkPage.total };
  },
  remove: (row) => execute(DeleteShortLinkDocument, { id: row.id }),
});
