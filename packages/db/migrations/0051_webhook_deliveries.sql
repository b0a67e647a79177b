-- Webhook deliveries of the outbox's events to service clients (docs/decisions/integrations.md, "Webhook delivery").
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"outbox_id" bigint NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_known" CHECK ("webhook_deliveries"."status" IN ('pending', 'delivered', 'failed')),
	CONSTRAINT "webhook_deliveries_last_error_short" CHECK (char_length("webhook_deliveries"."last_error") <= 500)
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_client_id_service_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."service_clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_outbox_id_outbox_events_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox_events"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_client_outbox_uq" ON "webhook_deliveries" USING btree ("client_id","outbox_id");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("client_id","user_id","outbox_id") WHERE "webhook_deliveries"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_client_list_idx" ON "webhook_deliveries" USING btree ("client_id","status","id");
--> statement-breakpoint
CREATE TABLE "webhook_fanout_cursor" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_outbox_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_fanout_cursor_one_row" CHECK ("webhook_fanout_cursor"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "webhook_fanout_cursor" ("id", "last_outbox_id") SELECT 1, coalesce(max("id"), 0) FROM "outbox_events";
