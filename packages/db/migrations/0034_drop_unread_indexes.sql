-- Indexes no statement of Vaultdesk reads, kept up to date on every insert:
-- - the users' four trigram indexes (migration 0002) served the first user search; since
--   migration 0005 the search reads user_search_suffixes, and no query compares these columns
--   with LIKE, ILIKE, a regular expression or a similarity operator;
-- - ledger_entries (reference_type, reference_id) (migration 0001): no query looks up the ledger
--   by reference (a refund's single row is found through ledger_withdrawal_refund_uq).
-- At a million users they are 1.1 GB written with every sign-up and every ledger row, and a
-- minute of index building in the demo dataset (docs/decisions/demo-data.md, round 6).
DROP INDEX IF EXISTS users_username_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS users_email_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS users_full_name_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS users_phone_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS ledger_reference_idx;
