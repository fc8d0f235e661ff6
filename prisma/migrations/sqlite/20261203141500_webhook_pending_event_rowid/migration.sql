-- Pending events take SQLite's rowid without AUTOINCREMENT: their ids only order the rows present (the
-- fan-out deletes what it takes), and AUTOINCREMENT's sqlite_sequence update cost each insert ~2.3 µs.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_WebhookPendingEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "tenantId" INTEGER NOT NULL,
    "partnerClientId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "orderingKey" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "occurredAt" DATETIME NOT NULL
);
INSERT INTO "new_WebhookPendingEvent" ("id", "occurredAt", "orderingKey", "partnerClientId", "payload", "tenantId", "type") SELECT "id", "occurredAt", "orderingKey", "partnerClientId", "payload", "tenantId", "type" FROM "WebhookPendingEvent";
DROP TABLE "WebhookPendingEvent";
ALTER TABLE "new_WebhookPendingEvent" RENAME TO "WebhookPendingEvent";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
