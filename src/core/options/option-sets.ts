// The coded values of the administration inputs (statuses, types, scopes...), each with its label in
// every label language. One definition per set serves both sides: the console's choice lists (the
// `optionSets` query) and the server's validation of the fields that take them (`optionSchema`), so
// a value the console cannot label is a value the server refuses, naming the field.
//
// Kept in code rather than in the dictionary tables: these sets are what the server accepts, fixed by
// its code, while dictionaries are per-tenant data an administrator edits.
import type { LabelLanguage } from '../language/accept-language';
import { z } from '../validation';
import { fieldIssue } from '../validation-messages';

export type OptionValue = number | boolean | string;

export interface OptionDefinition<V extends OptionValue> {
  value: V;
  label: Readonly<Record<LabelLanguage, string>>;
}

export interface OptionSet<V extends OptionValue> {
  /** How the console reads `value` (sent as text): INT, BOOLEAN or STRING. */
  valueType: 'INT' | 'BOOLEAN' | 'STRING';
  description: string;
  options: readonly OptionDefinition<V>[];
}

type Entry<V> = readonly [value: V, en: string, zhCN: string];

const definitions = <V extends OptionValue>(entries: readonly Entry<V>[]) => entries.map(([value, en, zhCN]) => ({ value, label: { en, 'zh-CN': zhCN } }));

// `const` keeps each set's values as literal types (`0 | 1`, `'EXACT' | 'CIDR'`) for the schemas.
const intSet = <const V extends number>(description: string, entries: readonly Entry<V>[]): OptionSet<V> => ({ valueType: 'INT', description, options: definitions(entries) });
const booleanSet = (description: string, entries: readonly Entry<boolean>[]): OptionSet<boolean> => ({ valueType: 'BOOLEAN', description, options: definitions(entries) });
const stringSet = <const V extends string>(description: string, entries: readonly Entry<V>[]): OptionSet<V> => ({ valueType: 'STRING', description, options: definitions(entries) });

export const OPTION_SETS = {
  COMMON_STATUS: intSet('Status of most resources: 0 enabled, 1 disabled', [
    [0, 'Enabled', '开启'],
    [1, 'Disabled', '关闭'],
  ]),
  ONE_ENABLED_STATUS: intSet('Status of currencies, rate policies and IP blacklist entries: 1 enabled, 0 disabled', [
    [1, 'Enabled', '开启'],
    [0, 'Disabled', '关闭'],
  ]),
  SHOW_STATUS: intSet('Whether a currency is shown: 1 shown, 0 hidden', [
    [1, 'Shown', '显示'],
    [0, 'Hidden', '隐藏'],
  ]),
  YES_NO: booleanSet('A yes/no flag (visible, permanent, shown, read, used...)', [
    [true, 'Yes', '是'],
    [false, 'No', '否'],
  ]),
  SUCCESS: booleanSet('Whether an operation succeeded', [
    [true, 'Succeeded', '成功'],
    [false, 'Failed', '失败'],
  ]),
  USER_TYPE: intSet('Kind of user: 1 member, 2 administrator, 3 open-platform partner', [
    [1, 'Member', '会员'],
    [2, 'Administrator', '管理员'],
    [3, 'Partner', '开放平台'],
  ]),
  PERSON_USER_TYPE: intSet('Users who are people (social sign-in, notify messages): 1 member, 2 administrator', [
    [1, 'Member', '会员'],
    [2, 'Administrator', '管理员'],
  ]),
  SOCIAL_TYPE: intSet('Known social platforms (social types are an open range of positive codes; these are labelled)', [
    [10, 'Gitee', '码云'],
    [20, 'DingTalk', '钉钉'],
    [30, 'WeCom', '企业微信'],
    [31, 'WeChat Official Account', '微信公众平台'],
    [32, 'WeChat Open Platform', '微信开放平台'],
    [34, 'WeChat Mini Program', '微信小程序'],
  ]),
  SEX: intSet('Sex of an administrator: 0 unknown, 1 male, 2 female', [
    [1, 'Male', '男'],
    [2, 'Female', '女'],
    [0, 'Unknown', '未知'],
  ]),
  DATA_SCOPE: intSet('Rows a role sees', [
    [1, 'All data', '全部数据权限'],
    [2, 'Chosen departments', '指定部门数据权限'],
    [3, 'Own department', '本部门数据权限'],
    [4, 'Own department and below', '本部门及以下数据权限'],
    [5, 'Own data only', '仅本人数据权限'],
  ]),
  MENU_TYPE: intSet('Kind of menu entry', [
    [1, 'Directory', '目录'],
    [2, 'Menu', '菜单'],
    [3, 'Button', '按钮'],
  ]),
  SEND_STATUS: intSet('Outcome of an SMS or mail send', [
    [0, 'Sending', '发送中'],
    [10, 'Sent', '发送成功'],
    [20, 'Failed', '发送失败'],
  ]),
  SMS_TEMPLATE_TYPE: intSet('Kind of SMS template', [
    [1, 'Verification code', '验证码'],
    [2, 'Notification', '通知'],
    [3, 'Marketing', '营销'],
  ]),
  NOTIFY_TEMPLATE_TYPE: intSet('Kind of notify template', [
    [1, 'Notice', '通知公告'],
    [2, 'System message', '系统消息'],
  ]),
  NOTICE_TYPE: intSet('Kind of notice', [
    [1, 'Notice', '通知'],
    [2, 'Announcement', '公告'],
  ]),
  RATE_POLICY_TYPE: intSet('What a currency rate policy applies to', [
    [1, 'By country', '按国家'],
    [2, 'By customer', '按客户'],
  ]),
  REGION_LEVEL: intSet('Level of a region', [
    [1, 'Province', '省份'],
    [2, 'City', '城市'],
    [3, 'District', '区县'],
  ]),
  SUPPORT_INFO_TERMINAL_TYPE: intSet('Terminal of support information', [
    [21, 'PC', '电脑端'],
    [31, 'App', '移动端'],
  ]),
  INFORMATION_TERMINAL_TYPE: intSet('Terminal of information', [
    [1, 'PC', '电脑端'],
    [2, 'App', '移动端'],
  ]),
  INFORMATION_BUSINESS_TYPE: intSet('Kind of information', [
    [1, 'Announcement', '公告'],
    [2, 'Information', '资讯'],
  ]),
  PROTOCOL_POSITION_TYPE: intSet('Where a protocol statement is shown', [
    [1, 'Login page', '登录页'],
    [2, 'Register page', '注册页'],
    [3, 'Settlement page', '结算页'],
    [4, 'Bag-submission page', '提交包裹页'],
    [5, 'Logistics route', '物流路线'],
    [6, 'About the app', '关于应用'],
    [7, 'Goods detail', '商品详情'],
  ]),
  CLASSIFY_POSITION_TYPE: intSet('Where a classification is used', [[1, 'Help center', '帮助中心']]),
  WEBHOOK_DELIVERY_STATUS: intSet('State of a webhook delivery', [
    [0, 'Pending', '待投递'],
    [10, 'Delivered', '已投递'],
    [20, 'Failed', '投递失败'],
  ]),
  // Every type an endpoint may subscribe to (event-types.ts SUBSCRIBABLE_EVENT_TYPES; a test keeps the two equal).
  WEBHOOK_EVENT_TYPE: stringSet('Event types a webhook endpoint subscribes to', [
    ['purchase_order.paid', 'Purchase order paid', '采购单已支付'],
    ['purchase_order.closed', 'Purchase order closed', '采购单已关闭'],
    ['order_item.purchased', 'Item purchased', '商品已采购'],
    ['order_item.arrived', 'Item arrived', '商品已到仓'],
    ['order_item.qc_done', 'Item quality-checked', '商品已质检'],
    ['order_item.stored', 'Item stored', '商品已入库'],
    ['order_item.packed', 'Item packed into a bag', '商品已打包'],
    ['order_item.shipped', 'Item shipped', '商品已发货'],
    ['order_item.cancelled', 'Item cancelled', '商品已取消'],
    ['order_item.refunded', 'Item refunded', '商品已退款'],
    ['supplement.raised', 'Supplement raised', '补款单已生成'],
    ['supplement.paid', 'Supplement paid', '补款单已支付'],
    ['bag.weighed', 'Bag weighed', '包裹已称重'],
    ['bag.shipping_set', 'Bag shipping set', '包裹已设置物流'],
    ['bag.shipped', 'Bag shipped', '包裹已发货'],
    ['bag.delivered', 'Bag delivered', '包裹已签收'],
    ['invoice.generated', 'Invoice generated', '发票已生成'],
    ['payment_order.paid', 'USD payment order paid', '美元支付单已支付'],
    ['payment_order.closed', 'USD payment order closed', '美元支付单已关闭'],
    ['wallet.credited', 'Wallet credited', '钱包入账'],
    ['wallet.debited', 'Wallet debited', '钱包扣款'],
  ]),
  IP_TYPE: stringSet('How a blacklist entry matches addresses', [
    ['EXACT', 'Exact address', '精确地址'],
    ['CIDR', 'Address range (CIDR)', '地址段 (CIDR)'],
  ]),
  BLACKLIST_SOURCE: stringSet('Who added a blacklist entry', [
    ['MANUAL', 'Manual', '手动'],
    ['ALERT', 'Alert', '告警'],
    ['JOB', 'Scheduled job', '定时任务'],
  ]),
  GRANT_TYPE: stringSet('OAuth 2.0 grant types a client may use', [
    ['client_credentials', 'Client credentials', '客户端模式'],
    ['password', 'Password', '密码模式'],
    ['authorization_code', 'Authorization code', '授权码模式'],
    ['implicit', 'Implicit', '简化模式'],
    ['refresh_token', 'Refresh token', '刷新令牌'],
  ]),
  DICT_COLOR_TYPE: stringSet('Colour a dictionary entry is shown in', [
    ['default', 'Default', '默认'],
    ['primary', 'Primary', '主要'],
    ['success', 'Success', '成功'],
    ['info', 'Info', '信息'],
    ['warning', 'Warning', '警告'],
    ['danger', 'Danger', '危险'],
  ]),
  VERIFICATION_CHANNEL: stringSet('How a verification code was sent', [
    ['sms', 'SMS', '短信'],
    ['mail', 'Mail', '邮件'],
  ]),
} as const satisfies Record<string, OptionSet<OptionValue>>;

export type OptionSetName = keyof typeof OPTION_SETS;
export const OPTION_SET_NAMES = Object.keys(OPTION_SETS) as OptionSetName[];

type ValueOf<Name extends OptionSetName> = (typeof OPTION_SETS)[Name]['options'][number]['value'];
/** What callers may send for a field of the set: any value of its type (the schema refuses the others). */
type InputOf<Name extends OptionSetName> = ValueOf<Name> extends number ? number : ValueOf<Name> extends boolean ? boolean : string;

/** The values of a set, in its order. */
export const optionValues = <Name extends OptionSetName>(name: Name): readonly ValueOf<Name>[] =>
  (OPTION_SETS[name].options as readonly OptionDefinition<ValueOf<Name>>[]).map((option) => option.value);

/**
 * The schema of a field taking a value of the set: anything else is refused with a message listing
 * the set's values and labels in the answer's language (`must be one of 0 (Enabled), 1 (Disabled)`).
 */
export function optionSchema<Name extends OptionSetName>(name: Name): z.ZodType<ValueOf<Name>, InputOf<Name>> {
  const set = OPTION_SETS[name] as OptionSet<OptionValue>;
  const values = set.options.map((option) => option.value);
  const labelled = (language: LabelLanguage) => set.options.map((option) => `${String(option.value)} (${option.label[language]})`);
  const refusal = fieldIssue('oneOf', { values: labelled('en') }, { 'zh-CN': { values: labelled('zh-CN') } });
  const base = set.valueType === 'INT' ? z.number().int() : set.valueType === 'BOOLEAN' ? z.boolean() : z.string();
  return (base as z.ZodType<OptionValue>).refine((value) => values.includes(value), refusal) as unknown as z.ZodType<ValueOf<Name>, InputOf<Name>>;
}

export interface LabelledOption {
  value: OptionValue;
  label: string;
}

/** A set's options labelled in `language`. */
export const labelledOptions = (name: OptionSetName, language: LabelLanguage): LabelledOption[] =>
  (OPTION_SETS[name] as OptionSet<OptionValue>).options.map((option) => ({ value: option.value, label: option.label[language] }));
