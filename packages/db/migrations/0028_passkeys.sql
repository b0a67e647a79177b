-- Passkeys for staff (issue 24): WebAuthn credentials, the challenges of their ceremonies, the
-- role setting that requires them and how each session was opened.
ALTER TABLE "roles" ADD COLUMN IF NOT EXISTS "require_passkey" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- password (password + TOTP, or password alone while two-factor is being enabled) or passkey.
ALTER TABLE "staff_sessions" ADD COLUMN IF NOT EXISTS "method" text DEFAULT 'password' NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_method_check" CHECK ("method" IN ('password', 'passkey'));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "staff_passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL REFERENCES "staff"("id"),
	-- base64url, as the browser reports it; unique across all staff (a credential has one owner).
	"credential_id" text NOT NULL,
	-- COSE public key.
	"public_key" bytea NOT NULL,
	-- The authenticator's signature counter: an assertion must exceed it (unless both are 0).
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "staff_passkeys_credential_id_unique" UNIQUE ("credential_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_passkeys_staff_idx" ON "staff_passkeys" ("staff_id", "created_at");
--> statement-breakpoint
-- Challenges live here, not in a process, so that the options and the answer of one ceremony may
-- reach different API instances. Each is taken once (DELETE ... RETURNING) before it expires.
CREATE TABLE IF NOT EXISTS "webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL CHECK ("purpose" IN ('register', 'sign-in')),
	-- A registration belongs to the account and the session that asked for it.
	"staff_id" uuid REFERENCES "staff"("id") ON DELETE CASCADE,
	"session_id" uuid REFERENCES "staff_sessions"("id") ON DELETE CASCADE,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webauthn_challenges_expires_idx" ON "webauthn_challenges" ("expires_at");
--> statement-breakpoint
-- The session lookup reads the role's requirement and whether the account has a passkey: both
-- changes reach every API instance's session cache like the others of migration 0026.
DROP TRIGGER IF EXISTS roles_passkey_notify ON roles;
--> statement-breakpoint
CREATE TRIGGER roles_passkey_notify AFTER UPDATE ON roles FOR EACH ROW
  WHEN (OLD.require_passkey IS DISTINCT FROM NEW.require_passkey)
  EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS staff_passkeys_notify ON staff_passkeys;
--> statement-breakpoint
CREATE TRIGGER staff_passkeys_notify AFTER INSERT OR DELETE ON staff_passkeys FOR EACH ROW
  EXECUTE FUNCTION notify_session_change();
