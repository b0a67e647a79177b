-- One chain transaction backs one money event. Every path that records money as moved by a
-- transaction (a saved deposit or withdraw batch, a batch recorded as sent, a plan's part
-- resolved with a transaction of its own, a withdrawal-out payout) claims the transaction here,
-- in the same database transaction as the event: the unique key decides two claims at once, a
-- rolled-back event leaves no claim (apps/api/src/chain/transaction-claims.ts).
-- chain_id 0: the chain was not recorded (uses recorded before claims existed whose record names
-- no chain, or a server with no chain configured); such a claim holds the hash on every chain.
CREATE TABLE "transaction_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"hash" text NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_claims_hash_lower" CHECK ("hash" = lower("hash")),
	CONSTRAINT "transaction_claims_kind_check" CHECK ("kind" IN ('batch.deposit', 'batch.withdraw', 'sent.deposit', 'sent.withdraw',
	                                                             'resolve.deposit', 'resolve.withdraw', 'payout', 'payout.in-app'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_claims_hash_uq" ON "transaction_claims" USING btree ("chain_id", lower("hash"));
--> statement-breakpoint
CREATE INDEX "transaction_claims_record_idx" ON "transaction_claims" USING btree ("kind", "record_id");
--> statement-breakpoint
CREATE INDEX "transaction_claims_hash_idx" ON "transaction_claims" USING btree (lower("hash"));
--> statement-breakpoint
-- The claims of what is recorded already, oldest use first (the first use keeps the transaction;
-- a later use of the same one is left to reconciliation to name). Idempotent: the migration runs
-- it once, the demo generator after writing its batches and requests.
CREATE OR REPLACE FUNCTION transaction_claims_backfill() RETURNS bigint LANGUAGE sql AS $$
  WITH uses AS (
    SELECT coalesce(b.network, 0) AS chain_id, lower(b.transaction_hash) AS hash, 'batch.' || b.action AS kind, b.id::text AS record_id,
           b.created_by AS claimed_by, b.created_at AS claimed_at
      FROM batches b
     WHERE b.transaction_hash IS NOT NULL AND b.action IN ('deposit', 'withdraw')
    UNION ALL
    SELECT coalesce(b.network, 0), lower(bp.resolved_hash), 'resolve.' || b.action, bp.batch_id::text || '/' || bp.plan_id::text,
           bp.resolved_by, coalesce(bp.resolved_at, b.created_at)
      FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id
     WHERE bp.resolved_hash IS NOT NULL AND lower(bp.resolved_hash) <> lower(coalesce(b.transaction_hash, ''))
       AND b.action IN ('deposit', 'withdraw')
    UNION ALL
    SELECT 0, lower(pl.sent_hash), 'sent.' || pl.type, pl.id::text, pl.sent_by, coalesce(pl.sent_at, pl.created_at)
      FROM process_lists pl
     WHERE pl.sent_hash IS NOT NULL AND lower(pl.sent_hash) <> lower(coalesce(pl.transaction_hash, ''))
    UNION ALL
    SELECT 0, lower(r.transaction_hash), CASE WHEN r.in_app_transaction THEN 'payout.in-app' ELSE 'payout' END, r.id::text,
           r.processed_by, coalesce(r.processed_at, r.updated_at)
      FROM withdrawal_requests r
     WHERE r.transaction_hash IS NOT NULL),
  ins AS (
    INSERT INTO transaction_claims (chain_id, hash, kind, record_id, claimed_by, claimed_at)
    SELECT u.chain_id, u.hash, u.kind, u.record_id, u.claimed_by, u.claimed_at
      FROM (SELECT DISTINCT ON (lower(hash)) * FROM uses ORDER BY lower(hash), claimed_at, kind, record_id) u
     WHERE NOT EXISTS (SELECT 1 FROM transaction_claims c WHERE lower(c.hash) = u.hash)
    ON CONFLICT DO NOTHING
    RETURNING 1)
  SELECT count(*) FROM ins
$$;
--> statement-breakpoint
SELECT transaction_claims_backfill();
--> statement-breakpoint
-- Reconciliation names a transaction recorded as backing more than one money event: its own list of rows.
ALTER TABLE "reconciliation_rows" DROP CONSTRAINT "reconciliation_rows_kind_known";
--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD CONSTRAINT "reconciliation_rows_kind_known" CHECK ("kind" IN ('ledger', 'flagged', 'holds', 'batches', 'transactions'));
