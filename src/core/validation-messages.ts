// The service's own validation messages, each in every language the service writes (English and
// Simplified Chinese), with `{param}` placeholders. Schemas name an entry instead of writing text
// (`npm run lint` refuses a literal message in a zod call), so every refused field can be worded in
// the request's language when the error is described; zod's own messages come from its locales.
import { z } from 'zod';
import { renderTemplate } from './errors/service-error';

export interface Translations {
  readonly en: string;
  readonly 'zh-CN': string;
}

export const FieldMessages = {
  required: { en: 'required', 'zh-CN': '必填' },
  invalidType: { en: 'Invalid input: expected {expected}, received {received}', 'zh-CN': '无效输入：应为 {expected}，实际为 {received}' },
  unknownField: { en: 'not a field of this input', 'zh-CN': '不是此输入的字段' },
  omittedOnCreate: { en: 'must be omitted on create', 'zh-CN': '新建时不可填写' },
  oneOf: { en: 'must be one of {values}', 'zh-CN': '必须是以下之一：{values}' },
  noRepeatedExpenseNo: { en: 'must not repeat an expense number', 'zh-CN': '费用单号不可重复' },
  dateTimeRange: { en: 'expected [start, end] date-times', 'zh-CN': '应为 [开始, 结束] 两个日期时间' },
  sortFieldWithDirection: { en: 'required with sortDirection', 'zh-CN': '指定 sortDirection 时必填' },
  exactlyOneOrderKey: { en: 'pass exactly one of orderNo and outOrderNo', 'zh-CN': 'orderNo 与 outOrderNo 须且只能传一个' },
  exactlyOnePaymentOrderKey: {
    en: 'pass exactly one of orderNo, outOrderNo, paymentOrderId',
    'zh-CN': 'orderNo、outOrderNo、paymentOrderId 须且只能传一个',
  },
  memberIdentifierRequired: { en: 'memberId, unionId or externalUserId is required', 'zh-CN': 'memberId、unionId 或 externalUserId 必须传一个' },
  httpUrl: { en: 'must be an http(s) URL', 'zh-CN': '必须是 http(s) 地址' },
  absoluteHttpUrl: { en: 'must be an absolute http or https URL', 'zh-CN': '必须是完整的 http 或 https 地址' },
  duplicateSkuId: { en: 'duplicate skuId {skuId}', 'zh-CN': 'skuId {skuId} 重复' },
  duplicateGoods: { en: 'duplicate goods {goodsId} of source {source}', 'zh-CN': '来源 {source} 的商品 {goodsId} 重复' },
  hexDigits8To64: { en: 'must be 8 to 64 hexadecimal digits', 'zh-CN': '必须是 8 到 64 位十六进制数字' },
  countryAlpha2: { en: 'must be an ISO 3166-1 alpha-2 country code', 'zh-CN': '必须是 ISO 3166-1 alpha-2 国家代码' },
  countryCodeUpperCase: { en: 'must be an ISO 3166-1 alpha-2 code of two upper-case letters', 'zh-CN': '必须是两个大写字母的 ISO 3166-1 alpha-2 代码' },
  currencyCode: { en: 'must be an ISO 4217 code of three upper-case letters', 'zh-CN': '必须是三个大写字母的 ISO 4217 代码' },
  notCallingCodeOf: { en: 'is not the calling code of {country} (+{expected})', 'zh-CN': '不是 {country} 的国际电话区号（+{expected}）' },
  finiteNumber: { en: 'must be a finite number', 'zh-CN': '必须是有限数值' },
  atLeast: { en: 'must be at least {min}', 'zh-CN': '不能小于 {min}' },
  greaterThan: { en: 'must be greater than {min}', 'zh-CN': '必须大于 {min}' },
  atMost: { en: 'must be at most {max}', 'zh-CN': '不能大于 {max}' },
  atMostDecimals: { en: 'must have at most {scale} decimal places', 'zh-CN': '最多 {scale} 位小数' },
  atMostTwoDecimals: { en: 'must have at most two decimal places', 'zh-CN': '最多两位小数' },
  notBase64: { en: 'not base64', 'zh-CN': '不是 base64 编码' },
  notImageOf: { en: 'not a {contentType} image', 'zh-CN': '不是 {contentType} 图片' },
  photoRequired: { en: 'urls or uploads must name at least one photo', 'zh-CN': 'urls 或 uploads 至少要有一张照片' },
  lettersOrDigits4To30: { en: 'must be 4 to 30 letters or digits', 'zh-CN': '必须是 4 到 30 个字母或数字' },
  uuidCodeCharacters: { en: 'must be 1..64 letters, digits, - or _', 'zh-CN': '必须是 1 到 64 个字母、数字、- 或 _' },
  groupCodeCharacters: { en: 'only letters, digits, _ . and - are allowed', 'zh-CN': '只能包含字母、数字、_、. 和 -' },
  nonceCharacters: { en: '16 to 128 letters, digits, _ or -', 'zh-CN': '16 到 128 个字母、数字、_ 或 -' },
  languageTag: { en: 'must be a language tag such as en, pt or zh-CN', 'zh-CN': '必须是语言标签，例如 en、pt 或 zh-CN' },
  ipOrCidr: {
    en: 'must be an IPv4 or IPv6 address, or a CIDR such as 203.0.113.0/24 or 2001:db8::/32',
    'zh-CN': '必须是 IPv4 或 IPv6 地址，或 203.0.113.0/24、2001:db8::/32 这样的 CIDR',
  },
  ipTypeMismatch: { en: '{ipType} does not match {ip}, which is {kind}', 'zh-CN': '{ipType} 与 {ip} 不符，它是 {kind}' },
  expiryAlternatives: { en: 'expireTime and extendMinutes are alternatives: pass one of them', 'zh-CN': 'expireTime 与 extendMinutes 只能二选一' },
  expiryRequired: { en: 'pass expireTime or extendMinutes, or permanent: true', 'zh-CN': '请传 expireTime 或 extendMinutes，或 permanent: true' },
  requiredForPolicyType: { en: 'required when policyType is {policyType}', 'zh-CN': 'policyType 为 {policyType} 时必填' },
  omittedForPolicyType: { en: 'must be omitted when policyType is {policyType}', 'zh-CN': 'policyType 为 {policyType} 时不可填写' },
  mailHost: { en: 'must be a host name or an IP address', 'zh-CN': '必须是主机名或 IP 地址' },
  mobile: { en: 'must be 5 to 20 digits with an optional leading +', 'zh-CN': '必须是 5 到 20 位数字，可带前导 +' },
  permissionOnlyOnButtons: { en: 'only buttons (type 3) carry a permission', 'zh-CN': '只有按钮（类型 3）可设置权限标识' },
  pathOnlyOnDirectoriesAndMenus: { en: 'only directories and menus (types 1 and 2) carry a path', 'zh-CN': '只有目录和菜单（类型 1 和 2）可设置路径' },
  iconOnlyOnDirectoriesAndMenus: { en: 'only directories and menus (types 1 and 2) carry an icon', 'zh-CN': '只有目录和菜单（类型 1 和 2）可设置图标' },
  componentOnlyOnMenus: { en: 'only menus (type 2) carry a component', 'zh-CN': '只有菜单（类型 2）可设置组件' },
  deptIdsOnlyForCustomScope: { en: 'only for dataScope 2 (custom departments)', 'zh-CN': '仅适用于 dataScope 2（自定义部门）' },
  noRepeatedId: { en: 'must not repeat an id', 'zh-CN': 'id 不可重复' },
  noRepeatedEntry: { en: 'must not repeat an entry', 'zh-CN': '条目不可重复' },
  noRepeatedType: { en: 'must not repeat a type', 'zh-CN': '类型不可重复' },
  allOrUserId: { en: 'must be ALL or a user id (digits)', 'zh-CN': '必须是 ALL 或用户 id（数字）' },
  allOrCountryCode: { en: 'must be ALL or an ISO 3166-1 alpha-2 country code', 'zh-CN': '必须是 ALL 或 ISO 3166-1 alpha-2 国家代码' },
  allAlone: { en: 'ALL must be the only entry', 'zh-CN': 'ALL 必须是唯一的条目' },
  atMost50Parameters: { en: 'at most 50 parameters', 'zh-CN': '最多 50 个参数' },
  atMostCharactersEncoded: { en: 'must be at most {maximum} characters once encoded', 'zh-CN': '编码后最多 {maximum} 个字符' },
  phoneCharacters: { en: 'digits with spaces, ( ) . / - and an optional leading +', 'zh-CN': '数字，可含空格、( ) . / - 及前导 +' },
  callingCode: { en: 'must be a country calling code such as 55 or +55', 'zh-CN': '必须是国际电话区号，例如 55 或 +55' },
  clientIdCharacters: { en: 'letters, digits, _ . - (3 to 64 characters)', 'zh-CN': '字母、数字、_ . -（3 到 64 个字符）' },
  startBeforeEnd: { en: 'start must be before end', 'zh-CN': '开始时间必须早于结束时间' },
  ipAddress: { en: 'must be an IPv4 or IPv6 address', 'zh-CN': '必须是 IPv4 或 IPv6 地址' },
  notOrderItemStatus: { en: 'not an order item status ({statuses})', 'zh-CN': '不是订单项状态（{statuses}）' },
  notZero: { en: 'must not be 0', 'zh-CN': '不能为 0' },
  unsupportedGrantType: { en: 'unsupported_grant_type: only client_credentials is supported', 'zh-CN': 'unsupported_grant_type: 仅支持 client_credentials' },
} as const satisfies Record<string, Translations>;

export type FieldMessageName = keyof typeof FieldMessages;
/** The languages validation messages are written in. */
export type FieldMessageLanguage = keyof Translations;
export const FIELD_MESSAGE_LANGUAGES: readonly FieldMessageLanguage[] = ['en', 'zh-CN'];

export type FieldMessageParams = Readonly<Record<string, unknown>>;
/** Parameters that differ by language (labels): `{ 'zh-CN': { values: '0 (启用)' } }` over the English ones. */
export type LocalizedParams = Partial<Record<FieldMessageLanguage, FieldMessageParams>>;

/** Where a custom issue's `params` carry the name of its message, and its parameters by language. */
const NAME_PARAM = 'fieldMessage';
const LOCALIZED_PARAM = 'localized';

/** `template` with `params`, a list as `a, b, c`. */
function render(template: string, params: FieldMessageParams): string {
  const text: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) text[key] = Array.isArray(value) ? value.join(', ') : typeof value === 'number' ? value : String(value);
  return renderTemplate(template, text);
}

/** The English message `name`: for zod options that take only a text (`.regex(pattern, fieldText('mobile'))`). */
export function fieldText(name: FieldMessageName, params: FieldMessageParams = {}): string {
  return render(FieldMessages[name].en, params);
}

/**
 * A custom issue's message and its parameters, spread into `ctx.addIssue({...})` or `.refine(check,
 * {...})`: the English message now, the name and parameters to word it in another language later.
 */
export function fieldIssue(name: FieldMessageName, params: FieldMessageParams = {}, localized?: LocalizedParams): { message: string; params: Record<string, unknown> } {
  return { message: fieldText(name, params), params: { [NAME_PARAM]: name, ...params, ...(localized && { [LOCALIZED_PARAM]: localized }) } };
}

function isFieldMessageName(name: unknown): name is FieldMessageName {
  return typeof name === 'string' && Object.hasOwn(FieldMessages, name);
}

const NAMES = Object.keys(FieldMessages) as FieldMessageName[];
/** Parameterless messages by their English text: how `.regex(pattern, fieldText(name))` is recognised in an issue. */
const NAME_OF_TEXT: ReadonlyMap<string, FieldMessageName> = new Map(NAMES.filter((name) => !FieldMessages[name].en.includes('{')).map((name) => [FieldMessages[name].en, name]));
/**
 * Messages with parameters, recognised by rendering them with the issue's own details
 * (`.max(n, fieldText(name, { maximum: n }))`); only those whose fixed start the message has, as a
 * refusal renders none for zod's own messages.
 */
const WITH_PARAMS = NAMES.filter((name) => FieldMessages[name].en.includes('{')).map((name) => ({ name, start: FieldMessages[name].en.split('{')[0]! }));
const withParamsNamed = (message: string, params: FieldMessageParams): FieldMessageName | undefined =>
  WITH_PARAMS.find(({ name, start }) => message.startsWith(start) && fieldText(name, params) === message)?.name;

/** One refused field as described: what is wrong (`code`, `params`) besides the English message. */
export interface FieldProblem {
  /** A message of this table (`required`, `mobile`) or zod's issue code (`too_small`). */
  code: string;
  /** The bounds and values the message names (`minimum`, `maximum`, `expected`, ...). */
  params: Readonly<Record<string, unknown>>;
  message: string;
}

/** Issue keys that are not parameters: where and what (path, message), nested issues, zod internals. */
const NOT_PARAMS = new Set(['code', 'path', 'message', 'input', 'errors', 'issues', 'inst', 'params', 'continue', 'fatal']);

function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof RegExp) return String(value);
  return Array.isArray(value) ? value.map(plain) : value;
}

/** A zod issue as a field problem: one of our messages when the schema named one, else zod's code and details. */
export function fieldProblemOf(issue: z.core.$ZodIssue): FieldProblem {
  if (issue.code === 'custom') {
    const { [NAME_PARAM]: named, ...params } = issue.params ?? {};
    if (isFieldMessageName(named)) return { code: named, params, message: issue.message };
  }
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(issue)) if (!NOT_PARAMS.has(key)) params[key] = plain(value);
  const name =
    issue.code === 'invalid_type' && 'received' in issue
      ? 'invalidType'
      : (NAME_OF_TEXT.get(issue.message) ?? withParamsNamed(issue.message, params));
  return { code: name ?? issue.code, params, message: issue.message };
}

const ZOD_LOCALES: Record<FieldMessageLanguage, z.core.$ZodErrorMap> = {
  en: z.locales.en().localeError,
  'zh-CN': z.locales.zhCN().localeError,
};

function zodMessage(problem: FieldProblem, language: FieldMessageLanguage): string | undefined {
  const issue = { ...problem.params, code: problem.code, path: [], message: '' } as unknown as z.core.$ZodRawIssue;
  const message = ZOD_LOCALES[language](issue);
  return typeof message === 'string' ? message : message?.message;
}

/**
 * The problem's message in `language`: our table's, or zod's locale when the message is zod's own
 * English one. A message neither wrote (one lint did not see) stays as it is.
 */
export function fieldMessageIn(problem: FieldProblem, language: FieldMessageLanguage): string {
  if (language === 'en') return problem.message;
  if (isFieldMessageName(problem.code)) {
    const localized = (problem.params[LOCALIZED_PARAM] as LocalizedParams | undefined)?.[language];
    return render(FieldMessages[problem.code][language], { ...problem.params, ...localized });
  }
  if (zodMessage(problem, 'en') === problem.message) return zodMessage(problem, language) ?? problem.message;
  return problem.message;
}

/**
 * zod's message for a missing field is "required"; a wrong type's names the received type, which
 * only the raw issue knows (zod drops its input afterwards), so it is kept as a parameter.
 */
export function invalidTypeMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  if (issue.input === undefined) return FieldMessages.required.en;
  const received = z.core.util.parsedType(issue.input);
  (issue as { received?: string }).received = received;
  return fieldText('invalidType', { expected: issue.expected, received });
}
