// Every resource screen, by its menu's `component`; each definition is loaded when its screen opens.
import type { ResourceDefinition } from './types';

// Each module's default export is a ResourceDefinition of its own row type (checked by defineResource);
// the generic screen treats every row alike.
type Loader = () => Promise<{ default: ResourceDefinition<never> | object }>;

export const RESOURCES: Readonly<Record<string, Loader>> = {
  'system/user/index': () => import('./users'),
  'system/role/index': () => import('./roles'),
  'system/dept/index': () => import('./departments'),
  'system/post/index': () => import('./posts'),
  'system/notice/index': () => import('./notices'),
  'system/menu/index': () => import('./menus'),
  'system/tenant-package/index': () => import('./tenant-packages'),
  'system/oauth2-token/index': () => import('./oauth2-tokens'),
  'system/error-code/index': () => import('./error-codes'),
  'system/sensitive-word/index': () => import('./sensitive-words'),
  'system/operate-log/index': () => import('./operation-logs'),
  'gateway/ip-blacklist/index': () => import('./ip-blacklist'),
  'system/dict/index': () => import('./dict-types'),
  'system/short-link-group/index': () => import('./short-link-groups'),
  'system/sms-log/index': () => import('./sms-logs'),
  'system/mail-log/index': () => import('./mail-logs'),
  'system/notify-message/index': () => import('./notify-messages'),
  'system/verification-code/index': () => import('./verification-codes'),
  'basic/country/index': () => import('./countries'),
  'basic/currency/index': () => import('./currencies'),
  'system/language/index': () => import('./system-languages'),
  'system/short-link/index': () => import('./short-links'),
  'partner/webhook-endpoint/index': () => import('./webhook-endpoints'),
  'system/sms-template/index': () => import('./sms-templates'),
  'system/mail-template/index': () => import('./mail-templates'),
  'system/notify-template/index': () => import('./notify-templates'),
  'system/tenant/index': () => import('./tenants'),
  'system/oauth2-client/index': () => import('./oauth2-clients'),
  'system/social-client/index': () => import('./social-clients'),
  'system/sms-channel/index': () => import('./sms-channels'),
  'system/mail-account/index': () => import('./mail-accounts'),
  'basic/region/index': () => import('./regions'),
  'basic/currency-rate-policy/index': () => import('./currency-rate-policies'),
  'content/classify/index': () => import('./classifications'),
  'content/support-info/index': () => import('./support-infos'),
  'content/information/index': () => import('./information'),
  'content/protocol-statement/index': () => import('./protocol-statements'),
};

/**
 * Screens no menu opens, by a `component` of their own: at `path`, or with `parent` at the path of
 * that menu's screen followed by `/${path}` (dictionary data under its dictionary). Their buttons
 * follow their definition's permissions as everywhere.
 */
export const UNLISTED_SCREENS: Readonly<Record<string, { path: string; parent?: string; load: Loader }>> = {
  'system/dict/data/index': { parent: 'system/dict/index', path: 'data', load: () => import('./dict-data') },
  'partner/webhook-endpoint/deliveries/index': { parent: 'partner/webhook-endpoint/index', path: 'deliveries', load: () => import('./webhook-deliveries') },
  // Under the endpoints menu too: the deliveries screen is no menu to hang it from.
  'partner/webhook-endpoint/attempts/index': { parent: 'partner/webhook-endpoint/index', path: 'deliveries/attempts', load: () => import('./webhook-attempts') },
  'system/notify-message/my': { path: '/inbox', load: () => import('./inbox') },
};

/** The definition loader of a screen, listed in the menus or not. */
export const screenLoader = (component: string): Loader | undefined => RESOURCES[component] ?? UNLISTED_SCREENS[component]?.load;
