-- The grouped totals' record count over the whole range (transactions/group, DocumentCount): the
-- number of (customer, currency) groups with savings per transaction state (-1: every state),
-- without counting a million rows of savings_group_totals on every call. Kept as deltas that the
-- totals' own writes append when a group starts or stops holding rows (n > 0), in the same
-- transaction, so exact; no shared counter row, so concurrent savings writes never wait for one
-- another. Read as a sum; housekeeping folds them into one row per state.
CREATE TABLE "savings_group_count_deltas" (
	"transaction_state" smallint NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "savings_group_count_deltas_state_idx" ON "savings_group_count_deltas" USING btree ("transaction_state") INCLUDE ("delta");
--> statement-breakpoint
CREATE FUNCTION savings_group_count_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.n > 0 THEN
    INSERT INTO savings_group_count_deltas (transaction_state, delta) VALUES (OLD.transaction_state, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.n > 0 THEN
    INSERT INTO savings_group_count_deltas (transaction_state, delta) VALUES (NEW.transaction_state, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only the writes that change whether a group counts fire it; a rebuild (below) sets
-- vaultdesk.group_counts_rebuild for its own transaction and writes the counts itself.
CREATE TRIGGER savings_group_count_insert AFTER INSERT ON savings_group_totals FOR EACH ROW
  WHEN (NEW.n > 0 AND current_setting('vaultdesk.group_counts_rebuild', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION savings_group_count_record();
--> statement-breakpoint
CREATE TRIGGER savings_group_count_delete AFTER DELETE ON savings_group_totals FOR EACH ROW
  WHEN (OLD.n > 0 AND current_setting('vaultdesk.group_counts_rebuild', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION savings_group_count_record();
--> statement-breakpoint
CREATE TRIGGER savings_group_count_update AFTER UPDATE ON savings_group_totals FOR EACH ROW
  WHEN ((OLD.n > 0) IS DISTINCT FROM (NEW.n > 0) OR OLD.transaction_state IS DISTINCT FROM NEW.transaction_state)
  EXECUTE FUNCTION savings_group_count_record();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION savings_group_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('vaultdesk.group_counts_rebuild', 'on', true);
  DELETE FROM savings_group_totals;
  DELETE FROM savings_group_count_deltas;
  PERFORM set_config('vaultdesk.group_counts_rebuild', 'off', true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION savings_group_totals_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE written bigint;
BEGIN
  PERFORM set_config('vaultdesk.group_counts_rebuild', 'on', true);
  DELETE FROM savings_group_totals;
  INSERT INTO savings_group_totals (transaction_state, user_id, currency, n, total)
    SELECT transaction_state, user_id, currency, count(*), sum(amount) FROM savings_transactions GROUP BY 1, 2, 3
    UNION ALL
    SELECT -1, user_id, currency, count(*), sum(amount) FROM savings_transactions GROUP BY 2, 3;
  GET DIAGNOSTICS written = ROW_COUNT;
  DELETE FROM savings_group_count_deltas;
  INSERT INTO savings_group_count_deltas (transaction_state, delta)
    SELECT transaction_state, count(*) FROM savings_group_totals WHERE n > 0 GROUP BY 1;
  PERFORM set_config('vaultdesk.group_counts_rebuild', 'off', true);
  RETURN written;
END;
$$;
--> statement-breakpoint
-- Folds each state's deltas into one row (housekeeping). Rows a transaction still running adds
-- are not visible here, so they are neither deleted nor summed: they stay as they are.
CREATE FUNCTION savings_group_counts_compact() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE folded bigint;
BEGIN
  WITH d AS (DELETE FROM savings_group_count_deltas RETURNING transaction_state, delta),
       s AS (SELECT transaction_state, sum(delta) AS n, count(*) AS rows FROM d GROUP BY 1),
       i AS (INSERT INTO savings_group_count_deltas (transaction_state, delta) SELECT transaction_state, n FROM s WHERE n <> 0)
  SELECT coalesce(sum(rows), 0) INTO folded FROM s;
  RETURN folded;
END;
$$;
--> statement-breakpoint
-- The counts of the rows already there.
INSERT INTO savings_group_count_deltas (transaction_state, delta)
  SELECT transaction_state, count(*) FROM savings_group_totals WHERE n > 0 GROUP BY 1;
