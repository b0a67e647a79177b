-- The KYC list by level and status at any depth for the cost of page 1, and the compliance lists'
-- totals without counting. Idempotent: on a shared database another area's newer migration may
-- have landed first, and this file is then applied by hand.
--
-- Rank anchors, as for the user lists (migration 0004, same rules): every N-th record of a list
-- in ascending (updated_at, id) order with its rank at build time; every later change of a
-- list's membership or key is a +1/-1 row in kyc_list_deltas written by a trigger in the changing
-- transaction; a rank is an anchor corrected by the deltas plus a count bounded by N.
-- Lists: '<level>:<status>' (2:submitted ... 3:rejected) and '<level>:all' (every record with a
-- status at that level).
CREATE TABLE IF NOT EXISTS kyc_list_anchors (
  list_key text NOT NULL,
  sort_key timestamptz NOT NULL,
  sort_id uuid NOT NULL,
  rank bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS kyc_list_anchors_key_idx ON kyc_list_anchors (list_key, sort_key, sort_id) INCLUDE (rank);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS kyc_list_anchors_rank_idx ON kyc_list_anchors (list_key, rank) INCLUDE (sort_key, sort_id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS kyc_list_deltas (
  list_key text NOT NULL,
  sort_key timestamptz NOT NULL,
  sort_id uuid NOT NULL,
  delta smallint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS kyc_list_deltas_key_idx ON kyc_list_deltas (list_key, sort_key, sort_id) INCLUDE (delta);
--> statement-breakpoint
-- The lists walk (status, updated_at, id) in both directions with row comparisons, so the key
-- columns run the same way; these replace the (status, updated_at DESC, id) indexes of 0006.
CREATE INDEX IF NOT EXISTS kyc_records_l2_list_idx ON kyc_records (level_two_status, updated_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS kyc_records_l3_list_idx ON kyc_records (level_three_status, updated_at, id) WHERE level_three_status IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS kyc_records_l2_all_idx ON kyc_records (updated_at, id) WHERE level_two_status IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS kyc_records_l3_all_idx ON kyc_records (updated_at, id) WHERE level_three_status IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS kyc_records_l2_status_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS kyc_records_l3_status_idx;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kyc_list_keys(l2 text, l3 text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN l2 IS NULL THEN ARRAY[]::text[] ELSE ARRAY['2:' || l2, '2:all'] END
      || CASE WHEN l3 IS NULL THEN ARRAY[]::text[] ELSE ARRAY['3:' || l3, '3:all'] END
$$;
--> statement-breakpoint
-- The WHERE clause selecting a list's records, for the refresh's dynamic statement.
CREATE OR REPLACE FUNCTION kyc_list_filter(p_key text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  lvl text := split_part(p_key, ':', 1);
  st text := split_part(p_key, ':', 2);
  col text;
BEGIN
  IF lvl = '2' THEN col := 'level_two_status';
  ELSIF lvl = '3' THEN col := 'level_three_status';
  ELSE RAISE EXCEPTION 'unknown KYC list %', p_key USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF st = 'all' THEN RETURN format('%I IS NOT NULL', col); END IF;
  IF st NOT IN ('submitted', 'approved', 'rejected', 'escalated') THEN
    RAISE EXCEPTION 'unknown KYC list %', p_key USING ERRCODE = 'invalid_parameter_value';
  END IF;
  RETURN format('%I = %L', col, st);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kyc_list_deltas_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_keys text[];
  new_keys text[];
BEGIN
  IF TG_OP <> 'INSERT' THEN old_keys := kyc_list_keys(OLD.level_two_status, OLD.level_three_status); END IF;
  IF TG_OP <> 'DELETE' THEN new_keys := kyc_list_keys(NEW.level_two_status, NEW.level_three_status); END IF;
  IF TG_OP = 'UPDATE' AND OLD.updated_at = NEW.updated_at AND OLD.id = NEW.id THEN
    -- Same key: only the lists whose membership changed move.
    INSERT INTO kyc_list_deltas (list_key, sort_key, sort_id, delta)
      SELECT k, OLD.updated_at, OLD.id, -1 FROM unnest(old_keys) AS k WHERE NOT k = ANY (new_keys)
      UNION ALL
      SELECT k, NEW.updated_at, NEW.id, 1 FROM unnest(new_keys) AS k WHERE NOT k = ANY (old_keys);
    RETURN NULL;
  END IF;
  IF old_keys IS NOT NULL THEN
    INSERT INTO kyc_list_deltas (list_key, sort_key, sort_id, delta) SELECT k, OLD.updated_at, OLD.id, -1 FROM unnest(old_keys) AS k;
  END IF;
  IF new_keys IS NOT NULL THEN
    INSERT INTO kyc_list_deltas (list_key, sort_key, sort_id, delta) SELECT k, NEW.updated_at, NEW.id, 1 FROM unnest(new_keys) AS k;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS kyc_records_list_deltas ON kyc_records;
--> statement-breakpoint
CREATE TRIGGER kyc_records_list_deltas AFTER INSERT OR DELETE OR UPDATE OF id, updated_at, level_two_status, level_three_status ON kyc_records
  FOR EACH ROW EXECUTE FUNCTION kyc_list_deltas_record();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kyc_list_anchors_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM kyc_list_anchors;
  DELETE FROM kyc_list_deltas;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS kyc_records_list_anchors_truncate ON kyc_records;
--> statement-breakpoint
CREATE TRIGGER kyc_records_list_anchors_truncate AFTER TRUNCATE ON kyc_records FOR EACH STATEMENT EXECUTE FUNCTION kyc_list_anchors_clear();
--> statement-breakpoint
-- Brings one KYC list's anchors up to date (user_list_anchors_refresh's algorithm). Returns the
-- number of anchors added, or -1 when another session is refreshing the same list right now.
CREATE OR REPLACE FUNCTION kyc_list_anchors_refresh(p_key text, p_spacing integer DEFAULT 256) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('kyc_list_anchors'), hashtext(p_key)) THEN RETURN -1; END IF;
  EXECUTE format($q$
    WITH low AS (
      SELECT sort_key, sort_id FROM kyc_list_deltas WHERE list_key = $1 ORDER BY sort_key, sort_id LIMIT 1
    ), dropped AS (
      DELETE FROM kyc_list_anchors a USING low
       WHERE a.list_key = $1 AND (a.sort_key, a.sort_id) >= (low.sort_key, low.sort_id)
    ), kept AS (
      SELECT a.sort_key, a.sort_id, a.rank FROM kyc_list_anchors a
       WHERE a.list_key = $1 AND NOT EXISTS (SELECT 1 FROM low WHERE (a.sort_key, a.sort_id) >= (low.sort_key, low.sort_id))
       ORDER BY a.sort_key DESC, a.sort_id DESC LIMIT 1
    ), start AS (
      SELECT coalesce(k.sort_key, '-infinity') AS sort_key, coalesce(k.sort_id, '00000000-0000-0000-0000-000000000000') AS sort_id,
             coalesce(k.rank, 0) AS rank
        FROM (SELECT 1) one LEFT JOIN kept k ON true
    ), added AS (
      INSERT INTO kyc_list_anchors (list_key, sort_key, sort_id, rank)
      SELECT $1, s.updated_at, s.id, start.rank + s.n
        FROM start, LATERAL (
          SELECT updated_at, id, row_number() OVER (ORDER BY updated_at, id) AS n FROM kyc_records
           WHERE %s AND (updated_at, id) > (start.sort_key, start.sort_id)
        ) s
       WHERE s.n %% $2 = 0
      RETURNING 1
    ), cleared AS (
      DELETE FROM kyc_list_deltas WHERE list_key = $1
    )
    SELECT count(*)::int FROM added
  $q$, kyc_list_filter(p_key)) INTO added USING p_key, p_spacing;
  RETURN added;
END;
$$;
--> statement-breakpoint
-- Every KYC list from scratch (after a bulk load with the triggers off, or to reset); one
-- statement, so one snapshot.
CREATE OR REPLACE FUNCTION kyc_list_anchors_rebuild(p_spacing integer DEFAULT 256) RETURNS bigint LANGUAGE sql AS $$
  LOCK TABLE kyc_list_anchors IN EXCLUSIVE MODE;
  WITH dropped AS (DELETE FROM kyc_list_anchors), cleared AS (DELETE FROM kyc_list_deltas), added AS (
    INSERT INTO kyc_list_anchors (list_key, sort_key, sort_id, rank)
    SELECT list_key, updated_at, id, n FROM (
      SELECT '2:' || level_two_status AS list_key, updated_at, id,
             row_number() OVER (PARTITION BY level_two_status ORDER BY updated_at, id) AS n
        FROM kyc_records WHERE level_two_status IS NOT NULL
      UNION ALL
      SELECT '2:all', updated_at, id, row_number() OVER (ORDER BY updated_at, id) FROM kyc_records WHERE level_two_status IS NOT NULL
      UNION ALL
      SELECT '3:' || level_three_status, updated_at, id, row_number() OVER (PARTITION BY level_three_status ORDER BY updated_at, id)
        FROM kyc_records WHERE level_three_status IS NOT NULL
      UNION ALL
      SELECT '3:all', updated_at, id, row_number() OVER (ORDER BY updated_at, id) FROM kyc_records WHERE level_three_status IS NOT NULL
    ) s
    WHERE n % p_spacing = 0
    RETURNING 1
  )
  SELECT count(*) FROM added
$$;
--> statement-breakpoint
SELECT kyc_list_anchors_rebuild();
--> statement-breakpoint
ANALYZE kyc_list_anchors;
--> statement-breakpoint
-- The fraud list's and the double-funding lists' totals, kept by triggers in the changing
-- transaction, so a page never counts the table. Keys: 'watchlist', 'double_fundings:<status>'.
CREATE TABLE IF NOT EXISTS compliance_list_counts (
  list_key text PRIMARY KEY,
  n bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION compliance_list_count_add(p_key text, p_n bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO compliance_list_counts AS c (list_key, n) VALUES (p_key, p_n)
    ON CONFLICT (list_key) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION watchlist_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM compliance_list_count_add('watchlist', 1); END IF;
  IF TG_OP = 'DELETE' THEN PERFORM compliance_list_count_add('watchlist', -1); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS watchlist_count ON watchlist;
--> statement-breakpoint
CREATE TRIGGER watchlist_count AFTER INSERT OR DELETE ON watchlist FOR EACH ROW EXECUTE FUNCTION watchlist_count_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION double_fundings_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM compliance_list_count_add('double_fundings:' || OLD.status, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM compliance_list_count_add('double_fundings:' || NEW.status, 1); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS double_fundings_count ON double_fundings;
--> statement-breakpoint
CREATE TRIGGER double_fundings_count AFTER INSERT OR DELETE OR UPDATE OF status ON double_fundings FOR EACH ROW EXECUTE FUNCTION double_fundings_count_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION compliance_list_counts_reset(p_table text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_table = 'watchlist' THEN
    DELETE FROM compliance_list_counts WHERE list_key = 'watchlist';
    INSERT INTO compliance_list_counts (list_key, n) SELECT 'watchlist', count(*) FROM watchlist;
  ELSIF p_table = 'double_fundings' THEN
    DELETE FROM compliance_list_counts WHERE list_key LIKE 'double\_fundings:%';
    INSERT INTO compliance_list_counts (list_key, n) SELECT 'double_fundings:' || status, count(*) FROM double_fundings GROUP BY status;
  ELSE
    RAISE EXCEPTION 'unknown compliance list %', p_table USING ERRCODE = 'invalid_parameter_value';
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION compliance_list_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM compliance_list_counts_reset(TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS watchlist_count_truncate ON watchlist;
--> statement-breakpoint
CREATE TRIGGER watchlist_count_truncate AFTER TRUNCATE ON watchlist FOR EACH STATEMENT EXECUTE FUNCTION compliance_list_counts_truncated();
--> statement-breakpoint
DROP TRIGGER IF EXISTS double_fundings_count_truncate ON double_fundings;
--> statement-breakpoint
CREATE TRIGGER double_fundings_count_truncate AFTER TRUNCATE ON double_fundings FOR EACH STATEMENT EXECUTE FUNCTION compliance_list_counts_truncated();
--> statement-breakpoint
SELECT compliance_list_counts_reset('watchlist');
--> statement-breakpoint
SELECT compliance_list_counts_reset('double_fundings');
