-- A batch the wallet has sent is recorded on its process list as soon as the wallet returns the
-- hash, before it is saved (issue 20): every browser then sees that the list's batch went out and
-- offers only to save that hash, never to send the batch again. One transaction is sent for one
-- list only; hashes are stored lowercase.
ALTER TABLE "process_lists" ADD COLUMN IF NOT EXISTS "sent_hash" text;
--> statement-breakpoint
ALTER TABLE "process_lists" ADD COLUMN IF NOT EXISTS "sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "process_lists" ADD COLUMN IF NOT EXISTS "sent_by" uuid REFERENCES "staff"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "process_lists_sent_hash_uq" ON "process_lists" (lower("sent_hash")) WHERE "sent_hash" IS NOT NULL;
