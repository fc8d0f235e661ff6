// Generated from /open-api/openapi.json by `npm run sdk:generate`: do not edit.
// test/sdk-types.test.ts fails when this file is stale against the live document.

export interface paths {
    "/open-api/system/oauth2/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an access token (client credentials)
         * @description Parameters in the query or in an application/x-www-form-urlencoded body; client credentials by HTTP Basic or as client_id and client_secret in that body. Errors carry the RFC 6749 `error` code beside the envelope.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1002010000 | TENANT_NOT_FOUND | 200 | Tenant {tenantId} does not exist |
         *     | 1002010001 | TENANT_DISABLED | 200 | Tenant {name} is disabled |
         *     | 1002010002 | TENANT_EXPIRED | 200 | Tenant {name} has expired |
         *     | 1002020003 | OAUTH2_GRANT_TYPE_NOT_ALLOWED | 400 | unauthorized_client: client {clientId} may not use the {grantType} grant |
         *     | 1002020004 | OAUTH2_SCOPE_NOT_ALLOWED | 400 | invalid_scope: client {clientId} was not granted {scope} |
         *     | 1002020100 | OAUTH2_CLIENT_AUTH_RATE_LIMITED | 429 | Too many failed client authentications: try again in {retryAfterSeconds} seconds |
         */
        post: operations["systemOauth2Token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/system/oauth2/token/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an access token (RFC 7009)
         * @description Authenticated by the client's credentials (as on the token call) or by the token itself as Bearer; `token` in the query or the form body. Answers true when a token of this client was revoked, false otherwise (never an error).
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1002020100 | OAUTH2_CLIENT_AUTH_RATE_LIMITED | 429 | Too many failed client authentications: try again in {retryAfterSeconds} seconds |
         */
        post: operations["systemOauth2TokenRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/goods/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Keyword goods search
         * @description A page of 20 goods of one source (1, 2, 3 or 5) whose titles contain every keyword term.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         *     | 1030010005 | GOODS_PROVIDER_TIMEOUT | 200 | The goods service for source {source} did not answer within {timeoutMs} ms |
         *     | 1030010006 | GOODS_PROVIDER_FAILED | 200 | The goods service for source {source} failed: {reason} |
         *     | 1030010007 | GOODS_PROVIDER_BAD_RESPONSE | 200 | The goods service for source {source} gave an unusable answer: {reason} |
         */
        get: operations["goodsSearch"];
        put?: never;
        /**
         * Keyword goods search (POST form)
         * @description A page of 20 goods of one source (1, 2, 3 or 5) whose titles contain every keyword term.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         *     | 1030010005 | GOODS_PROVIDER_TIMEOUT | 200 | The goods service for source {source} did not answer within {timeoutMs} ms |
         *     | 1030010006 | GOODS_PROVIDER_FAILED | 200 | The goods service for source {source} failed: {reason} |
         *     | 1030010007 | GOODS_PROVIDER_BAD_RESPONSE | 200 | The goods service for source {source} gave an unusable answer: {reason} |
         */
        post: operations["goodsSearchByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/goods/image-search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Image goods search
         * @description A page of 20 goods of one source (1, 2 or 3) showing the image: goods registering the same image URL (query and fragment ignored), then goods whose image has the same perceptual hash.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         *     | 1030010005 | GOODS_PROVIDER_TIMEOUT | 200 | The goods service for source {source} did not answer within {timeoutMs} ms |
         *     | 1030010006 | GOODS_PROVIDER_FAILED | 200 | The goods service for source {source} failed: {reason} |
         *     | 1030010007 | GOODS_PROVIDER_BAD_RESPONSE | 200 | The goods service for source {source} gave an unusable answer: {reason} |
         */
        get: operations["goodsImageSearch"];
        put?: never;
        /**
         * Image goods search (POST form)
         * @description A page of 20 goods of one source (1, 2 or 3) showing the image: goods registering the same image URL (query and fragment ignored), then goods whose image has the same perceptual hash.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         *     | 1030010005 | GOODS_PROVIDER_TIMEOUT | 200 | The goods service for source {source} did not answer within {timeoutMs} ms |
         *     | 1030010006 | GOODS_PROVIDER_FAILED | 200 | The goods service for source {source} failed: {reason} |
         *     | 1030010007 | GOODS_PROVIDER_BAD_RESPONSE | 200 | The goods service for source {source} gave an unusable answer: {reason} |
         */
        post: operations["goodsImageSearchByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/goods/parse-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Parse a goods link
         * @description The goods a marketplace, agent-site or short link points at. A link that names no goods is a business error.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010003 | GOODS_LINK_UNPARSEABLE | 200 | searchUrl is not a goods link of a supported marketplace or agent site |
         *     | 1030010004 | GOODS_LINK_RESOLVE_FAILED | 200 | The short link could not be resolved: {reason} |
         */
        get: operations["goodsParseLink"];
        put?: never;
        /**
         * Parse a goods link (POST form)
         * @description The goods a marketplace, agent-site or short link points at. A link that names no goods is a business error.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010003 | GOODS_LINK_UNPARSEABLE | 200 | searchUrl is not a goods link of a supported marketplace or agent site |
         *     | 1030010004 | GOODS_LINK_RESOLVE_FAILED | 200 | The short link could not be resolved: {reason} |
         */
        post: operations["goodsParseLinkByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/goods/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Goods detail
         * @description The goods with its SKUs, current prices (cents) and stock. Goods that do not exist are a business error.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010000 | GOODS_NOT_FOUND | 200 | Goods {goodsId} of source {source} does not exist |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         *     | 1030010005 | GOODS_PROVIDER_TIMEOUT | 200 | The goods service for source {source} did not answer within {timeoutMs} ms |
         *     | 1030010006 | GOODS_PROVIDER_FAILED | 200 | The goods service for source {source} failed: {reason} |
         *     | 1030010007 | GOODS_PROVIDER_BAD_RESPONSE | 200 | The goods service for source {source} gave an unusable answer: {reason} |
         */
        get: operations["goodsDetail"];
        put?: never;
        /**
         * Goods detail (POST form)
         * @description The goods with its SKUs, current prices (cents) and stock. Goods that do not exist are a business error.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010000 | GOODS_NOT_FOUND | 200 | Goods {goodsId} of source {source} does not exist |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         *     | 1030010005 | GOODS_PROVIDER_TIMEOUT | 200 | The goods service for source {source} did not answer within {timeoutMs} ms |
         *     | 1030010006 | GOODS_PROVIDER_FAILED | 200 | The goods service for source {source} failed: {reason} |
         *     | 1030010007 | GOODS_PROVIDER_BAD_RESPONSE | 200 | The goods service for source {source} gave an unusable answer: {reason} |
         */
        post: operations["goodsDetailByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/goods/qc/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page of QC records of goods
         * @description Completed QC records (photos of the goods as they arrived at the warehouse), newest completion first. Quality information of goods is shared by all partners; it carries no order numbers.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         */
        get: operations["goodsQcPage"];
        put?: never;
        /**
         * Page of QC records of goods (POST form)
         * @description Completed QC records (photos of the goods as they arrived at the warehouse), newest completion first. Quality information of goods is shared by all partners; it carries no order numbers.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         */
        post: operations["goodsQcPageByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/goods/qc/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latest QC records of one goods
         * @description The 10 most recently completed QC records of the goods (of the SKU when skuId is given), newest first.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         */
        get: operations["goodsQcLatest"];
        put?: never;
        /**
         * Latest QC records of one goods (POST form)
         * @description The 10 most recently completed QC records of the goods (of the SKU when skuId is given), newest first.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         */
        post: operations["goodsQcLatestByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/goods/qc/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * QC summary of one goods
         * @description How many completed QC records and photos the goods (the SKU when skuId is given) has, and when the last one completed.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         */
        get: operations["goodsQcSummary"];
        put?: never;
        /**
         * QC summary of one goods (POST form)
         * @description How many completed QC records and photos the goods (the SKU when skuId is given) has, and when the last one completed.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         */
        post: operations["goodsQcSummaryByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/order/qc/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Completed QC records by order
         * @description An O… order number answers the completed records of all its items, a PI… item number those of that item. Only orders of the calling partner: any other number, and an order without completed QC, answers an empty list.
         *
         *     Business codes: none (every answer other than code 0 is an HTTP error, code = HTTP status).
         */
        get: operations["orderQcList"];
        put?: never;
        /**
         * Completed QC records by order (POST form)
         * @description An O… order number answers the completed records of all its items, a PI… item number those of that item. Only orders of the calling partner: any other number, and an order without completed QC, answers an empty list.
         *
         *     Business codes: none (every answer other than code 0 is an HTTP error, code = HTTP status).
         */
        post: operations["orderQcListByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/pay/wallet/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a pay order from the member wallet
         * @description Debits the wallet of the bound member and marks the pay order and its purchase order or supplement bills paid, all at once. Refused (business codes) when the pay order is unknown to this partner, belongs to another user, is paid or closed, when payAmount differs from it, when its order is no longer payable, or when the balance is short. A pay order is debited at most once.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030001000 | MEMBER_NOT_BOUND | 200 | externalUserId {externalUserId} is not bound to a member |
         *     | 1030002000 | WALLET_NOT_FOUND | 200 | Member {memberId} has no wallet |
         *     | 1030002001 | WALLET_INSUFFICIENT_BALANCE | 200 | Insufficient balance: {balance} cents available, {amount} cents needed |
         *     | 1030002003 | WALLET_BIZ_REF_CONFLICT | 200 | bizRef {bizRef} was already applied with amount {appliedAmount}, not {amount} |
         *     | 1030003000 | PAY_ORDER_NOT_FOUND | 200 | Pay order {paymentId} does not exist |
         *     | 1030003001 | PAY_ORDER_ALREADY_PAID | 200 | Pay order {paymentId} is already paid |
         *     | 1030003002 | PAY_ORDER_CLOSED | 200 | Pay order {paymentId} is closed |
         *     | 1030003003 | PAY_ORDER_OTHER_USER | 200 | Pay order {paymentId} does not belong to externalUserId {externalUserId} |
         *     | 1030003004 | PAY_AMOUNT_MISMATCH | 200 | payAmount {payAmount} does not match the pay order amount {amount} |
         *     | 1030003005 | PAY_ORDER_NOT_PAYABLE | 200 | The {kind} order {bizNo} of pay order {paymentId} is no longer payable |
         */
        post: operations["payWalletPay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/pay/wallet/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet balance of a bound user
         * @description Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030001000 | MEMBER_NOT_BOUND | 200 | externalUserId {externalUserId} is not bound to a member |
         *     | 1030002000 | WALLET_NOT_FOUND | 200 | Member {memberId} has no wallet |
         */
        get: operations["payWalletBalance"];
        put?: never;
        /**
         * Wallet balance of a bound user (POST form)
         * @description Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030001000 | MEMBER_NOT_BOUND | 200 | externalUserId {externalUserId} is not bound to a member |
         *     | 1030002000 | WALLET_NOT_FOUND | 200 | Member {memberId} has no wallet |
         */
        post: operations["payWalletBalanceByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/order/supplement/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Outstanding supplement bills of a bound user
         * @description Unpaid bills, oldest first. With repayment authorization on, bills are debited automatically; those listed here are the ones auto-debit could not pay (short balance) or that wait for the partner (authorization off).
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030001000 | MEMBER_NOT_BOUND | 200 | externalUserId {externalUserId} is not bound to a member |
         */
        get: operations["orderSupplementList"];
        put?: never;
        /**
         * Outstanding supplement bills of a bound user (POST form)
         * @description Unpaid bills, oldest first. With repayment authorization on, bills are debited automatically; those listed here are the ones auto-debit could not pay (short balance) or that wait for the partner (authorization off).
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030001000 | MEMBER_NOT_BOUND | 200 | externalUserId {externalUserId} is not bound to a member |
         */
        post: operations["orderSupplementListByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/order/supplement/trade-no": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a supplement pay order
         * @description Groups unpaid bills of the user into one pay order for wallet pay. Purchase and bag bills are never mixed in one call. A bill already in an unpaid supplement pay order moves to the new one, and that older pay order is closed.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030001000 | MEMBER_NOT_BOUND | 200 | externalUserId {externalUserId} is not bound to a member |
         *     | 1030004000 | SUPPLEMENT_NOT_FOUND | 200 | Supplement bill {orderExpensesNo} does not exist |
         *     | 1030004001 | SUPPLEMENT_NOT_UNPAID | 200 | Supplement bill {orderExpensesNo} is not unpaid (status {status}) |
         *     | 1030004002 | SUPPLEMENT_MIXED_BIZ_TYPES | 200 | Purchase and bag supplement bills must be paid separately |
         *     | 1030004004 | SUPPLEMENT_CHANGED | 200 | The supplement bills changed meanwhile; list them again and retry |
         */
        post: operations["orderSupplementTradeNo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/order/purchase/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote purchase lines at live prices
         * @description Prices come from the goods provider now; prices sent by the client are ignored. Creates nothing.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030001000 | MEMBER_NOT_BOUND | 200 | externalUserId {externalUserId} is not bound to a member |
         *     | 1030010000 | GOODS_NOT_FOUND | 200 | Goods {goodsId} of source {source} does not exist |
         *     | 1030010001 | GOODS_SKU_NOT_FOUND | 200 | SKU {skuId} of goods {goodsId} (source {source}) does not exist |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         *     | 1030010005 | GOODS_PROVIDER_TIMEOUT | 200 | The goods service for source {source} did not answer within {timeoutMs} ms |
         *     | 1030010006 | GOODS_PROVIDER_FAILED | 200 | The goods service for source {source} failed: {reason} |
         *     | 1030010007 | GOODS_PROVIDER_BAD_RESPONSE | 200 | The goods service for source {source} gave an unusable answer: {reason} |
         *     | 1030020000 | ORDER_SKU_OUT_OF_STOCK | 200 | SKU {skuId} of goods {goodsId} has {stock} in stock, {qty} ordered |
         *     | 1030020001 | ORDER_AMOUNT_TOO_LARGE | 200 | Order total {payAmount} exceeds the maximum of {max} cents |
         */
        post: operations["orderPurchaseQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/order/purchase/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a purchase order
         * @description Idempotent on outOrderNo per partner: the same body again answers the first order; another body with a used outOrderNo is refused. When expectedPayAmount deviates from the live payAmount by more than the configured percentage, nothing is created.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030001000 | MEMBER_NOT_BOUND | 200 | externalUserId {externalUserId} is not bound to a member |
         *     | 1030010000 | GOODS_NOT_FOUND | 200 | Goods {goodsId} of source {source} does not exist |
         *     | 1030010001 | GOODS_SKU_NOT_FOUND | 200 | SKU {skuId} of goods {goodsId} (source {source}) does not exist |
         *     | 1030010002 | GOODS_SOURCE_NOT_SUPPORTED | 200 | Source {source} does not support {operation} |
         *     | 1030010005 | GOODS_PROVIDER_TIMEOUT | 200 | The goods service for source {source} did not answer within {timeoutMs} ms |
         *     | 1030010006 | GOODS_PROVIDER_FAILED | 200 | The goods service for source {source} failed: {reason} |
         *     | 1030010007 | GOODS_PROVIDER_BAD_RESPONSE | 200 | The goods service for source {source} gave an unusable answer: {reason} |
         *     | 1030020000 | ORDER_SKU_OUT_OF_STOCK | 200 | SKU {skuId} of goods {goodsId} has {stock} in stock, {qty} ordered |
         *     | 1030020001 | ORDER_AMOUNT_TOO_LARGE | 200 | Order total {payAmount} exceeds the maximum of {max} cents |
         *     | 1030020002 | ORDER_ADDRESS_NOT_FOUND | 200 | addressId {addressId} is not a shipping address of this member |
         *     | 1030020003 | ORDER_NO_DEFAULT_ADDRESS | 200 | externalUserId {externalUserId} has no default shipping address: pass addressId |
         *     | 1030020004 | ORDER_PRICE_DEVIATION | 200 | expectedPayAmount {expectedPayAmount} deviates from the live price {payAmount} by more than {thresholdPercent}% |
         *     | 1030020005 | ORDER_OUT_ORDER_NO_CONFLICT | 200 | outOrderNo {outOrderNo} was already used with a different request |
         */
        post: operations["orderPurchaseCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/order/purchase/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Query a purchase order
         * @description By orderNo or by outOrderNo (exactly one). Only orders created by the calling partner are found.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030020006 | ORDER_NOT_FOUND | 200 | Purchase order {reference} does not exist |
         */
        get: operations["orderPurchaseGet"];
        put?: never;
        /**
         * Query a purchase order (POST form)
         * @description By orderNo or by outOrderNo (exactly one). Only orders created by the calling partner are found.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030020006 | ORDER_NOT_FOUND | 200 | Purchase order {reference} does not exist |
         */
        post: operations["orderPurchaseGetByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/order/item/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page of order items of a member
         * @description The member is named by at least one of memberId, unionId and externalUserId; when several are given they must name the same member. An externalUserId not bound to the calling partner is refused with the business code MEMBER_NOT_BOUND (1030001000), a memberId or unionId that names no member bound to the calling partner with MEMBER_NOT_BOUND_TO_PARTNER (1030001007), identifiers naming different members with MEMBER_IDENTIFIERS_DIFFER (1030001008): never with an empty page.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030001000 | MEMBER_NOT_BOUND | 200 | externalUserId {externalUserId} is not bound to a member |
         *     | 1030001007 | MEMBER_NOT_BOUND_TO_PARTNER | 200 | {field} {value} does not name a member bound to this partner |
         *     | 1030001008 | MEMBER_IDENTIFIERS_DIFFER | 200 | {fields} name different members |
         */
        get: operations["orderItemPage"];
        put?: never;
        /**
         * Page of order items of a member (POST form)
         * @description The member is named by at least one of memberId, unionId and externalUserId; when several are given they must name the same member. An externalUserId not bound to the calling partner is refused with the business code MEMBER_NOT_BOUND (1030001000), a memberId or unionId that names no member bound to the calling partner with MEMBER_NOT_BOUND_TO_PARTNER (1030001007), identifiers naming different members with MEMBER_IDENTIFIERS_DIFFER (1030001008): never with an empty page.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030001000 | MEMBER_NOT_BOUND | 200 | externalUserId {externalUserId} is not bound to a member |
         *     | 1030001007 | MEMBER_NOT_BOUND_TO_PARTNER | 200 | {field} {value} does not name a member bound to this partner |
         *     | 1030001008 | MEMBER_IDENTIFIERS_DIFFER | 200 | {fields} name different members |
         */
        post: operations["orderItemPageByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/order/bag/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page of bag orders of a member
         * @description The member is named by at least one of memberId, unionId and externalUserId; when several are given they must name the same member. An externalUserId not bound to the calling partner is refused with the business code MEMBER_NOT_BOUND (1030001000), a memberId or unionId that names no member bound to the calling partner with MEMBER_NOT_BOUND_TO_PARTNER (1030001007), identifiers naming different members with MEMBER_IDENTIFIERS_DIFFER (1030001008): never with an empty page.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030001000 | MEMBER_NOT_BOUND | 200 | externalUserId {externalUserId} is not bound to a member |
         *     | 1030001007 | MEMBER_NOT_BOUND_TO_PARTNER | 200 | {field} {value} does not name a member bound to this partner |
         *     | 1030001008 | MEMBER_IDENTIFIERS_DIFFER | 200 | {fields} name different members |
         */
        get: operations["orderBagPage"];
        put?: never;
        /**
         * Page of bag orders of a member (POST form)
         * @description The member is named by at least one of memberId, unionId and externalUserId; when several are given they must name the same member. An externalUserId not bound to the calling partner is refused with the business code MEMBER_NOT_BOUND (1030001000), a memberId or unionId that names no member bound to the calling partner with MEMBER_NOT_BOUND_TO_PARTNER (1030001007), identifiers naming different members with MEMBER_IDENTIFIERS_DIFFER (1030001008): never with an empty page.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030001000 | MEMBER_NOT_BOUND | 200 | externalUserId {externalUserId} is not bound to a member |
         *     | 1030001007 | MEMBER_NOT_BOUND_TO_PARTNER | 200 | {field} {value} does not name a member bound to this partner |
         *     | 1030001008 | MEMBER_IDENTIFIERS_DIFFER | 200 | {fields} name different members |
         */
        post: operations["orderBagPageByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/pay/order/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a payment order (USD)
         * @description Creates a pending payment order at the payment channel; the payer pays at payUrl before expireTime. The same outOrderNo with the same body answers the first order; with a different body it is refused.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030040001 | PAYMENT_ORDER_OUT_ORDER_NO_CONFLICT | 200 | outOrderNo {outOrderNo} is already used by payment order {orderNo} with a different request |
         */
        post: operations["payOrderCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/pay/order/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Query a payment order
         * @description By exactly one of orderNo, outOrderNo, paymentOrderId; only your own orders.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030040000 | PAYMENT_ORDER_NOT_FOUND | 200 | No payment order with {field} {value} |
         */
        get: operations["payOrderGet"];
        put?: never;
        /**
         * Query a payment order (POST form)
         * @description By exactly one of orderNo, outOrderNo, paymentOrderId; only your own orders.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030040000 | PAYMENT_ORDER_NOT_FOUND | 200 | No payment order with {field} {value} |
         */
        post: operations["payOrderGetByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/pay/order/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page of payment orders
         * @description Your payment orders, newest first.
         *
         *     Business codes: none (every answer other than code 0 is an HTTP error, code = HTTP status).
         */
        get: operations["payOrderPage"];
        put?: never;
        /**
         * Page of payment orders (POST form)
         * @description Your payment orders, newest first.
         *
         *     Business codes: none (every answer other than code 0 is an HTTP error, code = HTTP status).
         */
        post: operations["payOrderPageByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/pay/order/logistics/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit logistics of a paid payment order
         * @description Stores the parcels and hands them to the payment channel. Only paid orders take logistics.
         *
         *     Business codes (x-business-codes):
         *
         *     | code | name | HTTP | message |
         *     | --- | --- | --- | --- |
         *     | 1030040000 | PAYMENT_ORDER_NOT_FOUND | 200 | No payment order with {field} {value} |
         *     | 1030040003 | PAYMENT_ORDER_NOT_PAID | 200 | Payment order {paymentOrderId} is not paid (status {status}): logistics are accepted for paid orders only |
         *     | 1030041000 | PAYMENT_CHANNEL_UNKNOWN | 200 | Unknown payment channel {channel} |
         */
        post: operations["payOrderLogisticsSubmit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/order/invoice/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate the invoices of orders
         * @description Generates the commercial invoice PDF of each bag once per language and answers its URL; asking again answers the same file. A failed generation (status 2) is retried by asking again; a bag another request is generating answers status 0 (read it later with get). One entry per bag holding items of each number (an order in several bags gets several); an order of this partner in no bag yet gets one entry with bagNo, status and url null.
         *
         *     Business codes: none (every answer other than code 0 is an HTTP error, code = HTTP status).
         */
        post: operations["orderInvoiceGenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-api/order/invoice/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the invoice status of orders
         * @description Status and URL of the invoices of the orders' bags; the URL only of successfully generated files. Generates and retries nothing. One entry per bag holding items of each number (an order in several bags gets several); an order of this partner in no bag yet gets one entry with bagNo, status and url null.
         *
         *     Business codes: none (every answer other than code 0 is an HTTP error, code = HTTP status).
         */
        get: operations["orderInvoiceGet"];
        put?: never;
        /**
         * Read the invoice status of orders (POST form)
         * @description Status and URL of the invoices of the orders' bags; the URL only of successfully generated files. Generates and retries nothing. One entry per bag holding items of each number (an order in several bags gets several); an order of this partner in no bag yet gets one entry with bagNo, status and url null.
         *
         *     Business codes: none (every answer other than code 0 is an HTTP error, code = HTTP status).
         */
        post: operations["orderInvoiceGetByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        PurchaseLineInput: {
            /**
             * @description Goods source code: 1, 2, 3, 5
             * @enum {integer}
             */
            platformChannel: 1 | 2 | 3 | 5;
            /** @description Goods id at the source */
            goodsId: string;
            /** @description SKU id of the goods */
            skuId: string;
            /** @description Quantity, 1..9999 */
            qty: number;
            /** @description Note for the purchaser, at most 500 characters */
            remarks?: string;
        };
        /** @description An error: code is never 0 and data is null */
        ErrorEnvelope: {
            /** @description The HTTP status for HTTP errors; a business code of the error-code catalogue for business rejections (HTTP 200) */
            code: number;
            data: null;
            /** @description What went wrong, naming the field for invalid input */
            msg: string;
            error_detail: string;
        };
        GoodsSummary: {
            goodsId: string;
            /**
             * @description Goods source code: 1 Taobao, 2 1688, 3 Weidian, 5 JD
             * @enum {integer}
             */
            source: 1 | 2 | 3 | 5;
            title: string;
            /** @description Main image URL */
            image: string | null;
            /** @description Lowest SKU price, cents */
            price: number;
            sales: number;
            shopName: string;
            detailUrl: string;
        };
        GoodsSummaryPage: {
            list: components["schemas"]["GoodsSummary"][];
            /** @description Rows matching the filters, on every page */
            total: number;
        };
        GoodsDetail: {
            goodsId: string;
            /**
             * @description Goods source code: 1 Taobao, 2 1688, 3 Weidian, 5 JD
             * @enum {integer}
             */
            source: 1 | 2 | 3 | 5;
            title: string;
            images: string[];
            /** @description Lowest SKU price, cents */
            price: number;
            skus: {
                skuId: string;
                /** @description e.g. {"Color": "Red", "Size": "M"} */
                props: {
                    [key: string]: string;
                };
                /** @description Cents */
                price: number;
                stock: number;
            }[];
            shopName: string;
            detailUrl: string;
        };
        ParsedGoodsLink: {
            goodsId: string;
            /**
             * @description Goods source code: 1 Taobao, 2 1688, 3 Weidian, 5 JD
             * @enum {integer}
             */
            goodsSource: 1 | 2 | 3 | 5;
            /** @description The marketplace item page, with rno appended when given */
            targetGoodsDetailUrl: string;
        };
        PurchaseQuote: {
            items: {
                goodsId: string;
                skuId: string;
                /**
                 * @description Goods source code: 1 Taobao, 2 1688, 3 Weidian, 5 JD
                 * @enum {integer}
                 */
                source: 1 | 2 | 3 | 5;
                title: string;
                qty: number;
                /** @description Current SKU price, cents */
                unitPrice: number;
                /** @description unitPrice x qty, cents */
                amount: number;
            }[];
            goodsAmount: number;
            /** @description Domestic freight: a configured amount per distinct shop */
            freightAmount: number;
            /** @description Configured percent of goodsAmount, rounded half up */
            serviceFee: number;
            payAmount: number;
        };
        CreatedPurchaseOrder: {
            orderNo: string;
            outOrderNo: string;
            /** @description Pay it with wallet pay */
            paymentId: string;
            payAmount: number;
            /**
             * @description Purchase order status (0 unpaid, 10 paid, 20 closed)
             * @enum {integer}
             */
            status: 0 | 10 | 20;
            goodsAmount: number;
            freightAmount: number;
            serviceFee: number;
        };
        PurchaseOrder: {
            orderNo: string;
            outOrderNo: string;
            externalUserId: string;
            /** @description The platform member who ordered (as memberId of the order-item and bag pages) */
            memberId: number;
            /**
             * @description Purchase order status (0 unpaid, 10 paid, 20 closed)
             * @enum {integer}
             */
            status: 0 | 10 | 20;
            paymentId: string;
            goodsAmount: number;
            freightAmount: number;
            serviceFee: number;
            payAmount: number;
            paid: boolean;
            paidTime: string | null;
            orderComment: string | null;
            items: {
                orderItemNo: string;
                /**
                 * @description Goods source code: 1 Taobao, 2 1688, 3 Weidian, 5 JD
                 * @enum {integer}
                 */
                source: 1 | 2 | 3 | 5;
                goodsId: string;
                skuId: string;
                title: string;
                qty: number;
                unitPrice: number;
                amount: number;
                /**
                 * @description Order item status (0 unpaid, 10 paid, 20 purchased, 30 arrived, 40 QC done, 50 in storage, 60 packed, 70 shipped, 80 cancelled, 90 refunded)
                 * @enum {integer}
                 */
                status: 0 | 10 | 20 | 30 | 40 | 50 | 60 | 70 | 80 | 90;
            }[];
            /** Format: date-time */
            createTime: string;
        };
        OrderItem: {
            orderItemNo: string;
            orderNo: string;
            /**
             * @description Goods source code: 1 Taobao, 2 1688, 3 Weidian, 5 JD
             * @enum {integer}
             */
            source: 1 | 2 | 3 | 5;
            goodsId: string;
            skuId: string;
            title: string;
            skuProps: {
                [key: string]: unknown;
            };
            image: string | null;
            qty: number;
            unitPrice: number;
            amount: number;
            remarks: string | null;
            /**
             * @description Order item status (0 unpaid, 10 paid, 20 purchased, 30 arrived, 40 QC done, 50 in storage, 60 packed, 70 shipped, 80 cancelled, 90 refunded)
             * @enum {integer}
             */
            status: 0 | 10 | 20 | 30 | 40 | 50 | 60 | 70 | 80 | 90;
            bagNo: string | null;
            /** Format: date-time */
            createTime: string;
        };
        BagOrder: {
            bagNo: string;
            /**
             * @description Bag status (0 created, 10 weighed, 20 ready, 30 shipped, 40 delivered)
             * @enum {integer}
             */
            status: 0 | 10 | 20 | 30 | 40;
            weightGrams: number | null;
            shippingLine: string | null;
            /** @description Estimated international freight, cents */
            freightAmount: number | null;
            trackingNo: string | null;
            itemCount: number;
            orderItemNos: string[];
            /** Format: date-time */
            createTime: string;
            shippedAt: string | null;
            deliveredAt: string | null;
        };
        PaymentOrder: {
            /** @description Platform payment number */
            orderNo: string;
            /** @description Your payment number */
            outOrderNo: string;
            /** @description The channel's order number */
            paymentOrderId: string;
            /** @description USD, at most two decimals */
            payAmount: number;
            /**
             * @description Payment order status (0 pending, 10 paid, 20 closed)
             * @enum {integer}
             */
            status: 0 | 10 | 20;
            subject: string | null;
            description: string | null;
            shippingInfo: {
                firstName: string | null;
                lastName: string | null;
                country: string | null;
                addressLine: string | null;
                city: string | null;
                zipcode: string | null;
                phone: string | null;
                email: string | null;
                callingCodeCountry: string | null;
                callingCode: string | null;
            } | null;
            /** Format: date-time */
            createTime: string;
            paidTime: string | null;
            /**
             * Format: date-time
             * @description A pending order closes at this time
             */
            expireTime: string;
            /** @description Where the payer pays */
            payUrl: string;
        };
        PaymentOrderLogistics: {
            paymentOrderId: string;
            /** @description Whether the channel took the logistics */
            accepted: boolean;
            logisticsList: {
                logisticsProvider: string;
                logisticsProviderCode: string;
                logisticsCode: string;
                /** Format: date-time */
                createTime: string;
            }[];
        };
        GoodsQcRecord: {
            qcId: number;
            goodsId: string;
            /**
             * @description Goods source code: 1 Taobao, 2 1688, 3 Weidian, 5 JD
             * @enum {integer}
             */
            source: 1 | 2 | 3 | 5;
            skuId: string;
            /**
             * @description QC result (1 passed, 2 failed)
             * @enum {integer}
             */
            result: 1 | 2;
            remarks: string | null;
            /** @description Photo URLs in the order they were taken */
            photos: string[];
            /** Format: date-time */
            createTime: string;
            /** Format: date-time */
            completionTime: string;
        };
        OrderQcRecord: {
            qcId: number;
            goodsId: string;
            /**
             * @description Goods source code: 1 Taobao, 2 1688, 3 Weidian, 5 JD
             * @enum {integer}
             */
            source: 1 | 2 | 3 | 5;
            skuId: string;
            /**
             * @description QC result (1 passed, 2 failed)
             * @enum {integer}
             */
            result: 1 | 2;
            remarks: string | null;
            /** @description Photo URLs in the order they were taken */
            photos: string[];
            /** Format: date-time */
            createTime: string;
            /** Format: date-time */
            completionTime: string;
            /** @description The O… parent order number */
            orderNo: string;
            /** @description The PI… order item number */
            orderItemNo: string;
        };
        GoodsQcSummary: {
            goodsId: string;
            /**
             * @description Goods source code: 1 Taobao, 2 1688, 3 Weidian, 5 JD
             * @enum {integer}
             */
            source: 1 | 2 | 3 | 5;
            skuId: string | null;
            /** @description Completed QC records */
            recordCount: number;
            /** @description Photos of those records */
            photoCount: number;
            lastCompletionTime: string | null;
        };
        SupplementBill: {
            /** @description Expense number (E...) */
            orderExpensesNo: string;
            /**
             * @description Raised on a purchase order or on a bag
             * @enum {string}
             */
            bizType: "purchase" | "bag";
            /** @description The purchase orderNo or the bagNo */
            bizNo: string;
            /** @description CNY cents */
            amount: number;
            reason: string;
            /** Format: date-time */
            createTime: string;
        };
        SupplementPayOrder: {
            /** @description Pay it with wallet pay */
            paymentId: string;
            /** @description Sum of the bills, CNY cents */
            payAmount: number;
        };
        WalletPayment: {
            paymentId: string;
            /** @description Debited amount, CNY cents */
            payAmount: number;
            /** @description Wallet balance after the debit, CNY cents */
            balance: number;
            /** Format: date-time */
            payTime: string;
        };
        WalletBalance: {
            externalUserId: string;
            /** @description The platform member the externalUserId is bound to (as memberId of the order-item and bag pages) */
            memberId: number;
            /** @description Available balance, CNY cents */
            balance: number;
        };
        AccessToken: {
            access_token: string;
            /** @constant */
            token_type: "bearer";
            expires_in: number;
            scope: string;
        };
        GoodsQcRecordPage: {
            list: components["schemas"]["GoodsQcRecord"][];
            /** @description Rows matching the filters, on every page */
            total: number;
        };
        OrderItemPage: {
            list: components["schemas"]["OrderItem"][];
            /** @description Rows matching the filters, on every page */
            total: number;
        };
        BagOrderPage: {
            list: components["schemas"]["BagOrder"][];
            /** @description Rows matching the filters, on every page */
            total: number;
        };
        PaymentOrderPage: {
            list: components["schemas"]["PaymentOrder"][];
            /** @description Rows matching the filters, on every page */
            total: number;
        };
        /** @description An error of the token calls: the ErrorEnvelope, with the RFC 6749 error code beside it */
        OAuth2ErrorEnvelope: {
            /** @description The HTTP status, or a business code of the error-code catalogue */
            code: number;
            data: null;
            msg: string;
            error_detail: string;
            /** @enum {string} */
            error?: "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope";
            error_description?: string;
        };
    };
    responses: {
        /** @description Malformed JSON or invalid input; msg names the field (or the unknown parameter) */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Missing or bad credentials: Basic client credentials on the token calls, the Bearer access token elsewhere */
        Unauthorized: {
            headers: {
                /** @description Basic realm="open-api" or Bearer */
                "WWW-Authenticate": string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The token lacks the operation's scope, the tenant-id header names another tenant, or the caller IP is not on the client's whitelist or is blacklisted */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The body is over 1 MiB */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description A body that is not application/json */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Over the client's rateLimitQps */
        TooManyRequests: {
            headers: {
                /** @description Seconds to wait */
                "Retry-After": number;
                /** @description The client's requests per second (present when the client has a rate limit) */
                "RateLimit-Limit"?: number;
                /** @description Requests left in the current second */
                "RateLimit-Remaining"?: number;
                /** @description Seconds until the limit resets */
                "RateLimit-Reset"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description An unexpected fault (no internals in the answer; msg carries the request id) */
        InternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The database or Redis is unreachable for the moment; retry after the given seconds */
        ServiceUnavailable: {
            headers: {
                /** @description Seconds to wait */
                "Retry-After": number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    systemOauth2Token: {
        parameters: {
            query?: {
                grant_type?: "client_credentials";
                /** @description Space-separated scopes; omitted = every scope of the client */
                scope?: string;
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    grant_type?: "client_credentials";
                    /** @description Space-separated scopes; omitted = every scope of the client */
                    scope?: string;
                    /** @description With client_secret, instead of HTTP Basic (RFC 6749 2.3.1) */
                    client_id?: string;
                    client_secret?: string;
                } | null;
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["AccessToken"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1002010000 TENANT_NOT_FOUND, 1002010001 TENANT_DISABLED, 1002010002 TENANT_EXPIRED
                         * @enum {integer}
                         */
                        code: 1002010000 | 1002010001 | 1002010002;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            /** @description Malformed JSON or invalid input; msg names the field (or the unknown parameter) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description Missing or bad credentials: Basic client credentials on the token calls, the Bearer access token elsewhere */
            401: {
                headers: {
                    /** @description Basic realm="open-api" or Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description The token lacks the operation's scope, the tenant-id header names another tenant, or the caller IP is not on the client's whitelist or is blacklisted */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description The body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description A body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description Over the client's rateLimitQps */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After": number;
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description An unexpected fault (no internals in the answer; msg carries the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description The database or Redis is unreachable for the moment; retry after the given seconds */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
        };
    };
    systemOauth2TokenRevoke: {
        parameters: {
            query?: {
                /** @description The access token to revoke */
                token?: string;
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The access token to revoke */
                    token?: string;
                    /** @description With client_secret, instead of HTTP Basic (RFC 6749 2.3.1) */
                    client_id?: string;
                    client_secret?: string;
                } | null;
            };
        };
        responses: {
            /** @description code 0: success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: boolean;
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            /** @description Malformed JSON or invalid input; msg names the field (or the unknown parameter) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description Missing or bad credentials: Basic client credentials on the token calls, the Bearer access token elsewhere */
            401: {
                headers: {
                    /** @description Basic realm="open-api" or Bearer */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description The token lacks the operation's scope, the tenant-id header names another tenant, or the caller IP is not on the client's whitelist or is blacklisted */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description The body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description A body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description Over the client's rateLimitQps */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After": number;
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description An unexpected fault (no internals in the answer; msg carries the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
            /** @description The database or Redis is unreachable for the moment; retry after the given seconds */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuth2ErrorEnvelope"];
                };
            };
        };
    };
    goodsSearch: {
        parameters: {
            query: {
                /** @description Every term (split on spaces) must occur in the title; case-insensitive */
                keyword: string;
                /** @description Page number from 1; 20 goods a page */
                page: number;
                /** @description Goods source code: 1, 2, 3, 5 */
                source: 1 | 2 | 3 | 5;
                /** @description relevance (default): titles starting with the keyword, then containing it verbatim, then starting with its first term, each by sales; price-desc / price-asc: by lowest SKU price; sale-desc: by sales */
                sort?: "default" | "relevance" | "price-desc" | "price-asc" | "sale-desc";
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["GoodsSummaryPage"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010002 GOODS_SOURCE_NOT_SUPPORTED, 1030010005 GOODS_PROVIDER_TIMEOUT, 1030010006 GOODS_PROVIDER_FAILED, 1030010007 GOODS_PROVIDER_BAD_RESPONSE
                         * @enum {integer}
                         */
                        code: 1030010002 | 1030010005 | 1030010006 | 1030010007;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsSearchByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Every term (split on spaces) must occur in the title; case-insensitive */
                    keyword: string;
                    /** @description Page number from 1; 20 goods a page */
                    page: number;
                    /**
                     * @description Goods source code: 1, 2, 3, 5
                     * @enum {integer}
                     */
                    source: 1 | 2 | 3 | 5;
                    /**
                     * @description relevance (default): titles starting with the keyword, then containing it verbatim, then starting with its first term, each by sales; price-desc / price-asc: by lowest SKU price; sale-desc: by sales
                     * @enum {string}
                     */
                    sort?: "default" | "relevance" | "price-desc" | "price-asc" | "sale-desc";
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["GoodsSummaryPage"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010002 GOODS_SOURCE_NOT_SUPPORTED, 1030010005 GOODS_PROVIDER_TIMEOUT, 1030010006 GOODS_PROVIDER_FAILED, 1030010007 GOODS_PROVIDER_BAD_RESPONSE
                         * @enum {integer}
                         */
                        code: 1030010002 | 1030010005 | 1030010006 | 1030010007;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsImageSearch: {
        parameters: {
            query: {
                /** @description A public image URL; matched against registered images, never fetched by the catalog */
                imagesUrl: string;
                /** @description Page number from 1; 20 goods a page */
                page: number;
                /** @description Goods source code: 1, 2, 3 */
                source: 1 | 2 | 3;
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["GoodsSummaryPage"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010002 GOODS_SOURCE_NOT_SUPPORTED, 1030010005 GOODS_PROVIDER_TIMEOUT, 1030010006 GOODS_PROVIDER_FAILED, 1030010007 GOODS_PROVIDER_BAD_RESPONSE
                         * @enum {integer}
                         */
                        code: 1030010002 | 1030010005 | 1030010006 | 1030010007;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsImageSearchByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description A public image URL; matched against registered images, never fetched by the catalog
                     */
                    imagesUrl: string;
                    /** @description Page number from 1; 20 goods a page */
                    page: number;
                    /**
                     * @description Goods source code: 1, 2, 3
                     * @enum {integer}
                     */
                    source: 1 | 2 | 3;
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["GoodsSummaryPage"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010002 GOODS_SOURCE_NOT_SUPPORTED, 1030010005 GOODS_PROVIDER_TIMEOUT, 1030010006 GOODS_PROVIDER_FAILED, 1030010007 GOODS_PROVIDER_BAD_RESPONSE
                         * @enum {integer}
                         */
                        code: 1030010002 | 1030010005 | 1030010006 | 1030010007;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsParseLink: {
        parameters: {
            query: {
                /** @description A goods link: marketplace item page, agent-site link or short link */
                searchUrl: string;
                /** @description Promotion code, appended to targetGoodsDetailUrl */
                rno?: string;
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["ParsedGoodsLink"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010003 GOODS_LINK_UNPARSEABLE, 1030010004 GOODS_LINK_RESOLVE_FAILED
                         * @enum {integer}
                         */
                        code: 1030010003 | 1030010004;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsParseLinkByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A goods link: marketplace item page, agent-site link or short link */
                    searchUrl: string;
                    /** @description Promotion code, appended to targetGoodsDetailUrl */
                    rno?: string;
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["ParsedGoodsLink"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010003 GOODS_LINK_UNPARSEABLE, 1030010004 GOODS_LINK_RESOLVE_FAILED
                         * @enum {integer}
                         */
                        code: 1030010003 | 1030010004;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsDetail: {
        parameters: {
            query: {
                /** @description Goods id at the source */
                goodsId: string;
                /** @description Goods source code: 1, 2, 3 */
                source: 1 | 2 | 3;
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["GoodsDetail"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010000 GOODS_NOT_FOUND, 1030010002 GOODS_SOURCE_NOT_SUPPORTED, 1030010005 GOODS_PROVIDER_TIMEOUT, 1030010006 GOODS_PROVIDER_FAILED, 1030010007 GOODS_PROVIDER_BAD_RESPONSE
                         * @enum {integer}
                         */
                        code: 1030010000 | 1030010002 | 1030010005 | 1030010006 | 1030010007;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsDetailByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Goods id at the source */
                    goodsId: string;
                    /**
                     * @description Goods source code: 1, 2, 3
                     * @enum {integer}
                     */
                    source: 1 | 2 | 3;
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["GoodsDetail"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010000 GOODS_NOT_FOUND, 1030010002 GOODS_SOURCE_NOT_SUPPORTED, 1030010005 GOODS_PROVIDER_TIMEOUT, 1030010006 GOODS_PROVIDER_FAILED, 1030010007 GOODS_PROVIDER_BAD_RESPONSE
                         * @enum {integer}
                         */
                        code: 1030010000 | 1030010002 | 1030010005 | 1030010006 | 1030010007;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsQcPage: {
        parameters: {
            query: {
                /** @description Page number, from 1 */
                pageNo: number;
                /** @description Rows a page, 1..100 */
                pageSize: number;
                /** @description Goods id at the source */
                goodsId?: string;
                /** @description Goods source code: 1, 2, 3 */
                source?: 1 | 2 | 3;
                /** @description Exact SKU id */
                skuId?: string;
                /** @description [start, end) of the record creation */
                createTime?: string[];
                /** @description [start, end) of the QC completion */
                completionTime?: string[];
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["GoodsQcRecordPage"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010002 GOODS_SOURCE_NOT_SUPPORTED
                         * @enum {integer}
                         */
                        code: 1030010002;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsQcPageByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Page number, from 1 */
                    pageNo: number;
                    /** @description Rows a page, 1..100 */
                    pageSize: number;
                    /** @description Goods id at the source */
                    goodsId?: string;
                    /**
                     * @description Goods source code: 1, 2, 3
                     * @enum {integer}
                     */
                    source?: 1 | 2 | 3;
                    /** @description Exact SKU id */
                    skuId?: string;
                    /** @description [start, end) of the record creation */
                    createTime?: string[];
                    /** @description [start, end) of the QC completion */
                    completionTime?: string[];
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["GoodsQcRecordPage"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010002 GOODS_SOURCE_NOT_SUPPORTED
                         * @enum {integer}
                         */
                        code: 1030010002;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsQcLatest: {
        parameters: {
            query: {
                /** @description Goods id at the source */
                goodsId: string;
                /** @description Goods source code: 1, 2, 3 */
                source: 1 | 2 | 3;
                /** @description Exact SKU id */
                skuId?: string;
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["GoodsQcRecord"][];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010002 GOODS_SOURCE_NOT_SUPPORTED
                         * @enum {integer}
                         */
                        code: 1030010002;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsQcLatestByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Goods id at the source */
                    goodsId: string;
                    /**
                     * @description Goods source code: 1, 2, 3
                     * @enum {integer}
                     */
                    source: 1 | 2 | 3;
                    /** @description Exact SKU id */
                    skuId?: string;
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["GoodsQcRecord"][];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010002 GOODS_SOURCE_NOT_SUPPORTED
                         * @enum {integer}
                         */
                        code: 1030010002;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsQcSummary: {
        parameters: {
            query: {
                /** @description Goods id at the source */
                goodsId: string;
                /** @description Goods source code: 1, 2, 3 */
                source: 1 | 2 | 3;
                /** @description Exact SKU id */
                skuId?: string;
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["GoodsQcSummary"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010002 GOODS_SOURCE_NOT_SUPPORTED
                         * @enum {integer}
                         */
                        code: 1030010002;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    goodsQcSummaryByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Goods id at the source */
                    goodsId: string;
                    /**
                     * @description Goods source code: 1, 2, 3
                     * @enum {integer}
                     */
                    source: 1 | 2 | 3;
                    /** @description Exact SKU id */
                    skuId?: string;
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["GoodsQcSummary"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030010002 GOODS_SOURCE_NOT_SUPPORTED
                         * @enum {integer}
                         */
                        code: 1030010002;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderQcList: {
        parameters: {
            query: {
                /** @description An O… order number (all its items) or a PI… order item number (that item); empty answers an empty list */
                orderNo: string;
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["OrderQcRecord"][];
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderQcListByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An O… order number (all its items) or a PI… order item number (that item); empty answers an empty list */
                    orderNo: string;
                };
            };
        };
        responses: {
            /** @description code 0: success */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["OrderQcRecord"][];
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    payWalletPay: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The bound user who owns the pay order (for a purchase: the user who created it) */
                    externalUserId: string;
                    /** @description From purchase create or supplement trade-no */
                    paymentId: string;
                    /** @description Expected amount, CNY cents; refused when it is not the pay order amount */
                    payAmount?: number;
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["WalletPayment"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030001000 MEMBER_NOT_BOUND, 1030002000 WALLET_NOT_FOUND, 1030002001 WALLET_INSUFFICIENT_BALANCE, 1030002003 WALLET_BIZ_REF_CONFLICT, 1030003000 PAY_ORDER_NOT_FOUND, 1030003001 PAY_ORDER_ALREADY_PAID, 1030003002 PAY_ORDER_CLOSED, 1030003003 PAY_ORDER_OTHER_USER, 1030003004 PAY_AMOUNT_MISMATCH, 1030003005 PAY_ORDER_NOT_PAYABLE
                         * @enum {integer}
                         */
                        code: 1030001000 | 1030002000 | 1030002001 | 1030002003 | 1030003000 | 1030003001 | 1030003002 | 1030003003 | 1030003004 | 1030003005;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    payWalletBalance: {
        parameters: {
            query: {
                /** @description Must already be bound to a member */
                externalUserId: string;
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["WalletBalance"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030001000 MEMBER_NOT_BOUND, 1030002000 WALLET_NOT_FOUND
                         * @enum {integer}
                         */
                        code: 1030001000 | 1030002000;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    payWalletBalanceByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Must already be bound to a member */
                    externalUserId: string;
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["WalletBalance"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030001000 MEMBER_NOT_BOUND, 1030002000 WALLET_NOT_FOUND
                         * @enum {integer}
                         */
                        code: 1030001000 | 1030002000;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderSupplementList: {
        parameters: {
            query: {
                externalUserId: string;
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["SupplementBill"][];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030001000 MEMBER_NOT_BOUND
                         * @enum {integer}
                         */
                        code: 1030001000;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderSupplementListByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    externalUserId: string;
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["SupplementBill"][];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030001000 MEMBER_NOT_BOUND
                         * @enum {integer}
                         */
                        code: 1030001000;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderSupplementTradeNo: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    externalUserId: string;
                    /** @description Expense numbers from the supplement list, 1..100, all purchase or all bag bills */
                    orderExpensesNoList: string[];
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["SupplementPayOrder"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030001000 MEMBER_NOT_BOUND, 1030004000 SUPPLEMENT_NOT_FOUND, 1030004001 SUPPLEMENT_NOT_UNPAID, 1030004002 SUPPLEMENT_MIXED_BIZ_TYPES, 1030004004 SUPPLEMENT_CHANGED
                         * @enum {integer}
                         */
                        code: 1030001000 | 1030004000 | 1030004001 | 1030004002 | 1030004004;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderPurchaseQuote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    externalUserId: string;
                    /** @description Order lines, 1..50 */
                    items: components["schemas"]["PurchaseLineInput"][];
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["PurchaseQuote"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030001000 MEMBER_NOT_BOUND, 1030010000 GOODS_NOT_FOUND, 1030010001 GOODS_SKU_NOT_FOUND, 1030010002 GOODS_SOURCE_NOT_SUPPORTED, 1030010005 GOODS_PROVIDER_TIMEOUT, 1030010006 GOODS_PROVIDER_FAILED, 1030010007 GOODS_PROVIDER_BAD_RESPONSE, 1030020000 ORDER_SKU_OUT_OF_STOCK, 1030020001 ORDER_AMOUNT_TOO_LARGE
                         * @enum {integer}
                         */
                        code: 1030001000 | 1030010000 | 1030010001 | 1030010002 | 1030010005 | 1030010006 | 1030010007 | 1030020000 | 1030020001;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderPurchaseCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The partner's order number, unique per partner */
                    outOrderNo: string;
                    externalUserId: string;
                    /** @description Order lines, 1..50 */
                    items: components["schemas"]["PurchaseLineInput"][];
                    /** @description A shipping address of the member; omitted = the default address */
                    addressId?: number;
                    orderComment?: string;
                    /** @description The payAmount the partner expects (cents); checked against the live price */
                    expectedPayAmount?: number;
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["CreatedPurchaseOrder"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030001000 MEMBER_NOT_BOUND, 1030010000 GOODS_NOT_FOUND, 1030010001 GOODS_SKU_NOT_FOUND, 1030010002 GOODS_SOURCE_NOT_SUPPORTED, 1030010005 GOODS_PROVIDER_TIMEOUT, 1030010006 GOODS_PROVIDER_FAILED, 1030010007 GOODS_PROVIDER_BAD_RESPONSE, 1030020000 ORDER_SKU_OUT_OF_STOCK, 1030020001 ORDER_AMOUNT_TOO_LARGE, 1030020002 ORDER_ADDRESS_NOT_FOUND, 1030020003 ORDER_NO_DEFAULT_ADDRESS, 1030020004 ORDER_PRICE_DEVIATION, 1030020005 ORDER_OUT_ORDER_NO_CONFLICT
                         * @enum {integer}
                         */
                        code: 1030001000 | 1030010000 | 1030010001 | 1030010002 | 1030010005 | 1030010006 | 1030010007 | 1030020000 | 1030020001 | 1030020002 | 1030020003 | 1030020004 | 1030020005;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderPurchaseGet: {
        parameters: {
            query?: {
                orderNo?: string;
                outOrderNo?: string;
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["PurchaseOrder"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030020006 ORDER_NOT_FOUND
                         * @enum {integer}
                         */
                        code: 1030020006;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderPurchaseGetByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    orderNo?: string;
                    outOrderNo?: string;
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["PurchaseOrder"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030020006 ORDER_NOT_FOUND
                         * @enum {integer}
                         */
                        code: 1030020006;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderItemPage: {
        parameters: {
            query: {
                /** @description Page number, from 1 */
                pageNo: number;
                /** @description Rows a page, 1..100 */
                pageSize: number;
                /** @description Platform member id (int64), as query purchase order and wallet balance answer it */
                memberId?: number;
                /** @description Member unionId */
                unionId?: string;
                /** @description The partner-side user id, resolved through the calling partner's bindings */
                externalUserId?: string;
                /** @description Order item status (0 unpaid, 10 paid, 20 purchased, 30 arrived, 40 QC done, 50 in storage, 60 packed, 70 shipped, 80 cancelled, 90 refunded) */
                status?: 0 | 10 | 20 | 30 | 40 | 50 | 60 | 70 | 80 | 90;
                orderNo?: string;
                orderItemNo?: string;
                /** @description [start, end) */
                createTime?: string[];
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["OrderItemPage"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030001000 MEMBER_NOT_BOUND, 1030001007 MEMBER_NOT_BOUND_TO_PARTNER, 1030001008 MEMBER_IDENTIFIERS_DIFFER
                         * @enum {integer}
                         */
                        code: 1030001000 | 1030001007 | 1030001008;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderItemPageByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Page number, from 1 */
                    pageNo: number;
                    /** @description Rows a page, 1..100 */
                    pageSize: number;
                    /** @description Platform member id (int64), as query purchase order and wallet balance answer it */
                    memberId?: number;
                    /** @description Member unionId */
                    unionId?: string;
                    /** @description The partner-side user id, resolved through the calling partner's bindings */
                    externalUserId?: string;
                    /**
                     * @description Order item status (0 unpaid, 10 paid, 20 purchased, 30 arrived, 40 QC done, 50 in storage, 60 packed, 70 shipped, 80 cancelled, 90 refunded)
                     * @enum {integer}
                     */
                    status?: 0 | 10 | 20 | 30 | 40 | 50 | 60 | 70 | 80 | 90;
                    orderNo?: string;
                    orderItemNo?: string;
                    /** @description [start, end) */
                    createTime?: string[];
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["OrderItemPage"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030001000 MEMBER_NOT_BOUND, 1030001007 MEMBER_NOT_BOUND_TO_PARTNER, 1030001008 MEMBER_IDENTIFIERS_DIFFER
                         * @enum {integer}
                         */
                        code: 1030001000 | 1030001007 | 1030001008;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderBagPage: {
        parameters: {
            query: {
                /** @description Page number, from 1 */
                pageNo: number;
                /** @description Rows a page, 1..100 */
                pageSize: number;
                /** @description Platform member id (int64), as query purchase order and wallet balance answer it */
                memberId?: number;
                /** @description Member unionId */
                unionId?: string;
                /** @description The partner-side user id, resolved through the calling partner's bindings */
                externalUserId?: string;
                /** @description Bag status (0 created, 10 weighed, 20 ready, 30 shipped, 40 delivered) */
                status?: 0 | 10 | 20 | 30 | 40;
                /** @description Bag number (B...) */
                bagOrderNo?: string;
                /** @description [start, end) */
                createTime?: string[];
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["BagOrderPage"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030001000 MEMBER_NOT_BOUND, 1030001007 MEMBER_NOT_BOUND_TO_PARTNER, 1030001008 MEMBER_IDENTIFIERS_DIFFER
                         * @enum {integer}
                         */
                        code: 1030001000 | 1030001007 | 1030001008;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderBagPageByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Page number, from 1 */
                    pageNo: number;
                    /** @description Rows a page, 1..100 */
                    pageSize: number;
                    /** @description Platform member id (int64), as query purchase order and wallet balance answer it */
                    memberId?: number;
                    /** @description Member unionId */
                    unionId?: string;
                    /** @description The partner-side user id, resolved through the calling partner's bindings */
                    externalUserId?: string;
                    /**
                     * @description Bag status (0 created, 10 weighed, 20 ready, 30 shipped, 40 delivered)
                     * @enum {integer}
                     */
                    status?: 0 | 10 | 20 | 30 | 40;
                    /** @description Bag number (B...) */
                    bagOrderNo?: string;
                    /** @description [start, end) */
                    createTime?: string[];
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["BagOrderPage"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030001000 MEMBER_NOT_BOUND, 1030001007 MEMBER_NOT_BOUND_TO_PARTNER, 1030001008 MEMBER_IDENTIFIERS_DIFFER
                         * @enum {integer}
                         */
                        code: 1030001000 | 1030001007 | 1030001008;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    payOrderCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your payment number, unique within your system (at most 64 characters) */
                    outOrderNo: string;
                    /** @description USD, 0.01 to 10000000.00, at most two decimals (a JSON number such as 12.5) */
                    payAmount: number;
                    /** @description Shown to the payer (at most 256 characters) */
                    subject?: string;
                    /** @description At most 2000 characters */
                    description?: string;
                    /** @description Where the goods paid for are shipped */
                    shippingInfo?: {
                        firstName?: string;
                        lastName?: string;
                        /** @description Destination country: ISO 3166-1 alpha-2 code such as BR or US (case-insensitive; answered upper case) */
                        country?: string;
                        addressLine?: string;
                        city?: string;
                        zipcode?: string;
                        /** @description Digits with spaces, ( ) . / - and an optional leading + */
                        phone?: string;
                        /** @description An email address */
                        email?: string;
                        /** @description Country of the phone number: ISO 3166-1 alpha-2 code such as BR; callingCode must be its calling code */
                        callingCodeCountry?: string;
                        /** @description Country calling code such as 55 or +55 */
                        callingCode?: string;
                    };
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["PaymentOrder"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030040001 PAYMENT_ORDER_OUT_ORDER_NO_CONFLICT
                         * @enum {integer}
                         */
                        code: 1030040001;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    payOrderGet: {
        parameters: {
            query?: {
                /** @description Platform payment number */
                orderNo?: "" | string;
                /** @description Your payment number */
                outOrderNo?: "" | string;
                /** @description The channel's order number */
                paymentOrderId?: "" | string;
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["PaymentOrder"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030040000 PAYMENT_ORDER_NOT_FOUND
                         * @enum {integer}
                         */
                        code: 1030040000;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    payOrderGetByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Platform payment number */
                    orderNo?: "" | string;
                    /** @description Your payment number */
                    outOrderNo?: "" | string;
                    /** @description The channel's order number */
                    paymentOrderId?: "" | string;
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["PaymentOrder"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030040000 PAYMENT_ORDER_NOT_FOUND
                         * @enum {integer}
                         */
                        code: 1030040000;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    payOrderPage: {
        parameters: {
            query: {
                /** @description Page number, from 1 */
                pageNo: number;
                /** @description Rows a page, 1..1000 */
                pageSize: number;
                status?: "" | (0 | 10 | 20);
                /** @description Part of your payment number (case-sensitive) */
                outOrderNo?: "" | string;
                /** @description Platform payment number (exact) */
                orderNo?: "" | string;
                /** @description The channel's order number (exact) */
                paymentOrderId?: "" | string;
                /** @description [start, end) of creation */
                createTime?: string[];
                /** @description [start, end) of successful payment */
                paidTime?: string[];
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["PaymentOrderPage"];
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    payOrderPageByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Page number, from 1 */
                    pageNo: number;
                    /** @description Rows a page, 1..1000 */
                    pageSize: number;
                    status?: "" | (0 | 10 | 20);
                    /** @description Part of your payment number (case-sensitive) */
                    outOrderNo?: "" | string;
                    /** @description Platform payment number (exact) */
                    orderNo?: "" | string;
                    /** @description The channel's order number (exact) */
                    paymentOrderId?: "" | string;
                    /** @description [start, end) of creation */
                    createTime?: string[];
                    /** @description [start, end) of successful payment */
                    paidTime?: string[];
                };
            };
        };
        responses: {
            /** @description code 0: success */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["PaymentOrderPage"];
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    payOrderLogisticsSubmit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The channel order number of a paid payment order */
                    paymentOrderId: string;
                    logisticsList: {
                        /** @description Carrier name */
                        logisticsProvider: string;
                        /** @description Carrier code */
                        logisticsProviderCode: string;
                        /** @description Tracking number */
                        logisticsCode: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description code 0: success. Any other code: a business rejection (data null), one of the codes listed for this operation */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: components["schemas"]["PaymentOrderLogistics"];
                        msg: string;
                        error_detail: string;
                    } | {
                        /**
                         * @description 1030040000 PAYMENT_ORDER_NOT_FOUND, 1030040003 PAYMENT_ORDER_NOT_PAID, 1030041000 PAYMENT_CHANNEL_UNKNOWN
                         * @enum {integer}
                         */
                        code: 1030040000 | 1030040003 | 1030041000;
                        data: null;
                        /** @description The message of the code, its {name} parts filled in */
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderInvoiceGenerate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Up to 50 numbers from order creation: parent orders (O…) or order items (PI…) of this partner. Numbers that are not this partner's orders are left out of the answer. */
                    orderNos: string[];
                    /**
                     * @description Language of the invoice: en (default) or pt
                     * @default en
                     * @enum {string}
                     */
                    language?: "en" | "pt";
                };
            };
        };
        responses: {
            /** @description code 0: success */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: {
                            /** @description The number as sent */
                            orderNo: string;
                            /** @description The bag (parcel) the invoice is for; null while the order is in no bag */
                            bagNo: string | null;
                            /** @enum {string} */
                            language: "en" | "pt";
                            /** @description 0 generating, 1 generated, 2 failed (generate again to retry); null: never requested, or the order is in no bag */
                            status: (0 | 1 | 2) | null;
                            /** @description Absolute URL of the PDF once generated; anyone holding it can read the file */
                            url: string | null;
                        }[];
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderInvoiceGet: {
        parameters: {
            query: {
                /** @description Up to 50 numbers from order creation: parent orders (O…) or order items (PI…) of this partner. Numbers that are not this partner's orders are left out of the answer. */
                orderNos: string[];
                /** @description Language of the invoice: en (default) or pt */
                language?: "en" | "pt";
            };
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description code 0: success */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: {
                            /** @description The number as sent */
                            orderNo: string;
                            /** @description The bag (parcel) the invoice is for; null while the order is in no bag */
                            bagNo: string | null;
                            /** @enum {string} */
                            language: "en" | "pt";
                            /** @description 0 generating, 1 generated, 2 failed (generate again to retry); null: never requested, or the order is in no bag */
                            status: (0 | 1 | 2) | null;
                            /** @description Absolute URL of the PDF once generated; anyone holding it can read the file */
                            url: string | null;
                        }[];
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orderInvoiceGetByPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; when present it must be the tenant the token was issued in (on the token call: the tenant of the client, where its tokens are issued) */
                "tenant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Up to 50 numbers from order creation: parent orders (O…) or order items (PI…) of this partner. Numbers that are not this partner's orders are left out of the answer. */
                    orderNos: string[];
                    /**
                     * @description Language of the invoice: en (default) or pt
                     * @default en
                     * @enum {string}
                     */
                    language?: "en" | "pt";
                };
            };
        };
        responses: {
            /** @description code 0: success */
            200: {
                headers: {
                    /** @description The client's requests per second (present when the client has a rate limit) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current second */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description 0: success
                         * @enum {integer}
                         */
                        code: 0;
                        data: {
                            /** @description The number as sent */
                            orderNo: string;
                            /** @description The bag (parcel) the invoice is for; null while the order is in no bag */
                            bagNo: string | null;
                            /** @enum {string} */
                            language: "en" | "pt";
                            /** @description 0 generating, 1 generated, 2 failed (generate again to retry); null: never requested, or the order is in no bag */
                            status: (0 | 1 | 2) | null;
                            /** @description Absolute URL of the PDF once generated; anyone holding it can read the file */
                            url: string | null;
                        }[];
                        msg: string;
                        error_detail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}

/** Paths of the reads: their GET and their POST form may be sent again. */
export const READ_PATHS: readonly string[] = [
  "/open-api/goods/detail",
  "/open-api/goods/image-search",
  "/open-api/goods/parse-link",
  "/open-api/goods/qc/latest",
  "/open-api/goods/qc/page",
  "/open-api/goods/qc/summary",
  "/open-api/goods/search",
  "/open-api/order/bag/page",
  "/open-api/order/invoice/get",
  "/open-api/order/item/page",
  "/open-api/order/purchase/get",
  "/open-api/order/qc/list",
  "/open-api/order/supplement/list",
  "/open-api/pay/order/get",
  "/open-api/pay/order/page",
  "/open-api/pay/wallet/balance"
];
