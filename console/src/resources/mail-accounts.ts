import { execute } from '../api/client';
import { graphql } from '../gql';
import type { MailAccountSaveReqVo, MailAccountSortField } from '../gql/graphql';
import { yesNo } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const MailAccountPageDocument = graphql(`
  query ConsoleMailAccountPage($input: MailAccountPageReqVO!) {
    mailAccountPage(input: $input) {
      total
      list {
        id
        mail
        username
        password
        host
        port
        sslEnable
        createTime
      }
    }
  }
`);

const CreateMailAccountDocument = graphql(`
  mutation ConsoleCreateMailAccount($input: MailAccountSaveReqVO!) {
    createMailAccount(input: $input) {
      id
    }
  }
`);

const UpdateMailAccountDocument = graphql(`
  mutation ConsoleUpdateMailAccount($input: MailAccountSaveReqVO!) {
    updateMailAccount(input: $input) {
      id
    }
  }
`);

const DeleteMailAccountDocument = graphql(`
  mutation ConsoleDeleteMailAccount($id: Int64!) {
    deleteMailAccount(id: $id)
  }
`);

export default defineResource({
  component: 'system/mail-account/index',
  title: 'mailAccounts.title',
  permission: 'system:mail-account',
  columns: [
    { field: 'mail', title: 'mailAccounts.mail', filter: true, sortable: true },
    { field: 'username', title: 'mailAccounts.username', filter: true, sortable: true },
    { field: 'password', title: 'mailAccounts.password' },
    { field: 'host', title: 'mailAccounts.host' },
    { field: 'port', title: 'mailAccounts.port' },
    { field: 'sslEnable', title: 'mailAccounts.sslEnable', options: yesNo },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  // The list's masked address, user and password (******) keep the stored ones when sent back unchanged.
  fields: [
    { name: 'mail', label: 'mailAccounts.mail', kind: 'text', required: true, max: 254 },
    { name: 'username', label: 'mailAccounts.username', kind: 'text', required: true, max: 255 },
    { name: 'password', label: 'mailAccounts.password', kind: 'password', required: true, max: 255 },
    { name: 'host', label: 'mailAccounts.host', kind: 'text', required: true, max: 253 },
    { name: 'port', label: 'mailAccounts.port', kind: 'number', required: true, initialValue: 465 },
    { name: 'sslEnable', label: 'mailAccounts.sslEnable', kind: 'select', required: true, options: yesNo, initialValue: true },
  ],
  list: async (query: ListQuery) => {
    const { mailAccountPage } = await execute(MailAccountPageDocument, { input: pageInputOf<MailAccountSortField>(query) });
    return { rows: mailAccountPage.list, total: mailAccountPage.total };
  },
  toForm: ({ id: _id, createTime: _created, ...row }) => row,
  create: (values: MailAccountSaveReqVo) => execute(CreateMailAccountDocument, { input: values }),
  update: (row, values) => execute(UpdateMailAccountDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteMailAccountDocument, { id: row.id }),
});
