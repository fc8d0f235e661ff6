import { execute } from '../api/client';
import { graphql } from '../gql';
import { commonStatus } from './options';
import { defineResource, type ListQuery } from './types';

const ShortLinkRecordPageDocument = graphql(`
  query ConsoleShortLinkRecordPage($input: SysShortLinkRecordPageReqVO!) {
    shortLinkRecordPage(input: $input) {
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

const DeleteShortLinkRecordDocument = graphql(`
  mutation ConsoleDeleteShortLinkRecord($id: Int64!) {
    deleteShortLinkRecord(id: $id)
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
    { field: 'createTime', title: 'common.createdAt', dateTime: true },
  ],
  fields: [],
  list: async ({ pageNo, pageSize, filters }: ListQuery) => {
    const { shortLinkRecordPage } = await execute(ShortLinkRecordPageDocument, { input: { pageNo, pageSize, ...filters } });
    return { rows: shortLinkRecordPage.list, total: shortLinkRecordPage.total };
  },
  remove: (row) => execute(DeleteShortLinkRecordDocument, { id: row.id }),
});
