import { execute } from '../api/client';
import { graphql } from '../gql';
import type { SmsChannelSaveReqVo, SmsChannelSortField } from '../gql/graphql';
import { commonStatus, smsChannelClientOptions } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const SmsChannelPageDocument = graphql(`
  query ConsoleSmsChannelPage($input: SmsChannelPageReqVO!) {
    smsChannelPage(input: $input) {
      total
      list {
        id
        signature
        code
        apiKey
        apiSecret
        callbackUrl
        status
        remark
        createTime
      }
    }
  }
`);

const CreateSmsChannelDocument = graphql(`
  mutation ConsoleCreateSmsChannel($input: SmsChannelSaveReqVO!) {
    createSmsChannel(input: $input) {
      id
    }
  }
`);

const UpdateSmsChannelDocument = graphql(`
  mutation ConsoleUpdateSmsChannel($input: SmsChannelSaveReqVO!) {
    updateSmsChannel(input: $input) {
      id
    }
  }
`);

const DeleteSmsChannelDocument = graphql(`
  mutation ConsoleDeleteSmsChannel($id: Int64!) {
    deleteSmsChannel(id: $id)
  }
`);

export default defineResource({
  component: 'system/sms-channel/index',
  title: 'smsChannels.title',
  permission: 'system:sms-channel',
  columns: [
    { field: 'signature', title: 'smsChannels.signature', filter: true, sortable: true },
    { field: 'code', title: 'messaging.channel', filter: true, sortable: true },
    { field: 'apiKey', title: 'smsChannels.apiKey' },
    { field: 'apiSecret', title: 'smsChannels.apiSecret' },
    { field: 'callbackUrl', title: 'smsChannels.callbackUrl' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'signature', label: 'smsChannels.signature', kind: 'text', required: true, max: 40 },
    { name: 'code', label: 'messaging.channel', kind: 'select', required: true, options: smsChannelClientOptions },
    // The list's masked key (abc****xyz) and secret (******) keep the stored ones when sent back unchanged;
    // an emptied secret removes it.
    { name: 'apiKey', label: 'smsChannels.apiKey', kind: 'text', required: true, max: 255 },
    { name: 'apiSecret', label: 'smsChannels.apiSecret', kind: 'password', max: 255 },
    { name: 'callbackUrl', label: 'smsChannels.callbackUrl', kind: 'text', max: 500 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 500 },
  ],
  list: async (query: ListQuery) => {
    const { smsChannelPage } = await execute(SmsChannelPageDocument, { input: pageInputOf<SmsChannelSortField>(query) });
    return { rows: smsChannelPage.list, total: smsChannelPage.total };
  },
  toForm: ({ id: _id, createTime: _created, ...row }) => row,
  create: (values: SmsChannelSaveReqVo) => execute(CreateSmsChannelDocument, { input: values }),
  update: (row, values) => execute(UpdateSmsChannelDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteSmsChannelDocument, { id: row.id }),
});
