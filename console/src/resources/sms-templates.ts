import { execute } from '../api/client';
import { graphql } from '../gql';
import { commonStatus } from './options';
import { templateParamFields, templateParamValues } from './template-params';
import { defineResource, type ListQuery } from './types';

const SmsTemplatePageDocument = graphql(`
  query ConsoleSmsTemplatePage($input: SmsTemplatePageReqVO!) {
    smsTemplatePage(input: $input) {
      total
      list {
        id
        name
        code
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
    { field: 'name', title: 'common.name', filter: true },
    { field: 'code', title: 'common.code', filter: true },
    { field: 'channelCode', title: 'messaging.channel' },
    { field: 'apiTemplateId', title: 'smsTemplates.apiTemplateId' },
    { field: 'content', title: 'notices.content' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true },
  ],
  fields: [],
  list: async ({ pageNo, pageSize, filters }: ListQuery) => {
    const { smsTemplatePage } = await execute(SmsTemplatePageDocument, { input: { pageNo, pageSize, ...filters } });
    return { rows: smsTemplatePage.list, total: smsTemplatePage.total };
  },
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
