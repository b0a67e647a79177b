-- User search by suffix: every suffix (from each position to the end, at least 3 characters,
-- cut to 16) of each searched field in lower case, one row each. "Contains the text" becomes
-- "some suffix starts with the text": a prefix range of one btree, read in order and stopped
-- after a few hundred entries, whatever the fragment. The trigram index had to intersect posting
-- lists as long as the table for common fragments (surnames, e-mail parts): 1-10 ms a search.
-- Per field, so a match never spans two fields. Ordered by creation time within one suffix, so
-- a fragment shared by many (a mail domain) reads the newest users first.
CREATE TABLE user_search_suffixes (
  suffix text COLLATE "C" NOT NULL,
  created_at timestamptz NOT NULL,
  user_id uuid NOT NULL
);
--> statement-breakpoint
-- Longer text is matched on its first 16 characters here and then against the whole field.
CREATE FUNCTION user_search_suffixes_of(p_full_name text, p_username text, p_email text, p_phone text)
RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(f, i, 16) COLLATE "C"
    FROM unnest(ARRAY[lower(p_full_name), lower(p_username), lower(p_email), lower(p_phone)]) AS f
    CROSS JOIN LATERAL generate_series(1, length(f) - 2) AS i
   WHERE f IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION user_search_suffixes_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- The old row's entries found by their full key (suffix, created_at, user): no second
    -- index by user over tens of millions of rows.
    DELETE FROM user_search_suffixes s
     WHERE s.suffix = ANY (ARRAY(SELECT user_search_suffixes_of(OLD.full_name, OLD.username::text, OLD.email::text, OLD.phone_no)))
       AND s.created_at = OLD.created_at AND s.user_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO user_search_suffixes (suffix, created_at, user_id)
    SELECT x, NEW.created_at, NEW.id FROM user_search_suffixes_of(NEW.full_name, NEW.username::text, NEW.email::text, NEW.phone_no) AS x;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_search_suffixes_insert AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION user_search_suffixes_sync();
--> statement-breakpoint
CREATE TRIGGER users_search_suffixes_update AFTER UPDATE OF full_name, username, email, phone_no, created_at ON users
  FOR EACH ROW EXECUTE FUNCTION user_search_suffixes_sync();
--> statement-breakpoint
-- The demo load writes users with triggers off: it rebuilds the table once, set-based, with the
-- index dropped during the load and built after it (sorting once beats tens of millions of
-- index inserts).
CREATE FUNCTION user_search_suffixes_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  DROP INDEX IF EXISTS user_search_suffixes_idx;
  TRUNCATE user_search_suffixes;
  INSERT INTO user_search_suffixes (suffix, created_at, user_id)
  SELECT x, u.created_at, u.id FROM users u
   CROSS JOIN LATERAL user_search_suffixes_of(u.full_name, u.username::text, u.email::text, u.phone_no) AS x;
  GET DIAGNOSTICS n = ROW_COUNT;
  CREATE INDEX user_search_suffixes_idx ON user_search_suffixes (suffix, created_at DESC, user_id);
  ANALYZE user_search_suffixes;
  RETURN n;
END
$$;
--> statement-breakpoint
-- The search itself (users.service.ts calls it): users whose name, username, e-mail or phone
-- contains the text. One prefix range of the suffix index, read in key order (the suffix, then
-- newest first) and stopped after 400 entries, whatever the fragment: enough for 20 distinct
-- users when one user has it in several fields. Text longer than the stored suffixes is then
-- checked against the whole fields (users.search_doc, control character 1 between them). Exact
-- username, e-mail or phone matches first, then the newest of the users found, at most 20.
-- A function so the plan is generic and cached (planning this statement costs more than running
-- it, and a prepared statement keeps planning it for each text because the range estimates
-- differ); a bounded index range, so never a parallel plan and no session setting around it.
CREATE FUNCTION user_search(p_text text)
RETURNS TABLE (id uuid, full_name text, username text, email text, phone_no text, created_at timestamptz, profile_url text, referred_by text)
LANGUAGE sql STABLE SET plan_cache_mode = force_generic_plan AS $$
WITH exact AS (
  SELECT id FROM users WHERE username = p_text::citext
  UNION SELECT id FROM users WHERE email = p_text::citext
  UNION SELECT id FROM users WHERE phone_no = p_text AND phone_no IS NOT NULL
  LIMIT 20
), hits AS MATERIALIZED (
  SELECT s.user_id, s.created_at FROM user_search_suffixes s
   WHERE s.suffix >= left(lower(p_text), 16) COLLATE "C"
     AND s.suffix < (left(lower(p_text), 16) || chr(1114111)) COLLATE "C"
   LIMIT 400
), found AS (
  SELECT h.user_id AS id, max(h.created_at) AS created_at FROM hits h GROUP BY h.user_id
), matched AS (
  -- LIKE's own wildcards and escape in the text match only themselves.
  SELECT f.id FROM found f
   WHERE length(p_text) <= 16 OR EXISTS (
     SELECT 1 FROM users u WHERE u.id = f.id
        AND u.search_doc LIKE '%' || replace(replace(replace(lower(p_text), '\', '\\'), '%', '\%'), '_', '\_') || '%')
   ORDER BY f.created_at DESC, f.id DESC LIMIT 20
), best AS (
  SELECT id, min(exact) AS exact FROM (SELECT id, 0 AS exact FROM exact UNION ALL SELECT id, 1 FROM matched) b GROUP BY id
)
SELECT u.id, u.full_name, u.username::text, u.email::text, u.phone_no, u.created_at, u.profile_url, r.username::text
  FROM best b JOIN users u ON u.id = b.id
  LEFT JOIN users r ON r.id = u.referee_id
 ORDER BY b.exact, u.created_at DESC, u.id DESC
 LIMIT 20
$$;
--> statement-breakpoint
-- The trigram index served only the search.
DROP INDEX users_search_trgm;
--> statement-breakpoint
SET LOCAL maintenance_work_mem = '1GB';
--> statement-breakpoint
SELECT user_search_suffixes_rebuild();
