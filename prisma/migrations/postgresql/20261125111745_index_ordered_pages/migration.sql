-- CreateIndex
CREATE INDEX "AdminUser_tenantId_id_idx" ON "AdminUser"("tenantId", "id");

-- CreateIndex
CREATE INDEX "MailLog_tenantId_id_idx" ON "MailLog"("tenantId", "id");

-- CreateIndex
CREATE INDEX "OperationLog_tenantId_id_idx" ON "OperationLog"("tenantId", "id");

-- CreateIndex
CREATE INDEX "SmsLog_tenantId_id_idx" ON "SmsLog"("tenantId", "id");
