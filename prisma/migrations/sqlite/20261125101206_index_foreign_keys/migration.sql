-- CreateIndex
CREATE INDEX "GoodsImage_goodsRecordId_idx" ON "GoodsImage"("goodsRecordId");

-- CreateIndex
CREATE INDEX "PurchaseOrderItem_orderId_status_idx" ON "PurchaseOrderItem"("orderId", "status");

-- CreateIndex
CREATE INDEX "QcRecord_orderItemId_idx" ON "QcRecord"("orderItemId");

-- CreateIndex
CREATE INDEX "SupportInfo_classifyId_idx" ON "SupportInfo"("classifyId");

-- CreateIndex
CREATE INDEX "Tenant_packageId_idx" ON "Tenant"("packageId");
