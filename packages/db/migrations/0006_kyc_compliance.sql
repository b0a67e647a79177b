CREATE TABLE "kyc_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"level_name" text NOT NULL,
	"level_number" smallint NOT NULL,
	"daily_withdrawal" numeric(38, 18) NOT NULL,
	"monthly_withdrawal" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_levels_level_number_unique" UNIQUE("level_number"),
	CONSTRAINT "kyc_levels_level_number_check" CHECK ("level_number" BETWEEN 1 AND 3)
);
--> statement-breakpoint
INSERT INTO "kyc_levels" ("level_name", "level_number", "daily_withdrawal", "monthly_withdrawal") VALUES
  ('Basic', 1, 100, 1000), ('Verified', 2, 5000, 50000), ('Advanced', 3, 50000, 500000)
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE "kyc_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"phone_number" text,
	"date_of_birth" date,
	"gender" text,
	"resident_address" text,
	"country_code" text,
	"device_id" text,
	"idcard_type" text,
	"idcard_number" text,
	"idcard_ipfs_hash" text,
	"idcard_encrypt_key" text,
	"selfie_ipfs_hash" text,
	"selfie_encrypt_key" text,
	"level_two_status" text,
	"level_three_status" text,
	"level_two_approved_by" uuid,
	"level_two_approved_at" timestamp with time zone,
	"rejected_by" uuid,
	"rejection_time" timestamp with time zone,
	"level_two_rejection_reason" text,
	"level_two_rejection_message" text,
	"claimed_by" uuid,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_records_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "kyc_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id"),
	CONSTRAINT "kyc_records_level_two_status_check" CHECK ("level_two_status" IN ('submitted', 'approved', 'rejected', 'escalated')),
	CONSTRAINT "kyc_records_level_three_status_check" CHECK ("level_three_status" IN ('submitted', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "kyc_records_l2_status_idx" ON "kyc_records" USING btree ("level_two_status", "updated_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "kyc_records_l3_status_idx" ON "kyc_records" USING btree ("level_three_status", "updated_at" DESC, "id") WHERE "level_three_status" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "kyc_records_phone_idx" ON "kyc_records" USING btree ("phone_number", "created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "kyc_records_idcard_idx" ON "kyc_records" USING btree ("idcard_number", "created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "kyc_records_device_idx" ON "kyc_records" USING btree ("device_id", "created_at" DESC, "id");
--> statement-breakpoint
-- The queue Manage Random KYC draws from: submitted cases, oldest first.
CREATE INDEX "kyc_records_unattended_idx" ON "kyc_records" USING btree ("created_at", "id") WHERE "level_two_status" = 'submitted';
--> statement-breakpoint
CREATE INDEX "kyc_records_claimed_by_idx" ON "kyc_records" USING btree ("claimed_by") WHERE "claimed_by" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_registration_device_idx" ON "users" USING btree (("registration_device_details" ->> 'serial'));
--> statement-breakpoint
-- Counters per level and status, kept by a trigger: the list's six counters and its totals never
-- count the table.
CREATE TABLE "kyc_status_counts" (
	"level" smallint NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "kyc_status_counts_pk" PRIMARY KEY ("level", "status")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kyc_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.level_two_status IS NOT NULL THEN
      UPDATE kyc_status_counts SET n = n - 1 WHERE level = 2 AND status = OLD.level_two_status;
    END IF;
    IF OLD.level_three_status IS NOT NULL THEN
      UPDATE kyc_status_counts SET n = n - 1 WHERE level = 3 AND status = OLD.level_three_status;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF NEW.level_two_status IS NOT NULL THEN
      INSERT INTO kyc_status_counts AS c (level, status, n) VALUES (2, NEW.level_two_status, 1)
        ON CONFLICT (level, status) DO UPDATE SET n = c.n + 1;
    END IF;
    IF NEW.level_three_status IS NOT NULL THEN
      INSERT INTO kyc_status_counts AS c (level, status, n) VALUES (3, NEW.level_three_status, 1)
        ON CONFLICT (level, status) DO UPDATE SET n = c.n + 1;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER kyc_records_counts AFTER INSERT OR DELETE OR UPDATE OF level_two_status, level_three_status ON kyc_records
  FOR EACH ROW EXECUTE FUNCTION kyc_status_counts_apply();
--> statement-breakpoint
CREATE TABLE "kyc_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kyc_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"level" smallint DEFAULT 2 NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"staff_id" uuid,
	"staff_email" text,
	"reason" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_history_kyc_id_kyc_records_id_fk" FOREIGN KEY ("kyc_id") REFERENCES "public"."kyc_records"("id")
);
--> statement-breakpoint
CREATE INDEX "kyc_history_user_idx" ON "kyc_history" USING btree ("user_id", "created_at" DESC, "id");
--> statement-breakpoint
CREATE TABLE "blacklisted_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" text NOT NULL,
	"user_id" uuid,
	"blacklisted" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blacklisted_devices_device_id_unique" UNIQUE("device_id"),
	CONSTRAINT "blacklisted_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id")
);
--> statement-breakpoint
CREATE INDEX "blacklisted_devices_created_idx" ON "blacklisted_devices" USING btree ("created_at" DESC, "id");
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "watchlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id")
);
--> statement-breakpoint
CREATE INDEX "watchlist_created_idx" ON "watchlist" USING btree ("created_at" DESC, "id");
--> statement-breakpoint
CREATE TABLE "funding_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_received" numeric(38, 18) NOT NULL,
	"currency" text DEFAULT 'BUSD' NOT NULL,
	"receiving_address" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id")
);
--> statement-breakpoint
CREATE INDEX "funding_requests_user_idx" ON "funding_requests" USING btree ("user_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "funding_requests_hash_idx" ON "funding_requests" USING btree (lower("transaction_hash"));
--> statement-breakpoint
CREATE INDEX "funding_requests_address_idx" ON "funding_requests" USING btree (lower("receiving_address"), "created_at" DESC);
--> statement-breakpoint
CREATE TABLE "double_fundings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"funding_status" text DEFAULT 'pending' NOT NULL,
	"amount_received" numeric(38, 18) NOT NULL,
	"total_amount_deposited" numeric(38, 18) NOT NULL,
	"deposit_address" text NOT NULL,
	"receiving_address" text NOT NULL,
	"process_list_creator" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "double_fundings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id"),
	CONSTRAINT "double_fundings_status_check" CHECK ("status" IN ('pending', 'deleted'))
);
--> statement-breakpoint
CREATE INDEX "double_fundings_status_idx" ON "double_fundings" USING btree ("status", "created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "savings_plans_locked_idx" ON "savings_plans" USING btree ("plan_type", (coalesce("unlocked_at", "locked_at")) DESC, "id") WHERE "locked" OR "unlocked_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "savings_plans_maturing_idx" ON "savings_plans" USING btree ("lock_period", "id") WHERE "plan_type" = 'fixed' AND "plan_state" <> 'withdrawn';
