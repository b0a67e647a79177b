-- Report figures per UTC day or ISO week, computed once from the raw rows and reused while their
-- rows are unchanged. A write marks its days or weeks dirty by appending to report_dirty (a plain
-- insert: concurrent writers never wait on one another); a reader recomputes a bucket that is
-- dirty or was never computed, deleting only the dirty marks it can see, so a mark left by a writer
-- that commits later survives and the bucket is recomputed again. Reads check every bucket of the
-- range in the same statement that sums them: a figure is either from rows that are current, or
-- recomputed first.
CREATE TABLE IF NOT EXISTS "report_dirty" (
	"kind" text NOT NULL,
	"bucket" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_dirty_idx" ON "report_dirty" USING btree ("kind", "bucket");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_buckets" (
	"kind" text NOT NULL,
	"bucket" date NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_buckets_pk" PRIMARY KEY ("kind", "bucket")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_day_fees" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"n" bigint NOT NULL,
	"fee" numeric NOT NULL,
	"fee_usd" numeric NOT NULL,
	CONSTRAINT "report_day_fees_pk" PRIMARY KEY ("day", "currency")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_day_gas" (
	"day" date PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL,
	"gas_used" numeric NOT NULL,
	"gas_cost_usd" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_week_signups" (
	"week" date PRIMARY KEY NOT NULL,
	"sign_ups" integer NOT NULL,
	"verified" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_week_activity" (
	"week" date PRIMARY KEY NOT NULL,
	"wallet" integer NOT NULL,
	"active" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_week_savings" (
	"week" date NOT NULL,
	"currency" text NOT NULL,
	"n" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "report_week_savings_pk" PRIMARY KEY ("week", "currency")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_week_features" (
	"week" date NOT NULL,
	"feature" text NOT NULL,
	"uses" integer NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "report_week_features_pk" PRIMARY KEY ("week", "feature")
);
--> statement-breakpoint
-- Marks the UTC days (TG_ARGV[0] = 'day') or ISO weeks ('week') of the written rows dirty for the
-- report kinds named in the other arguments. Statement level, from the transition tables: one
-- insert per statement however many rows it wrote.
CREATE OR REPLACE FUNCTION report_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kinds text[] := TG_ARGV[1:TG_NARGS - 1];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_dirty (kind, bucket)
      SELECT k, b FROM (SELECT DISTINCT CASE WHEN TG_ARGV[0] = 'week' THEN date_trunc('week', created_at AT TIME ZONE 'UTC')::date
                                             ELSE (created_at AT TIME ZONE 'UTC')::date END AS b FROM new_rows) x
      CROSS JOIN unnest(kinds) k;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO report_dirty (kind, bucket)
      SELECT k, b FROM (SELECT DISTINCT CASE WHEN TG_ARGV[0] = 'week' THEN date_trunc('week', created_at AT TIME ZONE 'UTC')::date
                                             ELSE (created_at AT TIME ZONE 'UTC')::date END AS b FROM old_rows) x
      CROSS JOIN unnest(kinds) k;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A user's sign-up week changes when the user is verified (or the status changes back).
CREATE OR REPLACE FUNCTION report_mark_user_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty (kind, bucket) VALUES ('signups', date_trunc('week', OLD.created_at AT TIME ZONE 'UTC')::date);
  IF NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    INSERT INTO report_dirty (kind, bucket) VALUES ('signups', date_trunc('week', NEW.created_at AT TIME ZONE 'UTC')::date);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_forget_kinds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_buckets WHERE kind = ANY (TG_ARGV);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The same four triggers on every source table: the rows' days or weeks marked dirty for the
-- kinds that read the table, and TRUNCATE forgetting those kinds. Users are below: only a change
-- of sign-up time or KYC level two status moves their figures.
DO $$
DECLARE
  t record;
  kinds text;
BEGIN
  FOR t IN SELECT * FROM (VALUES
      ('fee_records', 'day', ARRAY['fees']),
      ('gas_records', 'day', ARRAY['gas']),
      ('wallet_transactions', 'week', ARRAY['activity', 'features']),
      ('savings_transactions', 'week', ARRAY['activity', 'features']),
      ('referrals', 'week', ARRAY['features'])) AS v (tbl, step, kinds)
  LOOP
    kinds := (SELECT string_agg(quote_literal(k), ', ') FROM unnest(t.kinds) k);
    EXECUTE format('DROP TRIGGER IF EXISTS report_dirty_insert ON %I', t.tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS report_dirty_update ON %I', t.tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS report_dirty_delete ON %I', t.tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS report_dirty_truncate ON %I', t.tbl);
    EXECUTE format('CREATE TRIGGER report_dirty_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_dirty(%L, %s)', t.tbl, t.step, kinds);
    EXECUTE format('CREATE TRIGGER report_dirty_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_dirty(%L, %s)', t.tbl, t.step, kinds);
    EXECUTE format('CREATE TRIGGER report_dirty_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_dirty(%L, %s)', t.tbl, t.step, kinds);
    EXECUTE format('CREATE TRIGGER report_dirty_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION report_forget_kinds(%s)', t.tbl, kinds);
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS report_dirty_insert ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS report_dirty_update ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS report_dirty_delete ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS report_dirty_truncate ON users;
--> statement-breakpoint
CREATE TRIGGER report_dirty_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_dirty('week', 'signups');
--> statement-breakpoint
CREATE TRIGGER report_dirty_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.kyc_level_two_status IS DISTINCT FROM NEW.kyc_level_two_status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION report_mark_user_dirty();
--> statement-breakpoint
CREATE TRIGGER report_dirty_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_dirty('week', 'signups');
--> statement-breakpoint
CREATE TRIGGER report_dirty_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION report_forget_kinds('signups');
--> statement-breakpoint
-- Housekeeping: marks of buckets never computed mean nothing (such a bucket is computed on first
-- use anyway), and one mark per bucket is enough. Under each kind's lock, so no recompute is
-- running; marks of transactions still open are not visible here and survive.
CREATE OR REPLACE FUNCTION report_dirty_compact() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  k text;
  n bigint;
  removed bigint := 0;
BEGIN
  FOR k IN SELECT DISTINCT kind FROM report_dirty ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtext('report_buckets:' || k));
    DELETE FROM report_dirty d WHERE d.kind = k AND NOT EXISTS (SELECT 1 FROM report_buckets b WHERE b.kind = k AND b.bucket = d.bucket);
    GET DIAGNOSTICS n = ROW_COUNT;
    removed := removed + n;
    DELETE FROM report_dirty a USING report_dirty b WHERE a.kind = k AND b.kind = k AND a.bucket = b.bucket AND a.ctid < b.ctid;
    GET DIAGNOSTICS n = ROW_COUNT;
    removed := removed + n;
  END LOOP;
  RETURN removed;
END;
$$;
