-- The audit trail is append-only: the database itself refuses to change or remove a row.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- Every balance change goes through the ledger: inserting a ledger row moves the balance, in the
-- same transaction, and refuses to take it below zero.
CREATE OR REPLACE FUNCTION ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_balance numeric(38,18);
BEGIN
  INSERT INTO wallet_balances AS b (wallet_id, currency, balance, updated_at)
    VALUES (NEW.wallet_id, NEW.currency, NEW.amount, now())
    ON CONFLICT (wallet_id, currency)
    DO UPDATE SET balance = b.balance + EXCLUDED.balance, updated_at = now()
    RETURNING balance INTO new_balance;
  IF new_balance < 0 THEN
    RAISE EXCEPTION 'insufficient balance: wallet % % would be %', NEW.wallet_id, NEW.currency, new_balance
      USING ERRCODE = 'check_violation';
  END IF;
  NEW.balance_after := new_balance;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_refuse_change();
--> statement-breakpoint
-- A balance may change only from the ledger trigger above (trigger depth > 0).
CREATE OR REPLACE FUNCTION wallet_balances_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 AND current_setting('session_replication_role') <> 'replica' THEN
    IF TG_OP = 'DELETE' OR TG_OP = 'INSERT' OR NEW.balance IS DISTINCT FROM OLD.balance THEN
      RAISE EXCEPTION 'wallet balances change only through ledger_entries' USING ERRCODE = 'insufficient_privilege';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_balances_guard BEFORE INSERT OR UPDATE OR DELETE ON wallet_balances
  FOR EACH ROW EXECUTE FUNCTION wallet_balances_guard();
--> statement-breakpoint
CREATE INDEX users_username_trgm ON users USING gin ((username::text) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX users_email_trgm ON users USING gin ((email::text) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX users_full_name_trgm ON users USING gin (full_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX users_phone_trgm ON users USING gin (phone_no gin_trgm_ops);
