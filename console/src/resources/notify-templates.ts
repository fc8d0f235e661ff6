import { execute } from '../api/client';
import { graphql } from '../gql';
import type { NotifyTemplateSaveReqVo, NotifyTemplateSortField } from '../gql/graphql';
import { commonStatus, notifyTemplateTypes, personUserTypes } from './options';
import { templateParamFields, templateParamValues } from './template-params';
import { defineResource, type ListQuery, pageInputOf } from './types';

const NotifyTemplatePageDocument = graphql(`
  query ConsoleNotifyTemplatePage($input: NotifyTemplatePageReqVO!) {
    notifyTemplatePage(input: $input) {
      total
      list {
        id
        type
        name
        code
        languageCode
        nickname
        content
        params
        status
        remark
        createTime
      }
    }
  }
`);

const SendNotifyDocument = graphql(`
  mutation ConsoleSendNotify($input: NotifyTemplateSendReqVO!) {
    sendNotify(input: $input)
  }
`);

const CreateNotifyTemplateDocument = graphql(`
  mutation ConsoleCreateNotifyTemplate($input: NotifyTemplateSaveReqVO!) {
    createNotifyTemplate(input: $input) { id }
  }
`);

const UpdateNotifyTemplateDocument = graphql(`
  mutation ConsoleUpdateNotifyTemplate($input: NotifyTemplateSaveReqVO!) {
    updateNotifyTemplate(input: $input) { id }
  }
`);

const DeleteNotifyTemplateDocument = graphql(`
  mutation ConsoleDeleteNotifyTemplate($id: Int64!) {
    deleteNotifyTemplate(id: $id)
  }
`);

export default defineResource({
  component: 'system/notify-template/index',
  title: 'notifyTemplates.title',
  permission: 'system:notify-template',
  columns: [
    { field: 'name', title: 'common.name', filter: true, sortable: true },
    { field: 'code', title: 'common.code', filter: true, sortable: true },
    { field: 'languageCode', title: 'errorCodes.language', filter: true, sortable: true },
    { field: 'type', title: 'messaging.templateType', filter: true, options: notifyTemplateTypes, sortable: true },
    { field: 'nickname', title: 'messaging.sender' },
    { field: 'content', title: 'notices.content' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus, sortable: true },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 63 },
    { name: 'code', label: 'common.code', kind: 'text', required: true, max: 63 },
    { name: 'languageCode', label: 'errorCodes.language', kind: 'text', required: true, max: 10 },
    { name: 'type', label: 'messaging.templateType', kind: 'select', required: true, options: notifyTemplateTypes, initialValue: 1 },
    { name: 'nickname', label: 'messaging.sender', kind: 'text', required: true, max: 255 },
    { name: 'content', label: 'notices.content', kind: 'textarea', required: true, max: 2000 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 500 },
  ],
  list: async (query: ListQuery) => {
    const { notifyTemplatePage } = await execute(NotifyTemplatePageDocument, { input: pageInputOf<NotifyTemplateSortField>(query) });
    return { rows: notifyTemplatePage.list, total: notifyTemplatePage.total };
  },
  toForm: ({ name, code, languageCode, type, nickname, content, status, remark }) => ({ name, code, languageCode, type, nickname, content, status, remark }),
  create: (values: NotifyTemplateSaveReqVo) => execute(CreateNotifyTemplateDocument, { input: values }),
  update: (row, values) => execute(UpdateNotifyTemplateDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteNotifyTemplateDocument, { id: row.id }),
  actions: [
    {
      key: 'send-test',
      label: 'messaging.sendTest',
      permission: 'send-notify',
      doneMessage: 'messaging.testSent',
      fields: (row) => [
        { name: 'userType', label: 'oauth2Tokens.userType', kind: 'select', required: true, options: personUserTypes, initialValue: 2 },
        { name: 'userId', label: 'oauth2Tokens.user', kind: 'number', required: true },
        ...templateParamFields(row.params),
      ],
      submit: (row, values) =>
        execute(SendNotifyDocument, {
          input: {
            userType: Number(values.userType),
            userId: Number(values.userId),
            templateCode: row.code,
            languageCode: row.languageCode,
            templateParams: templateParamValues(row.params, values),
          },
        }),
    },
  ],
});
