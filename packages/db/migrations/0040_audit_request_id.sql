-- The request that wrote an audit row (its X-Request-Id, on every log line of that request too):
-- support finds the row from the reference a person was shown, and the log lines from the row.
-- Outside the hash chain (docs/decisions/operations.md): a pointer to logs, not evidence, so the
-- canonical form, the verifier and the anchors stay as they are. The row stays append-only.
ALTER TABLE "audit_log" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_request_id_shape"
  CHECK ("request_id" IS NULL OR "request_id" ~ '^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$');--> statement-breakpoint
CREATE INDEX "audit_log_request_id_idx" ON "audit_log" USING btree ("request_id") WHERE "request_id" IS NOT NULL;--> statement-breakpoint

-- audit_write() takes the request id as a last, optional argument (older callers leave it NULL).
DROP FUNCTION audit_write(uuid, citext, text, text, text, jsonb, jsonb, inet, double precision, double precision, text);--> statement-breakpoint
CREATE FUNCTION audit_write(
  p_actor_id uuid,
  p_actor_email citext,
  p_action text,
  p_target_type text,
  p_target_id text,
  p_before jsonb,
  p_after jsonb,
  p_ip inet,
  p_longitude double precision,
  p_latitude double precision,
  p_user_agent text,
  p_request_id text DEFAULT NULL
) RETURNS bigint LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  INSERT INTO audit_log (at, actor_id, actor_email, action, target_type, target_id, before, after, ip, longitude, latitude, user_agent, request_id)
  VALUES (now(), p_actor_id, p_actor_email, p_action, p_target_type, p_target_id, p_before, p_after, p_ip, p_longitude, p_latitude, p_user_agent, p_request_id)
  RETURNING id
$$;--> statement-breakpoint

-- Still append-only: the seal's one UPDATE may not touch the request id either.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
    IF OLD.chain_seq IS NULL AND OLD.prev_hash IS NULL AND OLD.hash IS NULL
       AND NEW.chain_seq IS NOT NULL AND NEW.prev_hash IS NOT NULL AND NEW.hash IS NOT NULL
       AND (NEW.id, NEW.at, NEW.actor_id, NEW.actor_email, NEW.action, NEW.target_type, NEW.target_id,
            NEW.before, NEW.after, NEW.ip, NEW.longitude, NEW.latitude, NEW.user_agent, NEW.request_id)
           IS NOT DISTINCT FROM
           (OLD.id, OLD.at, OLD.actor_id, OLD.actor_email, OLD.action, OLD.target_type, OLD.target_id,
            OLD.before, OLD.after, OLD.ip, OLD.longitude, OLD.latitude, OLD.user_agent, OLD.request_id)
    THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
