-- Notes on cases (issue 24): staff write notes on a customer (user profile) or on the customer's
-- KYC case (Manage KYC). Every note carries the customer's id, so both screens and Activity
-- Search read one customer's notes from one index. Append-only: a correction is a new note that
-- names the one it corrects (corrects_id, a note about the same customer); the database refuses
-- UPDATE, DELETE and TRUNCATE whoever sends them.
CREATE TABLE "case_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	-- null: a note on the customer; set: a note on the customer's KYC case.
	"kyc_record_id" uuid REFERENCES "kyc_records"("id"),
	"corrects_id" uuid,
	"body" text NOT NULL,
	"author_id" uuid NOT NULL REFERENCES "staff"("id"),
	-- As the author was named when writing: a later rename or removal does not rewrite history.
	"author_email" citext NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- The contract's limit (TEXT_LIMITS.note), kept here too so no other writer stores more.
	CONSTRAINT "case_notes_body_length" CHECK (char_length("body") BETWEEN 1 AND 1000 AND "body" = btrim("body")),
	CONSTRAINT "case_notes_id_user_unique" UNIQUE ("id", "user_id"),
	-- A correction names a note about the same customer (a note never corrects itself).
	CONSTRAINT "case_notes_corrects_same_user" FOREIGN KEY ("corrects_id", "user_id") REFERENCES "case_notes"("id", "user_id"),
	CONSTRAINT "case_notes_corrects_other" CHECK ("corrects_id" IS DISTINCT FROM "id")
);
--> statement-breakpoint
-- One customer's notes, newest first: the profile, Manage KYC and Activity Search.
CREATE INDEX "case_notes_user_idx" ON "case_notes" USING btree ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- One KYC case's notes alone (for a reader who may see the case but not the customer's profile).
CREATE INDEX "case_notes_kyc_idx" ON "case_notes" USING btree ("kyc_record_id", "created_at" DESC, "id" DESC) WHERE "kyc_record_id" IS NOT NULL;
--> statement-breakpoint
-- Activity Search's text search over every note (any part of the text, as the user search),
-- newest first: PostgreSQL finds a rare text's few notes by trigram, and a common text's newest
-- 50 by reading the newest notes (the time index) until it has them.
CREATE INDEX "case_notes_body_trgm_idx" ON "case_notes" USING gin ("body" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "case_notes_created_idx" ON "case_notes" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION case_notes_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'case_notes is append-only: % refused (a correction is a new note)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER case_notes_no_change BEFORE UPDATE OR DELETE ON case_notes
  FOR EACH ROW EXECUTE FUNCTION case_notes_refuse_change();
--> statement-breakpoint
CREATE TRIGGER case_notes_no_truncate BEFORE TRUNCATE ON case_notes
  FOR EACH STATEMENT EXECUTE FUNCTION case_notes_refuse_change();
