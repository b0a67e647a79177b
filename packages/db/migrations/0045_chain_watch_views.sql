-- What staff see of the chain watcher (docs/decisions/chain-watcher.md): a credited deposit found
-- from its wallet transaction (the profile's list), the recorded transfers by status newest first
-- (the Advanced panel's filter), and today's credits by when they were decided.
CREATE INDEX "chain_deposits_wallet_tx_idx" ON "chain_deposits" USING btree ("wallet_transaction_id") WHERE wallet_transaction_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "chain_deposits_status_seen_idx" ON "chain_deposits" USING btree ("status","seen_at","id");
--> statement-breakpoint
CREATE INDEX "chain_deposits_credited_at_idx" ON "chain_deposits" USING btree ("decided_at") WHERE status = 'credited'::text;
--> statement-breakpoint
-- Reconciliation's check of every credited deposit against its receipt on the chain.
ALTER TABLE "reconciliation_rows" DROP CONSTRAINT "reconciliation_rows_kind_known";
--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD CONSTRAINT "reconciliation_rows_kind_known" CHECK ("kind" IN ('ledger', 'flagged', 'holds', 'batches', 'transactions', 'deposits'));
