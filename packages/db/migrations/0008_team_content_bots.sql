-- Admin team: a removed admin keeps the row (audit rows point at it) but can no longer sign in.
ALTER TABLE "roles" ADD COLUMN "deleted_at" timestamptz;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_status_created_idx" ON "staff" ("status", "created_at", "id");
--> statement-breakpoint
-- Internal settings: every change is a new version; the newest row is the current one.
CREATE TABLE "process_settings_versions" (
  "id" bigserial PRIMARY KEY,
  "vlt_token_usd_price" numeric(38,18) NOT NULL,
  "busd_token_usd_price" numeric(38,18) NOT NULL,
  "vlt_token_apr" numeric(38,18) NOT NULL,
  "changed_by" uuid REFERENCES "staff"("id") ON DELETE SET NULL,
  "changed_by_email" citext,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "process_settings_versions_created_idx" ON "process_settings_versions" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
INSERT INTO "process_settings_versions" ("vlt_token_usd_price", "busd_token_usd_price", "vlt_token_apr", "changed_by_email")
VALUES (0.25, 1, 12, NULL);
--> statement-breakpoint
-- Greetings shown in the customer app until they expire.
CREATE TABLE "greetings" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "title" text NOT NULL,
  "description" varchar(100) NOT NULL,
  "time_frame" text NOT NULL DEFAULT '' CHECK ("time_frame" IN ('', 'morning', 'afternoon', 'evening')),
  "expiry_time" timestamptz NOT NULL,
  "created_by" uuid REFERENCES "staff"("id") ON DELETE SET NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "greetings_expiry_idx" ON "greetings" ("expiry_time");
--> statement-breakpoint
CREATE INDEX "greetings_created_idx" ON "greetings" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Newsletter system config: one row. Access code and sender pin are argon2id hashes.
CREATE TABLE "newsletter_config" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "sender_name" text NOT NULL,
  "sender_email" citext NOT NULL,
  "max_mails_per_batch" integer NOT NULL CHECK ("max_mails_per_batch" BETWEEN 1 AND 100000),
  "wait_minutes_per_batch" numeric(10,4) NOT NULL CHECK ("wait_minutes_per_batch" >= 0),
  "access_code_hash" text,
  "sender_pin_hash" text,
  "updated_by" uuid REFERENCES "staff"("id") ON DELETE SET NULL,
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO "newsletter_config" ("sender_name", "sender_email", "max_mails_per_batch", "wait_minutes_per_batch")
VALUES ('Vault Token', 'newsletter@vaultdesk.local', 500, 0);
--> statement-breakpoint
-- Subscribers per mail list ("subscribers": the customers' newsletter; "test": staff test list).
CREATE TABLE "newsletter_subscribers" (
  "id" bigserial PRIMARY KEY,
  "list" text NOT NULL DEFAULT 'subscribers',
  "email" citext NOT NULL,
  "subscribed" boolean NOT NULL DEFAULT true,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "unsubscribed_at" timestamptz,
  CONSTRAINT "newsletter_subscribers_list_email_unique" UNIQUE ("list", "email")
);
--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_list_idx" ON "newsletter_subscribers" ("list", "id") WHERE "subscribed";
--> statement-breakpoint
CREATE TABLE "newsletters" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "subject" text NOT NULL,
  "banner_url" text NOT NULL DEFAULT '',
  "preview_message" text NOT NULL DEFAULT '',
  "maillist" text NOT NULL DEFAULT 'subscribers',
  "content" text NOT NULL DEFAULT '',
  "delivery_type" text NOT NULL DEFAULT 'instant',
  "delivery_status" text NOT NULL DEFAULT 'saved',
  "delivery_date" timestamptz,
  "instant_processing" boolean NOT NULL DEFAULT true,
  "creator_id" uuid REFERENCES "staff"("id") ON DELETE SET NULL,
  "creator_email" citext NOT NULL,
  "is_published" boolean NOT NULL DEFAULT false,
  "approved_by_email" citext,
  "approved_at" timestamptz,
  "total_sent" integer NOT NULL DEFAULT 0,
  "total_failed" integer NOT NULL DEFAULT 0,
  "total_recipients" integer,
  -- Keyset cursor of the sender: the highest subscriber id already claimed.
  "cursor_subscriber_id" bigint NOT NULL DEFAULT 0,
  "started_at" timestamptz,
  "finished_at" timestamptz,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "newsletters_created_idx" ON "newsletters" ("created_at" DESC, "id" DESC) WHERE "delivery_status" <> 'deleted';
--> statement-breakpoint
CREATE INDEX "newsletters_due_idx" ON "newsletters" ("delivery_status", "delivery_date") WHERE "is_published";
--> statement-breakpoint
-- One row per recipient and newsletter: the primary key is what makes a second send impossible.
CREATE TABLE "newsletter_deliveries" (
  "newsletter_id" uuid NOT NULL REFERENCES "newsletters"("id"),
  "subscriber_id" bigint NOT NULL REFERENCES "newsletter_subscribers"("id"),
  -- sending (claimed, SMTP not yet confirmed), sent, failed
  "status" text NOT NULL DEFAULT 'sending',
  "error" text,
  "claimed_at" timestamptz NOT NULL DEFAULT now(),
  "sent_at" timestamptz,
  PRIMARY KEY ("newsletter_id", "subscriber_id")
);
--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_sending_idx" ON "newsletter_deliveries" ("newsletter_id") WHERE "status" = 'sending';
--> statement-breakpoint
-- Bot configurations: on/off switches and cron intervals read by the scheduler.
CREATE TABLE "bot_configs" (
  "id" serial PRIMARY KEY,
  "name" text NOT NULL UNIQUE,
  "value" text NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('switch', 'cron')),
  "bot" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "updated_by" uuid REFERENCES "staff"("id") ON DELETE SET NULL,
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO "bot_configs" ("name", "value", "kind", "bot", "description") VALUES
  ('newsletterSchedulerBot', 'true', 'switch', 'newsletterScheduler', 'Starts scheduled newsletters whose delivery date has come, and resumes interrupted sends'),
  ('newsletterSchedulerCron', '* * * * *', 'cron', 'newsletterScheduler', 'How often the newsletter scheduler runs'),
  ('greetingsCleanupBot', 'true', 'switch', 'greetingsCleanup', 'Removes greetings that expired more than 30 days ago'),
  ('greetingsCleanupCron', '0 * * * *', 'cron', 'greetingsCleanup', 'How often expired greetings are cleaned up'),
  ('housekeepingBot', 'true', 'switch', 'housekeeping', 'Removes old sessions and sign-in attempts'),
  ('housekeepingCron', '17 3 * * *', 'cron', 'housekeeping', 'How often housekeeping runs');
--> statement-breakpoint
CREATE TABLE "bot_runs" (
  "id" bigserial PRIMARY KEY,
  "bot" text NOT NULL,
  "started_at" timestamptz NOT NULL DEFAULT now(),
  "finished_at" timestamptz,
  -- running, succeeded, failed, skipped (switched off)
  "outcome" text NOT NULL DEFAULT 'running',
  "duration_ms" integer,
  "detail" text
);
--> statement-breakpoint
CREATE INDEX "bot_runs_bot_idx" ON "bot_runs" ("bot", "started_at" DESC);
--> statement-breakpoint
-- The scheduler (pg-boss worker) reports it is alive; the bot page says when it is not.
CREATE TABLE "scheduler_heartbeats" (
  "worker" text PRIMARY KEY,
  "seen_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Agent onboarding data: images in the encrypted file store, keys kept here.
CREATE TABLE "agent_kyc" (
  "user_id" uuid PRIMARY KEY REFERENCES "users"("id"),
  "idcard_type" text,
  "idcard_cid" text,
  "idcard_key" text,
  "shop_cid" text,
  "shop_key" text,
  "selfie_cid" text,
  "selfie_key" text,
  "store_state" text,
  "updated_by" uuid REFERENCES "staff"("id") ON DELETE SET NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
