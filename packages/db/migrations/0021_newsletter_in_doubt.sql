-- Newsletter deliveries, at most once across crashes: a recipient is 'claimed' (committed, not yet
-- handed to SMTP: after a crash the claim is dropped and the mail sent normally), then 'sending'
-- (marked just before the SMTP hand-off: after a crash its fate is unknown, it becomes 'in-doubt'
-- and is never sent again), then 'sent' or 'failed'. Staff see the in-doubt count beside sent and
-- failed. The sender finds both unfinished states at start through the partial index.
ALTER TABLE "newsletters" ADD COLUMN IF NOT EXISTS "total_in_doubt" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
DROP INDEX IF EXISTS "newsletter_deliveries_sending_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "newsletter_deliveries_unfinished_idx" ON "newsletter_deliveries" ("newsletter_id") WHERE "status" IN ('claimed', 'sending');
--> statement-breakpoint
-- A row starts as claimed (rows an older sender left as 'sending' count as handed over: in doubt).
ALTER TABLE "newsletter_deliveries" ALTER COLUMN "status" SET DEFAULT 'claimed';
