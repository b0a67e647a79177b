-- Grouped reports over an arbitrary date range (Total Savings per user, Referral payouts) ranked
-- once per range and kept, so every page of that range, at any depth, is an index read.
-- A result is computed in one statement, which records the snapshot it read
-- (pg_current_snapshot()). Every write to a source table appends a change mark for each UTC day
-- of the rows it wrote, with its own transaction id, from a statement trigger (a plain insert:
-- concurrent writers never wait on one another). A result is used only while no mark of its
-- report within its days belongs to a transaction its snapshot does not see
-- (pg_visible_in_snapshot): a write committed after the computation, or running during it, makes
-- the next read compute the range again. So a result is never read stale.
CREATE TABLE IF NOT EXISTS report_range_results (
  id bigserial PRIMARY KEY,
  report text NOT NULL,
  params text NOT NULL,
  first_day date NOT NULL,
  last_day date NOT NULL,
  snap pg_snapshot NOT NULL,
  groups integer NOT NULL,
  total numeric NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT report_range_results_key UNIQUE (report, params)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS report_range_rows (
  result_id bigint NOT NULL REFERENCES report_range_results (id) ON DELETE CASCADE,
  rank integer NOT NULL,
  user_id uuid NOT NULL,
  currency text NOT NULL,
  n integer NOT NULL,
  total numeric NOT NULL,
  last_at timestamptz,
  PRIMARY KEY (result_id, rank)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS report_range_changes (
  report text NOT NULL,
  day date NOT NULL,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS report_range_changes_day_idx ON report_range_changes (report, day) INCLUDE (xid);
--> statement-breakpoint
-- TG_ARGV[0]: the report the table feeds.
CREATE OR REPLACE FUNCTION report_range_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_range_changes (report, day) SELECT DISTINCT TG_ARGV[0], (created_at AT TIME ZONE 'UTC')::date FROM new_rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO report_range_changes (report, day) SELECT DISTINCT TG_ARGV[0], (created_at AT TIME ZONE 'UTC')::date FROM old_rows;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_range_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_range_results WHERE report = TG_ARGV[0];
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('savings_transactions', 'savings-group'), ('referrals', 'referral-payouts')) AS v (tbl, report) LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS report_range_insert ON %I', t.tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS report_range_update ON %I', t.tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS report_range_delete ON %I', t.tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS report_range_truncate ON %I', t.tbl);
    EXECUTE format('CREATE TRIGGER report_range_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_range_mark(%L)', t.tbl, t.report);
    EXECUTE format('CREATE TRIGGER report_range_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_range_mark(%L)', t.tbl, t.report);
    EXECUTE format('CREATE TRIGGER report_range_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_range_mark(%L)', t.tbl, t.report);
    EXECUTE format('CREATE TRIGGER report_range_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION report_range_forget(%L)', t.tbl, t.report);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Housekeeping: drops results computed more than p_keep ago, then the marks no result needs any
-- more: those this statement sees (their transactions committed) that every kept result covering
-- their day already sees too. It holds the exclusive 'report_range' lock, which every computation
-- holds shared: no ranking read from an older snapshot is being inserted meanwhile, and a ranking
-- started after it reads a snapshot that sees every mark removed. Returns the marks removed.
CREATE OR REPLACE FUNCTION report_range_compact(p_keep interval DEFAULT interval '1 day') RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE removed bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('report_range'));
  DELETE FROM report_range_results WHERE computed_at < now() - p_keep;
  DELETE FROM report_range_changes c
   WHERE NOT EXISTS (SELECT 1 FROM report_range_results r
                      WHERE r.report = c.report AND c.day BETWEEN r.first_day AND r.last_day AND NOT pg_visible_in_snapshot(c.xid, r.snap));
  GET DIAGNOSTICS removed = ROW_COUNT;
  RETURN removed;
END;
$$;
