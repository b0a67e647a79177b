-- The application's database role writes audit rows only through audit_write(): it holds no
-- INSERT, UPDATE or DELETE on audit_log (the grants: packages/db/src/roles.ts). The function runs
-- as its owner (the migrations' role), with a fixed search_path, and sets the time itself: a
-- caller cannot back-date a row, set its chain fields or write anything but one new row, which
-- the deferred trigger then seals into the chain at commit like any other.
CREATE OR REPLACE FUNCTION audit_write(
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
  p_user_agent text
) RETURNS bigint LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  INSERT INTO audit_log (at, actor_id, actor_email, action, target_type, target_id, before, after, ip, longitude, latitude, user_agent)
  VALUES (now(), p_actor_id, p_actor_email, p_action, p_target_type, p_target_id, p_before, p_after, p_ip, p_longitude, p_latitude, p_user_agent)
  RETURNING id
$$;--> statement-breakpoint

-- The seal fires at commit in the writer's session, as the writer: it runs as its owner so that
-- the one UPDATE it makes (filling the chain fields, which audit_log_refuse_change lets through
-- from a trigger only) needs no UPDATE right of the application's role.
ALTER FUNCTION audit_log_seal() SECURITY DEFINER SET search_path = public, pg_temp;
