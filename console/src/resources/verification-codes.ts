import { execute } from '../api/client';
import { graphql } from '../gql';
import type { VerificationCodeSortField } from '../gql/graphql';
import { yesNo } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const VerificationCodePageDocument = graphql(`
  query ConsoleVerificationCodePage($input: VerificationCodePageReqVO!) {
    verificationCodePage(input: $input) {
      total
      list {
        id
        channel
        target
        scene
        attempts
        used
        createIp
        usedTime
        expireTime
        createTime
      }
    }
  }
`);

export default defineResource({
  component: 'system/verification-code/index',
  title: 'verificationCodes.title',
  permission: 'system:verification-code',
  columns: [
    { field: 'target', title: 'verificationCodes.target', filter: true },
    { field: 'channel', title: 'messaging.channel', filter: true },
    { field: 'scene', title: 'verificationCodes.scene', filter: true },
    { field: 'attempts', title: 'verificationCodes.attempts' },
    { field: 'used', title: 'verificationCodes.used', filter: true, options: yesNo },
    { field: 'createIp', title: 'operationLogs.ip' },
    { field: 'usedTime', title: 'verificationCodes.usedTime', dateTime: true },
    { field: 'expireTime', title: 'ipBlacklist.expireTime', dateTime: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true },
  ],
  fields: [],
  list: async (query: ListQuery) => {
    const { verificationCodePage } = await execute(VerificationCodePageDocument, { input: pageInputOf<VerificationCodeSortField>(query) });
    return { rows: verificationCodePage.list, total: verificationCodePage.total };
  },
});
