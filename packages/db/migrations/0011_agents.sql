-- Agents (the User Type screen). The agent_kyc table came with 0008; its ID type is one of three.
ALTER TABLE "agent_kyc" ADD CONSTRAINT "agent_kyc_idcard_type_check" CHECK ("idcard_type" IN ('National_ID', 'International_ID', 'Drivers_License'));
--> statement-breakpoint
-- The per-type agent list is ordered by when the user got the type, newest first.
CREATE INDEX "user_usertypes_type_created_idx" ON "user_usertypes" USING btree ("user_type_id", "created_at" DESC, "user_id" DESC);
