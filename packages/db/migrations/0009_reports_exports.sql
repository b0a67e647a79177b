CREATE TABLE "fee_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"wallet_transaction_id" uuid REFERENCES "wallet_transactions"("id"),
	"transaction_amount" numeric(38, 18) NOT NULL,
	"final_amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"fee_usd" numeric(38, 18) NOT NULL DEFAULT 0,
	"discount" numeric(5, 2) DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_records_discount_range" CHECK ("discount" >= 0 AND "discount" <= 100),
	CONSTRAINT "fee_records_fee_positive" CHECK ("fee" >= 0)
);
--> statement-breakpoint
CREATE INDEX "fee_records_created_idx" ON "fee_records" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "fee_records_user_idx" ON "fee_records" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "gas_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid REFERENCES "batches"("id"),
	"amount" numeric(38, 18) NOT NULL,
	"action" text NOT NULL,
	"bnb_price" numeric(38, 18) NOT NULL,
	"final_shares" numeric(38, 18) NOT NULL,
	"gas_cost_usd" numeric(38, 18) NOT NULL,
	"gas_price" numeric(38, 18) NOT NULL,
	"gas_used" bigint NOT NULL,
	"init_shares" numeric(38, 18) NOT NULL,
	"price_per_full_share" numeric(38, 18) NOT NULL,
	"share_balance" numeric(38, 18) NOT NULL,
	"protocol_name" text NOT NULL,
	"process_status" text NOT NULL,
	"transaction_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gas_records_created_idx" ON "gas_records" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE TABLE "exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total_rows" bigint,
	"rows_written" bigint DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"file_cid" text,
	"file_key" text,
	"error" text,
	"requested_by" uuid NOT NULL REFERENCES "staff"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exports_status_known" CHECK ("status" IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "exports_requested_by_idx" ON "exports" USING btree ("requested_by", "created_at");
--> statement-breakpoint
CREATE INDEX "exports_created_idx" ON "exports" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "exports_pending_idx" ON "exports" USING btree ("created_at") WHERE "status" IN ('queued', 'running');
--> statement-breakpoint
CREATE INDEX "wallet_tx_created_idx" ON "wallet_transactions" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "savings_tx_state_created_idx" ON "savings_transactions" USING btree ("transaction_state", "created_at", "id") INCLUDE ("user_id", "amount");
--> statement-breakpoint
CREATE INDEX "savings_tx_created_id_idx" ON "savings_transactions" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "wallet_tx_state_created_id_idx" ON "wallet_transactions" USING btree ("transaction_state", "created_at", "id");
--> statement-breakpoint
-- Grouped savings totals over every row, kept by the statements that write savings transactions
-- (state -1 holds all states). Read only when a report range covers every row; exact because each
-- insert, update or delete applies its own delta in the same transaction.
CREATE TABLE "savings_group_totals" (
	"transaction_state" smallint NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"n" bigint NOT NULL,
	"total" numeric NOT NULL,
	CONSTRAINT "savings_group_totals_pk" PRIMARY KEY ("transaction_state", "user_id", "currency")
);
--> statement-breakpoint
CREATE INDEX "savings_group_totals_rank_idx" ON "savings_group_totals" USING btree ("transaction_state", "total" DESC, "user_id", "currency") WHERE "n" > 0;
--> statement-breakpoint
CREATE FUNCTION savings_group_totals_apply(s smallint, u uuid, c text, dn bigint, dt numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO savings_group_totals AS g (transaction_state, user_id, currency, n, total) VALUES (s, u, c, dn, dt), (-1, u, c, dn, dt)
  ON CONFLICT (transaction_state, user_id, currency) DO UPDATE SET n = g.n + EXCLUDED.n, total = g.total + EXCLUDED.total
$$;
--> statement-breakpoint
CREATE FUNCTION savings_group_totals_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM savings_group_totals_apply(OLD.transaction_state, OLD.user_id, OLD.currency, -1, -OLD.amount);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM savings_group_totals_apply(NEW.transaction_state, NEW.user_id, NEW.currency, 1, NEW.amount);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER savings_group_totals_insert_delete AFTER INSERT OR DELETE ON savings_transactions
  FOR EACH ROW EXECUTE FUNCTION savings_group_totals_record();
--> statement-breakpoint
CREATE TRIGGER savings_group_totals_update AFTER UPDATE ON savings_transactions
  FOR EACH ROW WHEN (OLD.transaction_state IS DISTINCT FROM NEW.transaction_state OR OLD.user_id IS DISTINCT FROM NEW.user_id
                     OR OLD.currency IS DISTINCT FROM NEW.currency OR OLD.amount IS DISTINCT FROM NEW.amount)
  EXECUTE FUNCTION savings_group_totals_record();
--> statement-breakpoint
CREATE FUNCTION savings_group_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM savings_group_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER savings_group_totals_truncate AFTER TRUNCATE ON savings_transactions FOR EACH STATEMENT EXECUTE FUNCTION savings_group_totals_clear();
--> statement-breakpoint
-- For loads that write with triggers off (the demo generator): rebuilds the totals from the rows.
CREATE FUNCTION savings_group_totals_rebuild() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE written bigint;
BEGIN
  DELETE FROM savings_group_totals;
  INSERT INTO savings_group_totals (transaction_state, user_id, currency, n, total)
    SELECT transaction_state, user_id, currency, count(*), sum(amount) FROM savings_transactions GROUP BY 1, 2, 3
    UNION ALL
    SELECT -1, user_id, currency, count(*), sum(amount) FROM savings_transactions GROUP BY 2, 3;
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION csv_safe_text(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN t ~ '^[=+@\t\r-]' THEN '''' || t ELSE t END
$$;
