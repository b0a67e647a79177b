-- The product API's idempotency keys and per-client request counters (docs/decisions/integrations.md).
CREATE TABLE "idempotency_keys" (
	"client_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'in_progress' NOT NULL,
	"status_code" smallint,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_client_id_key_pk" PRIMARY KEY("client_id","key"),
	CONSTRAINT "idempotency_keys_client_id_service_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."service_clients"("id"),
	CONSTRAINT "idempotency_keys_state_known" CHECK ("idempotency_keys"."state" IN ('in_progress', 'done')),
	CONSTRAINT "idempotency_keys_key_length" CHECK (char_length("idempotency_keys"."key") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "product_rate_counts" (
	"client_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_rate_counts_client_id_minute_pk" PRIMARY KEY("client_id","minute"),
	CONSTRAINT "product_rate_counts_client_id_service_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."service_clients"("id")
);
