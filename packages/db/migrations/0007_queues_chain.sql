CREATE TABLE "process_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL CHECK ("type" IN ('deposit', 'withdraw')),
	"status" smallint DEFAULT 0 NOT NULL CHECK ("status" IN (0, 1, 2)),
	"transaction_hash" text,
	"batch_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One unfinished list per queue: it is "the active one" of the specification, and two staff creating one at once get one list.
CREATE UNIQUE INDEX "process_lists_active_uq" ON "process_lists" ("type") WHERE "status" <> 2;
--> statement-breakpoint
CREATE UNIQUE INDEX "process_lists_hash_uq" ON "process_lists" ("transaction_hash") WHERE "transaction_hash" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "process_lists_created_idx" ON "process_lists" ("type", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "queue_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue" text NOT NULL CHECK ("queue" IN ('deposit', 'withdraw')),
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"plan_id" uuid NOT NULL REFERENCES "savings_plans"("id"),
	"amount" numeric(38, 18) NOT NULL CHECK ("amount" > 0),
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'processing', 'done', 'cancelled', 'failed')),
	"process_list_id" uuid REFERENCES "process_lists"("id"),
	"transaction_hash" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "queue_items_list_idx" ON "queue_items" ("queue", "status", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "queue_items_process_list_idx" ON "queue_items" ("process_list_id") WHERE "process_list_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "queue_items_plan_idx" ON "queue_items" ("plan_id");
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "process_list_id" uuid REFERENCES "process_lists"("id");
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "amount" numeric(38, 18);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "price_per_full_share" numeric(78, 0);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "init_shares" numeric(78, 0);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "final_shares" numeric(78, 0);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "protocol_name" text;
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "network" integer;
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "gas_used" numeric(78, 0);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "block" numeric(78, 0);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "from_address" text;
--> statement-breakpoint
-- A transaction carries one batch: saving the same hash twice is refused by the database too.
CREATE UNIQUE INDEX "batches_transaction_hash_uq" ON "batches" (lower("transaction_hash")) WHERE "transaction_hash" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "withdrawal_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"wallet_id" uuid NOT NULL REFERENCES "wallets"("id"),
	"currency" smallint NOT NULL CHECK ("currency" IN (1, 2)),
	"amount" numeric(38, 18) NOT NULL CHECK ("amount" > 0),
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"final_amount" numeric(38, 18) NOT NULL,
	"former_balance" numeric(38, 18) NOT NULL,
	"balance" numeric(38, 18) NOT NULL,
	"status" smallint DEFAULT 8 NOT NULL CHECK ("status" IN (0, 1, 2, 3, 5, 6, 7, 8)),
	"initiator" smallint DEFAULT 1 NOT NULL,
	"p2p_ref" text,
	"destination_address" text NOT NULL,
	"in_app_transaction" boolean DEFAULT false NOT NULL,
	"transaction_hash" text,
	"channel" text,
	"processed_by" uuid,
	"processed_at" timestamp with time zone,
	"last_status_changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "withdrawal_requests_status_idx" ON "withdrawal_requests" ("status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "withdrawal_requests_user_idx" ON "withdrawal_requests" ("user_id");
--> statement-breakpoint
-- A withdrawal request is refunded at most once, whatever the application does.
CREATE UNIQUE INDEX "ledger_withdrawal_refund_uq" ON "ledger_entries" ("reference_id") WHERE "kind" = 'withdrawal-refund';
--> statement-breakpoint
CREATE TABLE "queue_counts" (
	"queue" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "queue_counts_pk" PRIMARY KEY ("queue", "status")
);
--> statement-breakpoint
-- Counters per queue and status, kept by triggers in the same transaction as the change: list totals and queue-status answer without counting millions of rows.
CREATE FUNCTION queue_counts_bump(q text, s text, d bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO queue_counts (queue, status, n) VALUES (q, s, d)
  ON CONFLICT (queue, status) DO UPDATE SET n = queue_counts.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION queue_items_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM queue_counts_bump(OLD.queue, OLD.status, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM queue_counts_bump(NEW.queue, NEW.status, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER queue_items_count AFTER INSERT OR DELETE OR UPDATE OF status, queue ON queue_items
  FOR EACH ROW EXECUTE FUNCTION queue_items_count();
--> statement-breakpoint
CREATE FUNCTION withdrawal_requests_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM queue_counts_bump('withdrawout', OLD.status::text, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM queue_counts_bump('withdrawout', NEW.status::text, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER withdrawal_requests_count AFTER INSERT OR DELETE OR UPDATE OF status ON withdrawal_requests
  FOR EACH ROW EXECUTE FUNCTION withdrawal_requests_count();
--> statement-breakpoint
-- Bulk loads with triggers off rebuild the counters in one statement.
CREATE FUNCTION queue_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM queue_counts;
  INSERT INTO queue_counts (queue, status, n) SELECT queue, status, count(*) FROM queue_items GROUP BY queue, status;
  INSERT INTO queue_counts (queue, status, n) SELECT 'withdrawout', status::text, count(*) FROM withdrawal_requests GROUP BY status;
$$;
--> statement-breakpoint
CREATE TABLE "liquidity_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"wallet_address" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"edited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "liquidity_providers_address_uq" ON "liquidity_providers" (lower("wallet_address"));
--> statement-breakpoint
CREATE INDEX "liquidity_providers_updated_idx" ON "liquidity_providers" ("updated_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "bridge_sell_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_reference" text NOT NULL,
	"user_id" uuid REFERENCES "users"("id"),
	"user_email" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"pay_in_currency" text NOT NULL,
	"destination_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bridge_sell_requests_reference_uq" ON "bridge_sell_requests" (lower("order_reference"));
