// The seeded menus' names in the other label languages, for the console's navigation (`me`). Keyed
// by the name the seed writes (MENU_CATALOGUE, English): a menu an administrator renamed or created
// shows the name they gave it, in every language.
import type { LabelLanguage } from '../language/accept-language';
import type { MenuTreeRecord } from './menu-record';

type Translations = Readonly<Record<Exclude<LabelLanguage, 'en'>, string>>;

export const MENU_NAME_TRANSLATIONS: Readonly<Record<string, Translations>> = {
  System: { 'zh-CN': '系统管理' },
  Users: { 'zh-CN': '用户管理' },
  Roles: { 'zh-CN': '角色管理' },
  Menus: { 'zh-CN': '菜单管理' },
  Departments: { 'zh-CN': '部门管理' },
  Posts: { 'zh-CN': '岗位管理' },
  Dictionaries: { 'zh-CN': '字典管理' },
  Notices: { 'zh-CN': '通知公告' },
  'Error codes': { 'zh-CN': '错误码管理' },
  'Sensitive words': { 'zh-CN': '敏感词管理' },
  'Operation logs': { 'zh-CN': '操作日志' },
  'System languages': { 'zh-CN': '系统语言' },
  'Short-link groups': { 'zh-CN': '短链分组' },
  'Short links': { 'zh-CN': '短链管理' },
  Tenancy: { 'zh-CN': '租户管理' },
  Tenants: { 'zh-CN': '租户列表' },
  'Tenant packages': { 'zh-CN': '租户套餐' },
  'OAuth 2.0': { 'zh-CN': 'OAuth 2.0' },
  Clients: { 'zh-CN': '应用管理' },
  Tokens: { 'zh-CN': '令牌管理' },
  'Social clients': { 'zh-CN': '社交客户端' },
  Messaging: { 'zh-CN': '消息中心' },
  'SMS channels': { 'zh-CN': '短信渠道' },
  'SMS templates': { 'zh-CN': '短信模板' },
  'SMS logs': { 'zh-CN': '短信日志' },
  'Mail accounts': { 'zh-CN': '邮箱账号' },
  'Mail templates': { 'zh-CN': '邮件模板' },
  'Mail logs': { 'zh-CN': '邮件记录' },
  'Notify templates': { 'zh-CN': '站内信模板' },
  'Notify messages': { 'zh-CN': '站内信消息' },
  'Verification codes': { 'zh-CN': '验证码记录' },
  Content: { 'zh-CN': '内容管理' },
  'Help-center classifications': { 'zh-CN': '帮助中心分类' },
  'Support information': { 'zh-CN': '帮助信息' },
  Information: { 'zh-CN': '资讯' },
  'Protocol statements': { 'zh-CN': '协议声明' },
  'Basic data': { 'zh-CN': '基础数据' },
  Currencies: { 'zh-CN': '币种管理' },
  'Currency rate policies': { 'zh-CN': '汇率策略' },
  Countries: { 'zh-CN': '国家管理' },
  Regions: { 'zh-CN': '地区管理' },
  Gateway: { 'zh-CN': '网关管理' },
  'IP blacklist': { 'zh-CN': 'IP 黑名单' },
  Operations: { 'zh-CN': '运营管理' },
  Members: { 'zh-CN': '会员管理' },
  'Goods catalog': { 'zh-CN': '商品目录' },
  Purchasing: { 'zh-CN': '采购管理' },
  Warehouse: { 'zh-CN': '仓库管理' },
  Bags: { 'zh-CN': '包裹管理' },
  Supplements: { 'zh-CN': '补款管理' },
  'Payment orders': { 'zh-CN': '支付订单' },
  Reconciliation: { 'zh-CN': '对账' },
  Partners: { 'zh-CN': '合作伙伴' },
  'Webhook endpoints': { 'zh-CN': 'Webhook 端点' },
  // Buttons: the seed names each after its permission's last segment.
  query: { 'zh-CN': '查询' },
  create: { 'zh-CN': '新增' },
  update: { 'zh-CN': '修改' },
  delete: { 'zh-CN': '删除' },
  'update-password': { 'zh-CN': '重置密码' },
  'update-status': { 'zh-CN': '修改状态' },
  'assign-role': { 'zh-CN': '分配角色' },
  'assign-menu': { 'zh-CN': '分配菜单' },
  'assign-data-scope': { 'zh-CN': '数据权限' },
  renew: { 'zh-CN': '续期' },
  'send-mail': { 'zh-CN': '发送邮件' },
  'send-notify': { 'zh-CN': '发送站内信' },
  'send-sms': { 'zh-CN': '发送短信' },
  'auto-debit': { 'zh-CN': '自动扣款' },
  bind: { 'zh-CN': '绑定' },
  'wallet-adjust': { 'zh-CN': '钱包调整' },
  import: { 'zh-CN': '导入' },
  send: { 'zh-CN': '发送' },
  use: { 'zh-CN': '使用' },
  cancel: { 'zh-CN': '取消' },
};

/** A menu's name in `language`: the seed's translation of its stored name, else the stored name. */
export function localizedMenuName(name: string, language: LabelLanguage): string {
  return language === 'en' ? name : (MENU_NAME_TRANSLATIONS[name]?.[language] ?? name);
}

/** A copy of the tree with every name in `language` (the cached tree is shared and stays as stored). */
export function localizedMenuTree(menus: readonly MenuTreeRecord[], language: LabelLanguage): MenuTreeRecord[] {
  return menus.map((menu) => ({ ...menu, name: localizedMenuName(menu.name, language), children: localizedMenuTree(menu.children, language) }));
}
