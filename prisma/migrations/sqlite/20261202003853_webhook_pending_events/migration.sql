-- CreateTable
CREATE TABLE "WebhookPendingEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "eventId" TEXT NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "partnerClientId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "orderingKey" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "occurredAt" DATETIME NOT NULL
);
