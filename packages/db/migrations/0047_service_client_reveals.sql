-- A secret made by an approved (four-eyes) create or rotate, waiting for the staff member who asked for it to reveal
-- it once (docs/decisions/integrations.md, "Service clients").
CREATE TABLE "service_client_reveals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"reveal_to" uuid NOT NULL,
	"approval_request_id" uuid,
	"secret_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "service_client_reveals_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "service_clients"("id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "service_client_reveals_client_idx" ON "service_client_reveals" USING btree ("client_id","reveal_to");
