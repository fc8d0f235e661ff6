-- A claim reads only the first pending delivery of each key and endpoint (src/core/webhook/delivery-heads.ts).
DROP INDEX "WebhookDelivery_status_nextAttemptAt_idx";

ALTER TABLE "WebhookDelivery" ADD COLUMN     "head" BOOLEAN NOT NULL DEFAULT false;

CREATE INDEX "WebhookDelivery_endpointId_status_head_nextAttemptAt_id_idx" ON "WebhookDelivery"("endpointId", "status", "head", "nextAttemptAt", "id");

-- The deliveries pending now: the first of each key and endpoint is its head.
UPDATE "WebhookDelivery" SET "head" = true WHERE "id" IN (SELECT min("id") FROM "WebhookDelivery" WHERE "status" = 0 GROUP BY "endpointId", "orderingKey");
