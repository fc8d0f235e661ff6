-- DropIndex
DROP INDEX "QcPhoto_qcRecordId_idx";

-- DropIndex
DROP INDEX "QcRecord_source_goodsId_skuId_idx";

-- CreateIndex
CREATE INDEX "QcPhoto_qcRecordId_sort_idx" ON "QcPhoto"("qcRecordId", "sort");

-- CreateIndex
CREATE INDEX "QcRecord_source_goodsId_tenantId_status_completedAt_idx" ON "QcRecord"("source", "goodsId", "tenantId", "status", "completedAt");

-- CreateIndex
CREATE INDEX "QcRecord_source_goodsId_skuId_tenantId_status_completedAt_idx" ON "QcRecord"("source", "goodsId", "skuId", "tenantId", "status", "completedAt");
