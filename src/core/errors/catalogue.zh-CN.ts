// The catalogue's messages in Simplified Chinese, with the English templates' `{param}` placeholders
// (test: catalogue.zh-CN.test.ts). Protocol tokens (RFC 6749's `invalid_scope:`) and field names stay
// verbatim. The console's override rows win over these (describe-error.ts).
import type { ErrorName } from './catalogue';

export const ErrorCatalogueZhCn: Readonly<Record<ErrorName, string>> = {
  // Global
  BAD_REQUEST: '请求无效：{reason}',
  UNAUTHORIZED: '{reason}',
  FORBIDDEN: '{reason}',
  NOT_FOUND: '没有路由 {method} {url}',
  METHOD_NOT_ALLOWED: '此处不允许使用方法 {method}',
  PAYLOAD_TOO_LARGE: '请求体过大',
  UNSUPPORTED_MEDIA_TYPE: '不支持的内容类型 {contentType}',
  TOO_MANY_REQUESTS: '请求过于频繁：每秒最多 {limit} 次',
  INTERNAL_SERVER_ERROR: '服务器内部错误（请求 {requestId}）',
  SERVICE_UNAVAILABLE: '服务不可用：{reason}',

  // 1_002_000: administrator sign-in and sessions
  AUTH_BAD_CREDENTIALS: '用户名或密码错误',
  AUTH_USER_DISABLED: '用户 {username} 已被禁用',
  AUTH_TENANT_NOT_FOUND: '租户 {tenantName} 不存在',
  AUTH_LOGIN_RATE_LIMITED: '登录尝试次数过多：请在 {retryAfterSeconds} 秒后重试',
  AUTH_REFRESH_TOKEN_INVALID: '刷新令牌未知、已过期或已被使用',

  // 1_002_010: tenants
  TENANT_NOT_FOUND: '租户 {tenantId} 不存在',
  TENANT_DISABLED: '租户 {name} 已被禁用',
  TENANT_EXPIRED: '租户 {name} 已过期',

  // 1_002_020: OAuth 2.0 clients and tokens
  OAUTH2_CLIENT_NOT_FOUND: 'OAuth 2.0 客户端 {clientId} 不存在',
  OAUTH2_CLIENT_EXISTS: 'OAuth 2.0 客户端 {clientId} 已存在',
  OAUTH2_CLIENT_DISABLED: 'OAuth 2.0 客户端 {clientId} 已被禁用',
  OAUTH2_GRANT_TYPE_NOT_ALLOWED: 'unauthorized_client: 客户端 {clientId} 不可使用 {grantType} 授权方式',
  OAUTH2_SCOPE_NOT_ALLOWED: 'invalid_scope: 客户端 {clientId} 未被授予 {scope}',
  OAUTH2_IP_WHITELIST_INVALID: 'ipWhitelist 含有无效条目：{entries}',
  OAUTH2_ADDITIONAL_INFORMATION_INVALID: 'additionalInformation 必须是 JSON 对象',
  OAUTH2_SCOPE_UNKNOWN: '未知的授权范围 {scope}',
  OAUTH2_TOKEN_NOT_FOUND: '此租户中不存在该访问令牌',
  OAUTH2_CLIENT_AUTH_RATE_LIMITED: '客户端认证失败次数过多：请在 {retryAfterSeconds} 秒后重试',

  // 1_002_018_2NN: social clients
  SOCIAL_CLIENT_NOT_FOUND: '社交客户端 {id} 不存在',
  SOCIAL_CLIENT_EXISTS: '社交类型 {socialType}、用户类型 {userType} 的社交客户端已存在',

  // 1_002_011: tenant management (system tenant only)
  TENANT_NAME_EXISTS: '名为 {name} 的租户已存在',
  TENANT_SYSTEM_PROTECTED: '系统租户不可{action}',
  TENANT_MANAGED_BY_SYSTEM: '只有系统租户的管理员可以{action}',

  // 1_002_012: tenant packages
  TENANT_PACKAGE_NOT_FOUND: '租户套餐 {packageId} 不存在',
  TENANT_PACKAGE_DISABLED: '租户套餐 {name} 已被禁用',
  TENANT_PACKAGE_NAME_EXISTS: '名为 {name} 的租户套餐已存在',
  TENANT_PACKAGE_IN_USE: '租户套餐 {name} 正被 {count} 个租户使用，不能删除',

  // 1_002_013: roles
  ROLE_NOT_FOUND: '角色 {roleId} 不存在',
  ROLE_CODE_EXISTS: '编码为 {code} 的角色已存在',
  ROLE_CODE_RESERVED: '角色编码 {code} 为内置角色保留',
  ROLE_BUILT_IN: '角色 {code} 为内置角色：不可{action}',
  ROLE_MENU_OUTSIDE_PACKAGE: '菜单 {menuId} 不在租户套餐内',
  ROLE_DEPT_NOT_FOUND: '部门 {deptId} 不存在',
  ROLE_USER_NOT_FOUND: '用户 {userId} 不存在',

  // 1_002_014: menus
  MENU_NOT_FOUND: '菜单 {menuId} 不存在',
  MENU_PARENT_NOT_FOUND: '上级菜单 {parentId} 不存在',
  MENU_PARENT_IS_BUTTON: '按钮不能有子菜单（菜单 {menuId}）',
  MENU_PARENT_CYCLE: '菜单 {menuId} 不能移到自身或其下级菜单之下',
  MENU_NAME_EXISTS: '上级菜单 {parentId} 下已有名为 {name} 的菜单',
  MENU_HAS_CHILDREN: '菜单 {menuId} 有子菜单：请先删除子菜单',

  // 1_002_030: administrator users and their own profile
  USER_NOT_FOUND: '用户 {userId} 不存在',
  USER_USERNAME_EXISTS: '用户名 {username} 已被占用',
  USER_COUNT_MAX: '该租户最多可有 {accountCount} 个用户',
  USER_OLD_PASSWORD_WRONG: '旧密码错误',
  USER_DELETE_SELF: '不能删除自己的账号',

  // 1_002_031: departments
  DEPT_NOT_FOUND: '部门 {deptId} 不存在',
  DEPT_DISABLED: '部门 {name} 已被禁用',
  DEPT_PARENT_NOT_FOUND: '上级部门 {parentId} 不存在',
  DEPT_PARENT_CYCLE: '部门 {deptId} 不能移到自身或其下级部门之下（{parentId}）',
  DEPT_NAME_EXISTS: '上级部门 {parentId} 下已有名为 {name} 的部门',
  DEPT_HAS_CHILDREN: '部门 {name} 有下级部门：请先删除或移走它们',
  DEPT_HAS_USERS: '部门 {name} 有 {userCount} 个用户：请先移走他们',
  DEPT_LEADER_NOT_FOUND: '负责人 {leaderUserId} 不是此租户的用户',

  // 1_002_032: posts
  POST_NOT_FOUND: '岗位 {postId} 不存在',
  POST_DISABLED: '岗位 {name} 已被禁用',
  POST_CODE_EXISTS: '编码为 {code} 的岗位已存在',
  POST_IN_USE: '岗位 {name} 由 {userCount} 个用户担任：请先解除',

  // 1_002_050: dictionary types; 1_002_051: dictionary data
  DICT_TYPE_NOT_FOUND: '字典类型 {dictTypeId} 不存在',
  DICT_TYPE_EXISTS: '字典类型 {type} 已存在',
  DICT_TYPE_HAS_DATA: '字典类型 {type} 有 {dataCount} 条数据：请先删除',
  DICT_DATA_NOT_FOUND: '字典数据 {dictDataId} 不存在',
  DICT_DATA_TYPE_UNKNOWN: '字典类型 {dictType} 不存在',
  DICT_DATA_VALUE_EXISTS: '字典类型 {dictType} 已有值 {value}',

  // 1_002_052: error-message overrides
  ERROR_CODE_NOT_FOUND: '错误码覆盖 {errorCodeId} 不存在',
  ERROR_CODE_UNKNOWN: '错误码 {code} 不在错误码目录中',
  ERROR_CODE_OVERRIDE_EXISTS: '错误码 {code} 已有语言 {langType} 的提示',
  ERROR_CODE_MESSAGE_INVALID: '错误码 {code} 的提示无效：{reason}',

  // 1_002_053: sensitive words
  SENSITIVE_WORD_NOT_FOUND: '敏感词 {sensitiveWordId} 不存在',
  SENSITIVE_WORD_EXISTS: '敏感词 {name} 已存在',
  SENSITIVE_WORD_FOUND: '{field} 含有敏感词：{words}',

  // 1_002_054: notices
  NOTICE_NOT_FOUND: '通知公告 {noticeId} 不存在',

  // 1_002_040: message templates (shared by SMS, mail and notify) and SMS channels
  MESSAGE_TEMPLATE_PARAM_MISSING: '模板 {templateCode} 需要参数 {param}',
  SMS_CHANNEL_NOT_FOUND: '短信渠道 {channelId} 不存在',
  SMS_CHANNEL_CODE_UNKNOWN: '未知的短信渠道编码 {code}；可用编码：{accepted}',
  SMS_CHANNEL_DISABLED: '短信渠道 {signature} 已被禁用',
  SMS_CHANNEL_IN_USE: '短信渠道 {signature} 被 {templateCount} 个模板使用：请先删除或移走它们',
  SMS_CHANNEL_CONFIG_INVALID: '短信渠道编码 {code} 需要 {field}：{reason}',

  // 1_002_041: SMS templates and sending
  SMS_TEMPLATE_NOT_FOUND: '短信模板 {templateId} 不存在',
  SMS_TEMPLATE_CODE_EXISTS: '编码为 {code} 的短信模板已存在',
  SMS_TEMPLATE_CODE_NOT_FOUND: '没有编码为 {templateCode} 的短信模板',
  SMS_TEMPLATE_DISABLED: '短信模板 {templateCode} 已被禁用',
  SMS_SEND_FAILED: '短信发送失败（日志 {logId}）：{reason}',

  // 1_002_042: mail accounts
  MAIL_ACCOUNT_NOT_FOUND: '邮箱账号 {accountId} 不存在',
  MAIL_ACCOUNT_IN_USE: '邮箱账号 {mail} 被 {templateCount} 个模板使用：请先删除或移走它们',

  // 1_002_043: mail templates and sending
  MAIL_TEMPLATE_NOT_FOUND: '邮件模板 {templateId} 不存在',
  MAIL_TEMPLATE_CODE_EXISTS: '编码为 {code}、语言为 {languageCode} 的邮件模板已存在',
  MAIL_TEMPLATE_CODE_NOT_FOUND: '没有编码为 {templateCode} 的邮件模板',
  MAIL_TEMPLATE_DISABLED: '邮件模板 {templateCode} 在所有语言下均已禁用',
  MAIL_SEND_FAILED: '邮件发送失败（日志 {logId}）：{reason}',

  // 1_002_044: in-app notify templates and messages
  NOTIFY_TEMPLATE_NOT_FOUND: '站内信模板 {templateId} 不存在',
  NOTIFY_TEMPLATE_CODE_EXISTS: '编码为 {code}、语言为 {languageCode} 的站内信模板已存在',
  NOTIFY_TEMPLATE_CODE_NOT_FOUND: '没有编码为 {templateCode} 的站内信模板',
  NOTIFY_TEMPLATE_DISABLED: '站内信模板 {templateCode} 在所有语言下均已禁用',
  NOTIFY_RECIPIENT_NOT_FOUND: '此租户中没有 {recipientKind} {userId}',

  // 1_002_045: verification codes (SMS and mail)
  VERIFICATION_CODE_NOT_FOUND: '未向 {target} 发送过场景 {scene} 的验证码',
  VERIFICATION_CODE_EXPIRED: '验证码已过期：请重新获取',
  VERIFICATION_CODE_MISMATCH: '验证码错误（还可尝试 {attemptsLeft} 次）',
  VERIFICATION_CODE_ATTEMPTS_EXCEEDED: '验证码错误次数过多：此验证码已失效，请重新获取',
  VERIFICATION_CODE_USED: '验证码已被使用：请重新获取',
  VERIFICATION_CODE_SEND_TOO_FAST: '刚刚已向 {target} 发送过验证码：请等待 {retryAfterSeconds} 秒',
  VERIFICATION_CODE_DAILY_LIMIT: '{target} 今日接收的验证码已达上限（{dailyMax}）',

  // 1_002_060: help-center classifications
  CLASSIFY_NOT_FOUND: '分类 {classifyId} 不存在',
  CLASSIFY_UUID_EXISTS: 'uuidCode 为 {uuidCode} 的分类已存在',
  CLASSIFY_PARENT_NOT_FOUND: '上级分类 {parentId} 不存在',
  CLASSIFY_PARENT_MISMATCH: '上级分类 {parentId} 的 positionType 为 {parentPositionType}、语言为 {parentLanguage}，而非 {positionType} 和 {language}',
  CLASSIFY_PARENT_CYCLE: '分类 {classifyId} 不能移到自身或其下级分类之下',
  CLASSIFY_HAS_CHILDREN: '分类 {className} 有下级分类：请先删除或移走它们',
  CLASSIFY_HAS_SUPPORT_INFOS: '分类 {className} 下有 {count} 条帮助信息：请先删除或移走它们',
  CLASSIFY_SCOPE_LOCKED: '分类 {className} 有下级分类或帮助信息：其 positionType 和语言不可更改',

  // 1_002_061: support info
  SUPPORT_INFO_NOT_FOUND: '帮助信息 {supportInfoId} 不存在',
  SUPPORT_INFO_UUID_EXISTS: 'uuidCode 为 {uuidCode} 的帮助信息已存在',
  SUPPORT_INFO_CLASSIFY_UUID_MISMATCH: 'classifyUuid {classifyUuid} 不是分类 {classifyId} 的 uuidCode（{uuidCode}）',
  SUPPORT_INFO_LANGUAGE_MISMATCH: '帮助信息的语言 {language} 与分类 {classifyId} 的语言 {classifyLanguage} 不同',

  // 1_002_062: information
  INFORMATION_NOT_FOUND: '资讯 {informationId} 不存在',
  INFORMATION_UUID_EXISTS: 'uuidCode 为 {uuidCode} 的资讯已存在',

  // 1_002_063: protocol statements
  PROTOCOL_STATEMENT_NOT_FOUND: '协议声明 {protocolStatementId} 不存在',
  PROTOCOL_STATEMENT_UUID_EXISTS: 'uuidCode 为 {uuidCode} 的协议声明已存在',

  // 1_002_064: system languages (platform-wide)
  SYSTEM_LANGUAGE_NOT_FOUND: '系统语言 {languageId} 不存在',
  SYSTEM_LANGUAGE_CODE_EXISTS: 'langCode 为 {langCode} 的系统语言已存在',

  // 1_002_070: currencies (platform-wide)
  CURRENCY_NOT_FOUND: '币种 {currencyId} 不存在',
  CURRENCY_CODE_EXISTS: '编码为 {abbreviationCode} 的币种已存在',
  CURRENCY_CODE_NOT_FOUND: '没有编码为 {currencyCode} 的币种',
  CURRENCY_DISABLED: '币种 {currencyCode} 已被禁用',

  // 1_002_071: currency rate policies
  CURRENCY_RATE_POLICY_NOT_FOUND: '汇率策略 {policyId} 不存在',
  CURRENCY_RATE_POLICY_EXISTS: '{target} 已有启用的汇率策略：请先停用',

  // 1_002_072: countries (platform-wide)
  COUNTRY_NOT_FOUND: '国家 {countryId} 不存在',
  COUNTRY_CODE_EXISTS: '编码为 {enShortName} 的国家已存在',
  COUNTRY_CODE_NOT_FOUND: '没有编码为 {countryCode} 的国家',
  COUNTRY_HAS_REGIONS: '国家 {enName} 有 {regionCount} 个地区：请先删除',

  // 1_002_073: regions (platform-wide)
  REGION_NOT_FOUND: '地区 {regionId} 不存在',

  // 1_002_080: short-link groups
  SHORT_LINK_GROUP_NOT_FOUND: '短链分组 {groupId} 不存在',
  SHORT_LINK_GROUP_CODE_EXISTS: '编码为 {groupCode} 的短链分组已存在',
  SHORT_LINK_GROUP_IN_USE: '短链分组 {groupName} 下有 {recordCount} 条短链：请先移走或删除',

  // 1_002_081: short links
  SHORT_LINK_NOT_FOUND: '短链 {shortLinkId} 不存在',

  // 1_002_082: gateway IP blacklist (platform-wide)
  IP_BLACKLIST_NOT_FOUND: 'IP 黑名单条目 {entryId} 不存在',
  IP_BLACKLIST_EXISTS: '{ip} 已在 IP 黑名单中',
  IP_BLACKLIST_COVERS_CALLER: '{ip} 包含您自己的地址 {callerIp}：保存后您将无法访问',
  IP_BLACKLIST_PERMANENT: '条目 {ip} 为永久封禁：没有可延长的到期时间，请改传 expireTime',
  IP_BLACKLIST_TOO_BROAD: 'ip {ip} 范围过大：一个条目最多覆盖 IPv4 /{minimumIpv4Prefix} 或 IPv6 /{minimumIpv6Prefix} 网段',

  // 1_030_001: members and bindings
  MEMBER_NOT_BOUND: 'externalUserId {externalUserId} 未绑定会员',
  MEMBER_NOT_FOUND: '会员 {memberId} 不存在',
  MEMBER_UNION_ID_EXISTS: 'unionId {unionId} 已被占用',
  MEMBER_BINDING_TAKEN: '合作方 {partnerClientId} 的 externalUserId {externalUserId} 已绑定其他会员',
  MEMBER_BINDING_NOT_FOUND: '合作方 {partnerClientId} 的 externalUserId {externalUserId} 未绑定',
  MEMBER_PARTNER_NOT_FOUND: '合作方 {partnerClientId} 不存在',
  MEMBER_ADDRESS_NOT_FOUND: '会员 {memberId} 的地址 {addressId} 不存在',
  MEMBER_NOT_BOUND_TO_PARTNER: '{field} {value} 不是绑定到此合作方的会员',
  MEMBER_IDENTIFIERS_DIFFER: '{fields} 指向不同的会员',

  // 1_030_002: wallets and ledger
  WALLET_NOT_FOUND: '会员 {memberId} 没有钱包',
  WALLET_INSUFFICIENT_BALANCE: '余额不足：可用 {balance} 分，需要 {amount} 分',
  WALLET_BALANCE_LIMIT: '入账 {amount} 分将使余额 {balance} 超过上限 {limit} 分',
  WALLET_BIZ_REF_CONFLICT: 'bizRef {bizRef} 已按金额 {appliedAmount} 入账，而非 {amount}',

  // 1_030_003: pay orders and wallet pay
  PAY_ORDER_NOT_FOUND: '支付单 {paymentId} 不存在',
  PAY_ORDER_ALREADY_PAID: '支付单 {paymentId} 已支付',
  PAY_ORDER_CLOSED: '支付单 {paymentId} 已关闭',
  PAY_ORDER_OTHER_USER: '支付单 {paymentId} 不属于 externalUserId {externalUserId}',
  PAY_AMOUNT_MISMATCH: 'payAmount {payAmount} 与支付单金额 {amount} 不符',
  PAY_ORDER_NOT_PAYABLE: '支付单 {paymentId} 的{kind}订单 {bizNo} 已不可支付',

  // 1_030_004: supplement bills
  SUPPLEMENT_NOT_FOUND: '补款单 {orderExpensesNo} 不存在',
  SUPPLEMENT_NOT_UNPAID: '补款单 {orderExpensesNo} 不是待支付状态（状态 {status}）',
  SUPPLEMENT_MIXED_BIZ_TYPES: '采购补款单与包裹补款单须分开支付',
  SUPPLEMENT_BIZ_ORDER_NOT_FOUND: '会员 {memberId} 的{bizType}订单 {bizNo} 不存在',
  SUPPLEMENT_CHANGED: '补款单已发生变化：请重新查询后重试',

  // 1_030_020: purchase orders
  ORDER_SKU_OUT_OF_STOCK: '商品 {goodsId} 的 SKU {skuId} 库存为 {stock}，下单数量为 {qty}',
  ORDER_AMOUNT_TOO_LARGE: '订单总额 {payAmount} 超过上限 {max} 分',
  ORDER_ADDRESS_NOT_FOUND: 'addressId {addressId} 不是此会员的收货地址',
  ORDER_NO_DEFAULT_ADDRESS: 'externalUserId {externalUserId} 没有默认收货地址：请传 addressId',
  ORDER_PRICE_DEVIATION: 'expectedPayAmount {expectedPayAmount} 与实时价格 {payAmount} 的偏差超过 {thresholdPercent}%',
  ORDER_OUT_ORDER_NO_CONFLICT: 'outOrderNo {outOrderNo} 已被用于另一个不同的请求',
  ORDER_NOT_FOUND: '采购订单 {reference} 不存在',

  // 1_030_021: purchasing
  PURCHASE_ITEM_NOT_FOUND: '订单项 {orderItemId} 不存在',
  PURCHASE_ITEM_NOT_PAID: '订单项 {orderItemNo} 不在待采购状态（状态 {status}）',
  PURCHASE_ITEM_PURCHASED_DIFFERENTLY: '订单项 {orderItemNo} 已通过平台订单 {marketplaceOrderNo} 以 {actualUnitPrice} 分采购',
  PURCHASE_ITEM_NOT_CANCELLABLE: '订单项 {orderItemNo} 已不可取消（状态 {status}）',

  // 1_030_010: goods
  GOODS_NOT_FOUND: '来源 {source} 的商品 {goodsId} 不存在',
  GOODS_SKU_NOT_FOUND: '商品 {goodsId}（来源 {source}）的 SKU {skuId} 不存在',
  GOODS_SOURCE_NOT_SUPPORTED: '来源 {source} 不支持{operation}',
  GOODS_LINK_UNPARSEABLE: 'searchUrl 不是受支持的电商平台或代购网站的商品链接',
  GOODS_LINK_RESOLVE_FAILED: '无法解析短链接：{reason}',
  GOODS_PROVIDER_TIMEOUT: '来源 {source} 的商品服务未在 {timeoutMs} 毫秒内响应',
  GOODS_PROVIDER_FAILED: '来源 {source} 的商品服务出错：{reason}',
  GOODS_PROVIDER_BAD_RESPONSE: '来源 {source} 的商品服务返回了无法使用的结果：{reason}',

  // 1_030_011: QC records
  QC_RECORD_NOT_FOUND: '质检记录 {qcRecordId} 不存在',
  QC_ORDER_ITEM_NOT_FOUND: '订单项 {orderItemId} 不存在',
  QC_ITEM_NOT_IN_WAREHOUSE: '订单项 {orderItemNo} 不在仓库中（状态 {status}）',
  QC_RECORD_COMPLETED: '质检记录 {qcRecordId} 已完成',
  QC_RESULT_INVALID: '质检结果 {result} 不是 1（合格）或 2（不合格）',
  QC_PHOTO_INVALID: '质检照片 {url} 不是 http(s) 地址或本服务的路径，或超过 {maxLength} 个字符',
  QC_TOO_MANY_PHOTOS: '质检记录 {qcRecordId} 的照片将超过 {maxPhotos} 张',
  QC_REMARKS_TOO_LONG: '质检备注超过 {maxLength} 个字符',

  // 1_030_030: stored files and invoices
  FILE_TOO_LARGE: '文件 {fileName} 有 {size} 字节；上限为 {limit} 字节',
  FILE_EMPTY: '文件 {fileName} 为空',
  FILE_TYPE_NOT_ALLOWED: '不保存类型为 {contentType} 的文件；允许的类型：{allowed}',

  // 1_030_040: USD payment orders
  PAYMENT_ORDER_NOT_FOUND: '没有 {field} 为 {value} 的付款单',
  PAYMENT_ORDER_OUT_ORDER_NO_CONFLICT: 'outOrderNo {outOrderNo} 已被付款单 {orderNo} 用于另一个不同的请求',
  PAYMENT_ORDER_CLOSED: '付款单 {orderNo} 已关闭，不能再支付',
  PAYMENT_ORDER_NOT_PAID: '付款单 {paymentOrderId} 未支付（状态 {status}）：只有已支付的订单才接受物流信息',
  PAYMENT_ORDER_AMOUNT_MISMATCH: '通知金额 {amountCents} 分不等于付款单 {orderNo} 的 {payAmountCents} 分',
  PAYMENT_ORDER_NOT_PENDING: '付款单 {orderNo} 不是待支付状态（状态 {status}）',

  // 1_030_041: payment channels and their notifications
  PAYMENT_CHANNEL_UNKNOWN: '未知的支付渠道 {channel}',
  PAYMENT_CHANNEL_SIGNATURE_INVALID: '通知签名缺失或无效',
  PAYMENT_CHANNEL_TIMESTAMP_OUT_OF_WINDOW: '通知时间戳 {timestamp} 与服务器时间相差超过 {toleranceSeconds} 秒',
  PAYMENT_CHANNEL_NONCE_REPLAYED: '通知 nonce {nonce} 已处理过',
  PAYMENT_CHANNEL_NOTIFICATION_INVALID: '通知格式错误：{reason}',

  // 1_030_050: warehouse stations
  WAREHOUSE_ITEM_NOT_FOUND: '订单项 {orderItemId} 不存在',
  WAREHOUSE_ITEM_WRONG_STATUS: '订单项 {orderItemNo} 的状态为 {status}；{operation}需要状态 {expected}',

  // 1_030_051: bags
  BAG_NOT_FOUND: '包裹 {bagId} 不存在',
  BAG_WRONG_STATUS: '包裹 {bagNo} 的状态为 {status}；{operation}需要状态 {expected}',
  BAG_ITEM_NOT_FOUND: '订单项 {orderItemId} 不存在',
  BAG_ITEM_OTHER_MEMBER: '订单项 {orderItemNo} 不属于会员 {memberId}',
  BAG_ITEM_NOT_STORED: '订单项 {orderItemNo} 不在仓储中（状态 {status}）',
  BAG_ITEM_ALREADY_BAGGED: '订单项 {orderItemNo} 已在包裹 {bagNo} 中',
  BAG_ITEMS_CHANGED: '打包期间订单项发生了变化：请重试',
  BAG_NO_DEFAULT_ADDRESS: '会员 {memberId} 没有默认地址：请指定 addressId',
  BAG_FREIGHT_LOWERED: '包裹 {bagNo} 的运费为 {freightAmount} 分；不接受更低的运费（{requested} 分）',
  BAG_CHANGED: '包裹 {bagNo} 已发生变化：请重新读取后重试',

  // 1_030_060: partner webhooks
  WEBHOOK_ENDPOINT_NOT_FOUND: 'Webhook 端点 {id} 不存在',
  WEBHOOK_URL_NOT_ALLOWED: 'url 不可用：{reason}',
  WEBHOOK_PARTNER_NOT_FOUND: 'partnerClientId：没有合作方客户端 {partnerClientId}',
  WEBHOOK_EVENT_TYPE_UNKNOWN: 'eventTypes：未知的事件类型 {type}',
  WEBHOOK_DELIVERY_NOT_FOUND: 'Webhook 投递 {id} 不存在',
};
