-- CreateTable
CREATE TABLE "Goods" (
    "id" SERIAL NOT NULL,
    "source" INTEGER NOT NULL,
    "goodsId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "images" JSONB NOT NULL,
    "price" INTEGER NOT NULL,
    "sales" INTEGER NOT NULL DEFAULT 0,
    "shopName" TEXT NOT NULL,
    "detailUrl" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Goods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GoodsSku" (
    "id" SERIAL NOT NULL,
    "goodsRecordId" INTEGER NOT NULL,
    "skuId" TEXT NOT NULL,
    "props" JSONB NOT NULL,
    "price" INTEGER NOT NULL,
    "stock" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GoodsSku_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GoodsImage" (
    "id" SERIAL NOT NULL,
    "goodsRecordId" INTEGER NOT NULL,
    "imageUrl" TEXT NOT NULL,
    "perceptualHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GoodsImage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QcRecord" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "orderItemId" INTEGER NOT NULL,
    "orderNo" TEXT NOT NULL,
    "orderItemNo" TEXT NOT NULL,
    "source" INTEGER NOT NULL,
    "goodsId" TEXT NOT NULL,
    "skuId" TEXT NOT NULL,
    "result" INTEGER,
    "remarks" TEXT,
    "status" INTEGER NOT NULL DEFAULT 0,
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QcRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QcPhoto" (
    "id" SERIAL NOT NULL,
    "qcRecordId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QcPhoto_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TenantPackage" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "remark" TEXT,
    "menuIds" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TenantPackage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tenant" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "contactUserId" INTEGER,
    "contactName" TEXT NOT NULL,
    "contactMobile" TEXT,
    "status" INTEGER NOT NULL DEFAULT 0,
    "website" TEXT,
    "packageId" INTEGER,
    "expireTime" TIMESTAMP(3) NOT NULL,
    "accountCount" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tenant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdminUser" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "username" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "nickname" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "remark" TEXT,
    "deptId" INTEGER,
    "postIds" JSONB NOT NULL,
    "email" TEXT,
    "mobile" TEXT,
    "sex" INTEGER,
    "avatar" TEXT,
    "status" INTEGER NOT NULL DEFAULT 0,
    "loginIp" TEXT,
    "loginDate" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AdminUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Role" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "sort" INTEGER NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "type" INTEGER NOT NULL DEFAULT 2,
    "dataScope" INTEGER NOT NULL DEFAULT 1,
    "dataScopeDeptIds" JSONB NOT NULL,
    "remark" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Role_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserRole" (
    "tenantId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "roleId" INTEGER NOT NULL,

    CONSTRAINT "UserRole_pkey" PRIMARY KEY ("userId","roleId")
);

-- CreateTable
CREATE TABLE "Menu" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "permission" TEXT NOT NULL DEFAULT '',
    "type" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL,
    "parentId" INTEGER NOT NULL DEFAULT 0,
    "path" TEXT,
    "icon" TEXT,
    "component" TEXT,
    "componentName" TEXT,
    "status" INTEGER NOT NULL DEFAULT 0,
    "visible" BOOLEAN NOT NULL DEFAULT true,
    "keepAlive" BOOLEAN NOT NULL DEFAULT true,
    "alwaysShow" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Menu_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoleMenu" (
    "tenantId" INTEGER NOT NULL,
    "roleId" INTEGER NOT NULL,
    "menuId" INTEGER NOT NULL,

    CONSTRAINT "RoleMenu_pkey" PRIMARY KEY ("roleId","menuId")
);

-- CreateTable
CREATE TABLE "Member" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "unionId" TEXT NOT NULL,
    "nickname" TEXT NOT NULL,
    "email" TEXT,
    "mobile" TEXT,
    "status" INTEGER NOT NULL DEFAULT 0,
    "repaymentAuthorized" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Member_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Wallet" (
    "id" SERIAL NOT NULL,
    "memberId" INTEGER NOT NULL,
    "balance" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Wallet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WalletLedger" (
    "id" SERIAL NOT NULL,
    "walletId" INTEGER NOT NULL,
    "memberId" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "balanceAfter" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "bizRef" TEXT NOT NULL,
    "remark" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WalletLedger_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MemberAddress" (
    "id" SERIAL NOT NULL,
    "memberId" INTEGER NOT NULL,
    "receiverName" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "province" TEXT,
    "city" TEXT NOT NULL,
    "addressLine" TEXT NOT NULL,
    "postCode" TEXT,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MemberAddress_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PartnerBinding" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "partnerClientId" TEXT NOT NULL,
    "externalUserId" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PartnerBinding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuth2Client" (
    "id" SERIAL NOT NULL,
    "clientId" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "logo" TEXT NOT NULL,
    "description" TEXT,
    "status" INTEGER NOT NULL DEFAULT 0,
    "accessTokenValiditySeconds" INTEGER NOT NULL,
    "refreshTokenValiditySeconds" INTEGER NOT NULL,
    "redirectUris" JSONB NOT NULL,
    "authorizedGrantTypes" JSONB NOT NULL,
    "scopes" JSONB NOT NULL,
    "autoApproveScopes" JSONB NOT NULL,
    "authorities" JSONB NOT NULL,
    "resourceIds" JSONB NOT NULL,
    "additionalInformation" TEXT,
    "partnerName" TEXT,
    "partnerContact" TEXT,
    "ipWhitelist" TEXT NOT NULL DEFAULT '',
    "rateLimitQps" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OAuth2Client_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuth2AccessToken" (
    "id" SERIAL NOT NULL,
    "accessToken" TEXT NOT NULL,
    "refreshToken" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "userType" INTEGER NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "clientId" TEXT NOT NULL,
    "scopes" JSONB NOT NULL,
    "expiresTime" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuth2AccessToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseOrder" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "orderNo" TEXT NOT NULL,
    "partnerClientId" TEXT NOT NULL,
    "outOrderNo" TEXT NOT NULL,
    "externalUserId" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "addressId" INTEGER,
    "address" JSONB NOT NULL,
    "orderComment" TEXT,
    "requestHash" TEXT NOT NULL,
    "goodsAmount" INTEGER NOT NULL,
    "freightAmount" INTEGER NOT NULL,
    "serviceFee" INTEGER NOT NULL,
    "payAmount" INTEGER NOT NULL,
    "status" INTEGER NOT NULL,
    "paymentId" TEXT NOT NULL,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PurchaseOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseOrderItem" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "orderId" INTEGER NOT NULL,
    "orderItemNo" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "platformChannel" INTEGER,
    "source" INTEGER NOT NULL,
    "goodsId" TEXT NOT NULL,
    "skuId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "skuProps" JSONB NOT NULL,
    "image" TEXT,
    "qty" INTEGER NOT NULL,
    "unitPrice" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "remarks" TEXT,
    "status" INTEGER NOT NULL,
    "marketplaceOrderNo" TEXT,
    "actualUnitPrice" INTEGER,
    "bagId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PurchaseOrderItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PayOrder" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "paymentId" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "partnerClientId" TEXT,
    "kind" TEXT NOT NULL,
    "bizNo" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PayOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SupplementBill" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "orderExpensesNo" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "bizType" TEXT NOT NULL,
    "bizNo" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "paymentId" TEXT,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SupplementBill_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BagOrder" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "bagNo" TEXT NOT NULL,
    "memberId" INTEGER NOT NULL,
    "status" INTEGER NOT NULL,
    "weightGrams" INTEGER,
    "shippingLine" TEXT,
    "freightAmount" INTEGER,
    "address" JSONB NOT NULL,
    "trackingNo" TEXT,
    "shippedAt" TIMESTAMP(3),
    "deliveredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BagOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "bagId" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "fileKey" TEXT,
    "error" TEXT,
    "generatedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StoredFile" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentOrder" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "partnerClientId" TEXT NOT NULL,
    "orderNo" TEXT NOT NULL,
    "outOrderNo" TEXT NOT NULL,
    "paymentOrderId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "payAmount" INTEGER NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "subject" TEXT,
    "description" TEXT,
    "shippingInfo" JSONB,
    "payUrl" TEXT NOT NULL,
    "expireTime" TIMESTAMP(3) NOT NULL,
    "paidTime" TIMESTAMP(3),
    "closedTime" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PaymentOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentOrderLogistics" (
    "id" SERIAL NOT NULL,
    "paymentOrderRecordId" INTEGER NOT NULL,
    "logisticsProvider" TEXT NOT NULL,
    "logisticsProviderCode" TEXT NOT NULL,
    "logisticsCode" TEXT NOT NULL,
    "channelAccepted" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentOrderLogistics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentNotification" (
    "id" SERIAL NOT NULL,
    "nonce" TEXT NOT NULL,
    "paymentOrderId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentNotification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Goods_source_price_idx" ON "Goods"("source", "price");

-- CreateIndex
CREATE INDEX "Goods_source_sales_idx" ON "Goods"("source", "sales");

-- CreateIndex
CREATE UNIQUE INDEX "Goods_source_goodsId_key" ON "Goods"("source", "goodsId");

-- CreateIndex
CREATE UNIQUE INDEX "GoodsSku_goodsRecordId_skuId_key" ON "GoodsSku"("goodsRecordId", "skuId");

-- CreateIndex
CREATE INDEX "GoodsImage_imageUrl_idx" ON "GoodsImage"("imageUrl");

-- CreateIndex
CREATE INDEX "GoodsImage_perceptualHash_idx" ON "GoodsImage"("perceptualHash");

-- CreateIndex
CREATE INDEX "QcRecord_orderNo_idx" ON "QcRecord"("orderNo");

-- CreateIndex
CREATE INDEX "QcRecord_orderItemNo_idx" ON "QcRecord"("orderItemNo");

-- CreateIndex
CREATE INDEX "QcRecord_source_goodsId_skuId_idx" ON "QcRecord"("source", "goodsId", "skuId");

-- CreateIndex
CREATE INDEX "QcPhoto_qcRecordId_idx" ON "QcPhoto"("qcRecordId");

-- CreateIndex
CREATE UNIQUE INDEX "Tenant_name_key" ON "Tenant"("name");

-- CreateIndex
CREATE UNIQUE INDEX "AdminUser_tenantId_username_key" ON "AdminUser"("tenantId", "username");

-- CreateIndex
CREATE UNIQUE INDEX "Role_tenantId_code_key" ON "Role"("tenantId", "code");

-- CreateIndex
CREATE INDEX "UserRole_roleId_idx" ON "UserRole"("roleId");

-- CreateIndex
CREATE INDEX "Menu_parentId_idx" ON "Menu"("parentId");

-- CreateIndex
CREATE INDEX "RoleMenu_menuId_idx" ON "RoleMenu"("menuId");

-- CreateIndex
CREATE UNIQUE INDEX "Member_unionId_key" ON "Member"("unionId");

-- CreateIndex
CREATE INDEX "Member_tenantId_idx" ON "Member"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "Wallet_memberId_key" ON "Wallet"("memberId");

-- CreateIndex
CREATE INDEX "WalletLedger_memberId_createdAt_idx" ON "WalletLedger"("memberId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WalletLedger_walletId_bizRef_key" ON "WalletLedger"("walletId", "bizRef");

-- CreateIndex
CREATE INDEX "MemberAddress_memberId_idx" ON "MemberAddress"("memberId");

-- CreateIndex
CREATE INDEX "PartnerBinding_memberId_idx" ON "PartnerBinding"("memberId");

-- CreateIndex
CREATE UNIQUE INDEX "PartnerBinding_partnerClientId_externalUserId_key" ON "PartnerBinding"("partnerClientId", "externalUserId");

-- CreateIndex
CREATE UNIQUE INDEX "OAuth2Client_clientId_key" ON "OAuth2Client"("clientId");

-- CreateIndex
CREATE UNIQUE INDEX "OAuth2AccessToken_accessToken_key" ON "OAuth2AccessToken"("accessToken");

-- CreateIndex
CREATE INDEX "OAuth2AccessToken_clientId_idx" ON "OAuth2AccessToken"("clientId");

-- CreateIndex
CREATE INDEX "OAuth2AccessToken_expiresTime_idx" ON "OAuth2AccessToken"("expiresTime");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseOrder_orderNo_key" ON "PurchaseOrder"("orderNo");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseOrder_paymentId_key" ON "PurchaseOrder"("paymentId");

-- CreateIndex
CREATE INDEX "PurchaseOrder_memberId_createdAt_idx" ON "PurchaseOrder"("memberId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseOrder_partnerClientId_outOrderNo_key" ON "PurchaseOrder"("partnerClientId", "outOrderNo");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseOrderItem_orderItemNo_key" ON "PurchaseOrderItem"("orderItemNo");

-- CreateIndex
CREATE INDEX "PurchaseOrderItem_memberId_createdAt_idx" ON "PurchaseOrderItem"("memberId", "createdAt");

-- CreateIndex
CREATE INDEX "PurchaseOrderItem_status_idx" ON "PurchaseOrderItem"("status");

-- CreateIndex
CREATE INDEX "PurchaseOrderItem_bagId_idx" ON "PurchaseOrderItem"("bagId");

-- CreateIndex
CREATE UNIQUE INDEX "PayOrder_paymentId_key" ON "PayOrder"("paymentId");

-- CreateIndex
CREATE INDEX "PayOrder_memberId_status_idx" ON "PayOrder"("memberId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "SupplementBill_orderExpensesNo_key" ON "SupplementBill"("orderExpensesNo");

-- CreateIndex
CREATE INDEX "SupplementBill_memberId_status_idx" ON "SupplementBill"("memberId", "status");

-- CreateIndex
CREATE INDEX "SupplementBill_paymentId_idx" ON "SupplementBill"("paymentId");

-- CreateIndex
CREATE UNIQUE INDEX "BagOrder_bagNo_key" ON "BagOrder"("bagNo");

-- CreateIndex
CREATE INDEX "BagOrder_memberId_createdAt_idx" ON "BagOrder"("memberId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_bagId_language_key" ON "Invoice"("bagId", "language");

-- CreateIndex
CREATE UNIQUE INDEX "StoredFile_key_key" ON "StoredFile"("key");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentOrder_orderNo_key" ON "PaymentOrder"("orderNo");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentOrder_paymentOrderId_key" ON "PaymentOrder"("paymentOrderId");

-- CreateIndex
CREATE INDEX "PaymentOrder_partnerClientId_createdAt_idx" ON "PaymentOrder"("partnerClientId", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentOrder_status_expireTime_idx" ON "PaymentOrder"("status", "expireTime");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentOrder_partnerClientId_outOrderNo_key" ON "PaymentOrder"("partnerClientId", "outOrderNo");

-- CreateIndex
CREATE INDEX "PaymentOrderLogistics_paymentOrderRecordId_idx" ON "PaymentOrderLogistics"("paymentOrderRecordId");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentNotification_nonce_key" ON "PaymentNotification"("nonce");

-- AddForeignKey
ALTER TABLE "GoodsSku" ADD CONSTRAINT "GoodsSku_goodsRecordId_fkey" FOREIGN KEY ("goodsRecordId") REFERENCES "Goods"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoodsImage" ADD CONSTRAINT "GoodsImage_goodsRecordId_fkey" FOREIGN KEY ("goodsRecordId") REFERENCES "Goods"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QcRecord" ADD CONSTRAINT "QcRecord_orderItemId_fkey" FOREIGN KEY ("orderItemId") REFERENCES "PurchaseOrderItem"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QcPhoto" ADD CONSTRAINT "QcPhoto_qcRecordId_fkey" FOREIGN KEY ("qcRecordId") REFERENCES "QcRecord"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Tenant" ADD CONSTRAINT "Tenant_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "TenantPackage"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserRole" ADD CONSTRAINT "UserRole_userId_fkey" FOREIGN KEY ("userId") REFERENCES "AdminUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserRole" ADD CONSTRAINT "UserRole_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "Role"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoleMenu" ADD CONSTRAINT "RoleMenu_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "Role"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoleMenu" ADD CONSTRAINT "RoleMenu_menuId_fkey" FOREIGN KEY ("menuId") REFERENCES "Menu"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Wallet" ADD CONSTRAINT "Wallet_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletLedger" ADD CONSTRAINT "WalletLedger_walletId_fkey" FOREIGN KEY ("walletId") REFERENCES "Wallet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MemberAddress" ADD CONSTRAINT "MemberAddress_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PartnerBinding" ADD CONSTRAINT "PartnerBinding_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrderItem" ADD CONSTRAINT "PurchaseOrderItem_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "PurchaseOrder"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrderItem" ADD CONSTRAINT "PurchaseOrderItem_bagId_fkey" FOREIGN KEY ("bagId") REFERENCES "BagOrder"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_bagId_fkey" FOREIGN KEY ("bagId") REFERENCES "BagOrder"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentOrderLogistics" ADD CONSTRAINT "PaymentOrderLogistics_paymentOrderRecordId_fkey" FOREIGN KEY ("paymentOrderRecordId") REFERENCES "PaymentOrder"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
