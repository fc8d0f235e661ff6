import { execute } from '../api/client';
import { graphql } from '../gql';
import type { MailTemplateSaveReqVo, MailTemplateSortField } from '../gql/graphql';
import { commonStatus, mailAccountOptions } from './options';
import { templateParamFields, templateParamValues } from './template-params';
import { defineResource, type ListQuery, pageInputOf } from './types';

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

// The HTML body (up to 20000 characters) stays out of the list; the edit form fetches it.
const MailTemplateDocument = graphql(`
  query ConsoleMailTemplate($id: Int64!) {
    mailTemplate(id: $id) {
      name
      code
      accountId
      languageCode
      nickname
      title
      content
      status
      remark
    }
  }
`);

const CreateMailTemplateDocument = graphql(`
  mutation ConsoleCreateMailTemplate($input: MailTemplateSaveReqVO!) {
    createMailTemplate(input: $input) { id }
  }
`);

const UpdateMailTemplateDocument = graphql(`
  mutation ConsoleUpdateMailTemplate($input: MailTemplateSaveReqVO!) {
    updateMailTemplate(input: $input) { id }
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
    { field: 'name', title: 'common.name', filter: true, sortable: true },
    { field: 'code', title: 'common.code', filter: true, sortable: true },
    { field: 'languageCode', title: 'errorCodes.language', filter: true, sortable: true },
    { field: 'title', title: 'notices.noticeTitle' },
    { field: 'nickname', title: 'messaging.sender' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 63 },
    { name: 'code', label: 'common.code', kind: 'text', required: true, max: 63 },
    { name: 'languageCode', label: 'errorCodes.language', kind: 'text', required: true, max: 10 },
    { name: 'accountId', label: 'messaging.mailAccount', kind: 'select', required: true, options: mailAccountOptions },
    { name: 'nickname', label: 'messaging.sender', kind: 'text', max: 255 },
    { name: 'title', label: 'notices.noticeTitle', kind: 'text', required: true, max: 255 },
    { name: 'content', label: 'notices.content', kind: 'textarea', required: true, max: 20000 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 500 },
  ],
  list: async (query: ListQuery) => {
    const { mailTemplatePage } = await execute(MailTemplatePageDocument, { input: pageInputOf<MailTemplateSortField>(query) });
    return { rows: mailTemplatePage.list, total: mailTemplatePage.total };
  },
  loadForm: async (row) => {
    const { mailTemplate } = await execute(MailTemplateDocument, { id: row.id });
    return { ...mailTemplate };
  },
  create: (values: MailTemplateSaveReqVo) => execute(CreateMailTemplateDocument, { input: values }),
  update: (row, values) => execute(UpdateMailTemplateDocument, { input: { ...values, id: row.id } }),
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
