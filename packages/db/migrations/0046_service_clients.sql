-- Service clients of the product API and its webhooks (docs/decisions/integrations.md).
CREATE TABLE "service_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_id" text NOT NULL,
	"secret_enc" text NOT NULL,
	"previous_secret_enc" text,
	"previous_secret_expires_at" timestamp with time zone,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"webhook_url" text,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"rate_limit_per_minute" integer DEFAULT 600 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "service_clients_status_known" CHECK ("service_clients"."status" IN ('active', 'revoked')),
	CONSTRAINT "service_clients_rate_limit_range" CHECK ("service_clients"."rate_limit_per_minute" BETWEEN 1 AND 100000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "service_clients_key_id_uq" ON "service_clients" USING btree ("key_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "service_clients_name_uq" ON "service_clients" USING btree (lower("name"));
--> statement-breakpoint
CREATE INDEX "service_clients_status_idx" ON "service_clients" USING btree ("status","created_at");
