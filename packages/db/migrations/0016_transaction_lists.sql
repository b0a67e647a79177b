-- The Transactions report's lists (Savings Txs, Wallet Txs, each with or without a transaction
-- state) at any depth for the cost of page 1, with exact totals instead of a count capped at
-- 10,000: rank anchors as for the user and KYC lists (migrations 0004 and 0012, same rules).
-- Every N-th row of a list in ascending (created_at, id) order with its rank at build time;
-- every later change of a list's membership or key is a +1/-1 row in tx_list_deltas written by
-- a trigger in the changing transaction; a rank is an anchor corrected by the deltas plus a count
-- bounded by N. Lists: 'wallet:all', 'wallet:<state>', 'savings:all', 'savings:<state>'.
CREATE TABLE IF NOT EXISTS tx_list_anchors (
  list_key text NOT NULL,
  sort_key timestamptz NOT NULL,
  sort_id uuid NOT NULL,
  rank bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tx_list_anchors_key_idx ON tx_list_anchors (list_key, sort_key, sort_id) INCLUDE (rank);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tx_list_anchors_rank_idx ON tx_list_anchors (list_key, rank) INCLUDE (sort_key, sort_id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS tx_list_deltas (
  list_key text NOT NULL,
  sort_key timestamptz NOT NULL,
  sort_id uuid NOT NULL,
  delta smallint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tx_list_deltas_key_idx ON tx_list_deltas (list_key, sort_key, sort_id) INCLUDE (delta);
--> statement-breakpoint
-- One list's table and the WHERE clause selecting its rows, for the refresh's dynamic statement.
CREATE OR REPLACE FUNCTION tx_list_table(p_key text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  CASE split_part(p_key, ':', 1)
    WHEN 'wallet' THEN RETURN 'wallet_transactions';
    WHEN 'savings' THEN RETURN 'savings_transactions';
    ELSE RAISE EXCEPTION 'unknown transaction list %', p_key USING ERRCODE = 'invalid_parameter_value';
  END CASE;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tx_list_filter(p_key text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  st text := split_part(p_key, ':', 2);
BEGIN
  IF st = 'all' THEN RETURN 'true'; END IF;
  IF st !~ '^[0-9]$' THEN RAISE EXCEPTION 'unknown transaction list %', p_key USING ERRCODE = 'invalid_parameter_value'; END IF;
  RETURN format('transaction_state = %s', st);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tx_list_deltas_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO tx_list_deltas (list_key, sort_key, sort_id, delta)
      VALUES (kind || ':all', OLD.created_at, OLD.id, -1), (kind || ':' || OLD.transaction_state, OLD.created_at, OLD.id, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO tx_list_deltas (list_key, sort_key, sort_id, delta)
      VALUES (kind || ':all', NEW.created_at, NEW.id, 1), (kind || ':' || NEW.transaction_state, NEW.created_at, NEW.id, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS wallet_transactions_list_deltas ON wallet_transactions;
--> statement-breakpoint
CREATE TRIGGER wallet_transactions_list_deltas AFTER INSERT OR DELETE ON wallet_transactions
  FOR EACH ROW EXECUTE FUNCTION tx_list_deltas_record('wallet');
--> statement-breakpoint
DROP TRIGGER IF EXISTS wallet_transactions_list_deltas_update ON wallet_transactions;
--> statement-breakpoint
CREATE TRIGGER wallet_transactions_list_deltas_update AFTER UPDATE OF id, created_at, transaction_state ON wallet_transactions
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.transaction_state IS DISTINCT FROM NEW.transaction_state)
  EXECUTE FUNCTION tx_list_deltas_record('wallet');
--> statement-breakpoint
DROP TRIGGER IF EXISTS savings_transactions_list_deltas ON savings_transactions;
--> statement-breakpoint
CREATE TRIGGER savings_transactions_list_deltas AFTER INSERT OR DELETE ON savings_transactions
  FOR EACH ROW EXECUTE FUNCTION tx_list_deltas_record('savings');
--> statement-breakpoint
DROP TRIGGER IF EXISTS savings_transactions_list_deltas_update ON savings_transactions;
--> statement-breakpoint
CREATE TRIGGER savings_transactions_list_deltas_update AFTER UPDATE OF id, created_at, transaction_state ON savings_transactions
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.transaction_state IS DISTINCT FROM NEW.transaction_state)
  EXECUTE FUNCTION tx_list_deltas_record('savings');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tx_list_anchors_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tx_list_anchors WHERE list_key LIKE TG_ARGV[0] || ':%';
  DELETE FROM tx_list_deltas WHERE list_key LIKE TG_ARGV[0] || ':%';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS wallet_transactions_list_anchors_truncate ON wallet_transactions;
--> statement-breakpoint
CREATE TRIGGER wallet_transactions_list_anchors_truncate AFTER TRUNCATE ON wallet_transactions FOR EACH STATEMENT EXECUTE FUNCTION tx_list_anchors_clear('wallet');
--> statement-breakpoint
DROP TRIGGER IF EXISTS savings_transactions_list_anchors_truncate ON savings_transactions;
--> statement-breakpoint
CREATE TRIGGER savings_transactions_list_anchors_truncate AFTER TRUNCATE ON savings_transactions FOR EACH STATEMENT EXECUTE FUNCTION tx_list_anchors_clear('savings');
--> statement-breakpoint
-- Brings one anchored list up to date: the algorithm of user_list_anchors_refresh (migration
-- 0004), written once for every list family ordered by (timestamp, id): the anchors from the
-- lowest delta on are dropped and rebuilt from the last anchor kept, the list's deltas cleared,
-- in one statement. p_filter is SQL made by the family's own filter function from a checked key.
-- Returns the number of anchors added, or -1 when another session is refreshing the same list.
CREATE OR REPLACE FUNCTION anchored_list_refresh(p_anchors text, p_deltas text, p_table text, p_sort text, p_filter text,
                                                 p_key text, p_spacing integer) RETURNS integer LANGUAGE plpgsql AS $$
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
          SELECT %4$I AS sort_key, id, row_number() OVER (ORDER BY %4$I, id) AS n FROM %3$I
           WHERE (%5$s) AND (%4$I, id) > (start.sort_key, start.sort_id)
        ) s
       WHERE s.n %% $2 = 0
      RETURNING 1
    ), cleared AS (
      DELETE FROM %1$I WHERE list_key = $1
    )
    SELECT count(*)::int FROM added
  $q$, p_deltas, p_anchors, p_table, p_sort, p_filter) INTO added USING p_key, p_spacing;
  RETURN added;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tx_list_anchors_refresh(p_key text, p_spacing integer DEFAULT 256) RETURNS integer LANGUAGE sql AS $$
  SELECT anchored_list_refresh('tx_list_anchors', 'tx_list_deltas', tx_list_table(p_key), 'created_at', tx_list_filter(p_key), p_key, p_spacing)
$$;
--> statement-breakpoint
-- The user and KYC lists' refreshes (migrations 0004 and 0012 wrote the same algorithm out for
-- each) now call the one above; same arguments, locks and results.
CREATE OR REPLACE FUNCTION user_list_anchors_refresh(p_key text, p_spacing integer DEFAULT 256) RETURNS integer LANGUAGE sql AS $$
  SELECT anchored_list_refresh('user_list_anchors', 'user_list_deltas', 'users', 'created_at', user_list_filter(p_key), p_key, p_spacing)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kyc_list_anchors_refresh(p_key text, p_spacing integer DEFAULT 256) RETURNS integer LANGUAGE sql AS $$
  SELECT anchored_list_refresh('kyc_list_anchors', 'kyc_list_deltas', 'kyc_records', 'updated_at', kyc_list_filter(p_key), p_key, p_spacing)
$$;
--> statement-breakpoint
-- Every transaction list from scratch (after a bulk load with the triggers off, or to reset);
-- one statement, so one snapshot.
CREATE OR REPLACE FUNCTION tx_list_anchors_rebuild(p_spacing integer DEFAULT 256) RETURNS bigint LANGUAGE sql AS $$
  LOCK TABLE tx_list_anchors IN EXCLUSIVE MODE;
  WITH dropped AS (DELETE FROM tx_list_anchors), cleared AS (DELETE FROM tx_list_deltas), added AS (
    INSERT INTO tx_list_anchors (list_key, sort_key, sort_id, rank)
    SELECT list_key, created_at, id, n FROM (
      SELECT 'wallet:' || transaction_state AS list_key, created_at, id,
             row_number() OVER (PARTITION BY transaction_state ORDER BY created_at, id) AS n FROM wallet_transactions
      UNION ALL
      SELECT 'wallet:all', created_at, id, row_number() OVER (ORDER BY created_at, id) FROM wallet_transactions
      UNION ALL
      SELECT 'savings:' || transaction_state, created_at, id,
             row_number() OVER (PARTITION BY transaction_state ORDER BY created_at, id) FROM savings_transactions
      UNION ALL
      SELECT 'savings:all', created_at, id, row_number() OVER (ORDER BY created_at, id) FROM savings_transactions
    ) s
    WHERE n % p_spacing = 0
    RETURNING 1
  )
  SELECT count(*) FROM added
$$;
--> statement-breakpoint
SELECT tx_list_anchors_rebuild();
--> statement-breakpoint
ANALYZE tx_list_anchors;
