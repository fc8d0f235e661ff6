-- Pending events keep everything but their eventId: the fan-out draws it now, as it writes the event.
-- AlterTable
ALTER TABLE "WebhookPendingEvent" DROP COLUMN "eventId";
