-- CreateIndex
CREATE INDEX "AdminUser_tenantId_createdAt_idx" ON "AdminUser"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "NotifyMessage_tenantId_userType_userId_id_idx" ON "NotifyMessage"("tenantId", "userType", "userId", "id");

-- CreateIndex
CREATE INDEX "NotifyMessage_tenantId_id_idx" ON "NotifyMessage"("tenantId", "id");

-- CreateIndex
CREATE INDEX "OAuth2AccessToken_tenantId_id_idx" ON "OAuth2AccessToken"("tenantId", "id");

-- CreateIndex
CREATE INDEX "ShortLinkRecord_tenantId_id_idx" ON "ShortLinkRecord"("tenantId", "id");

-- CreateIndex
CREATE INDEX "VerificationCode_tenantId_id_idx" ON "VerificationCode"("tenantId", "id");
