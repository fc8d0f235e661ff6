import { execute } from '../api/client';
import { graphql } from '../gql';
import { commonStatus, personUserTypes } from './options';
import { templateParamFields, templateParamValues } from './template-params';
import { defineResource, type ListQuery } from './types';

const NotifyTemplatePageDocument = graphql(`
  query ConsoleNotifyTemplatePage($input: NotifyTemplatePageReqVO!) {
    notifyTemplatePage(input: $input) {
      total
      list {
        id
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
    { field: 'name', title: 'common.name', filter: true },
    { field: 'code', title: 'common.code', filter: true },
    { field: 'languageCode', title: 'errorCodes.language', filter: true },
    { field: 'nickname', title: 'messaging.sender' },
    { field: 'content', title: 'notices.content' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true },
  ],
  fields: [],
  list: async ({ pageNo, pageSize, filters }: ListQuery) => {
    const { notifyTemplatePage } = await execute(NotifyTemplatePageDocument, { input: { pageNo, pageSize, ...filters } });
    return { rows: notifyTemplatePage.list, total: notifyTemplatePage.total };
  },
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
