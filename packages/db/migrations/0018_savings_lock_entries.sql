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
-- The holds follow the plan's lock, whoever changes it (the lock call, a script, a test): a plan
-- becoming locked holds its locked amount (a flexible plan's locked_amount, else the deposit) by
-- locked_by; a plan becoming unlocked releases exactly what it holds, by unlocked_by.
CREATE OR REPLACE FUNCTION savings_plans_hold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held numeric(38,18);
BEGIN
  IF NEW.locked AND (TG_OP = 'INSERT' OR NOT OLD.locked) THEN
    IF coalesce(NEW.locked_amount, NEW.deposit_amount) > 0 THEN
      INSERT INTO savings_lock_entries (plan_id, currency, amount, kind, staff_id)
      VALUES (NEW.id, NEW.currency, coalesce(NEW.locked_amount, NEW.deposit_amount), 'lock', NEW.locked_by);
    END IF;
  ELSIF TG_OP = 'UPDATE' AND OLD.locked AND NOT NEW.locked THEN
    SELECT coalesce(sum(amount), 0) INTO held FROM savings_lock_entries WHERE plan_id = NEW.id;
    IF held > 0 THEN
      INSERT INTO savings_lock_entries (plan_id, currency, amount, kind, staff_id) VALUES (NEW.id, NEW.currency, -held, 'unlock', NEW.unlocked_by);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER savings_plans_hold AFTER INSERT OR UPDATE OF locked ON savings_plans
  FOR EACH ROW EXECUTE FUNCTION savings_plans_hold();
--> statement-breakpoint
-- Locked plans that hold nothing get the hold their lock stands for, with the lock's author and
-- time: the plans locked before this ledger existed (below), and those a bulk load writes with the
-- triggers off (the demo generator calls it after loading). held_after is written here because
-- such a load bypasses the trigger that computes it; the plan held nothing, so it is the amount.
CREATE OR REPLACE FUNCTION savings_lock_backfill() RETURNS bigint LANGUAGE sql AS $$
  WITH added AS (
    INSERT INTO savings_lock_entries (plan_id, currency, amount, held_after, kind, staff_id, created_at)
    SELECT p.id, p.currency, coalesce(p.locked_amount, p.deposit_amount), coalesce(p.locked_amount, p.deposit_amount), 'lock', p.locked_by, coalesce(p.locked_at, now())
      FROM savings_plans p
     WHERE p.locked AND coalesce(p.locked_amount, p.deposit_amount) > 0
       AND coalesce((SELECT sum(e.amount) FROM savings_lock_entries e WHERE e.plan_id = p.id), 0) = 0
     ORDER BY p.locked_at, p.id
    RETURNING 1)
  SELECT count(*) FROM added;
$$;
--> statement-breakpoint
SELECT savings_lock_backfill();
