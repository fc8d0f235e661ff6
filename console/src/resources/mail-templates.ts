import { execute } from '../api/client';
import { graphql } from '../gql';
import { commonStatus } from './options';
import { templateParamFields, templateParamValues } from './template-params';
import { defineResource, type ListQuery } from './types';

const MailTemplatePageDocument = graphql(`
  query ConsoleMailTemplatePage($input: MailTemplatePageReqVO!) {
    mailTemplatePage(input: $input) {
      total
      list {
        id
        name
        code
        languageCode
        title
        nickname
        params
        status
        remark
        createTime
      }
    }
  }
`);

const SendMailDocument = graphql(`
  mutation ConsoleSendMail($input: MailTemplateSendReqVO!) {
    sendMail(input: $input)
  }
`);

const DeleteMailTemplateDocument = graphql(`
  mutation ConsoleDeleteMailTemplate($id: Int64!) {
    deleteMailTemplate(id: $id)
  }
`);

export default defineResource({
  component: 'system/mail-template/index',
  title: 'mailTemplates.title',
  permission: 'system:mail-template',
  columns: [
    { field: 'name', title: 'common.name', filter: true },
    { field: 'code', title: 'common.code', filter: true },
    { field: 'languageCode', title: 'errorCodes.language', filter: true },
    { field: 'title', title: 'notices.noticeTitle' },
    { field: 'nickname', title: 'messaging.sender' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true },
  ],
  fields: [],
  list: async ({ pageNo, pageSize, filters }: ListQuery) => {
    const { mailTemplatePage } = await execute(MailTemplatePageDocument, { input: { pageNo, pageSize, ...filters } });
    return { rows: mailTemplatePage.list, total: mailTemplatePage.total };
  },
  remove: (row) => execute(DeleteMailTemplateDocument, { id: row.id }),
  actions: [
    {
      key: 'send-test',
      label: 'messaging.sendTest',
      permission: 'send-mail',
      doneMessage: 'messaging.testSent',
      fields: (row) => [{ name: 'mail', label: 'messaging.toMail', kind: 'text', required: true, max: 254 }, ...templateParamFields(row.params)],
      // In this template's language, so the send renders this template and not another of its code.
      submit: (row, values) =>
        execute(SendMailDocument, {
          input: { mail: String(values.mail), templateCode: row.code, languageCode: row.languageCode, templateParams: templateParamValues(row.params, values) },
        }),
    },
  ],
});
