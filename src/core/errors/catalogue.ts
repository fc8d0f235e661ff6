// Every error code the service answers with. Global codes follow open-api.md's HTTP table; business
// codes are grouped by domain as 1_MMM_RRR_NNN (module, resource, number). The administration console
// lists this catalogue and may override messages per language.
import type { ErrorDefinition } from './service-error';

/** `field`: the input field a form shows the refusal next to (`{param}` takes a parameter's value). */
function business(code: number, template: string, field?: string): ErrorDefinition {
  return field === undefined ? { code, template, httpStatus: 200 } : { code, template, httpStatus: 200, field };
}

function global(code: number, template: string): ErrorDefinition {
  return { code, template, httpStatus: code };
}

export const ErrorCatalogue = {
  // Global
  BAD_REQUEST: global(400, 'Invalid request: {reason}'),
  UNAUTHORIZED: global(401, '{reason}'),
  FORBIDDEN: global(403, '{reason}'),
  NOT_FOUND: global(404, 'No route {method} {url}'),
  METHOD_NOT_ALLOWED: global(405, 'Method {method} is not allowed here'),
  PAYLOAD_TOO_LARGE: global(413, 'Request body is too large'),
  UNSUPPORTED_MEDIA_TYPE: global(415, 'Unsupported content type {contentType}'),
  TOO_MANY_REQUESTS: global(429, 'Too many requests: the limit is {limit} per second'),
  INTERNAL_SERVER_ERROR: global(500, 'Internal server error (request {requestId})'),
  SERVICE_UNAVAILABLE: global(503, 'Service unavailable: {reason}'),

  // 1_002_000: administrator sign-in and sessions
  AUTH_BAD_CREDENTIALS: business(1_002_000_000, 'Wrong username or password'),
  AUTH_USER_DISABLED: business(1_002_000_001, 'User {username} is disabled'),
  AUTH_TENANT_NOT_FOUND: business(1_002_000_002, 'Tenant {tenantName} does not exist'),
  AUTH_LOGIN_RATE_LIMITED: { code: 1_002_000_003, template: 'Too many sign-in attempts: try again in {retryAfterSeconds} seconds', httpStatus: 429 },
  AUTH_REFRESH_TOKEN_INVALID: business(1_002_000_004, 'The refresh token is unknown, expired or already used'),

  // 1_002_010: tenants
  TENANT_NOT_FOUND: business(1_002_010_000, 'Tenant {tenantId} does not exist'),
  TENANT_DISABLED: business(1_002_010_001, 'Tenant {name} is disabled'),
  TENANT_EXPIRED: business(1_002_010_002, 'Tenant {name} has expired'),

  // 1_002_020: OAuth 2.0 clients and tokens
  OAUTH2_CLIENT_NOT_FOUND: business(1_002_020_000, 'OAuth 2.0 client {clientId} does not exist'),
  OAUTH2_CLIENT_EXISTS: business(1_002_020_001, 'OAuth 2.0 client {clientId} already exists', 'clientId'),
  OAUTH2_CLIENT_DISABLED: business(1_002_020_002, 'OAuth 2.0 client {clientId} is disabled'),
  // RFC 6749 5.2 errors of the token call: HTTP 400, the envelope carries the OAuth error too.
  OAUTH2_GRANT_TYPE_NOT_ALLOWED: { code: 1_002_020_003, template: 'unauthorized_client: client {clientId} may not use the {grantType} grant', httpStatus: 400 },
  OAUTH2_SCOPE_NOT_ALLOWED: { code: 1_002_020_004, template: 'invalid_scope: client {clientId} was not granted {scope}', httpStatus: 400 },
  OAUTH2_IP_WHITELIST_INVALID: business(1_002_020_005, 'ipWhitelist has invalid entries: {entries}', 'ipWhitelist'),
  OAUTH2_ADDITIONAL_INFORMATION_INVALID: business(1_002_020_006, 'additionalInformation must be a JSON object', 'additionalInformation'),
  OAUTH2_SCOPE_UNKNOWN: business(1_002_020_007, 'Unknown scope {scope}', 'scopes'),
  OAUTH2_TOKEN_NOT_FOUND: business(1_002_020_008, 'The access token does not exist in this tenant'),
  OAUTH2_CLIENT_AUTH_RATE_LIMITED: {
    code: 1_002_020_100,
    template: 'Too many failed client authentications: try again in {retryAfterSeconds} seconds',
    httpStatus: 429,
  },

  // 1_002_018_2NN: social clients
  SOCIAL_CLIENT_NOT_FOUND: business(1_002_018_200, 'Social client {id} does not exist'),
  SOCIAL_CLIENT_EXISTS: business(1_002_018_201, 'A social client for social type {socialType} and user type {userType} already exists', 'socialType'),

  // 1_002_011: tenant management (system tenant only)
  TENANT_NAME_EXISTS: business(1_002_011_000, 'A tenant named {name} already exists', 'name'),
  TENANT_SYSTEM_PROTECTED: business(1_002_011_001, 'The system tenant cannot be {action}'),
  TENANT_MANAGED_BY_SYSTEM: business(1_002_011_002, 'Only administrators of the system tenant may {action}'),

  // 1_002_012: tenant packages
  TENANT_PACKAGE_NOT_FOUND: business(1_002_012_000, 'Tenant package {packageId} does not exist'),
  TENANT_PACKAGE_DISABLED: business(1_002_012_001, 'Tenant package {name} is disabled', 'packageId'),
  TENANT_PACKAGE_NAME_EXISTS: business(1_002_012_002, 'A tenant package named {name} already exists', 'name'),
  TENANT_PACKAGE_IN_USE: business(1_002_012_003, 'Tenant package {name} is used by {count} tenant(s) and cannot be deleted'),

  // 1_002_013: roles
  ROLE_NOT_FOUND: business(1_002_013_000, 'Role {roleId} does not exist'),
  ROLE_CODE_EXISTS: business(1_002_013_001, 'A role with code {code} already exists', 'code'),
  ROLE_CODE_RESERVED: business(1_002_013_002, 'Role code {code} is reserved for built-in roles', 'code'),
  ROLE_BUILT_IN: business(1_002_013_003, 'Role {code} is built in: it cannot {action}'),
  ROLE_MENU_OUTSIDE_PACKAGE: business(1_002_013_004, 'Menu {menuId} is not in the tenant package', 'menuIds'),
  ROLE_DEPT_NOT_FOUND: business(1_002_013_005, 'Department {deptId} does not exist', 'dataScopeDeptIds'),
  ROLE_USER_NOT_FOUND: business(1_002_013_006, 'User {userId} does not exist'),

  // 1_002_014: menus
  MENU_NOT_FOUND: business(1_002_014_000, 'Menu {menuId} does not exist'),
  MENU_PARENT_NOT_FOUND: business(1_002_014_001, 'Parent menu {parentId} does not exist', 'parentId'),
  MENU_PARENT_IS_BUTTON: business(1_002_014_002, 'A button cannot have children (menu {menuId})', 'parentId'),
  MENU_PARENT_CYCLE: business(1_002_014_003, 'Menu {menuId} cannot be moved under itself or one of its descendants', 'parentId'),
  MENU_NAME_EXISTS: business(1_002_014_004, 'A menu named {name} already exists under parent {parentId}', 'name'),
  MENU_HAS_CHILDREN: business(1_002_014_005, 'Menu {menuId} has children: delete them first'),

  // 1_002_030: administrator users and their own profile
  USER_NOT_FOUND: business(1_002_030_000, 'User {userId} does not exist'),
  USER_USERNAME_EXISTS: business(1_002_030_001, 'Username {username} is already taken', 'username'),
  USER_COUNT_MAX: business(1_002_030_002, 'The tenant may have at most {accountCount} users'),
  USER_OLD_PASSWORD_WRONG: business(1_002_030_003, 'The old password is wrong', 'oldPassword'),
  USER_DELETE_SELF: business(1_002_030_004, 'You cannot delete your own account'),

  // 1_002_031: departments
  DEPT_NOT_FOUND: business(1_002_031_000, 'Department {deptId} does not exist'),
  DEPT_DISABLED: business(1_002_031_001, 'Department {name} is disabled', 'deptId'),
  DEPT_PARENT_NOT_FOUND: business(1_002_031_002, 'Parent department {parentId} does not exist', 'parentId'),
  DEPT_PARENT_CYCLE: business(1_002_031_003, 'Department {deptId} cannot be moved under itself or one of its descendants ({parentId})', 'parentId'),
  DEPT_NAME_EXISTS: business(1_002_031_004, 'A department named {name} already exists under parent {parentId}', 'name'),
  DEPT_HAS_CHILDREN: business(1_002_031_005, 'Department {name} has child departments: delete or move them first'),
  DEPT_HAS_USERS: business(1_002_031_006, 'Department {name} has {userCount} user(s): move them first'),
  DEPT_LEADER_NOT_FOUND: business(1_002_031_007, 'Leader {leaderUserId} is not a user of this tenant', 'leaderUserId'),

  // 1_002_032: posts
  POST_NOT_FOUND: business(1_002_032_000, 'Post {postId} does not exist'),
  POST_DISABLED: business(1_002_032_001, 'Post {name} is disabled', 'postIds'),
  POST_CODE_EXISTS: business(1_002_032_002, 'A post with code {code} already exists', 'code'),
  POST_IN_USE: business(1_002_032_003, 'Post {name} is held by {userCount} user(s): take it from them first'),

  // 1_002_050: dictionary types; 1_002_051: dictionary data
  DICT_TYPE_NOT_FOUND: business(1_002_050_000, 'Dictionary type {dictTypeId} does not exist'),
  DICT_TYPE_EXISTS: business(1_002_050_001, 'A dictionary type {type} already exists', 'type'),
  DICT_TYPE_HAS_DATA: business(1_002_050_002, 'Dictionary type {type} has {dataCount} data entries: delete them first'),
  DICT_DATA_NOT_FOUND: business(1_002_051_000, 'Dictionary data {dictDataId} does not exist'),
  DICT_DATA_TYPE_UNKNOWN: business(1_002_051_001, 'Dictionary type {dictType} does not exist', 'dictType'),
  DICT_DATA_VALUE_EXISTS: business(1_002_051_002, 'Dictionary type {dictType} already has the value {value}', 'value'),

  // 1_002_052: error-message overrides
  ERROR_CODE_NOT_FOUND: business(1_002_052_000, 'Error code override {errorCodeId} does not exist'),
  ERROR_CODE_UNKNOWN: business(1_002_052_001, 'Error code {code} is not in the catalogue', 'code'),
  ERROR_CODE_OVERRIDE_EXISTS: business(1_002_052_002, 'Error code {code} already has a message for language {langType}', 'langType'),
  ERROR_CODE_MESSAGE_INVALID: business(1_002_052_003, 'The message for error code {code} is invalid: {reason}', 'message'),

  // 1_002_053: sensitive words
  SENSITIVE_WORD_NOT_FOUND: business(1_002_053_000, 'Sensitive word {sensitiveWordId} does not exist'),
  SENSITIVE_WORD_EXISTS: business(1_002_053_001, 'The sensitive word {name} already exists', 'name'),
  SENSITIVE_WORD_FOUND: business(1_002_053_002, '{field} contains sensitive words: {words}', '{field}'),

  // 1_002_054: notices
  NOTICE_NOT_FOUND: business(1_002_054_000, 'Notice {noticeId} does not exist'),

  // 1_002_040: message templates (shared by SMS, mail and notify) and SMS channels
  MESSAGE_TEMPLATE_PARAM_MISSING: business(1_002_040_000, 'Template {templateCode} needs parameter {param}', 'templateParams'),
  SMS_CHANNEL_NOT_FOUND: business(1_002_040_001, 'SMS channel {channelId} does not exist'),
  SMS_CHANNEL_CODE_UNKNOWN: business(1_002_040_002, 'Unknown SMS channel code {code}; accepted codes: {accepted}', 'code'),
  SMS_CHANNEL_DISABLED: business(1_002_040_003, 'SMS channel {signature} is disabled'),
  SMS_CHANNEL_IN_USE: business(1_002_040_004, 'SMS channel {signature} is used by {templateCount} template(s): delete or move them first'),
  SMS_CHANNEL_CONFIG_INVALID: business(1_002_040_005, 'SMS channel code {code} needs {field}: {reason}', '{field}'),

  // 1_002_041: SMS templates and sending
  SMS_TEMPLATE_NOT_FOUND: business(1_002_041_000, 'SMS template {templateId} does not exist'),
  SMS_TEMPLATE_CODE_EXISTS: business(1_002_041_001, 'An SMS template with code {code} already exists', 'code'),
  SMS_TEMPLATE_CODE_NOT_FOUND: business(1_002_041_002, 'No SMS template with code {templateCode}'),
  SMS_TEMPLATE_DISABLED: business(1_002_041_003, 'SMS template {templateCode} is disabled'),
  SMS_SEND_FAILED: business(1_002_041_004, 'Sending the SMS failed (log {logId}): {reason}'),

  // 1_002_042: mail accounts
  MAIL_ACCOUNT_NOT_FOUND: business(1_002_042_000, 'Mail account {accountId} does not exist'),
  MAIL_ACCOUNT_IN_USE: business(1_002_042_001, 'Mail account {mail} is used by {templateCount} template(s): delete or move them first'),

  // 1_002_043: mail templates and sending
  MAIL_TEMPLATE_NOT_FOUND: business(1_002_043_000, 'Mail template {templateId} does not exist'),
  MAIL_TEMPLATE_CODE_EXISTS: business(1_002_043_001, 'A mail template with code {code} and language {languageCode} already exists', 'code'),
  MAIL_TEMPLATE_CODE_NOT_FOUND: business(1_002_043_002, 'No mail template with code {templateCode}'),
  MAIL_TEMPLATE_DISABLED: business(1_002_043_003, 'Mail template {templateCode} is disabled in every language'),
  MAIL_SEND_FAILED: business(1_002_043_004, 'Sending the mail failed (log {logId}): {reason}'),

  // 1_002_044: in-app notify templates and messages
  NOTIFY_TEMPLATE_NOT_FOUND: business(1_002_044_000, 'Notify template {templateId} does not exist'),
  NOTIFY_TEMPLATE_CODE_EXISTS: business(1_002_044_001, 'A notify template with code {code} and language {languageCode} already exists', 'code'),
  NOTIFY_TEMPLATE_CODE_NOT_FOUND: business(1_002_044_002, 'No notify template with code {templateCode}'),
  NOTIFY_TEMPLATE_DISABLED: business(1_002_044_003, 'Notify template {templateCode} is disabled in every language'),
  NOTIFY_RECIPIENT_NOT_FOUND: business(1_002_044_004, 'No {recipientKind} {userId} in this tenant', 'userId'),

  // 1_002_045: verification codes (SMS and mail)
  VERIFICATION_CODE_NOT_FOUND: business(1_002_045_000, 'No verification code was sent to {target} for scene {scene}'),
  VERIFICATION_CODE_EXPIRED: business(1_002_045_001, 'The verification code has expired: request a new one'),
  VERIFICATION_CODE_MISMATCH: business(1_002_045_002, 'The verification code is wrong ({attemptsLeft} attempt(s) left)'),
  VERIFICATION_CODE_ATTEMPTS_EXCEEDED: business(1_002_045_003, 'Too many wrong codes: this code no longer works, request a new one'),
  VERIFICATION_CODE_USED: business(1_002_045_004, 'The verification code was already used: request a new one'),
  VERIFICATION_CODE_SEND_TOO_FAST: business(1_002_045_005, 'A code was sent to {target} moments ago: wait {retryAfterSeconds} seconds'),
  VERIFICATION_CODE_DAILY_LIMIT: business(1_002_045_006, '{target} has received the most codes allowed today ({dailyMax})'),

  // 1_002_060: help-center classifications
  CLASSIFY_NOT_FOUND: business(1_002_060_000, 'Classification {classifyId} does not exist'),
  CLASSIFY_UUID_EXISTS: business(1_002_060_001, 'A classification with uuidCode {uuidCode} already exists', 'uuidCode'),
  CLASSIFY_PARENT_NOT_FOUND: business(1_002_060_002, 'Parent classification {parentId} does not exist', 'parentId'),
  CLASSIFY_PARENT_MISMATCH: business(1_002_060_003, 'Parent classification {parentId} is of positionType {parentPositionType} and language {parentLanguage}, not {positionType} and {language}', 'parentId'),
  CLASSIFY_PARENT_CYCLE: business(1_002_060_004, 'Classification {classifyId} cannot be moved under itself or one of its descendants', 'parentId'),
  CLASSIFY_HAS_CHILDREN: business(1_002_060_005, 'Classification {className} has child classifications: delete or move them first'),
  CLASSIFY_HAS_SUPPORT_INFOS: business(1_002_060_006, 'Classification {className} holds {count} support info(s): delete or move them first'),
  CLASSIFY_SCOPE_LOCKED: business(1_002_060_007, 'Classification {className} has child classifications or support infos: its positionType and language cannot change', 'positionType'),

  // 1_002_061: support info
  SUPPORT_INFO_NOT_FOUND: business(1_002_061_000, 'Support info {supportInfoId} does not exist'),
  SUPPORT_INFO_UUID_EXISTS: business(1_002_061_001, 'A support info with uuidCode {uuidCode} already exists', 'uuidCode'),
  SUPPORT_INFO_CLASSIFY_UUID_MISMATCH: business(1_002_061_002, 'classifyUuid {classifyUuid} is not the uuidCode of classification {classifyId} ({uuidCode})', 'classifyUuid'),
  SUPPORT_INFO_LANGUAGE_MISMATCH: business(1_002_061_003, 'Support info language {language} differs from the language {classifyLanguage} of classification {classifyId}', 'language'),

  // 1_002_062: information
  INFORMATION_NOT_FOUND: business(1_002_062_000, 'Information {informationId} does not exist'),
  INFORMATION_UUID_EXISTS: business(1_002_062_001, 'An information with uuidCode {uuidCode} already exists', 'uuidCode'),

  // 1_002_063: protocol statements
  PROTOCOL_STATEMENT_NOT_FOUND: business(1_002_063_000, 'Protocol statement {protocolStatementId} does not exist'),
  PROTOCOL_STATEMENT_UUID_EXISTS: business(1_002_063_001, 'A protocol statement with uuidCode {uuidCode} already exists', 'uuidCode'),

  // 1_002_064: system languages (platform-wide)
  SYSTEM_LANGUAGE_NOT_FOUND: business(1_002_064_000, 'System language {languageId} does not exist'),
  SYSTEM_LANGUAGE_CODE_EXISTS: business(1_002_064_001, 'A system language with langCode {langCode} already exists', 'langCode'),

  // 1_002_070: currencies (platform-wide)
  CURRENCY_NOT_FOUND: business(1_002_070_000, 'Currency {currencyId} does not exist'),
  CURRENCY_CODE_EXISTS: business(1_002_070_001, 'A currency with code {abbreviationCode} already exists', 'abbreviationCode'),
  CURRENCY_CODE_NOT_FOUND: business(1_002_070_002, 'No currency with code {currencyCode}'),
  CURRENCY_DISABLED: business(1_002_070_003, 'Currency {currencyCode} is disabled'),

  // 1_002_071: currency rate policies
  CURRENCY_RATE_POLICY_NOT_FOUND: business(1_002_071_000, 'Currency rate policy {policyId} does not exist'),
  CURRENCY_RATE_POLICY_EXISTS: business(1_002_071_001, 'An enabled rate policy for {target} already exists: disable it first'),

  // 1_002_072: countries (platform-wide)
  COUNTRY_NOT_FOUND: business(1_002_072_000, 'Country {countryId} does not exist'),
  COUNTRY_CODE_EXISTS: business(1_002_072_001, 'A country with code {enShortName} already exists', 'enShortName'),
  COUNTRY_CODE_NOT_FOUND: business(1_002_072_002, 'No country with code {countryCode}'),
  COUNTRY_HAS_REGIONS: business(1_002_072_003, 'Country {enName} has {regionCount} region(s): delete them first'),

  // 1_002_073: regions (platform-wide)
  REGION_NOT_FOUND: business(1_002_073_000, 'Region {regionId} does not exist'),

  // 1_002_080: short-link groups
  SHORT_LINK_GROUP_NOT_FOUND: business(1_002_080_000, 'Short-link group {groupId} does not exist'),
  SHORT_LINK_GROUP_CODE_EXISTS: business(1_002_080_001, 'A short-link group with code {groupCode} already exists', 'groupCode'),
  SHORT_LINK_GROUP_IN_USE: business(1_002_080_002, 'Short-link group {groupName} holds {recordCount} short link(s): move or delete them first'),

  // 1_002_081: short links
  SHORT_LINK_NOT_FOUND: business(1_002_081_000, 'Short link {shortLinkId} does not exist'),

  // 1_002_082: gateway IP blacklist (platform-wide)
  IP_BLACKLIST_NOT_FOUND: business(1_002_082_001, 'IP blacklist entry {entryId} does not exist'),
  IP_BLACKLIST_EXISTS: business(1_002_082_002, '{ip} is already on the IP blacklist', 'ip'),
  IP_BLACKLIST_COVERS_CALLER: business(1_002_082_003, '{ip} covers your own address {callerIp}: saving it would lock you out', 'ip'),
  IP_BLACKLIST_PERMANENT: business(1_002_082_004, 'Entry {ip} is permanent: extendMinutes has no expiry to extend; pass expireTime instead', 'extendMinutes'),
  IP_BLACKLIST_TOO_BROAD: business(1_002_082_005, 'ip {ip} is too broad: an entry covers at most an IPv4 /{minimumIpv4Prefix} or an IPv6 /{minimumIpv6Prefix} network', 'ip'),

  // 1_030_001: members and bindings
  MEMBER_NOT_BOUND: business(1_030_001_000, 'externalUserId {externalUserId} is not bound to a member'),
  MEMBER_NOT_FOUND: business(1_030_001_001, 'Member {memberId} does not exist'),
  MEMBER_UNION_ID_EXISTS: business(1_030_001_002, 'unionId {unionId} is already taken'),
  MEMBER_BINDING_TAKEN: business(1_030_001_003, 'externalUserId {externalUserId} of partner {partnerClientId} is already bound to another member'),
  MEMBER_BINDING_NOT_FOUND: business(1_030_001_004, 'externalUserId {externalUserId} of partner {partnerClientId} is not bound'),
  MEMBER_PARTNER_NOT_FOUND: business(1_030_001_005, 'Partner {partnerClientId} does not exist'),
  MEMBER_ADDRESS_NOT_FOUND: business(1_030_001_006, 'Address {addressId} of member {memberId} does not exist'),
  // A partner naming a member by platform id: unknown and bound only to another partner read alike.
  MEMBER_NOT_BOUND_TO_PARTNER: business(1_030_001_007, '{field} {value} does not name a member bound to this partner'),
  MEMBER_IDENTIFIERS_DIFFER: business(1_030_001_008, '{fields} name different members'),

  // 1_030_002: wallets and ledger
  WALLET_NOT_FOUND: business(1_030_002_000, 'Member {memberId} has no wallet'),
  WALLET_INSUFFICIENT_BALANCE: business(1_030_002_001, 'Insufficient balance: {balance} cents available, {amount} cents needed'),
  WALLET_BALANCE_LIMIT: business(1_030_002_002, 'Crediting {amount} cents would take balance {balance} over the limit of {limit} cents'),
  WALLET_BIZ_REF_CONFLICT: business(1_030_002_003, 'bizRef {bizRef} was already applied with amount {appliedAmount}, not {amount}'),

  // 1_030_003: pay orders and wallet pay
  PAY_ORDER_NOT_FOUND: business(1_030_003_000, 'Pay order {paymentId} does not exist'),
  PAY_ORDER_ALREADY_PAID: business(1_030_003_001, 'Pay order {paymentId} is already paid'),
  PAY_ORDER_CLOSED: business(1_030_003_002, 'Pay order {paymentId} is closed'),
  PAY_ORDER_OTHER_USER: business(1_030_003_003, 'Pay order {paymentId} does not belong to externalUserId {externalUserId}'),
  PAY_AMOUNT_MISMATCH: business(1_030_003_004, 'payAmount {payAmount} does not match the pay order amount {amount}'),
  PAY_ORDER_NOT_PAYABLE: business(1_030_003_005, 'The {kind} order {bizNo} of pay order {paymentId} is no longer payable'),

  // 1_030_004: supplement bills
  SUPPLEMENT_NOT_FOUND: business(1_030_004_000, 'Supplement bill {orderExpensesNo} does not exist'),
  SUPPLEMENT_NOT_UNPAID: business(1_030_004_001, 'Supplement bill {orderExpensesNo} is not unpaid (status {status})'),
  SUPPLEMENT_MIXED_BIZ_TYPES: business(1_030_004_002, 'Purchase and bag supplement bills must be paid separately'),
  SUPPLEMENT_BIZ_ORDER_NOT_FOUND: business(1_030_004_003, 'The {bizType} order {bizNo} of member {memberId} does not exist'),
  SUPPLEMENT_CHANGED: business(1_030_004_004, 'The supplement bills changed meanwhile; list them again and retry'),

  // 1_030_020: purchase orders (quote, create, query); unknown goods/SKUs answer GOODS_NOT_FOUND / GOODS_SKU_NOT_FOUND
  ORDER_SKU_OUT_OF_STOCK: business(1_030_020_000, 'SKU {skuId} of goods {goodsId} has {stock} in stock, {qty} ordered'),
  ORDER_AMOUNT_TOO_LARGE: business(1_030_020_001, 'Order total {payAmount} exceeds the maximum of {max} cents'),
  ORDER_ADDRESS_NOT_FOUND: business(1_030_020_002, 'addressId {addressId} is not a shipping address of this member'),
  ORDER_NO_DEFAULT_ADDRESS: business(1_030_020_003, 'externalUserId {externalUserId} has no default shipping address: pass addressId'),
  ORDER_PRICE_DEVIATION: business(
    1_030_020_004,
    'expectedPayAmount {expectedPayAmount} deviates from the live price {payAmount} by more than {thresholdPercent}%',
  ),
  ORDER_OUT_ORDER_NO_CONFLICT: business(1_030_020_005, 'outOrderNo {outOrderNo} was already used with a different request'),
  ORDER_NOT_FOUND: business(1_030_020_006, 'Purchase order {reference} does not exist'),

  // 1_030_021: purchasing (internal tools: awaiting purchase, mark purchased, cancel and refund)
  PURCHASE_ITEM_NOT_FOUND: business(1_030_021_000, 'Order item {orderItemId} does not exist'),
  PURCHASE_ITEM_NOT_PAID: business(1_030_021_001, 'Order item {orderItemNo} is not awaiting purchase (status {status})'),
  PURCHASE_ITEM_PURCHASED_DIFFERENTLY: business(
    1_030_021_002,
    'Order item {orderItemNo} was already purchased with marketplace order {marketplaceOrderNo} at {actualUnitPrice} cents',
  ),
  PURCHASE_ITEM_NOT_CANCELLABLE: business(1_030_021_003, 'Order item {orderItemNo} can no longer be cancelled (status {status})'),

  // 1_030_010: goods (providers, search, detail, link parsing)
  GOODS_NOT_FOUND: business(1_030_010_000, 'Goods {goodsId} of source {source} does not exist'),
  GOODS_SKU_NOT_FOUND: business(1_030_010_001, 'SKU {skuId} of goods {goodsId} (source {source}) does not exist'),
  GOODS_SOURCE_NOT_SUPPORTED: business(1_030_010_002, 'Source {source} does not support {operation}'),
  GOODS_LINK_UNPARSEABLE: business(1_030_010_003, 'searchUrl is not a goods link of a supported marketplace or agent site'),
  GOODS_LINK_RESOLVE_FAILED: business(1_030_010_004, 'The short link could not be resolved: {reason}'),
  GOODS_PROVIDER_TIMEOUT: business(1_030_010_005, 'The goods service for source {source} did not answer within {timeoutMs} ms'),
  GOODS_PROVIDER_FAILED: business(1_030_010_006, 'The goods service for source {source} failed: {reason}'),
  GOODS_PROVIDER_BAD_RESPONSE: business(1_030_010_007, 'The goods service for source {source} gave an unusable answer: {reason}'),

  // 1_030_011: QC records
  QC_RECORD_NOT_FOUND: business(1_030_011_000, 'QC record {qcRecordId} does not exist'),
  QC_ORDER_ITEM_NOT_FOUND: business(1_030_011_001, 'Order item {orderItemId} does not exist'),
  QC_ITEM_NOT_IN_WAREHOUSE: business(1_030_011_002, 'Order item {orderItemNo} is not in the warehouse (status {status})'),
  QC_RECORD_COMPLETED: business(1_030_011_003, 'QC record {qcRecordId} is already completed'),
  QC_RESULT_INVALID: business(1_030_011_004, 'QC result {result} is not 1 (passed) or 2 (failed)'),
  QC_PHOTO_INVALID: business(1_030_011_005, 'QC photo {url} is not an http(s) URL or a path of this service, of at most {maxLength} characters'),
  QC_TOO_MANY_PHOTOS: business(1_030_011_006, 'QC record {qcRecordId} would have more than {maxPhotos} photos'),
  QC_REMARKS_TOO_LONG: business(1_030_011_007, 'QC remarks are longer than {maxLength} characters'),

  // 1_030_030: stored files and invoices
  FILE_TOO_LARGE: business(1_030_030_000, 'File {fileName} has {size} bytes; the limit is {limit} bytes'),
  FILE_EMPTY: business(1_030_030_001, 'File {fileName} is empty'),
  FILE_TYPE_NOT_ALLOWED: business(1_030_030_002, 'Files of type {contentType} are not stored; allowed: {allowed}'),

  // 1_030_040: USD payment orders
  PAYMENT_ORDER_NOT_FOUND: business(1_030_040_000, 'No payment order with {field} {value}'),
  PAYMENT_ORDER_OUT_ORDER_NO_CONFLICT: business(
    1_030_040_001,
    'outOrderNo {outOrderNo} is already used by payment order {orderNo} with a different request',
  ),
  PAYMENT_ORDER_CLOSED: business(1_030_040_002, 'Payment order {orderNo} is closed and can no longer be paid'),
  PAYMENT_ORDER_NOT_PAID: business(1_030_040_003, 'Payment order {paymentOrderId} is not paid (status {status}): logistics are accepted for paid orders only'),
  PAYMENT_ORDER_AMOUNT_MISMATCH: business(
    1_030_040_004,
    'Notified amount of {amountCents} cents does not equal the {payAmountCents} cents of payment order {orderNo}',
  ),
  PAYMENT_ORDER_NOT_PENDING: business(1_030_040_005, 'Payment order {orderNo} is not pending (status {status})'),

  // 1_030_041: payment channels and their notifications
  PAYMENT_CHANNEL_UNKNOWN: business(1_030_041_000, 'Unknown payment channel {channel}'),
  PAYMENT_CHANNEL_SIGNATURE_INVALID: business(1_030_041_001, 'Notification signature is missing or invalid'),
  PAYMENT_CHANNEL_TIMESTAMP_OUT_OF_WINDOW: business(
    1_030_041_002,
    'Notification timestamp {timestamp} is more than {toleranceSeconds} seconds away from the server time',
  ),
  PAYMENT_CHANNEL_NONCE_REPLAYED: business(1_030_041_003, 'Notification nonce {nonce} was already processed'),
  PAYMENT_CHANNEL_NOTIFICATION_INVALID: business(1_030_041_004, 'Malformed notification: {reason}'),

  // 1_030_050: warehouse stations (internal tools)
  WAREHOUSE_ITEM_NOT_FOUND: business(1_030_050_000, 'Order item {orderItemId} does not exist'),
  WAREHOUSE_ITEM_WRONG_STATUS: business(1_030_050_001, 'Order item {orderItemNo} is in status {status}; {operation} needs status {expected}'),

  // 1_030_051: bags (internal tools)
  BAG_NOT_FOUND: business(1_030_051_000, 'Bag {bagId} does not exist'),
  BAG_WRONG_STATUS: business(1_030_051_001, 'Bag {bagNo} is in status {status}; {operation} needs status {expected}'),
  BAG_ITEM_NOT_FOUND: business(1_030_051_002, 'Order item {orderItemId} does not exist'),
  BAG_ITEM_OTHER_MEMBER: business(1_030_051_003, 'Order item {orderItemNo} does not belong to member {memberId}'),
  BAG_ITEM_NOT_STORED: business(1_030_051_004, 'Order item {orderItemNo} is not in storage (status {status})'),
  BAG_ITEM_ALREADY_BAGGED: business(1_030_051_005, 'Order item {orderItemNo} is already in bag {bagNo}'),
  BAG_ITEMS_CHANGED: business(1_030_051_006, 'Order items changed while the bag was being made; try again'),
  BAG_NO_DEFAULT_ADDRESS: business(1_030_051_007, 'Member {memberId} has no default address; name an addressId'),
  BAG_FREIGHT_LOWERED: business(1_030_051_008, 'Bag {bagNo} freight is {freightAmount} cents; a lower freight ({requested} cents) is not accepted'),
  BAG_CHANGED: business(1_030_051_009, 'Bag {bagNo} changed meanwhile; read it and try again'),

  // 1_030_060: partner webhooks
  WEBHOOK_ENDPOINT_NOT_FOUND: business(1_030_060_000, 'Webhook endpoint {id} does not exist'),
  WEBHOOK_URL_NOT_ALLOWED: business(1_030_060_001, 'url: {reason}', 'url'),
  WEBHOOK_PARTNER_NOT_FOUND: business(1_030_060_002, 'partnerClientId: no partner client {partnerClientId}', 'partnerClientId'),
  WEBHOOK_EVENT_TYPE_UNKNOWN: business(1_030_060_003, 'eventTypes: unknown event type {type}', 'eventTypes'),
  WEBHOOK_DELIVERY_NOT_FOUND: business(1_030_060_004, 'Webhook delivery {id} does not exist'),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof ErrorCatalogue;

/** The catalogue by code, with each definition's name (the console lists it; the partner document names the codes). */
export const CATALOGUE_BY_CODE: ReadonlyMap<number, { name: string; definition: ErrorDefinition }> = new Map(
  Object.entries(ErrorCatalogue).map(([name, definition]) => [definition.code, { name, definition }]),
);
