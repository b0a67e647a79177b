-- Live screens (issue 24): every change to what the deposit and withdraw queues, Withdrawal Out
-- and Users KYC list sends a NOTIFY on the channel vaultdesk_live, the payload naming the screen's
-- topic (packages/contract/src/live.ts). Sent from inside the changing transaction, PostgreSQL
-- delivers it at commit (never on rollback) to every API instance, whose one listener connection
-- tells the browsers subscribed to that topic to refetch. Identical notifications of one
-- transaction are folded into one, so a 1,000-item batch sends one per topic. Triggers, as for
-- the session cache (0026), so that the worker, the batch settlement, the start-up replay and SQL
-- by hand are covered as well as the services. Code that changes something no trigger sees calls
-- notifyLive(tx, topic) (apps/api/src/http/live.ts), which sends the same notification.
CREATE OR REPLACE FUNCTION notify_live(topic text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('vaultdesk_live', topic);
$$;
--> statement-breakpoint
-- queue_items.queue and process_lists.type are 'deposit' or 'withdraw': the topic is '<kind>-queue'.
CREATE OR REPLACE FUNCTION notify_live_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM notify_live(OLD.queue || '-queue'); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM notify_live(NEW.queue || '-queue'); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_live_process_list() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM notify_live(OLD.type || '-queue'); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM notify_live(NEW.type || '-queue'); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A fixed topic (the trigger's argument).
CREATE OR REPLACE FUNCTION notify_live_topic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_live(TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS queue_items_live ON queue_items;
--> statement-breakpoint
CREATE TRIGGER queue_items_live AFTER INSERT OR DELETE ON queue_items FOR EACH ROW EXECUTE FUNCTION notify_live_queue();
--> statement-breakpoint
DROP TRIGGER IF EXISTS queue_items_live_update ON queue_items;
--> statement-breakpoint
CREATE TRIGGER queue_items_live_update AFTER UPDATE ON queue_items FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notify_live_queue();
--> statement-breakpoint
DROP TRIGGER IF EXISTS process_lists_live ON process_lists;
--> statement-breakpoint
CREATE TRIGGER process_lists_live AFTER INSERT OR DELETE ON process_lists FOR EACH ROW EXECUTE FUNCTION notify_live_process_list();
--> statement-breakpoint
DROP TRIGGER IF EXISTS process_lists_live_update ON process_lists;
--> statement-breakpoint
CREATE TRIGGER process_lists_live_update AFTER UPDATE ON process_lists FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notify_live_process_list();
--> statement-breakpoint
DROP TRIGGER IF EXISTS withdrawal_requests_live ON withdrawal_requests;
--> statement-breakpoint
CREATE TRIGGER withdrawal_requests_live AFTER INSERT OR DELETE ON withdrawal_requests FOR EACH ROW EXECUTE FUNCTION notify_live_topic('withdrawal-out');
--> statement-breakpoint
DROP TRIGGER IF EXISTS withdrawal_requests_live_update ON withdrawal_requests;
--> statement-breakpoint
CREATE TRIGGER withdrawal_requests_live_update AFTER UPDATE ON withdrawal_requests FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notify_live_topic('withdrawal-out');
--> statement-breakpoint
DROP TRIGGER IF EXISTS kyc_records_live ON kyc_records;
--> statement-breakpoint
CREATE TRIGGER kyc_records_live AFTER INSERT OR DELETE ON kyc_records FOR EACH ROW EXECUTE FUNCTION notify_live_topic('users-kyc');
--> statement-breakpoint
-- Handing a case to a reviewer (Manage Random KYC: claimed_by, claimed_until) changes nothing the
-- list shows: sixteen reviewers drawing cases do not make every open list refetch.
DROP TRIGGER IF EXISTS kyc_records_live_update ON kyc_records;
--> statement-breakpoint
CREATE TRIGGER kyc_records_live_update AFTER UPDATE ON kyc_records FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'claimed_by' - 'claimed_until' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'claimed_by' - 'claimed_until' - 'updated_at'))
  EXECUTE FUNCTION notify_live_topic('users-kyc');
