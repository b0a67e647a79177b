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
-- The rows of one list, for the refresh's dynamic statement: 'FROM <table> WHERE <filter>'.
CREATE OR REPLACE FUNCTION tx_list_source(p_key text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  kind text := split_part(p_key, ':', 1);
  st text := split_part(p_key, ':', 2);
  tbl text;
BEGIN
  IF kind = 'wallet' THEN tbl := 'wallet_transactions';
  ELSIF kind = 'savings' THEN tbl := 'savings_transactions';
  ELSE RAISE EXCEPTION 'unknown transaction list %', p_key USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF st = 'all' THEN RETURN format('FROM %I WHERE true', tbl); END IF;
  IF st !~ '^[0-9]$' THEN RAISE EXCEPTION 'unknown transaction list %', p_key USING ERRCODE = 'invalid_parameter_value'; END IF;
  RETURN format('FROM %I WHERE transaction_state = %s', tbl, st);
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
-- Brings one list's anchors up to date (user_list_anchors_refresh's algorithm). Returns the
-- number of anchors added, or -1 when another session is refreshing the same list right now.
CREATE OR REPLACE FUNCTION tx_list_anchors_refresh(p_key text, p_spacing integer DEFAULT 256) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('tx_list_anchors'), hashtext(p_key)) THEN RETURN -1; END IF;
  EXECUTE format($q$
    WITH low AS (
      SELECT sort_key, sort_id FROM tx_list_deltas WHERE list_key = $1 ORDER BY sort_key, sort_id LIMIT 1
    ), dropped AS (
      DELETE FROM tx_list_anchors a USING low
       WHERE a.list_key = $1 AND (a.sort_key, a.sort_id) >= (low.sort_key, low.sort_id)
    ), kept AS (
      SELECT a.sort_key, a.sort_id, a.rank FROM tx_list_anchors a
       WHERE a.list_key = $1 AND NOT EXISTS (SELECT 1 FROM low WHERE (a.sort_key, a.sort_id) >= (low.sort_key, low.sort_id))
       ORDER BY a.sort_key DESC, a.sort_id DESC LIMIT 1
    ), start AS (
      SELECT coalesce(k.sort_key, '-infinity') AS sort_key, coalesce(k.sort_id, '00000000-0000-0000-0000-000000000000') AS sort_id,
             coalesce(k.rank, 0) AS rank
        FROM (SELECT 1) one LEFT JOIN kept k ON true
    ), added AS (
      INSERT INTO tx_list_anchors (list_key, sort_key, sort_id, rank)
      SELECT $1, s.created_at, s.id, start.rank + s.n
        FROM start, LATERAL (
          SELECT created_at, id, row_number() OVER (ORDER BY created_at, id) AS n %s
             AND (created_at, id) > (start.sort_key, start.sort_id)
        ) s
       WHERE s.n %% $2 = 0
      RETURNING 1
    ), cleared AS (
      DELETE FROM tx_list_deltas WHERE list_key = $1
    )
    SELECT count(*)::int FROM added
  $q$, tx_list_source(p_key)) INTO added USING p_key, p_spacing;
  RETURN added;
END;
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
