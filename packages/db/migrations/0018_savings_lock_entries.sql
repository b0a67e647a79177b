-- Savings plan holds. A plan's money is in the plan (deposited into the vault), not in a wallet
-- balance, so a compliance lock cannot be a wallet ledger row: it is a hold on the plan, kept in
-- its own append-only ledger. A lock writes +amount (the fixed plan's deposit, or the flexible
-- plan's locked amount), an unlock writes -(the plan's held sum). The trigger keeps the running
-- held total on each row and refuses a total below zero, so more can never be released than was held.
CREATE TABLE "savings_lock_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"held_after" numeric(38, 18),
	"kind" text NOT NULL,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_lock_entries_kind_check" CHECK ("kind" IN ('lock', 'unlock')),
	CONSTRAINT "savings_lock_entries_sign_check" CHECK (("kind" = 'lock' AND "amount" > 0) OR ("kind" = 'unlock' AND "amount" < 0))
);
--> statement-breakpoint
ALTER TABLE "savings_lock_entries" ADD CONSTRAINT "savings_lock_entries_plan_id_savings_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."savings_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "savings_lock_entries_plan_idx" ON "savings_lock_entries" USING btree ("plan_id","id");--> statement-breakpoint
-- The held total is the sum of the plan's rows (not the last row's held_after: ids come from a
-- sequence before the trigger runs, so they need not follow the order in which rows were applied).
-- Locking the plan row first makes two writers of one plan's holds run one after the other.
CREATE OR REPLACE FUNCTION savings_lock_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held numeric(38,18);
BEGIN
  PERFORM 1 FROM savings_plans WHERE id = NEW.plan_id FOR UPDATE;
  SELECT coalesce(sum(amount), 0) + NEW.amount INTO held FROM savings_lock_entries WHERE plan_id = NEW.plan_id;
  IF held < 0 THEN
    RAISE EXCEPTION 'savings plan % would hold % %: more released than held', NEW.plan_id, held, NEW.currency
      USING ERRCODE = 'check_violation';
  END IF;
  NEW.held_after := held;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER savings_lock_entries_apply BEFORE INSERT ON savings_lock_entries
  FOR EACH ROW EXECUTE FUNCTION savings_lock_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION savings_lock_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'savings_lock_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER savings_lock_entries_no_change BEFORE UPDATE OR DELETE ON savings_lock_entries
  FOR EACH ROW EXECUTE FUNCTION savings_lock_entries_refuse_change();
--> statement-breakpoint
CREATE TRIGGER savings_lock_entries_no_truncate BEFORE TRUNCATE ON savings_lock_entries
  FOR EACH STATEMENT EXECUTE FUNCTION savings_lock_entries_refuse_change();
--> statement-breakpoint
-- Plans locked before this ledger existed get the hold their lock stands for, with the lock's
-- author and time. (Plans a bulk load locks later, without triggers, get theirs when unlocked:
-- see the user-funds service.)
INSERT INTO savings_lock_entries (plan_id, currency, amount, kind, staff_id, created_at)
SELECT id, currency, coalesce(locked_amount, deposit_amount), 'lock', locked_by, coalesce(locked_at, now())
  FROM savings_plans
 WHERE locked AND coalesce(locked_amount, deposit_amount) > 0
 ORDER BY locked_at, id;
