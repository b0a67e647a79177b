-- One payout transaction pays one withdrawal-out request: Process Request recording a hash that
-- another request already holds is refused by the database too (the API answers 409), so two
-- requests cannot both be marked Done with the same transfer. Hashes are stored lowercase.
CREATE UNIQUE INDEX IF NOT EXISTS "withdrawal_requests_transaction_hash_uq" ON "withdrawal_requests" (lower("transaction_hash"))
  WHERE "transaction_hash" IS NOT NULL;
