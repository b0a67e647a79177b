-- A ledger row's id follows the order its balance moved. The default id is drawn before the trigger
-- waits for the balance's row lock, so of two credits to one wallet at once the row applied second
-- could hold the smaller id: ordered by id, the newest row then did not carry the balance. Once the
-- lock is held (until this transaction commits), a row whose id is below the newest id of its
-- wallet and currency draws a new one (an index-only lookup; only the raced row spends a second id).
CREATE OR REPLACE FUNCTION ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_balance numeric(38,18);
BEGIN
  INSERT INTO wallet_balances AS b (wallet_id, currency, balance, updated_at)
    VALUES (NEW.wallet_id, NEW.currency, NEW.amount, now())
    ON CONFLICT (wallet_id, currency)
    DO UPDATE SET balance = b.balance + EXCLUDED.balance, updated_at = now()
    RETURNING balance INTO new_balance;
  IF new_balance < 0 THEN
    RAISE EXCEPTION 'insufficient balance: wallet % % would be %', NEW.wallet_id, NEW.currency, new_balance
      USING ERRCODE = 'check_violation';
  END IF;
  NEW.balance_after := new_balance;
  IF NEW.id < (SELECT max(id) FROM ledger_entries WHERE wallet_id = NEW.wallet_id AND currency = NEW.currency) THEN
    NEW.id := nextval(pg_get_serial_sequence('ledger_entries', 'id'));
  END IF;
  RETURN NEW;
END;
$$;
