// Choice lists shared by several resources.
import { graphql } from '../gql';
import { execute } from '../api/client';
import { i18next } from '../i18n';
import type { Option, TreeOption } from './types';

/** 0 enabled, 1 disabled: the seed's meaning for most resources. */
export const commonStatus = (): readonly Option[] => [
  { value: 0, label: i18next.t('common.enabled') },
  { value: 1, label: i18next.t('common.disabled') },
];

export const yesNo = (): readonly Option[] => [
  { value: true, label: i18next.t('common.yes') },
  { value: false, label: i18next.t('common.no') },
];

export const successOptions = (): readonly Option[] => [
  { value: true, label: i18next.t('common.succeeded') },
  { value: false, label: i18next.t('common.failed') },
];

/** Currencies count the other way: 1 enabled, 0 disabled. */
export const oneIsEnabled = (): readonly Option[] => [
  { value: 1, label: i18next.t('common.enabled') },
  { value: 0, label: i18next.t('common.disabled') },
];

export const oneIsYes = (): readonly Option[] => [
  { value: 1, label: i18next.t('common.yes') },
  { value: 0, label: i18next.t('common.no') },
];

/** SMS and mail logs: 0 sending, 10 sent, 20 failed. */
export const sendStatuses = (): readonly Option[] => [
  { value: 0, label: i18next.t('messaging.sending') },
  { value: 10, label: i18next.t('messaging.sent') },
  { value: 20, label: i18next.t('common.failed') },
];

/** 1 notice, 2 announcement. */
export const noticeTypes = (): readonly Option[] => [
  { value: 1, label: i18next.t('notices.notice') },
  { value: 2, label: i18next.t('notices.announcement') },
];

/** Who holds a token: 1 member, 2 administrator, 3 partner (open API). */
export const userTypes = (): readonly Option[] => [
  { value: 1, label: i18next.t('common.member') },
  { value: 2, label: i18next.t('common.admin') },
  { value: 3, label: i18next.t('common.partner') },
];

const SensitiveWordTagsDocument = graphql(`
  query ConsoleSensitiveWordTags {
    sensitiveWordTags
  }
`);

export async function sensitiveWordTags(): Promise<Option[]> {
  const { sensitiveWordTags: tags } = await execute(SensitiveWordTagsDocument);
  return tags.map((tag) => ({ value: tag, label: tag }));
}

const DeptOptionsDocument = graphql(`
  query ConsoleDeptOptions {
    deptSimpleList {
      id
      name
      parentId
    }
  }
`);

export async function departmentTree(): Promise<TreeOption[]> {
  const { deptSimpleList } = await execute(DeptOptionsDocument);
  return deptSimpleList.map((dept) => ({ id: dept.id, parentId: dept.parentId, label: dept.name }));
}

const RoleOptionsDocument = graphql(`
  query ConsoleRoleOptions {
    roleSimpleList {
      id
      name
    }
  }
`);

export async function roleOptions(): Promise<Option[]> {
  const { roleSimpleList } = await execute(RoleOptionsDocument);
  return roleSimpleList.map((role) => ({ value: role.id, label: role.name }));
}

const MenuOptionsDocument = graphql(`
  query ConsoleMenuOptions {
    menuSimpleList {
      id
      name
      parentId
    }
  }
`);

export async function menuTree(): Promise<TreeOption[]> {
  const { menuSimpleList } = await execute(MenuOptionsDocument);
  return menuSimpleList.map((menu) => ({ id: menu.id, parentId: menu.parentId, label: menu.name }));
}

/** Social sign-in and notify messages are for members (1) and administrators (2) only. */
export const memberOrAdmin = (): readonly Option[] => userTypes().filter((option) => option.value !== 3);

const TenantPackageOptionsDocument = graphql(`
  query ConsoleTenantPackageOptions {
    tenantPackageSimpleList {
      id
      name
    }
  }
`);

export async function tenantPackageOptions(): Promise<Option[]> {
  const { tenantPackageSimpleList } = await execute(TenantPackageOptionsDocument);
  return tenantPackageSimpleList.map((tenantPackage) => ({ value: tenantPackage.id, label: tenantPackage.name }));
}

const SmsChannelClientOptionsDocument = graphql(`
  query ConsoleSmsChannelClientOptions {
    smsChannelClients {
      code
      description
    }
  }
`);

/** The clients an SMS channel may send through (LOG, WEBHOOK), as the server describes them. */
export async function smsChannelClientOptions(): Promise<Option[]> {
  const { smsChannelClients } = await execute(SmsChannelClientOptionsDocument);
  return smsChannelClients.map((client) => ({ value: client.code, label: `${client.code}: ${client.description}` }));
}

/** The OAuth 2.0 grant types a client may use: protocol names, shown as they are. */
export const oauth2GrantTypes = (): readonly Option[] =>
  ['client_credentials', 'password', 'authorization_code', 'implicit', 'refresh_token'].map((grantType) => ({ value: grantType, label: grantType }));

const TenantOptionsDocument = graphql(`
  query ConsoleTenantOptions {
    tenantSimpleList {
      id
      name
    }
  }
`);

export async function tenantOptions(): Promise<Option[]> {
  const { tenantSimpleList } = await execute(TenantOptionsDocument);
  return tenantSimpleList.map((tenant) => ({ value: tenant.id, label: tenant.name }));
}
