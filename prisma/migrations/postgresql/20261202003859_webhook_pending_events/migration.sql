-- CreateTable
CREATE TABLE "WebhookPendingEvent" (
    "id" SERIAL NOT NULL,
    "eventId" TEXT NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "partnerClientId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "orderingKey" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookPendingEvent_pkey" PRIMARY KEY ("id")
);
