-- The chain watcher (docs/decisions/chain-watcher.md): its cursor per chain, the recent blocks it
-- processed, every token transfer it saw to a customer's address; a deposit claim per log of a
-- transaction; the outbox the product's webhooks read; wallets found by lowercase address.
CREATE TABLE "chain_watch_cursors" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"last_block" bigint NOT NULL,
	"head_block" bigint,
	"head_seen_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_watch_blocks" (
	"chain_id" integer NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_watch_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"token" text NOT NULL,
	"currency" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount_wei" numeric(78, 0) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"wallet_id" uuid,
	"user_id" uuid,
	"status" text DEFAULT 'seen' NOT NULL,
	"reason" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"confirmations" integer,
	"ledger_entry_id" bigint,
	"wallet_transaction_id" uuid,
	CONSTRAINT "chain_deposits_status_check" CHECK (status = ANY (ARRAY['seen'::text, 'credited'::text, 'dropped'::text, 'ignored'::text])),
	CONSTRAINT "chain_deposits_hash_lower" CHECK ((tx_hash = lower(tx_hash)) AND (to_address = lower(to_address)) AND (token = lower(token)))
);
--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_log_block_uq" ON "chain_deposits" USING btree ("chain_id","tx_hash","log_index","block_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_credited_uq" ON "chain_deposits" USING btree ("chain_id","tx_hash","log_index") WHERE (status = 'credited'::text);
--> statement-breakpoint
CREATE INDEX "chain_deposits_pending_idx" ON "chain_deposits" USING btree ("chain_id","block_number") WHERE (status = 'seen'::text);
--> statement-breakpoint
CREATE INDEX "chain_deposits_user_idx" ON "chain_deposits" USING btree ("user_id","seen_at");
--> statement-breakpoint
CREATE INDEX "chain_deposits_seen_idx" ON "chain_deposits" USING btree ("seen_at");
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"user_id" uuid,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_events_event_id_uq" ON "outbox_events" USING btree ("event_id");
--> statement-breakpoint
CREATE INDEX "outbox_events_user_idx" ON "outbox_events" USING btree ("user_id","id");
--> statement-breakpoint
-- A deposit claims one log of a transaction; every other claim holds the whole transaction (log_index null).
ALTER TABLE "transaction_claims" ADD COLUMN "log_index" integer;
--> statement-breakpoint
DROP INDEX "transaction_claims_hash_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_claims_hash_uq" ON "transaction_claims" USING btree ("chain_id",lower("hash"),COALESCE("log_index", '-1'::integer));
--> statement-breakpoint
ALTER TABLE "transaction_claims" DROP CONSTRAINT "transaction_claims_kind_check";
--> statement-breakpoint
ALTER TABLE "transaction_claims" ADD CONSTRAINT "transaction_claims_kind_check" CHECK (kind = ANY (ARRAY['batch.deposit'::text, 'batch.withdraw'::text, 'sent.deposit'::text, 'sent.withdraw'::text, 'resolve.deposit'::text, 'resolve.withdraw'::text, 'payout'::text, 'payout.in-app'::text, 'deposit'::text]));
--> statement-breakpoint
CREATE INDEX "wallets_address_lower_idx" ON "wallets" USING btree (lower("address"));
