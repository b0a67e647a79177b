DROP INDEX "wallet_balances_currency_balance_idx";--> statement-breakpoint
CREATE INDEX "wallet_balances_currency_balance_idx" ON "wallet_balances" USING btree ("currency","balance","wallet_id");
--> statement-breakpoint
-- Rank anchors for the user lists (by date, by country) and the wallet balance search, so that
-- a page's start and a list's total cost the same on page 1 and page 5,000 (no deep OFFSET, no
-- count(*) over the list on every call).
--
-- An anchor is every N-th row of a list in ascending sort order with its rank at build time
-- (rank = number of rows of the list whose key is <= the anchor's key). Every change of a
-- list's membership or key after the build is one row in the list's delta table (+1 a row
-- entered at that key, -1 a row left it), written by a trigger in the changing transaction.
-- So, exactly and at any time:
--   rank_now(anchor) = anchor.rank + sum(delta of the list's deltas with key <= anchor key)
-- and a rank or a page start is an anchor plus a count bounded by N + the number of deltas.
-- A refresh (one statement, so one snapshot even under READ COMMITTED) drops the anchors at or
-- above the lowest delta, extends the anchors from the last one kept, and deletes exactly the
-- deltas its snapshot saw; deltas committed meanwhile stay and keep correcting the new anchors.
-- Bulk loads that turn triggers off (session_replication_role = replica) must call the
-- *_rebuild() functions afterwards (the demo generator does).

CREATE TABLE user_list_anchors (
  list_key text NOT NULL,
  sort_key timestamptz NOT NULL,
  sort_id uuid NOT NULL,
  rank bigint NOT NULL
);
--> statement-breakpoint
-- Not unique on purpose: a refresh deletes and inserts anchors in the same statement.
CREATE INDEX user_list_anchors_key_idx ON user_list_anchors (list_key, sort_key, sort_id) INCLUDE (rank);
--> statement-breakpoint
CREATE INDEX user_list_anchors_rank_idx ON user_list_anchors (list_key, rank) INCLUDE (sort_key, sort_id);
--> statement-breakpoint
CREATE TABLE user_list_deltas (
  list_key text NOT NULL,
  sort_key timestamptz NOT NULL,
  sort_id uuid NOT NULL,
  delta smallint NOT NULL
);
--> statement-breakpoint
CREATE INDEX user_list_deltas_key_idx ON user_list_deltas (list_key, sort_key, sort_id) INCLUDE (delta);
--> statement-breakpoint
CREATE TABLE balance_anchors (
  list_key text NOT NULL,
  sort_key numeric NOT NULL,
  sort_id uuid NOT NULL,
  rank bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX balance_anchors_key_idx ON balance_anchors (list_key, sort_key, sort_id) INCLUDE (rank);
--> statement-breakpoint
CREATE INDEX balance_anchors_rank_idx ON balance_anchors (list_key, rank) INCLUDE (sort_key, sort_id);
--> statement-breakpoint
CREATE TABLE balance_deltas (
  list_key text NOT NULL,
  sort_key numeric NOT NULL,
  sort_id uuid NOT NULL,
  delta smallint NOT NULL
);
--> statement-breakpoint
CREATE INDEX balance_deltas_key_idx ON balance_deltas (list_key, sort_key, sort_id) INCLUDE (delta);
--> statement-breakpoint
-- The lists a user belongs to: all users by sign-up time, and one list per country type and
-- country ('none' when the country is unknown). Every list is ordered by (created_at, id).
CREATE FUNCTION user_list_keys(zone text, ip text, residence text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY['created', 'zone:' || coalesce(zone, 'none'), 'ip:' || coalesce(ip, 'none'), 'residence:' || coalesce(residence, 'none')]
$$;
--> statement-breakpoint
-- The WHERE clause selecting a list's rows, for the refresh's dynamic statement.
CREATE FUNCTION user_list_filter(p_key text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  kind text := split_part(p_key, ':', 1);
  code text := split_part(p_key, ':', 2);
BEGIN
  IF p_key = 'created' THEN RETURN 'true'; END IF;
  IF kind NOT IN ('zone', 'ip', 'residence') OR code = '' THEN
    RAISE EXCEPTION 'unknown user list %', p_key USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF code = 'none' THEN RETURN format('%I IS NULL', kind || '_country'); END IF;
  RETURN format('%I = %L', kind || '_country', code);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION users_list_deltas_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_keys text[];
  new_keys text[];
BEGIN
  IF TG_OP <> 'INSERT' THEN old_keys := user_list_keys(OLD.zone_country, OLD.ip_country, OLD.residence_country); END IF;
  IF TG_OP <> 'DELETE' THEN new_keys := user_list_keys(NEW.zone_country, NEW.ip_country, NEW.residence_country); END IF;
  IF TG_OP = 'UPDATE' AND OLD.created_at = NEW.created_at THEN
    -- Only the lists whose membership changed move.
    INSERT INTO user_list_deltas (list_key, sort_key, sort_id, delta)
      SELECT k, OLD.created_at, OLD.id, -1 FROM unnest(old_keys) AS k WHERE NOT k = ANY (new_keys)
      UNION ALL
      SELECT k, NEW.created_at, NEW.id, 1 FROM unnest(new_keys) AS k WHERE NOT k = ANY (old_keys);
    RETURN NULL;
  END IF;
  IF old_keys IS NOT NULL THEN
    INSERT INTO user_list_deltas (list_key, sort_key, sort_id, delta) SELECT k, OLD.created_at, OLD.id, -1 FROM unnest(old_keys) AS k;
  END IF;
  IF new_keys IS NOT NULL THEN
    INSERT INTO user_list_deltas (list_key, sort_key, sort_id, delta) SELECT k, NEW.created_at, NEW.id, 1 FROM unnest(new_keys) AS k;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_list_deltas AFTER INSERT OR DELETE OR UPDATE OF created_at, zone_country, ip_country, residence_country ON users
  FOR EACH ROW EXECUTE FUNCTION users_list_deltas_record();
--> statement-breakpoint
CREATE FUNCTION balance_deltas_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO balance_deltas (list_key, sort_key, sort_id, delta) VALUES (OLD.currency, OLD.balance, OLD.wallet_id, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO balance_deltas (list_key, sort_key, sort_id, delta) VALUES (NEW.currency, NEW.balance, NEW.wallet_id, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_balances_deltas_insert_delete AFTER INSERT OR DELETE ON wallet_balances
  FOR EACH ROW EXECUTE FUNCTION balance_deltas_record();
--> statement-breakpoint
CREATE TRIGGER wallet_balances_deltas_update AFTER UPDATE ON wallet_balances
  FOR EACH ROW WHEN (OLD.balance IS DISTINCT FROM NEW.balance OR OLD.currency IS DISTINCT FROM NEW.currency OR OLD.wallet_id IS DISTINCT FROM NEW.wallet_id)
  EXECUTE FUNCTION balance_deltas_record();
--> statement-breakpoint
-- Truncating a list's table empties its anchors and deltas too.
CREATE FUNCTION user_list_anchors_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_list_anchors;
  DELETE FROM user_list_deltas;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_list_anchors_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION user_list_anchors_clear();
--> statement-breakpoint
CREATE FUNCTION balance_anchors_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM balance_anchors;
  DELETE FROM balance_deltas;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_balances_anchors_truncate AFTER TRUNCATE ON wallet_balances FOR EACH STATEMENT EXECUTE FUNCTION balance_anchors_clear();
--> statement-breakpoint
-- Brings one user list's anchors up to date (see the top of this file). Returns the number of
-- anchors added, or -1 when another session is refreshing the same list right now.
CREATE FUNCTION user_list_anchors_refresh(p_key text, p_spacing integer DEFAULT 256) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('user_list_anchors'), hashtext(p_key)) THEN RETURN -1; END IF;
  EXECUTE format($q$
    WITH low AS (
      SELECT sort_key, sort_id FROM user_list_deltas WHERE list_key = $1 ORDER BY sort_key, sort_id LIMIT 1
    ), dropped AS (
      DELETE FROM user_list_anchors a USING low
       WHERE a.list_key = $1 AND (a.sort_key, a.sort_id) >= (low.sort_key, low.sort_id)
    ), kept AS (
      SELECT a.sort_key, a.sort_id, a.rank FROM user_list_anchors a
       WHERE a.list_key = $1 AND NOT EXISTS (SELECT 1 FROM low WHERE (a.sort_key, a.sort_id) >= (low.sort_key, low.sort_id))
       ORDER BY a.sort_key DESC, a.sort_id DESC LIMIT 1
    ), start AS (
      SELECT coalesce(k.sort_key, '-infinity') AS sort_key, coalesce(k.sort_id, '00000000-0000-0000-0000-000000000000') AS sort_id,
             coalesce(k.rank, 0) AS rank
        FROM (SELECT 1) one LEFT JOIN kept k ON true
    ), added AS (
      INSERT INTO user_list_anchors (list_key, sort_key, sort_id, rank)
      SELECT $1, s.created_at, s.id, start.rank + s.n
        FROM start, LATERAL (
          SELECT created_at, id, row_number() OVER (ORDER BY created_at, id) AS n FROM users
           WHERE %s AND (created_at, id) > (start.sort_key, start.sort_id)
        ) s
       WHERE s.n %% $2 = 0
      RETURNING 1
    ), cleared AS (
      DELETE FROM user_list_deltas WHERE list_key = $1
    )
    SELECT count(*)::int FROM added
  $q$, user_list_filter(p_key)) INTO added USING p_key, p_spacing;
  RETURN added;
END;
$$;
--> statement-breakpoint
-- Every user list from scratch (after a bulk load, or to reset). The table lock waits for running
-- refreshes and keeps new ones waiting (their statements then see the rebuilt anchors); the
-- rebuild itself is one statement, so one snapshot.
CREATE FUNCTION user_list_anchors_rebuild(p_spacing integer DEFAULT 256) RETURNS bigint LANGUAGE sql AS $$
  LOCK TABLE user_list_anchors IN EXCLUSIVE MODE;
  WITH dropped AS (DELETE FROM user_list_anchors), cleared AS (DELETE FROM user_list_deltas), added AS (
    INSERT INTO user_list_anchors (list_key, sort_key, sort_id, rank)
    SELECT list_key, created_at, id, n FROM (
      SELECT 'created' AS list_key, created_at, id, row_number() OVER (ORDER BY created_at, id) AS n FROM users
      UNION ALL
      SELECT 'zone:' || coalesce(zone_country, 'none'), created_at, id, row_number() OVER (PARTITION BY zone_country ORDER BY created_at, id) FROM users
      UNION ALL
      SELECT 'ip:' || coalesce(ip_country, 'none'), created_at, id, row_number() OVER (PARTITION BY ip_country ORDER BY created_at, id) FROM users
      UNION ALL
      SELECT 'residence:' || coalesce(residence_country, 'none'), created_at, id, row_number() OVER (PARTITION BY residence_country ORDER BY created_at, id) FROM users
    ) s
    WHERE n % p_spacing = 0
    RETURNING 1
  )
  SELECT count(*) FROM added
$$;
--> statement-breakpoint
CREATE FUNCTION balance_anchors_refresh(p_currency text, p_spacing integer DEFAULT 256) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('balance_anchors'), hashtext(p_currency)) THEN RETURN -1; END IF;
  WITH low AS (
    SELECT sort_key, sort_id FROM balance_deltas WHERE list_key = p_currency ORDER BY sort_key, sort_id LIMIT 1
  ), dropped AS (
    DELETE FROM balance_anchors a USING low
     WHERE a.list_key = p_currency AND (a.sort_key, a.sort_id) >= (low.sort_key, low.sort_id)
  ), kept AS (
    SELECT a.sort_key, a.sort_id, a.rank FROM balance_anchors a
     WHERE a.list_key = p_currency AND NOT EXISTS (SELECT 1 FROM low WHERE (a.sort_key, a.sort_id) >= (low.sort_key, low.sort_id))
     ORDER BY a.sort_key DESC, a.sort_id DESC LIMIT 1
  ), start AS (
    SELECT coalesce(k.sort_key, '-Infinity') AS sort_key, coalesce(k.sort_id, '00000000-0000-0000-0000-000000000000') AS sort_id,
           coalesce(k.rank, 0) AS rank
      FROM (SELECT 1) one LEFT JOIN kept k ON true
  ), added AS (
    INSERT INTO balance_anchors (list_key, sort_key, sort_id, rank)
    SELECT p_currency, s.balance, s.wallet_id, start.rank + s.n
      FROM start, LATERAL (
        SELECT balance, wallet_id, row_number() OVER (ORDER BY balance, wallet_id) AS n FROM wallet_balances
         WHERE currency = p_currency AND (balance, wallet_id) > (start.sort_key, start.sort_id)
      ) s
     WHERE s.n % p_spacing = 0
    RETURNING 1
  ), cleared AS (
    DELETE FROM balance_deltas WHERE list_key = p_currency
  )
  SELECT count(*)::int INTO added FROM added;
  RETURN added;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION balance_anchors_rebuild(p_spacing integer DEFAULT 256) RETURNS bigint LANGUAGE sql AS $$
  LOCK TABLE balance_anchors IN EXCLUSIVE MODE;
  WITH dropped AS (DELETE FROM balance_anchors), cleared AS (DELETE FROM balance_deltas), added AS (
    INSERT INTO balance_anchors (list_key, sort_key, sort_id, rank)
    SELECT currency, balance, wallet_id, n FROM (
      SELECT currency, balance, wallet_id, row_number() OVER (PARTITION BY currency ORDER BY balance, wallet_id) AS n FROM wallet_balances
    ) s
    WHERE n % p_spacing = 0
    RETURNING 1
  )
  SELECT count(*) FROM added
$$;
--> statement-breakpoint
-- User search: the four searched fields as one lower-case string (control character 1 between
-- them, which a search may not contain, so a match never spans two fields). Stored, so a search
-- reading the newest users compares bytes instead of lower-casing four fields per row, and one
-- trigram index scan replaces four OR-ed ones.
ALTER TABLE users ADD COLUMN search_doc text GENERATED ALWAYS AS (
  lower(full_name || E'\x01' || username::text || E'\x01' || email::text || E'\x01' || coalesce(phone_no, ''))
) STORED;
--> statement-breakpoint
CREATE INDEX users_search_trgm ON users USING gin (search_doc gin_trgm_ops);
--> statement-breakpoint
-- Exact phone matches rank first in a search: an equality lookup, not a trigram scan of digits.
CREATE INDEX users_phone_idx ON users (phone_no);
