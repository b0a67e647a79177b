-- Rank anchors for the queue lists (deposit and withdraw queue per status, withdrawal-out per
-- status), as migration 0004 does for the user lists: page 5,000 costs what page 1 does.
--
-- A list is one queue and status: 'deposit:pending', 'withdraw:done', 'withdrawout:8'. Its rows
-- are ordered by (created_at, id) ascending (the queues show that order; withdrawal-out shows
-- it reversed). An anchor is every N-th row of a list with its rank at build time (rank =
-- number of the list's rows whose key is <= the anchor's). Every later change of a row's list
-- or key is a ±1 row in queue_list_deltas, written by a trigger in the changing statement,
-- so exactly and at any time:
--   rank_now(anchor) = anchor.rank + sum(delta of the list's deltas with key <= anchor key)
-- A list's total is its queue_counts row (0007's counters, now kept by the same triggers).
-- A refresh (one statement, one snapshot) drops the anchors at or above the lowest delta,
-- extends the anchors from the last one kept and deletes exactly the deltas its snapshot saw.
-- Bulk loads with triggers off must call queue_list_anchors_rebuild() (the demo generator does).
-- Written idempotent: a database that already ran a newer migration gets this file by hand.

CREATE TABLE IF NOT EXISTS queue_list_anchors (
  list_key text NOT NULL,
  sort_key timestamptz NOT NULL,
  sort_id uuid NOT NULL,
  rank bigint NOT NULL
);
--> statement-breakpoint
-- Not unique on purpose: a refresh deletes and inserts anchors in the same statement.
CREATE INDEX IF NOT EXISTS queue_list_anchors_key_idx ON queue_list_anchors (list_key, sort_key, sort_id) INCLUDE (rank);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS queue_list_anchors_rank_idx ON queue_list_anchors (list_key, rank) INCLUDE (sort_key, sort_id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS queue_list_deltas (
  list_key text NOT NULL,
  sort_key timestamptz NOT NULL,
  sort_id uuid NOT NULL,
  delta smallint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS queue_list_deltas_key_idx ON queue_list_deltas (list_key, sort_key, sort_id) INCLUDE (delta);
--> statement-breakpoint
-- Both tables are tiny and every page reads them: a refresh or a batch leaves thousands of dead
-- rows that every read would step over (a plan for a tiny table scans it), so they are vacuumed
-- after a few hundred changes rather than after a fifth of their size.
ALTER TABLE queue_list_deltas SET (autovacuum_vacuum_threshold = 200, autovacuum_vacuum_scale_factor = 0, autovacuum_analyze_threshold = 200, autovacuum_analyze_scale_factor = 0);
--> statement-breakpoint
ALTER TABLE queue_counts SET (autovacuum_vacuum_threshold = 200, autovacuum_vacuum_scale_factor = 0, fillfactor = 50);
--> statement-breakpoint
-- The counters of 0007 and the deltas here are kept by statement-level triggers over the
-- statement's transition tables: Update Queue and Plans moves a thousand items in one UPDATE,
-- and one counter row updated a thousand times in one transaction costs O(n²) (every update
-- walks the row's earlier versions); grouped, it is one update per list and statement. UPDATE
-- triggers with transition tables cannot name columns, so they compare old and new rows by id.
CREATE OR REPLACE FUNCTION queue_items_lists_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH moves AS (
      SELECT n.queue, n.status, n.created_at, n.id, 1::smallint AS delta FROM new_rows n
    ), deltas AS (
      INSERT INTO queue_list_deltas (list_key, sort_key, sort_id, delta) SELECT queue || ':' || status, created_at, id, delta FROM moves
    )
    INSERT INTO queue_counts AS c (queue, status, n)
    SELECT queue, status, sum(delta) FROM moves GROUP BY queue, status HAVING sum(delta) <> 0 ORDER BY queue, status
    ON CONFLICT (queue, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH moves AS (
      SELECT o.queue, o.status, o.created_at, o.id, -1::smallint AS delta FROM old_rows o
    ), deltas AS (
      INSERT INTO queue_list_deltas (list_key, sort_key, sort_id, delta) SELECT queue || ':' || status, created_at, id, delta FROM moves
    )
    INSERT INTO queue_counts AS c (queue, status, n)
    SELECT queue, status, sum(delta) FROM moves GROUP BY queue, status HAVING sum(delta) <> 0 ORDER BY queue, status
    ON CONFLICT (queue, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    WITH moves AS (
      SELECT o.queue, o.status, o.created_at, o.id, -1::smallint AS delta FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
       WHERE n.id IS NULL OR (o.queue, o.status, o.created_at) IS DISTINCT FROM (n.queue, n.status, n.created_at)
      UNION ALL
      SELECT n.queue, n.status, n.created_at, n.id, 1::smallint AS delta FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
       WHERE o.id IS NULL OR (o.queue, o.status, o.created_at) IS DISTINCT FROM (n.queue, n.status, n.created_at)
    ), deltas AS (
      INSERT INTO queue_list_deltas (list_key, sort_key, sort_id, delta) SELECT queue || ':' || status, created_at, id, delta FROM moves
    )
    INSERT INTO queue_counts AS c (queue, status, n)
    SELECT queue, status, sum(delta) FROM moves GROUP BY queue, status HAVING sum(delta) <> 0 ORDER BY queue, status
    ON CONFLICT (queue, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION withdrawal_requests_lists_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH moves AS (
      SELECT n.status, n.created_at, n.id, 1::smallint AS delta FROM new_rows n
    ), deltas AS (
      INSERT INTO queue_list_deltas (list_key, sort_key, sort_id, delta) SELECT 'withdrawout:' || status, created_at, id, delta FROM moves
    )
    INSERT INTO queue_counts AS c (queue, status, n)
    SELECT 'withdrawout', status::text, sum(delta) FROM moves GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
    ON CONFLICT (queue, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH moves AS (
      SELECT o.status, o.created_at, o.id, -1::smallint AS delta FROM old_rows o
    ), deltas AS (
      INSERT INTO queue_list_deltas (list_key, sort_key, sort_id, delta) SELECT 'withdrawout:' || status, created_at, id, delta FROM moves
    )
    INSERT INTO queue_counts AS c (queue, status, n)
    SELECT 'withdrawout', status::text, sum(delta) FROM moves GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
    ON CONFLICT (queue, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    WITH moves AS (
      SELECT o.status, o.created_at, o.id, -1::smallint AS delta FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
       WHERE n.id IS NULL OR (o.status, o.created_at) IS DISTINCT FROM (n.status, n.created_at)
      UNION ALL
      SELECT n.status, n.created_at, n.id, 1::smallint AS delta FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
       WHERE o.id IS NULL OR (o.status, o.created_at) IS DISTINCT FROM (n.status, n.created_at)
    ), deltas AS (
      INSERT INTO queue_list_deltas (list_key, sort_key, sort_id, delta) SELECT 'withdrawout:' || status, created_at, id, delta FROM moves
    )
    INSERT INTO queue_counts AS c (queue, status, n)
    SELECT 'withdrawout', status::text, sum(delta) FROM moves GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
    ON CONFLICT (queue, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS queue_items_count ON queue_items;
--> statement-breakpoint
DROP TRIGGER IF EXISTS queue_items_list_deltas ON queue_items;
--> statement-breakpoint
DROP TRIGGER IF EXISTS withdrawal_requests_list_deltas ON withdrawal_requests;
--> statement-breakpoint
DROP TRIGGER IF EXISTS withdrawal_requests_count ON withdrawal_requests;
--> statement-breakpoint
DROP TRIGGER IF EXISTS queue_items_moved_insert ON queue_items;
--> statement-breakpoint
CREATE TRIGGER queue_items_moved_insert AFTER INSERT ON queue_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION queue_items_lists_moved();
--> statement-breakpoint
DROP TRIGGER IF EXISTS queue_items_moved_update ON queue_items;
--> statement-breakpoint
CREATE TRIGGER queue_items_moved_update AFTER UPDATE ON queue_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION queue_items_lists_moved();
--> statement-breakpoint
DROP TRIGGER IF EXISTS queue_items_moved_delete ON queue_items;
--> statement-breakpoint
CREATE TRIGGER queue_items_moved_delete AFTER DELETE ON queue_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION queue_items_lists_moved();
--> statement-breakpoint
DROP TRIGGER IF EXISTS withdrawal_requests_moved_insert ON withdrawal_requests;
--> statement-breakpoint
CREATE TRIGGER withdrawal_requests_moved_insert AFTER INSERT ON withdrawal_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_requests_lists_moved();
--> statement-breakpoint
DROP TRIGGER IF EXISTS withdrawal_requests_moved_update ON withdrawal_requests;
--> statement-breakpoint
CREATE TRIGGER withdrawal_requests_moved_update AFTER UPDATE ON withdrawal_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_requests_lists_moved();
--> statement-breakpoint
DROP TRIGGER IF EXISTS withdrawal_requests_moved_delete ON withdrawal_requests;
--> statement-breakpoint
CREATE TRIGGER withdrawal_requests_moved_delete AFTER DELETE ON withdrawal_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_requests_lists_moved();
--> statement-breakpoint
-- Truncating either table empties its lists' anchors and deltas.
CREATE OR REPLACE FUNCTION queue_list_anchors_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'withdrawal_requests' THEN
    DELETE FROM queue_list_anchors WHERE list_key LIKE 'withdrawout:%';
    DELETE FROM queue_list_deltas WHERE list_key LIKE 'withdrawout:%';
  ELSE
    DELETE FROM queue_list_anchors WHERE list_key NOT LIKE 'withdrawout:%';
    DELETE FROM queue_list_deltas WHERE list_key NOT LIKE 'withdrawout:%';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS queue_items_anchors_truncate ON queue_items;
--> statement-breakpoint
CREATE TRIGGER queue_items_anchors_truncate AFTER TRUNCATE ON queue_items FOR EACH STATEMENT EXECUTE FUNCTION queue_list_anchors_clear();
--> statement-breakpoint
DROP TRIGGER IF EXISTS withdrawal_requests_anchors_truncate ON withdrawal_requests;
--> statement-breakpoint
CREATE TRIGGER withdrawal_requests_anchors_truncate AFTER TRUNCATE ON withdrawal_requests FOR EACH STATEMENT EXECUTE FUNCTION queue_list_anchors_clear();
--> statement-breakpoint
-- One list's rows as (sort_key, sort_id) after a given key, in ascending order.
CREATE OR REPLACE FUNCTION queue_list_rows(p_key text, p_after_key timestamptz, p_after_id uuid)
  RETURNS TABLE (sort_key timestamptz, sort_id uuid) LANGUAGE plpgsql STABLE AS $$
DECLARE
  kind text := split_part(p_key, ':', 1);
  state text := split_part(p_key, ':', 2);
BEGIN
  IF kind = 'withdrawout' THEN
    RETURN QUERY SELECT r.created_at, r.id FROM withdrawal_requests r
      WHERE r.status = state::smallint AND (r.created_at, r.id) > (p_after_key, p_after_id) ORDER BY r.created_at, r.id;
  ELSIF kind IN ('deposit', 'withdraw') THEN
    RETURN QUERY SELECT q.created_at, q.id FROM queue_items q
      WHERE q.queue = kind AND q.status = state AND (q.created_at, q.id) > (p_after_key, p_after_id) ORDER BY q.created_at, q.id;
  ELSE
    RAISE EXCEPTION 'unknown queue list %', p_key USING ERRCODE = 'invalid_parameter_value';
  END IF;
END $$;
--> statement-breakpoint
-- Brings one list's anchors up to date. Returns the number of anchors added, or -1 when another
-- session is refreshing the same list right now.
CREATE OR REPLACE FUNCTION queue_list_anchors_refresh(p_key text, p_spacing integer DEFAULT 64) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('queue_list_anchors'), hashtext(p_key)) THEN RETURN -1; END IF;
  WITH low AS (
    SELECT d.sort_key, d.sort_id FROM queue_list_deltas d WHERE d.list_key = p_key ORDER BY d.sort_key, d.sort_id LIMIT 1
  ), dropped AS (
    DELETE FROM queue_list_anchors a USING low
     WHERE a.list_key = p_key AND (a.sort_key, a.sort_id) >= (low.sort_key, low.sort_id)
  ), kept AS (
    SELECT a.sort_key, a.sort_id, a.rank FROM queue_list_anchors a
     WHERE a.list_key = p_key AND NOT EXISTS (SELECT 1 FROM low WHERE (a.sort_key, a.sort_id) >= (low.sort_key, low.sort_id))
     ORDER BY a.sort_key DESC, a.sort_id DESC LIMIT 1
  ), start AS (
    SELECT coalesce(k.sort_key, '-infinity') AS sort_key, coalesce(k.sort_id, '00000000-0000-0000-0000-000000000000') AS sort_id,
           coalesce(k.rank, 0) AS rank
      FROM (SELECT 1) one LEFT JOIN kept k ON true
  ), added AS (
    INSERT INTO queue_list_anchors (list_key, sort_key, sort_id, rank)
    SELECT p_key, s.sort_key, s.sort_id, start.rank + s.n
      FROM start, LATERAL (
        SELECT r.sort_key, r.sort_id, row_number() OVER (ORDER BY r.sort_key, r.sort_id) AS n
          FROM queue_list_rows(p_key, start.sort_key, start.sort_id) r
      ) s
     WHERE s.n % p_spacing = 0
    RETURNING 1
  ), cleared AS (
    DELETE FROM queue_list_deltas WHERE list_key = p_key
  )
  SELECT count(*)::int INTO added FROM added;
  RETURN added;
END $$;
--> statement-breakpoint
-- Every queue list from scratch (after a bulk load, or to reset). The table lock waits for
-- running refreshes and keeps new ones waiting; the rebuild itself is one statement.
CREATE OR REPLACE FUNCTION queue_list_anchors_rebuild(p_spacing integer DEFAULT 64) RETURNS bigint LANGUAGE sql AS $$
  LOCK TABLE queue_list_anchors IN EXCLUSIVE MODE;
  WITH dropped AS (DELETE FROM queue_list_anchors), cleared AS (DELETE FROM queue_list_deltas), added AS (
    INSERT INTO queue_list_anchors (list_key, sort_key, sort_id, rank)
    SELECT list_key, created_at, id, n FROM (
      SELECT queue || ':' || status AS list_key, created_at, id, row_number() OVER (PARTITION BY queue, status ORDER BY created_at, id) AS n FROM queue_items
      UNION ALL
      SELECT 'withdrawout:' || status, created_at, id, row_number() OVER (PARTITION BY status ORDER BY created_at, id) FROM withdrawal_requests
    ) s
    WHERE n % p_spacing = 0
    RETURNING 1
  )
  SELECT count(*) FROM added
$$;
