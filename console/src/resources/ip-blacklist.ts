import { execute } from '../api/client';
import { graphql } from '../gql';
import type { GatewayIpBlacklistSaveReqVo, GatewayIpBlacklistSortField } from '../gql/graphql';
import { commonStatus, yesNo } from './options';
import { i18next } from '../i18n';
import { defineResource, type ListQuery, type Option, pageInputOf } from './types';

const GatewayIpBlacklistPageDocument = graphql(`
  query ConsoleGatewayIpBlacklistPage($input: GatewayIpBlacklistPageReqVO!) {
    gatewayIpBlacklistPage(input: $input) {
      total
      list {
        id
        ip
        ipType
        source
        reason
        status
        expired
        expireTime
        createTime
      }
    }
  }
`);

const CreateGatewayIpBlacklistDocument = graphql(`
  mutation ConsoleCreateGatewayIpBlacklist($input: GatewayIpBlacklistSaveReqVO!) {
    createGatewayIpBlacklist(input: $input) {
      id
    }
  }
`);

const UpdateGatewayIpBlacklistDocument = graphql(`
  mutation ConsoleUpdateGatewayIpBlacklist($input: GatewayIpBlacklistSaveReqVO!) {
    updateGatewayIpBlacklist(input: $input) {
      id
    }
  }
`);

const DeleteGatewayIpBlacklistDocument = graphql(`
  mutation ConsoleDeleteGatewayIpBlacklist($id: Int64!) {
    deleteGatewayIpBlacklist(id: $id)
  }
`);

const RenewIpBlacklistDocument = graphql(`
  mutation ConsoleRenewIpBlacklist($input: GatewayIpBlacklistRenewReqVO!) {
    renewGatewayIpBlacklist(input: $input) {
      id
    }
  }
`);

const ipTypes = (): readonly Option[] => [
  { value: 'EXACT', label: i18next.t('ipBlacklist.exact') },
  { value: 'CIDR', label: i18next.t('ipBlacklist.cidr') },
];

const blacklistSources = (): readonly Option[] => [
  { value: 'MANUAL', label: i18next.t('ipBlacklist.manual') },
  { value: 'ALERT', label: i18next.t('ipBlacklist.alert') },
  { value: 'JOB', label: i18next.t('ipBlacklist.job') },
];

export default defineResource({
  component: 'gateway/ip-blacklist/index',
  title: 'ipBlacklist.title',
  permission: 'gateway:ip-blacklist',
  columns: [
    { field: 'ip', title: 'ipBlacklist.ip', filter: true, sortable: true },
    { field: 'ipType', title: 'ipBlacklist.ipType', filter: true, options: ipTypes },
    { field: 'source', title: 'ipBlacklist.source', filter: true, options: blacklistSources },
    { field: 'reason', title: 'ipBlacklist.reason' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'expired', title: 'ipBlacklist.expired', filter: true, options: yesNo },
    { field: 'expireTime', title: 'ipBlacklist.expireTime', dateTime: true, sortable: true },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'ip', label: 'ipBlacklist.ip', kind: 'text', required: true, max: 64 },
    { name: 'reason', label: 'ipBlacklist.reason', kind: 'textarea', max: 255 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
  ],
  list: async (query: ListQuery) => {
    const { gatewayIpBlacklistPage } = await execute(GatewayIpBlacklistPageDocument, { input: pageInputOf<GatewayIpBlacklistSortField>(query) });
    return { rows: gatewayIpBlacklistPage.list, total: gatewayIpBlacklistPage.total };
  },
  toForm: ({ ip, reason, status }) => ({ ip, reason, status }),
  create: (values: GatewayIpBlacklistSaveReqVo) => execute(CreateGatewayIpBlacklistDocument, { input: values }),
  update: (row, values) => execute(UpdateGatewayIpBlacklistDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteGatewayIpBlacklistDocument, { id: row.id }),
  actions: [
    {
      key: 'renew',
      label: 'ipBlacklist.renew',
      permission: 'renew',
      fields: [{ name: 'extendMinutes', label: 'ipBlacklist.extendMinutes', kind: 'number', required: true, initialValue: 60 }],
      submit: (row, values) => execute(RenewIpBlacklistDocument, { input: { id: row.id, extendMinutes: Number(values.extendMinutes) } }),
    },
  ],
});
