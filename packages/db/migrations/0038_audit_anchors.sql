-- The audit trail's anchors (docs/decisions/audit-trail.md): an index only. Each anchor is an
-- object in the file store (audit-anchors/<id>.json: the rows it covers with their hashes) and a
-- transaction on the configured chain whose data is that object's digest; verification trusts
-- the object checked against the chain, never this table.
CREATE TABLE "audit_anchors" (
	"id" bigint PRIMARY KEY NOT NULL,
	"from_seq" bigint NOT NULL,
	"head_seq" bigint NOT NULL,
	"head_row_id" bigint NOT NULL,
	"head_hash" text NOT NULL,
	"row_count" integer NOT NULL,
	"object_key" text NOT NULL,
	"digest" text NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"block" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_anchors_range" CHECK ("from_seq" >= 1 AND "head_seq" >= "from_seq")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_anchors_head_seq_idx" ON "audit_anchors" USING btree ("head_seq");
