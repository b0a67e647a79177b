-- Four eyes: the approval policy (versioned like the internal settings: each change is a new
-- row, the newest is in force) and the requests that wait for a second member of staff.
CREATE TABLE "approval_policy_versions" (
  "id" bigserial PRIMARY KEY,
  "policy" jsonb NOT NULL,
  "changed_by" uuid REFERENCES "staff"("id") ON DELETE SET NULL,
  "changed_by_email" citext,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "approval_policy_versions_created_idx" ON "approval_policy_versions" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Off for every kind until a Super Admin or Compliance officer sets it (docs/operations.md).
INSERT INTO "approval_policy_versions" ("policy", "changed_by_email")
VALUES ('{"remitFunds":{"thresholdUsd":null},"withdrawalOut":{"thresholdUsd":null},"settings":{"required":false},"admins":{"required":false},"blacklist":{"required":false},"expiryHours":24}', NULL);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "kind" text NOT NULL CHECK ("kind" IN ('remitFunds', 'withdrawalOut', 'settings', 'admins', 'blacklist')),
  "action" text NOT NULL,
  "permission" text NOT NULL,
  "payload" jsonb NOT NULL,
  "summary" text NOT NULL,
  "amount_usd" numeric(38,18),
  "snapshot" jsonb NOT NULL,
  "reason" text NOT NULL,
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'approved', 'rejected', 'cancelled', 'expired')),
  "policy_version" bigint NOT NULL REFERENCES "approval_policy_versions"("id"),
  "requested_by" uuid NOT NULL REFERENCES "staff"("id"),
  "requested_by_email" citext NOT NULL,
  "decided_by" uuid REFERENCES "staff"("id"),
  "decided_by_email" citext,
  "decision_comment" text,
  "result" jsonb,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "expires_at" timestamptz NOT NULL,
  "decided_at" timestamptz,
  CHECK (("status" = 'pending') = ("decided_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "approval_requests_pending_idx" ON "approval_requests" ("created_at" DESC, "id" DESC) WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "approval_requests_created_idx" ON "approval_requests" ("created_at" DESC, "id" DESC);
