-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN "disabledAt" DATETIME;

-- CreateTable
CREATE TABLE "WebhookDeliveryAttempt" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "deliveryId" INTEGER NOT NULL,
    "statusCode" INTEGER,
    "latencyMs" INTEGER NOT NULL,
    "responseBody" TEXT,
    "error" TEXT,
    "attemptedAt" DATETIME NOT NULL,
    CONSTRAINT "WebhookDeliveryAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "WebhookDeliveryAttempt_deliveryId_id_idx" ON "WebhookDeliveryAttempt"("deliveryId", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_id_idx" ON "WebhookDelivery"("endpointId", "status", "id");
