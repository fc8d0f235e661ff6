-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "disabledAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "WebhookDeliveryAttempt" (
    "id" SERIAL NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "deliveryId" INTEGER NOT NULL,
    "statusCode" INTEGER,
    "latencyMs" INTEGER NOT NULL,
    "responseBody" TEXT,
    "error" TEXT,
    "attemptedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookDeliveryAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WebhookDeliveryAttempt_deliveryId_id_idx" ON "WebhookDeliveryAttempt"("deliveryId", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_id_idx" ON "WebhookDelivery"("endpointId", "status", "id");

-- AddForeignKey
ALTER TABLE "WebhookDeliveryAttempt" ADD CONSTRAINT "WebhookDeliveryAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
