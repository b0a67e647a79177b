-- One anchor refresh for every anchored list (issue 22): the balance lists (migration 0004) and
-- the queue lists (migration 0013) wrote the algorithm of anchored_list_refresh (0016) out again.
-- The generic function now takes the list's id column (wallet_balances is keyed by wallet_id),
-- and the two families' refreshes call it: same arguments, advisory locks, anchors and results.
DROP FUNCTION anchored_list_refresh(text, text, text, text, text, text, integer);
--> statement-breakpoint
CREATE FUNCTION anchored_list_refresh(p_anchors text, p_deltas text, p_table text, p_sort text, p_filter text,
                                      p_key text, p_spacing integer, p_id text DEFAULT 'id') RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext(p_anchors), hashtext(p_key)) THEN RETURN -1; END IF;
  EXECUTE format($q$
    WITH low AS (
      SELECT sort_key, sort_id FROM %1$I WHERE list_key = $1 ORDER BY sort_key, sort_id LIMIT 1
    ), dropped AS (
      DELETE FROM %2$I a USING low
       WHERE a.list_key = $1 AND (a.sort_key, a.sort_id) >= (low.sort_key, low.sort_id)
    ), kept AS (
      SELECT a.sort_key, a.sort_id, a.rank FROM %2$I a
       WHERE a.list_key = $1 AND NOT EXISTS (SELECT 1 FROM low WHERE (a.sort_key, a.sort_id) >= (low.sort_key, low.sort_id))
       ORDER BY a.sort_key DESC, a.sort_id DESC LIMIT 1
    ), start AS (
      SELECT coalesce(k.sort_key, '-infinity') AS sort_key, coalesce(k.sort_id, '00000000-0000-0000-0000-000000000000') AS sort_id,
             coalesce(k.rank, 0) AS rank
        FROM (SELECT 1) one LEFT JOIN kept k ON true
    ), added AS (
      INSERT INTO %2$I (list_key, sort_key, sort_id, rank)
      SELECT $1, s.sort_key, s.id, start.rank + s.n
        FROM start, LATERAL (
          SELECT %4$I AS sort_key, %6$I AS id, row_number() OVER (ORDER BY %4$I, %6$I) AS n FROM %3$I
           WHERE (%5$s) AND (%4$I, %6$I) > (start.sort_key, start.sort_id)
        ) s
       WHERE s.n %% $2 = 0
      RETURNING 1
    ), cleared AS (
      DELETE FROM %1$I WHERE list_key = $1
    )
    SELECT count(*)::int FROM added
  $q$, p_deltas, p_anchors, p_table, p_sort, p_filter, p_id) INTO added USING p_key, p_spacing;
  RETURN added;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION balance_anchors_refresh(p_currency text, p_spacing integer DEFAULT 256) RETURNS integer LANGUAGE sql AS $$
  SELECT anchored_list_refresh('balance_anchors', 'balance_deltas', 'wallet_balances', 'balance', format('currency = %L', p_currency), p_currency, p_spacing, 'wallet_id')
$$;
--> statement-breakpoint
-- The rows of one queue list (as queue_list_rows reads them), as a filter on its table.
CREATE OR REPLACE FUNCTION queue_list_table(p_key text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  CASE split_part(p_key, ':', 1)
    WHEN 'withdrawout' THEN RETURN 'withdrawal_requests';
    WHEN 'deposit', 'withdraw' THEN RETURN 'queue_items';
    ELSE RAISE EXCEPTION 'unknown queue list %', p_key USING ERRCODE = 'invalid_parameter_value';
  END CASE;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION queue_list_filter(p_key text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  kind text := split_part(p_key, ':', 1);
  state text := split_part(p_key, ':', 2);
BEGIN
  IF kind = 'withdrawout' THEN RETURN format('status = %L::smallint', state); END IF;
  IF kind IN ('deposit', 'withdraw') THEN RETURN format('queue = %L AND status = %L', kind, state); END IF;
  RAISE EXCEPTION 'unknown queue list %', p_key USING ERRCODE = 'invalid_parameter_value';
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION queue_list_anchors_refresh(p_key text, p_spacing integer DEFAULT 64) RETURNS integer LANGUAGE sql AS $$
  SELECT anchored_list_refresh('queue_list_anchors', 'queue_list_deltas', queue_list_table(p_key), 'created_at', queue_list_filter(p_key), p_key, p_spacing)
$$;
