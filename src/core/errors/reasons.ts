// The `{reason}` texts of the service's own errors (401, 403, 400, 503 and the business errors that
// take a reason), each in every language the service writes, like the validation messages. Code names
// an entry instead of writing text (`npm run lint` refuses a literal reason), so describeError words it
// in the request's language; the English text is what answers always said. Protocol tokens that lead
// a reason (RFC 6749's `invalid_client:`) stay verbatim in every language (test: reasons.test.ts).
import { FieldMessages, type Translations } from '../validation-messages';
import { type ErrorDefinition, type ErrorParams, renderParts, renderTemplate, ServiceError, splitTemplate } from './service-error';

export const ErrorReasons = {
  // Administrators: sign-in and permissions
  signInAsAdministrator: { en: 'Sign in as an administrator first', 'zh-CN': '请先以管理员身份登录' },
  accountDisabledOrGone: { en: 'The account is disabled or no longer exists', 'zh-CN': '账号已被禁用或已不存在' },
  accountGone: { en: 'The account no longer exists', 'zh-CN': '账号已不存在' },
  notAnAdministratorToken: { en: 'invalid_token: this is not an administrator token', 'zh-CN': 'invalid_token: 这不是管理员令牌' },
  permissionRequired: { en: 'Permission {permission} is required', 'zh-CN': '需要权限 {permission}' },
  tenantRequired: { en: 'a tenant is required', 'zh-CN': '需要指定租户' },
  onlyPartnersHaveBindings: { en: 'only partners have bindings', 'zh-CN': '只有合作方才有绑定' },
  ipBlocked: { en: 'Requests from {ip} are blocked', 'zh-CN': '来自 {ip} 的请求已被封禁' },
  metricsToken: { en: 'metrics need Authorization: Bearer <METRICS_TOKEN>', 'zh-CN': '指标接口需要 Authorization: Bearer <METRICS_TOKEN>' },

  // Partners: client authentication, tokens, scopes
  wrongClientCredentials: { en: 'invalid_client: unknown client or wrong secret', 'zh-CN': 'invalid_client: 客户端未知或密钥错误' },
  clientDisabled: { en: 'invalid_client: client {clientId} is disabled', 'zh-CN': 'invalid_client: 客户端 {clientId} 已被禁用' },
  clientCredentialsTogether: { en: 'invalid_client: client_id and client_secret go together', 'zh-CN': 'invalid_client: client_id 与 client_secret 须一同提供' },
  malformedBasicCredentials: { en: 'invalid_client: missing or malformed Basic credentials', 'zh-CN': 'invalid_client: 缺少 Basic 凭据或格式错误' },
  missingBearerToken: { en: 'Missing bearer token', 'zh-CN': '缺少 Bearer 令牌' },
  unknownToken: { en: 'invalid_token: unknown, expired or revoked token', 'zh-CN': 'invalid_token: 令牌未知、已过期或已被吊销' },
  tokenClientDisabled: { en: 'invalid_token: the client of this token is disabled', 'zh-CN': 'invalid_token: 此令牌的客户端已被禁用' },
  ipNotWhitelisted: { en: "IP {ip} is not on the client's whitelist", 'zh-CN': 'IP {ip} 不在客户端的白名单中' },
  notTheClientsTenant: { en: 'tenant-id {tenantId} is not the tenant of this client', 'zh-CN': 'tenant-id {tenantId} 不是此客户端的租户' },
  notTheTokensTenant: { en: 'tenant-id {tenantId} is not the tenant of this token', 'zh-CN': 'tenant-id {tenantId} 不是此令牌的租户' },
  insufficientScope: { en: 'insufficient_scope: this operation needs scope {scope}', 'zh-CN': 'insufficient_scope: 此操作需要授权范围 {scope}' },
  clientCredentialsOnce: {
    en: 'client_id: send the client credentials once, in the Authorization header or in the body',
    'zh-CN': 'client_id: 客户端凭据只能发送一次，放在 Authorization 请求头或请求体中',
  },
  formFieldRepeated: { en: '{field}: given more than once', 'zh-CN': '{field}: 重复提供' },
  formFieldTwice: { en: '{field}: given both in the query and in the body', 'zh-CN': '{field}: 不可同时在查询参数和请求体中提供' },
  formFieldRequired: { en: '{field}: required', 'zh-CN': '{field}: 必填' },
  tenantIdHeader: { en: 'tenant-id: must be a positive integer', 'zh-CN': 'tenant-id: 必须是正整数' },

  // Requests the service cannot read
  malformedJson: { en: 'body: malformed JSON', 'zh-CN': 'body: JSON 格式错误' },
  nulCharacter: { en: '{field}: must not contain the NUL character', 'zh-CN': '{field}: 不能包含 NUL 字符' },
  numberOutOfRange: { en: 'a number is outside the range the service stores', 'zh-CN': '数值超出了服务可存储的范围' },
  unknownParameter: { en: '{parameter}: unknown parameter{hint}', 'zh-CN': '{parameter}: 未知参数{hint}' },

  // Inputs refused by a service
  expireTimeInFuture: { en: 'expireTime: must be in the future', 'zh-CN': 'expireTime: 必须是将来的时间' },
  expireTimeInFutureOrPermanent: {
    en: 'expireTime: must be in the future (leave it empty for a permanent entry)',
    'zh-CN': 'expireTime: 必须是将来的时间（永久条目请留空）',
  },
  newClientSecret: { en: 'clientSecret: give the secret of a new client', 'zh-CN': 'clientSecret: 请填写新客户端的密钥' },
  newClientOwnSecret: { en: 'secret: choose a secret for a new client', 'zh-CN': 'secret: 请为新客户端设置密钥' },
  newAccountPassword: { en: 'password: give the password of a new account', 'zh-CN': 'password: 请填写新账号的密码' },
  newChannelSecret: { en: 'apiSecret: give the secret of a new channel', 'zh-CN': 'apiSecret: 请填写新通道的密钥' },
  idOmittedOnCreate: { en: 'id: must be omitted on create', 'zh-CN': 'id: 新建时不可填写' },
  idRequiredOnUpdate: { en: 'id: required to update a client', 'zh-CN': 'id: 更新客户端时必填' },
  // The same rule as the order pages' field check words it (one text for both).
  memberIdentifierRequired: FieldMessages.memberIdentifierRequired,
  supplementTooLarge: {
    en: 'actualUnitPrice: a supplement of {surcharge} cents exceeds {maximum} cents',
    'zh-CN': 'actualUnitPrice: 补款 {surcharge} 分超过上限 {maximum} 分',
  },

  webhookUrlTooLong: { en: 'at most {maximum} characters', 'zh-CN': '最多 {maximum} 个字符' },
  webhookUrlNotAbsolute: { en: 'not an absolute URL', 'zh-CN': '不是完整的 URL' },
  webhookUrlCredentials: { en: 'credentials in the URL are not allowed', 'zh-CN': 'URL 中不允许包含凭据' },
  webhookUrlHttps: { en: 'must be https', 'zh-CN': '必须使用 https' },
  webhookUrlHttpsUnlessLocal: {
    en: 'must be https (http only for 127.0.0.1/localhost, or with WEBHOOK_ALLOW_HTTP)',
    'zh-CN': '必须使用 https（仅 127.0.0.1/localhost 或设置了 WEBHOOK_ALLOW_HTTP 时可用 http）',
  },
  smsCallbackUrl: { en: 'the http(s) URL messages are posted to', 'zh-CN': '接收短信推送的 http(s) 地址' },
  smsApiSecret: { en: 'the key requests are signed with', 'zh-CN': '用于签名请求的密钥' },
  queryTooAliased: { en: '{field} is asked for under more than {maximum} aliases: ask for it fewer times', 'zh-CN': '{field} 的别名超过 {maximum} 个：请减少请求次数' },
  queryTooDeep: { en: 'query depth exceeds the limit of {maxDepth} (GRAPHQL_MAX_DEPTH): nest fewer selections', 'zh-CN': '查询深度超过上限 {maxDepth}（GRAPHQL_MAX_DEPTH）：请减少嵌套层级' },
  queryTooCostly: {
    en: 'query cost exceeds the limit of {maxCost} (GRAPHQL_MAX_COST): ask for fewer fields, smaller pages or fewer aliases',
    'zh-CN': '查询开销超过上限 {maxCost}（GRAPHQL_MAX_COST）：请减少字段、缩小分页或减少别名',
  },

  // The tenant-scoped client refusing a write the code should not attempt
  writeNamesOtherTenant: { en: "a write to {model} names tenant {value}, not the caller's tenant {tenantId}", 'zh-CN': '对 {model} 的写入指定了租户 {value}，而不是调用方的租户 {tenantId}' },
  createThroughService: {
    en: '{model} records are created through their core service, which checks the {owner} they belong to',
    'zh-CN': '{model} 记录须通过其核心服务创建，由它检查所属的 {owner}',
  },
  cannotMoveRecord: { en: 'a {model} cannot be moved to another {owner}', 'zh-CN': '{model} 不能移到另一个 {owner}' },
  unsupportedOperation: { en: 'operation {operation} on {model} is not supported by the tenant-scoped client', 'zh-CN': '租户隔离客户端不支持对 {model} 执行 {operation}' },
  rawSqlUnavailable: {
    en: '{operation} is not available on the tenant-scoped client; raw SQL must name the tenant itself',
    'zh-CN': '租户隔离客户端不提供 {operation}；原生 SQL 须自行指定租户',
  },

  messageParameterUnknown: {
    en: "unknown parameter {{parameter}} (the catalogue's parameters: {allowed})",
    'zh-CN': '未知参数 {{parameter}}（目录中的参数：{allowed}）',
  },
  messageParameterUnknownNoneAllowed: { en: "unknown parameter {{parameter}} (the catalogue's parameters: none)", 'zh-CN': '未知参数 {{parameter}}（目录中的参数：无）' },
  messageBraces: { en: 'braces must enclose a parameter name, as in {name}', 'zh-CN': '花括号内必须是参数名，例如 {name}' },

  // Dependencies
  unreachable: { en: '{parts} unreachable', 'zh-CN': '{parts} 无法连接' },
  upstreamStatus: { en: 'upstream answered HTTP {status}', 'zh-CN': '上游返回 HTTP {status}' },
  upstreamUnreachable: { en: 'upstream unreachable', 'zh-CN': '上游无法连接' },
  notificationNotJson: { en: 'body is not JSON', 'zh-CN': '请求体不是 JSON' },
  notificationInvalidBody: { en: 'invalid body', 'zh-CN': '请求体无效' },
  upstreamNotJson: { en: 'the body is not JSON', 'zh-CN': '响应体不是 JSON' },
  upstreamUnexpectedShape: { en: 'unexpected shape', 'zh-CN': '响应结构不符' },
  upstreamOtherGoods: { en: 'asked for goods {goodsId}, got {answeredGoodsId}', 'zh-CN': '请求的是商品 {goodsId}，返回的却是 {answeredGoodsId}' },
  bodyTooLarge: { en: 'the body exceeds {maxBytes} bytes', 'zh-CN': '响应体超过 {maxBytes} 字节' },
  // zod's English problem of a field of a body another system sent (not a request's field)
  bodyFieldProblem: { en: '{field}: {problem}', 'zh-CN': '{field} 有误：{problem}' },
} as const satisfies Record<string, Translations>;

export type ReasonName = keyof typeof ErrorReasons;

/** Each English reason split once at its placeholders (text, name, text, ..., text): refusals are hot paths. */
const ENGLISH_PARTS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(ErrorReasons).map(([name, { en }]) => [name, splitTemplate(en)]));

/** The reason `name` in English with `params`. */
export function englishReason(name: ReasonName, params: ErrorParams): string {
  return renderParts(ENGLISH_PARTS.get(name)!, params);
}

/**
 * `definition` refused for the reason `name`: the reason's parameters are the error's too (a client
 * can word it itself), with `reason` in English; describeError words it in the request's language.
 */
export function refusal(definition: ErrorDefinition, name: ReasonName, params?: ErrorParams, extra: { headers?: Record<string, string>; detail?: string } = {}): ServiceError {
  const all = params === undefined ? ONLY_REASON.get(name)! : withReason(params, englishReason(name, params));
  return new ServiceError(definition, all, extra.detail ?? '', extra.headers, [], name);
}

/** The parameters of a refusal that gives none but its reason, made once (they are never changed). */
const ONLY_REASON: ReadonlyMap<string, ErrorParams> = new Map(Object.entries(ErrorReasons).map(([name, { en }]) => [name, Object.freeze({ reason: en })]));

/**
 * `params` and `reason`, copied key by key: V8 spreads (`{ ...params }`) a fresh record ~20 times
 * slower, a large share of a refusal of the token endpoint or of partner auth.
 */
function withReason(params: ErrorParams, reason: string): ErrorParams {
  const all: ErrorParams = {};
  for (const key in params) all[key] = params[key]!;
  all.reason = reason;
  return all;
}

/** The reason of `error` in `language`, or undefined when it has no named reason. */
export function reasonIn(error: ServiceError, language: keyof Translations): string | undefined {
  const { reasonName } = error;
  const translations: Translations | undefined = reasonName !== undefined && Object.hasOwn(ErrorReasons, reasonName) ? ErrorReasons[reasonName as ReasonName] : undefined;
  return translations && renderTemplate(translations[language], error.params);
}
