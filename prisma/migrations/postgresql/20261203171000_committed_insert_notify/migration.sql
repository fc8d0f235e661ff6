-- Other processes learn of committed pending events and deliveries from a NOTIFY that the database
-- sends itself, once per INSERT statement (PostgreSQL delivers it on COMMIT and folds the repeats of a
-- transaction into one): a wallet pay no longer waits on a round trip of its own for it.
CREATE FUNCTION "openbuy_notify_committed_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('openbuy_committed_insert', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "WebhookPendingEvent_notify_committed_insert" AFTER INSERT ON "WebhookPendingEvent"
  FOR EACH STATEMENT EXECUTE FUNCTION "openbuy_notify_committed_insert"();

CREATE TRIGGER "WebhookDelivery_notify_committed_insert" AFTER INSERT ON "WebhookDelivery"
  FOR EACH STATEMENT EXECUTE FUNCTION "openbuy_notify_committed_insert"();
