import { execute } from '../api/client';
import { graphql } from '../gql';
import type { SmsTemplateSaveReqVo, SmsTemplateSortField } from '../gql/graphql';
import { commonStatus, smsChannelOptions, smsTemplateTypes } from './options';
import { templateParamFields, templateParamValues } from './template-params';
import { defineResource, type ListQuery, pageInputOf } from './types';

const SmsTemplatePageDocument = graphql(`
  query ConsoleSmsTemplatePage($input: SmsTemplatePageReqVO!) {
    smsTemplatePage(input: $input) {
      total
      list {
        id
        type
        name
        code
        channelId
        channelCode
        apiTemplateId
        content
        params
        status
        remark
        createTime
      }
    }
  }
`);

const SendSmsDocument = graphql(`
  mutation ConsoleSendSms($input: SmsTemplateSendReqVO!) {
    sendSms(input: $input)
  }
`);

const CreateSmsTemplateDocument = graphql(`
  mutation ConsoleCreateSmsTemplate($input: SmsTemplateSaveReqVO!) {
    createSmsTemplate(input: $input) { id }
  }
`);

const UpdateSmsTemplateDocument = graphql(`
  mutation ConsoleUpdateSmsTemplate($input: SmsTemplateSaveReqVO!) {
    updateSmsTemplate(input: $input) { id }
  }
`);

const DeleteSmsTemplateDocument = graphql(`
  mutation ConsoleDeleteSmsTemplate($id: Int64!) {
    deleteSmsTemplate(id: $id)
  }
`);

export default defineResource({
  component: 'system/sms-template/index',
  title: 'smsTemplates.title',
  permission: 'system:sms-template',
  columns: [
    { field: 'name', title: 'common.name', filter: true, sortable: true },
    { field: 'code', title: 'common.code', filter: true, sortable: true },
    { field: 'type', title: 'messaging.templateType', filter: true, options: smsTemplateTypes, sortable: true },
    { field: 'channelCode', title: 'messaging.channel' },
    { field: 'apiTemplateId', title: 'smsTemplates.apiTemplateId' },
    { field: 'content', title: 'notices.content' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 63 },
    { name: 'code', label: 'common.code', kind: 'text', required: true, max: 63 },
    { name: 'type', label: 'messaging.templateType', kind: 'select', required: true, options: smsTemplateTypes, initialValue: 2 },
    { name: 'channelId', label: 'messaging.channel', kind: 'select', required: true, options: smsChannelOptions },
    { name: 'apiTemplateId', label: 'smsTemplates.apiTemplateId', kind: 'text', required: true, max: 100 },
    { name: 'content', label: 'notices.content', kind: 'textarea', required: true, max: 500 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 500 },
  ],
  list: async (query: ListQuery) => {
    const { smsTemplatePage } = await execute(SmsTemplatePageDocument, { input: pageInputOf<SmsTemplateSortField>(query) });
    return { rows: smsTemplatePage.list, total: smsTemplatePage.total };
  },
  toForm: ({ name, code, type, channelId, apiTemplateId, content, status, remark }) => ({ name, code, type, channelId, apiTemplateId, content, status, remark }),
  create: (values: SmsTemplateSaveReqVo) => execute(CreateSmsTemplateDocument, { input: values }),
  update: (row, values) => execute(UpdateSmsTemplateDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteSmsTemplateDocument, { id: row.id }),
  actions: [
    {
      key: 'send-test',
      label: 'messaging.sendTest',
      permission: 'send-sms',
      doneMessage: 'messaging.testSent',
      fields: (row) => [{ name: 'mobile', label: 'messaging.mobile', kind: 'text', required: true, max: 21 }, ...templateParamFields(row.params)],
      submit: (row, values) =>
        execute(SendSmsDocument, { input: { mobile: String(values.mobile), templateCode: row.code, templateParams: templateParamValues(row.params, values) } }),
    },
  ],
});
