// Choice lists shared by several resources. The labels of coded values (statuses, types...) come from
// the server's `optionSets`, in the console's language: the server refuses any value outside a set,
// so the console never labels a value on its own. All sets are fetched at once, once per language.
import { graphql } from '../gql';
import type { OptionSetName } from '../gql/graphql';
import { execute } from '../api/client';
import { currentLanguage, type LanguageCode } from '../i18n';
import type { Option, TreeOption } from './types';

const OptionSetsDocument = graphql(`
  query ConsoleOptionSets {
    optionSets {
      name
      valueType
      options {
        value
        label
      }
    }
  }
`);

/** The server sends every value as text; its set says how to read it. */
const readValue = (value: string, valueType: string): Option['value'] => (valueType === 'INT' ? Number(value) : valueType === 'BOOLEAN' ? value === 'true' : value);

const setsByLanguage = new Map<LanguageCode, Promise<ReadonlyMap<OptionSetName, readonly Option[]>>>();

async function loadOptionSets(): Promise<ReadonlyMap<OptionSetName, readonly Option[]>> {
  const { optionSets } = await execute(OptionSetsDocument);
  return new Map(optionSets.map((set) => [set.name, set.options.map((option) => ({ value: readValue(option.value, set.valueType), label: option.label }))]));
}

/** One server option set in the console's language (fetched with all the others on first use per language). */
export async function optionSet(name: OptionSetName): Promise<readonly Option[]> {
  const language = currentLanguage();
  let sets = setsByLanguage.get(language);
  if (!sets) {
    sets = loadOptionSets();
    setsByLanguage.set(language, sets);
    // A failed load (signed out, offline) is tried again by the next screen, not remembered.
    sets.catch(() => setsByLanguage.delete(language));
  }
  const options = (await sets).get(name);
  if (!options) throw new Error(`the server has no option set ${name}`);
  return options;
}

/** 0 enabled, 1 disabled: the seed's meaning for most resources. */
export const commonStatus = () => optionSet('COMMON_STATUS');

export const yesNo = () => optionSet('YES_NO');

export const successOptions = () => optionSet('SUCCESS');

/** Currencies, rate policies and the IP blacklist count the other way: 1 enabled, 0 disabled. */
export const oneIsEnabled = () => optionSet('ONE_ENABLED_STATUS');

/** A currency's showStatus: 1 shown, 0 hidden. */
export const oneIsYes = () => optionSet('SHOW_STATUS');

/** SMS and mail logs: 0 sending, 10 sent, 20 failed. */
export const sendStatuses = () => optionSet('SEND_STATUS');

/** 1 notice, 2 announcement. */
export const noticeTypes = () => optionSet('NOTICE_TYPE');

/** 1 verification code, 2 notice, 3 marketing. */
export const smsTemplateTypes = () => optionSet('SMS_TEMPLATE_TYPE');

/** 1 notice, 2 system message. */
export const notifyTemplateTypes = () => optionSet('NOTIFY_TEMPLATE_TYPE');

/** Who holds a token: 1 member, 2 administrator, 3 partner (open API). */
export const userTypes = () => optionSet('USER_TYPE');

/** Dictionary data colours: default, primary, success, info, warning, danger. */
export const dictColorTypes = () => optionSet('DICT_COLOR_TYPE');

/** Region levels: 1 province or state, 2 city, 3 district. */
export const regionLevels = () => optionSet('REGION_LEVEL');

/** Whom a currency rate policy applies to: 1 a country, 2 a customer (member). */
export const ratePolicyTypes = () => optionSet('RATE_POLICY_TYPE');

/** Where a classification tree is shown: 1 the help center. */
export const classifyPositionTypes = () => optionSet('CLASSIFY_POSITION_TYPE');

/** Support information's terminals: 21 PC, 31 app. */
export const supportTerminalTypes = () => optionSet('SUPPORT_INFO_TERMINAL_TYPE');

/** Information's terminals: 1 PC, 2 app. */
export const informationTerminalTypes = () => optionSet('INFORMATION_TERMINAL_TYPE');

/** 1 announcement, 2 information. */
export const informationBusinessTypes = () => optionSet('INFORMATION_BUSINESS_TYPE');

/** The page a protocol statement is shown on, 1..7. */
export const protocolPositionTypes = () => optionSet('PROTOCOL_POSITION_TYPE');

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
      localizedName
      parentId
    }
  }
`);

export async function menuTree(): Promise<TreeOption[]> {
  const { menuSimpleList } = await execute(MenuOptionsDocument);
  return menuSimpleList.map((menu) => ({ id: menu.id, parentId: menu.parentId, label: menu.localizedName }));
}


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

const SmsChannelOptionsDocument = graphql(`
  query ConsoleSmsChannelOptions {
    smsChannelSimpleList {
      id
      signature
      code
    }
  }
`);

/** The tenant's SMS channels an SMS template sends through, by signature and client. */
export async function smsChannelOptions(): Promise<Option[]> {
  const { smsChannelSimpleList } = await execute(SmsChannelOptionsDocument);
  return smsChannelSimpleList.map((channel) => ({ value: channel.id, label: `${channel.signature} (${channel.code})` }));
}

const MailAccountOptionsDocument = graphql(`
  query ConsoleMailAccountOptions {
    mailAccountSimpleList {
      id
      mail
      host
    }
  }
`);

/** The tenant's mail accounts a mail template sends from; the server answers their addresses masked. */
export async function mailAccountOptions(): Promise<Option[]> {
  const { mailAccountSimpleList } = await execute(MailAccountOptionsDocument);
  return mailAccountSimpleList.map((account) => ({ value: account.id, label: `${account.mail} (${account.host})` }));
}

/** The OAuth 2.0 grant types a client may use (client_credentials...). */
export const oauth2GrantTypes = () => optionSet('GRANT_TYPE');

/** Labels of the known social platforms (10 Gitee, 20 DingTalk...); the codes are an open range. */
export const socialTypes = () => optionSet('SOCIAL_TYPE');

/** Users who are people (who sign in with a social client, who receive notify messages): 1 member, 2 administrator. */
export const personUserTypes = () => optionSet('PERSON_USER_TYPE');

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

const DictTypeOptionsDocument = graphql(`
  query ConsoleDictTypeOptions {
    dictTypeSimpleList {
      name
      type
    }
  }
`);

/** Dictionary types by their `type` (what dictionary data refer to). */
export async function dictTypeOptions(): Promise<Option[]> {
  const { dictTypeSimpleList } = await execute(DictTypeOptionsDocument);
  return dictTypeSimpleList.map((dictType) => ({ value: dictType.type, label: `${dictType.name} (${dictType.type})` }));
}

const CountryOptionsDocument = graphql(`
  query ConsoleCountryOptions {
    countrySimpleList {
      id
      enName
      enShortName
    }
  }
`);

export async function countryOptions(): Promise<Option[]> {
  const { countrySimpleList } = await execute(CountryOptionsDocument);
  return countrySimpleList.map((country) => ({ value: country.id, label: country.enName }));
}

/** Countries by their ISO alpha-2 code (what rate policies refer to). */
export async function countryCodeOptions(): Promise<Option[]> {
  const { countrySimpleList } = await execute(CountryOptionsDocument);
  return countrySimpleList.map((country) => ({ value: country.enShortName, label: `${country.enName} (${country.enShortName})` }));
}

const ClassifyOptionsDocument = graphql(`
  query ConsoleClassifyOptions {
    commonClassifySimpleList {
      id
      parentId
      className
      language
    }
  }
`);

/** Enabled classifications of every language (the name says which). */
export async function classifyTree(): Promise<TreeOption[]> {
  const { commonClassifySimpleList } = await execute(ClassifyOptionsDocument);
  return commonClassifySimpleList.map((classify) => ({ id: classify.id, parentId: classify.parentId, label: `${classify.className} (${classify.language})` }));
}
