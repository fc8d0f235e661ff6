/*
  Warnings:

  - A unique constraint covering the columns `[eventId,endpointId]` on the table `WebhookDelivery` will be added. If there are existing duplicate values, this will fail.

*/
-- DropIndex
DROP INDEX "WebhookDelivery_endpointId_eventId_key";

-- DropIndex
DROP INDEX "WebhookDelivery_eventId_idx";

-- DropIndex
DROP INDEX "WebhookEvent_tenantId_partnerClientId_id_idx";

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_eventId_endpointId_key" ON "WebhookDelivery"("eventId", "endpointId");
