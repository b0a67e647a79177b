-- One row per running worker (docs/operations.md, "Metrics"): each worker writes its row at start
-- and every WORKER_HEARTBEAT_SECONDS, and marks it stopped on a clean stop; the API's /metrics
-- reads how long ago each was seen, so a worker that died is visible from any API instance.
CREATE TABLE "worker_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"heartbeat_seconds" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"jobs_run" bigint DEFAULT 0 NOT NULL,
	"jobs_failed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "worker_instances_heartbeat" CHECK ("heartbeat_seconds" >= 1)
);
--> statement-breakpoint
CREATE INDEX "worker_instances_last_seen_idx" ON "worker_instances" USING btree ("last_seen_at");
