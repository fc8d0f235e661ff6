-- CreateTable
CREATE TABLE "BasicCurrency" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "abbreviationCode" TEXT NOT NULL,
    "exchangeRateMicros" BIGINT NOT NULL,
    "icon" TEXT,
    "symbol" TEXT,
    "showStatus" INTEGER NOT NULL DEFAULT 1,
    "status" INTEGER NOT NULL DEFAULT 1,
    "sort" INTEGER NOT NULL DEFAULT 999,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CurrencyRatePolicy" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "policyType" INTEGER NOT NULL,
    "countryCode" TEXT,
    "userId" INTEGER,
    "premiumRateE4" INTEGER NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 1,
    "remark" TEXT,
    "enabledTargetKey" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "BasicCountry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "enName" TEXT NOT NULL,
    "localName" TEXT NOT NULL,
    "enShortName" TEXT NOT NULL,
    "areaId" TEXT NOT NULL,
    "alpha3" TEXT,
    "numericCode" TEXT,
    "callingCode" TEXT,
    "sort" INTEGER NOT NULL,
    "status" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "BasicRegion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "province" INTEGER NOT NULL,
    "regionCode" TEXT,
    "countryId" INTEGER NOT NULL,
    "postalCode" TEXT,
    "status" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BasicRegion_countryId_fkey" FOREIGN KEY ("countryId") REFERENCES "BasicCountry" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CommonClassify" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "uuidCode" TEXT NOT NULL,
    "className" TEXT NOT NULL,
    "parentId" INTEGER NOT NULL,
    "positionType" INTEGER NOT NULL,
    "isHot" BOOLEAN NOT NULL,
    "language" TEXT NOT NULL,
    "sort" INTEGER NOT NULL,
    "status" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SupportInfo" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "uuidCode" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "classifyId" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "coverImg" TEXT,
    "terminalType" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL,
    "status" INTEGER NOT NULL,
    "hot" BOOLEAN NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SupportInfo_classifyId_fkey" FOREIGN KEY ("classifyId") REFERENCES "CommonClassify" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Information" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "uuidCode" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "topicType" BIGINT NOT NULL,
    "language" TEXT NOT NULL,
    "coverImg" TEXT,
    "businessType" INTEGER NOT NULL,
    "terminalType" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL,
    "status" BOOLEAN NOT NULL,
    "recommend" BOOLEAN NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ProtocolStatement" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "uuidCode" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "positionType" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "sort" INTEGER NOT NULL,
    "status" BOOLEAN NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SystemLanguage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "langCode" TEXT NOT NULL,
    "langName" TEXT NOT NULL,
    "showFlag" BOOLEAN NOT NULL,
    "whitelistUserIds" JSONB NOT NULL,
    "whitelistCountries" JSONB NOT NULL,
    "sort" INTEGER NOT NULL,
    "status" INTEGER NOT NULL,
    "remark" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ShortLinkGroup" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "groupName" TEXT NOT NULL,
    "groupCode" TEXT NOT NULL,
    "sort" INTEGER NOT NULL,
    "description" TEXT,
    "remark" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ShortLinkRecord" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "targetUrl" TEXT NOT NULL,
    "groupId" INTEGER,
    "remark" TEXT,
    "visitCount" INTEGER NOT NULL DEFAULT 0,
    "lastVisitTime" DATETIME,
    "status" INTEGER NOT NULL,
    "expireTime" DATETIME,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ShortLinkRecord_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "ShortLinkGroup" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GatewayIpBlacklist" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ip" TEXT NOT NULL,
    "ipType" TEXT NOT NULL,
    "reason" TEXT,
    "expireTime" DATETIME,
    "source" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SmsChannel" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "signature" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "remark" TEXT,
    "apiKey" TEXT NOT NULL,
    "apiSecret" TEXT,
    "callbackUrl" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SmsTemplate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "type" INTEGER NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "remark" TEXT,
    "apiTemplateId" TEXT NOT NULL,
    "channelId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SmsTemplate_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "SmsChannel" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SmsLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "channelId" INTEGER NOT NULL,
    "channelCode" TEXT NOT NULL,
    "templateId" INTEGER NOT NULL,
    "templateCode" TEXT NOT NULL,
    "templateType" INTEGER NOT NULL,
    "apiTemplateId" TEXT NOT NULL,
    "mobile" TEXT NOT NULL,
    "userId" INTEGER,
    "userType" INTEGER,
    "content" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "sendStatus" INTEGER NOT NULL,
    "sendTime" DATETIME,
    "apiSendCode" TEXT,
    "apiSendMsg" TEXT,
    "apiRequestId" TEXT,
    "apiSerialNo" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "MailAccount" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "mail" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "password" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "port" INTEGER NOT NULL,
    "sslEnable" BOOLEAN NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "MailTemplate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "languageCode" TEXT NOT NULL,
    "accountId" INTEGER NOT NULL,
    "nickname" TEXT,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "remark" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "MailTemplate_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "MailAccount" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MailLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "accountId" INTEGER NOT NULL,
    "fromMail" TEXT NOT NULL,
    "templateId" INTEGER NOT NULL,
    "templateCode" TEXT NOT NULL,
    "languageCode" TEXT NOT NULL,
    "nickname" TEXT,
    "toMail" TEXT NOT NULL,
    "userId" INTEGER,
    "userType" INTEGER,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "sendStatus" INTEGER NOT NULL,
    "sendTime" DATETIME,
    "sendMessageId" TEXT,
    "sendException" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "NotifyTemplate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "languageCode" TEXT NOT NULL,
    "type" INTEGER NOT NULL,
    "nickname" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "remark" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "NotifyMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "userType" INTEGER NOT NULL,
    "templateId" INTEGER NOT NULL,
    "templateCode" TEXT NOT NULL,
    "templateType" INTEGER NOT NULL,
    "templateNickname" TEXT NOT NULL,
    "templateContent" TEXT NOT NULL,
    "templateParams" JSONB NOT NULL,
    "readStatus" BOOLEAN NOT NULL DEFAULT false,
    "readTime" DATETIME,
    "createdAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "VerificationCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "scene" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "createIp" TEXT NOT NULL,
    "sendDay" TEXT NOT NULL,
    "todayIndex" INTEGER NOT NULL,
    "used" BOOLEAN NOT NULL DEFAULT false,
    "usedTime" DATETIME,
    "usedIp" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DictType" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "remark" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DictData" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sort" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "dictType" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "colorType" TEXT,
    "cssClass" TEXT,
    "remark" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "DictData_dictType_fkey" FOREIGN KEY ("dictType") REFERENCES "DictType" ("type") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ErrorCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "applicationName" TEXT NOT NULL,
    "code" INTEGER NOT NULL,
    "langType" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "memo" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SensitiveWord" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "tags" JSONB NOT NULL,
    "status" INTEGER NOT NULL,
    "description" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Notice" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "type" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "BasicCurrency_abbreviationCode_key" ON "BasicCurrency"("abbreviationCode");

-- CreateIndex
CREATE INDEX "BasicCurrency_status_sort_idx" ON "BasicCurrency"("status", "sort");

-- CreateIndex
CREATE INDEX "CurrencyRatePolicy_tenantId_policyType_idx" ON "CurrencyRatePolicy"("tenantId", "policyType");

-- CreateIndex
CREATE UNIQUE INDEX "CurrencyRatePolicy_tenantId_enabledTargetKey_key" ON "CurrencyRatePolicy"("tenantId", "enabledTargetKey");

-- CreateIndex
CREATE UNIQUE INDEX "BasicCountry_enShortName_key" ON "BasicCountry"("enShortName");

-- CreateIndex
CREATE INDEX "BasicCountry_status_sort_idx" ON "BasicCountry"("status", "sort");

-- CreateIndex
CREATE INDEX "BasicRegion_countryId_status_sort_idx" ON "BasicRegion"("countryId", "status", "sort");

-- CreateIndex
CREATE INDEX "CommonClassify_tenantId_positionType_language_parentId_idx" ON "CommonClassify"("tenantId", "positionType", "language", "parentId");

-- CreateIndex
CREATE UNIQUE INDEX "CommonClassify_tenantId_uuidCode_key" ON "CommonClassify"("tenantId", "uuidCode");

-- CreateIndex
CREATE INDEX "SupportInfo_tenantId_classifyId_idx" ON "SupportInfo"("tenantId", "classifyId");

-- CreateIndex
CREATE UNIQUE INDEX "SupportInfo_tenantId_uuidCode_key" ON "SupportInfo"("tenantId", "uuidCode");

-- CreateIndex
CREATE INDEX "Information_tenantId_businessType_language_idx" ON "Information"("tenantId", "businessType", "language");

-- CreateIndex
CREATE UNIQUE INDEX "Information_tenantId_uuidCode_key" ON "Information"("tenantId", "uuidCode");

-- CreateIndex
CREATE INDEX "ProtocolStatement_tenantId_positionType_language_idx" ON "ProtocolStatement"("tenantId", "positionType", "language");

-- CreateIndex
CREATE UNIQUE INDEX "ProtocolStatement_tenantId_uuidCode_key" ON "ProtocolStatement"("tenantId", "uuidCode");

-- CreateIndex
CREATE UNIQUE INDEX "SystemLanguage_langCode_key" ON "SystemLanguage"("langCode");

-- CreateIndex
CREATE INDEX "ShortLinkGroup_tenantId_sort_idx" ON "ShortLinkGroup"("tenantId", "sort");

-- CreateIndex
CREATE UNIQUE INDEX "ShortLinkGroup_tenantId_groupCode_key" ON "ShortLinkGroup"("tenantId", "groupCode");

-- CreateIndex
CREATE UNIQUE INDEX "ShortLinkRecord_code_key" ON "ShortLinkRecord"("code");

-- CreateIndex
CREATE INDEX "ShortLinkRecord_tenantId_createdAt_idx" ON "ShortLinkRecord"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "ShortLinkRecord_groupId_idx" ON "ShortLinkRecord"("groupId");

-- CreateIndex
CREATE UNIQUE INDEX "GatewayIpBlacklist_ip_key" ON "GatewayIpBlacklist"("ip");

-- CreateIndex
CREATE INDEX "GatewayIpBlacklist_status_idx" ON "GatewayIpBlacklist"("status");

-- CreateIndex
CREATE INDEX "SmsChannel_tenantId_idx" ON "SmsChannel"("tenantId");

-- CreateIndex
CREATE INDEX "SmsTemplate_channelId_idx" ON "SmsTemplate"("channelId");

-- CreateIndex
CREATE UNIQUE INDEX "SmsTemplate_tenantId_code_key" ON "SmsTemplate"("tenantId", "code");

-- CreateIndex
CREATE INDEX "SmsLog_tenantId_createdAt_idx" ON "SmsLog"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "SmsLog_tenantId_mobile_idx" ON "SmsLog"("tenantId", "mobile");

-- CreateIndex
CREATE INDEX "MailAccount_tenantId_idx" ON "MailAccount"("tenantId");

-- CreateIndex
CREATE INDEX "MailTemplate_accountId_idx" ON "MailTemplate"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "MailTemplate_tenantId_code_languageCode_key" ON "MailTemplate"("tenantId", "code", "languageCode");

-- CreateIndex
CREATE INDEX "MailLog_tenantId_createdAt_idx" ON "MailLog"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "MailLog_tenantId_toMail_idx" ON "MailLog"("tenantId", "toMail");

-- CreateIndex
CREATE UNIQUE INDEX "NotifyTemplate_tenantId_code_languageCode_key" ON "NotifyTemplate"("tenantId", "code", "languageCode");

-- CreateIndex
CREATE INDEX "NotifyMessage_tenantId_userType_userId_readStatus_idx" ON "NotifyMessage"("tenantId", "userType", "userId", "readStatus");

-- CreateIndex
CREATE INDEX "NotifyMessage_tenantId_createdAt_idx" ON "NotifyMessage"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "VerificationCode_tenantId_channel_target_scene_id_idx" ON "VerificationCode"("tenantId", "channel", "target", "scene", "id");

-- CreateIndex
CREATE UNIQUE INDEX "VerificationCode_tenantId_channel_target_sendDay_todayIndex_key" ON "VerificationCode"("tenantId", "channel", "target", "sendDay", "todayIndex");

-- CreateIndex
CREATE UNIQUE INDEX "DictType_type_key" ON "DictType"("type");

-- CreateIndex
CREATE UNIQUE INDEX "DictData_dictType_value_key" ON "DictData"("dictType", "value");

-- CreateIndex
CREATE UNIQUE INDEX "ErrorCode_code_langType_key" ON "ErrorCode"("code", "langType");

-- CreateIndex
CREATE UNIQUE INDEX "SensitiveWord_tenantId_name_key" ON "SensitiveWord"("tenantId", "name");

-- CreateIndex
CREATE INDEX "Notice_tenantId_createdAt_idx" ON "Notice"("tenantId", "createdAt");
