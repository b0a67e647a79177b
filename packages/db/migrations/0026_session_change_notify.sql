-- Immediate revocation across API instances (issue 21): every change that can alter what the
-- session lookup reads (a session revoked, ended or 2FA-passed; an account's status, role,
-- name, two-factor or password-change flag; a role's permissions, name or switch) sends a
-- NOTIFY on the channel staff_session_change from inside the changing transaction. PostgreSQL
-- delivers it at commit (and not at all on rollback) to every API instance, whose listener then
-- empties its session cache. Triggers, not calls in each service, so that console commands,
-- the worker and SQL by hand are covered too. Identical notifications of one transaction are
-- folded into one by PostgreSQL, so a role change touching many rows sends one.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('staff_session_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS staff_sessions_change_notify ON staff_sessions;
--> statement-breakpoint
CREATE TRIGGER staff_sessions_change_notify AFTER UPDATE ON staff_sessions FOR EACH ROW
  WHEN (OLD.token_hash IS DISTINCT FROM NEW.token_hash OR OLD.staff_id IS DISTINCT FROM NEW.staff_id
     OR OLD.two_factor_passed IS DISTINCT FROM NEW.two_factor_passed OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
     OR OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)
  EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
-- Housekeeping deletes sessions long expired: those are never cached, so they send nothing.
DROP TRIGGER IF EXISTS staff_sessions_delete_notify ON staff_sessions;
--> statement-breakpoint
CREATE TRIGGER staff_sessions_delete_notify AFTER DELETE ON staff_sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now())
  EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS staff_change_notify ON staff;
--> statement-breakpoint
CREATE TRIGGER staff_change_notify AFTER UPDATE ON staff FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.role_id IS DISTINCT FROM NEW.role_id
     OR OLD.email IS DISTINCT FROM NEW.email OR OLD.full_name IS DISTINCT FROM NEW.full_name
     OR OLD.totp_enabled IS DISTINCT FROM NEW.totp_enabled OR OLD.must_change_password IS DISTINCT FROM NEW.must_change_password)
  EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS staff_delete_notify ON staff;
--> statement-breakpoint
CREATE TRIGGER staff_delete_notify AFTER DELETE ON staff FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS roles_change_notify ON roles;
--> statement-breakpoint
CREATE TRIGGER roles_change_notify AFTER UPDATE ON roles FOR EACH ROW
  WHEN (OLD.permissions IS DISTINCT FROM NEW.permissions OR OLD.is_active IS DISTINCT FROM NEW.is_active
     OR OLD.title IS DISTINCT FROM NEW.title OR OLD.slug IS DISTINCT FROM NEW.slug)
  EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS roles_delete_notify ON roles;
--> statement-breakpoint
CREATE TRIGGER roles_delete_notify AFTER DELETE ON roles FOR EACH ROW EXECUTE FUNCTION notify_session_change();
