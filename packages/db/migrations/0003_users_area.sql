CREATE TABLE "customer_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_roles_title_unique" UNIQUE("title"),
	CONSTRAINT "customer_roles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "user_bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" "citext" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_usertypes" (
	"user_id" uuid NOT NULL,
	"user_type_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_usertypes_user_id_user_type_id_pk" PRIMARY KEY("user_id","user_type_id")
);
--> statement-breakpoint
CREATE TABLE "batch_plans" (
	"batch_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'included' NOT NULL,
	"resolved_hash" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "batch_plans_batch_id_plan_id_pk" PRIMARY KEY("batch_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"plan_type" text NOT NULL,
	"transaction_hash" text,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custodial_balance_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wallet_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"balance" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custodial_wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"purpose" text NOT NULL,
	"address" text NOT NULL,
	"network" integer DEFAULT 56 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custodial_wallets_address_unique" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"currency" text DEFAULT 'VLT' NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"transaction_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_prices" (
	"currency" text PRIMARY KEY NOT NULL,
	"usd_price" numeric(38, 18) NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_id" uuid;--> statement-breakpoint
ALTER TABLE "user_bank_accounts" ADD CONSTRAINT "user_bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_usertypes" ADD CONSTRAINT "user_usertypes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_usertypes" ADD CONSTRAINT "user_usertypes_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_plans" ADD CONSTRAINT "batch_plans_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_plans" ADD CONSTRAINT "batch_plans_plan_id_savings_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."savings_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custodial_balance_snapshots" ADD CONSTRAINT "custodial_balance_snapshots_wallet_id_custodial_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."custodial_wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_records" ADD CONSTRAINT "reward_records_plan_id_savings_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."savings_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_records" ADD CONSTRAINT "reward_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_bank_accounts_user_idx" ON "user_bank_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_usertypes_type_idx" ON "user_usertypes" USING btree ("user_type_id","user_id");--> statement-breakpoint
CREATE INDEX "batch_plans_plan_idx" ON "batch_plans" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "batches_created_idx" ON "batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "custodial_snapshots_wallet_idx" ON "custodial_balance_snapshots" USING btree ("wallet_id","currency","read_at");--> statement-breakpoint
CREATE INDEX "remittances_user_idx" ON "remittances" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remittances_one_pending_idx" ON "remittances" USING btree ("user_id","currency") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "reward_records_plan_idx" ON "reward_records" USING btree ("plan_id","created_at");--> statement-breakpoint
CREATE INDEX "share_prices_protocol_idx" ON "share_prices" USING btree ("protocol","recorded_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_customer_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."customer_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "savings_tx_created_idx" ON "savings_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_zone_country_idx" ON "users" USING btree ("zone_country","created_at","id");--> statement-breakpoint
CREATE INDEX "users_ip_country_idx" ON "users" USING btree ("ip_country","created_at","id");--> statement-breakpoint
CREATE INDEX "users_residence_country_idx" ON "users" USING btree ("residence_country","created_at","id");--> statement-breakpoint
-- The two customer roles the product knows; a customer without a role is a User.
INSERT INTO "customer_roles" ("title", "slug") VALUES ('User', 'user'), ('Staff', 'staff') ON CONFLICT DO NOTHING;
