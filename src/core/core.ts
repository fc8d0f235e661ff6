// The composition root of the domain: every service, built once per process over one database,
// with Redis (when configured) for what several processes must share.
import { ADMIN_AUTH_DEFAULTS, AdminAuthService, type AdminAuthSettings } from './admin/admin-auth-service';
import { DEFAULT_CACHE_MAX_AGE_SECONDS, type InvalidationBus, LocalInvalidationBus, RedisInvalidationBus } from './cache/invalidation-bus';
import { connectRedis, DEFAULT_REDIS_PREFIX, type RedisCircuit, redisName } from './cache/redis';
import type { Clock } from './clock';
import type { Database } from './db/client';
import { databaseIdentity } from './db/database-url';
import { FileStore } from './files/file-store';
import { InvoiceService } from './invoice/invoice-service';
import { DEFAULT_GOODS_OPTIONS, type GoodsOptions, GoodsService } from './goods/goods-service';
import { MemberService } from './member/member-service';
import { PartnerBindings } from './member/partner-binding';
import { ClientRegistry } from './oauth2/client-registry';
import { OAuth2ClientService } from './oauth2/oauth2-client-service';
import { TokenRecordService } from './oauth2/token-record-service';
import { OperationLogService } from './audit/operation-log-service';
import { SocialClientService } from './social/social-client-service';
import { WalletPayService } from './pay/wallet-pay-service';
import { PartnerAuth } from './oauth2/partner-auth';
import { TokenService } from './oauth2/token-service';
import { VerifiedSecretCache } from './oauth2/verified-secret-cache';
import { OrderPageService } from './order/order-pages';
import { DEFAULT_ORDER_SETTINGS, type OrderSettings } from './order/order-settings';
import { PricingService } from './order/pricing';
import { PurchaseOrderService } from './order/purchase-order-service';
import { BUILTIN_CHANNEL, BuiltinPaymentChannel } from './payment/builtin-channel';
import { PaymentChannels } from './payment/payment-channel';
import { PaymentOrderService } from './payment/payment-order-service';
import { MenuService } from './permission/menu-service';
import { PermissionService } from './permission/permission-service';
import { DeptService } from './dept/dept-service';
import { TreeMoves } from './db/tree-moves';
import { PostService } from './post/post-service';
import { type ServiceLogger, silentLogger } from './logger';
import { MailAccountService } from './messaging/mail-account-service';
import { MailSender } from './messaging/mail-sender';
import { MailTemplateService } from './messaging/mail-template-service';
import { LogSmsClient, SmsClientRegistry } from './messaging/sms-client';
import { SmsChannelService } from './messaging/sms-channel-service';
import { SmsSender } from './messaging/sms-sender';
import { SmsTemplateService } from './messaging/sms-template-service';
import { WebhookSmsClient } from './messaging/sms-webhook-client';
import { CurrencyService } from './currency/currency-service';
import { CurrencyRatePolicyService } from './currency/currency-rate-policy-service';
import { CountryService } from './geo/country-service';
import { RegionService } from './geo/region-service';
import { ShortLinkGroupService } from './short-link/short-link-group-service';
import { ShortLinkService } from './short-link/short-link-service';
import { IpBlacklistService } from './gateway/ip-blacklist-service';
import { NotifyMessageService } from './notify/notify-message-service';
import { NotifyTemplateService } from './notify/notify-template-service';
import { VERIFICATION_CODE_DEFAULTS, VerificationCodeService, type VerificationCodeSettings } from './verification/verification-code-service';
import { UserService } from './user/user-service';
import { RoleService } from './permission/role-service';
import { defaultPaymentSettings, type PaymentSettings } from './payment/payment-settings';
import { QcService } from './qc/qc-service';
import { BagService } from './bag/bag-service';
import { WarehouseService } from './warehouse/warehouse-service';
import { MemoryRateLimiter } from './ratelimit/memory-rate-limiter';
import type { RateLimiter } from './ratelimit/rate-limiter';
import { RedisRateLimiter } from './ratelimit/redis-rate-limiter';
import { RedisOutageRateLimiter } from './ratelimit/redis-outage-policy';
import { SupplementService } from './supplement/supplement-service';
import { SensitiveWordService } from './sensitive-word/sensitive-word-service';
import { ClassifyService } from './content/classify-service';
import { InformationService } from './content/information-service';
import { ProtocolStatementService } from './content/protocol-statement-service';
import { SupportInfoService } from './content/support-info-service';
import { SystemLanguageService } from './language/system-language-service';
import { DictService } from './dict/dict-service';
import { ErrorCodeService } from './error-code/error-code-service';
import { NoticeService } from './notice/notice-service';
import { CatalogService } from './catalog/catalog-service';
import { PurchasingService } from './purchasing/purchasing-service';
import { TenantDirectory } from './tenant/tenant-directory';
import { TenantPackageService } from './tenant/tenant-package-service';
import { TenantService } from './tenant/tenant-service';
import { WalletService } from './wallet/wallet-service';
import { WebhookEndpointService, type WebhookUrlPolicy } from './webhook/webhook-endpoint-service';
import { WebhookOutbox } from './webhook/webhook-outbox';

export interface CoreOptions {
  database: Database;
  clock: Clock;
  /** Shared state (rate limits, cache invalidation) goes to Redis when set. */
  redisUrl?: string;
  /** Starts every Redis key and channel (config REDIS_PREFIX); default DEFAULT_REDIS_PREFIX. */
  redisPrefix?: string;
  /** With Redis: every cache kept coherent by its messages resynchronises at least this often (config CACHE_MAX_AGE_SECONDS). */
  cacheMaxAgeSeconds?: number;
  /** Absolute base of the URLs the service hands out (config PUBLIC_BASE_URL), e.g. file URLs. */
  publicBaseUrl: string;
  /** Goods providers per source and link resolution; default: the catalog for every source. */
  goods?: GoodsOptions;
  /** Live-pricing rules and the price-deviation threshold of purchase create; default: DEFAULT_ORDER_SETTINGS. */
  order?: OrderSettings;
  /** USD payment orders and the built-in channel; default: defaultPaymentSettings() (a random channel secret). */
  payment?: PaymentSettings;
  /** Which webhook endpoint URLs are accepted; default: http only on loopback. */
  webhookUrls?: WebhookUrlPolicy;
  /** Console sign-in: token lifetimes and sign-in attempt limits; default: ADMIN_AUTH_DEFAULTS. */
  adminAuth?: AdminAuthSettings;
  /** Verification-code expiry, send interval, daily maximum, attempts and length; default: VERIFICATION_CODE_DEFAULTS. */
  verificationCodes?: VerificationCodeSettings;
  /** The service log (Fastify's), for services that report outside a request (the LOG SMS channel, failed sends). */
  logger?: ServiceLogger;
}

export interface Core {
  database: Database;
  clock: Clock;
  bus: InvalidationBus;
  tokens: TokenService;
  clients: ClientRegistry;
  oauth2Clients: OAuth2ClientService;
  /** The console's pages of issued access tokens and their revocation. */
  tokenRecords: TokenRecordService;
  /** Social platform apps of each tenant. */
  socialClients: SocialClientService;
  /** One row per console mutation and tRPC mutation (written by the GraphQL audit plugin and the tRPC audit middleware). */
  operationLogs: OperationLogService;
  tenants: TenantDirectory;
  /** Console sign-in, refresh, logout, and the administrator behind a bearer token. */
  adminAuth: AdminAuthService;
  /** Administrators' roles, permissions and menus; `authorize` guards every console operation. */
  permissions: PermissionService;
  /** Administrator users of a tenant (data scope applied to reads) and each user's own profile (console). */
  users: UserService;
  /** A tenant's department tree (console). */
  depts: DeptService;
  /** A tenant's job posts (console). */
  posts: PostService;
  /** A tenant's SMS channels (each sent through the SmsClient of its code), templates, and sending with its log. */
  smsChannels: SmsChannelService;
  smsTemplates: SmsTemplateService;
  smsSender: SmsSender;
  /** A tenant's mail accounts (SMTP), templates per language, and sending with its log. */
  mailAccounts: MailAccountService;
  mailTemplates: MailTemplateService;
  mailSender: MailSender;
  /** Currencies and their exchange rates per CNY, shared by every tenant (console; written by the system tenant). */
  currencies: CurrencyService;
  /** A tenant's premiums on exchange rates by country or member, and the effective rate (console). */
  currencyRatePolicies: CurrencyRatePolicyService;
  /** Countries (seeded with ISO 3166-1), shared by every tenant (console; written by the system tenant). */
  countries: CountryService;
  /** Regions of countries, shared by every tenant (console; written by the system tenant). */
  regions: RegionService;
  /** A tenant's short-link groups (console). */
  shortLinkGroups: ShortLinkGroupService;
  /** A tenant's short links (console) and the public redirect GET /s/{code}. */
  shortLinks: ShortLinkService;
  /** The platform's gateway IP blacklist (console; the system tenant writes) and its in-memory matcher, consulted on every request. */
  ipBlacklist: IpBlacklistService;
  /** In-app notify templates of a tenant, and sending one to a recipient's inbox (console). */
  notifyTemplates: NotifyTemplateService;
  /** In-app messages: the tenant's message log and the signed-in administrator's inbox (console). */
  notifyMessages: NotifyMessageService;
  /** SMS and mail verification codes: send, validate, use once (limits of VerificationCodeSettings). */
  verificationCodes: VerificationCodeService;
  /** A tenant's sensitive words, `validateText`, and `assertClean` for texts that must not carry them. */
  sensitiveWords: SensitiveWordService;
  /** A tenant's help-center classification trees (console). */
  classifies: ClassifyService;
  /** A tenant's help-center articles (console). */
  supportInfos: SupportInfoService;
  /** A tenant's announcements and information articles (console). */
  information: InformationService;
  /** A tenant's protocol statements, and the one a page of the apps shows (console). */
  protocolStatements: ProtocolStatementService;
  /** The languages of the apps, shared by every tenant, and who sees which (console; written by the system tenant). */
  systemLanguages: SystemLanguageService;
  /** Dictionary types and data, shared by every tenant (console; written by the system tenant). */
  dicts: DictService;
  /** The error-code catalogue and its per-language message overrides (`messages`: what every error answer consults). */
  errorCodes: ErrorCodeService;
  /** A tenant's notices and announcements (console; sensitive words refused). */
  notices: NoticeService;
  /** Roles of a tenant, their menus and data scope, and users' roles (console). */
  roles: RoleService;
  /** The menu tree shared by every tenant (console; changed by the system tenant only). */
  menus: MenuService;
  /** Tenants with their administrator (console; system tenant only). */
  tenantAdmin: TenantService;
  /** Tenant packages: the menus a tenant's roles may hold (console; system tenant only). */
  tenantPackages: TenantPackageService;
  partnerAuth: PartnerAuth;
  /** Goods search, detail (live pricing) and link parsing, over the configured providers. */
  goods: GoodsService;
  /** Live pricing of order lines (provider prices, freight, service fee). */
  pricing: PricingService;
  /** Partner purchase orders: quote, create (idempotent per outOrderNo), query. */
  purchaseOrders: PurchaseOrderService;
  /** Partner pages of a bound member's order items and bag orders. */
  orderPages: OrderPageService;
  /** QC records: warehouse writes, partner reads by goods and by order. */
  qc: QcService;
  /** Warehouse stations (internal tools): arrival, QC with uploaded photos, storage, station queues. */
  warehouse: WarehouseService;
  /** Bags (internal tools): pack, weigh, shipping line and freight (supplement on a raise), ship, deliver. */
  bags: BagService;
  /** Members: create, search, bindings, addresses, repayment authorization (staff and internal tools). */
  members: MemberService;
  /** Wallet balances, credits and debits (one ledger row each, idempotent on bizRef), reconciliation. */
  wallets: WalletService;
  /** Writes partner webhook events in the transaction of their change (services hold it; tests and benches emit through it). */
  webhookOutbox: WebhookOutbox;
  /** Partner clients' webhook endpoints of a tenant and their deliveries (console). */
  webhookEndpoints: WebhookEndpointService;
  /** Partner wallet pay and balance. */
  walletPay: WalletPayService;
  /** Supplement bills: partner list and pay orders, staff raise and auto-debit. */
  supplements: SupplementService;
  /** Staff writes to the shared goods catalog: import, prices, images for image search (system tenant only). */
  catalog: CatalogService;
  /** Staff purchasing: items awaiting purchase, mark purchased (price supplements), cancel and refund. */
  purchasing: PurchasingService;
  /** Stored files served by URL at /files/<key> (invoice PDFs, QC photos). */
  files: FileStore;
  /** Invoice PDFs per bag and language. */
  invoices: InvoiceService;
  /** USD payment orders: create, query, page, channel notifications, expiry, logistics. */
  paymentOrders: PaymentOrderService;
  /** The built-in payment channel (signs and verifies notifications, remembers logistics handed to it). */
  builtinPaymentChannel: BuiltinPaymentChannel;
  /** Which parts the service depends on answer now (for /readyz); redis is undefined when none is configured. */
  dependencies(): Promise<DependencyStatus>;
  /** Closes Redis connections; the database belongs to the caller. */
  close(): Promise<void>;
}

export interface DependencyStatus {
  database: boolean;
  redis?: boolean;
}

/** A readiness probe waits no longer than this for a part to answer. */
const DEPENDENCY_PROBE_MS = 2_000;

/** True when `probe` resolves within DEPENDENCY_PROBE_MS. */
async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DEPENDENCY_PROBE_MS);
  });
  try {
    return await Promise.race([probe().then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { database, clock } = options;
  const now = () => clock.now();
  let redis: RedisCircuit | undefined;
  let bus: InvalidationBus;
  const logger = options.logger ?? silentLogger;
  // Without Redis both limits count in this process; with it, each follows its outage policy (README).
  let partnerLimiter: RateLimiter = new MemoryRateLimiter({ now });
  let signInLimiter = partnerLimiter;
  if (options.redisUrl) {
    const prefix = options.redisPrefix ?? DEFAULT_REDIS_PREFIX;
    redis = await connectRedis(options.redisUrl, logger);
    bus = await RedisInvalidationBus.connect(redis, {
      channel: redisName(prefix, `invalidate:${databaseIdentity(database.target)}`),
      maxAgeMs: (options.cacheMaxAgeSeconds ?? DEFAULT_CACHE_MAX_AGE_SECONDS) * 1000,
      logger,
    });
    const shared = new RedisRateLimiter({ redis, keyPrefix: redisName(prefix, 'ratelimit:'), now });
    partnerLimiter = new RedisOutageRateLimiter(shared, 'per-process', partnerLimiter, logger);
    signInLimiter = new RedisOutageRateLimiter(shared, 'refuse', signInLimiter, logger);
  } else {
    bus = new LocalInvalidationBus();
  }
  const tokens = new TokenService(database.db, now, bus);
  const clients = new ClientRegistry(database.db, now, bus);
  const tenants = new TenantDirectory(database.db, bus);
  const goods = new GoodsService(database.db, bus, options.goods ?? DEFAULT_GOODS_OPTIONS);
  const orderSettings = options.order ?? DEFAULT_ORDER_SETTINGS;
  const pricing = new PricingService(goods, orderSettings);
  const files = new FileStore(database.db, options.publicBaseUrl);
  const paymentSettings = options.payment ?? defaultPaymentSettings();
  const builtinPaymentChannel = new BuiltinPaymentChannel({ secret: paymentSettings.channelSecret, publicBaseUrl: options.publicBaseUrl, now });
  const tenantPackages = new TenantPackageService(database.db, bus);
  const adminAuth = new AdminAuthService({ db: database.db, tokens, tenants, rateLimiter: signInLimiter, clock, settings: options.adminAuth ?? ADMIN_AUTH_DEFAULTS });
  const permissions = new PermissionService(database.db, tenants, bus);
  const trees = new TreeMoves(database.db, database.target.provider);
  const depts = new DeptService(database.db, trees);
  const posts = new PostService(database.db);
  const sensitiveWords = new SensitiveWordService(database.db, bus);
  const smsClients = new SmsClientRegistry([new LogSmsClient(logger), new WebhookSmsClient({ now })]);
  const smsSender = new SmsSender(database.db, smsClients, logger);
  const mailSender = new MailSender(database.db, logger);
  const currencies = new CurrencyService(database.db, bus);
  const countries = new CountryService(database.db);
  const shortLinkGroups = new ShortLinkGroupService(database.db);
  const ipBlacklist = new IpBlacklistService(database.db, bus, clock);
  await ipBlacklist.matcher.start();
  const errorCodes = new ErrorCodeService(database.db, bus, logger);
  await errorCodes.start();
  const webhookOutbox = new WebhookOutbox(bus, database.target.provider);
  const qc = new QcService(database.db, webhookOutbox, database.reads);
  const members = new MemberService(database.db, bus, database.reads);
  const bindings = new PartnerBindings(database.db, bus);
  const supplements = new SupplementService(database.db, bindings, webhookOutbox);
  const partnerAuth = new PartnerAuth({ clients, tokens, tenants, secrets: new VerifiedSecretCache(), rateLimiter: partnerLimiter, now });
  return {
    database,
    clock,
    bus,
    tokens,
    clients,
    oauth2Clients: new OAuth2ClientService(database.db, bus, tokens),
    tokenRecords: new TokenRecordService(database.db, tokens),
    socialClients: new SocialClientService(database.db),
    operationLogs: new OperationLogService(database.db),
    tenants,
    adminAuth,
    permissions,
    users: new UserService({ db: database.db, provider: database.target.provider, bus, adminAuth, permissions, depts, posts }),
    depts,
    posts,
    smsChannels: new SmsChannelService(database.db, smsClients),
    smsTemplates: new SmsTemplateService(database.db),
    smsSender,
    mailAccounts: new MailAccountService(database.db),
    mailTemplates: new MailTemplateService(database.db),
    mailSender,
    currencies,
    currencyRatePolicies: new CurrencyRatePolicyService(database.db, currencies, countries, bus),
    countries,
    regions: new RegionService(database.db, countries),
    shortLinkGroups,
    shortLinks: new ShortLinkService({ db: database.db, groups: shortLinkGroups, tenants, publicBaseUrl: options.publicBaseUrl }),
    ipBlacklist,
    notifyTemplates: new NotifyTemplateService(database.db),
    notifyMessages: new NotifyMessageService(database.db),
    verificationCodes: new VerificationCodeService(database.db, { smsSender, mailSender }, options.verificationCodes ?? VERIFICATION_CODE_DEFAULTS),
    sensitiveWords,
    classifies: new ClassifyService(database.db, trees),
    supportInfos: new SupportInfoService(database.db, sensitiveWords),
    information: new InformationService(database.db, sensitiveWords),
    protocolStatements: new ProtocolStatementService(database.db, sensitiveWords),
    systemLanguages: new SystemLanguageService(database.db),
    dicts: new DictService(database.db),
    errorCodes,
    notices: new NoticeService(database.db, sensitiveWords),
    roles: new RoleService(database.db, bus),
    menus: new MenuService(database.db, bus, trees),
    tenantAdmin: new TenantService(database.db, bus, tenantPackages),
    tenantPackages,
    partnerAuth,
    goods,
    pricing,
    purchaseOrders: new PurchaseOrderService(database.sql, bindings, pricing, orderSettings, database.reads),
    orderPages: new OrderPageService(database.db, bindings, database.reads),
    qc,
    warehouse: new WarehouseService(database.db, qc, files, webhookOutbox),
    bags: new BagService(database.db, database.sql, members, supplements, webhookOutbox),
    members,
    wallets: new WalletService(database.db, webhookOutbox),
    webhookOutbox,
    webhookEndpoints: new WebhookEndpointService(database.db, options.webhookUrls ?? { allowHttp: false, production: false }, bus),
    walletPay: new WalletPayService(database.db, database.sql, bindings, webhookOutbox, database.reads),
    supplements,
    catalog: new CatalogService(database.db, bus),
    purchasing: new PurchasingService(database.db, supplements, webhookOutbox),
    files,
    invoices: new InvoiceService(database.db, files, webhookOutbox),
    paymentOrders: new PaymentOrderService(database, new PaymentChannels([builtinPaymentChannel], BUILTIN_CHANNEL), paymentSettings, webhookOutbox),
    builtinPaymentChannel,
    dependencies: async () => ({
      database: await answers(() => database.ping()),
      // An open circuit answers "down" at once; a closed one is asked (and opens if Redis stalls).
      ...(redis ? { redis: await answers(() => (redis as RedisCircuit).run((client) => client.ping())) } : {}),
    }),
    close: async () => {
      await bus.close();
      if (redis) await redis.close();
    },
  };
}
