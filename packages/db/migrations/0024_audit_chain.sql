-- The audit trail as a hash chain. Every row carries its place in the chain (chain_seq), the hash
-- of the row before it (prev_hash) and a SHA-256 over its own content and prev_hash (hash). The
-- link is written at commit by a deferred constraint trigger, in the row's own transaction:
-- a change to a row, a row removed from the middle or a row slipped in without the triggers
-- breaks the chain, and `npm run audit:verify` names the first row that does not match.
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" bytea;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" bytea;--> statement-breakpoint
-- Partial: a row enters the index once, when it is sealed (its unsealed first version never
-- does), and the chain's head is the last entry. Unique: two transactions that both read a stale
-- head (a REPEATABLE READ writer) cannot fork the chain; the second fails instead.
CREATE UNIQUE INDEX "audit_log_chain_seq_idx" ON "audit_log" USING btree ("chain_seq") WHERE "chain_seq" IS NOT NULL;--> statement-breakpoint

-- One field of the canonical form: N for NULL, otherwise S<bytes>:<text>. The length prefix
-- makes the concatenation unambiguous whatever the text holds.
CREATE OR REPLACE FUNCTION audit_log_field(v text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN v IS NULL THEN 'N' ELSE 'S' || octet_length(v)::text || ':' || v END
$$;--> statement-breakpoint

-- The text a row's hash is taken over. Every part renders the same in every session: the time
-- as epoch microseconds (not the session's TimeZone or DateStyle), jsonb in its canonical text,
-- doubles as their 8 bytes (not extra_float_digits), the previous hash in hex. The verifier
-- (apps/api/src/modules/audit/audit-chain.ts) rebuilds the same text from the same built-in
-- casts and hashes it in Node, so it does not trust this function.
CREATE OR REPLACE FUNCTION audit_log_canonical(a audit_log) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'vaultdesk-audit-v1'
    || audit_log_field(a.chain_seq::text)
    || audit_log_field(a.id::text)
    || audit_log_field((extract(epoch FROM a.at) * 1000000)::bigint::text)
    || audit_log_field(a.actor_id::text)
    || audit_log_field(a.actor_email::text)
    || audit_log_field(a.action)
    || audit_log_field(a.target_type)
    || audit_log_field(a.target_id)
    || audit_log_field(a.before::text)
    || audit_log_field(a.after::text)
    || audit_log_field(a.ip::text)
    || audit_log_field(encode(float8send(a.longitude), 'hex'))
    || audit_log_field(encode(float8send(a.latitude), 'hex'))
    || audit_log_field(a.user_agent)
    || audit_log_field(encode(a.prev_hash, 'hex'))
$$;--> statement-breakpoint

-- The previous hash of the chain's first row.
CREATE OR REPLACE FUNCTION audit_log_genesis() RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT decode(repeat('00', 32), 'hex')
$$;--> statement-breakpoint

-- Seal every row written before this migration once, in id order. The table is locked against
-- writers until the migration commits (DISABLE TRIGGER takes a SHARE ROW EXCLUSIVE lock), so no
-- row can be written between the fill and the sealing trigger below.
LOCK TABLE audit_log IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update;--> statement-breakpoint
DO $$
DECLARE
  r audit_log;
  prev bytea := audit_log_genesis();
  n bigint := 0;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    n := n + 1;
    r.chain_seq := n;
    r.prev_hash := prev;
    r.hash := digest(audit_log_canonical(r), 'sha256');
    UPDATE audit_log SET chain_seq = r.chain_seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    prev := r.hash;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update;--> statement-breakpoint

-- Rows arrive unsealed: only the sealing trigger writes the chain fields.
CREATE OR REPLACE FUNCTION audit_log_arrive_unsealed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.chain_seq IS NOT NULL OR NEW.prev_hash IS NOT NULL OR NEW.hash IS NOT NULL THEN
    RAISE EXCEPTION 'audit_log chain fields are written by the database at commit' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_arrive_unsealed BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_arrive_unsealed();--> statement-breakpoint

-- At commit, for each row this transaction inserted, in insertion order: take the chain's lock,
-- read the head and link the row to it. The lock is taken only at commit, after every row lock
-- the transaction needs is already held, so waiting for it cannot close a cycle with another
-- transaction's row locks (a lock taken at the INSERT, mid-transaction, could). In READ COMMITTED
-- each statement below sees the head as the previous holder committed it (the lock is released
-- only after that commit is visible). The chain order is the order of commits, not of ids.
CREATE OR REPLACE FUNCTION audit_log_seal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head_seq bigint;
  head_hash bytea;
  r audit_log := NEW;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('audit_log_chain'));
  SELECT chain_seq, hash INTO head_seq, head_hash
    FROM audit_log WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1;
  r.chain_seq := coalesce(head_seq, 0) + 1;
  r.prev_hash := coalesce(head_hash, audit_log_genesis());
  r.hash := digest(audit_log_canonical(r), 'sha256');
  UPDATE audit_log SET chain_seq = r.chain_seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_log_seal AFTER INSERT ON audit_log
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION audit_log_seal();--> statement-breakpoint

-- Still append-only. The one UPDATE let through is the seal's own: from inside a trigger, on a
-- row not yet sealed, its content untouched, filling all three chain fields. The values are not
-- checked again here (that would repeat the seal's head lookup and hash for every row): a wrong
-- link written this way is what verify reports, like any other.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
    IF OLD.chain_seq IS NULL AND OLD.prev_hash IS NULL AND OLD.hash IS NULL
       AND NEW.chain_seq IS NOT NULL AND NEW.prev_hash IS NOT NULL AND NEW.hash IS NOT NULL
       AND (NEW.id, NEW.at, NEW.actor_id, NEW.actor_email, NEW.action, NEW.target_type, NEW.target_id,
            NEW.before, NEW.after, NEW.ip, NEW.longitude, NEW.latitude, NEW.user_agent)
           IS NOT DISTINCT FROM
           (OLD.id, OLD.at, OLD.actor_id, OLD.actor_email, OLD.action, OLD.target_type, OLD.target_id,
            OLD.before, OLD.after, OLD.ip, OLD.longitude, OLD.latitude, OLD.user_agent)
    THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
