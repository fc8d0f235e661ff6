// The permission menu tree the console shows and roles hold: directories of menus, each menu with
// the button permissions its operations require (`system:user:create`). The seed writes it; every
// GraphQL operation and tRPC procedure names one of these permissions.

export interface MenuNode {
  name: string;
  /** Directory: route segment; menu: route path. */
  path: string;
  icon?: string;
  component?: string;
  /** Buttons: permission suffixes under `permissionPrefix`. */
  buttons?: readonly string[];
  permissionPrefix?: string;
  children?: readonly MenuNode[];
}

const CRUD = ['query', 'create', 'update', 'delete'] as const;

function menu(name: string, path: string, permissionPrefix: string, buttons: readonly string[] = CRUD): MenuNode {
  return { name, path, component: `${permissionPrefix.replace(/:/g, '/')}/index`, permissionPrefix, buttons };
}

export const MENU_CATALOGUE: readonly MenuNode[] = [
  {
    name: 'System',
    path: '/system',
    icon: 'ep:tools',
    children: [
      menu('Users', 'user', 'system:user', [...CRUD, 'update-password', 'update-status', 'assign-role']),
      menu('Roles', 'role', 'system:role', [...CRUD, 'update-status', 'assign-menu', 'assign-data-scope']),
      menu('Menus', 'menu', 'system:menu'),
      menu('Departments', 'dept', 'system:dept'),
      menu('Posts', 'post', 'system:post'),
      menu('Dictionaries', 'dict', 'system:dict'),
      menu('Notices', 'notice', 'system:notice'),
      menu('Error codes', 'error-code', 'system:error-code'),
      menu('Sensitive words', 'sensitive-word', 'system:sensitive-word'),
      menu('Operation logs', 'operate-log', 'system:operate-log', ['query']),
      menu('System languages', 'language', 'system:language'),
      menu('Short-link groups', 'short-link-group', 'system:short-link-group'),
      menu('Short links', 'short-link', 'system:short-link'),
    ],
  },
  {
    name: 'Tenancy',
    path: '/tenant',
    icon: 'ep:office-building',
    children: [menu('Tenants', 'list', 'system:tenant'), menu('Tenant packages', 'package', 'system:tenant-package')],
  },
  {
    name: 'OAuth 2.0',
    path: '/oauth2',
    icon: 'ep:key',
    children: [
      menu('Clients', 'client', 'system:oauth2-client'),
      menu('Tokens', 'token', 'system:oauth2-token', ['query', 'delete']),
      menu('Social clients', 'social-client', 'system:social-client'),
    ],
  },
  {
    name: 'Messaging',
    path: '/messaging',
    icon: 'ep:message',
    children: [
      menu('SMS channels', 'sms-channel', 'system:sms-channel'),
      menu('SMS templates', 'sms-template', 'system:sms-template', [...CRUD, 'send-sms']),
      menu('SMS logs', 'sms-log', 'system:sms-log', ['query']),
      menu('Mail accounts', 'mail-account', 'system:mail-account'),
      menu('Mail templates', 'mail-template', 'system:mail-template', [...CRUD, 'send-mail']),
      menu('Mail logs', 'mail-log', 'system:mail-log', ['query']),
      menu('Notify templates', 'notify-template', 'system:notify-template', [...CRUD, 'send-notify']),
      menu('Notify messages', 'notify-message', 'system:notify-message', ['query']),
      menu('Verification codes', 'verification-code', 'system:verification-code', ['query', 'send', 'use']),
    ],
  },
  {
    name: 'Content',
    path: '/content',
    icon: 'ep:document',
    children: [
      menu('Help-center classifications', 'classify', 'content:classify'),
      menu('Support information', 'support-info', 'content:support-info'),
      menu('Information', 'information', 'content:information'),
      menu('Protocol statements', 'protocol-statement', 'content:protocol-statement'),
    ],
  },
  {
    name: 'Basic data',
    path: '/basic',
    icon: 'ep:coin',
    children: [
      menu('Currencies', 'currency', 'basic:currency'),
      menu('Currency rate policies', 'currency-rate-policy', 'basic:currency-rate-policy'),
      menu('Countries', 'country', 'basic:country'),
      menu('Regions', 'region', 'basic:region'),
    ],
  },
  {
    name: 'Gateway',
    path: '/gateway',
    icon: 'ep:lock',
    children: [menu('IP blacklist', 'ip-blacklist', 'gateway:ip-blacklist', [...CRUD, 'renew'])],
  },
  {
    name: 'Operations',
    path: '/operations',
    icon: 'ep:box',
    children: [
      menu('Members', 'member', 'ops:member', ['query', 'create', 'update', 'bind', 'wallet-adjust']),
      menu('Goods catalog', 'goods', 'ops:goods', ['query', 'import', 'update']),
      menu('Purchasing', 'purchase', 'ops:purchase', ['query', 'update', 'cancel']),
      menu('Warehouse', 'warehouse', 'ops:warehouse', ['query', 'update']),
      menu('Bags', 'bag', 'ops:bag', ['query', 'create', 'update']),
      menu('Supplements', 'supplement', 'ops:supplement', ['query', 'create', 'auto-debit']),
      menu('Payment orders', 'pay-order', 'ops:pay-order', ['query', 'update']),
      menu('Reconciliation', 'reconciliation', 'ops:reconciliation', ['query']),
    ],
  },
  {
    name: 'Partners',
    path: '/partner',
    icon: 'ep:connection',
    children: [menu('Webhook endpoints', 'webhook-endpoint', 'partner:webhook-endpoint')],
  },
];

export const MenuType = { DIRECTORY: 1, MENU: 2, BUTTON: 3 } as const;

/** Every button permission of the catalogue, e.g. `system:user:create`. */
export function catalogPermissions(nodes: readonly MenuNode[] = MENU_CATALOGUE): string[] {
  return nodes.flatMap((node) => [
    ...(node.buttons ?? []).map((button) => `${node.permissionPrefix}:${button}`),
    ...catalogPermissions(node.children ?? []),
  ]);
}
