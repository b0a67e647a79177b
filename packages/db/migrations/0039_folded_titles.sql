-- Titles people tell apart by eye are unique as they read (docs/decisions/input-and-errors.md):
-- "Compliance", "compliance", "Compliance " and the full-width "ＣＯＭＰＬＩＡＮＣＥ" are one title.
-- folded_title() is the one spelling of that key, for the unique indexes below and for the
-- services' own check (which answers 409 before the index has to): NFKC-normalised (full-width
-- and compatibility forms), runs of white space as one space, trimmed, lower-cased. normalize()
-- needs a UTF8 database; another encoding gets the same key without the normalisation.
DO $do$
BEGIN
  IF current_setting('server_encoding') = 'UTF8' THEN
    EXECUTE $f$CREATE OR REPLACE FUNCTION folded_title(t text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $b$ SELECT lower(btrim(regexp_replace(normalize(t, NFKC), '\s+', ' ', 'g'))) $b$ $f$;
  ELSE
    EXECUTE $f$CREATE OR REPLACE FUNCTION folded_title(t text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $b$ SELECT lower(btrim(regexp_replace(t, '\s+', ' ', 'g'))) $b$ $f$;
  END IF;
END $do$;
--> statement-breakpoint
-- Titles that already collide keep the first (a built-in role first, then the oldest); each later
-- one gets the start of its id appended, so the migration never fails on existing data.
WITH ranked AS (
  SELECT id, row_number() OVER (PARTITION BY folded_title(title) ORDER BY is_system DESC, created_at, id) AS n
    FROM roles
)
UPDATE roles r SET title = r.title || ' (' || left(r.id::text, 8) || ')', updated_at = now()
  FROM ranked WHERE ranked.id = r.id AND ranked.n > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS roles_title_folded_key ON roles (folded_title(title));
--> statement-breakpoint
WITH ranked AS (
  SELECT id, row_number() OVER (PARTITION BY folded_title(name::text) ORDER BY created_at, id) AS n
    FROM user_types
)
UPDATE user_types u SET name = u.name || ' (' || left(u.id::text, 8) || ')'
  FROM ranked WHERE ranked.id = u.id AND ranked.n > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS user_types_name_folded_key ON user_types (folded_title(name::text));
