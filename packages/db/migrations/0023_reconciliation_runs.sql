-- Reconciliation runs (issue 12): the report is computed by the worker, not inside a request, and
-- kept. A run is queued by a Super Admin (or the daily schedule), run by one worker on one
-- connection, and its findings stored: up to the row cap of each list, the true totals in the summary.
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	-- null: the daily scheduled run.
	"requested_by" uuid REFERENCES "staff"("id"),
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	-- While running: the part being checked (ledger, flagged, holds, batches).
	"step" text,
	"error" text,
	"summary" jsonb,
	CONSTRAINT "reconciliation_runs_status_known" CHECK ("status" IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
-- At most one run queued or running, whatever the number of API processes or concurrent requests.
CREATE UNIQUE INDEX "reconciliation_runs_one_active" ON "reconciliation_runs" USING btree ((true)) WHERE "status" IN ('queued', 'running');
--> statement-breakpoint
CREATE INDEX "reconciliation_runs_finished_idx" ON "reconciliation_runs" USING btree ("status", "finished_at" DESC, "id");
--> statement-breakpoint
CREATE TABLE "reconciliation_rows" (
	"run_id" uuid NOT NULL REFERENCES "reconciliation_runs"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "reconciliation_rows_pk" PRIMARY KEY ("run_id", "kind", "position"),
	CONSTRAINT "reconciliation_rows_kind_known" CHECK ("kind" IN ('ledger', 'flagged', 'holds', 'batches'))
);
